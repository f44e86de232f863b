"""A list of one benchmark's scores, each item a configuration the score was measured under:

    Referenced gsm8k accuracies:                <- the lead-in names the benchmark and calls its items scores
    - **w/o MTP:** 88.211                       <- gsm8k's score without speculation
    - **MTP draft length 1:** 88.135            <- gsm8k's score with one MTP draft token

Each item is one accuracy claim named by the benchmark (never by its label, which is no measure), its label's words
its setup (spec_algo, draft_len; the label itself as `variant` where it states no key). No item is another's
reference: the text pairs none (the first configuration is not a baseline the list measures the others against).
Read before kv_lines, which takes "label: value" items for measures named by their labels.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import to_float
from ledger.parsers.reader.document import Block
from ledger.vocab.metrics import is_accuracy_name, named_benchmark, names_known_measure
from ledger.vocab.score_verbs import SCORE_LIST_LEAD_RE
from ledger.vocab.setup import qualifiers
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
    yield ctx.claim(
        "accuracy",
        block.start,
        m.group("v") + m.group("pct"),
        metric=task,
        value=value,
        unit="%" if m.group("pct") else None,
        config={"task": task, **setup},
    )


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
    if lead is None or lead.kind != "text" or lead.in_code or blocks[first].start - lead.end > 2:
        return None
    text = lead.text[-300:]
    if not SCORE_LIST_LEAD_RE.search(text) or (task := named_benchmark(text)) is None:
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
    return (task, found) if len(found) >= 2 and keyed else None


def _names_measure(label: str) -> bool:
    return names_known_measure(label) or is_accuracy_name(label) or STAT_WORD_RE.fullmatch(label.strip()) is not None
