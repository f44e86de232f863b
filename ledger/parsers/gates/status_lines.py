"""CI status lines, as a bot or a PR template prints one line per workflow:

    Latest PR Test (Base)::white_check_mark: [Run #28401508750](https://github.com/.../runs/28401508750)
    Latest PR Test (Extra): ❌ [Run #28401508751](...)

A name, a status mark (a GitHub emoji shortcode or the emoji it renders to), and what follows (the run's link):
one gate per line. The mark is what makes the line a status: a word ("passed") in a sentence is prose's to read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.gates.claims import gate
from ledger.vocab.outcomes import STATUS_MARKS

# (a name of words, then one or two colons and the mark; each part bounded, one way to match)
_EMOJI = "|".join(re.escape(m) for m in sorted(STATUS_MARKS, key=len, reverse=True) if not m.isascii())
_STATUS_RE = re.compile(
    r"^\s{0,3}(?:[-*]\s{1,3})?(?P<name>[A-Za-z][\w .()/+#-]{1,80}?)\s?:{1,2}\s?"
    r"(?::(?P<code>[a-z_]{1,30}):|(?P<emoji>" + _EMOJI + r"))\s?:?\s?"
    # what may follow the mark: the run, as a link or a number, and nothing else ("Note: :x: means failed" is prose)
    r"(?P<rest>\[[^\[\]]{0,80}\]\([^()\s]{0,300}\)|https?://\S{1,300}|\(?run #?\d{1,12}\)?)?\s*$",
    re.IGNORECASE,
)


def status_gates(ctx: Context, line: int, text: str) -> Iterator[Claim]:
    """The gate a status line states, if it is one."""
    m = _STATUS_RE.match(text)
    if m is None:
        return
    mark = m.group("code") or m.group("emoji")
    outcome = STATUS_MARKS.get(mark)
    if outcome is None:
        return
    name = m.group("name").strip()
    rest = (m.group("rest") or "").strip()
    yield gate(ctx, line, text.strip(), name, outcome, mark, note=rest[:120] or None)
