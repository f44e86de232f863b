"""A table of arms side by side whose baseline column only the prose above it names:

    Compares the new filters against the production radix index (the current default).
    | Metric | Radix | Bloom | Split Bloom |        <- "Radix" is what the others are measured against: the
    | Peak ops | 10.5M ops/s | 21.0M | 20.8M |         baseline column, its cells the other columns' references

    evaluating Cuckoo-filter routing against the production `ConcurrentRadixTreeCompressed` (CRTC).
    | Metric | CRTC | Native CKF | Transposed CKF |   <- named by its short name in brackets

The sentence sets something against the column's name ("against", "compared with", "relative to", "versus"), in its
section, before the table; exactly one value column of three or more, or of two, must be so named, and no column is a
baseline already (a header's own mark, "Heron (reference)", wins: tables.reference_columns). Unnamed, the table's
arms stayed a value each with no reference, and the production arm's values claims of their own.

Apart from roles.py because it reads the prose around the table, not the headers' words."""

from __future__ import annotations

import re

from ledger.parsers.reader.document import Block, Document, Table
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import head_without_unit

_REACH = 8
"""Prose blocks read back from the table, within its section."""
# "against the production radix index", "compared with the stock `X` (CRTC)": what follows is what the rest is measured
# against, up to the sentence's end
_AGAINST_RE = re.compile(
    r"\b(?:against|versus|vs\.?|compared\s(?:to|with)|relative\sto)\s(?P<what>[^.;:!?\n]{1,120})", re.IGNORECASE
)
_NAME_MAX = 40
"""A column name longer than this is a description, no arm's name a sentence repeats."""


def prose_base_column(doc: Document, at: int, table: Table, roles: list[str]) -> None:
    """Make the one value column the prose before the table (`doc.blocks[at]`) measures the others against the
    table's baseline column (see the module); leave `roles` as they are otherwise."""
    if at < 0 or "baseline" in roles:
        return
    heads = [clean(h) for h in table.header]
    values = [i for i, r in enumerate(roles) if r == "value" and i < len(heads) and 0 < len(heads[i]) <= _NAME_MAX]
    if len(values) < 2:
        return
    named: set[int] = set()
    for text in _prose_before(doc.blocks, at):
        for m in _AGAINST_RE.finditer(text[:2000]):
            what = m.group("what")
            named |= {i for i in values if _names(what, head_without_unit(heads[i]))}
    if len(named) == 1:
        roles[named.pop()] = "baseline"


def _names(text: str, name: str) -> bool:
    """The text names the column by its whole name, as words ("radix" in "the production radix index")."""
    name = " ".join(name.strip(" *_`").split())
    if not name or not name[0].isalnum():
        return False
    return re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text, re.IGNORECASE) is not None


def _prose_before(blocks: list[Block], at: int) -> list[str]:
    """The texts of the prose blocks right before the table, up to a heading, a table or a paste of its section."""
    out: list[str] = []
    i = at - 1
    while i >= 0 and at - i <= _REACH and blocks[i].kind in ("text", "item") and not blocks[i].in_code:
        if blocks[i].section != blocks[at].section:
            break
        out.append(blocks[i].text)
        i -= 1
    return out
