"""What an outcome's own words say of it, beyond the section it stands in.

Waived failures: a test run whose failures its own line waives ("1 failed: test_x, which main fails too
(waived)") is listed as waived, never as a regression.

An outcome's own commit: "test_x (failed in CI on f22959cf9a)" under "Before the rebase" failed in a CI run on
f22959cf9a; the section's own run passed. Such a gate is that CI run's (`own_revisions`), not the section's.

The gates reader gives each named failure its outcome (`waived` when the text waives it or says main fails it
too); a run's count of failures has none. A run whose lines hold a waived gate of its revision and no failing one
has all its failures waived: the text names them where it counts them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.model import Claim, Revision

# "failed (in CI on f22959cf9a)", "fails (on 0c9b8a7d)": the commit an outcome names; a sha holds a digit
_ON_SHA_RE = re.compile(
    r"\((?P<ci>[^()]{0,40}\bCI\b)?[^()]{0,40}?\bon\s+(?:commit\s+)?"
    r"(?P<sha>(?=[a-f]{0,39}\d)[0-9a-f]{7,40})\b"
)


def _rev(c: Claim) -> tuple[str, str]:
    r = c.revision
    return ((r.label or "").lower(), (r.head or "").lower()) if r else ("", "")


def mark_waived(claims: Sequence[Claim]) -> list[Claim]:
    """The claims, each test run whose failures are all waived by its own lines marked `outcome="waived"` (with
    the waiving gate's words as its outcome_text)."""
    runs = [c for c in claims if c.kind == "tests" and c.failed and c.outcome is None]
    if not runs:
        return list(claims)
    gates: dict[tuple[tuple[str, str], int], list[Claim]] = {}
    for g in claims:
        if g.kind == "gate" and g.outcome in ("waived", "fail"):
            for no in range(g.source.line, (g.source.line_end or g.source.line) + 1):
                gates.setdefault((_rev(g), no), []).append(g)
    marked: dict[int, Claim] = {}
    for c in runs:
        near = [
            g
            for no in range(c.source.line, (c.source.line_end or c.source.line) + 1)
            for g in gates.get((_rev(c), no), [])
        ]
        waived = [g for g in near if g.outcome == "waived"]
        if waived and not any(g.outcome == "fail" for g in near):
            names = ", ".join(dict.fromkeys(g.metric or "?" for g in waived))
            why = waived[0].outcome_text or "waived"
            marked[id(c)] = c.model_copy(update={"outcome": "waived", "outcome_text": f"{names}: {why}"})
    return [marked.get(id(c), c) for c in claims]


def own_revision(c: Claim) -> Revision | None:
    """The commit a gate's outcome names in its own words ("failed (in CI on f22959cf9a)"): a CI run there when
    the words say CI; None when they name none."""
    if c.kind != "gate" or not c.outcome_text or c.outcome not in ("fail", "pass", "waived"):
        return None
    m = _ON_SHA_RE.search(c.outcome_text[:200])
    if m is None or (c.revision is not None and c.revision.head and c.revision.head.startswith(m.group("sha"))):
        return None
    return Revision(label="CI" if m.group("ci") else None, head=m.group("sha"))


def own_revisions(claims: Sequence[Claim]) -> list[Claim]:
    """The claims, each gate whose outcome names its commit moved to that commit's revision."""
    out = []
    for c in claims:
        rev = own_revision(c)
        out.append(c.model_copy(update={"revision": rev}) if rev is not None else c)
    return out
