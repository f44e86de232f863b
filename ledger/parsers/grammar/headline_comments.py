"""A comment line that heads a console's output with its figures told short ("# about 1420 tok/s at 32 users, TPOT
21ms" over the benchmark's `Output token throughput (tok/s): 1422.60` and `Median TPOT (ms): 21.37`): the console's
lines are the results, the comment their summary, so its values are no claims of their own.

A comment's value restates one the console prints after it when the two agree to the comment's own rounding (21
for 21.37) or within 1% (131.55 for 131.35); a comment with any value the console does not print is kept whole (it
may tell another run: "# warm cache: 1604 tok/s").
"""

from __future__ import annotations

import bisect

from ledger.model import Claim
from ledger.parsers.reader.document import Document

_CLOSE = 0.01
"""How far apart (relative) two values may be and one still be the other told short."""


def _step(text: str, value: float) -> float:
    """One unit of the last digit the text writes `value` with ("21" -> 1, "131.55" -> 0.01)."""
    for raw in (f"{value:g}", f"{value:.2f}".rstrip("0").rstrip(".")):
        if raw in text:
            return 10.0 ** -(len(raw) - raw.index(".") - 1) if "." in raw else 1.0
    return 0.0


def _restates(text: str, said: float, printed: list[float]) -> bool:
    """Whether `said` (written in `text`) is one of the `printed` values told short."""
    step = _step(text, said)
    return any(abs(said - p) <= max(step, _CLOSE * abs(p)) for p in printed)


def without_headline_comments(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, a console's headline comment's left out where the console prints each of its values."""
    codes = [b for b in doc.blocks if b.kind == "code"]
    if not codes:
        return claims
    starts = [b.start for b in codes]
    by_block: dict[int, list[Claim]] = {}
    for c in claims:
        k = bisect.bisect_right(starts, c.source.line) - 1
        if k >= 0 and codes[k].end >= c.source.line and isinstance(c.value, float):
            by_block.setdefault(k, []).append(c)
    dropped: set[int] = set()
    for inside in by_block.values():
        comment_lines = {
            c.source.line for c in inside if doc.lines[c.source.line - 1].lstrip().startswith(("# ", "// "))
        }
        for line in comment_lines:
            said = [c for c in inside if c.source.line == line]
            printed = [  # (the console under the comment: the lines after it)
                c.value
                for c in inside
                if c.source.line > line and c.source.line not in comment_lines and isinstance(c.value, float)
            ]
            text = doc.lines[line - 1]
            if printed and all(_restates(text, c.value, printed) for c in said if isinstance(c.value, float)):
                dropped.update(id(c) for c in said)
    return [c for c in claims if id(c) not in dropped] if dropped else claims
