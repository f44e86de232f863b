"""One-line messages about inputs, shared by the library's notes and the CLI's edge."""

from __future__ import annotations

import re

REPORT_MARKER = "<!-- ledger-report -->"
"""The first line of every markdown report: the GitHub Action finds its own comment by it, and compare
never reads that comment as evidence of the pull request."""

_LINE_RE = re.compile(r"line (\d{1,9}): ")


def warning_line(path: str, warning: object) -> str:
    """A warning as `PATH:LINE: warning: message` (or `PATH: warning: message` when it has no line), the way
    compilers name where a problem is; a message that already starts with the path does not repeat it."""
    text = str(warning)
    if text.startswith(f"{path}: "):
        text = text[len(path) + 2:]
    m = _LINE_RE.match(text)
    if m:
        return f"{path}:{m.group(1)}: warning: {text[m.end():]}"
    return f"{path}: warning: {text}"
