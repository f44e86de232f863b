"""Sides named by a header's last word in lower case: "| gen tok/s pre | gen tok/s post |" (MLX's tables) are the
runs before and after the change of one measure, as "| Pre gen tok/s | Post gen tok/s |" are. The side words are read
as a header's first word, capitalised (vocab.sides.PRE_SIDE: a lower-case "pre" or "post" elsewhere is a compound's
part, "post norm", or prose); so a trailing pair is turned round before the columns are read, only where both sides
of one measure stand in the header (a lone "... post" names no side).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TypeVar

from ledger.parsers.tables.headless import Table

# a measure's words, then the side's word last (bounded: a header is a few words)
_SUFFIX_RE = re.compile(r"^(?P<stem>\S.{0,80}?)[ \t]{1,3}(?P<side>pre|post)[ \t]*$")

T = TypeVar("T", bound=Table)


def with_side_suffixes(table: T) -> T:
    """The table with each "<measure> pre" / "<measure> post" header pair read as "Pre <measure>" / "Post
    <measure>" (the table itself where no such pair stands)."""
    found = {i: m for i, h in enumerate(table.header) if (m := _SUFFIX_RE.match(h.strip())) is not None}
    sides: dict[str, set[str]] = {}
    for m in found.values():
        sides.setdefault(m.group("stem").lower(), set()).add(m.group("side"))
    paired = {i: m for i, m in found.items() if sides[m.group("stem").lower()] == {"pre", "post"}}
    if not paired:
        return table
    header = list(table.header)
    for i, m in paired.items():
        header[i] = f"{m.group('side').capitalize()} {m.group('stem')}"
    return replace(table, header=header)  # type: ignore[type-var]
