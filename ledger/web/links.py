"""Where the pages link: every claim on every page links to its line of the stored text."""

from __future__ import annotations

from typing import Any

PREFIX = "/-/ledger"


def doc_href(document_id: Any, version: Any, line: Any, line_end: Any = None) -> str:
    """The link to a line of a stored version."""
    # the line goes in the query too (a fragment never reaches the server): a long text is served a page of
    # lines around it, and the claim's lines are highlighted
    span = f"?hl={line}-{line_end}" if line_end not in (None, line) else f"?hl={line}"
    return f"{PREFIX}/doc/{document_id}/v{version}{span}#L{line}"
