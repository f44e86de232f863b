"""Support statements and rules of use written as prose (research notes about support matrices).

    Rows confirmed in the architecture table: A (DeepSeek-V3), B, C and D (footnote: SM100 only)
        -> support yes, feature "architecture table", one claim per name, the parenthetical in note
    ABSENT from the architecture table entirely: X, Y, any diffusion architecture (LLaDA, Dream)
        -> support absent; a descriptive item gives the names in its parenthesis
    'Sliding Window Attention' column ... reads: Yes for A and B; No for C; N/A for every GLM row
        -> yes / no / n/a with that feature; "every GLM row" names the classes the document mentions
           elsewhere whose name starts with the family (Glm4MoeForCausalLM, GlmMoeDsaForCausalLM)
    use the TRTLLM attention backend for encoder-decoder models     -> constraint, value required
    tensor parallelism requires head counts divisible by TP size    -> constraint, value required
    chunked prefill is NOT supported for the encoder phase so ...   -> constraint, value no

Grouped names expand (`Qwen2For{Reward,ProcessReward}Model`), slash lists split
(`Qwen2VL/Qwen2_5_VL`). A rule of use needs a subject (the models it is for, stated in the clause or
by the sentence's lead, "Encoder-decoder section states: ..."); without one it gives no claim.

This module joins a block's lines into the sentence they continue and makes the claims; each kind of
sentence has its reader: ledger/parsers/support/memberships.py, support_column_statements.py and
support_rules.py, over the lists of names of support_lists.py, the wrapped lines of support_paragraphs.py
and the class names a document knows (support_families.py).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.reader.document import Block, Document
from ledger.parsers.support.admonitions import admonition_lines
from ledger.parsers.support.column_statements import column_statements
from ledger.parsers.support.engine import document_engine
from ledger.parsers.support.families import Known, read_known
from ledger.parsers.support.limitations import (
    ONLY_HINT_RE,
    limitation_statements,
    limitation_topic,
    support_statements,
)
from ledger.parsers.support.memberships import membership_statements
from ledger.parsers.support.paragraphs import MAX_TEXT, Paragraphs, list_text, read_paragraphs
from ledger.parsers.support.rules import constraint_statements, has_any

NAME = "support_prose"
VERSION = "2"
BLOCKS = frozenset({"text", "item"})
NEEDS_DIGIT = False
"""Claims here can stand without a number (an outcome word, a Yes/No cell)."""


@dataclass
class _DocCache:
    doc: Document
    paragraphs: Paragraphs
    known: Known | None = None


_LAST_DOC: list[_DocCache] = []


def _doc_cache(doc: Document) -> _DocCache:
    """Per-document facts, computed once (the last document read is kept)."""
    if _LAST_DOC and _LAST_DOC[0].doc is doc:
        return _LAST_DOC[0]
    cache = _DocCache(doc, read_paragraphs(doc, BLOCKS))
    _LAST_DOC[:] = [cache]
    return cache


def _readers(text: str) -> tuple[bool, bool, bool]:
    """Whether the sentence may hold what each reader reads (memberships, column statements, constraints): asked
    first, most sentences hold none."""
    low = text.lower()
    memberships = ":" in text and ("table" in low or "matrix" in low)
    columns = has_any(low, _VALUE_FOR_WORDS) and has_any(low, _FOR_WORDS) and bool(_VALUE_FOR_HINT_RE.search(low))
    constraints = has_any(low, _CONSTRAINT_WORDS) and bool(_CONSTRAINT_HINT_RE.search(low))
    return memberships, columns, constraints


def admits(block: Block, text: str, doc: Document) -> bool:
    """A sentence of one line is read as the readers' hints ask (_readers); one that may run on over the lines below
    (read_paragraphs: no full stop before a text line, or a lead's colon) is given whole. Asked before the
    document's paragraphs are read, so a document with no such line never reads them."""
    end = text.rstrip()
    if end.endswith(":") or (not end.endswith((".", "!", "?")) and _text_starts(doc).get(block.start + 1)):
        return True
    return any(_readers(text[:MAX_TEXT])) or (
        ONLY_HINT_RE.search(text[:MAX_TEXT]) is not None
        and (limitation_topic(block.section) is not None or block.start in admonition_lines(doc))
    )


def _text_starts(doc: Document) -> dict[int, bool]:
    """The lines that open a one-line text block (read_paragraphs's continuations), found once per document."""
    got: dict[int, bool] | None = doc.derived.get(_TEXT_STARTS)
    if got is None:
        got = doc.derived[_TEXT_STARTS] = {b.start: True for b in doc.blocks if b.kind == "text" and b.end == b.start}
    return got


_TEXT_STARTS = NAME + ".text_starts"


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    if block.start in ctx.taken:
        return
    cache = _doc_cache(ctx.doc)
    if block.start in cache.paragraphs.continuations:
        return  # read with the line its sentence starts on
    first = block.start
    last = cache.paragraphs.ends.get(first, first)
    if last == first:  # one line, not a list item under a lead (those are continuations): read as it is
        original = text = ctx.doc.line(first)[:MAX_TEXT]
    else:
        original = "\n".join(ctx.doc.line(n)[:MAX_TEXT] for n in range(first, last + 1))
        text = list_text(ctx.doc, first, last, cache.paragraphs.list_lines)  # same offsets as `original`
    if not text.strip() or _FOOTNOTE_DEF_RE.match(text):
        return  # footnote definitions are the tables' notes
    memberships, columns, constraints = _readers(text)
    topic = limitation_topic(block.section)
    # (a note's or a Limitations section's "X only supports A, not B", "The A engine doesn't support B")
    stated = (topic is not None or first in admonition_lines(ctx.doc)) and ONLY_HINT_RE.search(text) is not None
    if not (memberships or columns or constraints or stated):
        return
    starts = [0]
    for n in range(first, last):
        starts.append(starts[-1] + len(ctx.doc.line(n)) + 1)
    seen: set[tuple[str, str, str]] = set()

    engine = document_engine(ctx)

    def emit(
        kind: str,
        subject: str,
        feature: str,
        value: str,
        note: str | None,
        a: int,
        b: int,
        models: tuple[str, ...] = (),
    ) -> Claim | None:
        subject, feature = " ".join(subject.split()), " ".join(feature.split())
        note = " ".join(note.split()) if note else None
        key = (subject, feature, value)
        if key in seen:
            return None
        seen.add(key)
        b = min(b, a + 160)
        while b > a and original[b - 1] in "\r\n":
            b -= 1  # a cut that ends on a newline would reach past the claim's last line
        la = bisect.bisect_right(starts, a) - 1
        lb = bisect.bisect_right(starts, max(a, b - 1)) - 1
        for i in range(la, lb + 1):
            line_end = starts[i] + len(ctx.doc.line(first + i))
            ctx.take(first + i, max(a, starts[i]) - starts[i], min(b, line_end) - starts[i])
        return ctx.claim(
            kind,
            first + la,
            original[a:b],
            line_end=first + lb,
            section=block.section,
            subject=subject,
            feature=feature,
            value=value,
            note=note,
            engine=engine,
            models=", ".join(models) or None,
        )

    if memberships:
        for value, feature, items, _span in membership_statements(text):
            for it in items:
                c = emit("support", it.subject, feature, value, it.note, it.start, it.end, it.aliases)
                if c:
                    yield c
    if columns:
        known: list[Known] = []
        if _ROWS_HINT_RE.search(text):
            if cache.known is None:
                cache.known = read_known(ctx.doc, cache.paragraphs)
            known.append(cache.known)
        for value, feature, it, note in column_statements(text, known):
            c = emit("support", it.subject, feature, value, note, it.start, it.end)
            if c:
                yield c
    said = False
    if constraints:
        for subject, feature, value, note, a, b in constraint_statements(text):
            c = emit("constraint", subject, feature, value, note, a, b)
            said = True
            if c:
                yield c
    if constraints and not said and topic is not None:
        # ("### Limitations" under "## TurboQuant": "**MLA not supported**" is TurboQuant's, no rule of use)
        for subject, feature, a, b in limitation_statements(text, topic):
            c = emit("support", subject, feature, "no", None, a, b)
            if c:
                yield c
    if stated and not said:
        for subject, feature, value, a, b in support_statements(text):
            c = emit("support", subject, feature, value, None, a, b)
            if c:
                yield c


_VALUE_FOR_HINT_RE = re.compile(r"\b(?:yes|no|n/a|untested|unsupported|supported|absent)\s+(?:for|on)\b")
_CONSTRAINT_HINT_RE = re.compile(
    r"\b(?:use|requires?|needs|must|not supported|not support|not available|not allowed|"
    r"never supported|cannot|incompatible)\b"
)
# the words the two hints cannot match without, as substrings ("unsupported" holds "supported"): a few
# substring tests skip most lines before the patterns run
_VALUE_FOR_WORDS = ("yes", "no", "n/a", "untested", "supported", "absent")
_FOR_WORDS = ("for", "on")
_CONSTRAINT_WORDS = (
    "use",
    "require",
    "needs",
    "must",
    "not support",  # (and "not supported")
    "not available",
    "not allowed",
    "never supported",
    "cannot",
    "incompatible",
)
_FOOTNOTE_DEF_RE = re.compile(r"^\s*\[\^[\w.-]{1,24}\]:")
_ROWS_HINT_RE = re.compile(r"\b(?:every|all|each|both|any)\s+[^;:]{1,200}?\srows?\b", re.IGNORECASE)
