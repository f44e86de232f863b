"""What a page requires or advises, never a run's setup: "Compute Capability 8.0 (sm80)" or "CUDA 12.1 and later"
name the least a machine must be, "best for short prompts, batch size 1" or "use the packed kernel only at batch
size 1" when to pick a path. A board or batch named so is no run's, and no default of the page's results."""

from __future__ import annotations

import re

from ledger.vocab.word_gate import WordGate

# a floor the machine or its software must reach: "Compute Capability 8.9 (sm89)" opening its line (not a device
# listing's "Device 0: RTX 4090, compute capability 8.9": that board ran), "Requires CUDA 12.1", "CUDA Toolkit 11.8
# and later", "needs at least 30 GB of VRAM", "Ampere or newer"
_REQUIRES_RE = re.compile(
    r"^[\s>*+-]{0,6}(?:requires?|required|requirements?|prerequisites?|needs?|(?:minimum\s)?compute[\s_-]capabilit"
    r"(?:y|ies))\b|"
    r"\b(?:requires|is\srequired|are\srequired|needs?\sat\sleast|a\sminimum\sof|(?:and|or)\s(?:later|newer))\b",
    re.IGNORECASE,
)
# when to pick a path: "best for small context", "recommended for large batches", "suited to long prompts", "we
# suggest", "use X only at batch size 1", "avoid for long prompts"
_ADVISES_RE = re.compile(
    r"\b(?:best|recommended|good|ideal|suited|suitable|preferred)\s(?:for|with|at|when)\b|\bsuit(?:ed|able)\sto\b|"
    r"\bwe\s(?:suggest|recommend|advise)\b|"
    r"\b(?:use|choose|pick|prefer)\s(?:[\w-]{1,20}\s){0,3}?only\s(?:at|for|with|on|when)\b|"
    r"\bavoid\s(?:using\s|it\s)?(?:for|at|with|on|when)\b",
    re.IGNORECASE,
)
# (every line the document default reads is asked both: most hold none of their words, and a case-blind alternation
# opening with a look-behind is tried at every character)
_REQUIRES, _ADVISES = WordGate(_REQUIRES_RE), WordGate(_ADVISES_RE)
GATES = (_REQUIRES, _ADVISES)
"""The two patterns `requires_or_advises` asks: a line holding neither's words states neither (reader.line_facts)."""


def requires_or_advises(line: str) -> bool:
    """The line states what a machine must have, or when to use a path: the settings it names are no run's."""
    head = line[:400]
    return _REQUIRES.holds(head) or _ADVISES.holds(head)


# a bound's words right before a number: "at most 2%", "no more than 30 ms", "under 5%", "within 1%"
_BOUND_BEFORE_RE = re.compile(
    r"\b(?:at\s(?:most|least)|no\s(?:more|less|higher|lower|worse)\sthan|under|below|above|within)\s[`*_]{0,2}[~≈]?$",
    re.IGNORECASE,
)
# what a run still to be made must meet: "a rerun with rank CV at most 2% is needed", "must", "has to", "requires"
# (never "should", said of what a run gave as often: "which should be fine")
_REQUIRED = WordGate(
    re.compile(
        r"\b(?:(?:is|are)\s(?:still\s)?(?:needed|required|necessary)|must|(?:has|have|needs?)\sto|requires?|"
        r"required)\b",
        re.IGNORECASE,
    )
)
_CLAUSE_END_RE = re.compile(r"[.;!?](?=\s|$)")
_REACH = 120
"""Characters of a clause read either side of the number."""


def required_bound(text: str, start: int, end: int) -> bool:
    """The number at text[start:end] is a bound ("at most 2%") in a clause that says a run must meet it ("a rerun
    with rank CV at most 2% is needed before the gain is final"): a bar a run to come is held to, no result."""
    if _BOUND_BEFORE_RE.search(text, max(0, start - 24), start) is None:
        return False
    lo = max(0, start - _REACH)
    opened = [m.end() for m in _CLAUSE_END_RE.finditer(text, lo, start)]
    lo = opened[-1] if opened else lo
    closed = _CLAUSE_END_RE.search(text, end, end + _REACH)
    return _REQUIRED.search(text, lo, closed.start() if closed else min(len(text), end + _REACH)) is not None
