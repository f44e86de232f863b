"""A header row that is a sweep: bare numbers over the value columns ("|  | 1 | 2 | 4 | 8 |") with the sides or
setups as rows. The numbers are the values of one setting; the corner cell names it ("| batch size | 1 | 2 |"), or
the words above the table in its turn that say what was swept ("for batch sizes 1 to 8", "at every batch size up
to 8", a heading "Output throughput by concurrency"). A sweep nothing names keeps its numbers as columns. Either
way a number over a column is never the measure's name: the claim is named by what the table measures (its
stated measure, else its unit's)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.reader.blocks import Block
from ledger.vocab.metrics import names_a_metric, names_a_rate
from ledger.vocab.setting_heads import gemm_dim_key
from ledger.vocab.setup_labels import setup_label_key, swept_keys
from ledger.vocab.units import RATIO_UNITS, is_measure_unit, is_time_unit, is_timing_unit, measure_of_unit

# "1", "128", "8k", "1,024": a setting's value alone in a header cell ("256 tokens": a length, its unit said)
_BARE_RE = re.compile(r"^(?:\d{1,3}(?:,\d{3})+|\d{1,7})(?:\s?[kK])?(?:\s(?:tokens?|toks?))?$")
_THOUSANDS_GAP_RE = re.compile(r"(?<=\d)\s(?=[kK]$)")
# "2K", "256 tokens": a header in thousands or in tokens counts tokens, a length (no concurrency or batch is so said)
_LENGTH_HEAD_RE = re.compile(r"\d\s?[kK]$|\stoks?$|\stokens?$")
# the turn's blocks read upwards for the words that name a sweep: as far as a settings table reaches
_REACH = 40
# the keys a header of numbers can sweep: each has numbers for values
_NUMERIC_SWEEPS = frozenset({"batch_size", "concurrency", "isl", "osl", "ubatch", "tp"})


@dataclass(frozen=True)
class Sweep:
    """The value columns' headers (the sweep's numbers), and the setting they are values of (None: not said)."""

    heads: frozenset[str]
    key: str | None
    from_corner: bool


def sweep_of(ctx: Context, block: Block, headers: list[str], roles: list[str]) -> Sweep | None:
    """The sweep `block`'s header row is, else None: a column of row names first, then two or more value columns
    whose headers are all bare numbers."""
    values = [headers[i] for i, r in enumerate(roles) if r == "value" and i < len(headers)]
    # ("| 0 | 8 K | 32 K |" over "| +2.1% | +2.5% | +1.9% |": one row of results, its measure said above the table)
    bare = bool(roles) and all(r == "value" for r in roles) and len(block.table.rows) == 1 if block.table else False
    if len(values) < 2 or not roles or (roles[0] != "label" and not bare) or not all(_BARE_RE.match(h) for h in values):
        return None
    corner = setup_label_key(headers[0]) if headers else None
    if corner in _NUMERIC_SWEEPS:
        return Sweep(frozenset(values), corner, True)
    if headers and (dim := gemm_dim_key(headers[0])) is not None:
        # "| M | 4 | 8 |" over "| µs | 44.5 | 51.0 |": a kernel's times across token counts, each row a measure
        return Sweep(frozenset(values), dim, True)
    key = _named_above(ctx, block)
    if key is None and any(_LENGTH_HEAD_RE.search(h) for h in values):
        key = "isl"  # "| 256 | 2K | 8K |" under "Decode (tok/s)": counts of tokens, the context each column ran over
    return Sweep(frozenset(values), key, False)


def _named_above(ctx: Context, block: Block) -> str | None:
    """The one setting the nearest words above `block` in its turn say were swept: its headings innermost first,
    then the lines above it; None where the nearest such words name two or none."""
    for heading in reversed(block.section):
        if keys := _numeric(swept_keys(heading)):
            return next(iter(keys)) if len(keys) == 1 else None
    i = ctx.block_index(block)
    for b in reversed(ctx.doc.blocks[max(0, i - _REACH) : max(0, i)]):
        if b.kind == "comment":
            return None  # the turn's start: another author's sweep is not this table's
        if b.kind in ("text", "item", "heading") and not b.in_code and (keys := _numeric(swept_keys(b.text))):
            return next(iter(keys)) if len(keys) == 1 else None
    return None


def _numeric(keys: set[str]) -> set[str]:
    return keys & _NUMERIC_SWEEPS


# "Output throughput (tok/s) by concurrency": the measure, then what its table sweeps
_SWEEP_TAIL_RE = re.compile(r"\s(?:by|per|vs\.?|versus|across|over)\s[^()]{1,40}$", re.IGNORECASE)


def without_sweep(heading: str) -> str:
    """A heading's words without the sweep it names after its measure ("TTFT by batch size" -> "TTFT")."""
    m = _SWEEP_TAIL_RE.search(heading)
    return heading[: m.start()] if m is not None and swept_keys(m.group(0)) else heading


def on_sweep(claims: Iterator[Claim], sweep: Sweep | None, measure: str | None) -> Iterator[Claim]:
    """Each claim of a sweep's column with the setting its header is a value of, and named by `measure` (else
    its unit's measure) rather than by the number over it; `claims` as they are where the table is no sweep."""
    return claims if sweep is None else _on_sweep(claims, sweep, measure)


def _on_sweep(claims: Iterable[Claim], sweep: Sweep, measure: str | None) -> Iterator[Claim]:
    for c in claims:
        head = str(c.config.get("column") or "")
        if head not in sweep.heads:
            yield c
            continue
        config = dict(c.config)
        name = c.metric or ""
        row = str(c.config.get("row") or "")
        # ("| µs | 44.5 |" under "| M | 4 |": a row named by its unit alone is that unit's measure; "| dep8 | 7.6 |"
        # under "| layout | 1 |": a row named by its setup or side, the number over it the sweep's, neither a measure)
        glued = bool(row) and name == f"{row} {head}"
        by_unit = glued and normalise_unit(row) == c.unit and is_measure_unit(c.unit)
        if not name or name == head or name.startswith(f"{head} ") or by_unit or (glued and not names_a_metric(row)):
            name = measure or measure_of_unit(c.unit) or "value"
        key = sweep.key or (_LOAD_SWEEP if _load_sweep(sweep.heads, c.unit, name) else None)
        if key is not None:
            # ("8 K" is 8K, "256 tokens" 256)
            config[key] = _THOUSANDS_GAP_RE.sub("", head.replace(",", "")).split(" ")[0]
        yield c.model_copy(update={"config": config, "metric": name})


# what a sweep of doubling numbers nothing names is, under a speed or a latency: the load the server was given
_LOAD_SWEEP = "concurrency"


def _load_sweep(heads: frozenset[str], unit: str | None, name: str) -> bool:
    """ "| 1 | 2 | 4 | ... | 256 |" over tok/s or ms, nothing above naming what was swept: a serving sweep's
    concurrencies, the powers of two a load sweep walks (three at least, so two numbers are never read as one)."""
    nums = [int(h) for h in heads if h.isdigit() and len(h) <= 5]
    if len(nums) < 3 or len(nums) != len(heads) or any(n & (n - 1) for n in nums) or 0 in nums:
        return False
    return is_time_unit(unit) or (is_timing_unit(unit) and unit not in RATIO_UNITS) or names_a_rate(name, 4)
