"""Rows named by a revision the document defines with its commit: "| ours | 41.2 |" where "**ours** commit:
[7b8ca9a]" follows the table. Whatever reader took the table (a pipe table's row label, a llama-bench table's
"| Runtime |" column, a "| Platform |" column of engines), the row's name is a value of the claim's config, so one
pass after all readers serves them all."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.model import Claim, Revision
from ledger.parsers.grammar.named_revisions import named_at
from ledger.vocab.setup import qualifiers


def _heads(named: Mapping[str | int, Revision]) -> dict[str, Revision]:
    return {k: r for k, r in named.items() if isinstance(k, str) and r.head}


def on_named_rows(claims: list[Claim], named: Mapping[str | int, Revision]) -> list[Claim]:
    """The claims with the revision their row's name is defined as (a name that reaches the row's turn:
    named_revisions.named_at), where no narrower reading gave one."""
    if not _heads(named):
        return claims
    out = []
    reach: dict[int, dict[str, Revision]] = {}  # (by the mapping a turn's names are: one per turn)
    for c in claims:
        if c.revision is None:
            there = named_at(named, c.source.line)
            heads = reach.get(id(there)) or reach.setdefault(id(there), _heads(there))
            names = (str(v).strip(" *_`").lower() for v in c.config.values())
            rev = next((heads[n] for n in names if n in heads), None)
            if rev is not None:
                c = c.model_copy(update={"revision": rev})
        out.append(c)
    return out


def on_spec_side(claims: list[Claim], named: Mapping[str | int, Revision]) -> list[Claim]:
    """Acceptance figures with no side of their own, on the one side the document defines that ran a speculative
    method ("- EAGLE3: this PR branch `e07a9c3`" beside "- Baseline: master `b41c0d2`"): a run without one accepts no
    draft tokens, so a table of acceptance per prompt measured the speculative side, with its method."""
    sides = {r.head: r for k, r in named.items() if isinstance(k, str) and r.head}
    if len(sides) < 2:
        return claims
    methods = {head: qualifiers(r.label or "").get("spec_algo") for head, r in sides.items()}
    spec = [head for head, m in methods.items() if m and m != "none"]
    if len(spec) != 1:
        return claims
    side, method = sides[spec[0]], methods[spec[0]]
    out = []
    for c in claims:
        if c.kind == "acceptance" and c.revision is None and c.config.get("spec_algo", method) == method:
            c = c.model_copy(update={"revision": side, "config": {**c.config, "spec_algo": method}})
        out.append(c)
    return out
