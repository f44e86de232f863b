"""Whether a code block holds a program's source (a test, a benchmark script) rather than a command to run or the
output a run printed:

    ```python                                   its fence names a programming language, or
    x = torch.randn(4096, 7168, dtype=torch.float16)    a line is a statement only source holds: an import,
    import torch                                a definition, a decorator, a name given what a call returns

A program's settings are its own (the tensors it builds, the dtype it tests), where a command's flags or a tool's
printed settings are the run's.
"""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import is_command_line

_LANGUAGES = frozenset(
    {"python", "py", "python3", "py3", "ipython", "pycon", "cpp", "c++", "cc", "cuda", "cu", "c", "rust", "rs", "go"}
    | {"java", "js", "javascript", "ts", "typescript"}
)
# a statement of source code at a line's start: "import torch", "from x.y import z", "def f(", "class A(", "@torch.jit",
# "x = torch.randn(", "out, lse = attn(": a command's "FOO=1 python ..." holds no call's bracket after its "="
_SOURCE_LINE_RE = re.compile(
    r"[ \t]{0,40}(?:import[ \t]{1,4}[A-Za-z_]|from[ \t]{1,4}[\w.]{1,80}[ \t]{1,4}import[ \t]|"
    r"def[ \t]{1,4}\w{1,80}[ \t]?\(|class[ \t]{1,4}\w{1,80}[ \t]?[(:]|@[A-Za-z_][\w.]{0,80}(?:\(|[ \t]*$)|"
    r"[A-Za-z_]\w{0,40}(?:[ \t]?,[ \t]?[A-Za-z_]\w{0,40}){0,4}[ \t]?=[ \t]?[A-Za-z_][\w.]{0,80}\()"
)
_MAX_LINES = 200
"""How many of a block's lines are looked at: a program shows itself in its first lines."""


def is_program(doc: Document, block: Block) -> bool:
    """The code block holds a program's source: one of its first lines is a statement only source holds, or its fence
    names a language and none of them is a command."""
    if block.kind != "code":
        return False
    lines = [doc.line(no) for no in range(block.start, min(block.end, block.start + _MAX_LINES) + 1)]
    if any(_SOURCE_LINE_RE.match(line) for line in lines):
        return True
    # ("```python" over "python -m server --tp 4": a command under a language's fence is still the run's)
    return block.info.strip().lower() in _LANGUAGES and not any(is_command_line(line.strip()) for line in lines)
