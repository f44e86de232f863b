"""The measure a value's pronoun subject refers to across a sentence's end: "On H100 with TP=2 gsm8k is 0.91." then
"On A100 it is 0.89." The second sentence names no measure; "it is" continues the one the sentence before named, and
the value is that measure's, with its own clause's settings (read where the value's setup is).

Apart from prose/candidates.py, which reads the words a value's sentence names it by, because this reads the measure
remembered from the lines before."""

from __future__ import annotations

import re

from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import Number

# the prose measure named last, as (line, metric, unit): what "it" in the next lines refers to
LAST_METRIC = "prose.last_metric"

# "it is 0.89", "it reaches 61.0%", "this one scores 0.905": a pronoun subject and a verb saying what it measured, right
# before the value (a decimal or a share: a bare whole number after "it is" is as often a setting, "it is 8 now")
_PRONOUN_VERB_RE = re.compile(
    r"(?:^|[\s(,;])(?:it|this|that)(?:[ \t]one)?[ \t](?:is|was|reaches|reached|gets|got|scores|scored|hits|hit|"
    r"comes[ \t]to|came[ \t]to|stays[ \t]at|stayed[ \t]at|sits[ \t]at)[ \t]{1,2}[`*]{0,2}[~≈]?\Z",
    re.IGNORECASE,
)
_SCORE_TEXT_RE = re.compile(r"[+-]?\d{1,4}\.\d{1,6}%?|\d{1,3}%")


def referred_measure(ctx: Context, line: int, text: str, n: Number, unit: str | None, before: str | None) -> str | None:
    """The measure that "it is" before the value refers to: the one of the value read before it in its text
    (`before`), else the one named within the three lines before, of the same unit."""
    if unit not in (None, "%") or not _SCORE_TEXT_RE.fullmatch(n.text.strip("`*")):
        return None
    if not _PRONOUN_VERB_RE.search(text, max(0, n.start - 40), n.start):
        return None
    if before is not None:
        return before  # ("... pass rate is 0.624. On L40S it reaches 0.610": the nearest measure, not a line's before)
    last = ctx.memo.get(LAST_METRIC)
    if last is None or not 0 <= line - last[0] <= 3 or last[2] != unit:
        return None
    return str(last[1])
