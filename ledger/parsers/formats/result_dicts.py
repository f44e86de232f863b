"""Results printed as a dict of subjects, each a dict of its scores (an eval harness's per-category summary):

    {'Overall-Art and Design': {'num': 120, 'acc': 0.61667}, 'Music': {'num': 30, 'acc': 0.4}, ...}

Each score is a claim named by its subject and its key ("Music acc"); the subject's count of questions ("num") is
the size of what was scored, its `samples`, never a score of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.reader.document import Block
from ledger.vocab.metrics import kind_for_metric

NAME = "result_dicts"
VERSION = "1"
BLOCKS = frozenset({"code", "text"})
LINE_MARKS = ("{",)

# a subject's name, then its flat dict of numbers: bounded, so each start is tried in constant time
_SUBJECT_RE = re.compile(r"""['"](?P<name>[^'"{}]{1,80})['"]\s{0,3}:\s{0,3}\{(?P<body>[^{}]{1,600})\}""")
_ENTRY_RE = re.compile(r"""['"](?P<key>[\w@./-]{1,30})['"]\s{0,3}:\s{0,3}(?P<value>[-+]?\d{1,12}(?:\.\d{1,12})?)""")
# the keys that count what was scored, not a score
_COUNT_KEYS = frozenset({"num", "n", "count", "total", "samples", "num_samples", "n_samples", "size"})
_MIN_SUBJECTS = 2
"""One subject alone is a config or a payload as often as a summary: a summary lists several."""


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    first, last = (block.start, block.end) if block.kind == "code" else (block.start, block.start)
    for no in range(first, last + 1):
        text = ctx.doc.line(no)
        if "{" not in text or text.count("{") < _MIN_SUBJECTS + 1 or len(text) > 20_000:
            continue
        subjects = list(_SUBJECT_RE.finditer(text))
        if len(subjects) < _MIN_SUBJECTS:
            continue
        for m in subjects:
            yield from _subject_claims(ctx, no, m)


def _subject_claims(ctx: Context, no: int, m: re.Match[str]) -> Iterator[Claim]:
    entries = list(_ENTRY_RE.finditer(m.group("body")))
    count = next((e.group("value") for e in entries if e.group("key").lower() in _COUNT_KEYS), None)
    base = m.start("body")
    for e in entries:
        start, end = base + e.start(), base + e.end()
        if e.group("key").lower() in _COUNT_KEYS:
            ctx.take(no, start, end)  # (the count is the subject's size: no claim, and no other reader's)
            continue
        if not ctx.is_free(no, base + e.start("value"), base + e.end("value")):
            continue
        ctx.take(no, start, end)
        metric = f"{m.group('name').strip()} {e.group('key')}"
        yield ctx.claim(
            kind_for_metric(e.group("key")),
            no,
            ctx.doc.line(no)[start:end],
            metric=metric,
            value=float(e.group("value")),
            config={"samples": count} if count is not None else {},
        )
