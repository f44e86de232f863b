"""Results changed by a diff: in a ```diff paste, a removed line and the added line that replaces it print one
measure before and after.

    -        ttft_ms: 900, tpot_ms: 30.5 },      <- the old numbers: no claims of their own
    +        ttft_ms: 800, tpot_ms: 28.25 },     <- ttft_ms 800 with reference 900, tpot_ms 28.25 with 30.5

A run of removed lines followed by as many added lines pairs them in order; within a pair, a claim of the added line
takes as its reference the removed line's claim of the same metric, in order (a value paired with its baseline is one
claim). Lines of any other shape are left as they are.

Apart from the readers because it reads their claims after them: which line replaced which is the paste's, not any
one value's.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.model import Claim
from ledger.parsers.reader.document import Document


def diff_pairs(doc: Document, claims: Sequence[Claim]) -> list[Claim]:
    """The claims with each added line's values paired with the removed line's they replace (see the module)."""
    pairs = _replaced_lines(doc)
    if not pairs:
        return list(claims)
    by_line: dict[int, list[Claim]] = {}
    for c in claims:
        by_line.setdefault(c.source.line, []).append(c)
    dropped: set[int] = set()
    for old_no, new_no in pairs:
        olds, news = by_line.get(old_no, []), by_line.get(new_no, [])
        for new in news:
            old = next(
                (o for o in olds if id(o) not in dropped and o.metric == new.metric and o.kind == new.kind), None
            )
            if old is None or new.reference is not None or not isinstance(old.value, float):
                continue
            new.reference = old.value
            dropped.add(id(old))
    return [c for c in claims if id(c) not in dropped]


def _replaced_lines(doc: Document) -> list[tuple[int, int]]:
    """(removed line, added line) of each replacement in the document's diff pastes."""
    out: list[tuple[int, int]] = []
    for b in doc.blocks:
        if b.kind != "code" or b.info.split()[:1] != ["diff"]:
            continue
        removed: list[int] = []
        added: list[int] = []
        for no in range(b.start + 1, b.end):
            mark = doc.line(no)[:1]
            if mark == "-" and not added:
                removed.append(no)
                continue
            if mark == "+" and removed:
                added.append(no)
                continue
            out.extend(zip(removed, added, strict=False) if len(removed) == len(added) else [])
            removed, added = ([no] if mark == "-" else []), []
        if len(removed) == len(added):
            out.extend(zip(removed, added, strict=False))
    return out
