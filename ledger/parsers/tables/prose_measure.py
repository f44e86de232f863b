"""The measure a document's own sentences state its gains in ("giving **+4.3%** end-to-end serving throughput at
TP4"), for a table whose header names only the sides it compares ("| ISL | OSL | conc | PR #123 | upstream | Δ |"):
its cells are figures of the measure the PR says it improved, not of a measure called "value". One measure only:
a text that states gains in two (throughput and TTFT) leaves such a table's measure unsaid."""

from __future__ import annotations

import re

from ledger.parsers.base import Context
from ledger.parsers.prose.metrics import CHANGE_METRIC_AFTER_RE, SIGNED_METRIC_AFTER_RE
from ledger.parsers.reader.blocks import Block
from ledger.parsers.tables.headers import head_without_unit
from ledger.vocab.sides import side_of

_MEMO = "tables.prose_measure"
# a change in percent: signed ("+4.3%", "**-2.1%**") or not ("12% more throughput"), its bold closed after it
_CHANGE_RE = re.compile(r"(?<![\w.])(?P<sign>[+-])?\d{1,3}(?:\.\d{1,2})?\s?%")


def _gain_measures(ctx: Context) -> dict[str, str]:
    """The measures the document's gains are named by, lowered -> as first written."""
    found: dict[str, str] | None = ctx.memo.get(_MEMO)
    if found is not None:
        return found
    found = {}
    for b in ctx.doc.blocks:
        if b.kind not in ("text", "item") or b.in_code or "%" not in b.text:
            continue
        for m in _CHANGE_RE.finditer(b.text[:4000]):
            named = (SIGNED_METRIC_AFTER_RE.match(b.text, m.end(), m.end() + 60) if m.group("sign") else None) or (
                CHANGE_METRIC_AFTER_RE.match(b.text, m.end(), m.end() + 60)
            )
            if named is not None:
                found.setdefault(named.group(1).lower(), named.group(1))
    ctx.memo[_MEMO] = found
    return found


def side_only_columns(headers: list[str], roles: list[str]) -> bool:
    """The value columns name the sides of a comparison, nothing else ("PR #123 | upstream", a "Δ" beside them)."""
    heads = [
        head_without_unit(headers[i]) for i, r in enumerate(roles) if r in ("value", "baseline") and i < len(headers)
    ]
    return len(heads) >= 2 and all(side_of(h) is not None for h in heads)


def _rows_by_setup(roles: list[str]) -> bool:
    """Every row is named by its settings alone ("| ISL | OSL | conc |"): no label column, which may name the
    measure of its row ("| pp2048 |", "| Mean TTFT |")."""
    return "config" in roles and "label" not in roles


def prose_measure(ctx: Context, block: Block, headers: list[str], roles: list[str]) -> str | None:
    """The one measure the document's sentences state their gains in, for a table of sides only whose rows its
    settings name (else None)."""
    if not side_only_columns(headers, roles) or not _rows_by_setup(roles):
        return None
    found = _gain_measures(ctx)
    return next(iter(found.values())) if len(found) == 1 else None
