"""The lines of a docs page's admonitions: a MyST fence (```{note}, ```{warning}, :::{important}) or a quote opened
by a note's mark ("> **Note**", "> [!WARNING]", "> Note:"). What a page says there of its product's support ("The
FastPath engine doesn't support sliding windows", "X is supported only by the eager engine") is a statement of that
support, as a "Limitations" section's is (support.limitations), never a rule of one PR's code.
"""

from __future__ import annotations

import re

from ledger.parsers.reader.document import Document

_KINDS = r"note|warning|tip|important|attention|caution|hint|danger|seealso|admonition"
_DIRECTIVE_RE = re.compile(r"^\{(?:" + _KINDS + r")\}", re.IGNORECASE)
_FENCE_OPEN_RE = re.compile(r"^ {0,3}(?::{3,}|`{3,}|~{3,})\s?\{(?:" + _KINDS + r")\}", re.IGNORECASE)
_FENCE_CLOSE_RE = re.compile(r"^ {0,3}(?::{3,}|`{3,}|~{3,})\s*$")
# the quote's first line: "> **Note**", "> [!NOTE]", "> Note:", "> ⚠️ **Warning:** ..."
_QUOTE_MARK_RE = re.compile(
    r"^\s{0,3}>\s?(?:\W{0,3}\s?)?(?:\*\*|__)?\[?!?(?:" + _KINDS + r")\]?(?:\*\*|__)?\s?:?(?:\*\*|__)?", re.IGNORECASE
)
_QUOTE_RE = re.compile(r"^\s{0,3}>")
_KEY = "support.admonition_lines"


def admonition_lines(doc: Document) -> frozenset[int]:
    """The 1-based lines inside the document's admonitions (found once per document)."""
    got: frozenset[int] | None = doc.derived.get(_KEY)
    if got is None:
        got = doc.derived[_KEY] = frozenset(_fenced(doc) | _quoted(doc))
    return got


def _fenced(doc: Document) -> set[int]:
    """The lines between a directive fence and its close: the code blocks whose info is a directive, and the colon
    fences no markdown reader takes for code."""
    out: set[int] = set()
    for b in doc.blocks:
        if b.kind == "code" and _DIRECTIVE_RE.match(b.info.strip()):
            out.update(range(b.start + 1, b.end))
    lines, inside = doc.lines, False
    for no, line in enumerate(lines, 1):
        if not inside and line.lstrip().startswith(":::") and _FENCE_OPEN_RE.match(line):
            inside = True
            out.add(no)  # (the opening line too: the sentence under it may be read from it on)
        elif inside and _FENCE_CLOSE_RE.match(line):
            inside = False
        elif inside:
            out.add(no)
    return out


def _quoted(doc: Document) -> set[int]:
    """The lines of each quote whose first line carries a note's mark, to the quote's end."""
    out: set[int] = set()
    inside = False
    for no, line in enumerate(doc.lines, 1):
        if ">" not in line or not _QUOTE_RE.match(line):  # (most lines hold no ">": no pattern's call)
            inside = False
            continue
        if not inside and _QUOTE_MARK_RE.match(line):
            inside = True
        if inside:
            out.add(no)
    return out
