"""Units: the spellings people type, their family and scale."""

from __future__ import annotations

import re

from ledger.vocab.unit_table import UNIT_TABLE, unit_row

# Longest first, as a flat alternation of them must be written ("tok/s/GPU" before "tok/s", "ms" before "m")
UNITS = tuple(sorted((u.spelling for u in UNIT_TABLE if u.read), key=len, reverse=True))
"""Every spelling the number grammar reads after a number."""

STAT_WORD_RE = re.compile(r"mean|median|avg|ave|average|std|p\d{1,2}(?:\.\d)?|max|min", re.IGNORECASE)
"""The statistics a measure is summarised by, never its unit: "Output Tokens/s Mean", "latency(s, min, max, ave)"
(match it whole: `fullmatch`)."""

_UNIT_ALIASES = {u.spelling: u.canonical for u in UNIT_TABLE if u.spelling != u.canonical}
_UNIT_SCALE: dict[str, tuple[str, float]] = {
    u.spelling: (u.family, u.scale) for u in UNIT_TABLE if u.spelling == u.canonical and u.scale is not None
}


def canonical_unit(unit: str | None, kind: str) -> str:
    u = (unit or "").strip().lower()
    u = _UNIT_ALIASES.get(u, u)
    if kind in ("accuracy",) and u in ("", "%"):
        return ""
    if kind == "acceptance" and u in ("", "%", "tokens", "tok"):
        return ""
    if u in _UNIT_SCALE:
        return _UNIT_SCALE[u][0]
    return u


def unit_factor(unit: str | None) -> float | None:
    u = (unit or "").strip().lower()
    u = _UNIT_ALIASES.get(u, u)
    return _UNIT_SCALE[u][1] if u in _UNIT_SCALE else None


MEASURE_UNITS = frozenset(u.spelling for u in UNIT_TABLE if u.role == "measure")
"""Units of a measured result (a time, a rate, a size, a share). Not: tokens, runs, kB/run, MFLOP/run, which
count or size the work a benchmark did."""


def is_measure_unit(unit: str | None) -> bool:
    """A unit of measure (ms, GiB, tok/s/GPU, %, us/run), compared without case; any rate per second is one
    ("token/s", "images/s", "samples/sec")."""
    if not unit:
        return False
    u = unit.lower()
    return u in MEASURE_UNITS or (u not in COUNT_UNITS and (u.endswith(("/s", "/sec")) or "/s/" in u))


COUNT_UNITS = frozenset(u.spelling for u in UNIT_TABLE if u.role == "count")
"""Units that count or size the work of a run ("2556 runs", "117.44 MFLOP/run"): never a result."""


SIZE_UNITS = frozenset(u.spelling for u in UNIT_TABLE if u.family == "bytes" and u.role == "measure")
"""Units of an amount of memory: a measured footprint, or a machine's or cache's capacity."""


def is_size_unit(unit: str | None) -> bool:
    return bool(unit) and unit.lower() in SIZE_UNITS  # type: ignore[union-attr]


def is_count_unit(unit: str | None) -> bool:
    return bool(unit) and unit.lower() in COUNT_UNITS  # type: ignore[union-attr]


# a time below a second, or a ratio of two times
_SUBSECOND = frozenset(
    u.spelling
    for u in UNIT_TABLE
    if (u.family == "time" and u.scale is not None and u.scale < 1) or u.family == "ratio"
)


def is_timing_unit(unit: str | None) -> bool:
    """A time below a second, a rate or a speed-up: "fp16 gather = 1200 us" is a measurement whatever its name
    says, while "timeout = 30 s" or "kv_cache = 40 GB" may be what the run was given."""
    if not unit:
        return False
    u = unit.strip().lower()
    return u in _SUBSECOND or (u not in COUNT_UNITS and (u.endswith(("/s", "/sec")) or "/s/" in u))


# Which way is better for a value in a unit of each family, whatever it is named: times and sizes go down, rates
# and speed-ups up
_FAMILY_HIGHER_IS_BETTER = {
    "time": False,
    "time per token": False,
    "time per run": False,
    "bytes": False,
    "rate": True,
    "bandwidth": True,
    "flop rate": True,
    "ratio": True,
}


def unit_higher_is_better(unit: str | None) -> bool | None:
    """True for a rate or a speed-up, False for a time or a size, None where the unit does not say."""
    row = unit_row(unit)
    return None if row is None else _FAMILY_HIGHER_IS_BETTER.get(row.family)


def is_performance_unit(unit: str | None) -> bool:
    """A measured time, size, rate or speed-up ("msec", "GiB", "tok/s", "x"): a value in it is a perf result
    whatever its name says; a share ("%", "points") can be a score."""
    row = unit_row(unit)
    return row is not None and row.role == "measure" and row.family in _FAMILY_HIGHER_IS_BETTER


def is_share_unit(unit: str | None) -> bool:
    """A share or a score's scale ("%", "percent", "points", "pp", "nats"): a value in it may be a quality."""
    row = unit_row(unit)
    return row is not None and row.family in ("share", "information")


