"""Rows named by a revision the document defines with its commit: "| ours | 41.2 |" where "**ours** commit:
[7b8ca9a]" follows the table. Whatever reader took the table (a pipe table's row label, a llama-bench table's
"| Runtime |" column, a "| Platform |" column of engines), the row's name is a value of the claim's config, so one
pass after all readers serves them all."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.model import Claim, Revision


def on_named_rows(claims: list[Claim], named: Mapping[str | int, Revision]) -> list[Claim]:
    """The claims with the revision their row's name is defined as, where no narrower reading gave one."""
    heads = {k: r for k, r in named.items() if isinstance(k, str) and r.head}
    if not heads:
        return claims
    out = []
    for c in claims:
        if c.revision is None:
            names = (str(v).strip(" *_`").lower() for v in c.config.values())
            rev = next((heads[n] for n in names if n in heads), None)
            if rev is not None:
                c = c.model_copy(update={"revision": rev})
        out.append(c)
    return out
