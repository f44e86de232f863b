"""An arm named for one setting switched on or off ("with threshold = 64", "W/O EAGLE", "no prefix cache", "overlap
disabled", "baseline (no CUDA graph)"): the setting and its state, so that the arm with the setting off stands as the
baseline of the arm with it on (parsers.grammar.side_references). A name that switches nothing ("fast path", "PR")
names no such arm."""

from __future__ import annotations

import re

# the setting: up to three words, each a letter then word characters ("cutoff", "CUDA graph", "prefix-cache")
_SETTING = r"(?P<setting>[a-z][\w.-]{0,30}(?:\s[a-z][\w.-]{0,30}){0,2})"
# its value when on ("= 64", "=0.5", ": 8"), which the off arm does not state
_VALUE = r"(?:\s{0,2}[=:]\s{0,2}[\w.]{1,12})?"
_ON_RE = re.compile(r"\s*with\s(?:the\s)?" + _SETTING + _VALUE + r"\s*", re.IGNORECASE)
_OFF_RE = re.compile(r"\s*(?:baseline\s?\(\s?)?(?:without|w/o|no)\s(?:the\s)?" + _SETTING + r"\s?\)?\s*", re.IGNORECASE)
_STATED_RE = re.compile(r"\s*" + _SETTING + r"\s(?P<state>enabled|disabled|on|off)\s*", re.IGNORECASE)


def arm_switch(name: str | None) -> tuple[str, bool] | None:
    """("threshold", True) of "with threshold = 64", ("eagle", False) of "W/O EAGLE": the setting an arm's name
    switches and whether on; None when the name switches no setting."""
    if not name or len(name) > 80:
        return None
    if (m := _ON_RE.fullmatch(name)) is not None:
        on = True
    elif (m := _OFF_RE.fullmatch(name)) is not None:
        on = False
    elif (m := _STATED_RE.fullmatch(name)) is not None:
        on = m.group("state").lower() in {"enabled", "on"}
    else:
        return None
    return " ".join(m.group("setting").lower().split()), on
