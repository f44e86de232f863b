"""A cell that counts what an evaluation got right of what it asked: "12/13" needles found of those planted at a
context length, "1288/1319" questions. Under a measure that is a score (a retrieval eval a heading names, "Needle in
a haystack", or any benchmark), the cell is one accuracy claim: the share k/n, printed as the cell prints it, over n
samples (compare's binomial noise reads the count, as for "1,288/1,319 = 97.65%" in prose, prose.fraction_scores);
its base column's cell is its reference, as a share too. Under any other measure ("| Result |" over "40/40" tests) it
stays unread, as before: a count of tests is the test-count readers'.

Apart from cells.py because a bare "k/n" is no number of its own (cells.is_numeric_cell: "48/50" counts, the column
roles read it so): only the row reader, once it knows the cell's measure, reads it as a score.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.tables.cells import cell_value, is_numeric_cell

_FRACTION_RE = re.compile(r"(?P<k>\d{1,6})/(?P<n>\d{1,6})")
_PLACES = 4
"""The share's decimals: 9/13 is 0.6923 (a score printed as a share has four at most)."""

Reading = tuple[float, float | None, bool, str | None, float | None, str | None]
"""A cell's reading as cells.cell_value gives it: value, high, approx, unit, stderr, printed."""


def fraction_value(cleaned: str) -> Reading | None:
    """The share a "k/n" cell (k of n, n at least 1) states, printed as the cell prints it; else None."""
    m = _FRACTION_RE.fullmatch(cleaned)
    if m is None or not 0 <= int(m.group("k")) <= int(m.group("n")) >= 1:
        return None
    return round(int(m.group("k")) / int(m.group("n")), _PLACES), None, False, None, None, cleaned


def with_fraction(facts: tuple[str, bool, Reading | None]) -> tuple[str, bool, Reading | None]:
    """A cell's facts (cells.cell_facts: its text, whether a number, its reading), a "k/n" cell's read as its share."""
    cleaned, numeric, parsed = facts
    return cleaned, numeric, parsed or fraction_value(cleaned)


def base_reading(cell: str, cleaned: str) -> Reading | None:
    """A base cell's reading, where it is a number (or a value with its spread), or a count of a total."""
    value = cell_value(cell)
    if value is not None and (is_numeric_cell(cell) or value[4] is not None):
        return value
    return fraction_value(cleaned)


def as_fraction(claims: Iterator[Claim], reading: Reading | None) -> Iterator[Claim]:
    """The claims of one cell, where it is a "k/n" cell only the score (an accuracy), with its count as `samples`."""
    m = _FRACTION_RE.fullmatch(reading[5] or "") if reading is not None else None
    for c in claims:
        if m is None or c.printed != m.group(0):
            yield c
        elif c.kind == "accuracy":
            c.config["samples"] = m.group("n")
            yield c
