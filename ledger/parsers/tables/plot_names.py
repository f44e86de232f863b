"""The name a benchmark script prints over its frame: triton.testing.perf_report's plot name, a pandas frame's title.

    write-req-to-token-pool-performance:
        batch_size  extend_len     PyTorch    Triton
    0          1.0        32.0  119.135998  23.375999

The name says which benchmark the frame's numbers are of: two frames with the same columns in one paste (an RMSNorm's
and a fused add-RMSNorm's) are two tests, never one series.
"""

from __future__ import annotations

import re

# one word of parts joined by '-' or '_' (two at least), then the colon, alone on its line
_PLOT_NAME_RE = re.compile(r"^\s{0,4}(?P<name>[A-Za-z][A-Za-z0-9]{0,30}(?:[-_][A-Za-z0-9]{1,30}){1,10}):\s*$")


def plot_name(line: str) -> str | None:
    """ "matmul-performance:" -> "matmul-performance"; None for any other line (a sentence, a setting "bs: 8")."""
    m = _PLOT_NAME_RE.match(line[:400])
    return m.group("name") if m else None
