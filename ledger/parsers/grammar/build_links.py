"""The build a value's own link names in a prose chain of builds:

    History: release build **0.815** -> hotfix image (Jan-11) **0.806** -> today's nightly **0.770**.
    Double-check: **Jan-11 (`v1.4.2`) = 0.809**

Each value of the chain is measured on the build the words before it (back to the arrow before, or the line's
label) name; "Jan-11 (`v1.4.2`) = 0.809" names its build and that build's tag. A chain counts only where every
link names a build (ledger.vocab.build_links), so a walk over settings ("TP 2 -> TP 4 -> TP 8") names none. The
chain's references stay as the pairing gave them: only the build is read here.
"""

from __future__ import annotations

import re
from typing import Any

from ledger.model import Revision
from ledger.vocab.build_links import BUILD_WORD_RE, STAGE_BARE, STAGE_FOLLOWER, STAGE_REVISION
from ledger.vocab.text import ARROW, ARROW_MARKS

_ARROW_RE = re.compile(ARROW)
_REACH = 400
"""How far around a value its line is read."""
# a link's words: after the arrow (or the line's label colon), before its value; bold and code marks dropped
_LINK_WORDS_RE = re.compile(r"(?P<words>[A-Za-z#][^\n*:;=]{0,60}?)[ \t]{0,2}[*_]{0,2}[~≈]?$")
# "Jan-11 (`v1.4.2`) = 0.809": a build's name, its tag or commit in brackets, then "=" or ":" and the value
_TAGGED_RE = re.compile(
    r"(?:^|[\s*_(])(?P<name>[A-Za-z0-9][\w.-]{0,24})[ \t]{1,2}\(`?(?P<tag>v\d{1,3}(?:\.\d{1,4}){1,3}(?:[.-]?\w{1,8})?|"
    r"[0-9a-f]{7,40})`?\)[ \t]{0,2}[:=][ \t]{0,2}[*_]{0,2}[~≈]?$"
)
_SHA_RE = re.compile(r"[0-9a-f]{7,40}")


def build_link(text: str, pos: int) -> Revision | None:
    """The build the words right before the value at `pos` name, in a chain of builds or as "name (`tag`) = v";
    None elsewhere."""
    if pos >= len(text) or text[pos] not in "0123456789~≈":
        return None
    return _tagged(text, pos) or _chain_link(text, pos)


def _tagged(text: str, pos: int) -> Revision | None:
    m = _TAGGED_RE.search(text, max(0, pos - 80), pos)
    if m is None or not BUILD_WORD_RE.search(m.group("name") + " " + m.group("tag")):
        return None
    tag = m.group("tag")
    if _SHA_RE.fullmatch(tag) and any(map(str.isdigit, tag)) and any(map(str.isalpha, tag)):
        return Revision(label=m.group("name"), head=tag, base=None)
    return Revision(label=f"{m.group('name')} {tag}", head=None, base=None)


def _chain_link(text: str, pos: int) -> Revision | None:
    start = text.rfind("\n", max(0, pos - _REACH), pos) + 1 or max(0, pos - _REACH)
    end = text.find("\n", pos, pos + _REACH)
    links = _links(text, start, end if end >= 0 else min(len(text), pos + _REACH))
    mine = next((label for a, b, label in links if a <= pos < b), None) if links else None
    return Revision(label=mine, head=None, base=None) if mine else None


def names_builds(text: str) -> bool:
    """Whether `text` opens a chain of builds and their values, or names a build by its tag before its value
    ("Jan-11 (`v1.4.2`) = 0.809"): its values are the builds', whatever measure they are of."""
    first = _ARROW_RE.search(text, 0, _REACH)
    if first is not None and _links(text, 0, min(len(text), _REACH)):
        return True
    return any(_tagged(text, m.end()) for m in _AFTER_TAG_RE.finditer(text, 0, _REACH))


_AFTER_TAG_RE = re.compile(r"`?\)[ \t]{0,2}[:=][ \t]{0,2}[*_]{0,2}(?=[~≈]?\d)")


def _links(text: str, start: int, end: int) -> list[tuple[int, int, str]] | None:
    """The links of the chain on the line `start`..`end`, each (start, end, its build), where every link names a build
    and holds a value; None where the line holds no such chain."""
    arrows = list(_ARROW_RE.finditer(text, start, end))
    if not arrows:
        return None
    # the links: from the line's label colon (or its start) to the first arrow, then between arrows
    colon = text.rfind(":", start, arrows[0].start())
    cuts = [colon + 1 if colon >= 0 else start, *(a.end() for a in arrows)]
    ends = [a.start() for a in arrows] + [end]
    labels = [_link_label(text, a, b) for a, b in zip(cuts, ends, strict=True)]
    if any(label is None for label in labels):
        return None  # (a link without a build's words and its value: no chain of builds)
    return [(a, b, str(label)) for a, b, label in zip(cuts, ends, labels, strict=True)]


