"""A side's word written right before the value it names, opening the value's clause:

    Decode TPOT: previous 14.1 ms, ours 12.0 ms      the base, then the candidate, each before its value
    TTFT: main 80 ms vs PR 72 ms                     "vs" opens the second side's clause

A line whose whole label is a side's name, beside a line that names the other side the same way, is that side's
value alone ("Before this PR: 0.9 ms" over "After this PR: 0.7 ms"): each line its own revision, neither a lead-in.

Apart from grammar.sides (the sides a clause names after its value or earlier in its sentence), whose readers this
one stands beside: only a side's own word counts here, at the head of its clause (after the line's label, a comma,
"vs" or "and"), so "a new 5% gain" or "the old 4 GPUs" name no side.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.named_revisions import named_at
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.sides import side_alone, side_of

# a side's word alone ("before"/"after" before a number say when: "after 10 s the cache is warm")
_SIDE_WORD = (
    r"(?P<side>(?:(?:this|the)\s)?(?:pr|branch)|main|master|trunk|baseline|base|previous|old|original|stock|upstream|"
    r"ours|new|patched|candidate|optimi[sz]ed|parent|child)"  # ("parent 1515.84 versus child 799.73": a bisect's)
)
# what opens the side's clause: the line (a bullet at most), the label's colon, a comma, "vs", "and", "while"
# (a link's text too: "[parent 1515.84 versus child 799.73](...)")
_OPENER = r"(?:^[ \t>*•-]{0,6}|[:,;(\[][ \t]{0,3}|[ \t](?:vs\.?|versus|and|while|but)[ \t]{1,3})"
_SIDE_BEFORE_RE = re.compile(_OPENER + r"[*_`]{0,2}" + _SIDE_WORD + r"[*_`]{0,2}[ \t]{0,2}[:=]?[ \t]{0,2}[~≈]?$", re.I)
_SIDE_BEFORE_DIGIT_RE = re.compile(
    _OPENER + r"[*_`]{0,2}" + _SIDE_WORD + r"[*_`]{0,2}[ \t]{0,2}[:=]?[ \t]{0,2}[~≈]?\d", re.I
)
# a side's label with its colon where a line or a sentence or clause opens ("Before:", "; PR:"); before/after count
# here, with their colon only ("after 10 s" says when)
_LABEL_START = r"(?:^[ \t>*•-]{0,6}|[,;(][ \t]{0,3}|\.[ \t]{1,3}"
_SIDE_LABEL = r"[*_`]{0,2}" + _SIDE_WORD.replace("(?P<side>", "(?P<side>before|after|") + r"[*_`]{0,2}[ \t]{0,2}:"
# "Before: mean TTFT 0.41 s. After: mean TTFT 0.33 s.", "Main: TTFT 80 ms, PR: TTFT 72 ms": a side's label, then its
# value's measure
_SIDE_LABEL_RE = re.compile(
    _LABEL_START
    + r"|[ \t](?:vs\.?|versus|and|while|but)[ \t]{1,3})"
    + _SIDE_LABEL
    + r"[*_`]{0,2}[ \t]{1,2}(?:[A-Za-z][\w/-]{0,15}[ \t]){1,3}[~≈]?$",
    re.IGNORECASE,
)
# "The PR run scored 71.40%, and the base run scored 71.95%": a side's run, then the verb that gives its value
_RUN_SIDE = (
    r"\b(?:the|our)[ \t]" + _SIDE_WORD + r"[ \t](?:run|build)[ \t](?:scored|scores|reached|got|gets|measured|achieved|"
    r"hit|was|is)[ \t]{1,2}[*_`]{0,2}[~≈]?"
)
_RUN_SIDE_RE = re.compile(_RUN_SIDE + "$", re.IGNORECASE)
_RUN_SIDE_DIGIT_RE = re.compile(_RUN_SIDE + r"\d", re.IGNORECASE)
_REACH = 40
"""How far before the value its side's word and the clause's opener are looked for."""


def side_before_value(text: str, pos: int) -> Revision | None:
    """The side whose word opens the clause of the value at `pos` ("ours 12.0 ms" -> ours), or None."""
    m = (
        _SIDE_BEFORE_RE.search(text, max(0, pos - _REACH), pos)
        or _SIDE_LABEL_RE.search(text, max(0, pos - _REACH), pos)
        or _RUN_SIDE_RE.search(text, max(0, pos - _REACH), pos)
        if pos < len(text) and text[pos] in "0123456789~≈"
        else None
    )
    return Revision(label=" ".join(m.group("side").split()), head=None, base=None) if m is not None else None


_LABEL_OPENER_RE = re.compile(_LABEL_START + ")" + _SIDE_LABEL, re.IGNORECASE | re.MULTILINE)


_SEGMENT_REACH = 300
"""How far around a value its line's side labels are looked for (a window: one long line is not read per value)."""


