"""The shas a text names: a run of seven to forty hex digits with a letter and a digit (SHA_RE, is_sha), and a short
sha made of decimal digits alone. A commit's abbreviation is seven or more hex digits, and about one in
twenty-seven of seven happens to hold no letter ("rerun on `9927575`"); a bare run of digits that long is far likelier
a count (a table's cell, "2048000 ids"), so is_sha refuses it. Such a run is a commit only where the
sentence writes it as one: in a code span right after a word that places a run at a commit ("on", "at", "commit",
"sha", "head", "revision"), and no unit after it ("capped at `1048576` tokens" is a size)."""

from __future__ import annotations

import re

from ledger.vocab.text import has_hex_run
from ledger.vocab.units import UNIT_WORDS

SHA_RE = re.compile(r"(?<![\w/#.-])([0-9a-f]{7,40})(?![\w-])")

_DIGITS_RE = re.compile(r"\d{7,12}")
# the words right before the code span: a place a run was made at, or the commit's own noun
_PLACED_BEFORE_RE = re.compile(r"\b(?:on|at|commit|sha|head|revision|rev)\s{1,3}`$", re.IGNORECASE)
_WORD_AFTER_RE = re.compile(r"`\s{0,2}([^\W\d_]{1,12}|%|×)")


def digit_sha_at(text: str, start: int, end: int) -> bool:
    """Whether the digits `text[start:end]` are a commit the sentence names (see the module)."""
    if not _DIGITS_RE.fullmatch(text, start, end) or text[end : end + 1] != "`":
        return False
    if _PLACED_BEFORE_RE.search(text[max(0, start - 12) : start]) is None:
        return False
    after = _WORD_AFTER_RE.match(text, end)
    return after is None or after.group(1).lower() not in UNIT_WORDS


_SPAN_RE = re.compile(r"`(\d{7,12})`")


def digit_shas(text: str) -> list[tuple[str, int, int]]:
    """Every commit of digits alone `text` names (see the module), with where it stands."""
    if "`" not in text:
        return []
    return [(m.group(1), m.start(1), m.end(1)) for m in _SPAN_RE.finditer(text) if digit_sha_at(text, *m.span(1))]


def is_sha(token: str) -> bool:
    """A hex run with both letters and digits (pure digits are counts; pure letters are words)."""
    return any(map(str.isdigit, token)) and any(map(str.isalpha, token))


_HEX_RUN_RE = re.compile(r"[0-9a-fA-F]{7,}")


def may_hold_sha(text: str) -> bool:
    """Whether a run of seven or more hex digits with a digit and a letter stands in `text`: what every sha the
    patterns of revision_labels read ([0-9a-f]{7,40}, some case-blind, is_sha) lies inside, or a commit of digits
    alone."""
    return has_hex_run(text, any_case=True) and (
        any(is_sha(m.group()) for m in _HEX_RUN_RE.finditer(text)) or bool(digit_shas(text))
    )


def shas_in(text: str) -> list[tuple[str, int, int]]:
    if not has_hex_run(text):
        return []  # (every sha SHA_RE reads is such a run)
    return [
        (m.group(1).lower(), m.start(1), m.end(1))
        for m in SHA_RE.finditer(text)
        if is_sha(m.group(1)) or digit_sha_at(text, *m.span(1))
    ]


# "PR head `f6e7d8c9b0`", "main a1b2c3d": a side's name, then the commit it was built at, closing the label
_SHA_TAIL_RE = re.compile(r"^(?P<name>\S.{0,60}?)\s{1,3}`?(?P<sha>[0-9a-fA-F]{7,40})`?\s{0,2}$")


def sha_tail(label: str) -> tuple[str, str] | None:
    """A label that names a side and then its commit: the name without the commit, and the commit ("PR head
    `f6e7d8c9b0`" is the side "PR head" built at f6e7d8c9b0, not a side whose name holds a sha); None otherwise."""
    m = _SHA_TAIL_RE.match(label)
    if m is None or not is_sha(m.group("sha")) or not any(map(str.isalpha, m.group("name"))):
        return None
    return m.group("name").strip(" *_`"), m.group("sha").lower()
