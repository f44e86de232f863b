"""A column headed "vs X" ("v.s. kv fp16", "vs. BF16", "relative to fp16", "speedup vs bf16") over rows of which
some name X in a cell ("| llama2-chat-7b | fp16 | ... | 1.0 |" then "| - | int8 | ... | 1.27 |"): the rows naming X
are baselines, each the base of the rows under it up to the next one (a quantized cache against the full-precision
run of the same model), and the column is each row's speed-up over its base row, a ratio that the base row's own
cell shows as 1.

Apart from precision_rows' "Δ vs BF16" (a change column beside one base row) because here the column is the
ratio itself and a table may hold one base row per model."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.reader.document import Row, Table
from ledger.parsers.tables.cells import cell_value, clean, is_numeric_cell
from ledger.vocab.canonical import canonical_dtype

_VS_HEAD_RE = re.compile(
    r"^(?:(?:speed-?up|ratio|[x×])\s{1,2})?(?:v\.?s\.?|versus|relative to|compared (?:to|with)|against|over)\s{1,3}"
    r"(?P<name>[\w.+#-]{2,24}(?:\s[\w.+#-]{1,24}){0,2})$",
    re.IGNORECASE,
)


VS_COLUMN = "speedup (x)"
"""The name a "vs X" column's cells take: speed-ups, each over its row's base row."""


def vs_named_rows(table: Table) -> tuple[int, dict[int, Row], str] | None:
    """The "vs X" column, for each row measured against a base row that row (by the row's id), and X as printed;
    None where the table has no such column, the first measured row names no X, or a base row's own ratio is not 1."""
    found = [(i, m) for i, h in enumerate(table.header) if (m := _VS_HEAD_RE.match(clean(h)))]
    if len(found) != 1:
        return None
    ci, m = found[0]
    measured = [row for row in table.rows if any(map(is_numeric_cell, row.cells))]
    words = m.group("name").lower().split()
    # ("kv fp16" over a "fp16" cell, "bf16 cache" over "bf16": the longest run of the words a cell is)
    spans = sorted(
        (" ".join(words[a:b]) for a in range(len(words)) for b in range(a + 1, len(words) + 1)), key=len, reverse=True
    )
    bases: list[Row] = []
    for name in spans:
        if bases := [row for row in measured if any(_names(c, name) for j, c in enumerate(row.cells) if j != ci)]:
            break
    if not bases or measured[0] is not bases[0] or len(bases) == len(measured):
        return None
    if not all(ci < len(b.cells) and _self_ratio(b.cells[ci]) for b in bases):
        return None
    base_ids = {id(b) for b in bases}
    out: dict[int, Row] = {}
    base = bases[0]
    for row in measured:
        if id(row) in base_ids:
            base = row
        else:
            out[id(row)] = base
    return ci, out, m.group("name")


def against_base(claims: Iterator[Claim], name: str) -> Iterator[Claim]:
    """The speed-ups of a "vs X" column stated against X ("1.27" under "v.s. kv fp16": over the kv fp16 run), as
    a sentence's "1.3x faster than FP16" is: the base row's own 1 is no claim, so the cell says what it is over."""
    for c in claims:
        if name and c.config.get("column") == VS_COLUMN and "against" not in c.config:
            c = c.model_copy(update={"config": {**c.config, "against": name}})
        yield c


def _names(cell: str, name: str) -> bool:
    """The cell is that name: the same words, or the same precision as vocab.canonical spells it ("FP16", "fp16")."""
    text = clean(cell).strip("`").lower()
    return text == name or (bool(text) and canonical_dtype(text) == canonical_dtype(name) != "")


def _self_ratio(cell: str) -> bool:
    """A base row's cell under its own "vs" column: 1 ("1.0", "1.00x")."""
    value = cell_value(clean(cell))
    return value is not None and value[0] == 1.0 and value[3] in (None, "x")
