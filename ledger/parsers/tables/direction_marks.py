"""A header's direction mark: "Total tok/s/GPU ↑", "TTFT ms ↓", "(↓) ITL": which way the column is better. The mark
tells the reader how to read the values, not what they measure: the header without it names the measure and its unit
as the same header does unmarked (a mark left at the end hides "ms" from the unit readers, which read a header's last
word, and names a series no unmarked table shares)."""

from __future__ import annotations

import re
from dataclasses import replace

from ledger.parsers.reader.document import Table
from ledger.vocab.text import DIRECTION_MARKS

# one mark (or two: "↑↓"), bare or in brackets, at either end of the header; one pass at each end, no backtracking
_MARKS = "[" + DIRECTION_MARKS + "]{1,2}"
_TRAILING_RE = re.compile(r"\s{0,3}[(\[]?" + _MARKS + r"[)\]]?\s{0,3}$")
_LEADING_RE = re.compile(r"^\s{0,3}[(\[]?" + _MARKS + r"[)\]]?\s{0,3}")


def without_direction(head: str) -> str:
    """ "TTFT ms ↓" -> "TTFT ms"; a header that is only a mark stays (it names nothing else)."""
    if not any(map(head.__contains__, DIRECTION_MARKS)):
        return head
    bare = _LEADING_RE.sub("", _TRAILING_RE.sub("", head))
    return bare if bare.strip() else head


def without_direction_marks(table: Table) -> Table:
    """The table with its headers' direction marks dropped (the table itself where none holds one)."""
    header = [without_direction(h) for h in table.header]
    return table if header == table.header else replace(table, header=header)