def _value_start(text: str, a: int, b: int) -> int | None:
    """Where the value of the link `a`..`b` starts: its last number standing alone (after a blank or a mark)."""
    starts = [i for i in range(a, b) if text[i].isdigit() and (i == a or text[i - 1] in _VALUE_OPENERS)]
    return starts[-1] if starts else None


def in_build_words(text: str, pos: int) -> bool:
    """Whether the number at `pos` stands among a chain link's words, before its value: "carol 07-03 (PR29986-hotpatch
    image) **0.892**" dates the build, it is no value."""
    if pos >= len(text) or not _ARROW_RE.search(text, max(0, pos - _REACH), min(len(text), pos + _REACH)):
        return False
    start = text.rfind("\n", max(0, pos - _REACH), pos) + 1 or max(0, pos - _REACH)
    end = text.find("\n", pos, pos + _REACH)
    links = _links(text, start, end if end >= 0 else min(len(text), pos + _REACH)) or []
    for a, b, _ in links:
        if a <= pos < b:
            value = _value_start(text, a, b)
            return value is not None and pos < value
    return False


def chain_values(out: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """The values `out` read in `text` without the numbers a chain of builds names its builds by (in_build_words)."""
    if len(out) < 2 or not any(a in text for a in ARROW_MARKS):
        return out
    return [c for c in out if not in_build_words(text, c["start"])]


def _link_label(text: str, a: int, b: int) -> str | None:
    """The build a link's words name, where the link is "words **value**" (its last number its value, "Jan-11" inside
    the words no value); None where they name no build."""
    value = _value_start(text, a, b)
    if value is None:
        return None
    m = _LINK_WORDS_RE.search(text, a, _back(text, a, value))
    if m is None:
        return None
    words = " ".join(m.group("words").replace("`", "").split()).strip(" *_")
    return words if words and BUILD_WORD_RE.search(words) else None


_VALUE_OPENERS = frozenset(" \t*_~≈")


def _back(text: str, a: int, i: int) -> int:
    """The start of the value's marks before the digit at `i` (bold, "~")."""
    while i > a and text[i - 1] in "*_~≈ \t":
        i -= 1
    return i


# "On the first head GSM8K was 0.912", "the final stack gave 0.948", "an earlier head showed +5.8%", "a separate
# final-stack A/B measured +4.52%", "Final-stack numbers:", "The pre-accuracy `+22.25%` result": a revision named by
# its place among the pushes, with or without its article, inside the value's clause (after its start, before the value)
_STAGE_RE = re.compile(
    r"(?<![\w-])(?P<label>" + STAGE_REVISION + r"|" + STAGE_BARE + r"(?=" + STAGE_FOLLOWER + r"))(?![\w-])",
    re.IGNORECASE,
)
_CLAUSE_OPENERS = (". ", "; ", ", ", " and ", " but ", " while ")
_STAGE_REACH = 80
"""How far before a value its clause's stage phrase is looked for."""
# "because that head failed ...", "where this build gave ...": the subject points back at a revision its sentence named
_ANAPHOR_RE = re.compile(r"(?<![\w-])(?:that|this|the\ssame)\s(?:head|stack|build|commit|push|revision|run)\s{1,2}$")
_SENTENCE_REACH = 240
"""How far back a subject pointing back ("that head") looks for the stage its sentence named."""


def stage_side(text: str, pos: int) -> Revision | None:
    """The revision a stage phrase in the value's own clause names ("the final stack gave 0.948": "final stack"), or,
    where the subject just before `pos` points back ("because that head failed"), the one its sentence named; None
    otherwise."""
    low = max(0, pos - _STAGE_REACH)
    start = max(text.rfind(o, low, pos) for o in _CLAUSE_OPENERS)
    found = _stages(text, max(start, low), pos)
    if not found and _ANAPHOR_RE.search(text, max(0, pos - 24), pos):
        low = max(0, pos - _SENTENCE_REACH)
        found = _stages(text, max(text.rfind(". ", low, pos) + 1, low), pos)
    if len(found) != 1:
        return None
    return Revision(label=" ".join(found[0].group("label").lower().split()), head=None, base=None)


def _stages(text: str, start: int, pos: int) -> list[re.Match[str]]:
    """The stage phrases between `start` and `pos`; a bare one's value may stand at `pos` itself (read past it)."""
    return [m for m in _STAGE_RE.finditer(text, start, pos + 12) if m.end() <= pos]
