"""Test counts with nothing failed, as results: "41 passed" is evidence a reviewer reads ("the unit suites pass"),
even in a thread that compares nothing else. A count with failures is the failures section's; one a comparison
between revisions already judged is that row's."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.compare.run import Comparison
from ledger.model import Claim
from ledger.report.findings import HEADLINE_FIRST, Finding, rev_name
from ledger.vocab.sides import side_of


def passing_counts(
    comp: Comparison, own: Sequence[Claim], names: dict[str, str]
) -> tuple[list[Finding], list[Finding]]:
    """The newest revision's (and no revision's) test counts that passed with no failure, one per suite and count:
    the first few for the first screen, the rest for --all."""
    judged = {c.source.line for row in comp.rows for c in row.cells if c is not None and c.kind == "tests"}
    out: list[Finding] = []
    seen: set[tuple[str | None, int]] = set()
    for t in own:
        if t.kind != "tests" or not t.passed or t.failed or t.source.line in judged:
            continue
        if t.revision is not None and side_of(t.revision.label) == "base":
            continue  # (a run on main shows the state the change starts from)
        if (key := (t.metric, t.passed)) in seen:
            continue
        seen.add(key)
        skipped = f", {t.skipped} skipped" if t.skipped else ""
        name = rev_name(t)
        out.append(
            Finding(
                "pass", f"{t.metric or 'tests'}: {t.passed} passed{skipped}", names.get(name), t.source.line, t.metric
            )
        )
    return out[:HEADLINE_FIRST], out[HEADLINE_FIRST:]
