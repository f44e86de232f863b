"""An eval gate's verdict lines: each names the task's score and the bar it was held to.

    FAIL: gsm8k exact_match,strict-match = 0.8362 (< 0.91 from models.dsv4)
    PASS: mmlu acc = 0.8120 (>= 0.80)

One accuracy result per line: the score, with the bar as its stated threshold (so the comparison judges it against
the bar, as the gate did) and the gate's word as its outcome text. The bar is no result of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import to_float
from ledger.parsers.reader.document import Block

NAME = "eval_gate"
VERSION = "1"
BLOCKS = frozenset({"code", "text", "item"})
LINE_MARKS = ("PASS", "FAIL")

# (a verdict word, the task, its metric and filter, the score, then the bar in parentheses; each part bounded)
_GATE_RE = re.compile(
    r"^\W{0,4}(?P<word>PASS(?:ED)?|FAIL(?:ED)?)\s?:\s{1,3}(?P<task>[A-Za-z][\w.-]{0,40})\s{1,3}"
    r"(?P<metric>[A-Za-z][\w-]{0,40})(?:,(?P<filter>[A-Za-z][\w-]{0,40}))?\s{0,3}[=:]\s{0,3}"
    r"(?P<v>\d{1,3}(?:\.\d{1,8})?)(?P<pct>%)?\s{0,3}\(\s{0,2}(?P<op>[<>]=?|[≤≥])\s{0,2}(?P<bar>\d{1,3}(?:\.\d{1,8})?%?)"
    r"(?:\s[^()\n]{0,120})?\)"
)


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    for no in range(block.start, block.end + 1):
        text = ctx.doc.line(no)
        if ("PASS" not in text and "FAIL" not in text) or (m := _GATE_RE.match(text)) is None:
            continue
        value = to_float(m.group("v"))
        if value is None:
            continue
        task, metric, filt = m.group("task"), m.group("metric"), m.group("filter")
        config = {"task": task, "metric": metric, "threshold": m.group("bar")}
        if filt:
            config["filter"] = filt
        ctx.taken.add(no)
        yield ctx.claim(
            "accuracy",
            no,
            text[m.start("task") : m.end()],
            metric=f"{task} {metric}" + (f" ({filt})" if filt else ""),
            value=value,
            unit="%" if m.group("pct") else None,
            outcome_text=m.group("word"),
            config=config,
        )
