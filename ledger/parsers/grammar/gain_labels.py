"""A block labelled with its gain ("INT8 TP = 2, EAGLE (2 1 3) (+11%)" over a bench table) is measured against the
section's first block of the same shape, whose label states none: the implicit baseline of a PR that tunes a default.

    INT8 TP = 2, EAGLE (4 2 6)            <- the baseline: the first block of this shape
    | Latency (s) | Acc Length | Speed (token/s) |
    INT8 TP = 2, EAGLE (2 1 3) (+11%)     <- 131.3 against 118.4, and +11% the change of its speed
    | Latency (s) | Acc Length | Speed (token/s) |

Each value of a gain block takes the baseline block's value of its measure as its reference, and the label's share
is the change of the block's speed measure (its rate), never a measure named after the label.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from ledger.model import Claim
from ledger.parsers.reader.document import Document
from ledger.vocab.units import measure_of_unit

# a label line closed by its gain in brackets: "... (2 1 3) (+11%)", "... + Config (-4.5 %):"
_GAIN_END_RE = re.compile(r"\(\s?[+\-−]\s?\d{1,4}(?:\.\d{1,3})?\s?%\s?\)\s?:?\s*$")
_REACH = 2
"""The lines a label may stand above its block (a blank line between)."""


def labelled_gains(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, a gain block's values given its baseline block's as references and its label's share named as the
    change of the block's speed measure."""
    blocks = [b for b in doc.blocks if b.kind in ("code", "table") and not (b.kind == "table" and b.in_code)]
    if len(blocks) < 2 or not any(c.unit == "%" for c in claims):
        return claims
    labels = {b.start: _label_line(doc, b.start) for b in blocks}
    # blocks do not overlap: a claim's block is the last one opening at or above its line (a search per claim, not
    # a pass over every block: a long thread holds hundreds of each)
    starts = [b.start for b in blocks]
    inside = {
        id(c): blocks[k].start
        for c in claims
        if (k := bisect_right(starts, c.source.line) - 1) >= 0 and c.source.line <= blocks[k].end
    }
    held: dict[int, list[Claim]] = {}
    for c in claims:
        if id(c) in inside:
            held.setdefault(inside[id(c)], []).append(c)
    baseline: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}  # (section, shape) -> the first block's start
    refs: dict[int, float] = {}
    renamed: dict[int, str] = {}
    for b in blocks:
        own = held.get(b.start, [])
        if not own or (label := labels[b.start]) is None:
            continue
        shape = (tuple(own[0].source.section), tuple(sorted({_measure(c) for c in own})))
        gain = _GAIN_END_RE.search(doc.line(label)) is not None
        if not gain:
            baseline.setdefault(shape, b.start)
            continue
        first = baseline.get(shape)
        if first is None:
            continue
        base = {_measure(c): c for c in held[first] if isinstance(c.value, float | int)}
        for c in own:
            if c.reference is None and (twin := base.get(_measure(c))) is not None and twin.kind == c.kind:
                refs[id(c)] = float(twin.value)  # type: ignore[arg-type]
        speed = next((c.metric for c in own if measure_of_unit(c.unit) == "throughput" and c.metric), None)
        for c in claims:
            if c.source.line == label and c.unit == "%" and speed is not None:
                renamed[id(c)] = f"{speed} change"
    if not refs and not renamed:
        return claims
    out = []
    for c in claims:
        update: dict[str, object] = {}
        if id(c) in refs:
            update["reference"] = refs[id(c)]
        if id(c) in renamed:
            update["metric"] = renamed[id(c)]
        out.append(c.model_copy(update=update) if update else c)
    return out


def _measure(c: Claim) -> str:
    return f"{c.kind}:{c.metric}:{c.config.get('column', '')}:{c.config.get('row', '')}"


def _label_line(doc: Document, start: int) -> int | None:
    """The line of text right above a block (a blank line between at most), None where a heading or nothing is."""
    for no in range(start - 1, max(0, start - 1 - _REACH), -1):
        s = doc.line(no).strip()
        if not s:
            continue
        return None if s.startswith(("#", "|", "```", "+-")) else no
    return None
