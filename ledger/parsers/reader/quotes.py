"""Quoted replies: the `>` lines of a reply repeat what another message said; their numbers are not new evidence.

A conversation copied as text marks each message by its author on a line of its own (`[login]`). The first
message is the description, whose own `>` blocks (notes, pasted logs) are its evidence; a `>` line in any later
message quotes someone. Anywhere, a `>` block under "... wrote:" is a quote, and so is a `>` line that repeats
lines written earlier in the text: one line, or several in their order collapsed onto one `>` line (a reply's
quote loses its line breaks, and a bare commit URL comes back as a `[short sha](url)` link), its end cut short; and a
`>` row that prints an earlier row's numbers, all of them in their order, with its words and units in another spelling
or language ("> fp16 gemm<TAB>2048<TAB>51.0毫秒" under "fp16 gemm | 2048 | 51.0ms"): a table pasted back.
"""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Document

_TURN_RE = re.compile(r"^\[[A-Za-z0-9][\w.-]{0,38}(?:\[bot\])?\]\s*$")
_QUOTE_RE = re.compile(r"^\s{0,3}>")
# an archive's turn line ("alice · comment · 2025-03-01", "### **bob** · review · ..."): a reply's turn, whose `>`
# lines quote another turn, as a `[login]` turn after the first does; "· description" opens the description again
_ARCHIVE_TURN_RE = re.compile(
    r"^(?:#{1,6}[ \t]{1,4})?(?:\*\*|__)?@?[A-Za-z0-9][\w.-]{0,38}(?:\[bot\])?(?:\*\*|__)?"
    r" · (?P<word>comment|description|review)\b"
)
_WROTE_RE = re.compile(r"\bwrote:\s*$", re.IGNORECASE)
_MARKS_RE = re.compile(r"^\s{0,3}(?:>\s?){1,8}")
_QUOTED_FENCE_RE = re.compile(r"^[ \t]{0,3}>[> \t]{0,16}(?:`{3,}|~{3,})")
_LINK_RE = re.compile(r"\[[^\[\]\n]{0,200}\]\(([^()\s]{1,400})\)")
_KEY_WORDS = 2  # the earlier lines a quote may open with are found by their first words
_CANDIDATES = 16  # (the newest few of them: a quote repeats a line, not every line that opens alike)
_DIGITS_RE = re.compile(r"\d+(?:\.\d+)?")
_ROW_NUMBERS = 3  # (a row's numbers, this many or more, tell it: two could match any short line by chance)


def _plain(line: str) -> str:
    """The line's words as a quote repeats them: a link is its address, whitespace runs one blank."""
    return " ".join((_LINK_RE.sub(r"\1", line) if "](" in line else line).split())


class _Said:
    """The lines written so far outside quotes, in their order, found by their first words."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.opening: dict[tuple[str, ...], list[int]] = {}
        self.numbers: set[tuple[str, ...]] = set()

    def add(self, line: str, raw: str = "") -> None:
        self.opening.setdefault(tuple(line.split(" ", _KEY_WORDS)[:_KEY_WORDS]), []).append(len(self.lines))
        self.lines.append(line)
        # (a table's row: its numbers, for a quote that pastes the row back)
        if ("|" in raw or "\t" in raw) and len(digits := tuple(_DIGITS_RE.findall(line))) >= _ROW_NUMBERS:
            self.numbers.add(digits)

    def repeated(self, body: str) -> bool:
        """The body is earlier lines in their order, joined by blanks, the last of them perhaps cut short; or an
        earlier table row's numbers, all of them in their order (a row pasted back, its words translated)."""
        key = tuple(body.split(" ", _KEY_WORDS)[:_KEY_WORDS])
        if any(self._walk(at, body) for at in self.opening.get(key, [])[-_CANDIDATES:]):
            return True
        return bool(self.numbers) and tuple(_DIGITS_RE.findall(body)) in self.numbers

    def _walk(self, at: int, body: str) -> bool:
        rest = body
        for line in self.lines[at:]:
            if not rest.startswith(line):
                return line.startswith(rest)
            rest = rest[len(line) :].lstrip()
            if not rest:
                return True
        return False


_REPLIES = "quotes.reply_lines"
"""Where a document keeps its quoted lines: the reader blanks them for setup, the pipeline drops their claims."""


def quoted_reply_lines(doc: Document) -> frozenset[int]:
    """1-based lines of the document that quote another message (read once a document)."""
    found: frozenset[int] | None = doc.derived.get(_REPLIES)
    if found is None:
        found = doc.derived[_REPLIES] = _reply_lines(doc)
    return found


def _reply_lines(doc: Document) -> frozenset[int]:
    if not any(line[:4].lstrip().startswith(">") for line in doc.lines):
        return frozenset()  # most documents quote nothing: no pass over their words
    out: set[int] = set()
    turns = 0
    under_wrote = False
    reply = False  # (inside an archive's comment or review turn)
    said = _Said()
    for no, line in enumerate(doc.lines, 1):
        if _TURN_RE.match(line):
            turns += 1
            under_wrote = False
            continue
        if " · " in line and (archived := _ARCHIVE_TURN_RE.match(line)) is not None:
            reply = archived.group("word") != "description"
            under_wrote = False
            continue
        if not _QUOTE_RE.match(line):
            if line.strip():
                under_wrote = _WROTE_RE.search(line) is not None
                said.add(_plain(line), line)
            continue
        body = _plain(_MARKS_RE.sub("", line, count=1))
        if turns >= 2 or reply or under_wrote or (body and said.repeated(body)):
            out.add(no)
    return frozenset(out)


def unquoted_lines(doc: Document, start: int, end: int) -> list[str]:
    """The document's lines with those of the quoted fence at 1-based start..end ("> ```" over "> vllm serve org/M
    \\") read without their quote marks, blanked in place (positions kept): the fence's commands and console grids
    read as unquoted ones do, never the mark as a column of their own. One copy per document, whatever its fences."""
    lines: list[str] = doc.derived.setdefault("unquoted_lines", list(doc.lines))
    for k in range(max(0, start - 1), min(end, len(lines))):
        if (m := _MARKS_RE.match(lines[k])) is not None:
            lines[k] = " " * m.end() + lines[k][m.end() :]
    return lines


def quoted_fence(line: str) -> bool:
    """A fence opened inside a quote ("> ```")."""
    return _QUOTED_FENCE_RE.match(line) is not None


def quoted_code_texts(doc: Document) -> dict[int, str]:
    """The lines of the quoted fences as the setup readers read them (unquoted_lines): a command reads as it does
    unquoted, its continued lines joined and every flag read."""
    lines = doc.derived.get("unquoted_lines")
    if lines is None:
        return {}
    return {
        no: lines[no - 1]
        for b in doc.blocks
        if b.kind == "code" and quoted_fence(doc.line(b.start))
        for no in range(b.start, b.end + 1)
        if lines[no - 1] != doc.lines[no - 1]
    }
