"""The short headers benchmark tools and their users print over a column of settings: "Con." (concurrency),
"Threads", "B" (batch), and llama-batched-bench's "PP" / "TG" (prompt tokens processed, tokens generated), which
are the run's lengths only beside each other: "PP" alone, beside "TP", is the pipeline-parallel size."""

from __future__ import annotations

import re
from collections.abc import Sequence

_ABBREVIATED = {
    "con": "concurrency",
    "con.": "concurrency",
    "conc": "concurrency",
    "conc.": "concurrency",
    "threads": "threads",
    "n_threads": "threads",
    "nthreads": "threads",
    "b": "batch_size",
}
"""Headers of one word that name a setting, by its setup key."""
_BATCHED_BENCH = {"pp": "isl", "tg": "osl", "b": "batch_size"}
"""llama-batched-bench's setting columns (its -npp, -ntg and -npl), by setup key."""
_INTEGER_RE = re.compile(r"^\d{1,7}$")


def abbreviated_setting(head: str) -> str | None:
    """The setup key a one-word setting header names ("Con." -> concurrency, "B" -> batch_size), else None."""
    return _ABBREVIATED.get(head.strip(" *`_:").lower())


def whole_numbers(cells: Sequence[str]) -> bool:
    """The cells are all whole numbers, as a setting's are: "B" over "1", "4", "16" is a batch size, "B" over
    "12.5" (the second arm of "A | B") is measured."""
    return bool(cells) and all(_INTEGER_RE.match(c) for c in cells)


def batched_bench_keys(heads: Sequence[str]) -> dict[int, str]:
    """The setup key of each of llama-batched-bench's setting columns, by column, when the table prints its PP
    and TG side by side; {} for any other table."""
    low = [h.strip(" *`_:").lower() for h in heads]
    if "pp" not in low or "tg" not in low:
        return {}
    return {i: _BATCHED_BENCH[h] for i, h in enumerate(low) if h in _BATCHED_BENCH}
