"""Two things a drafting table's cells and heads carry: the share after a cell's value ("3.93 t/s @ 93%": a speed,
and the share of drafted tokens accepted while it was reached) and the draft length a column's head names by its
letter ("this PR d=2", "k=3"), which is that column's, whatever length a command's flag states for the page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.tables.cells import cell_value
from ledger.vocab.metrics import column_kind, is_acceptance_name
from ledger.vocab.setup_labels import draft_arm

_DRAFTING_KEYS = ("spec_algo", "draft_len", "mtp")


def at_share(
    ctx: Context,
    cell: tuple[int, int, str, str],
    pm: re.Match[str],
    base_share: str | None,
    measure: tuple[str, str, bool],
    config: dict[str, str],
    at: dict[str, Any],
) -> Iterator[Claim]:
    """The share after a cell's "@" (`cell`: its line, offset, text and head; `measure`: the column's metric, the
    section and whether the table names an acceptance), paired with the baseline cell's own share. Under drafting a
    speed's share is the draft's acceptance rate; else the share the column's measure was taken at."""
    line, off, text, head = cell
    metric, section, spec = measure
    value, ref = cell_value(pm.group(1)), cell_value(base_share) if base_share else None
    ctx.take(line, off + pm.start(), off + len(text))
    claim = ctx.claim(
        column_kind(metric, section, "%"),
        line,
        pm.group(0).strip(),
        metric=f"{metric} (share)",
        value=value[0] if value else None,
        unit="%",
        reference=ref[0] if ref else None,
        config=config,
        **at,
    )
    # (the setup around the table, which the claim now carries, says whether a draft was running)
    drafting = any(claim.config.get(k) not in (None, "none", "0") for k in _DRAFTING_KEYS)
    if spec or is_acceptance_name(head) or drafting:
        claim = claim.model_copy(update={"kind": "acceptance", "metric": "acceptance rate"})
    yield claim


def column_draft(ctx: Context, spec: bool, head: str, line: int) -> dict[str, str]:
    """{"draft_len": N} where the column's head names its draft length and a draft runs for the table (`spec`: its
    columns name an acceptance; else the setup around it names a method): llama-bench's "d4096" is a depth."""
    drafted = draft_arm(head)
    if drafted is None:
        return {}
    setup = ctx.setup
    if not spec and setup is not None:
        spec = any(s.get("spec_algo") not in (None, "none") for s in (setup.at(line), setup.default_at(line)))
    return {"draft_len": drafted} if spec else {}
