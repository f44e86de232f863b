"""The command a folded block right under a table holds: the setup of that table's rows.

    | Build                 | Avg Decode (tok/s) |
    | fork main@b7d03e5f1   | 70.4               |       <- model, quant, draft_len, kv_cache: the command's
    Tested on one RTX 4090                                  (a short note may stand between)
    <details><summary>Details</summary>
    ./llama-server -m /m/Foo-8B-Q4_K_M.gguf -ctk f16 -ctv f16 -mtp --draft-max 3

A thread shows its numbers first and folds how it ran them under them; the fold's command is how every row of the
table above was run (the builds differ, the flags do not), so it holds over the table's lines, as a lead-in would.
A fold that runs several commands gives only the settings they all share.

Apart from grammar.setup because it reads a table and the fold after it together, and setup is the reader of
single blocks."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.parsers.grammar.commands import command_setup, continued
from ledger.parsers.grammar.line_setup import unrestricted
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import is_command_line
from ledger.vocab.flags import one_value

_OPEN_RE = re.compile(r"\s{0,3}<details\b", re.IGNORECASE)
_NOTE_MAX = 200
"""A note between a table and its fold ("Testing locally on one RTX 4090") is one short line; a paragraph is prose
of its own, and the fold after it is no longer the table's."""
_MAX_COMMANDS = 8


def folded_command_scopes(doc: Document, env: Mapping[str, str]) -> list[SetupScope]:
    """The setup each table's fold states (see the module), over the table's lines."""
    out: list[SetupScope] = []
    blocks = doc.blocks
    for k, b in enumerate(blocks):
        if b.kind != "table" or b.in_code:
            continue
        fold = _fold_after(blocks, k)
        if fold is not None and (values := _fold_setup(doc, blocks, fold, env)):
            out.append(SetupScope(b.start, b.end, values))
    return out


def _fold_after(blocks: list[Block], k: int) -> int | None:
    """The index of the `<details>` block right after table k, with at most one short note line between."""
    for j in range(k + 1, min(k + 3, len(blocks))):
        x = blocks[j]
        if x.kind == "text" and not x.in_code and _OPEN_RE.match(x.text):
            return j
        if x.kind != "text" or x.in_code or x.start != x.end or len(x.text) > _NOTE_MAX:
            return None
    return None


def _fold_setup(doc: Document, blocks: list[Block], j: int, env: Mapping[str, str]) -> dict[str, str]:
    """The settings the fold's commands all state one value of, read to its `</details>`, the next table or turn."""
    found: list[dict[str, str]] = []
    for x in blocks[j + 1 :]:
        if x.kind in ("comment", "table") or "</details>" in x.text.lower() or len(found) > _MAX_COMMANDS:
            break
        if x.kind == "code":
            found.extend(block_commands(doc, x, env))
    if not found:
        return {}
    keys = dict.fromkeys(k for f in found for k in f)  # (in the order the commands name them: the same every run)
    values = {k: one_value(k, {f[k] for f in found if k in f}) for k in keys}
    return {k: v for k, v in values.items() if v is not None and all(k in f for f in found)}


def block_commands(doc: Document, code: Block, env: Mapping[str, str]) -> list[dict[str, str]]:
    """The setup of each command in a fenced block, its continued lines joined (a fold's, a row's: row_commands)."""
    out: list[dict[str, str]] = []
    no, last = code.start + 1, code.end
    while no <= last and len(out) <= _MAX_COMMANDS:
        text = unrestricted(doc.line(no)).strip()
        if len(text) > 4000 or not is_command_line(text):
            no += 1
            continue
        joined, end = continued(doc, no, last, text)
        if values := command_setup(joined, env):
            out.append(values)
        no = end + 1
    return out
