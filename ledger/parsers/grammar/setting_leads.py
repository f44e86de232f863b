"""A bare setting line over an arm's results ("HiSparse + SGLANG_OPT_USE_COMPRESSOR_V2=false", "baseline +
--disable-radix-cache:", "+ CUDA graphs off"): what the arm under it added to a run the text names, so it leads a block
of its own, as "with X:" and "Result with X = N:" do. Its block's values are that variant, with the engine switch it
sets as their `env` (two runs apart in one switch are two setups); it ends a side's block above it ("after (...):"
then this line: a third arm, no value of the side's), and names no baseline (no reference: the text says none).

A line is such a lead only where a "+" joins its terms and one of them sets something (an assignment, a flag, a switch
turned on or off): a line of prose that holds a "+" ("TP4 + EP gives 12% more") is none."""

from __future__ import annotations

import re

from ledger.vocab.env_switches import ENV_KEY, engine_toggles

# terms of a name's words ("HiSparse", "radix cache"), an assignment ("KEY=false") or a flag ("--flag-x", "--x 4")
_TERM = r"(?:--?[A-Za-z][\w.=/-]{0,60}|[A-Za-z][\w.=/-]{0,60})(?: [A-Za-z0-9][\w.=/-]{0,30}){0,2}"
_LEAD_RE = re.compile(
    r"^\s{0,3}[*_]{0,2}(?:(?P<base>" + _TERM + r") )?\+ (?P<terms>" + _TERM + r"(?: \+ " + _TERM + r"){0,4})"
    r"[*_]{0,2}:?[*_]{0,2}\s*$"
)
# what sets something: "KEY=value", "--flag", "CUDA graphs off", "no overlap"
_SETS_RE = re.compile(
    r"^(?:[A-Za-z_][\w.-]{0,60}=\S{1,40}|--?[A-Za-z][\w-]{1,60}(?:[ =]\S{1,30})?|"
    r"(?:[A-Za-z][\w.-]{0,30} ){1,3}(?:on|off|enabled|disabled)|no [A-Za-z][\w.-]{1,30}(?: [A-Za-z][\w.-]{1,30})?)$",
    re.IGNORECASE,
)
_ASSIGN_RE = re.compile(r"(?P<name>[A-Z][A-Z0-9_]{1,80})=(?P<value>\S{1,40})")
_SENTENCE_RE = re.compile(r"\b(?:the|is|are|was|we|it|gives?|than|which|this)\b", re.IGNORECASE)
_MAX = 120
"""A setting line is short: a longer one is a sentence."""


def setting_lead(text: str) -> dict[str, str] | None:
    """The setup a bare setting line names for the block under it (see the module): {"variant": the line, "env": the
    engine switches it sets}; None for any other line."""
    if len(text) > _MAX or "+" not in text:
        return None
    m = _LEAD_RE.match(text)
    if m is None or _SENTENCE_RE.search(text):
        return None
    terms = [t.strip() for t in m.group("terms").split(" + ")]
    if not any(_SETS_RE.match(t) for t in terms):
        return None
    name = text.strip().strip("*_").rstrip(":").strip("*_ ")
    values = {"variant": name}
    env = engine_toggles([(a.group("name"), a.group("value")) for a in _ASSIGN_RE.finditer(name)])
    if env:
        values[ENV_KEY] = env
    return values
