"""Columns whose names differ in one word, the side, and agree in the rest, the measure ("bf16_fwd_us |
scaled_fwd_us | scaled_fwd_speedup"): which of them is the baseline of which."""

from __future__ import annotations

import re

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import HEAD_UNIT_RE, unit_of_header
from ledger.vocab.setup import qualifiers

# (each word at a word's start: "duration" holds "ratio", "again" "gain", "exchange" "change")
DELTA_HEADER_RE = re.compile(
    r"Δ|\bvs\.?\b|(?<![a-z])(?:speed-?ups?|delta|diff|change|improvement|gain|advantage|ratio|regression|"
    r"reduction|uplift|relative)"
    # "int x", "gpu x": a measure's word, then the times sign, as a speed-up column is headed beside its two sides
    r"|(?<=[a-z] )[x×]$",
    re.IGNORECASE,
)
"""The words a change column's header names its change by."""
_STEM_SPLIT_RE = re.compile(r"[_\s]+")


def _stem_words(head: str) -> list[str]:
    return [w for w in _STEM_SPLIT_RE.split(clean(head).lower()) if w]


def stem_pairs(table: Table, values: list[int], bases: list[int]) -> dict[int, int]:
    """ "bf16_fwd_us | scaled_fwd_us": columns whose names differ in one word (the side) and agree in the rest
    (the measure) pair, the baseline's with the value's (its unit the value's too: "TTFT main (ms) | TTFT sp")."""
    heads = [table.header[i] if i < len(table.header) else "" for i in range(max(values + bases, default=0) + 1)]
    out: dict[int, int] = {}
    for v in values:
        wv, bare = _stem_words(heads[v]), unit_of_header(clean(heads[v])) is None
        found = [
            b
            for b in bases
            if len(wb := _stem_words(HEAD_UNIT_RE.sub("", heads[b]) if bare else heads[b])) == len(wv) > 1
            and sum(a != c for a, c in zip(wb, wv, strict=True)) == 1
        ]
        if len(found) == 1:
            out[v] = found[0]
    return out


def stem_baselines(table: Table, roles: list[str]) -> None:
    """ "bf16_fwd_us | scaled_fwd_us | scaled_fwd_speedup": the side a speed-up column names is the new one,
    the column that differs from it in that word alone is its baseline (for each stem of the table); not where the
    two words are two precisions ("BF16 Tokens/sec | FP8 Tokens/sec | FP8 Speedup": each cell a setup's result)."""
    heads = [clean(table.header[i]) if i < len(table.header) else "" for i in range(len(roles))]
    values = [i for i, r in enumerate(roles) if r == "value"]
    for d in (i for i, r in enumerate(roles) if r == "delta"):
        wd = [w for w in _stem_words(heads[d]) if not DELTA_HEADER_RE.fullmatch(w)]
        new = [
            v for v in values if _stem_words(heads[v])[: len(wd)] == wd and len(_stem_words(heads[v])) == len(wd) + 1
        ]
        if len(new) != 1 or not wd:
            continue
        wn = _stem_words(heads[new[0]])
        others = [
            v
            for v in values
            if v != new[0]
            and len(_stem_words(heads[v])) == len(wn)
            and sum(a != c for a, c in zip(_stem_words(heads[v]), wn, strict=True)) == 1
            and _stem_words(heads[v])[1:] == wn[1:]
        ]
        if len(others) == 1 and not (qualifiers(wn[0]).get("quant") and qualifiers(heads[others[0]]).get("quant")):
            roles[others[0]] = "baseline"


def repeated_sides(table: Table, roles: list[str]) -> None:
    """ "STP tok/s/user | MTP tok/s/user | int x | STP tok/s/GPU | MTP tok/s/GPU | gpu x": the side word a baseline
    column opens with, beside a value column of the same measure opened by another side word, is the baseline's in
    every other pair of those two words (where that pair's own cells cannot tell: its change cell cut, left blank)."""
    heads = [_stem_words(table.header[i]) if i < len(table.header) else [] for i in range(len(roles))]
    values = [i for i, r in enumerate(roles) if r == "value" and len(heads[i]) > 1]
    sides = {
        (heads[b][0], heads[v][0])
        for b, r in enumerate(roles)
        if r == "baseline" and len(heads[b]) > 1
        for v in values
        if heads[v][1:] == heads[b][1:] and heads[v][0] != heads[b][0]
    }
    if len(sides) != 1:
        return
    (base, new), by_rest = next(iter(sides)), dict[tuple[str, ...], dict[str, int]]()
    for v in values:
        by_rest.setdefault(tuple(heads[v][1:]), {})[heads[v][0]] = v
    for pair in by_rest.values():
        if base in pair and new in pair:
            roles[pair[base]] = "baseline"
