"""The line scanner: every line markdown-it did not claim becomes a block.

It walks the document once, top to bottom, keeping the heading path: markdown-it's regions (fences,
headings) where it has them, otherwise fences and "#" headings by line, comment authors ("[name]"),
commands and rendered headings (line_kinds.py), tables (table_dialects.py, grid.py), list items with
their checkboxes, and text. A rendered-page copy and markdown without markdown-it go through it alike.
"""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import MAX_LINE, Block, Document
from ledger.parsers.reader.code_blocks import CLOSE_FENCE_RE, FENCE_RE, scan_code
from ledger.parsers.reader.directives import (
    COLON_OPEN_RE,
    RST_DIRECTIVE_RE,
    colon_close,
    options_end,
    rst_content_end,
)
from ledger.parsers.reader.line_kinds import is_command_line, is_rendered_heading, is_shell_command
from ledger.parsers.tables.dialects import try_grid, try_table
from ledger.parsers.tables.grid import has_box, is_rule, read_grid
from ledger.parsers.tables.html_table import try_html_table
from ledger.parsers.tables.list_table import read_list_table
from ledger.vocab.metrics import names_a_metric

# a flag set to a number ("-b 1", "--max-num-seqs=64"): a command line that states settings
_FLAGGED_RE = re.compile(r"\s--?[A-Za-z][\w-]{0,30}[ =]\d")
_ATX_RE = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
_BULLET_RE = re.compile(r"^([ \t]*)([-*+•◦▪‣]|\d{1,3}[.)])[ \t]+")
# ("[turn 3 by alice]", "[turn 0 by alice, continued]": an excerpt's mark of a turn, or of its next chunk after a cut)
_AUTHOR_RE = re.compile(
    r"^\[(?P<numbered>turn (?P<no>\d{1,4}) by )?([A-Za-z0-9][\w.-]{0,38}(?:\[bot\])?)"
    r"(?(numbered)(?P<continued>, continued)?)\]$"
)
# a rendered heading's section number, its dots its depth ("2.1 Latency", "1.2.1 MMLU"; not "1.5B" nor "2024")
_SECTION_NUMBER_RE = re.compile(r"\d{1,2}(?:\.\d{1,2}){1,3}(?=\.?\s)")
# the other ways a copied thread marks a turn: "ggerganov · comment · 2023-07-20" (an archive's export) and
# GitHub's own "ggerganov commented on Jul 20, 2023" / "ggerganov commented 3 days ago"
# (the name may be bold or @-prefixed, "**carol** commented on 2026-01-04"; a review turns a thread as a comment does;
# "alice · description (continued)": an archive's next chunk of one long turn, which opens a turn as its first did)
_TURN_RE = re.compile(
    r"^(?:\*\*|__)?@?(?P<author>[A-Za-z0-9][\w.-]{0,38}(?:\[bot\])?)(?:\*\*|__)?"
    r"(?: · (?P<word>comment|description|review(?: thread)?)(?: \(continued\))?(?: · [\w :.,+-]{0,40})?"
    r"| (?:commented|reviewed|left a comment|approved these changes|requested changes)"
    r"(?: (?:on )?[\w :.,+-]{1,40})?)$"
)
# the line an archive's export puts over a thread's title: "acme/engine · pull request #77 · merged · Python"
_ARCHIVE_BANNER_RE = re.compile(r"[\w.-]{1,40}/[\w.-]{1,100} · (?:pull request|issue|discussion) #\d{1,7}(?: · |$)")
_CHECKBOX_RE = re.compile(r"^\[( |x|X)\][ \t]+")


def turn_author(text: str) -> str | None:
    """The author a thread's turn line names ("mtone · comment · 2026-05-04", "**bob** commented on ...", a heading's
    text too), or None."""
    m = _TURN_RE.match(text.strip()) if len(text) < 120 else None
    return m.group("author") if m else None


_SETEXT_LINES_MAX = 2
"""The lines a heading underlined by a rule may wrap over: a paragraph of more lines that a rule closes ("vllm bench
serve ..." and its printed results over the "=====" that ended the tool's output, pasted without a fence) is no
title, however markdown reads it."""


def scan(
    doc: Document, markup: dict[int, tuple[str, int, int, str]], skip: int = 0, title: tuple[int, str] = (0, "")
) -> None:
    """Append `doc`'s blocks in line order; `markup` is markdown_regions' start line -> region (empty for
    a rendered copy); the first `skip` lines are no text (a page's front matter), and its `title` (line, text)
    heads the page where it names one."""
    _Scanner(doc, markup).run(skip, title)


