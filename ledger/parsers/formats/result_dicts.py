"""Results printed as a dict of subjects, each a dict of its scores (an eval harness's per-category summary):

    {'Overall-Art and Design': {'num': 120, 'acc': 0.61667}, 'Music': {'num': 30, 'acc': 0.4}, ...}

or as one eval's record, named by the eval ("[{'eval_name': 'aime25', 'model_name': '...', 'metric': 0.529}]").

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
# one eval's record: its name under a name key, its score under a score key (sglang's run_eval prints a list of them)
_RECORD_RE = re.compile(r"\{(?P<body>[^{}]{1,600})\}")
_STRING_ENTRY_RE = re.compile(r"""['"]([\w-]{1,30})['"]\s{0,3}:\s{0,3}['"]([^'"]{1,80})['"]""")
_NAME_KEYS = ("eval_name", "task_name", "task", "benchmark", "dataset")
_SCORE_KEYS = frozenset({"metric", "score", "mean_score", "accuracy", "acc", "exact_match"})
_MIN_SUBJECTS = 2
"""One subject alone is a config or a payload as often as a summary: a summary lists several."""


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    first, last = (block.start, block.end) if block.kind == "code" else (block.start, block.start)
    for no in range(first, last + 1):
        text = ctx.doc.line(no)
        if "{" not in text or len(text) > 20_000:
            continue
        subjects = list(_SUBJECT_RE.finditer(text)) if text.count("{") >= _MIN_SUBJECTS + 1 else []
        if len(subjects) >= _MIN_SUBJECTS:
            for m in subjects:
                yield from _subject_claims(ctx, no, m)
        elif "_name" in text or "task" in text:
            yield from _record_claims(ctx, no, text)


def _record_claims(ctx: Context, no: int, text: str) -> Iterator[Claim]:
    """ "[{'eval_name': 'aime25', 'model_name': '...', 'metric': 0.529}]": one eval's record, its score named by
    the eval."""
    for rec in _RECORD_RE.finditer(text[:20_000]):
        body = rec.group("body")
        names = {k.lower(): v for k, v in _STRING_ENTRY_RE.findall(body)}
        name = next((names[k] for k in _NAME_KEYS if k in names), None)
        score = next((e for e in _ENTRY_RE.finditer(body) if e.group("key").lower() in _SCORE_KEYS), None)
        if name is None or score is None:
            continue
        start, end = rec.start("body") + score.start("value"), rec.start("body") + score.end("value")
        if not ctx.is_free(no, start, end):
            continue
        ctx.take(no, start, end)
        yield ctx.claim(kind_for_metric(name), no, score.group("value"), metric=name, value=float(score.group("value")))


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
