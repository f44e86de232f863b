"""Which engine a document speaks for, read from its name and its text (the support readers ask, once a
document, when they have a cell to give).

The file name decides when it names an engine ("trtllm-supported-models.md"). Otherwise the page's text
votes: each spelling of an engine (ledger.vocab.engines, `text`) counts once where it stands, five times in
a heading or the page's first lines, and a link to the engine's repository or docs counts three times.
The most votes win, if they beat the runner-up; a page that names several engines equally (a survey
across engines) has none of its own, and its cells take their engine from their column where they can.
"""

from __future__ import annotations

import re

from ledger.parsers.base import Context
from ledger.parsers.reader.document import Document
from ledger.vocab.engines import ENGINES, engine_for_url, engine_in_path, engine_named
from ledger.vocab.word_gate import WordGate

MEMO = "engine"
HEAD_LINES = 5
"""A spelling in the first lines (the page's title and lead) counts as much as one in a heading."""
MAX_TEXT = 2_000_000
"""Only this much of a very long page is read for votes."""

_SPELLINGS = {s.lower(): e.name for e in ENGINES for s in e.text}
_TEXT_RE = WordGate(
    re.compile(
        r"(?<![\w.-])(" + "|".join(sorted((re.escape(s) for s in _SPELLINGS), key=len, reverse=True)) + r")(?![\w-])",
        re.IGNORECASE,
    )
)
_URL_RE = re.compile(r"https?://[^\s)<>\]\"']{4,300}", re.IGNORECASE)


def document_engine(ctx: Context) -> str | None:
    """The engine of the document `ctx` reads (computed once per document)."""
    if MEMO not in ctx.memo:
        ctx.memo[MEMO] = detect(ctx.doc, ctx.path)
    got: str | None = ctx.memo[MEMO]
    return got


def detect(doc: Document, path: str | None) -> str | None:
    by_path = engine_in_path(path)
    if by_path is not None:
        return by_path.name
    votes: dict[str, int] = {}
    heading_lines = {b.start for b in doc.blocks if b.kind == "heading"}
    seen = 0
    for no, line in enumerate(doc.lines, 1):
        if seen > MAX_TEXT:
            break
        seen += len(line)
        if not line:
            continue
        weight = 5 if no <= HEAD_LINES or no in heading_lines else 1
        if "://" in line:
            for m in _URL_RE.finditer(line):
                e = engine_for_url(m.group(0))
                if e is not None:
                    votes[e.name] = votes.get(e.name, 0) + 3 * weight
            line = _URL_RE.sub(" ", line)  # a repository URL votes once, not again for the name inside it
        for m in _TEXT_RE.finditer(line):
            name = _SPELLINGS.get(m.group(1).lower())
            if name:
                votes[name] = votes.get(name, 0) + weight
    if not votes:
        return None
    ranked = sorted(votes.items(), key=lambda kv: -kv[1])
    if len(ranked) > 1 and ranked[1][1] == ranked[0][1]:
        return None
    return ranked[0][0]


def column_engine(header: str) -> str | None:
    """The engine a matrix column is named for ("vLLM", "TensorRT-LLM"), else None."""
    e = engine_named(header)
    return e.name if e else None