def is_time_unit(unit: str | None) -> bool:
    """A duration in any spelling of the table ("s", "msec", "minutes", "hrs")."""
    row = unit_row(unit)
    return row is not None and row.family == "time"


def is_idle_timing(value: float, unit: str | None) -> bool:
    """A duration of zero, whole or per unit of work ("sample time = 0.00 ms / 1 runs", "0.00 ms per token"): in a
    tool's printed timings, a stage the run never went through, no measurement."""
    row = unit_row(unit) if value == 0 else None
    return row is not None and row.family in ("time", "time per token", "time per run")


RATIO_UNITS = frozenset(u.spelling for u in UNIT_TABLE if u.family == "ratio")
"""A ratio of two measurements: "1.3x", "2.1×"."""

UNIT_WORDS = frozenset(u.spelling for u in UNIT_TABLE if "/" not in u.spelling and " " not in u.spelling) - {"b"}
"""The units that are one word ("ms", "GiB", "TFLOPS", "tokens"); "b" is left out, as "7 B" is a size of a model."""


# what a value measures, by its unit's family, when no name says so
_MEASURE_OF_FAMILY = {
    "ratio": "speedup",
    "rate": "throughput",
    "bandwidth": "bandwidth",
    "flop rate": "throughput",
    "time": "latency",
    "time per token": "latency",
}


ATTAINED_VERB_RE = re.compile(
    r"(?:achieved|achieves|reached|reaches|hit|hits|got|gets|obtained|attained|delivered|delivers|sustained)",
    re.IGNORECASE,
)
"""A bullet's leading verb that says a run attained its value ("- Achieved 120 tps", "- Reached 95 tok/s"): no name
of what the value measures, which its unit says (measure_of_unit)."""


MEASURED_VERB_RE = re.compile(r"\b(?:bench(?:ed|marked)|measured|clocked|profiled)\b", re.IGNORECASE)
"""A verb that says its author measured the rate after it ("benched this rig at around 225-250GB/s RAM i/o"): the
rate of the memory it names, measured, no capacity of the machine (a spec sheet's "460 GB/s DDR5" has none)."""


def is_bandwidth_unit(unit: str | None) -> bool:
    """A memory's or a link's rate ("GB/s", "TB/s", "Gbps")."""
    row = unit_row(unit)
    return row is not None and row.family == "bandwidth"


_AT_POINT_RE = re.compile(r"\s(?:at|@)\s(?:the\s)?(?:best|peak|max(?:imum)?|optimum|knee)\s{0,2}$", re.IGNORECASE)


def ends_in_rate(head: str) -> bool:
    """A header of words whose last word is a rate's unit ("Output TPS", "Gen tok/s"): it names a measured rate,
    whatever setting its first word opens ("Output" alone is a length)."""
    words = _AT_POINT_RE.sub("", head).split()  # ("Output TPS at Best": the rate, taken at a sweep's chosen point)
    row = unit_row(words[-1]) if len(words) > 1 else None
    return row is not None and row.role == "measure" and row.family == "rate"


def rate_alone(text: str) -> bool:
    """The text is a rate's unit and nothing else ("Requests/s", "QPS"): a row so labelled measures that rate, as
    one labelled "Output Tokens/s" does (ends_in_rate), whatever its columns' headers name."""
    row = unit_row(text.strip(" *_`"))
    return row is not None and row.role == "measure" and row.family == "rate"


def measure_of_unit(unit: str | None) -> str | None:
    """What a value in `unit` measures when no name says so: a rate is a throughput, a time a latency, a size
    memory, a ratio a speed-up ("8B: 98.4 token/sec" under a list of models is the 8B model's throughput)."""
    row = unit_row(unit)
    if row is None:
        u = (unit or "").strip().lower()
        return "throughput" if u.endswith(("/s", "/sec")) or "/s/" in u else None  # "images/s"
    if row.family == "bytes":
        return "memory" if row.role == "measure" else None
    return _MEASURE_OF_FAMILY.get(row.family)


RATE_PART_RE = re.compile(
    r"\b(?:prefill|decode|prompt|generation|gen|input|output|total|request|e2e|end-to-end|per|user|gpu|node|system|"
    r"pp\d{0,5}|tg\d{0,5}|peak|steady)\b",
    re.IGNORECASE,
)
"""The words that say which rate a column of tokens per second holds ("Prefill (tok/s)", "Output (tok/s)", "Per GPU
(tok/s)"): a measure's name, never the name of an engine or an arm it ran on (search it)."""


def rate_part_name(name: str) -> bool:
    """Every word of the name says which rate ("Decode", "Prefill", "Output", "Per GPU"): with a rate's unit beside
    it ("Decode (tok/s)") it names that rate whole, where any other word would name an arm."""
    words = name.split()
    return 0 < len(words) <= 3 and all(RATE_PART_RE.fullmatch(w) for w in words)


_POINT_CHANGE_UNITS = frozenset(u.spelling for u in UNIT_TABLE if u.canonical == "pp")


def is_point_change(unit: str | None) -> bool:
    """The unit is percentage points ("−4.5pp", "+2 percentage points"): a change of a share, below 0 as often as
    above, never a level of it."""
    return (unit or "").strip().lower() in _POINT_CHANGE_UNITS
