"""TensorRT-LLM's accuracy test report: the task's score, then the hypothesis test that judged it.

    [INFO] lm-eval gsm8k exact_match,flexible-extract accuracy: 41.50
    = ACCURACY HYPOTHESIS TESTING
    Alpha (Type I:  False Positive): 0.050
    Beta  (Type II: False Negative): 0.200
    Sigma (Standard deviation): 50.000
    Theta (Minimum detectable effect): 4.841
    Reference accuracy: 88.000
    Threshold: 84.800
    Evaluated accuracy: 41.503

One result: the evaluated accuracy, with the reference accuracy as its reference and the threshold it was held to
as a note. The test's parameters (alpha, beta, sigma, theta) are no results, nor is the task's score printed again
above the test (the same run, rounded).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import to_float
from ledger.parsers.reader.document import Block

NAME = "accuracy_test"
VERSION = "1"
BLOCKS = frozenset({"code", "text"})
LINE_MARKS = ("Evaluated accuracy",)  # the line each result is read from

_EVALUATED_RE = re.compile(r"^\s{0,8}Evaluated accuracy\s{0,4}:\s{0,4}(?P<v>\d{1,3}(?:\.\d{1,6})?)\s*$")
_FIELD_RE = re.compile(
    r"^\s{0,8}(?P<key>Reference accuracy|Threshold|Alpha|Beta|Sigma|Theta)\s{0,4}(?:\([^()]{0,60}\))?\s{0,4}:\s{0,4}"
    r"(?P<v>-?\d{1,6}(?:\.\d{1,6})?)\s*$"
)
# the score the harness printed before the test: "lm-eval gsm8k exact_match,flexible-extract accuracy: 41.50"
_TASK_RE = re.compile(
    r"\b(?P<task>[A-Za-z][\w.-]{1,40})\s(?:[\w,.-]{1,60}\s)?accuracy\s{0,2}:\s{0,4}(?P<v>\d[\d.]{0,12})"
)
_REACH = 24
"""How many lines above the evaluated accuracy the test's fields and the task's line may stand."""


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    first, last = (block.start, block.end) if block.kind == "code" else (block.start, block.start)
    for no in range(first, last + 1):
        text = ctx.doc.line(no)
        if "Evaluated accuracy" not in text or (m := _EVALUATED_RE.match(text)) is None:
            continue
        value = to_float(m.group("v"))
        if value is None:
            continue
        fields: dict[str, float] = {}
        task = ""
        for above in range(no - 1, max(0, no - _REACH), -1):
            line = ctx.doc.line(above)
            if (f := _FIELD_RE.match(line)) is not None:
                fields.setdefault(f.group("key").lower(), to_float(f.group("v")) or 0.0)
                ctx.taken.add(above)  # (the test's parameters are no results of their own)
            elif not task and (t := _TASK_RE.search(line)) is not None and not line.lstrip().startswith("Evaluated"):
                task = t.group("task")
                shown = to_float(t.group("v"))
                if shown is not None and abs(shown - value) < 0.01 * max(1.0, value):
                    ctx.taken.add(above)  # the same run's score, rounded, above its test
        if "reference accuracy" not in fields:
            continue
        ctx.taken.add(no)
        threshold = fields.get("threshold")
        yield ctx.claim(
            "accuracy",
            no,
            m.group("v"),
            metric=f"{task} accuracy" if task else "accuracy",
            value=value,
            reference=fields["reference accuracy"],
            note=f"threshold {threshold:g}" if threshold is not None else None,
            config={"task": task} if task else {},
        )
