"""The sides one header's legend states for a whole table of arrow cells: "| Scenario | Output throughput (v0.25.1
→ PR) | Mean TTFT | Mean TPOT |" over "993.65 → 994.31 tok/s (+0.07%) | 5279.36 → 5279.96 ms (+0.01%) | ...". The
author writes the sides once, in the first column's header; every cell of the table prints the same two sides in
the same order, so every arrow cell is measured on the legend's right side (its left one the reference), not only
the cells under the header that happens to carry the legend.

The right side is the revision: the one the text defines by that name ("PR: `2b7fa45`"), else the name itself ("PR",
"branch"; a short sha its head too), with a left side written as a sha its base. A left side named otherwise (a
release, "v0.25.1") is no commit, which the contract's base is; it stays in the column as printed."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.model import Revision
from ledger.parsers.grammar.revision_labels import is_sha
from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cell_parens import PAREN_RE
from ledger.parsers.tables.cells import arrow_cell, clean
from ledger.parsers.tables.headers import arrow_sides
from ledger.vocab.sides import side_of


def legend_revisions(
    table: Table, heads: Mapping[int, str], named: Mapping[str | int, Revision]
) -> dict[int, Revision]:
    """Value column -> the revision of the legend's right side, for each column of `heads` whose every cell is an
    arrow cell, where the headers name one pair of sides, its right side the candidate's; {} otherwise."""
    pairs = {(a.lower(), b.lower()): (a, b) for h in heads.values() if (s := arrow_sides(clean(h))) for a, b in [s]}
    if len(pairs) != 1:
        return {}
    base, new = next(iter(pairs.values()))
    if not _sha(new) and (side_of(new) != "head" or side_of(base) == "head"):
        return {}  # ("bf16 → fp8": two setups, no sides; "before → after" and "main → PR" are)
    rev = named.get(new.lower())
    if rev is None or not (rev.head or rev.base):
        rev = Revision(label=new, head=new.lower() if _sha(new) else None, base=base.lower() if _sha(base) else None)
    return {ci: rev for ci in heads if _arrow_column(table, ci)}


def _sha(word: str) -> bool:
    return 7 <= len(word) <= 40 and all(ch in "0123456789abcdef" for ch in word.lower()) and is_sha(word)


def _arrow_column(table: Table, ci: int) -> bool:
    """Every filled cell of the column prints both sides of its measure, a parenthesis after them aside."""
    cells = [clean(r.cells[ci]) for r in table.rows if ci < len(r.cells) and clean(r.cells[ci])]
    return bool(cells) and all(arrow_cell(_before_paren(c)) is not None for c in cells)


def _before_paren(cell: str) -> str:
    pm = PAREN_RE.search(cell)
    return cell[: pm.start()] if pm is not None and not cell[pm.end() :].strip() else cell
