"""The commands a results page shows after its table, one block under each row's label: the setup of that row.

    | Configuration         | Output tok/s |
    | attn=fa3,in=2048      | 1510.2       |      <- tp 4, request_rate 8, num_prompts 300: its own block's
    | attn=flashinfer,in=2048 | 1622.9     |

    ### Commands
    #### attn=fa3,in=2048                           a heading repeating the row's label, then how that row ran:
    ```                                             the server's launch and the client's run, both (one run)
    python -m sglang.launch_server --attention-backend fa3 --tp 4 ...
    python -m sglang.bench_serving --request-rate 8 --num-prompts 300 ...
    ```

A generated page prints the table first and each row's command below it under a heading that repeats the row's
label; the rows' labels carry only what varies, the commands what all of them share too (tp, rate, prompts). Only
the headings in the table's own section count: the next section repeats the same labels for its own table.

Apart from folded_commands (one fold over every row) because here each row has a command of its own."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.parsers.grammar.folded_commands import block_commands, folded_command_scopes
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.blocks import Block, Document

_MARKS_RE = re.compile(r"[`*_\s]+")
_MAX_BLOCKS = 400
"""How far below a table its rows' command headings are looked for (a page of six rows takes some 40 blocks)."""


def table_command_scopes(doc: Document, env: Mapping[str, str]) -> list[SetupScope]:
    """The setup the commands below a table state for its rows: a fold's over every row (folded_commands), then each
    row's own block (see the module) over that row's line, the narrower."""
    out = folded_command_scopes(doc, env)
    blocks = doc.blocks
    level = 0  # the level of the heading the table stands under (0: none)
    for k, b in enumerate(blocks):
        if b.kind == "heading" and not b.in_code:
            level = b.level
        if b.kind != "table" or b.in_code or b.table is None or len(b.table.rows) < 2:
            continue
        rows: dict[str, int] = {}
        for r in b.table.rows:
            label = _label(r.cells[0]) if r.cells else ""
            rows[label] = -1 if label in rows else r.line  # (a label two rows share names neither)
        for head, values in _headed_commands(doc, blocks, k, level, env):
            if (line := rows.get(head, -1)) > 0:
                out.append(SetupScope(line, line, values))
    return out


def _label(text: str) -> str:
    """A row's or heading's label as the two are matched: without markup, spaces or case."""
    return _MARKS_RE.sub("", text[:300]).lower()


def _headed_commands(
    doc: Document, blocks: list[Block], k: int, level: int, env: Mapping[str, str]
) -> list[tuple[str, dict[str, str]]]:
    """Each heading below table k in its section (to the next table or a heading of the table's own level or
    higher), with the settings of the commands in the blocks under it."""
    out: list[tuple[str, dict[str, str]]] = []
    head: str | None = None
    for x in blocks[k + 1 : k + 1 + _MAX_BLOCKS]:
        if x.in_code:
            continue
        if x.kind == "table" or (x.kind == "heading" and x.level <= level) or x.kind == "comment":
            break
        if x.kind == "heading":
            head = _label(x.text)
            out.append((head, {}))
        elif x.kind == "code" and head is not None:
            for values in block_commands(doc, x, env):
                out[-1][1].update({key: v for key, v in values.items() if key not in out[-1][1]})
    return [(h, v) for h, v in out if v]
