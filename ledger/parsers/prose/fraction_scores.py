"""A score told with the counts it was computed from: "1,288/1,319 = 97.65%", "611 / 700 correct (87.3%)",
"142/164 = 0.866". The counts are the score's reading, no scores of their own: one claim, the score, whose `samples`
is the count it was taken over (as an accuracy's bracketed count is, lists.paren_counts).

Apart from prose.sentences because it runs over the candidates once they are all read, as the lists passes do."""

from __future__ import annotations

import re
from typing import Any

# correct of asked, then what joins them to the score ("=", "->", a bracket, a comma, a colon); bounded, anchored
# at the score's start by the caller, so each score tries it once
_FRACTION_BEFORE_RE = re.compile(
    r"(?P<k>\d{1,3}(?:,\d{3}){1,2}|\d{1,7})[ \t]{0,2}/[ \t]{0,2}(?P<n>\d{1,3}(?:,\d{3}){1,2}|\d{1,7})"
    r"(?:[ \t]{1,2}(?:correct|right|solved|passed|answered))?[ \t]{0,2}(?:=|->|→|\(|,|:|\bor\b)[ \t]{0,2}$",
    re.IGNORECASE,
)


def fraction_scores(out: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """The candidates without the counts a score right after them was computed from, the score keeping the total as
    its `samples`."""
    drop: set[int] = set()
    at = {d["start"]: i for i, d in enumerate(out)}  # (by where each starts: a line of many values stays linear)
    for c in out:
        if c["kind"] != "accuracy":
            continue
        m = _FRACTION_BEFORE_RE.search(text, max(0, c["start"] - 40), c["start"])
        if m is None:
            continue
        k, n = (int(m.group(g).replace(",", "")) for g in ("k", "n"))
        if not 0 < k <= n or not _same_share(k / n, c["value"], c.get("unit")):
            continue  # ("3/4 of runs, 0.91": a share of something else, the score's own)
        drop.update(at[p] for p in (m.start("k"), m.start("n")) if p in at and out[at[p]] is not c)
        c["config"] = {**c["config"], "samples": str(n)}
    return [d for i, d in enumerate(out) if i not in drop]


def _same_share(share: float, value: float, unit: str | None) -> bool:
    """The score states the fraction's share (as a percentage or a share of one), to its printed rounding."""
    stated = value / 100 if unit == "%" or value > 1 else value
    return abs(stated - share) <= 0.006
