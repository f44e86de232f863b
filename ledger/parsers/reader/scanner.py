"""The line scanner: every line markdown-it did not claim becomes a block.

It walks the document once, top to bottom, keeping the heading path: markdown-it's regions (fences,
headings) where it has them, otherwise fences and "#" headings by line, comment authors ("[name]"),
commands and rendered headings (line_kinds.py), tables (table_dialects.py, grid.py), list items with
their checkboxes, and text. A rendered-page copy and markdown without markdown-it go through it alike.
"""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import MAX_LINE, Block, Document
from ledger.parsers.reader.code_blocks import FENCE_RE, scan_code
from ledger.parsers.reader.line_kinds import is_command_line, is_rendered_heading
from ledger.parsers.tables.dialects import try_grid, try_table
from ledger.parsers.tables.grid import has_box, is_rule

_ATX_RE = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
_BULLET_RE = re.compile(r"^([ \t]*)([-*+•◦▪‣]|\d{1,3}[.)])[ \t]+")
_AUTHOR_RE = re.compile(r"^\[([A-Za-z0-9][\w.-]{0,38}(?:\[bot\])?)\]$")
# the other ways a copied thread marks a turn: "ggerganov · comment · 2023-07-20" (an archive's export) and
# GitHub's own "ggerganov commented on Jul 20, 2023" / "ggerganov commented 3 days ago"
_TURN_RE = re.compile(r"^(?P<author>[A-Za-z0-9][\w.-]{0,38}(?:\[bot\])?)(?: · (?:comment|description|review)"
                      r"(?: · [\w :.,+-]{0,40})?| commented (?:on )?[\w :.,+-]{1,40})$")
_CHECKBOX_RE = re.compile(r"^\[( |x|X)\][ \t]+")


def scan(doc: Document, markup: dict[int, tuple[str, int, int, str]]) -> None:
    """Append `doc`'s blocks in line order; `markup` is markdown_regions' start line -> region (empty for
    a rendered copy)."""
    lines = doc.lines
    n = len(lines)
    section: list[tuple[int, str]] = []  # (level, title)
    blocks = doc.blocks
    rendered = doc.format == "rendered"
    i = 0
    cur: tuple[str, ...] = ()  # the heading path of `section`, rebuilt only when a heading changes it

    def push_heading(level: int, title: str) -> tuple[str, ...]:
        while section and section[-1][0] >= level:
            section.pop()
        section.append((level, title))
        return tuple(t for _, t in section)

    line_marks = not markup and not rendered  # markdown without markdown-it regions: fences and "#" by line
    while i < n:
        raw = lines[i][:MAX_LINE]
        no = i + 1
        region = markup.get(no)
        if region:
            if region[0] == "fence":
                _, start, end, info = region
                blocks.append(Block("code", start, end, cur, info=info))
                scan_code(doc, start, end, cur, info)
                i = end
                continue
            if region[0] == "heading":
                level_s, title = region[3].split("\x00", 1)
                cur = push_heading(int(level_s), title.strip())
                blocks.append(Block("heading", no, no, cur, text=title.strip(), level=int(level_s)))
                i += 1
                continue
        if line_marks:
            fm = FENCE_RE.match(raw)
            if fm:  # markdown without markdown-it regions (should not happen) or a stray fence
                j = i + 1
                while j < n and not lines[j].lstrip().startswith(fm.group(1)[:3]):
                    j += 1
                blocks.append(Block("code", no, min(j + 1, n), cur))
                scan_code(doc, no, min(j + 1, n), cur, "")
                i = j + 1
                continue
        stripped = raw.strip()
        if not stripped:
            i += 1
            continue
        am = _AUTHOR_RE.match(stripped) if stripped[0] == "[" else (
            _TURN_RE.match(stripped) if (" · " in stripped or " commented " in stripped) and len(stripped) < 120
            else None)
        if am and (i + 1 >= n or not lines[i + 1].strip()):
            section.clear()
            section.append((0, f"[{am.group(1)}]"))
            cur = (f"[{am.group(1)}]",)
            blocks.append(Block("comment", no, no, cur, text=am.group(1)))
            i += 1
            continue
        if line_marks:
            hm = _ATX_RE.match(raw)
            if hm:
                cur = push_heading(len(hm.group(1)), hm.group(2).strip())
                blocks.append(Block("heading", no, no, cur, text=hm.group(2).strip(),
                                    level=len(hm.group(1))))
                i += 1
                continue
        if (rendered or stripped.startswith("`")) and is_command_line(stripped):
            # a rendered copy loses code fences: shell commands and progress bars are still code
            j = i
            while j + 1 < n and lines[j].rstrip().endswith("\\") and lines[j + 1].strip():
                j += 1
            blocks.append(Block("code", no, j + 1, cur, info="command"))
            i = j + 1
            continue
        if rendered and is_rendered_heading(lines, i):
            cur = push_heading(2, stripped)
            blocks.append(Block("heading", no, no, cur, text=stripped, level=2))
            i += 1
            continue
        # tables: pipe (GFM or sheet paste), ASCII-bordered, or tab-separated (rendered copy)
        # every table starts with a line holding "|", a tab or (ASCII borders) "+"
        if "|" in raw or "\t" in raw or "+" in raw:
            j = try_table(doc, i, cur)
            if j > i:
                i = j
                continue
        if "  " in stripped or has_box(raw) or is_rule(raw):
            j = try_grid(doc, i, n, cur)
            if j > i:
                i = j
                continue
        bm = _BULLET_RE.match(raw)
        if bm:
            indent = len(bm.group(1).replace("\t", "    "))
            body = raw[bm.end():]
            checked = None
            cm = _CHECKBOX_RE.match(body)
            if cm:
                checked = cm.group(1) != " "
                body = body[cm.end():]
            blocks.append(Block("item", no, no, cur, text=body.rstrip(), level=indent // 2,
                                checked=checked))
            i += 1
            continue
        blocks.append(Block("text", no, no, cur, stripped))
        i += 1
