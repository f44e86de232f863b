"""GitHub's text: as stored (CRLF line ends as LF, lone surrogates as U+FFFD) and as shown (`neutral`:
one line, no controls, no bidi overrides)."""

from __future__ import annotations

import re

_SURROGATE_RE = re.compile("[\\ud800-\\udfff]")
_UNSAFE_RE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")
"""Controls (C0, C1: terminal escapes, OSC hyperlinks, line breaks) and bidi/zero-width format characters."""


def neutral(text: object) -> str:
    """Text from GitHub (an error message, a URL) made fit for one line of output: controls and bidi
    overrides replaced with U+FFFD, runs of whitespace as one space. Nothing GitHub says can forge a line,
    hide the next one or reorder it."""
    s = " ".join(str(text).split())
    return _UNSAFE_RE.sub("\ufffd", s)


def normalise(text: str) -> str:
    """GitHub keeps descriptions with CRLF line ends; store LF so equal texts hash alike."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def replace_surrogates(text: str) -> tuple[str, int]:
    """`text` with lone surrogates (JSON can carry `\\ud800`; UTF-8 and SQLite cannot) as U+FFFD, and how many."""
    return _SURROGATE_RE.subn("\ufffd", text)
