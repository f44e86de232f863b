"""Ranges of changes: "4% (short prompts) to 10% (a 16k context) improvement for PP", "between 2% and 6% faster TG".

A change stated as a range names its measure once, after the range's top, and each end may carry its own condition
in brackets. Ends without conditions are one value with its top (`high`, the claims contract's range); ends with
conditions of their own are two values of that measure, each with its condition as its context, both approximate when
the range is ("About 6% (short context) to 13% (...)": the word governs the range). Only a change word
after the top ("improvement", "faster", "higher") makes the pair a range of changes: "moved from 2% to 6% on long
prompts" stays the from-to pair the pairing pass reads.
"""

from __future__ import annotations

import re
from typing import Any

from ledger.parsers.prose.metrics import CHANGE_METRIC_AFTER_RE
from ledger.parsers.prose.ratio_names import named_after
from ledger.vocab.setup import qualifiers

_CHANGE_UNITS = ("%", "x")
# between the two ends: the low end's condition, then "to" / "-" (or "and" after "between")
_GAP_RE = re.compile(r"\s?(?:\((?P<cond>[^()\n]{1,60})\))?\s?(?P<joint>to|and|-|–)\s?~?")
_COND_RE = re.compile(r"\s?\((?P<cond>[^()\n]{1,60})\)")
_BETWEEN_RE = re.compile(r"\bbetween\s~?$", re.IGNORECASE)
# what a range of changes is followed by: a change word, maybe after the measure it is of ("a 5% to 9% TTFT gain")
_CHANGE_WORD_AFTER_RE = re.compile(
    r"\s(?:[A-Za-z][\w/-]{1,30}\s)?(?:improvements?|speed-?ups?|gains?|uplifts?|boosts?|faster|slower|higher|lower|"
    r"more|less|better|worse)\b",
    re.IGNORECASE,
)


def _top_end(text: str, end: int) -> tuple[str | None, int]:
    """The top's own condition ("10% (a 16k context)") and where the words after the range start."""
    m = _COND_RE.match(text, end, end + 64)
    return (m.group("cond"), m.end()) if m is not None else (None, end)


def ends_a_change_range(text: str, end: int) -> bool:
    """ "from 3% to 8% higher throughput": the value ending at `end` is the top of a range of changes, not a value
    that moved from the one before."""
    return _CHANGE_WORD_AFTER_RE.match(text, _top_end(text, end)[1], end + 120) is not None


def _name(text: str, pos: int) -> str | None:
    """The measure the words after the range name: "improvement for PP", "TTFT improvement", "faster TG" -> TG."""
    after = named_after(text, pos)
    if after is not None:
        return after
    m = CHANGE_METRIC_AFTER_RE.match(text, pos, pos + 60)
    return m.group(1) if m is not None else None


def _with_condition(c: dict[str, Any], cond: str | None) -> None:
    if cond:
        c["config"] = {**qualifiers(cond), **c["config"], "context": cond.strip()}


def change_ranges(out: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """Join each range of changes in `out` (candidates in text order): one value with its top, or two values of
    one measure under their own conditions."""
    kept: list[dict[str, Any]] = []
    i = 0
    while i < len(out):
        a = out[i]
        b = out[i + 1] if i + 1 < len(out) else None
        gap = _GAP_RE.fullmatch(text, a["end"], b["start"]) if b is not None else None
        if (
            b is None
            or gap is None
            or a["unit"] not in _CHANGE_UNITS
            or b["unit"] != a["unit"]
            or a["reference"] is not None
            or b["reference"] is not None
            or (gap.group("joint") == "and" and not _BETWEEN_RE.search(text, max(0, a["start"] - 12), a["start"]))
        ):
            kept.append(a)
            i += 1
            continue
        top_cond, after = _top_end(text, b["end"])
        name = _name(text, after) if _CHANGE_WORD_AFTER_RE.match(text, after, after + 60) else None
        if name is None:
            kept.append(a)
            i += 1
            continue
        low_cond = gap.group("cond")
        if low_cond is None and top_cond is None:
            kept.append({**a, "metric": name, "high": b["value"], "end": b["end"]})
        else:
            # ("About 5% (empty cache) to 12% (...)": the word before the range makes both ends approximate)
            b["approx"] = b["approx"] or a["approx"]
            for c, cond in ((a, low_cond), (b, top_cond)):
                c["metric"] = name
                _with_condition(c, cond)
                kept.append(c)
        i += 2
    return kept
