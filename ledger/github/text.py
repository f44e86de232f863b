"""GitHub's text: as stored (CRLF line ends as LF, lone surrogates as U+FFFD) and as shown (`neutral`:
one line, through the one neutraliser)."""

from __future__ import annotations

import re

_SURROGATE_RE = re.compile("[\\ud800-\\udfff]")


def neutral(text: object) -> str:
    """Text from GitHub (an error message, a URL, a check's name) as one line of output: runs of whitespace
    as one space, then the one neutraliser (`ledger.neutral.terminal`: controls, bidi overrides and lone
    surrogates made harmless). Nothing GitHub says can forge a line, hide the next one or reorder it."""
    from ledger.neutral import terminal

    return terminal(" ".join(str(text).split()))


def normalise(text: str) -> str:
    """GitHub keeps descriptions with CRLF line ends; store LF so equal texts hash alike."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def replace_surrogates(text: str) -> tuple[str, int]:
    """`text` with lone surrogates (JSON can carry `\\ud800`; UTF-8 and SQLite cannot) as U+FFFD, and how many."""
    return _SURROGATE_RE.subn("\ufffd", text)
