"""A trend's series across documents whose texts state different workload flags (vocab.workload_flags): one PR's
run with "--ignore-eos" and another's without are two workloads, drawn side by side but never judged as a history.
"""

from __future__ import annotations

from collections.abc import Mapping

from ledger.vocab.workload_flags import stated_workload_flags


def documents_flags(texts: Mapping[str, list[str]]) -> dict[str, frozenset[str]]:
    """Each document's (by its name) stated workload flags."""
    return {name: stated_workload_flags(lines) for name, lines in texts.items()}


def workload_caveat(label: str, docs: list[str], flags: Mapping[str, frozenset[str]]) -> str | None:
    """The note for a series whose documents do not all state the same workload flags, else None: the flag and the
    documents that alone state it."""
    if len(docs) < 2:
        return None
    every = set().union(*(flags.get(d, frozenset()) for d in docs))
    odd = sorted(f for f in every if not all(f in flags.get(d, frozenset()) for d in docs))
    if not odd:
        return None
    said = "; ".join(f"{f} stated in {', '.join(d for d in docs if f in flags.get(d, frozenset()))} alone" for f in odd)
    return f"note: {label}: {said}: another workload, so the step is not comparable (drawn, never judged)"
