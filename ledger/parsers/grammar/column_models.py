"""A model label that names one checkpoint per compared column ("model: <hub link> <hub link>" over a "| task | bf16 |
int4 |" table): each column's model is the checkpoint its label's precision names (the int4 column the INT4
checkpoint), and a claim no column ties to one checkpoint has no model; the names are never joined into one."""

from __future__ import annotations

import re

from ledger.vocab.canonical import canonical_dtype
from ledger.vocab.setup import qualifiers

# a hub link or an org/name id standing alone between blanks: a checkpoint named in full
_CHECKPOINT_RE = re.compile(r"(?<!\S)(?:https?://\S{1,300}|[\w.-]{1,100}/[\w.-]{1,100})(?!\S)")


def column_model(config: dict[str, str]) -> None:
    """Where `config`'s model names two checkpoints or more, set it to the one its column's precision names, or
    drop it (no column, or a column no one checkpoint's precision matches)."""
    found = _CHECKPOINT_RE.findall(config["model"][:2000])
    if len(found) < 2:
        return
    quant = qualifiers(config.get("column", "")[:200]).get("quant")
    mine = [c for c in found if quant and _precision(c) == canonical_dtype(quant)]
    if len(mine) == 1:
        # (a hub link by its org/name id, as the model is named elsewhere)
        config["model"] = "/".join(mine[0].rstrip("/").split("/")[-2:]) if "://" in mine[0] else mine[0]
    else:
        del config["model"]


def _precision(checkpoint: str) -> str | None:
    q = qualifiers(checkpoint).get("quant")
    return canonical_dtype(q) if q else None
