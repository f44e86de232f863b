"""A side's header with a word of its own and a colon before it: "| Original: This PR `4e1d9a7` | Author: main
`c02b5f3` |". A tool or a writer tags each column (who ran it, which copy of the table it came from) and then names
the side and its commit. The tag is no side: "Original" before "This PR" would read the column as the baseline's
(roles reads a header that opens with a base word as the base) and the two side words as neither side. The column is
the side after the colon, on the commit it names, so the tag goes before the columns are read.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TypeVar

from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import side_with_sha
from ledger.parsers.tables.headless import Table

# one tag word (or two) and its colon, then the side's name: bounded, one pass
_TAG_RE = re.compile(
    r"^[*_]{0,2}[A-Za-z][\w-]{0,20}(?: [A-Za-z][\w-]{0,20})?[*_]{0,2}:[*_]{0,2}[ \t]{1,3}(?P<rest>\S.*)$"
)

T = TypeVar("T", bound=Table)


def without_side_tags(table: T) -> T:
    """The table with each header that is a tag, a colon and a side with its commit read as the side alone (the
    table itself where no header is)."""
    header = list(table.header)
    changed = False
    for i, head in enumerate(header):
        m = _TAG_RE.match(head.strip()) if ":" in head else None
        if m is None or side_with_sha(clean(m.group("rest"))) is None:
            continue
        header[i], changed = m.group("rest"), True
    return replace(table, header=header) if changed else table  # type: ignore[type-var]
