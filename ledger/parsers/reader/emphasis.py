"""Emphasis around a setting's value is markup, not setup text: "an input length of **2048** tokens", "taken over a
**4k** context window", "with ISL *512*". The page shows the words without the stars; a setup reader that reads them
sees `**2048**` where its grammar wants a number, and the length is lost while the board beside it, which no star
touches, is kept. So the setup readers read the line without the markers, padded at its end to its length (the
grammar reads "of 2048 tokens" with single spaces; a space for each marker in place would break it as the stars do).

Blanked: the markers of an emphasised span (`**..**`, `__..__`, `*..*`, `_.._`) of at most 40 characters holding a
digit, inside a line of prose. Not blanked: a span that is the whole line ("**TP8, ISL 1024:**" heads what follows,
and the readers of heads know it by its stars), words without a digit (a term the author stresses states no value),
and underscores inside a word (`max_batch_size_8`)."""

from __future__ import annotations

import re

# bounded spans, no nesting: linear on any text
_STRONG_RE = re.compile(r"(\*\*|__)([^*_\n]{1,40})\1")
_EM_RE = re.compile(r"(?<![\w*])\*([^*\n]{1,40})\*(?![\w*])|(?<![\w_])_([^_\n]{1,40})_(?![\w_])")
_DIGIT_RE = re.compile(r"\d")
# what a line may hold beside a span that heads it: a list marker, a heading's hashes, a closing colon
_HEAD_REST_RE = re.compile(r"^[\s#>*+\-:.\d)]*$")


def emphasis_blanked(text: str) -> str:
    """`text` with the markers of its emphasised values blanked, or `text` itself when it holds none."""
    if "*" not in text and "_" not in text:
        return text
    out = text
    for pattern in (_STRONG_RE, _EM_RE):
        out = pattern.sub(lambda m: _unmarked(m, text), out)
    return text if out == text else out + " " * (len(text) - len(out))


def _unmarked(m: re.Match[str], line: str) -> str:
    span = m.group()
    inner = span.strip("*_")
    if not _DIGIT_RE.search(inner) or inner != inner.strip():
        return span
    if _HEAD_REST_RE.match(line[: m.start()] + line[m.end() :]):
        return span  # the whole line, or all of it but its list marker: a head, read by its stars
    return inner
