"""Two series of one measure on one line, each followed by its side.

"Decode medians over 3 runs: 98.10 / 98.42 / 97.95 before, 101.30 / 100.88 / 101.02 after": the label and
the first series are a pair with its continuations (ledger/parsers/grammar/pairs.py); this module reads the
side word after that series and the second series with its own side, so that both series are claims, each
under its side as a revision label (compare pairs them base first; the text gives no head).
"""

from __future__ import annotations

import re

from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import find_numbers

_SIDE = (
    r"before|after|baseline|main|master|this pr|the pr|with (?:the|this) (?:pr|change|fix)|"
    r"without (?:it|the (?:pr|change|fix))"
)
_FIRST_SIDE_RE = re.compile(rf"\s+(?P<side>{_SIDE})\s*[,;]\s*(?:and\s+|vs\.?\s+|while\s+)?", re.IGNORECASE)
_SECOND_SIDE_RE = re.compile(rf"\s+(?P<side>{_SIDE})\b", re.IGNORECASE)
_SLASH_RE = re.compile(r"\s*/\s*")
_MAX_VALUES = 64


def side_series(text: str, end: int) -> tuple[Revision, Revision, list[tuple[float, int, int]]] | None:
    """After a series that ends at `end`: (first side, second side, the second series' (value, start, end)),
    or None when the line does not go on with a side, a series and the other side."""
    m = _FIRST_SIDE_RE.match(text, end)
    if m is None:
        return None
    values: list[tuple[float, int, int]] = []
    pos = m.end()
    while len(values) < _MAX_VALUES:
        nums = find_numbers(text, pos, min(len(text), pos + 40), limit=1)
        if not nums or nums[0].start != pos or nums[0].unit is not None:
            return None
        values.append((nums[0].value, nums[0].start, nums[0].end))
        slash = _SLASH_RE.match(text, nums[0].end)
        if slash is None or slash.end() == nums[0].end:
            break
        pos = slash.end()
    last = _SECOND_SIDE_RE.match(text, values[-1][2])
    if last is None or last.group("side").lower() == m.group("side").lower():
        return None
    return _side(m.group("side")), _side(last.group("side")), values


def _side(word: str) -> Revision:
    return Revision(label=" ".join(word.split()).lower(), head=None, base=None)


def other_side(ctx: Context, no: int, text: str, end: int, series: list[Claim], metric: str) -> list[Claim]:
    """ "…: 98.10 / 98.42 before, 101.30 / 100.88 after": the first series takes its side, and the second series
    is read under the other (side_series above)."""
    sided = side_series(text, end)
    if sided is None:
        return []
    first, second, values = sided
    for c in series:
        c.revision = first
    out = []
    for i, (value, start, stop) in enumerate(values, start=1):
        ctx.take(no, start, stop)
        out.append(
            ctx.claim(
                series[0].kind,
                no,
                text[start:stop],
                metric=metric if i == 1 else f"{metric} ({i})",
                value=value,
                unit=None,
                config=series[0].config or None,
                revision=second,
            )
        )
    return out
