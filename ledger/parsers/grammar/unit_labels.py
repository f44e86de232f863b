"""The unit a label or a column header names: "Output tokens per second" -> tok/s, "Mean TTFT (ms)" -> ms.

Apart from numbers.py because these read names, not running text: no number is found here.
"""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.vocab.sides import side_of
from ledger.vocab.unit_table import unit_row
from ledger.vocab.units import STAT_WORD_RE, UNITS, canonical_unit

# "Output tokens per second", "Questions per second": the rate a label names in words, in the unit it is written
# with in figures (a question or a prompt is one request to the server)
_RATE_LABEL_RE = re.compile(
    r"\b(?P<what>tokens?|requests?|questions?|quer(?:y|ies)|prompts?|samples?|sequences?)"
    r"\s{1,3}per\s{1,3}(?:second|sec)\s{0,3}$",
    re.IGNORECASE,
)
_RATE_UNITS = {"tok": "tok/s", "req": "req/s", "que": "req/s", "pro": "req/s", "sam": "samples/s", "seq": "seq/s"}


def rate_unit(label: str) -> str | None:
    """The unit of a rate a label spells out: "Output tokens per second" -> "tok/s", "Questions per second" ->
    "req/s"."""
    m = _RATE_LABEL_RE.search(label[-60:])
    return _RATE_UNITS.get(m.group("what")[:3].lower()) if m else None


# ("Decode throughput (tok/s):": a header printed as a label keeps the label's colon after its unit)
UNIT_IN_HEADER_RE = re.compile(r"\(([^()]{1,24})\)[\s:]*$|\[([^\[\]]{1,24})\][\s:]*$")
# "TTFT (ms) After": the measure's unit, then which side the column holds
_UNIT_BEFORE_SIDE_RE = re.compile(r"\(([^()]{1,24})\)()\s{1,3}(?P<side>[A-Za-z][\w.+-]{0,15}(?: [A-Za-z]{1,8})?)\s*$")
# "latency/ms", "TTFT/ms", "time/s": a measure, a slash and the time unit it is in; never a rate the unit table holds
# ("tok/s", "S_PP t/s", "TFLOPs/s") nor a count of a unit per time ("audio seconds/s")
_SLASH_TIME_RE = re.compile(r"(?<![\w/])(?P<name>[A-Za-z][\w -]{0,29})/(ms|s|us|µs|ns|sec|secs|min)\s*$")


def slash_time_unit(header: str) -> re.Match[str] | None:
    """The match of "latency/ms" (the unit in group 2) in a header's end, None for a rate ("tok/s", "TFLOPs/s")."""
    m = _SLASH_TIME_RE.search(header[-40:])
    if m is None:
        return None
    last = re.split(r"[\s_-]", m.group("name"))[-1]
    rate = m.group(0).split()[-1] if m.group(0).split() else ""
    return m if last.isalpha() and unit_row(last) is None and unit_row(rate) is None else None


_UNITS_LOWER = frozenset(u.lower() for u in UNITS)


_UNIT_QUALIFIER_RE = re.compile(r"^(?:out|output|in|input|total|avg|mean|median)\s(?=\S)", re.IGNORECASE)
"""A word before a header's unit that says which of the run's counts it is ("out tok/s/GPU")."""
_RATE_UNIT_RE = re.compile(r"[A-Za-zµ]{1,12}(?:\s?/\s?[A-Za-zµ]{1,10}){1,3}")


@short_text_cache(1024)  # every row of a table asks for its column headers' units
def header_unit(header: str) -> str | None:
    """The unit a column header declares: "Mean TTFT (ms)" -> "ms", "Latency [us]" -> "us", also before the side
    the column holds ("TTFT (ms) After", "Latency (ms) baseline")."""
    m = UNIT_IN_HEADER_RE.search(header.strip())
    if not m and (before := _UNIT_BEFORE_SIDE_RE.search(header[-60:])) is not None and side_of(before.group("side")):
        m = before
    if not m:
        # a rate a header names by its initials alone ("RPS", "PRM"): the unit table's, never read after a number
        lone = unit_row(header.strip().lower()) if len(header) <= 8 else None
        if lone is not None and not lone.read and lone.family == "rate":
            return lone.canonical
        sm = slash_time_unit(header.strip())
        return sm.group(2) if sm else None
    unit = _UNIT_QUALIFIER_RE.sub("", (m.group(1) or m.group(2) or "").strip())  # "(out tok/s/GPU)": the rate
    low = unit.lower()
    if "`" in unit:
        return None  # "vanilla (`org/model`)": a quoted name, not a rate
    rate = _RATE_UNIT_RE.fullmatch(unit) is not None  # "tok/s/gpu"; "(1/4)", "(1/4 retention)" are shares
    if low in _UNITS_LOWER or rate:
        return unit
    # "Decode (tg64, tok/s)", "TTFT (ms, lower is better)": the one part of a listed parenthesis that is a unit
    parts = [p.strip() for p in unit.split(",")] if "," in unit else []
    # ("latency(s, min, max, ave)": a tool's statistics listed after the unit, "min" no minutes there)
    units = [
        p
        for p in parts
        if len(p) > 1 and not STAT_WORD_RE.fullmatch(p) and (p.lower() in _UNITS_LOWER or _RATE_UNIT_RE.fullmatch(p))
    ]
    return units[0] if len(units) == 1 else None


def rate_named_unit(label: str) -> str | None:
    """The rate a label is named by, its last word a rate's unit ("tok/s", "output tok/s", "S_TG t/s"): that unit."""
    words = label.split()
    last = words[-1] if words else ""
    row = unit_row(last) if "/" in last else None
    return row.canonical if row is not None and row.role == "measure" and "rate" in row.family else None


def label_unit(label: str, printed: str | None) -> str | None:
    """The unit a label's bracket declares, or the one printed after the value where both are one unit spelled two
    ways ("RPS (requests per second): 5.2 req/s" keeps "req/s", as printed beside the number)."""
    declared = header_unit(label)
    if declared and printed and canonical_unit(declared, "perf") == canonical_unit(printed, "perf"):
        return printed
    return declared
