"""A change told again as a count right after it: "improves GSM8K by 2.1 points, or 28 more correct answers", "cuts
the error rate by 0.4 points (i.e. 6 fewer failed requests)". The count is the same change measured in what the
eval or the run counts, no score of its own (28 is no GSM8K accuracy): one claim, the change, which keeps the count
as its second reading, in its note with the unit the text counts in ("+28 answers").

Apart from prose.sentences because it runs over the candidates once they are all read, as the lists passes do."""

from __future__ import annotations

import re
from typing import Any

# what joins the restatement to the change ("or", "i.e.", "that is"), the count, its direction and what it counts
# (at most two words before the noun: "more correct answers", "fewer failed requests"); not a rate ("per minute",
# where "per run" still counts)
_RESTATED_RE = re.compile(
    r"[ \t]{0,2}[,;(]?[ \t]{0,2}(?:or|i\.e\.,?|ie,?|that[ \t]is,?|meaning)[ \t]{1,3}(?:about[ \t]|roughly[ \t]|~)?"
    r"(?P<n>\d{1,3}(?:,\d{3}){1,2}|\d{1,7})[ \t]{1,2}(?P<dir>more|fewer|less|additional|extra)[ \t]{1,2}"
    r"(?:[A-Za-z-]{1,20}[ \t]{1,2}){0,2}?"
    r"(?P<noun>answers?|questions?|problems?|solutions?|samples?|responses?|completions?|examples?|items?|"
    r"prompts?|requests?|tests?|cases?|tasks?)\b(?![ \t]{0,2}(?:/|per[ \t](?:s|sec|second|min|minute|h|hour)\b))",
    re.IGNORECASE,
)

_CHANGE_UNITS = frozenset({"points", "point", "pp", "%"})
# "1,288/1,319 = 97.65%", "912/1000 (91.2%)": the answers counted right over the questions, then their share; the
# share is the score, the count before it no second one
_SHARE_AFTER_RE = re.compile(
    r"[ \t]?/[ \t]?(?:\d{1,3}(?:,\d{3}){1,2}|\d{1,7})[ \t]{0,2}(?:=|\(|→|->)[ \t]{0,2}~?"
    r"(?=\d{1,3}(?:\.\d{1,4})?[ \t]?%)"
)


def restated_counts(out: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """The candidates without the counts that restate the change before them, each change noting its count, and
    without a count of answers stated with its share ("1,288/1,319 = 97.65%")."""
    at = {c["start"]: i for i, c in enumerate(out)}  # (by where each starts: a line of many values stays linear)
    drop = {i for i, c in enumerate(out) if (m := _SHARE_AFTER_RE.match(text, c["end"])) and m.end() in at}
    for c in out:
        change = c.get("unit") in _CHANGE_UNITS or c.get("reference") is not None  # (a level's "or" is no restating)
        m = _RESTATED_RE.match(text, c["end"]) if change and isinstance(c.get("value"), float) else None
        if m is None:
            continue
        if (count := at.get(m.start("n"))) is not None:
            drop.add(count)
        sign = "-" if m.group("dir").lower() in ("fewer", "less") else "+"
        noun = m.group("noun").lower()
        c["note"] = f"the same change counted: {sign}{m.group('n').replace(',', '')} {noun.rstrip('s')}s"
    return [c for i, c in enumerate(out) if i not in drop] if drop else out
