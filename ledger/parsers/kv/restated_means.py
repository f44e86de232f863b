"""A sentence that restates the mean a repeated eval's paste prints right under it:

    The mean accuracy over 8 runs comes to 0.797, in line with the number 79.9 in the official report.
    ```
    Repeat: 8, mean: 0.797
    Scores: ['0.808', '0.798', ...]
    ```

One run's mean, one claim: the paste's (with its repeats and its stat, kv.repeat_runs); the sentence's copy goes, and
the reference it states (79.9, prose.sentences) moves onto the paste's mean. Told by the place (the paste opens a few
lines under the sentence), the words (the sentence's measure says mean or average) and the value (the same number).
"""

from __future__ import annotations

import bisect
import re

from ledger.model import Claim
from ledger.parsers.reader.document import Document

_MEAN_RE = re.compile(r"\b(?:mean|average|avg)\b", re.IGNORECASE)
_GAP = 3
"""Lines at most between the sentence and the paste it sums up."""


def without_restated_means(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, without a sentence's copy of the mean the paste right under it prints (see the module)."""
    pasted: dict[int, list[Claim]] = {}  # the pastes' means, by the paste's first line
    code = sorted((b.start, b.end) for b in doc.blocks if b.kind == "code")
    starts = [a for a, _ in code]
    for c in claims:
        if c.kind == "accuracy" and c.config.get("stat") == "mean" and isinstance(c.value, float):
            k = bisect.bisect_right(starts, c.source.line) - 1
            if k >= 0 and c.source.line <= code[k][1]:
                pasted.setdefault(code[k][0], []).append(c)
    if not pasted:
        return claims
    dropped: set[int] = set()
    refs: dict[int, float] = {}
    for c in claims:
        if c.kind != "accuracy" or not isinstance(c.value, float) or not _MEAN_RE.search(c.metric or ""):
            continue
        k = bisect.bisect_right(starts, c.source.line)
        if k > 0 and c.source.line <= code[k - 1][1]:
            continue  # (inside a paste: the paste's own)
        if k >= len(code) or code[k][0] - c.source.line_end > _GAP:
            continue
        twins = [o for o in pasted.get(code[k][0], ()) if o.value == c.value and _same_task(c, o)]
        if len(twins) != 1:
            continue
        dropped.add(id(c))
        if c.reference is not None and twins[0].reference is None:
            refs[id(twins[0])] = c.reference
    if not dropped:
        return claims
    return [
        c.model_copy(update={"reference": refs[id(c)]}) if id(c) in refs else c for c in claims if id(c) not in dropped
    ]


def _same_task(c: Claim, o: Claim) -> bool:
    """The two name one task, or the sentence names none."""
    mine = c.config.get("task")
    return mine is None or mine == o.config.get("task")
