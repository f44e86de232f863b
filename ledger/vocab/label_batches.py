"""A batch size a label writes as one token of its own: "b1", "bs4", "B=8" in a list item's lead ("L1 Heron-0.6B b1
greedy: 212 tok/s") or after the model in a model's cell ("Wren-7B b1": the model Wren-7B at batch 1).

Read in labels only, never in a sentence: "with b=2 it took 4.2 ms" names nothing, and a kernel grid's "(64K/b4)"
is a cell's coordinates, which vocab.grid_cells reads. A glued "b" is lower case and under four digits, so a board
("B200") and a llama.cpp build ("b4567") are no batch."""

from __future__ import annotations

import re

# one token standing alone between blanks (a comma or the label's end after it)
_TOKEN = r"(?:b(?P<glued>\d{1,3})|[Bb][Ss]?[ ]?=[ ]?(?P<eq>\d{1,4})|[Bb][Ss](?P<bs>\d{1,4}))"
_LABEL_BATCH_RE = re.compile(r"(?<!\S)" + _TOKEN + r"(?=[\s,;]|$)")
_BATCH_TAIL_RE = re.compile(r"(?<=\w)\s" + _TOKEN + r"$")


def label_batch(label: str | None) -> dict[str, str]:
    """{"batch_size": n} where the label holds one batch token ("L1 Heron-0.6B b1 greedy"), else {} (none, or two
    that disagree: "b1 vs b8" names no one batch)."""
    if not label or "b" not in label.lower():
        return {}
    found = {int(next(g for g in m.groups() if g)) for m in _LABEL_BATCH_RE.finditer(label[:200])}
    return {"batch_size": str(found.pop())} if len(found) == 1 else {}


def batch_tail(cell: str) -> tuple[str, dict[str, str]]:
    """A model's cell split at a batch token after the name: ("Wren-7B", {"batch_size": "1"}) for "Wren-7B b1"; the
    cell and {} where it ends in none."""
    m = _BATCH_TAIL_RE.search(cell) if "b" in cell[-12:].lower() else None
    if m is None:
        return cell, {}
    return cell[: m.start()], {"batch_size": str(int(next(g for g in m.groups() if g)))}
