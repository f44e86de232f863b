"""A test named in passing in prose ("The layout is covered; see test_fp8_block_scale in CI."): its setup words name
that test's case, not the runs the document reports, so the setup readers read the id blanked.

Only where prose points at a test on the way: a paragraph that leads a paste or a table ("The test
`TestWren8B::test_nvfp4` passed locally:" over its output), a label's value ("Test: test_fp8_mtp"), a heading, a line
stating a result of its own keep the id, whose setup is then that block's, that label's or that result's."""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Block, Document
from ledger.vocab.test_ids import test_ids_in

# a result the line states beside the id ("test_fp8_gemm: 1.8x faster", "... 0.912"): the id names its run
_RESULT_RE = re.compile(r"\d\.\d|\d\s?(?:%|x\b)")
# the label a value follows ("Test: `test_fp8_mtp`", "- **Unit test**: test_x"): a short name and its colon
_LABEL_RE = re.compile(r"^[\s>*+-]{0,6}[*_]{0,2}[A-Za-z][\w ./-]{0,30}[*_]{0,2}:[*_]{0,2}\s{0,3}[`*_]{0,2}$")


def passing_tests_blanked(doc: Document) -> dict[int, str]:
    """Line number -> the line with the test ids it names in passing blanked (see the module's docstring), for the
    prose lines that name one so."""
    out: dict[int, str] = {}
    blocks = doc.blocks
    for k, b in enumerate(blocks):
        if b.kind not in ("text", "item") or b.in_code or "test_" not in b.text or _leads(blocks, k):
            continue
        for no in range(b.start, b.end + 1):
            line = doc.setup_line(no)
            if "test_" not in line or len(line) > 2000 or _RESULT_RE.search(line):
                continue
            blanked = line
            for end, test in test_ids_in(line):
                start = end - len(test)
                if not _LABEL_RE.match(line[:start]):
                    blanked = blanked[:start] + " " * len(test) + blanked[end:]
            if blanked != line:
                out[no] = blanked
    return out


def _leads(blocks: list[Block], k: int) -> bool:
    """Block k leads what follows it: it ends on a colon, or a paste or a table stands right under it."""
    b = blocks[k]
    nxt = blocks[k + 1] if k + 1 < len(blocks) else None
    return b.text.rstrip(" *_`").endswith(":") or (
        nxt is not None and nxt.kind in ("code", "table") and nxt.start - b.end <= 2
    )
