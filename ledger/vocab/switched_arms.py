"""An arm named for one setting switched on or off ("with threshold = 64", "W/O EAGLE", "no prefix cache", "overlap
disabled", "baseline (no CUDA graph)"): the setting and its state, so that the arm with the setting off stands as the
baseline of the arm with it on (parsers.grammar.side_references). A name that switches nothing ("fast path", "PR")
names no such arm."""

from __future__ import annotations

import re

from ledger.vocab.flags import flag_key

# the setting: up to three words, each a letter then word characters ("cutoff", "CUDA graph", "prefix-cache")
_SETTING = r"(?P<setting>[a-z][\w.-]{0,30}(?:\s[a-z][\w.-]{0,30}){0,2})"
# its value when on ("= 64", "=0.5", ": 8"), which the off arm does not state
_VALUE = r"(?:\s{0,2}[=:]\s{0,2}[\w.]{1,12})?"
_ON_RE = re.compile(r"\s*with\s(?:the\s)?" + _SETTING + _VALUE + r"\s*", re.IGNORECASE)
_OFF_RE = re.compile(r"\s*(?:baseline\s?\(\s?)?(?:without|w/o|no)\s(?:the\s)?" + _SETTING + r"\s?\)?\s*", re.IGNORECASE)
_STATED_RE = re.compile(r"\s*" + _SETTING + r"\s(?P<state>enabled|disabled|on|off)\s*", re.IGNORECASE)
# an arm named for how its requests ran: one at a time ("Single", "Sequential"), or together ("Batch", "Parallel"):
# batching switched off and on, the one-at-a-time run the baseline of the batched one
_MODE_RE = re.compile(
    r"\s*(?:(?P<off>single|sequential|serial|unbatched)|(?P<on>batch|batched|parallel|concurrent))"
    r"(?:[ -](?:request|mode|run|eval|generation))?\s*",
    re.IGNORECASE,
)


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
    elif (m := _MODE_RE.fullmatch(name)) is not None:
        return "batching", m.group("on") is not None
    else:
        return None
    return " ".join(m.group("setting").lower().split()), on


# "`--tokenizer-backend fastokens`:", "`--attention-backend=triton`:": a lead that is one flag set to one value, in
# code marks, over the block its run printed; the value names the arm
_FLAG_ARM_RE = re.compile(
    r"\s{0,3}[*_]{0,2}`--?(?P<flag>[A-Za-z][\w-]{1,40})(?:\s{1,3}|=)(?P<value>[\w.+/-]{1,40})`[*_]{0,2}\s{0,2}:"
    r"[*_]{0,2}\s*"
)


def flag_arm(text: str) -> dict[str, str]:
    """The setup a lead of one flag and its value names ("`--tokenizer-backend fastokens`:"): the setting the
    vocabulary gives the flag (`--attention-backend triton`: attention triton), else the value as the arm's variant
    (a second lead sets the flag to the other arm's value); {} for another line."""
    m = _FLAG_ARM_RE.fullmatch(text) if len(text) <= 120 else None
    if m is None:
        return {}
    key = flag_key(m.group("flag"), m.group("value"))
    return {key or "variant": m.group("value")}


# the value a text calls a setting's default ("defaults to huggingface", "`triton` (default)", "the default is
# eager", "huggingface stays the default"): the arm run with it is the baseline of the arms that change it
_VALUE = r"`?(?P<{}>[A-Za-z](?:[\w.+/-]{{0,40}}[\w+])?)`?"  # (its sentence's stop left out)
_DEFAULT_RE = re.compile(
    r"\bdefaults?\s(?:to|is)\s"
    + _VALUE.format("a")
    + r"|\bthe\sdefault\s(?:is|being|stays)\s"
    + _VALUE.format("b")
    + r"|(?<![\w`])"
    + _VALUE.format("c")
    + r"\s(?:\(default\)|(?:is|stays|remains)\s(?:the\s)?default\b)",
    re.IGNORECASE,
)


def named_defaults(lines: list[str]) -> frozenset[str]:
    """The values the lines call a setting's default, lowered (see _DEFAULT_RE)."""
    out: set[str] = set()
    for line in lines:
        if "default" in line.lower():
            out.update(m.group(m.lastgroup).lower() for m in _DEFAULT_RE.finditer(line) if m.lastgroup)
    return frozenset(out)


# the control arm's value under a column that names the setting ("| Spec decode |" over "| off (baseline) |", "| KV
# cache mode |" over "| none (baseline) |"): the setting absent, its words no setup of their own
_ABSENT_RE = re.compile(r"^[\s,;:()\[\]/-]*(?:none|off|disabled|no|n/a)[\s,;:()\[\]/-]*$", re.IGNORECASE)


def absent_setting(text: str) -> bool:
    """The words (a label's rest beside its side word) say only that the setting is off: "none", "off ( )"."""
    return bool(_ABSENT_RE.match(text))


# "default vs `--page-size 256`", "baseline versus TP=8": a lead-in naming two arms, each clause bounded by a comma,
# semicolon or colon (bounded runs of one class: linear)
ARMS_VERSUS_RE = re.compile(r"(?P<a>[^,;:\n]{1,120})\s(?:vs\.?|versus)\s(?P<b>[^,;:\n]{1,120})", re.IGNORECASE)
ARM_SEPARATOR_RE = re.compile(r"\s(?:vs\.?|versus)\s", re.IGNORECASE)
"""What stands between two arms of a lead-in's "A vs B vs C"."""
