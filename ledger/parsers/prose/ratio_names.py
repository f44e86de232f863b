"""The names and bounds of speed-ups stated in prose.

"With this PR (~1.02X):" states a speed-up of the side it names: the side is its revision, not its measure.
"Isolated 1.3–2.55× at M≥1024" holds at a bound of a shape, which is its setting.
"""

from __future__ import annotations

import re
from typing import Any

from ledger.vocab.sides import BASE_SIDE_RE, HEAD_SIDE_RE

_RATIO_UNITS = ("x", "×")
_FILLER_RE = re.compile(r"\b(?:with|without|on|in|the|this|my|our|using)\b|[\W_]", re.IGNORECASE)
# "at M≥1024", "for N >= 4096", "when K<=16": a bound on a shape the ratio was measured at
_BOUND_RE = re.compile(r"\b(?:at|for|when|with)\s{1,3}(?P<key>[A-Za-z]{1,3})\s{0,2}(?P<op>≥|>=|≤|<=|>|<)\s{0,2}"
                       r"(?P<value>\d{1,9})\b")
_OPS = {"≥": ">=", "≤": "<="}


def name_ratios(out: list[dict[str, Any]], text: str) -> None:
    """Rename a ratio whose name is only a side ("With this PR") "speedup"; give a ratio the shape bound that
    follows it in its clause ("at M≥1024") as config."""
    for c in out:
        if c.get("unit") not in _RATIO_UNITS:
            continue
        metric = c.get("metric") or ""
        if metric and (HEAD_SIDE_RE.search(metric) or BASE_SIDE_RE.search(metric)):
            rest = HEAD_SIDE_RE.sub(" ", BASE_SIDE_RE.sub(" ", metric))
            if not _FILLER_RE.sub("", rest):
                c["metric"] = "speedup"
        tail = text[c["end"]:c["end"] + 60]
        bm = _BOUND_RE.match(tail.lstrip())
        if bm is not None:
            op = _OPS.get(bm.group("op"), bm.group("op"))
            c["config"] = {**c["config"], bm.group("key"): f"{op}{bm.group('value')}"}
