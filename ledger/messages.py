"""One-line messages about inputs, shared by the library's notes and the CLI's edge."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ledger.model import ParseWarning

REPORT_MARKER = "<!-- ledger-report -->"
"""The first line of every markdown report: the GitHub Action finds its own comment by it, and compare
never reads that comment as evidence of the pull request."""


def warning_line(path: str, warning: ParseWarning | str) -> str:
    """A warning as `PATH:LINE: warning: MESSAGE` (`PATH: warning: MESSAGE` when it has no line), the way
    compilers name where a problem is. A plain string is a message about the whole of `path` (a fetch's
    note on a pull request); one that already starts with the path does not repeat it."""
    if isinstance(warning, str):
        text = warning[len(path) + 2 :] if warning.startswith(f"{path}: ") else warning
        return f"{path}: warning: {text}"
    where = path if warning.line is None else f"{path}:{warning.line}"
    return f"{where}: warning: {warning.message}"
