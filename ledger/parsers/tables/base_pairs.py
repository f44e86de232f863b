"""The baseline column each value column is measured against, once roles are known: the one of the same metric,
the one a ratio or "vs" header names, one baseline for every value column of its unit, or equal counts in order.

Apart from roles.py because roles say which columns are values and which baselines; this pairs them, and the rows
(row_info) look the pairs up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import HEAD_UNIT_RE, side_core, unit_of_header
from ledger.parsers.tables.precision_columns import column_group
from ledger.parsers.tables.ratio_heads import VS_HEAD_RE, first_word, ratio_columns, ratio_words
from ledger.parsers.tables.stem_columns import stem_pairs


def pair_columns(table: Table, values: list[int], bases: list[int]) -> dict[int, int]:
    """The baseline column of each value column: the one of the same metric ("old (us)" for "new (us)", not for
    "new TFLOPs"); one baseline serves every value column of its unit; equal counts pair in order. Where the
    header rows give the columns their setups ("tp=1 | tp=2" under each arm), a value pairs within its setup, and
    where a group row spans them ("llama2-7b" over "kv fp16 | kv int8", "qwen-7b" over the same), within its group:
    another model's fp16 is never a column's baseline."""
    groups = {column_group(table, b) for b in bases}
    valued = {column_group(table, v) for v in values}
    # (baselines among their group's own values; "Old" over "tok/s | TTFT" beside "New" over the same is a group
    # of baselines, each measured against by the other group's column of its measure)
    if groups and "" not in groups and groups <= valued:
        return _within(table, values, bases, lambda i: column_group(table, i))
    setups = table.column_setup or []

    def setup_of(i: int) -> tuple[tuple[str, str], ...]:
        return tuple(sorted(setups[i].items())) if i < len(setups) else ()

    if len({setup_of(b) for b in bases}) < 2:
        return _pair_columns(table, values, bases)
    return _within(table, values, bases, setup_of)


def _within(table: Table, values: list[int], bases: list[int], part: Callable[[int], Hashable]) -> dict[int, int]:
    """The pairs found inside each part of the columns (a setup, a group), none across two."""
    out: dict[int, int] = {}
    for key in {part(b) for b in bases}:
        out.update(_pair_columns(table, [v for v in values if part(v) == key], [b for b in bases if part(b) == key]))
    return out


def _pair_columns(table: Table, values: list[int], bases: list[int]) -> dict[int, int]:
    if not bases or not values:
        return {}

    def head(i: int) -> str:
        return clean(table.header[i]) if i < len(table.header) else ""

    def core(i: int) -> str:
        return HEAD_UNIT_RE.sub("", side_core(head(i))[1]).strip()

    out: dict[int, int] = {}
    for _ci, a, b in ratio_columns(table, values + bases) + ratio_columns(table, values + bases, VS_HEAD_RE):
        if a in values and b in bases:
            out[a] = b
        elif b in values and a in bases:
            out[b] = a
    if out:
        return {**_abbreviated_ratios(table, values, bases, out), **out}

    for v in values:  # (a value's bare header takes its baseline's unit: "TTFT main (ms)" beside "TTFT pr")
        same = [b for b in bases if core(b) == core(v)] or [
            b
            for b in bases
            if unit_of_header(head(v)) is None and side_core(HEAD_UNIT_RE.sub("", head(b)))[1] == core(v)
        ]
        if len(same) == 1:
            out[v] = same[0]
    if out:
        return {**_left_by_unit(values, bases, out, lambda i: _unit_key(head(i))), **out}
    stems = stem_pairs(table, values, bases)
    if stems:
        return {**_left_by_unit(values, bases, stems, lambda i: _unit_key(head(i))), **stems}
    if len(bases) == 1:
        unit = _unit_key(head(bases[0]))
        # "fp8 | int4 (old) | int4 (new)": where a column names the new side, the baseline is that side's; an arm
        # that names no side is a run of its own
        named = [v for v in values if side_core(head(v))[0] == "new"]
        # "bf16 | int4 (previous) | int4 (rework)": the earlier int4 is the rework's baseline, not the bf16 run's
        kin = [v for v in values if (stem := _stem(head(bases[0]))) and _stem(head(v)) == stem]
        return {v: bases[0] for v in (named or kin or values) if _unit_key(head(v)) == unit}
    if len(values) == len(bases):
        return dict(zip(values, bases, strict=True))
    if len(values) == 1 and (left := [b for b in bases if b < values[0]]):
        return {values[0]: left[-1]}  # "Base | Upstream | This PR": the run against the one printed next to it
    return {}


def _left_by_unit(
    values: list[int], bases: list[int], paired: dict[int, int], unit: Callable[[int], tuple[str | None, str | None]]
) -> dict[int, int]:
    """The value columns no same-named baseline took, each paired with the one baseline left of its unit, where the
    header names that unit ("Prior stack tok/s | Head tok/s | Prior ITL | Head ITL": ITL pairs by name, and the one
    unpaired tok/s baseline is the one unpaired tok/s value's)."""
    used = set(paired.values())
    out: dict[int, int] = {}
    for v in values:
        if v in paired or unit(v)[0] is None:
            continue
        left = [b for b in bases if b not in used and unit(b) == unit(v)]
        mates = [w for w in values if w not in paired and unit(w) == unit(v)]
        if len(left) == 1 and len(mates) == 1:
            out[v] = left[0]
    return out


def _abbreviated_ratios(table: Table, values: list[int], bases: list[int], paired: dict[int, int]) -> dict[int, int]:
    """The candidates one baseline column's other ratios name by a short form ("fi/mcd", "fi/mcs" beside
    "mc_dyn (us)", "mc_sta (us)", after "fi/dist" paired "dist" with "fi"): as many such ratios as unpaired
    values of the baseline's unit, each of those measured against it too."""
    if len(bases) != 1 or set(paired.values()) != {bases[0]}:
        return {}
    base = first_word(table.header[bases[0]]) if bases[0] < len(table.header) else ""
    named = {first_word(table.header[i]) for i in [*values, *bases] if i < len(table.header)}
    loose = [
        pair
        for h in table.header
        if (pair := ratio_words(clean(h))) is not None and base in pair and not set(pair) <= named
    ]
    unit = _unit_key(clean(table.header[bases[0]]))
    rest = [
        v for v in values if v not in paired and v < len(table.header) and _unit_key(clean(table.header[v])) == unit
    ]
    return {v: bases[0] for v in rest} if loose and len(loose) == len(rest) else {}


_SLASH_UNIT_RE = re.compile(r"/([A-Za-z]{1,3})$")


def _stem(head: str) -> str:
    """A header's words before its first bracket, either width ("int4（previous）" -> "int4"): the arm it names."""
    return re.split(r"[(（\[]", head.replace("<br/>", " "), maxsplit=1)[0].strip(" *_`").lower()


def _unit_key(head: str) -> tuple[str | None, str | None]:
    """A header's unit, and the "/B" or "/M" it may end in ("base/B" and "gap/M" measure different things)."""
    m = _SLASH_UNIT_RE.search(head)
    return unit_of_header(head), m.group(1) if m else None
