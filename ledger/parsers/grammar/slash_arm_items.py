"""The arms a sentence lists with slashes ("A10 base/EAGLE/MTP", "[5090 basic/EAGLE3/DFLASH](url)"): the setup each
names, where the items differ in a setup key, and the arm that drafts nothing among drafting arms ("base") as
speculation off, so no drafting method of the line is given to it. Read by prose.slash_arms (the slash lists of
values over the arms) and by the test counts said of each arm ("passed 12 tests each")."""

from __future__ import annotations

import re

from ledger.parsers.grammar.respective_items import item_list
from ledger.vocab.device_headings import card_number
from ledger.vocab.setup import qualifiers

# a markdown link: its text is what the sentence says ("[5090 basic/EAGLE3](https://...)"), its target no words
_LINK_RE = re.compile(r"\[(?P<text>[^\[\]\n]{1,120})\]\([^()\s]{1,300}\)")
# the arm list closing a count's subject ("Calibration: A10 base/EAGLE/MTP"), cut from the subject's name
_ARM_TAIL_RE = re.compile(r"\s?[\w.+-]{1,24}(?:\s?/\s?[\w.+-]{1,24}){1,7}\W{0,3}$")
_EACH_AFTER_RE = re.compile(r"\s{1,2}each\b", re.IGNORECASE)
# the word right before the arms ("A10 base/EAGLE/MTP", "[5090 basic/EAGLE3](url)"): the board all of them ran on
_BOARD_WORD_RE = re.compile(r"(?<![\w.+-])[\w.+-]{1,24}[ \t]{0,2}$")
_REACH = 200


def link_text(text: str) -> str:
    """`text` as the page shows it: each markdown link its text ("[H100 DSPARK](run url)" -> "H100 DSPARK")."""
    return _LINK_RE.sub(r"\g<text>", text) if "](" in text else text


def arm_setups(lead: str, k: int | None) -> list[dict[str, str]] | None:
    """The setup of each arm of the last slash list in `lead` (of k arms where k is given) whose arms differ in a
    setup key; an arm naming no drafting method beside arms that name one runs with speculation off."""
    found = item_list(link_text(lead), k, slashed=True)
    if found is None:
        return None
    setups, before = found
    if (board := _board(before)) is not None:
        setups = [{"gpu": board, **s} for s in setups]
    if any(s.get("spec_algo") not in (None, "none") for s in setups):
        setups = [s if "spec_algo" in s else {**s, "spec_algo": "none"} for s in setups]
    return setups


def each_arm(text: str, start: int, end: int) -> list[tuple[str | None, dict[str, str]]] | None:
    """For a count `text[start:end]` said of each arm of the slash list before it ("base/EAGLE/MTP passed 12 tests
    each"): the subject (the words before the count, the list cut) and the setup of each arm; else None."""
    if _EACH_AFTER_RE.match(text, end) is None:
        return None
    head = link_text(text[max(0, start - _REACH) : start])
    head = head[max(head.rfind(";"), head.rfind(". ")) + 1 :].strip(" :-•*`=")
    setups = arm_setups(head, None)
    tail = _ARM_TAIL_RE.search(head)
    if setups is None or tail is None:
        return None
    subject = head[: tail.start()]
    if _board(subject) is not None:  # (the board is the arms' setup, no word of the suite's name)
        subject = subject[: _BOARD_WORD_RE.search(subject).start()]  # type: ignore[union-attr]
    subject = subject.strip(" :-•*=")
    if subject.count("`") % 2:  # (a code span the cut left open: "at `094c9d9`:"'s quote kept, a stray one dropped)
        subject = subject.strip("`")
    return [(subject or None, s) for s in setups]


def _board(before: str) -> str | None:
    """The board the word right before a list of arms names, by its name or a GeForce's bare number; else None."""
    m = _BOARD_WORD_RE.search(before[-40:])
    if m is None:
        return None
    word = m.group(0).strip()
    return card_number(word) or qualifiers(word).get("gpu")
