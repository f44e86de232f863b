"""A prose line that says what the change makes the code cover, not what a run was measured on: "- Add X for SM100
and SM103.", "Support BF16/FP16 paged context", "MLA decode requires BF16". Its boards and precisions are the
kernel's scope (each result says which it ran), so neither a section's nor the document's setup reads them."""

from __future__ import annotations

import re

from ledger.vocab.setup import named_twice, qualifiers
from ledger.vocab.setup_negation import baselines_precision
from ledger.vocab.word_gate import WordGate

_REQUIRES_RE = re.compile(r"\brequires?\s", re.IGNORECASE)
_REQUIRES_GATE = WordGate(_REQUIRES_RE)
"""Its search, only where "require" stands (vocab.word_gate: a bare `\\b` is tried at every character)."""
# a line that says what the change makes the code do ("- Add X for SM100 and SM103.", "Supports BF16/FP16 decode")
_SCOPE_VERB_RE = re.compile(
    r"^[\s>*+-]{0,6}(?:adds?|added|supports?|supported|enables?|enabled|implements?|integrates?|introduces?)\s",
    re.IGNORECASE,
)


# a sentence weighing two settings against each other ("K=4 accepts more than K=2"): neither is every run's
_COMPARED_RE = re.compile(r"\b(?:than|vs\.?|versus|compared (?:to|with))\s", re.IGNORECASE)


def scope_values(values: dict[str, str], text: str) -> list[tuple[str, str]]:
    """What a prose line names as the code's scope, not as a run's setup. A line saying what the change adds or
    supports names a key twice ("Add X for SM100 and SM103", "Support BF16/FP16 paged context": what the kernel
    covers, each result says which it ran): the second value comes back, so that a default counting the line's
    values finds no one value of the key in it. A precision or board right after "requires" ("MLA decode requires
    BF16") is a precondition, and one named only inside a baseline's noun phrase the baseline arm's: dropped from
    `values`. Whatever its verb, a line naming two boards ("Checked on 2×A100 and 2×L40S") names no one machine:
    its second board comes back too (a heading or a run's lead-in over a result still names that result's own)."""
    if ("quant" in values or "gpu" in values) and (m := _REQUIRES_GATE.search(text)) is not None:
        after = text[m.end() : m.end() + 40].lower()
        for key in ("quant", "gpu"):
            if key in values and values[key].lower() in after:
                del values[key]
    if "quant" in values and baselines_precision(text, values["quant"]):
        del values["quant"]  # ("the bf16 FlashMLA baseline itself gains ...": that arm's, its paragraph's results')
    if not values:
        return []
    keys = named_twice(text) & values.keys() - {"gpu_count"}  # (a count: document_default's own)
    if not _SCOPE_VERB_RE.match(text):
        # ("Tested on 4×H800 and 4×H200": two machines, neither the one every result ran on; "K=4 accepts more than
        # K=2": two settings weighed, neither every run's)
        keys &= keys if _COMPARED_RE.search(text[:400]) else {"gpu"}
    out = []
    for key in sorted(keys):
        first = values[key]
        rest = re.sub(re.escape(first), " ", text[:400], flags=re.IGNORECASE)
        if (other := qualifiers(rest).get(key)) and other.lower() != first.lower():
            out.append((key, other))
    return out
