"""k6-style summaries (TGI's load tests): a dotted name, then its statistics as key=value pairs.

    ✓ queue_time.......: avg=657.6ms min=1ms med=650.2ms max=1.5s p(90)=1.19s p(95)=1.27s

Each statistic is a claim named by the line's name ("queue_time p(90)"), in its own unit; a count the tool prints
the same way ("iterations.....: 120 2.1/s") is read by the general readers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import find_numbers
from ledger.parsers.reader.document import Block

NAME = "k6"
VERSION = "1"
BLOCKS = frozenset({"code", "text"})
LINE_MARKS = ("..:",)  # every line read is a dotted summary line

_LINE_RE = re.compile(
    r"^\s{0,8}(?:[✓✗]\s{1,3})?(?P<name>[A-Za-z][\w.-]{0,60}?)\.{3,}:\s{1,8}(?=\w{1,8}(?:\(\d{1,3}\))?=)"
)
_STAT_RE = re.compile(
    r"(?P<stat>\w{1,8}(?:\(\d{1,3}(?:\.\d{1,2})?\))?)=(?P<value>[-+]?\d[\d.]{0,20}(?:[a-zµ]{1,3})?)(?=\s|$)"
)


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    first, last = (block.start, block.end) if block.kind == "code" else (block.start, block.start)
    for no in range(first, last + 1):
        text = ctx.doc.line(no)
        if "..:" not in text or len(text) > 2_000:
            continue
        m = _LINE_RE.match(text)
        if m is None:
            continue
        name = m.group("name")
        for sm in _STAT_RE.finditer(text, m.end()):
            found = find_numbers(sm.group("value"))
            if not found or not ctx.is_free(no, sm.start("value"), sm.end("value")):
                continue
            n = found[0]
            ctx.take(no, sm.start(), sm.end())
            yield ctx.claim(
                "perf",
                no,
                sm.group(0),
                metric=f"{name} {sm.group('stat')}",
                value=n.value,
                unit=n.unit,
            )
