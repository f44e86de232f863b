"""Test counts: pytest summaries, "N passed, M failed, K skipped" in cells and prose, "41/41 passing"."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from parsers.base import Context
from parsers.document import Block

NAME = "test_counts"
VERSION = "1"
BLOCKS = frozenset({"table", "text", "item", "code"})

_COUNT = r"(\d{1,3}(?:,\d{3})+|\d+)"
_WORD = r"(passed|passing|passes|pass|failed|failing|failures?|errors?|skipped|deselected|xfailed|xpassed)"
# One count and its word; a run of them joined by , ; and is one claim.
_ITEM_RE = re.compile(rf"(?<![\w.#/]){_COUNT}\s+(?:tests?\s+|cases?\s+)?{_WORD}\b", re.IGNORECASE)
_RATIO_RE = re.compile(r"(?<![\w.#/])(\d+)\s*/\s*(\d+)\s+(?:tests?\s+)?(passed|passing|pass)\b", re.IGNORECASE)
_GAP_RE = re.compile(r"^[\s,;:()=\-]*(?:and\s+)?[\s,;:()=\-]*$|^[;,]\s*[^;,\d]{0,80}?:\s*$")


def _norm(word: str) -> str:
    w = word.lower()
    if w.startswith("pass"):
        return "passed"
    if w.startswith(("fail", "error")):
        return "failed"
    return "skipped"


def counts_in(text: str) -> list[tuple[int, int, dict[str, int]]]:
    """Groups of counts: (start, end, {"passed": n, "failed": m, "skipped": k})."""
    groups: list[tuple[int, int, dict[str, int]]] = []
    for m in _RATIO_RE.finditer(text):
        groups.append((m.start(), m.end(), {"passed": int(m.group(1))}))
    items = [m for m in _ITEM_RE.finditer(text)
             if not any(a <= m.start() < b for a, b, _ in groups)]
    cur: tuple[int, int, dict[str, int]] | None = None
    for m in items:
        n = int(m.group(1).replace(",", ""))
        key = _norm(m.group(2))
        if cur is not None and _GAP_RE.match(text[cur[1]:m.start()]) and key not in cur[2]:
            cur[2][key] = n
            cur = (cur[0], m.end(), cur[2])
            groups[-1] = cur
            continue
        cur = (m.start(), m.end(), {key: n})
        groups.append(cur)
    return sorted(groups)


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    if block.kind == "table":
        table = block.table
        assert table is not None
        for row in table.rows:
            for ci, cell in enumerate(row.cells):
                if ci == 0:
                    continue
                for start, end, counts in counts_in(cell):
                    if "passed" not in counts and "failed" not in counts:
                        continue
                    off = row.text.find(cell)
                    ctx.take(row.line, off + start, off + end)
                    yield ctx.claim("tests", row.line, cell[start:end], metric=row.cells[0] or None,
                                    **counts)
        return
    lines = range(block.start, block.end + 1)
    for no in lines:
        text = ctx.doc.line(no)
        for start, end, counts in counts_in(text):
            if "passed" not in counts and "failed" not in counts:
                continue
            if not ctx.is_free(no, start, end):
                continue
            ctx.take(no, start, end)
            yield ctx.claim("tests", no, text[start:end], metric=_subject(text, start), **counts)


def _subject(text: str, start: int) -> str | None:
    head = text[:start].strip(" :-•*`=")
    return head[-80:] or None
