"""Sphinx directives: MyST's fenced form (```` ```{list-table} ````, `:::{note}`) and reST's (`.. list-table::`).

A directive opens with its options, one `:name: value` a line (`:header-rows: 1`, `:widths: 20 8 8`, `:class: tip`)
or, in MyST, a `---` ... `---` block of the same keys. Options tell the renderer how to lay the content out: a
number there is a column width or a count of header rows, never a result, so no reader is given their lines.
A reST directive's content is every line after it that is blank or indented deeper than its `..`.
"""

from __future__ import annotations

import bisect
import re

from ledger.parsers.reader.blocks import MAX_LINE, Document

# (one option a line: a name of letters, digits and dashes between colons, then its value or nothing)
OPTION_RE = re.compile(r"^[ \t]*:[A-Za-z][\w-]{0,40}:(?:[ \t].*)?$")
# ".. list-table:: Title", ".. note::", ".. code-block:: bash" (a role-qualified name too: ".. py:function::")
RST_DIRECTIVE_RE = re.compile(r"^([ \t]*)\.\.[ \t]+([A-Za-z][\w-]{0,40}(?::[\w-]{1,40})?)::(?:[ \t]+(.*))?$")
# MyST's fence info naming a directive: "{list-table} Title", "{note}"
MYST_INFO_RE = re.compile(r"^\{([A-Za-z][\w-]{0,40}(?::[\w-]{1,40})?)\}(?:[ \t]+(.*))?$")
# MyST's colon fence, read by no markdown parser of ours: ":::{list-table} Title" ... ":::"
COLON_OPEN_RE = re.compile(r"^ {0,3}:{3,}\{([A-Za-z][\w-]{0,40}(?::[\w-]{1,40})?)\}(?:[ \t]+(.*))?$")
_COLON_CLOSE_RE = re.compile(r"^ {0,3}:{3,}[ \t]*$")
_YAML_RULE_RE = re.compile(r"^[ \t]*---[ \t]*$")
_MAX_OPTIONS = 40
"""A directive's options are a handful: a run longer than this is not read as options (linear either way)."""


def options_end(lines: list[str], k: int, hi: int) -> int:
    """The index after the options that open a directive's content at line index `k` (`k` where none do): the
    `:name: value` lines, or MyST's `---` block of them."""
    if k < hi and _YAML_RULE_RE.match(lines[k][:MAX_LINE]):
        for j in range(k + 1, min(hi, k + 1 + _MAX_OPTIONS)):
            if _YAML_RULE_RE.match(lines[j][:MAX_LINE]):
                return j + 1
        return k
    j = k
    while j < hi and j - k < _MAX_OPTIONS and OPTION_RE.match(lines[j][:MAX_LINE]):
        j += 1
    return j


def indent_of(line: str) -> int:
    """The line's indent in columns (a tab to the next stop of four)."""
    return len(line[: len(line) - len(line.lstrip(" \t"))].expandtabs(4))


def rst_content_end(lines: list[str], i: int, n: int) -> int:
    """The index after a reST directive at line index `i`: its content is every following line that is blank or
    indented deeper than the directive (trailing blank lines are left to the next block)."""
    own = indent_of(lines[i][:MAX_LINE])
    last = i
    for j in range(i + 1, n):
        line = lines[j][:MAX_LINE]
        if not line.strip():
            continue
        if indent_of(line) <= own:
            break
        last = j
    return last + 1


def colon_close(doc: Document, i: int) -> int | None:
    """The index of the ":::" line closing the colon fence opened at line index `i`, or None where none follows. The
    closing lines are found once per document: each fence's close is then a look-up (many fences never closed cost
    no walk to the end each)."""
    closes = doc.derived.get("directives.colon_close")
    if closes is None:
        closes = doc.derived["directives.colon_close"] = [
            j for j, line in enumerate(doc.lines) if ":::" in line[:8] and _COLON_CLOSE_RE.match(line[:MAX_LINE])
        ]
    at = bisect.bisect_right(closes, i)
    return closes[at] if at < len(closes) else None
