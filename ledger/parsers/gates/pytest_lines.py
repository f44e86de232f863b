"""Gates from pytest's per-test lines: "FAILED tests/test_a.py::test_b[x] - AssertionError" (-rA summary)
and "tests/test_a.py::test_b PASSED" (-v), in a code block or a rendered copy's bare lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.gates.claims import gate
from ledger.parsers.reader.document import Block

PYTEST_RE = re.compile(r"^\s*(?P<word>PASSED|FAILED|ERROR|XFAIL|XPASS|SKIPPED)\s+(?P<id>\S+::\S+)")
PYTEST_V_RE = re.compile(r"^\s*(?P<id>\S+::\S+)\s+(?P<word>PASSED|FAILED|ERROR|XFAIL|XPASS|SKIPPED)\b")
_PYTEST_OUTCOMES = {
    "passed": "pass",
    "failed": "fail",
    "error": "fail",
    "xfail": "pass",
    "xpass": "pass",
    "skipped": "skipped",
}


def pytest_lines(block: Block, ctx: Context) -> Iterator[Claim]:
    for no in range(block.start, block.end + 1):
        text = ctx.doc.line(no)
        m = PYTEST_RE.match(text) or PYTEST_V_RE.match(text)
        if not m:
            continue
        test_id = m.group("id").split("::")[-1]
        word = m.group("word")
        yield gate(
            ctx,
            no,
            text.strip()[:120],
            test_id,
            _PYTEST_OUTCOMES[word.lower()],
            word,
            config={"test": m.group("id")[:200]},
        )
