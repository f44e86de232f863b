"""A measured value written as a link's text: "New Llama3-8b: [0.76](https://paste.example/...)", "[42712 tk/s](...)"
(the value links to the run's log or a screenshot). The value is the line's; the brackets and the address are the
link's markup, no part of what it says: the reader reads the line as though the value stood bare, each character of
the markup a space, so that every column stays where it was printed."""

from __future__ import annotations

import re

# "[0.76](https://...)", "[3.389 ms](...)", "[~1,200 tok/s](...)": a number, then at most a unit's few words
_LINKED_VALUE_RE = re.compile(
    r"\[(?P<value>[~≈+-]?\d[\d,]{0,12}(?:\.\d{1,6})?%?(?: ?[A-Za-z/%]{1,8}){0,2})\]\((?P<url>https?://[^()\s]{1,400})\)"
)


def values_unlinked(text: str) -> str:
    """`text` with each link whose text is a value written as that value, the markup blanked to spaces."""
    if "](" not in text:
        return text
    return _LINKED_VALUE_RE.sub(_unlinked, text)


def _unlinked(m: re.Match[str]) -> str:
    # ("[522](.../issues/522)", "[#20311](.../pull/20311)": the number of what it links to, no value)
    if m.group("value").strip("~≈+-") in m.group("url"):
        return m.group(0)
    return " " + m.group("value") + " " * (len(m.group("url")) + 3)
