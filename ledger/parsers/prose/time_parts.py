"""The part of a whole each time of a sentence names by its own words, where a profile splits a step's time:

    Each step took ~18 ms of host time (4.0 ms building the graph plus 14.0 ms encoding kernels) while the GPU
    needed 9.5 ms.                      -> host time 18, building the graph 4.0, encoding kernels 14.0, GPU time 9.5
    ... reaches 80.2 seconds TTFT and 190.5 seconds total.                  -> the 190.5 is the total time, no TTFT

Each value's words right after it ("of host time", "building the graph", "on the host", "total") or the subject
that spent it right before ("the GPU needed") name it; without them the sentence's subject names every time
alike ("Each step"), and four parts of one step would read as four runs of one measure. Only times that share
one name are parted so: a name the sentence's reader found for a value alone, or a metric's own word ("TTFT 12
ms"), stays; but "total" says the value is the sum, never the measure before it.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ledger.parsers.prose.metrics import holds_metric
from ledger.vocab.units import is_time_unit

# where a part's words end: a clause's mark, or a word joining the next part or a setup ("plus", "for", "while")
_PART_END = r"(?=\s{0,2}(?:[,;:()]|\.(?:\s|$)|$|\s(?:plus|and|or|for|while|on|in|at|per|with|from|across|over|vs)\b))"
_WORD = r"[A-Za-z][\w/-]{0,30}"
# "~18 ms of host time", "5.4 ms of Python graph build": the time's own noun phrase, four words at most
_OF_RE = re.compile(r"\s{1,2}of\s(?:the\s)?(?P<what>" + _WORD + r"(?:\s" + _WORD + r"){0,3}?)" + _PART_END)
# the gerunds that say how or when it ran, or what it depends on, never what the time was spent doing
_HOW_WORDS = (
    r"using|including|during|assuming|following|being|having|averaging|totall?ing|remaining|running|starting|"
    r"beginning|compared|according|depending|regarding|considering|excluding"
)
# "4.0 ms building the graph", "14.0 ms encoding kernels": what the time was spent doing (not how: "using FP8")
_DOING_RE = re.compile(
    r"\s{1,2}(?P<what>(?!(?:" + _HOW_WORDS + r")\b)[a-z]{2,20}ing(?:\s(?:the\s)?" + _WORD + r"){0,2}?)" + _PART_END
)
# "~22 ms on the host", "9 ms on the GPU": which side of the machine spent it
_ON_RE = re.compile(r"\s{1,2}on\s(?:the\s)?(?P<what>host|cpu|gpu|device)\b", re.IGNORECASE)
_TOTAL_RE = re.compile(r"\s{1,2}(?:in\s)?total\b" + _PART_END, re.IGNORECASE)
# "while the GPU needed ~11.5 ms": the subject that spent the time, right before it
_SPENT_BY_RE = re.compile(
    r"(?<![\w-])(?P<who>" + _WORD + r")\s(?:needed|needs|took|takes|spent|spends)\s(?:about\s|around\s|only\s)?[~≈]?$"
)
_NOT_WHO = frozenset(("it", "this", "that", "which", "each", "what", "step", "run", "request", "call"))


def time_parts(out: list[dict[str, Any]], text: str) -> None:
    """Name each time of `out` by the part of the whole its own words give it (see the module's docstring); the
    subject that spent a time names it only beside a part named so ("while the GPU needed 9.5 ms" after "18 ms of
    host time"): alone, "The nightly sweep took 72 min" is the sweep's own time, as the reader named it."""
    times = [c for c in out if is_time_unit(c.get("unit")) and c.get("reference") is None]
    named = Counter(c.get("metric") for c in times)
    shared: list[dict[str, Any]] = []  # the times no words of their own name, sharing the sentence's name
    parted = False
    for c in times:
        if _TOTAL_RE.match(text, c["end"]):
            c["metric"] = "total time"
            continue
        if named[c.get("metric")] < 2 or (c.get("metric") and holds_metric(c["metric"])):
            continue  # (a time the reader named alone keeps its name: "0.9 ms of work per decoder step")
        if (name := _own_part(text, c["end"])) is not None:
            c["metric"], parted = name, True
        else:
            shared.append(c)
    for c in shared if parted else ():
        m = _SPENT_BY_RE.search(text, max(0, c["start"] - 60), c["start"])
        if m is not None and m.group("who").lower() not in _NOT_WHO:
            c["metric"] = f"{m.group('who')} time"


def _own_part(text: str, end: int) -> str | None:
    """The part the words right after the time name (_OF_RE, _DOING_RE, _ON_RE)."""
    if (m := _OF_RE.match(text, end)) is not None:
        return m.group("what")
    if (m := _DOING_RE.match(text, end)) is not None:
        return m.group("what")
    if (m := _ON_RE.match(text, end)) is not None:
        return f"{m.group('what')} time"
    return None
