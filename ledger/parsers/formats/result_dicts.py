"""Results printed as a dict of subjects, each a dict of its scores (an eval harness's per-category summary):

    {'Overall-Art and Design': {'num': 120, 'acc': 0.61667}, 'Music': {'num': 30, 'acc': 0.4}, ...}

or as one eval's record, named by the eval ("[{'eval_name': 'aime25', 'model_name': '...', 'metric': 0.529}]"),
or as a pretty-printed JSON list of per-model records, each with its "score" (ledger/parsers/reader/json_records.py):
the record's score is one claim, however many times the record prints it ("metrics": {"en": 0.8, "score": 0.8},
"score": 0.8: a per-language or per-group copy, the metrics' own copy), its "score:std" its standard deviation.

Each score is a claim named by its subject and its key ("Music acc"); the subject's count of questions ("num") is
the size of what was scored, its `samples`, never a score of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.reader.document import Block
from ledger.parsers.reader.json_records import json_dump_records
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
SCORED = NAME + ".scored_records"
"""ctx.memo's (first, last) lines of each JSON record with a score: its other numbers are scores too ("en", "zh")."""
_MIN_SUBJECTS = 2
"""One subject alone is a config or a payload as often as a summary: a summary lists several."""


# '"score": 0.852' on a line of its own in a pretty-printed record; '"score:std": 0.35' its standard deviation,
# '"score_stderr": 0.01' its standard error
_JSON_ENTRY_RE = re.compile(
    r"""^\s{0,40}"(?P<key>[\w@./:-]{1,40})"\s{0,3}:\s{0,3}(?P<value>[-+]?\d{1,12}(?:\.\d{1,20})?)\s{0,3},?\s{0,3}$"""
)
_SPREAD_KEY_RE = re.compile(r"^(?P<base>[\w@./-]{1,40}?)[:_](?P<spread>std|stddev|stderr|std_err)$", re.IGNORECASE)


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    if block.kind == "code":
        for first, last in json_dump_records(ctx.doc, block):
            yield from _record_score(ctx, first, last)
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


def _record_score(ctx: Context, first: int, last: int) -> Iterator[Claim]:
    """The one claim of a JSON record's score (its outermost "score", the one printed with the least indent), with
    its standard deviation or error; the record's copies of it and their spreads are taken, no claims."""
    entries = [(no, m) for no in range(first, last + 1) if (m := _JSON_ENTRY_RE.match(ctx.doc.line(no)[:400]))]
    scores = [(no, m) for no, m in entries if m.group("key").lower() == "score"]
    if not scores:
        return
    ctx.memo.setdefault(SCORED, []).append((first, last))
    no, score = min(scores, key=lambda e: (len(e[1].group(0)) - len(e[1].group(0).lstrip()), e[0]))
    value = float(score.group("value"))
    copies = {k for _, m in entries if float(m.group("value")) == value and (k := m.group("key").lower())}
    spread: dict[str, float] = {}
    for at, m in entries:
        sm = _SPREAD_KEY_RE.match(m.group("key"))
        if (
            (sm is not None and sm.group("base").lower() in copies)
            or (at, m) in scores
            or m.group("key").lower() in copies
        ):
            if sm is not None and sm.group("base").lower() == "score":
                spread["stddev" if sm.group("spread").lower() in ("std", "stddev") else "stderr"] = float(
                    m.group("value")
                )
            if (at, m) != (no, score):
                ctx.take(at, m.start("key") - 1, m.end("value"))
    if not ctx.is_free(no, score.start("value"), score.end("value")):
        return
    ctx.take(no, score.start("key") - 1, score.end("value"))
    yield ctx.claim(
        "accuracy",
        no,
        score.group(0).strip().rstrip(","),
        metric="score",
        value=value,
        stddev=spread.get("stddev"),
        stderr=spread.get("stderr"),
    )


def in_scored_record(ctx: Context, no: int) -> bool:
    """Line `no` is inside a JSON eval record that has a score: its other numbers ('"zh": 0.7') are scores too."""
    return any(a <= no <= b for a, b in ctx.memo.get(SCORED, ()))
