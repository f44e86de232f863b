"""The arms a sentence lists with slashes ("A10 base/EAGLE/MTP", "[5090 basic/EAGLE3/DFLASH](url)"): the setup each
names, where the items differ in a setup key, and the arm that drafts nothing among drafting arms ("base") as
speculation off, so no drafting method of the line is given to it. Read by prose.slash_arms (the slash lists of
values over the arms) and by the test counts said of each arm ("passed 12 tests each")."""

from __future__ import annotations

import re

from ledger.parsers.grammar.respective_items import item_setups

# a markdown link: its text is what the sentence says ("[5090 basic/EAGLE3](https://...)"), its target no words
_LINK_RE = re.compile(r"\[(?P<text>[^\[\]\n]{1,120})\]\([^()\s]{1,300}\)")
# the arm list closing a count's subject ("Calibration: A10 base/EAGLE/MTP"), cut from the subject's name
_ARM_TAIL_RE = re.compile(r"\s?[\w.+-]{1,24}(?:\s?/\s?[\w.+-]{1,24}){1,7}\W{0,3}$")
_EACH_AFTER_RE = re.compile(r"\s{1,2}each\b", re.IGNORECASE)
_REACH = 200


def arm_setups(lead: str, k: int | None) -> list[dict[str, str]] | None:
    """The setup of each arm of the last slash list in `lead` (of k arms where k is given) whose arms differ in a
    setup key; an arm naming no drafting method beside arms that name one runs with speculation off."""
    setups = item_setups(_LINK_RE.sub(r"\g<text>", lead), k, slashed=True)
    if setups is None:
        return None
    if any(s.get("spec_algo") not in (None, "none") for s in setups):
        setups = [s if "spec_algo" in s else {**s, "spec_algo": "none"} for s in setups]
    return setups


def each_arm(text: str, start: int, end: int) -> list[tuple[str | None, dict[str, str]]] | None:
    """For a count `text[start:end]` said of each arm of the slash list before it ("base/EAGLE/MTP passed 12 tests
    each"): the subject (the words before the count, the list cut) and the setup of each arm; else None."""
    if _EACH_AFTER_RE.match(text, end) is None:
        return None
    head = _LINK_RE.sub(r"\g<text>", text[max(0, start - _REACH) : start])
    head = head[max(head.rfind(";"), head.rfind(". ")) + 1 :].strip(" :-•*`=")
    setups = arm_setups(head, None)
    tail = _ARM_TAIL_RE.search(head)
    if setups is None or tail is None:
        return None
    subject = head[: tail.start()].strip(" :-•*`=") or None
    return [(subject, s) for s in setups]
