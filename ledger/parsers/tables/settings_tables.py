"""The settings a "| Setting | Value |" table states for the result tables after it in its turn ("### Invariants"
over "## Summary"): what every run of the turn held fixed, past the table's own section.

Apart from results.py because it reads another table than the one being read, once per turn.
"""

from __future__ import annotations

import re

from ledger.parsers.base import Context
from ledger.parsers.grammar.setting_rows import serves_gguf, setting_row
from ledger.parsers.reader.document import Block
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.setting_keys import setting_keys, setting_parts, setup_key
from ledger.vocab.canonical import gpu_key
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_labels import is_settings_table, own_hard_key, setup_label_key

_REACH = 40
"""Blocks looked back for the turn's settings table."""
_ARROW_RE = re.compile(r"\s?(?:→|->|=>)\s?")
_LIMIT_RE = re.compile(r"^max(?:imum)?[\s_-]", re.IGNORECASE)


def turn_settings(ctx: Context, block: Block) -> dict[str, str]:
    """The settings of the nearest settings table before `block` in its turn, {} where there is none."""
    blocks = ctx.doc.blocks
    i = ctx.block_index(block)
    for b in reversed(blocks[max(0, i - _REACH) : max(0, i)]):
        if b.kind == "comment":
            return {}  # the turn's start
        if b.kind == "table" and b.table is not None and is_settings_table([clean(h) for h in b.table.header]):
            got = ctx.memo.get(f"tables.settings.{b.start}")
            if got is None:
                got = ctx.memo[f"tables.settings.{b.start}"] = settings_rows([r.cells for r in b.table.rows])
            return dict(got)
    return {}


def settings_rows(rows: list[list[str]]) -> dict[str, str]:
    """The setup a settings table's rows state, by setup key: the labels the vocabulary knows ("Model"), a row
    of two ("GPUs / TP" over "4 / 4"), a qualified one ("Engine dtype": its last word's), a row of flags or a
    "Context" (grammar.setting_rows); a value that changes ("bfloat16 → fp8") is what it ends as, and a number of
    GPUs is their count."""
    out: dict[str, str] = {}
    llama = serves_gguf(" ".join(c for cells in rows for c in cells[:2]))
    for cells in rows:
        if len(cells) < 2 or not (name := clean(cells[0])) or not (value := clean(cells[1])):
            continue
        value = _ARROW_RE.split(value)[-1]
        if (row := setting_row(name, value, llama)) is not None:
            for key, part in row.items():  # ("| Draft | --draft-max 3 |": the flags' settings, grammar.setting_rows)
                out.setdefault(key, part)
            continue
        label = setup_label_key(name)
        if label == "batch_size" and _LIMIT_RE.match(name):
            label = "max_batch_size"  # "max_batch_size | 64": the engine's limit, not the batch a run sent
        keys = (label,) if label else setting_keys(name) or tuple(k for k in [setup_key(name.split()[-1])] if k)
        if not keys and (own := own_hard_key(name)) is not None:
            keys = (own,)  # ("| backend | cpp (TRT) |": a key by its own name)
        parts = setting_parts(keys, value)
        if len(parts) != len(keys):
            continue
        for key, part in zip(keys, parts, strict=True):
            key = gpu_key(key, part)
            out.setdefault(key, qualifiers(part).get(key, part))
    return out
