"""A value a sentence compares its result with, given as another run's ("Compared to 4.51 tokens/s in llama.cpp with
2×32 cores, achieving up to 3.03x speedup"): that run's own value, the engine it ran in the words after "in". Its
setup keeps it apart from the sentence's own results, which a page states beside it in the same unit ("we achieve
up to 286 tokens/s"): each series its own across a page's versions."""

from __future__ import annotations

import re
from typing import Any

# "Compared to 4.51 tokens/s", "compared with 3.9 tokens/s": the value the sentence holds its result against
_COMPARED_BEFORE_RE = re.compile(r"\bcompared[ \t](?:to|with)[ \t]~?$", re.IGNORECASE)
# "in llama.cpp with 2×32 cores", "in the reference engine,": the run that value is of, up to its setting or clause end
_IN_RUN_RE = re.compile(
    r"[ \t]in[ \t](?P<run>[A-Za-z][\w.+-]{0,30}(?:[ \t][A-Za-z][\w.+-]{0,30}){0,3}?)"
    r"(?=[ \t](?:with|at|on|using)\b|[,;:)]|\.(?:\s|$)|$)",
    re.IGNORECASE,
)


def compared_runs(out: list[dict[str, Any]], text: str) -> None:
    """Give each value "compared to" stands right before, of a run "in" the words after it name, that run as its
    engine (a key of its own: the other engine's throughput is no result of this one's)."""
    for c in out:
        if c.get("reference") is not None or "engine" in c["config"]:
            continue
        if _COMPARED_BEFORE_RE.search(text, max(0, c["start"] - 14), c["start"]) is None:
            continue
        if (m := _IN_RUN_RE.match(text, c["end"], c["end"] + 80)) is not None:
            c["config"] = {**c["config"], "engine": m.group("run")}
