"""What makes a version's text another revision of its document (ledger/compare/revisions.py).

A version whose claims say what the previous one said is folded into it; one whose support cells differ only in
their names or notes is not (a version renaming a row keeps its run of yes/no but is another page: folded away,
a later no -> yes of the renamed row reads as a yes from nowhere), nor one whose cells are all gone.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.model import Claim

Fingerprint = tuple[tuple[object, ...], ...]

NAMED_KINDS = frozenset({"support", "constraint", "listing"})
"""Claims whose subject, feature and note are their content, not their wording."""


def fingerprint(claims: Sequence[Claim]) -> Fingerprint:
    """A version's values with what each is of (its row's subject and feature, its setup: a version that re-heads a
    table over the same numbers is a version of its own too), and its support cells' notes and engines."""
    named = ((c.note, c.engine) if c.kind in NAMED_KINDS else () for c in claims)
    return tuple(
        (c.kind, c.metric, c.value, c.high, c.unit, c.outcome, c.passed, c.failed, c.subject, c.feature, setup, *n)
        for c, n in zip(claims, named, strict=True)
        for setup in (tuple(sorted((c.config or {}).items())),)
    )


def had_cells(print_: Fingerprint | None) -> bool:
    """Whether the version a fingerprint was taken of states support cells (its successor with none is a revision:
    every cell gone)."""
    return any(f[0] in NAMED_KINDS for f in print_ or ())
