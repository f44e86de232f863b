"""A before -> after pair whose text says the older side's figures were measured wrong ("The timer only saw the final
batch, so the old prompt figure was far too high"): the change fixes what the timer counts, so its after value set
against the before one shows no change of speed. Each paired result of that turn is noted (model.MISMEASURED_NOTE,
with the words that say so), so that compare says "not comparable", never "regression"."""

from __future__ import annotations

import bisect

from ledger.model import MISMEASURED_NOTE, Claim
from ledger.parsers.prose.not_measured import turns
from ledger.parsers.reader.blocks import Document
from ledger.vocab.mismeasured import MISMEASURED_BASE_RE

_RESULTS = frozenset({"perf", "accuracy", "acceptance"})
MAX_LINE = 2000
"""Characters of a prose line read for the words."""


def mismeasured_bases(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each paired result in a turn whose prose says the older side was measured wrong noted so."""
    if not any(c.kind in _RESULTS and c.reference is not None for c in claims):
        return claims
    said = _said_by_turn(doc)
    if not said:
        return claims
    starts = sorted(turns(doc))
    out: list[Claim] = []
    for c in claims:
        turn = starts[max(bisect.bisect_right(starts, c.source.line) - 1, 0)]
        why = said.get(turn)
        if why is not None and c.kind in _RESULTS and c.reference is not None and c.source.line > 0:
            note = f"{MISMEASURED_NOTE}: {why}"
            c = c.model_copy(update={"note": f"{note}; {c.note}" if c.note else note})
        out.append(c)
    return out


def _said_by_turn(doc: Document) -> dict[int, str]:
    """Each turn's first line -> the words of its first prose line saying the older side was measured wrong."""
    starts = sorted(turns(doc))
    out: dict[int, str] = {}
    for b in doc.blocks:
        if b.kind not in ("text", "item") or b.in_code:
            continue
        for no in range(b.start, b.end + 1):
            text = doc.line(no)
            if text.lstrip().startswith(">"):
                continue  # (a quote repeats another message)
            m = MISMEASURED_BASE_RE.search(text[:MAX_LINE])
            if m is not None:
                out.setdefault(starts[max(bisect.bisect_right(starts, no) - 1, 0)], m.group(0).strip())
    return out
