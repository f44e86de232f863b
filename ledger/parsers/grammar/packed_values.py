"""Values packed with bare slashes ("6.12/9.40/21.75 ms", "111/688/1565 tok/s"), told from a count of a total
("48/50"), a path ("runs/2026/09/14") and a date: the number grammar (grammar.numbers) asks whether a number after a
bare "/" is the next member of such a list, or glued to what stands before it."""

from __future__ import annotations

import re

from ledger.vocab.list_settings import setting_list
from ledger.vocab.trie import trie_pattern
from ledger.vocab.units import UNITS

_UNIT_RE = trie_pattern(UNITS, lookahead=True)
# "6.12/9.40/21.75 ms", "0.842/0.838": values packed with bare slashes, one per run (a run's start has no word,
# path or slash before it: "runs/2026/09/14" is a path, "48/50" a count, "2026/09/14" a date; a "/" ending the
# line is a list the line's wrap cut)
_VALUE_LIST_RE = re.compile(r"(?<![\w./])(?:\d{1,7}(?:\.\d{1,6})?/){1,15}\d{1,7}(?:\.\d{1,6})?(?:/\s*$|(?![\w/]|\.\d))")
_LIST_UNIT_RE = re.compile(rf"\s?(?:{_UNIT_RE})", re.IGNORECASE)
# the member after "N%/": a percentage of its own ("13%"), not a share's total ("7%/1")
_PERCENT_NEXT_RE = re.compile(r"\d{1,4}(?:\.\d{1,4})?%(?![\w/])")
_LIST_REACH = 130
"""Longer than any run _VALUE_LIST_RE takes: how far back a member looks for its run's start."""


def in_value_list(text: str, ns: int) -> bool:
    """The number at `ns`, after a bare "/", is the second or later member of a packed list of values: all of its
    numbers printed with decimals, or three or more with a unit after the last ("111/688/1565 tok/s"), or as many
    with a unit after the last as the setting listed after it has values ("2210/5030 tok/s at concurrency 4 and
    32")."""
    if ns >= 3 and text[ns - 2] == "%" and text[ns - 3].isdigit():
        return _PERCENT_NEXT_RE.match(text, ns) is not None  # ("7%/13% for FC1 and FC2": two percentages)
    if ns < 2 or not text[ns - 2].isdigit():
        return False
    start = ns - 1
    floor = max(0, ns - _LIST_REACH)
    while start > floor and (text[start - 1].isdigit() or text[start - 1] in "./"):
        start -= 1
    m = _VALUE_LIST_RE.match(text, start)
    if m is None or m.end() <= ns:
        return False
    items = m.group(0).rstrip().rstrip("/").split("/")
    if all("." in x for x in items):
        return True
    unit = _LIST_UNIT_RE.match(text, m.end())
    if unit is None:
        return False
    # ("2210/5030 tok/s at concurrency 4 and 32": two counts' shape, a value for each setting the sentence lists)
    return len(items) >= 3 or ((listed := setting_list(text, unit.end())) is not None and len(listed[1]) == len(items))