def segment_side(text: str, pos: int) -> Revision | None:
    """ "Before: 45.2 ms TTFT, 12.1 tok/s decode. After: 40.1 ms TTFT, 13.3 tok/s decode.": on a line whose labels
    name both sides, each value is the side of the last label before it, however many values that label holds."""
    start = text.rfind("\n", max(0, pos - _SEGMENT_REACH), pos) + 1 or max(0, pos - _SEGMENT_REACH)
    end = text.find("\n", pos, pos + _SEGMENT_REACH)
    labels = list(_LABEL_OPENER_RE.finditer(text, start, end if end >= 0 else min(len(text), pos + _SEGMENT_REACH)))
    if len({side_of(m.group("side")) for m in labels} - {None}) < 2:
        return None
    last = next((m for m in reversed(labels) if m.end() <= pos), None)
    return Revision(label=" ".join(last.group("side").split()), head=None, base=None) if last is not None else None


# "over the narrow [`b1c2d3e4` tile build](.../commit/b1c2d3e4...) at 903.4", "the `b1c2d3e4` build at 903.4": a commit
# named right before a value, by its link or its code span and a noun or two, then "at" or a colon
_COMMIT_BEFORE_RE = re.compile(
    r"(?:\[(?P<text>[^\[\]\n]{1,60})\]\([^()\s]{0,200}/commits?/(?P<sha>[0-9a-f]{7,40})(?![0-9a-f])[^()\s]{0,40}\)|"
    r"`(?P<bare>[0-9a-f]{7,40})`(?P<noun>(?:[ \t][A-Za-z][\w-]{0,19}){0,2}))"
    r"[ \t]{0,2}(?:(?:at|with|of)[ \t]{1,2}|[:=][ \t]{0,2})?[~≈]?$"
)
_SHA_IN_TEXT_RE = re.compile(r"`?[0-9a-f]{7,40}`?")
_COMMIT_REACH = 320
"""How far before a value the link of the commit it was measured on is looked for."""


def commit_before_value(text: str, pos: int) -> Revision | None:
    """The commit named right before the value at `pos` (see _COMMIT_BEFORE_RE): that value's revision alone, the
    link's words its label; None where the words before it name no commit so."""
    if pos >= len(text) or text[pos] not in "0123456789~≈" or ("/commit" not in text and "`" not in text):
        return None
    m = _COMMIT_BEFORE_RE.search(text, max(0, pos - _COMMIT_REACH), pos)
    sha = (m.group("sha") or m.group("bare")) if m is not None else None
    if m is None or sha is None or not any(map(str.isdigit, sha)) or not any(map(str.isalpha, sha)):
        return None
    words = _SHA_IN_TEXT_RE.sub("", m.group("text") or m.group("noun") or "")
    label = " ".join(words.replace("`", "").split()) or sha[:10]
    return Revision(label=label, head=sha, base=None)


def sides_before_values(text: str) -> set[str]:
    """The sides named right before a value anywhere in the text ("main 80 ms vs PR 72 ms": main, PR), by their
    kind: a text that names both sides this way compares them."""
    found = [*_SIDE_BEFORE_DIGIT_RE.finditer(text), *_RUN_SIDE_DIGIT_RE.finditer(text)]
    return {kind for m in found if (kind := side_of(m.group("side")))}


