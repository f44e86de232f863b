"""Two arms of one comparison printed in one code block, one line each: a value and its reference.

    old sampler : score@1 = 71.20%   best@4 97.50%     <- the base arm: its values are the references below
    new sampler : score@1 = 72.40%   best@4 98.10%     <- 72.40 with reference 71.20, variant "new sampler"

An arm named by a side word ("PR :" under "main :") is that side: its values' revision, as a table's PR row's.

Arm lines are a table's rows under one header (a before/after table's base row and PR row are one claim: the
baseline gets none of its own). A whole paste per side, or a whole table per side under "main:" / "this PR:" in
one paste, keeps no reference (the gold convention, corpus vllm-14848): each is its revision, and compare pairs
them. The base is the arm a side word names (main, baseline, old); arms named alike ("BF16 cache" / "FP8 cache")
are measured against the first. Arms named nothing alike ("H100 :" / "A100 :") are two setups, not two sides. A
measure printed more than once on a line (repeated runs) is a series: its values stay values of their own.

Labels that are one setting at several numbers ("Batch size 4: Mean latency: 1.12 seconds" / "Batch size 16: ...")
are a sweep, not arms: each line is its own result at its own setting, none the reference of another (a first row
taken as the base lost its own claim, and the others were compared across settings). Such a sweep's sides are the
text's (a paste per side under "Before" / "After"), and compare pairs each setting with its twin.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Sequence

from ledger.model import Claim, Revision
from ledger.parsers.reader.document import Document
from ledger.vocab.setup import qualifiers
from ledger.vocab.sides import side_alone, side_of

# "old sampler : score@1 = ...", "MXFP4 index: Accuracy: 0.956": an arm's name opening its line of results
_ARM_RE = re.compile(r"^\s*(?P<label>[A-Za-z][\w.+/-]{0,30}(?: [\w.+/-]{1,30}){0,3}?)\s{0,8}:\s")
_VALUE_RE = re.compile(r"[-+]?\d+(?:\.\d+)?%?")
"""A printed value inside a metric's name (a splice of the line's text): masked, so both arms' names agree."""
MAX_ARMS = 8
"""More arm lines than this in a row are a listing, not the arms of one comparison."""


def _key(c: Claim) -> tuple[str, str, str]:
    return (c.kind, _VALUE_RE.sub("#", c.metric or ""), c.unit or "")


def _shape(claims: Sequence[Claim]) -> list[tuple[str, str, str]]:
    return [_key(c) for c in claims]


def pair_arms(
    base: Sequence[Claim], other: Sequence[Claim], variant: str | None, key: Callable[[Claim], Hashable] = _key
) -> dict[int, Claim | None]:
    """The claims of `other` each with its counterpart of `base` (same kind, measure and unit, printed once on its
    line; `key` says what is the same) as its reference, and the `base` claims so used dropped (None)."""
    counts: dict[Hashable, int] = {}
    for c in other:
        counts[key(c)] = counts.get(key(c), 0) + 1
    refs = {key(c): c for c in base if counts.get(key(c)) == 1 and isinstance(c.value, float)}
    out: dict[int, Claim | None] = {}
    for c in other:
        ref = refs.get(key(c)) if counts[key(c)] == 1 else None
        if ref is None or c.reference is not None or not isinstance(c.value, float):
            continue
        update: dict[str, object] = {"reference": ref.value}
        if variant and side_alone(variant) and side_of(variant) == "head" and c.revision is None:
            update["revision"] = Revision(label=variant, head=None, base=None)  # "PR :" over "main :": its side
        elif variant and "variant" not in c.config:
            update["config"] = {**c.config, "variant": variant}  # "MXFP4 index :": an arm of one setup
        out[id(c)] = c.model_copy(update=update)
        out[id(ref)] = None
    return out


def _base_index(labels: Sequence[str]) -> int | None:
    """Which of the arms' labels is the base: the one a side word names as such, else (two arms) the one beside a
    candidate's word, else the first of arms named alike (a word in common), else none."""
    sides = [side_of(label) for label in labels]
    if sides.count("base") == 1:
        return sides.index("base")
    if len(labels) == 2 and sides.count("head") == 1:
        return sides.index(None) if None in sides else None
    words = [set(label.lower().split()) for label in labels]
    if len({label.lower() for label in labels}) == len(labels) and set.intersection(*words):
        return 0
    return None


def _swept(labels: Sequence[str]) -> bool:
    """The labels are one sweep: each names the same settings, the settings they differ in are numbers, and no two
    are at one point ("Batch size 4" / "Batch size 16", "TP2 bs=8" / "TP2 bs=32"); "BF16 cache" / "FP8 cache"
    (two precisions) and a side word ("main" / "PR") are arms."""
    settings = [qualifiers(label) for label in labels]
    if not all(settings) or any(s.keys() != settings[0].keys() for s in settings) or any(map(side_of, labels)):
        return False
    points = {tuple(s.values()) for s in settings}
    varied = [key for key in settings[0] if len({s[key] for s in settings}) > 1]
    return len(points) == len(labels) and all(_NUMBER_RE.fullmatch(s[key]) for key in varied for s in settings)


_NUMBER_RE = re.compile(r"\d{1,9}(?:\.\d{1,6})?[kKmM]?")


def _arm_runs(doc: Document, start: int, end: int, by_line: dict[int, list[Claim]]) -> Iterable[list[int]]:
    """Runs of consecutive lines of a code block that each open with an arm's name over results named otherwise."""
    run: list[int] = []
    for no in range(start, end + 2):
        m = _ARM_RE.match(doc.line(no)) if no <= end else None
        claims = by_line.get(no, []) if m else []
        label = m.group("label").strip().lower() if m else ""
        # "Mean TTFT (ms): 12.3" names its own value: a line of results, not an arm
        if claims and not any(label in (c.metric or "").lower() for c in claims):
            run.append(no)
            continue
        if len(run) >= 2:
            yield run
        run = []


def _arms(doc: Document, start: int, end: int, by_line: dict[int, list[Claim]]) -> dict[int, Claim | None]:
    out: dict[int, Claim | None] = {}
    for run in _arm_runs(doc, start, end, by_line):
        if len(run) > MAX_ARMS or any(_shape(by_line[no]) != _shape(by_line[run[0]]) for no in run):
            continue
        labels = [m.group("label").strip() for no in run if (m := _ARM_RE.match(doc.line(no)))]
        base = None if _swept(labels) else _base_index(labels)
        if base is None:
            continue
        for k, no in enumerate(run):
            if k != base:
                out.update(pair_arms(by_line[run[base]], by_line[no], labels[k]))
    return out


def fence_side_pairs(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims with the sides a code block prints row by row paired: each value with its base side's as its
    reference, the base's values so used no claims of their own."""
    by_line: dict[int, list[Claim]] = {}
    reports: set[int] = set()  # "pr: FAILED test_x - assert 2210.41 >= ...": a test's report, not an arm's results
    for c in claims:
        if c.value is not None:
            by_line.setdefault(c.source.line, []).append(c)
        else:
            reports.add(c.source.line)
    for no in reports:
        by_line.pop(no, None)
    changed: dict[int, Claim | None] = {}
    for block in doc.blocks:
        if block.kind != "code" or not any(no in by_line for no in range(block.start, block.end + 1)):
            continue
        changed.update(_arms(doc, block.start, block.end, by_line))
    if not changed:
        return claims
    out: list[Claim] = []
    for c in claims:
        new = changed.get(id(c), c)
        if new is not None:
            out.append(new)
    return out
