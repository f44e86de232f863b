"""A paste cut off at the document's end: the last line inside a code block that never closes.

A console paste ends with its own last line and a closing fence. A document that ends inside an open fence, on a
number printed with fewer decimals than the number before it ("Mean TPOT (ms):   11" under "P99 TTFT (ms): 113475.30",
where the paste printed "11.52"), was cut mid-number: that value is not read, with a warning naming the line, as a
grid table's cut last row is not (tables.grid). A last number as precise as the one before it ("acc: 0.620" under
"acc: 0.880", "27.03" under "16384") may be whole, and stays."""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Document
from ledger.parsers.reader.code_blocks import FENCE_RE

# a number standing alone ("11", "113475.30", "#q:100,"; not "1st", "1.28x", "9.955s")
_NUMBER_RE = re.compile(r"(?<![\w.])\d{1,30}(?:\.(\d{1,30}))?(?![\w.])")
_LOOK_BACK = 6
"""Lines above the last one looked through for the number before it."""
CUT_MESSAGE = (
    "the document ends inside an unclosed code block on a number printed with fewer decimals than the one before it "
    "(cut short?): it is not read"
)


def cut_end_line(doc: Document) -> int | None:
    """The 1-based number of the document's last line when it may be cut mid-number (see the module), else None."""
    lines = doc.lines
    last = len(lines)
    while last and not lines[last - 1].strip():
        last -= 1
    if not last or not lines[last - 1].rstrip()[-1:].isdigit():
        return None
    code = next((b for b in reversed(doc.blocks) if b.kind == "code" and not b.in_code), None)
    if code is None or code.info == "indented" or not code.start < last <= code.end:
        return None
    if not FENCE_RE.match(lines[code.start - 1]) or any(FENCE_RE.match(x) for x in lines[code.start : last]):
        return None  # (not a fence of its own, or one that closed before the end)
    text = "\n".join(lines[max(code.start, last - 1 - _LOOK_BACK) : last])
    found = list(_NUMBER_RE.finditer(text))
    if len(found) < 2 or found[-1].end() != len(text.rstrip()):
        return None
    before, end = (len(m.group(1) or "") for m in found[-2:])
    return last if end < before else None
