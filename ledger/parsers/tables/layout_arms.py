"""A table whose value columns are layouts of one run ("| Metric | TP=8/EP=8 | TP=4/EP=4 | Delta |"): the second
arm's value keeps the first's as its reference (the table states the pair), but the two ran on different parallel
layouts, a trade the author explores, not the change's effect. The claim is noted (model.OTHER_SETUP_NOTE) so that
compare and report say "not comparable (<layout>)", never "worse than baseline"."""

from __future__ import annotations

from ledger.model import OTHER_SETUP_NOTE, Claim
from ledger.parsers.tables.swept_heads import swept_setting
from ledger.vocab.setup import qualifiers

# the keys that lay one run out over its GPUs: another value of any of them is another machine's run
_LAYOUT_KEYS = frozenset({"tp", "ep", "pp", "dp", "cp", "dcp", "pcp", "gpu_count", "nodes", "attention_dp"})


def layout_arm_notes(claims: list[Claim]) -> list[Claim]:
    """The claims, each table value with a reference under a column headed by layout settings alone noted so."""
    out: list[Claim] = []
    for c in claims:
        column = (c.config or {}).get("column", "")
        if c.reference is not None and column and (c.parser or "").startswith("tables") and swept_setting(column):
            said = qualifiers(column)
            if said and set(said) <= _LAYOUT_KEYS:
                how = ", ".join(f"{k}={v}" for k, v in said.items())
                note = f"{OTHER_SETUP_NOTE}: another layout than {how}"
                c = c.model_copy(update={"note": f"{note}; {c.note}" if c.note else note})
        out.append(c)
    return out
