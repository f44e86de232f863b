"""The words a speculative decoder's stats put after an acceptance figure ("1.66 accepted tokens/round", "0.66
accepted drafts per step", "66.1% of drafted"), and the score or acceptance a value's own words name right after it
("0.812 accuracy with 3.12 mean acceptance"): the measure of that value, whatever measure or model the line named
before it.

Apart from metrics.py, which reads these names among every other measure's; here is what a value names after it."""

from __future__ import annotations

import re

ROUND_ACCEPTANCE = (
    r"accepted\s(?:draft\s)?(?:tokens?|drafts?)\s?(?:/|per\s)\s?(?:round|step|iter(?:ation)?|cycle|verify)"
    r"|(?<![\w-])of\s(?:the\s|all\s)?drafted(?:\stokens)?\b"
)
"""An acceptance named by what was accepted per verification round, or the share of the drafted tokens accepted."""

# the value's own measure right after it, then the clause's end or its next part ("with", "and", a comma): a score
# or an acceptance, at most two words of statistic before it ("0.3283 with" names nothing; "3 accuracy tests" names
# tests, which the ending keeps out; "91.4% accuracy on GSM8K" is GSM8K's, named by the words after the score)
_NAME_AFTER_RE = re.compile(
    r"[ \t]{1,2}(?P<name>(?:(?:mean|avg|average|median)[ \t])?(?:accuracy|acceptance(?:[ \t](?:length|rate))?"
    r"|accept(?:ed|ance)[ \t]len(?:gth)?)|" + ROUND_ACCEPTANCE + r")"
    r"(?=[ \t]{0,2}(?:[,;.)]|$|(?:with|and|over|at|vs|while)\b))",
    re.IGNORECASE,
)
_OF_DRAFTED_RE = re.compile(r"^of\s", re.IGNORECASE)


def named_after(text: str, end: int) -> str | None:
    """The score or acceptance the words right after a value (ending at `end`) name, as a metric ("acceptance rate
    (of drafted)" for a share of the drafted tokens); None where they name none."""
    m = _NAME_AFTER_RE.match(text, end, end + 60)
    if m is None:
        return None
    name = re.sub(r"[ \t]+", " ", m.group("name"))
    return f"acceptance rate ({name})" if _OF_DRAFTED_RE.match(name) else name


DRAFT_POSITION_RE = re.compile(r"(?<![\w-])(?:draft[ \t])?pos(?:ition)?\.?[ \t]?#?(\d{1,2})(?![\w.])", re.IGNORECASE)
"""A draft position a sentence names ("pos 4", "position 2", "draft pos #1"): the position whose rate a value is."""
DRAFTING_TEXT_RE = re.compile(r"draft|accept|speculat", re.IGNORECASE)
"""The words that make a sentence's position a draft position (a position elsewhere is a token's or a rank's)."""
