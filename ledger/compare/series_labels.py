"""The label compare prints for each series: its metric, its own setup and its variant, and where two series of one
table would read alike, the qualifiers their column states.

A series' key keeps the metric as the vocabulary names it ("FTL(min)(s)", "FTL(ave)(s)" and "FTL(max)(s)" are all
`ftl`; "tput(out tok/s)" and "tput(total tok/s)" both `tput`; "req/s" and "req/min" both `request throughput`), and
its variant keeps only the words that tell claims apart within one revision. The label says what the key dropped
where another row of the table has the same metric and setup: "ftl (min)" beside "ftl {ave}", "tput (out)" beside
"tput (total)", "request throughput (req/min)" beside "request throughput (req/s)": two rows never look identical.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.compare.align import Row
from ledger.model import Claim

_WORD_RE = re.compile(r"[A-Za-z0-9]+")
_MAX_NAME = 300  # (a stated name is cut before any pattern reads it)


def _setup(key_config: Sequence[tuple[str, str]]) -> str:
    return ", ".join(f"{k}={v}" for k, v in key_config)


def _words(text: str) -> list[str]:
    return _WORD_RE.findall(text[:_MAX_NAME])


def _stated(row: Row) -> Claim | None:
    return next((c for c in row.cells if c is not None), None)


def _stated_name(c: Claim) -> str:
    """The name the text gives the value: its column's header where that header names the metric ("tput(out tok/s)"
    over the metric "tput"), else the metric as stated (a column naming a side, "After", is no name of the value)."""
    metric = c.metric or ""
    column = str((c.config or {}).get("column") or "")
    said = {w.lower() for w in _words(column)}
    if column and metric and all(w.lower() in said for w in _words(metric)):
        return column
    return metric


def _qualifier(row: Row, with_unit: bool) -> str:
    """The words of the stated name its series' metric, variant, unit and setup do not hold ("min" of
    "FTL(min)(s)", "out" of "tput(out tok/s)"), and the unit as stated where the rows alike state different ones."""
    c = _stated(row)
    if c is None:
        return ""
    known = {w.lower() for w in _words(" ".join([row.key.metric, row.variant, row.key.unit, c.unit or ""]))}
    known |= {w.lower() for kv in row.key.config for w in _words(" ".join(kv))}
    left = [w for w in dict.fromkeys(_words(_stated_name(c))) if w.lower() not in known]
    if with_unit and c.unit:
        left.append(c.unit)
    return ", ".join(left)


def series_qualifiers(rows: Sequence[Row], shared: frozenset[tuple[str, str]] = frozenset()) -> list[str]:
    """Each row's qualifiers ("min", "out", "req/min"), where another row has its metric and own setup (`shared`: the
    setup every row states, said once above them); "" where its metric, setup and variant tell it apart already."""
    bases = [_base(r, shared) for r in rows]
    groups: dict[str, list[int]] = {}
    for i, b in enumerate(bases):
        groups.setdefault(b, []).append(i)
    out = []
    for i, r in enumerate(rows):
        alike = groups[bases[i]]
        units = {(c.unit or "") for j in alike if (c := _stated(rows[j])) is not None}
        out.append(_qualifier(r, len(units) > 1) if len(alike) > 1 else "")
    return out


def _base(r: Row, shared: frozenset[tuple[str, str]]) -> str:
    own = [kv for kv in r.key.config if kv not in shared]
    return r.key.metric + (f" [{_setup(own)}]" if own else "")


def series_labels(rows: Sequence[Row], shared: frozenset[tuple[str, str]] = frozenset()) -> list[str]:
    """Each row's label ("metric [own setup] {variant}"); a row whose metric and setup another row has too is told
    apart by its stated qualifiers, placed after the metric: "ftl (min) [batch_size=64]"."""
    labels = []
    for r, q in zip(rows, series_qualifiers(rows, shared), strict=True):
        b = _base(r, shared)
        s = b if not q else b.replace(r.key.metric, f"{r.key.metric} ({q})", 1)
        labels.append(s + (f" {{{r.variant}}}" if r.variant else ""))
    return labels
