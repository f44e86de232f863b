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


# a measure taken per user, which only a load gives meaning ("TPS/user", "tok/s/user", "per-user throughput")
_PER_USER = r"(?:tps|tok/s|tokens?/s(?:ec)?|tokens?/second)/user|per[ -]user\b"
# "B200 8-GPU p1 TPS/user", "c16 tok/s/user": a CI gate's label, its load before a per-user measure; "p<n>" there is
# the load only at a power of two (concurrency sweeps double; "p50", "p99" are percentiles of the measure)
_METRIC_LOAD_RE = re.compile(r"(?<![\w.-])(?P<p>[cCpP])(?P<n>\d{1,5})\s(?=" + _PER_USER + ")", re.IGNORECASE)
# the setup words a gate's label opens with, before its load: a board and its count ("B200 8-GPU", "H100 x8")
_BOARD_WORDS_RE = re.compile(r"(?:[A-Za-z]{1,4}\d{2,4}[A-Za-z]{0,3}|\d{1,3}-?GPUs?|x\d{1,3}|\d{1,3}x)", re.IGNORECASE)


def metric_load(metric: str, board_read: bool) -> tuple[str, str] | None:
    """(the concurrency, the metric without its load label) for a per-user measure's label that names its load
    ("B200 8-GPU p1 TPS/user" -> ("1", "TPS/user")): the board words before the label are setup, so where the claim's
    config holds its board (`board_read`) the metric keeps only what follows; None for any other metric."""
    m = _METRIC_LOAD_RE.search(metric[:200])
    if m is None:
        return None
    n = int(m.group("n"))
    if m.group("p").lower() == "p" and n & (n - 1):
        return None
    head = metric[: m.start()].split()
    rest = metric[m.end() :].strip()
    if board_read and all(_BOARD_WORDS_RE.fullmatch(w) for w in head):
        return m.group("n"), rest
    return m.group("n"), f"{' '.join(head)} {rest}"
