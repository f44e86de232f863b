"""A table cell that lists a run's settings: "`mtp_nextn=2`, `overlap_scheduler=True`", "`adp-mtp2`"."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.vocab.setup import qualifiers

_PART_SPLIT_RE = re.compile(r"\s?[,;]\s?")
_ASSIGN_RE = re.compile(r"^(?P<key>[A-Za-z][\w.-]{0,40}) ?= ?(?P<value>[\w./+-]{1,40})$")
_TOKEN_RE = re.compile(r"^[A-Za-z][\w.+-]{1,40}$")


@short_text_cache(1024)  # asked of every cell of a table's words columns
def settings_cell(cell: str) -> dict[str, str] | None:
    """The settings a cell made only of settings states, by setup key where a part is a setup word
    ("`mtp_nextn=2`" -> spec_algo mtp, draft_len 2; "`overlap_scheduler=True`" kept under its own name); None for
    a cell of anything else ("No parameterized selector", "12.5", "fixed bs=8")."""
    text = cell.replace("`", "").strip()
    if not text or len(text) > 300:
        return None
    out: dict[str, str] = {}
    for part in _PART_SPLIT_RE.split(text):
        m = _ASSIGN_RE.match(part)
        if m is None and not _TOKEN_RE.match(part):
            return None  # (most cells, numbers and sentences, end here, before the setup words are looked up)
        words = qualifiers(part)
        if m is None and not words:
            return None
        if m is not None and not words:
            out.setdefault(m.group("key"), m.group("value"))
        for k, v in words.items():
            out.setdefault(k, v)
    return out or None
