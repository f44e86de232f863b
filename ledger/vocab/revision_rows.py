"""Row labels of a results table that name a revision of the change or an outside reference run, not a setup:

    | vLLM TP4 / MoE TP4 reference | ... |       <- another engine's run the rows are measured against: the reference
    | Prior PR head + boundary fix, TP4 | ... |  <- the change's earlier head: a revision, "Prior PR head"
    | Updated code, same TP4 | ... |             <- the change as updated: a revision, "Updated code"

A revision's name is the label's opening words up to its first separator ("," "+" "(" ";"), the rest its setup
(read with the label as before)."""

from __future__ import annotations

import re

_EARLIER = r"prior|previous|earlier|old|older|first|initial|original"
_LATER = r"updated|current|new|newer|latest|final|second|revised"
_REVISION_NOUN = r"(?:PR\s|branch\s)?(?:head|commit|revision|version|push|code|build|round|iteration|patch)"
_REVISION_ROW_RE = re.compile(
    rf"^\s{{0,2}}[*_`]{{0,2}}(?P<name>(?:{_EARLIER}|{_LATER})\s{_REVISION_NOUN}|this\supdate|the\supdate)"
    r"(?![\w-])[*_`]{0,2}\s{0,2}(?:$|[,+(;:/-])",
    re.IGNORECASE,
)
# "vLLM attention TP4 / MoE TP4 reference", "Engine X TP8 reference": a run named, then the word "reference" closing
# the label (a label opening with it, "reference build", is a base side's name: vocab.input_labels)
_REFERENCE_ROW_RE = re.compile(r"\S\s{1,3}(?:reference|ref\.?)(?:\s{0,2}\([^()]{0,40}\))?\s{0,2}[*_`]{0,2}$", re.I)


def revision_row(label: str) -> str | None:
    """The revision a row's label names ("Prior PR head" of "Prior PR head + 64K fix, TP4 / EP4"), else None."""
    m = _REVISION_ROW_RE.match(label[:200])
    return " ".join(m.group("name").split()) if m is not None else None


def earlier_revision(name: str) -> bool:
    """The revision's name says it is the change's earlier state ("Prior PR head", "previous commit")."""
    return re.match(rf"(?:{_EARLIER})\s", name, re.IGNORECASE) is not None


def reference_row(label: str) -> bool:
    """The label names a run and closes on "reference" ("Engine X TP8 reference"): the run the rows are set against."""
    return len(label) <= 200 and _REFERENCE_ROW_RE.search(label) is not None