SUMMARY_RE = re.compile(
    r"<summary>\s{0,4}(?:<[a-z]{1,6}>)?(?P<title>[^<>]{1,80}?)(?:</[a-z]{1,6}>)?\s{0,4}</summary>", re.IGNORECASE
)
_SUMMARY_LEVEL = 10
"""Below any heading ("######" is 6): a folded block's title heads only what it folds."""


class _Scanner:
    """One walk down a document. Each reader (`_region`, `_turn`, `_atx`, ...) looks at the line at index i:
    where the line starts its kind of block it appends the block and returns the index after it, else None;
    the first reader that fits decides, in the order `_block_at` tries them."""

    def __init__(self, doc: Document, markup: dict[int, tuple[str, int, int, str]]) -> None:
        self.doc, self.markup = doc, markup
        self.lines = doc.lines
        self.n = len(doc.lines)
        self.blocks = doc.blocks
        self.rendered = doc.format == "rendered"
        # markdown without markdown-it regions: fences and "#" headings are found by line
        self.line_marks = not markup and not self.rendered
        self.section: list[tuple[int, str]] = []  # (level, title)
        self.cur: tuple[str, ...] = ()  # the heading path of `section`, rebuilt only when a heading changes it
        self.turn_no = "0"  # the number of the excerpt's turn read last (a thread opens on its description, turn 0)
        self.turn_author = ""  # the author of an archive's comment read last, whose number its line does not say
        self.cut_at = -1  # the first line of an excerpt's next chunk after a cut (see _table)

    def _cut_section(self) -> tuple[str, ...]:
        """The section of a table opening a chunk after a cut: the title and the sub-headings that name no measure
        (a build's heading, "`master@36667c8e` + branch", still holds; "## GPQA Accuracy" may not be the table's)."""
        return tuple(t for lvl, t in self.section if lvl <= 1 or not names_a_metric(t))

    def run(self, i: int = 0, title: tuple[int, str] = (0, "")) -> None:
        if title[1]:
            self._heading(title[0], 1, title[1])  # (a page's front matter names it: its first heading, as shown)
        while i < self.n:
            i = self._block_at(i)

    def _block_at(self, i: int) -> int:
        """Append the block that starts at index i (none for a blank line); the index after it."""
        raw = self.lines[i][:MAX_LINE]
        region = self.markup.get(i + 1)
        if (
            region
            and region[0] == "heading"
            and (region[2] > i + 1 or " · " in raw)
            and raw.strip()
            and (turn := self._turn(i, raw.strip().lstrip("#").strip()))
        ):
            # "name · comment · date" over a rule of "=", or "### name · comment · date": the turn, never a heading
            return turn
        if region and region[0] == "heading" and (j := self._setext_grid(i, region[2])) is not None:
            return j
        if region:
            j = self._region(i, region)
            if j is not None:
                return j
        if self.line_marks:
            fm = FENCE_RE.match(raw)
            if fm:  # markdown without markdown-it regions (should not happen) or a stray fence
                return self._fence_by_line(i, fm)
        stripped = raw.strip()
        if not stripped or (not self.blocks and _ARCHIVE_BANNER_RE.match(stripped)):
            return i + 1  # (an archive's "owner/repo · pull request #N · merged" over the title: the title is first)
        # (every reader returns an index after i, never 0, or None: `or` tries the next)
        j = (
            (self._directive(i, raw) if stripped[:2] in ("..", "::") else None)
            or self._turn(i, stripped)
            or (self._atx(i, raw) if self.line_marks else None)
            or self._command(i, stripped)
            or self._rendered_heading(i, stripped)
            or self._table(i, raw, stripped)
            or self._item(i, raw)
        )
        if j is not None:
            return j
        self.blocks.append(Block("text", i + 1, i + 1, self.cur, stripped))
        if "<" in stripped:
            self._details(stripped)
        return i + 1

    def _details(self, stripped: str) -> None:
        """ "<details><summary>Performance vs. master MMQ</summary>": the title GitHub shows over a folded block heads
        what it folds, as a heading below every other would, to its "</details>"."""
        sm = SUMMARY_RE.search(stripped)
        if sm is not None and (title := sm.group("title").strip()):
            self.section.append((_SUMMARY_LEVEL, title))
            self.cur = tuple(t for _, t in self.section)
        elif "</details>" in stripped.lower() and self.section and self.section[-1][0] == _SUMMARY_LEVEL:
            self.section.pop()
            self.cur = tuple(t for _, t in self.section)

    def _heading(self, no: int, level: int, title: str) -> int:
        """A heading closes the sections at its level and below; the index after its line."""
        while self.section and self.section[-1][0] >= level:
            self.section.pop()
        self.section.append((level, title))
        self.cur = tuple(t for _, t in self.section)
        self.blocks.append(Block("heading", no, no, self.cur, text=title, level=level))
        return no

    def _setext_grid(self, i: int, end: int) -> int | None:
        """A console table pasted outside a fence: to markdown its header over a rule of "-" is a setext heading
        (its rows indented code); the grid reader's table, with any caption line above it as text."""
        k = end - 2  # the heading's last line: the rule under it is index end - 1
        if k < i or not is_rule(self.lines[end - 1]) or "  " not in self.lines[k].strip():
            return None
        if read_grid(self.lines, k, self.n) is None:
            return None
        for no in range(i, k):
            if stripped := self.lines[no][:MAX_LINE].strip():
                self.blocks.append(Block("text", no + 1, no + 1, self.cur, stripped))
        return try_grid(self.doc, k, self.n, self.cur)

    def _region(self, i: int, region: tuple[str, int, int, str]) -> int | None:
        """A fence or a heading where markdown-it found one."""
        if region[0] == "fence":
            _, start, end, info = region
            if info.startswith("{list-table}") and read_list_table(
                self.doc, start, end - 1 if CLOSE_FENCE_RE.match(self.lines[end - 1]) else end, self.cur, start, end
            ):
                return end  # (a directive's content, no code: its rows are a table's)
            self.blocks.append(Block("code", start, end, self.cur, info=info))
            scan_code(self.doc, start, end, self.cur, info)
            return end
        if region[0] == "heading":
            level_s, title = region[3].split("\x00", 1)
            if title.count("\n") >= _SETEXT_LINES_MAX:
                return None  # (a paste whose closing rule lost its fence: its lines are read one by one)
            return self._heading(i + 1, int(level_s), title.strip())
        return None

    def _fence_by_line(self, i: int, fm: re.Match[str]) -> int:
        lines, n = self.lines, self.n
        j = i + 1
        while j < n and not lines[j].lstrip().startswith(fm.group(1)[:3]):
            j += 1
        self.blocks.append(Block("code", i + 1, min(j + 1, n), self.cur))
        scan_code(self.doc, i + 1, min(j + 1, n), self.cur, "")
        return j + 1

    def _turn(self, i: int, stripped: str) -> int | None:
        """A turn of a copied thread ("[name]", "name · comment · date", "name commented on ...") alone on its
        line: the turn's author heads what follows, in place of the description's headings."""
        am = (
            _AUTHOR_RE.match(stripped)
            if stripped[0] == "["
            else (
                _TURN_RE.match(stripped)
                if (
                    " · " in stripped
                    or " commented" in stripped
                    or " reviewed" in stripped
                    or " approved" in stripped
                    or " requested" in stripped
                    or " left a" in stripped
                )
                and len(stripped) < 120
                else None
            )
        )
        # alone on its line, a blank line after it; an archive's "name · comment · date" needs none (its form is
        # its own: no sentence reads "name · review · 2026-01-03"), and its body may open on the next line
        numbered = am is not None and am.re is _AUTHOR_RE and am.group("numbered")
        if not am or not (i + 1 >= self.n or not self.lines[i + 1].strip() or " · " in stripped or numbered):
            return None
        author = am.group(3) if am.re is _AUTHOR_RE else am.group(1)
        if numbered and am.group("continued") and (am.group("no") == self.turn_no or author == self.turn_author):
            # (the same turn's next chunk after a cut: its setup and sections hold on across the cut; so does the
            # chunk of an archive's comment by the same author, "bob · comment · date" telling no turn number)
            self.turn_no, self.turn_author = am.group("no"), ""
            self.cut_at = next((j for j in range(i + 1, min(i + 3, self.n)) if self.lines[j].strip()), -1)
            return None
        self.turn_no = am.group("no") if numbered else self.turn_no
        word = (am.groupdict().get("word") or "") if am.re is _TURN_RE else ""
        self.turn_author = author if am.re is _TURN_RE and word != "description" else ""
        self.section.clear()
        self.section.append((0, f"[{author}]"))
        self.cur = (f"[{author}]",)
        # (info: the archive's word for the turn, "description" or "comment", where the line says it)
        self.blocks.append(Block("comment", i + 1, i + 1, self.cur, text=author, info=word))
        return i + 1

    def _directive(self, i: int, raw: str) -> int | None:
        """A reST directive (".. list-table::", ".. note::") or MyST's colon fence (":::{list-table}"): a list table's
        rows are a table; any other's line is text, its options (":header-rows: 1", ":width: 80") no reader's, its
        content read as the lines it is."""
        if (c := COLON_OPEN_RE.match(raw)) is not None:  # (MyST's ":::{list-table}" ... ":::")
            close = colon_close(self.doc, i) if c.group(1) == "list-table" else None
            if close is not None and read_list_table(self.doc, i + 1, close, self.cur, i + 1, close + 1):
                return close + 1
            self.blocks.append(Block("text", i + 1, i + 1, self.cur, raw.strip()))
            return options_end(self.lines, i + 1, self.n)
        m = RST_DIRECTIVE_RE.match(raw)
        if m is None:
            return None
        if m.group(2) == "list-table":
            end = rst_content_end(self.lines, i, self.n)
            if read_list_table(self.doc, i + 1, end, self.cur, i + 1, end):
                return end
        self.blocks.append(Block("text", i + 1, i + 1, self.cur, raw.strip()))
        return options_end(self.lines, i + 1, self.n)

    def _atx(self, i: int, raw: str) -> int | None:
        hm = _ATX_RE.match(raw)
        if hm and " · " in hm.group(2) and (turn := self._turn(i, hm.group(2).strip())) is not None:
            return turn
        return self._heading(i + 1, len(hm.group(1)), hm.group(2).strip()) if hm else None

    def _command(self, i: int, stripped: str) -> int | None:
        # a rendered copy loses code fences: shell commands and progress bars are still code; so is a shell command a
        # markdown text leaves unfenced ("Example command used:" over "python bench.py -b 1 -l 128"): its flags'
        # numbers are settings, never results in a sentence
        if not ((self.rendered or stripped.startswith("`")) and is_command_line(stripped)) and not (
            _FLAGGED_RE.search(stripped) and is_shell_command(stripped)
        ):
            return None
        lines, j = self.lines, i
        while j + 1 < self.n and lines[j].rstrip().endswith("\\") and lines[j + 1].strip():
            j += 1  # a command continued with "\"
        self.blocks.append(Block("code", i + 1, j + 1, self.cur, info="command"))
        return j + 1

    def _rendered_heading(self, i: int, stripped: str) -> int | None:
        if self.rendered and is_rendered_heading(self.lines, i):
            # a copy loses the heading's level; its section number keeps it ("2 Results" over "2.1 Latency")
            number = _SECTION_NUMBER_RE.match(stripped)
            return self._heading(i + 1, 2 + (number.group(0).count(".") if number else 0), stripped)
        return None

    def _table(self, i: int, raw: str, stripped: str) -> int | None:
        # tables: pipe (GFM or sheet paste), ASCII-bordered, or tab-separated (rendered copy), or HTML
        # every table starts with a line holding "|", a tab or (ASCII borders) "+", or "<table"
        if stripped[:6].lower() == "<table":
            j = try_html_table(self.doc, i, self.cur)
            if j is not None:
                return j
        if "|" in raw or "\t" in raw or "+" in raw:
            # a table that opens an excerpt's chunk after a cut, under no heading of its own: the cut may have hidden
            # its heading, so the sub-headings above ("## GPQA Accuracy") name none of its measures; the title and
            # the turn (its setup) still hold
            section = self._cut_section() if i == self.cut_at else self.cur
            j = try_table(self.doc, i, section)
            if j > i:
                return j
        if "  " in stripped or has_box(raw) or is_rule(raw):
            j = try_grid(self.doc, i, self.n, self.cur)
            if j > i:
                return j
        return None

    def _item(self, i: int, raw: str) -> int | None:
        """A list item, its indent as its level, its checkbox as checked or not."""
        bm = _BULLET_RE.match(raw)
        if not bm:
            return None
        indent = len(bm.group(1).replace("\t", "    "))
        body = raw[bm.end() :]
        checked = None
        cm = _CHECKBOX_RE.match(body)
        if cm:
            checked = cm.group(1) != " "
            body = body[cm.end() :]
        self.blocks.append(
            Block("item", i + 1, i + 1, self.cur, text=body.rstrip(), level=indent // 2, checked=checked)
        )
        return i + 1
