"""The reader's model: a document read into line-numbered blocks (headings, tables, code, items, text).

The data classes every extractor reads, kept apart from the readers that build them (document.py and
the scanners under it) so that each of those can import them without importing the others. Import them
from `ledger.parsers.reader.document`, which hands them on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ledger.model import ParseWarning

BlockKind = Literal["heading", "table", "code", "item", "text", "comment"]

MAX_LINE = 20_000
"""Longer lines are cut for scanning (the text stays whole in the document)."""


@dataclass(slots=True)
class Row:
    """One table row: its 1-based line, its cells (stripped, markup kept) and its raw text."""

    line: int
    cells: list[str]
    text: str
    offsets: list[int] | None = None
    """Where each cell starts in `text`, where the reader knows it (None: the cells in order find them)."""
    lines: list[int] | None = None
    """Each cell's own line where they stand on several (an HTML row printed one `<td>` a line): a cell's claim
    points at its line, and its offset is in that line's text; None: every cell is on `line`."""


@dataclass(slots=True)
class Table:
    """A table with a header row; rows keep their lines."""

    header: list[str]
    header_line: int
    rows: list[Row]
    style: Literal["pipe", "tab", "ascii", "space", "box"]
    truncated: bool = False
    """The last row has fewer cells than the header (a cut-off paste)."""
    cut_cell: bool = False
    """The last row's partial last cell was already dropped (tables.dialects): no reader drops another."""
    headless: bool = False
    """No header row was printed (the rows of a paste that starts inside a table): `header` holds names
    taken from a table of the same shape elsewhere in the document, or "column N"."""
    header_cut: bool = False
    """The rows begin at a delimiter row ("|---|---|", a diff hunk quoting from the middle of a table): a header
    was printed and cut off; without a table of the same shape to name its columns the rows are not read."""
    column_setup: list[dict[str, str]] | None = None
    """The setup each column states in a settings row under the header ("TP Size | 4 | 8"), by canonical key
    (see ledger/parsers/tables/header_tree.py); None when no row states one."""
    banner_sides: tuple[str, str] | None = None
    """The two sides a console's banner names over its two value columns, in their order ("PERFORMANCE OVERVIEW
    ( main / ep+tp branch)"): names of builds, not of columns (see ledger/parsers/tables/header_tree.py)."""
    column_groups: list[str] | None = None
    """Each column's group in a two-row header whose sub-columns state a group's setting ("With CP" over "TP"), ""
    for a column of no group (see ledger/parsers/tables/sub_headers.py); None in any other table."""
    header_parts: list[tuple[str, str]] | None = None
    """Each column's group and its own name where a two-row header was folded into `header` ("llama2-7b" spanning
    "kv fp16 | kv int8": ("llama2-7b", "kv fp16"), ...; ("", "dataset") for a column of no group); None where the
    header is one row. Which column of a group is its siblings' baseline is read from these (precision_columns)."""


@dataclass(slots=True)
class Block:
    """A region of the document."""

    kind: BlockKind
    start: int
    """First 1-based line."""
    end: int
    """Last 1-based line."""
    section: tuple[str, ...]
    """Heading path above the block."""
    text: str = ""
    """Heading title, list item text (bullet removed) or the line's text."""
    level: int = 0
    """Heading level; list item depth (0 = top)."""
    table: Table | None = None
    info: str = ""
    """Code fence info string ("bash", "text")."""
    checked: bool | None = None
    """For checklist items: [x] is True, [ ] is False."""
    in_code: bool = False
    """A table or line found inside a code block (the code block itself comes first in `blocks`):
    extractors that read code blocks whole skip the lines; the general readers read both."""


@dataclass
class Document:
    """A document read into blocks, with its raw lines (index 0 is line 1)."""

    lines: list[str]
    blocks: list[Block] = field(default_factory=list)
    format: Literal["markdown", "rendered"] = "markdown"
    warnings: list[ParseWarning] = field(default_factory=list)
    """What could not be read whole, in the order found (`warn`)."""
    setup_texts: dict[int, str] = field(default_factory=dict)
    """Lines the setup readers read otherwise than printed: a YAML options file's nested keys (config_files)."""
    derived: dict[str, Any] = field(default_factory=dict)
    """What a reader of the whole document finds once for every reader that asks (grammar.reference_yaml's files)."""
    page: bool = False
    """A file of a repository (a README, a docs page), not a pull request's thread: a board one of its sections states
    is that section's (grammar.default_reach), where a description's one board is the whole pull request's."""
    repo: str | None = None
    """The repository ("owner/name") the document belongs to, where the caller knows it: a plugin's page names its
    own project's build beside the engine it builds on (grammar.project_versions)."""

    def warn(self, line: int | None, message: str) -> None:
        """Note a partial read at `line` (None: the text as a whole)."""
        self.warnings.append(ParseWarning(line, message))

    def line(self, no: int) -> str:
        """Line `no` (from 1), "" for a number outside the document. (Asked some 50,000 times an extraction of the
        shared corpus, by most readers: the list's own bound check answers past the end, at no cost where it holds.)"""
        if no > 0:
            try:
                return self.lines[no - 1]
            except IndexError:
                pass
        return ""

    def setup_line(self, no: int) -> str:
        """The line as the setup readers read it: as printed, but for the keys a section's name qualifies."""
        if self.setup_texts:
            got = self.setup_texts.get(no)
            if got is not None:
                return got
        if no > 0:
            try:
                return self.lines[no - 1]
            except IndexError:
                pass
        return ""
