"""The value a claim's own sentence sets it against, written after it: what it replaced ("X, down from Y", "X instead
of Y"), what it is compared with ("X, compared with Y before") and what a base side gives in a clause of contrast
("X, while the previous build gives Y"). Y is X's reference: prose.pairing asks for each number after a claim, and
the "label: value" grammar leaves such a value to it (grammar.pairs), so the clause is read whole.
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number, find_numbers
from ledger.vocab.sides import side_of
from ledger.vocab.units import canonical_unit

# "X, down from Y"; "X instead of Y", "X rather than Y", "X, compared with Y": the value the claim replaced, or
# the one it is measured against, its reference
_CAME_FROM_RE = re.compile(
    r"(?:\b(?:down|up|improved|dropped|reduced|rose|fell|was)\s(?:\w+\s)?from|\binstead\sof|\brather\sthan|"
    r"\bcompared\s(?:to|with)|"
    # ("X replaces the single-run Y figure", "X, which supersedes our Y from the first push": an older run's value)
    r"\b(?:replaces|replaced|replacing|supersedes|superseded|superseding)(?:\s(?:the|our|my|an?))?(?:\s[\w-]{1,20}){0,2}"
    r")\s*(?:the\s)?~?$",
    re.IGNORECASE,
)
# "X, while the previous build gives Y", "X whereas main reached Y": a clause of contrast whose subject is a run
# (its side asked of vocab.sides) and whose verb states that run's value
_CONTRAST_RE = re.compile(
    r"[\s*_`]{0,4},?\s{1,2}(?:while|whereas)\s(?P<side>[^\d.;:,]{1,60}?)\s(?:is|was|gives|gave|reaches|reached|"
    r"gets|got|takes|took|hits|hit|does|did|sits\sat|sat\sat|runs\sat|ran\sat|achieves|achieved|delivers|delivered|"
    r"shows|showed|yields|yielded|stays\sat|stayed\sat|measures|measured)\s(?:only\s|just\s|about\s|around\s)?~?",
    re.IGNORECASE,
)
# the words right after Y that name the side it ran on: a candidate's ("compared with Y with this PR") is no base
_AFTER_WORDS_RE = re.compile(r"[^.;:,()\d]{0,30}")

CAME_FROM_REACH = 120
"""Characters between a value and the one it replaced, in one sentence."""


def came_from(text: str, claim: dict, n: Number) -> bool:
    """`n` is the value `claim` is set against, in the same sentence and the same unit: what it replaced ("X, down
    from Y", "X on my laptop instead of Y"), what it is compared with ("X, compared with Y before"; not "... with Y
    on this PR"), or what a base side gives ("X, while the old path gives Y"; "while the C++ loop takes Y" names
    no side, and either may be the new one)."""
    gap = text[claim["end"] : n.start]
    if ". " in gap or len(gap) > CAME_FROM_REACH or not _same_unit(claim, n):
        return False
    named = _CAME_FROM_RE.search(text, max(claim["end"], n.start - 30), n.start)
    if named is not None:
        after = _AFTER_WORDS_RE.match(text, n.end)
        return not named.group(0).lower().startswith("compared") or side_of(after.group(0) if after else "") != "head"
    contrast = _CONTRAST_RE.fullmatch(gap)
    return contrast is not None and side_of(contrast.group("side")) == "base"


def _same_unit(claim: dict, n: Number) -> bool:
    if n.unit is None or claim["unit"] is None:
        return True
    return canonical_unit(n.unit, "perf") == canonical_unit(claim["unit"], "perf")


_CLAUSE_WORDS = ("from", "instead", "rather", "compared", "while", "whereas", "replac", "supersed")


def baseline_follows(text: str, end: int, unit: str | None) -> bool:
    """The value ending at `end` (in `unit`) is set against the next number of its sentence by the words between
    ("SYMM: 150.5 TPS, while the old path gives 140 TPS"): a clause a "label: value" reader would cut off."""
    window = text[end : end + CAME_FROM_REACH + 20]
    if not any(w in window for w in _CLAUSE_WORDS):
        return False
    nxt = find_numbers(text, end, min(len(text), end + CAME_FROM_REACH + 20), limit=1)
    return bool(nxt) and came_from(text, {"end": end, "unit": unit}, nxt[0])
