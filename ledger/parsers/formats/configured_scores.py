"""A list of one benchmark's scores, each item a configuration the score was measured under:

    Referenced gsm8k accuracies:                <- the lead-in names the benchmark and calls its items scores
    - **w/o MTP:** 88.211                       <- gsm8k's score without speculation
    - **MTP draft length 1:** 88.135            <- gsm8k's score with one MTP draft token

Each item is one accuracy claim named by the benchmark (never by its label, which is no measure), its label's words
its setup (spec_algo, draft_len; the label itself as `variant` where it states no key). No item is another's
reference: the text pairs none (the first configuration is not a baseline the list measures the others against).
Two items opening with the two sides' words under the task's name alone on its line (or over the command that
scored it) are one comparison:

    mmlu
    - Before BF16: 0.628                        <- the base side: the reference, no claim of its own
    - After NVFP4: 0.616                        <- measured under NVFP4 (its setup, no revision); "- After: 0.616",
                                                   naming the side alone, is measured on that side's revision

Read before kv_lines, which takes "label: value" items for measures named by their labels.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import to_float
from ledger.parsers.reader.document import Block
from ledger.vocab.metrics import is_accuracy_name, named_benchmark, names_known_measure
from ledger.vocab.score_verbs import SCORE_LIST_LEAD_RE
from ledger.vocab.setup import qualifiers
from ledger.vocab.sides import side_of
from ledger.vocab.units import STAT_WORD_RE

NAME = "configured_scores"
VERSION = "1"
BLOCKS = frozenset({"item"})

# "- **Eagle3, 2 draft tokens:** 81.37", "- no speculation: 81.42%": a label, its colon, one score and nothing after
_ITEM_RE = re.compile(
    r"^\s{0,6}[-*+]\s{1,4}[*_]{0,2}(?P<label>[^:*_\n]{1,60}?)[*_]{0,2}\s?:[*_]{0,2}\s{1,8}"
    r"(?P<v>\d{1,3}(?:\.\d{1,4})?)\s{0,2}(?P<pct>%?)\s*$"
)
_MAX_ITEMS = 40


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    items = _list_of(block, ctx)
    if items is None:
        return
    task, found = items
    m = found.get(block.start)
    if m is None:
        return
    value = to_float(m.group("v"))
    if value is None:
        return
    label = m.group("label").strip()
    setup = qualifiers(label) or {"variant": label}
    ctx.taken.add(block.start)  # (kv_lines would read the label as a measure's name)
    sides = _sides(found)
    if sides is not None and block.start == sides[0]:
        return  # (the base side's score is the other's reference, no claim of its own)
    reference = to_float(found[sides[0]].group("v")) if sides is not None else None
    # "- After FP8: 0.866": the precision the label states is the run's setup, the base its reference by that setup,
    # no revision; "- After: 0.557" names the side alone, the revision it was measured on
    bare = sides is not None and not qualifiers(label)
    extra: dict[str, Any] = {"revision": Revision(label=label)} if bare else {}
    yield ctx.claim(
        "accuracy",
        block.start,
        m.group("v") + m.group("pct"),
        metric=task,
        value=value,
        unit="%" if m.group("pct") else None,
        reference=reference,
        config={"task": task, **(qualifiers(label) if sides is not None else setup)},
        **extra,
    )


def _sides(found: dict[int, re.Match[str]]) -> tuple[int, int] | None:
    """(the base item's line, the candidate's) of a list of two items whose labels open with the two sides' words
    ("- Before BF16: 0.871" / "- After FP8: 0.866"), else None."""
    if len(found) != 2:
        return None
    (a, ma), (b, mb) = found.items()
    kinds = [side_of(_side_word(m.group("label"))) for m in (ma, mb)]
    return (a, b) if kinds == ["base", "head"] else (b, a) if kinds == ["head", "base"] else None


def _side_word(label: str) -> str:
    return label.strip().split(" ", 1)[0]


def _list_of(block: Block, ctx: Context) -> tuple[str, dict[int, re.Match[str]]] | None:
    """The benchmark the list holding `block` scores and its items by line, where its lead-in names the benchmark
    and calls its items scores, every item (two at least) is a label and one score, and a label states a setting;
    else None."""
    blocks = ctx.doc.blocks
    at = ctx.block_index(block)
    if at < 0:
        return None
    first = at
    while first > 0 and blocks[first - 1].kind == "item" and at - first < _MAX_ITEMS:
        first -= 1
    lead = blocks[first - 1] if first > 0 else None
    after = blocks[first]  # (the block right under the lead-in)
    code = first - 1
    while code > 0 and blocks[code].in_code and first - code < 4:
        code -= 1  # (a fence's lines, then the fence)
    if lead is not None and lead.in_code and blocks[code].kind == "code" and after.start - blocks[code].end <= 2:
        # ("gsm8k", the command that scored it, then the sides' scores: the task's name right over the command)
        prev = blocks[code - 1] if code > 0 else None
        lead, after = (prev, blocks[code]) if prev is not None and _task_alone(prev) else (None, after)
    if lead is None or lead.kind != "text" or lead.in_code or after.start - lead.end > 2:
        return None
    text = lead.text[-300:]
    task = named_benchmark(text)
    scored = SCORE_LIST_LEAD_RE.search(text) is not None
    # ("mmlu" alone on its line over "- Before BF16: 0.628": the task of the two sides' scores)
    if not (scored or _task_alone(lead)) or task is None:
        return None
    found: dict[int, re.Match[str]] = {}
    k = first
    while k < len(blocks) and blocks[k].kind == "item" and k - first < _MAX_ITEMS:
        b = blocks[k]
        m = _ITEM_RE.match(ctx.doc.line(b.start)) if b.start == b.end else None
        if m is None or _names_measure(m.group("label")):
            return None  # ("- strict-match: 0.91": an item naming a measure; any item that is no score)
        found[b.start] = m
        k += 1
    keyed = any(qualifiers(m.group("label")) for m in found.values())  # (the labels are configurations)
    sided = _sides(found) is not None
    return (task, found) if len(found) >= 2 and (keyed or sided) and (sided or scored) else None


# a task's name alone on its line: a word or three, no sentence ("gsm8k", "arc challenge", "MMLU-Pro:")
_TASK_ALONE_RE = re.compile(r"^\s{0,3}[*_]{0,2}[\w-]{2,20}(?:\s[\w-]{1,20}){0,2}[*_]{0,2}:?\s*$")


def _task_alone(block: Block) -> bool:
    return (
        block.kind == "text"
        and not block.in_code
        and block.start == block.end
        and _TASK_ALONE_RE.match(block.text) is not None
        and named_benchmark(block.text) is not None
    )


def _names_measure(label: str) -> bool:
    return names_known_measure(label) or is_accuracy_name(label) or STAT_WORD_RE.fullmatch(label.strip()) is not None
