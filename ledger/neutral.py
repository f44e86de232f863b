"""The one neutraliser: text from outside (a document, a file name, a title, a revision label, a model
name, a server's message) as each output can carry it without the text acting on its reader.

    terminal(s)    one line for a terminal or a log: C0 and C1 controls, DEL, and the bidi controls
                   (U+202A-U+202E overrides and embeddings, U+2066-U+2069 isolates, LRM/RLM/ALM) become
                   U+FFFD; line breaks become spaces; a lone surrogate (a file name's undecodable byte,
                   kept by os.fsdecode) is shown escaped, `\\xff`.
    markdown(s)    terminal(s), then HTML (`<`, `>`, `&`) and markdown's inline syntax escaped, and
                   GitHub's autolinks broken by a U+2060 WORD JOINER (zero width, invisible): `@org/team`
                   pings no one, `#1234` and `GH-12` link no issue, a bare `https://` or `www.` is no link.
    json_text(s)   a JSON document's text with what a terminal acts on (C1 controls, bidi controls,
                   U+2028/U+2029, lone surrogates) written as `\\uXXXX`: the same JSON value, safe to print.
    csv_cell(v)    a spreadsheet cell that runs nothing: a leading `'` where a formula would start,
                   control and bidi characters as U+FFFD.
    page_text(v)   a value shown on a web page (after HTML escaping, which the templates do): control and
                   bidi characters as U+FFFD, line breaks and tabs kept; what is not text passes unchanged.

Every output path of the CLI (ledger/output/rows.py, ledger/output/terminal.py, the compare renderer, the
one-line messages of ledger/cli/common.py) and every value a web page prints (the plugin's jinja finalize)
goes through these five functions, so a new kind of hostile character is handled once, here.
"""

from __future__ import annotations

import re

__all__ = ["JOINER", "csv_cell", "json_text", "markdown", "page_text", "terminal"]

JOINER = "\u2060"
"""WORD JOINER: zero width and no line break, so the text reads the same but GitHub no longer sees a
mention, an issue reference or a URL where it is put."""

_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_TERMINAL_RE = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI}\ud800-\udfff]")
_JSON_RE = re.compile(f"[\x7f-\x9f{_BIDI}\u2028\u2029\ud800-\udfff]")
_CSV_RE = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{_BIDI}]")
_MD_SPECIAL_RE = re.compile(r"([\\`*_\[\]~|])")
"""Markdown's inline syntax (emphasis, code, links and images, strikethrough, cell breaks) is escaped."""
_AUTOLINK_RE = re.compile(
    r"(@)(?=[A-Za-z0-9])|(#)(?=\d)|\b(GH-)(?=\d)|\b(https?|ftp)(?=://)|\b(www)(?=\.)", re.IGNORECASE
)
"""Where GitHub would see a mention, an issue or pull-request reference, or a bare URL: a joiner goes
after the matched prefix."""
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _terminal_char(m: re.Match[str]) -> str:
    ch = m.group()
    if ch in "\n\r\t":
        return " "
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # os.fsdecode's surrogateescape: the byte it stands for
        return f"\\x{code - 0xDC00:02x}"
    if 0xD800 <= code <= 0xDFFF:
        return f"\\u{code:04x}"
    return "\ufffd"


def terminal(text: object) -> str:
    """A value as one safe terminal line (None is the empty string)."""
    s = "" if text is None else str(text)
    if not _TERMINAL_RE.search(s):
        return s
    return _TERMINAL_RE.sub(_terminal_char, s.replace("\r\n", " "))


def markdown(text: object) -> str:
    """A value as markdown text (a table cell, a bold title) that renders as the same words and nothing else."""
    s = terminal(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    s = _MD_SPECIAL_RE.sub(r"\\\1", s)
    return _AUTOLINK_RE.sub(lambda m: m.group() + JOINER, s)


def _json_char(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


def json_text(encoded: str) -> str:
    """JSON text (from json.dumps with ensure_ascii=False) with the characters a terminal acts on escaped.

    They can only stand inside JSON strings, where `\\uXXXX` is the same character: the value is unchanged.
    """
    return _JSON_RE.sub(_json_char, encoded) if _JSON_RE.search(encoded) else encoded


def csv_cell(value: object) -> object:
    """Text as a spreadsheet cannot run it: a cell starting like a formula ('=cmd|...', '@SUM(...)', '+1+2')
    gets a leading apostrophe, unless it is just a number; control characters (terminal escapes) and bidi
    controls become U+FFFD. Lone surrogates are shown escaped. Values that are not text pass unchanged."""
    if not isinstance(value, str):
        return value
    s = _CSV_RE.sub("\ufffd", value)
    if re.search("[\ud800-\udfff]", s):
        s = re.sub("[\ud800-\udfff]", _terminal_char, s)
    if s.startswith(_FORMULA_START):
        try:
            float(s)
        except ValueError:
            s = "'" + s
    return s


def page_text(value: object) -> object:
    """Text as a web page shows it: a title's U+202E cannot reverse what follows it, a control character
    cannot hide; lone surrogates are shown escaped. Values that are not text (and markup the page made itself,
    a `str` subclass the caller skips) pass unchanged."""
    if not isinstance(value, str):
        return value
    s = _CSV_RE.sub("\ufffd", value) if _CSV_RE.search(value) else value
    if re.search("[\ud800-\udfff]", s):
        s = re.sub("[\ud800-\udfff]", _terminal_char, s)
    return s