_LABEL_REACH = 64
"""How far into a line its label's colon is looked for."""


def line_side(text: str) -> Revision | None:
    """The side a line's own label names, where the label is a side's name and nothing else and the value follows
    its colon ("After this PR: 0.7 ms", "- main: 0.9 ms"): the side of that line's value, never a lead-in over the
    lines below it (the next line names its own side)."""
    colon = text.find(":", 0, _LABEL_REACH)
    if colon < 0 or not text[colon + 1 : colon + 8].lstrip(" \t*_`~≈+-")[:1].isdigit():
        return None
    label = " ".join(text[:colon].strip(" \t>*•_`-").split())
    if not label or not side_alone(label) or _other_label(text[colon + 1 : colon + 1 + _LABEL_REACH * 4]):
        return None  # ("Before: 45.2 ms, After: 40.1 ms": both sides on one line, the line is neither's)
    # ("With this change (all other gates on):": the side's name, then how it was run)
    bare = label[: label.find("(")].rstrip(" *_`") if label.endswith(")") and label.find("(") > 0 else label
    return Revision(label=bare, head=None, base=None)


_CLAUSE_BREAK_RE = re.compile(r"[,;|]|->|→|\svs\.?\s|\s\d[\d.]*\s?[a-zA-Z/%]{0,8}\s")


def _other_label(rest: str) -> bool:
    """The rest of a line names another side by a label of its own (", After: 40.1 ms", " -> PR: 1710 tok/s")."""
    return any(side_alone(_CLAUSE_BREAK_RE.split(p)[-1]) for p in rest.split(":")[:-1] if p.strip())


def own_line_sides(
    doc: Document, block: Block, lead: RevisionScope | None = None, named: Mapping[str | int, Revision] | None = None
) -> list[RevisionScope]:
    """The lines of `block` whose own label is a side's name before their value (line_side), each the
    scope of that side alone, with the commit a bullet bound to that name above (`named`: "- Candidate: `9f3c2ab`"
    over "candidate: 1688.2 tok/s"); under a lead-in that states their commit (`lead`, the scope open over them), each
    side takes its share of it (under_lead)."""
    out: list[RevisionScope] = []
    held = lead.revision if lead is not None and lead.start <= block.start <= lead.end else None
    for no in range(block.start, min(block.end, block.start + 40) + 1):
        rev = line_side(doc.line(no))
        if rev is not None and _other_side_near(doc, no, side_of(rev.label)):
            known = named_at(named, no).get((rev.label or "").lower()) if named else None
            rev = known if known is not None and known.head else rev
            out.append(RevisionScope(start=no, end=no, revision=under_lead(rev, held)))
    return out


def under_lead(side: Revision, lead: Revision | None) -> Revision:
    """A side's line under a lead-in naming a commit: "Numbers below are from `1a2b3c4d`:" over "- candidate: ..."
    gives the candidate that head; "applied the patch to current main (`9196fa27`):" (a base, no head) gives the
    candidate that base and the baseline that head, main as it stood. A side's own commit wins."""
    if lead is None or side.head or not (lead.head or lead.base):
        return side
    which = side_of(side.label)
    if which == "head":
        return side.model_copy(update={"head": lead.head, "base": side.base or lead.base})
    if which == "base" and lead.base and not lead.head:
        return side.model_copy(update={"head": lead.base})
    return side


def _other_side_near(doc: Document, no: int, side: str | None) -> bool:
    """A line at most a blank line away names the other side the same way: the two lines are the two sides (a lone
    "Nightly: 30 passed" is a job's name, no side)."""
    for k in (no - 2, no - 1, no + 1, no + 2):
        if 1 <= k <= len(doc.lines) and (other := line_side(doc.line(k))) and side_of(other.label) not in (None, side):
            return True
    return False
