"""A number that is part of a link: in its target ("[log](ci/run/42)"), or in its name ("Sources: [API 1](...),
[API 2](...)", "[run 555](...)"). The words before a name's number say what the link points at and the number tells
it from its siblings; it is no measurement of the sentence it stands in (beside "Mean latency" it became a latency of
1 and of 2). A value a link wraps whole ("[48.2 tok/s](log)", "[0.912](eval)") is still a value: only a whole number
without a unit after a word is taken for a name."""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number

# "[head](javascript:alert(2))", "[log](ci/run/42)": inside a link's target
_LINK_DEST_BEFORE_RE = re.compile(r"\]\([^\s()\]]*(?:\([^\s()]*)?$")
_NAME_BEFORE_RE = re.compile(r"\[[A-Za-z][\w.-]{0,30}(?: [\w.-]{1,30}){0,3} #?$")
_CLOSE_AFTER_RE = re.compile(r"(?: [\w.-]{1,30}){0,3}\]\(")


def link_name_number(text: str, n: Number) -> bool:
    """ "[API 1](https://...)": the 1 names the link."""
    if n.unit is not None or "." in n.text or n.high is not None:
        return False
    return (
        _CLOSE_AFTER_RE.match(text, n.end, n.end + 100) is not None
        and _NAME_BEFORE_RE.search(text, max(0, n.start - 130), n.start) is not None
    )


def in_link_not_value(text: str, n: Number) -> bool:
    """A number in a link's target ("[log](ci/run/42)"), or naming the link in its text ("[API 1](...)")."""
    return _LINK_DEST_BEFORE_RE.search(text, max(0, n.start - 120), n.start) is not None or link_name_number(text, n)
