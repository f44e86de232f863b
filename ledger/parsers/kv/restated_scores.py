"""A harness's log line that restates, rounded, the score its eval table printed just above in one paste:

    |gpqa_diamond_cot|      1|strict-match|     0|exact_match|↑  |78.7879|±  |2.9127|
    [TRT-LLM] [I] lm-eval gpqa_diamond_cot average accuracy: 78.79

One run, one score: the table's row is the claim (with its filter, shot count and stderr), the log line its copy,
no second result. A copy is told by its block (the same paste), its label (it names the task the row scored) and
its value (the row's, rounded to the digits the line prints); a different score of the task is no copy.
"""

from __future__ import annotations

import bisect
import re

from ledger.model import Claim
from ledger.parsers.reader.document import Document

_LAST_NUMBER_RE = re.compile(r"[-+]?\d{1,12}(?:\.(?P<decimals>\d{1,12}))?(?!.*\d)")


def _printed_decimals(c: Claim) -> int | None:
    """How many decimals the claim's value was printed with; None where its text shows no number."""
    m = _LAST_NUMBER_RE.search(c.source.text[-80:])
    return None if m is None else len(m.group("decimals") or "")


def _restates(c: Claim, o: Claim, decimals: int) -> bool:
    """`c` prints `o`'s score again: a score of o's task, of another reader, whose value is o's rounded."""
    task = (o.config or {}).get("task")
    return (
        o.kind == "accuracy"
        and o.parser != c.parser
        and o.source.line < c.source.line
        and isinstance(o.value, float)
        and task is not None
        and len(task) >= 3
        and task.lower() in (c.metric or "").lower()
        and round(o.value, decimals) == c.value
    )


_NEAR = 64
"""How many scores above a log line its copy's row may be (the table it closes, not the whole document): a bound
that keeps a document of thousands of scores linear."""


def without_restated_scores(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, without each score a log line restates of a table row above it in the same paste."""
    scores = [c for c in claims if c.kind == "accuracy" and c.reference is None and isinstance(c.value, float)]
    if len(scores) < 2:
        return claims
    scores.sort(key=lambda c: c.source.line)
    code = sorted((b for b in doc.blocks if b.kind == "code"), key=lambda b: b.start)  # (a paste holds its table)
    starts = [b.start for b in code]
    dropped: set[int] = set()
    for i, c in enumerate(scores):
        at = bisect.bisect_right(starts, c.source.line) - 1
        block = code[at] if at >= 0 else None
        if block is None or c.source.line > block.end:
            continue
        if doc.line(c.source.line).lstrip().startswith("|"):
            continue  # (a row of the table is a score of its own, never a copy of the row above it)
        decimals = _printed_decimals(c)
        near = scores[max(0, i - _NEAR) : i]
        if decimals is not None and any(o.source.line >= block.start and _restates(c, o, decimals) for o in near):
            dropped.add(id(c))
    return [c for c in claims if id(c) not in dropped] if dropped else claims
