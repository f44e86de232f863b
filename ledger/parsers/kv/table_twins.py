"""A summary table that repeats a paste's values takes what the paste printed beside them:

    w/o this PR:                        | deploy     | Acc   | Latency |
    ```                                 |------------|-------|---------|
    Loading GSM8K Platinum dataset ...  | baseline   | 0.844 | 71.910  |
    Accuracy: 0.844                     | w/ this PR | 0.849 | 68.468  |
    Latency: 71.910 s

The table's `Latency` prints no unit and its `Acc` no benchmark; the paste of the same side printing the same number
under the same measure ("Acc" is "Accuracy" cut short) states both, so the cell takes the paste's unit and task.
Whole numbers are left alone (a count of 8 may stand in any two places), and so is a cell stating its own."""

from __future__ import annotations

import bisect

from ledger.model import Claim
from ledger.parsers.reader.document import Document
from ledger.vocab.metrics import normalise_metric
from ledger.vocab.sides import side_of

_SHORTEST = 3
"""The fewest letters a measure cut short keeps ("acc" of "accuracy")."""


def table_twins(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, a table's cells given the unit and task a paste printed beside a cell of their measure that
    repeats the paste's value (same side, same measure): the whole column's unit, and its task where the row names
    only a side (a row of its own, "| MathQA | 0.43 |", may be another benchmark)."""
    code = [(b.start, b.end) for b in doc.blocks if b.kind == "code"]
    tables = [(b.start, b.end) for b in doc.blocks if b.kind == "table" and not b.in_code]
    if not code or not tables:
        return claims
    pasted: dict[tuple[float, str], list[Claim]] = {}
    for c in claims:
        if (key := _key(c)) is not None and _inside(code, c.source.line) is not None and (c.unit or "task" in c.config):
            pasted.setdefault(key, []).append(c)
    if not pasted:
        return claims
    learned: dict[tuple[int, str], Claim] = {}  # (table, measure) -> the paste's claim a cell of it repeats
    for c in claims:
        key = _key(c) if c.unit is None or _taskless(c) else None
        if key is not None and key in pasted and (table := _inside(tables, c.source.line)) is not None:
            twin = next((p for p in pasted[key] if p.kind == c.kind and _same_measure(c.metric, p.metric)), None)
            if twin is not None:
                learned.setdefault((table, _measure(c.metric)), twin)
    if not learned:
        return claims
    out: list[Claim] = []
    for c in claims:
        table = _inside(tables, c.source.line) if c.unit is None or _taskless(c) else None
        twin = learned.get((table, _measure(c.metric))) if table is not None else None
        out.append(c if twin is None else _from_twin(c, twin))
    return out


def _from_twin(c: Claim, twin: Claim) -> Claim:
    update: dict[str, object] = {}
    if c.unit is None and twin.unit:
        update["unit"] = twin.unit
    if _taskless(c) and "task" in twin.config and "row" not in c.config:
        update["config"] = {**c.config, "task": twin.config["task"]}
    return c.model_copy(update=update) if update else c


def _key(c: Claim) -> tuple[float, str] | None:
    """The claim's value and side, for a value with a fraction (a whole number may be a count anywhere)."""
    if not isinstance(c.value, float) or c.value == int(c.value):
        return None
    label = (c.revision.label if c.revision is not None else None) or ""
    return c.value, side_of(label) or label.lower()


def _taskless(c: Claim) -> bool:
    return c.kind == "accuracy" and "task" not in c.config


def _inside(spans: list[tuple[int, int]], line: int) -> int | None:
    """The first line of the span holding `line`, None for none."""
    k = bisect.bisect_right(spans, (line, line)) - 1
    return spans[k][0] if k >= 0 and spans[k][0] <= line <= spans[k][1] else None


def _measure(metric: str | None) -> str:
    return normalise_metric(metric or "", "perf").name


def _same_measure(a: str | None, b: str | None) -> bool:
    """One measure, spelled in full or cut short ("Acc", "Accuracy")."""
    short, full = sorted((_measure(a), _measure(b)), key=len)
    return bool(short) and (short == full or (len(short) >= _SHORTEST and full.startswith(short) and " " not in full))
