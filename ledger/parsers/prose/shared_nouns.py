"""Shares joined by "and" that one change noun names: in "~8% PP and ~1% TG improvement at 32k tokens" both figures are
improvements, of PP and of TG, and both were measured at 32k tokens. The first names only its measure ("PP"); the noun
and the setup after the last figure are the list's, as a slash list's trailing words are (prose.lists.trailing_setup).
Without this the first figure takes the sentence's lead-in for its name ("With the experts in RAM I measure").

Apart from prose.lists because it reads the names the pass gave the last figure."""

from __future__ import annotations

import re
from typing import Any

from ledger.parsers.prose.ratio_names import CHANGE_NOUN

_SHARE_UNITS = ("%", "x")
# what stands between a figure and the next: its measure's one or two words, then the joint ("PP and ~", "prefill, ")
_JOINED_RE = re.compile(
    r"[ \t]{1,2}(?P<what>[A-Za-z][\w/-]{0,30}(?:[ \t][A-Za-z][\w/-]{0,30})?)"
    r"[ \t]{0,2}(?:,[ \t]{0,2}(?:and[ \t])?|and|&)"
    r"[ \t]{1,2}[~≈+]?[ \t]?$",
    re.IGNORECASE,
)
# the last figure's own measure and the change noun after it ("~1% TG improvement", "2% decode speedup")
_NAMED_CHANGE_RE = re.compile(
    rf"[*_]{{0,2}}[ \t]{{1,2}}(?:[A-Za-z][\w/-]{{0,30}}[ \t]){{1,2}}(?P<noun>{CHANGE_NOUN})\b", re.IGNORECASE
)
_NOT_A_MEASURE_RE = re.compile(r"^(?:a|an|the|of|in|on|at|for|with|to|and|or|more|less)\b", re.IGNORECASE)


def shared_change_nouns(out: list[dict[str, Any]], text: str) -> None:
    """Name each figure of "A% X and B% Y <noun>" its measure's change ("X improvement"), with the setup the last one
    states after its name that the figure states none of."""
    for k in range(len(out) - 2, -1, -1):  # (from the end: "4% A, 3% B and 2% C speedup" passes the noun back)
        a, b = out[k], out[k + 1]
        if a["unit"] not in _SHARE_UNITS or b["unit"] != a["unit"] or a["reference"] is not None:
            continue
        m = _JOINED_RE.match(text[a["end"] : b["start"]])
        named = _NAMED_CHANGE_RE.match(text, b["end"], b["end"] + 80)
        if m is None or named is None or _NOT_A_MEASURE_RE.match(what := m.group("what")):
            continue
        a["metric"] = f"{what} {named.group('noun').lower()}"
        a["config"] = {**{key: v for key, v in b["config"].items() if key != "context"}, **a["config"]}
