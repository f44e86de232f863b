"""A table cell naming its run's load by a capital C and the count ("Qwen2-7B-Instruct, C1 latency", "C64 offline
throughput"): the concurrency, where the part of the cell it opens goes on to name the kind of run. A bare "C4" in a
cell is C4 the dataset as often as a load, so the kind of run must follow it."""

from __future__ import annotations

import re

_LOAD_PART_RE = re.compile(
    r"(?:^|[,;/|(]\s?)C(\d{1,5})\s(?:offline\s|online\s)?"
    r"(?:latency|throughput|serving|decode|prefill|load|requests|users|streams)\b"
)


def cell_load(cell: str) -> dict[str, str]:
    """{"concurrency": n} for a cell one of whose parts opens with "C<n>" and a kind of run; else {}."""
    if "C" not in cell:
        return {}
    m = _LOAD_PART_RE.search(cell[:200])
    return {"concurrency": m.group(1)} if m is not None else {}
