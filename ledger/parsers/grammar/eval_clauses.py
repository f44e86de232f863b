"""The settings an eval's setup sentence states for one benchmark of several, clause by clause.

    **Setup:** ... T=1.0. GPQA `n_samples=64`; AA-LCR `num_repeats=64`; SciCode = mean of 4×(`num_repeats=8`)

GPQA's scores were sampled 64 times, AA-LCR's runs repeated 64 times, SciCode's 8: each clause names one benchmark and
the samples or repeats of its own results, never the other columns' (SetupIndex.tasks, as an eval command's own
settings are). The clause holds as far as the sentence's setup does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.blocks import Document
from ledger.vocab.metrics import named_benchmark
from ledger.vocab.setup_keys import canonical_key_name

_CLAUSE_END_RE = re.compile(r";|\.(?=\s)")
_SETTING_RE = re.compile(r"(?<![\w-])(?P<key>[A-Za-z][A-Za-z_]{1,30})[ \t]?=[ \t]?(?P<value>\d{1,6})(?![\d.])")
_COUNT_KEYS = frozenset(("samples", "repeats"))
"""The keys a clause gives its benchmark alone: how many times its items were sampled or its runs repeated."""


def clause_tasks(doc: Document, scopes: Sequence[SetupScope]) -> list[SetupScope]:
    """The scopes of each benchmark's own clause on the lines that open `scopes` (see the module)."""
    widest: dict[int, int] = {}
    for s in scopes:
        if s.start > 0 and not s.task:
            widest[s.start] = max(widest.get(s.start, 0), s.end)
    out: list[SetupScope] = []
    for start, end in widest.items():
        text = doc.setup_line(start)
        if ";" not in text or len(text) > 2000:
            continue  # (one clause: the sentence's settings are every result's, read as they are)
        for clause in _CLAUSE_END_RE.split(text):
            bench = named_benchmark(clause) if "=" in clause else None
            if bench is None:
                continue
            counts = ((canonical_key_name(m["key"]), m["value"]) for m in _SETTING_RE.finditer(clause))
            if values := {k: v for k, v in counts if k in _COUNT_KEYS}:
                out.append(SetupScope(start, end, values, task=bench))
    return out
