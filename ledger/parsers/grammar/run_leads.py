"""A labelled line that names a run by what identifies it, over that run's table: "**Baseline:** 2026-08-31 ·
`org/serve:v0.5.18`", "**Reference run:** published 2026-03-02 · engine image v1.4.0", "Before: nightly of 2026-03-02
(`v1.4.0`)". Its values are that run's, the side its label names (a published baseline's numbers posted before the
PR's own run): never the PR's result. Only a short caption line ("8k/1k · TP4 · Mean latency") may stand between the
label and its table.

A line that gives the label a value ("**Baseline:** 41.2 tok/s", "Before: 12 ms") is no run's name: a digit outside
the date, version and code spans that identify the run keeps the line a value."""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.reader.document import Document
from ledger.vocab.sides import BASE_LABEL_WORDS, HEAD_LABEL_WORDS

_RUN_LEAD_RE = re.compile(
    r"^\s{0,3}(?:[*_]{1,2})?(?P<label>(?:" + BASE_LABEL_WORDS + "|" + HEAD_LABEL_WORDS + r"|reference)"
    r"(?:\s(?:run|build|image|numbers|results))?)(?:[*_]{1,2})?\s?:(?:[*_]{1,2})?\s{1,3}(?P<rest>\S[^\n]{0,300})$",
    re.IGNORECASE,
)
# what names a run: the day it was published, a release or image version, a code span (an image's tag, a build's name)
_DATE = r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)"
_VERSION = r"(?<![\w.])v\d{1,4}(?:\.\d{1,6}){1,3}[\w.+-]{0,60}|(?<![\w.])\d{1,4}(?:\.\d{1,6}){2,3}(?![\w.])"
_IDENTITY_RE = re.compile(r"`[^`\n]{1,200}`|" + _DATE + "|" + _VERSION)
_DIGIT_RE = re.compile(r"\d")
_MAX_CAPTIONS = 1
"""Short text lines a run's label may stand above its table by (a caption of the table's setup)."""


def run_lead(doc: Document, idx: int) -> Revision | None:
    """The run a text line labels and identifies, when a table (or a paste) of results follows it."""
    block = doc.blocks[idx]
    m = _RUN_LEAD_RE.match(block.text) if len(block.text) <= 400 else None
    if m is None or not _over_results(doc, idx):
        return None
    rest = m.group("rest")
    # (an image's reference by its tag: "org/serve:v0.5.18" is named "v0.5.18")
    names = [n.group().strip("`").rsplit(":", 1)[-1] for n in _IDENTITY_RE.finditer(rest)]
    if not names or _DIGIT_RE.search(_IDENTITY_RE.sub(" ", rest)):
        return None  # ("**Baseline:** 41.2 tok/s": the label's value, no run's name)
    return Revision(label=f"{m.group('label').strip()} ({', '.join(n[:60] for n in names[:3])})", head=None, base=None)


def _over_results(doc: Document, idx: int) -> bool:
    """A table or paste follows the line, after one short caption line at most (no gap of more than a blank)."""
    prev = doc.blocks[idx]
    for nxt in doc.blocks[idx + 1 : idx + 2 + _MAX_CAPTIONS]:
        if nxt.start - prev.end > 2:
            return False
        if nxt.kind in ("table", "code"):
            return True
        if nxt.kind != "text" or nxt.end != nxt.start or _RUN_LEAD_RE.match(nxt.text[:400]):
            return False
        prev = nxt
    return False
