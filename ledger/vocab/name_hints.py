"""The setup words a metric's, row's, gate's or header's name holds (`config_hints`), read against the one table of
setup words (vocab.setup): "TPOT (ms) TP8 MTP3" -> tp 8, draft length 3 and spec algorithm MTP, and "TPOT (ms)"
left; a pair of lengths ("8192/1024 TPOT") is the workload's shape. Compare reads these to split series."""

from __future__ import annotations

import re

from ledger.vocab.block_words import CONSUMED_KEYS
from ledger.vocab.canonical import canon_value, canonical_items
from ledger.vocab.checkpoint_labels import checkpoint_label
from ledger.vocab.disagg_layout import without_layouts
from ledger.vocab.length_pairs import length_pair
from ledger.vocab.parallel_words import FUSED as _FUSED
from ledger.vocab.setup import SETUP_WORDS, SetupWord, _limit, _words_in
from ledger.vocab.spec_tuples import SPEC_TUPLE_KEYS, SPEC_TUPLE_WORDS
from ledger.vocab.text import MAX_NAME, lower_for_words

_NO_SPEC_RE = re.compile(r"\bno[ _-](?:mtp|speculation|spec(?:ulative)?(?: decoding)?|draft)\b", re.IGNORECASE)


def config_hints(text: str) -> tuple[dict[str, str], str]:
    """Configuration words found in a metric, row or gate name, and the text without them. A pair of lengths
    ("ISL/OSL=1K/2K", "8192/1024 TPOT", "1K/1K") is the workload's shape, a setup: "8192/1024 TPOT" and "1024/1024
    TPOT" are one measure at two shapes."""
    hints, rest = without_layouts(text[:MAX_NAME])  # ("ctx2_tep4_gen1_dep16": each role's sizes, no run's tp)
    packed, rest = checkpoint_label(rest)  # ("7B 4bit 128g, HF": a checkpoint's settings, not a 7B model's name)
    packed.pop("engine", None)  # (the claim states it where it is no page's own: tables.rows _checkpoint)
    hints.update(packed)
    pm = length_pair(rest, lower_for_words(rest))  # (before the single words take the second length for the first)
    if pm:
        isl = pm.group("isl")
        hints["isl"], hints["osl"] = canon_value("isl", isl), canon_value("osl", pm.groupdict().get("osl") or isl)
        rest = rest[: pm.start()] + " " + rest[pm.end() :]
    words, k = _hinted_words(rest, -1), 0
    while k < len(words):
        w = words[k]
        k += 1
        if w.key in hints or w.written in CONSUMED_KEYS:  # (a name's "block 5": no drafter named beside it)
            continue
        m = w.pattern.search(rest)
        if m and m.group(1) and not _limit(w, rest, m.start(), m.end()):  # ("no MTP" is _NO_SPEC_RE's: no draft length)
            for key, value in zip(SPEC_TUPLE_KEYS, m.groups(), strict=True) if w in SPEC_TUPLE_WORDS else ():
                hints.setdefault(key, value)  # "MTP (1 3 4)": its steps, top-k and draft tokens
            for key in _FUSED.get(w) or (() if w in SPEC_TUPLE_WORDS else (w.key,)):  # "TEP4": tp and ep
                for hk, hv in canonical_items(key, m.group(1)):  # "8xH100": the GPU and its count
                    hints.setdefault(hk, hv)
            rest = rest[: m.start()] + " " + rest[m.end() :]
            words, k = _hinted_words(rest, _WORD_AT[w]), 0  # (the blank joins what stood around the match)
    if _NO_SPEC_RE.search(rest):
        rest = _NO_SPEC_RE.sub(" ", rest)
    if hints.get("draft_len") == "0":
        hints.pop("draft_len")
    return hints, rest


_WORD_AT = {w: i for i, w in enumerate(SETUP_WORDS)}
_CPU_WORDS = tuple(w for w in SETUP_WORDS if w.written == "cpu")


def _hinted_words(text: str, after: int) -> tuple[SetupWord, ...]:
    """The setup words after the table's `after`-th that can match `text`, in the table's order: those its triggers
    name (one pass over the lowered text, as qualifiers reads a line) and the CPU's, whose Apple chips ("M2 Max") its
    triggers leave to the GPU word's; every word after it where a character the lowering changes stands. A name tried
    against every word of the table cost a pattern's call each (a hundred a name)."""
    if lower_for_words(text) is None:
        return SETUP_WORDS[after + 1 :]
    at = _WORD_AT.__getitem__  # (the words the triggers name come in the table's order, a few a name)
    return tuple(w for w in sorted({*_words_in(text), *_CPU_WORDS}, key=at) if at(w) > after)
