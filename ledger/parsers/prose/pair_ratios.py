"""A ratio in the parenthesis right after an arrow pair is that pair's speed-up.

"12.1 -> 15.3 ms/step (1.26x)", "410 → 520 tok/s (1.27x faster)": people print the old and the new value of one
measure and then, in brackets, how many times faster the new one is. The ratio is the speed-up of the measure the
pair names ("decode latency speedup"), not a bare "speedup" (nor the pair's measure itself, in another unit), and
it was taken between the pair's two sides: its setup and its revision are theirs.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from ledger.vocab.units import RATIO_UNITS, measure_of_unit

# the gap from the pair's new value to its ratio: the rest of its unit ("ms/step"), its emphasis closing, an opening
# bracket, a "~"
_OPEN_RE = re.compile(r"(?:/[A-Za-z]{1,10})?[*_`]{0,2}[ \t]{0,2}\([ \t]?[~≈]?[ \t]?")
# what the ratio's own words after it say: "(1.27x faster)", "(0.8x slower)", "(1.3x speed-up)"
_WORD_RE = re.compile(r"[ \t]{0,2}(?P<word>faster|quicker|slower|speed-?ups?|better|worse)?[ \t]{0,2}\)", re.I)
# a name no measure of its own: the ratio unit's measure, or the change noun its own words gave it
_BARE_NAMES = frozenset({"speedup", "speed-up", "faster", "quicker", "slower", "better", "worse", "slowdown"})


def pair_ratios(out: list[dict[str, Any]], text: str) -> None:
    """Name each ratio that stands in brackets right after a pair's new value by the pair's measure."""
    for prev, c in itertools.pairwise(out):
        if c.get("unit") not in RATIO_UNITS or prev.get("reference") is None or prev.get("unit") in RATIO_UNITS:
            continue
        measure = prev.get("metric") or ""
        if not measure or measure.lower() in _BARE_NAMES:
            continue
        own = (c.get("metric") or "").lower()
        if own and own not in _BARE_NAMES and own != measure.lower() and own != measure_of_unit(c.get("unit")):
            continue  # ("(1.26x prefill speedup)": its own words name another measure)
        if _OPEN_RE.fullmatch(text, prev["end"], c["start"]) is None:
            continue
        m = _WORD_RE.match(text, c["end"], c["end"] + 16)
        if m is None:
            continue  # (the bracket goes on: "(1.26x at bs 8, 1.1x at bs 64)" is its own list)
        slower = (m.group("word") or "").lower() in ("slower", "worse")
        c["metric"] = f"{measure} {'slowdown' if slower else 'speedup'}"
        c["config"] = {**prev["config"], **c["config"]}
