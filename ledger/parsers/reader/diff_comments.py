"""The comment lines of a diff: in a ```diff fence (or a fence of hunks, "@@ -12,6 +12,8 @@"), a line the change adds,
removes or keeps that is a comment of the file's code:

    +# Nightly budget: ~180 min, since loading the 0.8 TB checkpoint     <- the code's own remark: an estimate, a size
    +register_nightly(est_time=10800)

What such a comment says is the source's documentation (a budget, a bound, a size), never a result a run printed: the
pipeline gives those lines to no extractor (taken before any reads). A diff's other lines ("- tput: 1180.2" /
"+ tput: 1212.5", a results file the change updates) are read as before.
"""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Block, Document

# a hunk's added, removed or context line whose code is a comment: "+# ...", "-  // ...", "+/* ..." (never a
# markdown file's "+## Results" heading nor a shebang)
_COMMENT_LINE_RE = re.compile(r"[+\- ][ \t]{0,16}(?:#(?![#!])|//|/\*)")
_HUNK_RE = re.compile(r"@@ -\d")
_DIFF_INFOS = frozenset(("diff", "patch"))
_LOOKED = 200
"""The lines of a fence looked at for a hunk's header (a diff shows itself in its first lines)."""


def diff_comment_lines(doc: Document) -> set[int]:
    """The lines (1-based) of every diff's code comments."""
    out: set[int] = set()
    for b in doc.blocks:
        if b.kind == "code" and not b.in_code and _is_diff(doc, b):
            out.update(no for no in range(b.start + 1, b.end + 1) if _COMMENT_LINE_RE.match(doc.line(no)))
    return out


def _is_diff(doc: Document, code: Block) -> bool:
    """The code block is a diff: its fence says so, or a hunk's header opens one of its first lines."""
    word = code.info.split()[:1]
    if word and word[0].lower() in _DIFF_INFOS:
        return True
    return any(_HUNK_RE.match(doc.line(no)) for no in range(code.start, min(code.end, code.start + _LOOKED) + 1))
