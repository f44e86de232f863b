"""The checks listed before the one a verdict follows: "Lint, the type check and the mergeability check pass" and
"`compileall`, `git diff --check`, and the mergeability check pass" state one pass per check listed, though the
phrase readers of gates.prose see only the name the verb stands after."""

from __future__ import annotations

import re

from ledger.parsers.gates.claims import top_level_split
from ledger.vocab.outcomes import CHECK_ITEM_RE

_LIST_TAIL_RE = re.compile(r"(?:,\s{1,3}(?:and\s{1,3})?|\s{1,3}and\s{1,3})(?:(?:the|a|an)\s{1,3})?`?$", re.IGNORECASE)
_CLAUSE_STOP_RE = re.compile(r"[.;:!?]\s")
_LEAD_RE = re.compile(r"^(?:and|or|also)\s+|^(?:the|a|an)\s+", re.IGNORECASE)
MAX_ITEMS = 8
"""How many checks one list names at most (a longer run of commas is no list of checks)."""


def listed_before(text: str, at: int) -> list[tuple[str, int]]:
    """(name, start) of each check listed before the name at `at`, nearest last; none unless a list's comma or
    "and" stands right before it. The walk back stops at the first item that is no check's name ("The suite passes
    (`54 passed`)", "After the rebase"), at a clause's stop, or after MAX_ITEMS."""
    lo = max(0, at - 400)
    tail = _LIST_TAIL_RE.search(text, lo, at)
    if tail is None:
        return []
    stops = [m.end() for m in _CLAUSE_STOP_RE.finditer(text, lo, tail.start())]
    start = stops[-1] if stops else lo
    span = text[start : tail.start()]
    items = top_level_split(span, r",\s+|\s+and\s+")
    out: list[tuple[str, int]] = []
    end = len(span)
    for item in reversed(items[-MAX_ITEMS:]):
        at_item = span.rfind(item, 0, end)
        end = at_item
        name = item.strip()
        while (lead := _LEAD_RE.match(name)) is not None:
            name = name[lead.end() :]
        if not CHECK_ITEM_RE.match(name):
            break
        out.append((name.strip("`"), start + at_item))
    return out[::-1]
