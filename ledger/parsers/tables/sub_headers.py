"""A header of two rows in a pipe table, the second printed as the first body row:

    | BS | Parallelism | Old        |           | New        |           |
    |----|-------------|------------|-----------|------------|-----------|
    |    |             | tok/s/user | tok/s/gpu | tok/s/user | tok/s/gpu |
    | 1  | TEP8        | 10.5       | 3.1       | 11.5       | 3.4       |

The group cell ("Old") spans the empty header cells to its right; each column is named by its group and its own cell
("Old tok/s/gpu"), so that the sides pair measure by measure and no group name is taken for a measure.

A sub-column that names a setting over whole numbers ("| Without CP | With CP | | |" over "| TFLOPS / GPU | TP |
DP | TFLOPS / GPU |", as an HTML table's `colspan` group prints it) is the setup its group ran with: it keeps the
setting's own name, so it is read as a setting column and never as a result or a side, and `Table.column_groups`
holds each column's group, so that it sets up its own group's cells and no other group's."""

from __future__ import annotations

import itertools
from dataclasses import replace

from ledger.parsers.reader.blocks import Table
from ledger.parsers.tables.cells import clean, is_filler, is_numeric_cell
from ledger.parsers.tables.setting_keys import setup_key
from ledger.vocab.setting_heads import whole_numbers
from ledger.vocab.setup import model_names, qualifiers


def with_sub_header(table: Table) -> Table:
    """The table with its second header row folded into its header, where it has one (else the table as it is)."""
    if len(table.rows) < 2 or table.style not in ("pipe", "tab"):
        return table
    head = [clean(h) for h in table.header]
    sub = [clean(c) for c in table.rows[0].cells]
    if any(map(is_filler, head)) and sub and all(c and not is_filler(c) for c in sub):
        # "| - | alpha-8b | - |" over "| task | kv bf16 | kv fp8 |": a dash printed for a spanned cell continues the
        # group to its left, as a blank would; only over a row of names (a dash in a body row is a missing value)
        head = ["" if is_filler(h) else h for h in head]
    filled = [i for i, c in enumerate(sub) if c]
    # a group row spans: an empty header cell right of a named one, under which the second row names a column
    spans = [i for i in range(1, len(head)) if not head[i] and i < len(sub) and sub[i] and head[i - 1 : i] != [""]]
    # a name printed over each column it spans ("| Metric | vLLM | vLLM |" over "| | 0.10.2 | 0.11.0 (this PR) |"):
    # a group of columns as well, the second row telling them apart
    spans += [
        i for i in range(2, min(len(head), len(sub))) if head[i] and head[i] == head[i - 1] and sub[i] != sub[i - 1]
    ]
    if (
        not spans
        or not filled
        or any(is_numeric_cell(table.rows[0].cells[i]) for i in filled)
        or (sub[0] and head[0])  # the first row names its own row: a body row
        or not any(is_numeric_cell(c) for c in table.rows[1].cells)
    ):
        return table
    groups = _segment_groups(head, sub)
    names: list[str] = []
    of_group: list[str] = []
    parts: list[tuple[str, str]] = []
    settings = False
    group = ""
    for i, h in enumerate(head):
        group = groups[i] if groups is not None else h or group
        own = sub[i] if i < len(sub) else ""
        of_group.append(group if own else "")
        parts.append((group if own else "", own or h))
        if own and group and _setting_column(table, i, own):
            names.append(own)  # "With CP" over "TP": the tensor parallel size the group's run had
            settings = True
        elif i == 0 and not own and _corner_of_groups(h, [g for g in head[1:] if g]):
            # "| Model | Llama-3.1-8B | |" over "| | v0.10.2 | v0.11.0 |": the corner names the group row's setting, the
            # groups are its values, and the first column holds row labels, no model's
            names.append("")
        else:
            names.append(" ".join(x for x in (group if own else h, own) if x) if own else h)
    # (the groups matter where a setting is one group's: elsewhere the table reads as it always did)
    return replace(
        table, header=names, rows=table.rows[1:], column_groups=of_group if settings else None, header_parts=parts
    )


def _corner_of_groups(corner: str, groups: list[str]) -> bool:
    """The corner names the setting whose values the group cells are ("Model" over "Llama-3.1-8B", "GPU" over "H100"),
    not its own column's ("BS" over the rows' batch sizes, beside groups "Old" and "New")."""
    key = setup_key(corner)
    if key is None or not groups:
        return False
    return all(bool(model_names(g)) if key == "model" else qualifiers(g).get(key) is not None for g in groups)


def _setting_column(table: Table, ci: int, own: str) -> bool:
    """A sub-column named for a setting ("TP", "Batch Size") over whole numbers: its group's setup, not measured."""
    cells = [c for r in table.rows[1:] if ci < len(r.cells) and (c := clean(r.cells[ci]))]
    return setup_key(own) is not None and whole_numbers(cells)


def _segment_groups(head: list[str], sub: list[str]) -> list[str] | None:
    """Each column's group where blank columns part the table into segments that each hold one group name, set
    over the segment's middle ("|  |  |  | FP8 |  |  |  | INT4 AWQ |  |" over "| Model | Batch | Mem Saving |
    Tokens/sec | Speedup |  | Mem Saving | ..."): the name is the whole segment's, its first column's too."""
    blank = [i for i in range(len(head)) if not head[i] and not (sub[i] if i < len(sub) else "")]
    if not blank:
        return None
    bounds = [-1, *blank, len(head)]
    out = [""] * len(head)
    named = 0
    for a, b in itertools.pairwise(bounds):
        at = [i for i in range(a + 1, b) if head[i]]
        if len(at) > 1:
            return None
        if at:  # centred: as far left of the name as the segment runs right of it (the label columns stay out)
            for i in range(max(a + 1, 2 * at[0] - (b - 1)), b):
                out[i] = head[at[0]]
            named += 1
    return out if named >= 2 else None
