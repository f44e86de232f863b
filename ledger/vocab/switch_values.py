"""Setup a text states as switched on or off, no size given ("TP=4, EP enabled", "with DP attention", "overlap
off"): which keys are switches and how a switch's words read as "on" or "off" (vocab.switch_words holds the patterns
that find them, vocab.canonical reads a switch's value through switch_value)."""

from __future__ import annotations

import re

SIZELESS_SWITCHES = frozenset(("cuda_graph",))
"""The switches with no size: a value that says neither on nor off ("Execution mode: fast") sets nothing."""
_SWITCH_ON = frozenset(("on", "enabled", "enable", "with", "true", "yes"))
# ("Execution mode: eager", "--enforce-eager": no graph captured; "ACLGraph", "CUDA graph", "piecewise graph": one is)
_SWITCH_OFF = frozenset(("off", "disabled", "disable", "without", "false", "no", "eager"))
_WORD_RE = re.compile(r"[a-z]+")
_W_SLASH_RE = re.compile(r"(?<![a-z])w/(o(?![a-z]))?")


def switch_value(value: str) -> str | None:
    """ "on" or "off" for a switch's words ("enabled", "EP disabled", "without overlap", "--disable-overlap-
    schedule", "eager"): off where one of them says so, else on where one says that, a graph mode is named
    ("ACLGraph") or the switch is added to another ("TP2 + EP"); else None (no switch's word)."""
    low = _W_SLASH_RE.sub(lambda m: "without " if m.group(1) else "with ", value[:80].lower())  # ("w/o", "w/")
    words = set(_WORD_RE.findall(low))
    on = words & _SWITCH_ON or "+" in low or any(w.endswith("graph") or w.endswith("graphs") for w in words)
    return "off" if words & _SWITCH_OFF else "on" if on else None
