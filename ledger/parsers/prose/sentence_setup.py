"""The setup a sentence opens with reaches the results of the sentences after it on the same line: "Add the table
for Foo 8b FP16, a 5% E2E gain on H100. Perf goes from 10.0 -> 10.5 output throughput" measured the pair in FP16
too. Only the words before a sentence's first value (its lead: what the sentence is about, never one value's own
trailing words), only the model, the precision and the board (what a paragraph states once for all its results),
and only where the later result states none of them itself. A sentence that names a side (the baseline, main,
"without the patch") neither gives its setup nor takes one: the sides may differ in exactly that.

Apart from prose/lists.py because this reads the line's sentences, not one sentence's list of values."""

from __future__ import annotations

import re

from ledger.vocab.setup import model_names, qualifiers
from ledger.vocab.word_gate import WordGate

_CARRIED = ("model", "quant", "gpu")
"""The keys a paragraph states once for all its results (a length, a batch or a concurrency is each run's own)."""
# a sentence ends at ". " before a capital (not "13.5", "e.g. the", "vs. main")
_SENTENCE_END_RE = re.compile(r"(?<=[A-Za-z0-9%)`*])[.!?](?=[ \t]{1,3}[*_`]{0,2}[A-Z])")
# (searched only where one of its words stands: vocab.word_gate)
_SIDE_WORD_RE = WordGate(
    re.compile(r"\b(?:baseline|base|main|master|upstream|before|without|reference|w/o)\b", re.IGNORECASE)
)


def carry_sentence_setup(out: list[dict], text: str) -> None:
    """Give each result the model, precision and board an earlier sentence of `text` opens with, where it states
    none of its own (see the module)."""
    if not out:
        return
    ends = [m.end() for m in _SENTENCE_END_RE.finditer(text)]
    if not ends:
        return
    starts = [0, *ends]
    carried: dict[str, str] = {}
    for i, start in enumerate(starts):
        end = ends[i] if i < len(ends) else len(text)
        mine = [c for c in out if start <= c["start"] < end]
        sentence = text[start:end]
        if _SIDE_WORD_RE.search(sentence):
            carried = {}  # (a side's setup is that side's; what came before it no longer speaks for what follows)
            continue
        for c in mine:
            c["config"] = {**{k: v for k, v in carried.items() if k not in c["config"]}, **c["config"]}
        lead = text[start : min((c["start"] for c in mine), default=end)]
        carried.update(_lead_setup(lead))


def _lead_setup(lead: str) -> dict[str, str]:
    """The model, precision and board a sentence's lead names."""
    words = {k: v for k, v in qualifiers(lead).items() if k in _CARRIED}
    if models := model_names(lead):
        words["model"] = models[-1]
    return words
