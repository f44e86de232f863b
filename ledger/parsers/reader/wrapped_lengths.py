"""A request length that a hard wrap splits from its name: "... C24; 64 random" ending one line of a list item and
"input tokens, exactly 512 output tokens" opening the next. The setup readers read a line at a time, so the line
that holds the number is read with the name that the next line opens with (appended after its end: the line's own
words keep their columns)."""

from __future__ import annotations

import re
from collections.abc import Callable

# a line that ends on a number, perhaps how the requests were drawn ("64 random", "exactly 512")
_TAIL_RE = re.compile(
    r"(?<![\w.,])(?:(?:exactly|fixed)\s)?\d{1,6}k?(?:\s(?:random|fixed|synthetic))?[ \t]*$", re.IGNORECASE
)
# a next line that opens with the length's name ("input tokens", "random output tokens")
_HEAD_RE = re.compile(
    r"[ \t]{0,12}(?:(?:random|fixed|synthetic)\s)?(?:input|prompt|output|generated|new)\s(?:tokens?|length)\b",
    re.IGNORECASE,
)


def wrapped_lengths(count: int, line: Callable[[int], str], prose: set[int]) -> dict[int, str]:
    """The lines (1-based, of `count`, each read by `line`) of wrapped prose (`prose`: the lines of text and list
    items) whose number the next line names as a request length, each with that name appended."""
    out: dict[int, str] = {}
    for no in sorted(prose):
        if no + 1 not in prose or no >= count:
            continue
        text = line(no)
        if not text.rstrip()[-1:].isalnum():
            continue  # (a line that ends on a mark ends no number nor its drawing word)
        tail = _TAIL_RE.search(text, max(0, len(text) - 40))
        if tail is None:
            continue
        head = _HEAD_RE.match(line(no + 1))
        if head is not None:
            out[no] = f"{text} {head.group(0).strip()}"
    return out
