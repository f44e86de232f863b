"""The settings a code name marks as a bound the run was given: a cap, a floor, a timeout, a budget
("`kv_transfer_timeout_ms`", "`max_wait_ms`", "--request-budget"). Changed "from A to B" they are configuration even in
a time's unit ("raises `max_wait_ms` from 20 ms to 250 ms"), where a measure's code name in the same unit is a result
("`mean_itl_ms` fell from 21.4 ms to 20.9 ms")."""

from __future__ import annotations

import re

BOUND_WORDS = ("max", "min", "maximum", "minimum", "limit", "timeout", "budget", "deadline", "cap", "ttl", "retries")
"""The parts of a code name that make it a bound (split at "_", "-" and "."): "max" in "max_wait_ms"."""
_PART_RE = re.compile(r"[_.\-]")
# a verb between the name and "from" that says the value was measured to move ("`max_ms` fell from"): a result's
_MOVED_RE = re.compile(
    r"\b(?:fell|falls|dropped|drops|rose|rises|grew|grows|improved|improves|regressed|regresses|went|goes|climbed)\b",
    re.IGNORECASE,
)


def names_a_bound(key: str) -> bool:
    """The code name `key` (no marks) names a bound the run was given (see BOUND_WORDS)."""
    return any(part in BOUND_WORDS for part in _PART_RE.split(key.lower().lstrip("-")))


def says_moved(words: str) -> bool:
    """The words between a name and its "from" say the value was measured to move ("fell", "went")."""
    return _MOVED_RE.search(words) is not None
