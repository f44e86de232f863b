"""A table whose corner cell names the prompt ("| Prompt | hi (2) | 1K (969) |", "| Prompt (500 tokens) | 6 experts |
8 experts |"): each value column ran the prompt its header names, its length in tokens in the parentheses after the
name ("1K (969)": 969 tokens, the "1K" its name), or a corner's length for every column. Set as each column's isl,
beside what its settings rows give it ("| Output length | 10tokens | 300tokens |", header_tree)."""

from __future__ import annotations

from ledger.parsers.reader.blocks import Table
from ledger.parsers.tables.cells import clean
from ledger.vocab.setting_heads import prompt_corner, prompt_of_column


def prompt_lengths(table: Table) -> None:
    """Give each value column of `table` the prompt length its header or the corner names (its column_setup's isl,
    where nothing set one); in place. A table of another corner is left as it is."""
    heads = [clean(h) for h in table.header]
    corner = prompt_corner(heads[0]) if len(heads) > 1 else None
    if corner is None:
        return
    setup = [dict(s) for s in table.column_setup or []]
    setup += [{} for _ in range(len(heads) - len(setup))]
    for ci in range(1, len(heads)):
        if length := corner or prompt_of_column(heads[ci]):
            setup[ci].setdefault("isl", length)
    if any(setup):
        table.column_setup = setup
