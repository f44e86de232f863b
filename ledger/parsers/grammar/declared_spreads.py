"""What a thread says its "±" means. A bare "±" after a value is read as its standard error; when a sentence of
the turn says the sign spans the runs instead ("each `+/-` below is the min-to-max range of the repeats, not a
standard error", "values are mean ± std"), the values after it to the turn's end carry that spread as their
`stddev`, and no standard error a noise judgement would build on.
"""

from __future__ import annotations

import bisect
import re

from ledger.model import Claim
from ledger.parsers.reader.document import Document
from ledger.vocab.metrics import PLUS_MINUS, RANGE_WORDS, SPREAD_WORDS, STDERR_WORDS

_SIGN_RE = re.compile(PLUS_MINUS)
# the sign, then words (no number, no sentence end) up to a name of a spread: what the sentence says it is
_DECLARED_RE = re.compile(
    PLUS_MINUS + r"[^\d.;\n]{0,80}?(?<![\w-])(?:" + RANGE_WORDS + "|" + SPREAD_WORDS + r")(?![\w-])", re.IGNORECASE
)
# "± is the standard error, not the range": a standard error named, and not denied
_STDERR_NAMED_RE = re.compile(
    r"(?<!not )(?<!not a )(?<!not the )(?<![\w-])" + STDERR_WORDS + r"(?![\w-])", re.IGNORECASE
)
_SENTENCE_END_RE = re.compile(r"[.;](?:\s|$)")


def declares_spread(text: str) -> bool:
    """Whether a sentence of prose says the "±" it names is a spread of runs, not a standard error."""
    m = _DECLARED_RE.search(text)
    if m is None:
        return False
    end = _SENTENCE_END_RE.search(text, m.end())
    return _STDERR_NAMED_RE.search(text, m.start(), end.start() if end else len(text)) is None


def _declarations(doc: Document) -> list[int]:
    """The lines of prose that declare the sign a spread, read with the line they wrap onto."""
    out: list[int] = []
    for b in doc.blocks:
        if b.kind not in ("text", "item") or b.in_code or not _SIGN_RE.search(b.text):
            continue
        below = doc.line(b.end + 1) if b.end < len(doc.lines) else ""
        if declares_spread(f"{b.text} {below.strip()}"[:2000]):
            out.append(b.start)
    return out


def spreads_as_declared(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, those under a declaration of the turn with their bare "±" moved from `stderr` to `stddev`
    (a value whose own text names a standard error keeps it)."""
    lines = _declarations(doc) if any(c.stderr is not None for c in claims) else []
    if not lines:
        return claims
    turns = sorted({1, *(b.start for b in doc.blocks if b.kind == "comment")})
    for c in claims:
        line = c.source.line
        k = bisect.bisect_right(lines, line) - 1
        if c.stderr is None or k < 0 or not _SIGN_RE.search(c.source.text):
            continue
        if bisect.bisect_right(turns, lines[k]) != bisect.bisect_right(turns, line):
            continue  # another turn's words say nothing of this one's sign
        if _STDERR_NAMED_RE.search(c.source.text) is None and c.stddev is None:
            c.stddev, c.stderr = c.stderr, None
    return claims
