"""Values that two server launches of one paste measured, where the text says neither launch is the change: the
parser names each arm by the flags it sets otherwise than the other ("--attention-backend triton" and
"--attention-backend fa3 --enable-fused-rope", parsers.grammar.relaunch_arms) and gives no reference. No arm is the
other's baseline, so none is judged; the reviewer reads the setups' numbers side by side, one finding a measure,
rather than "nothing to report". So are the rows of one table that differ by a feature a row names ("Wren-70B TP8"
and "Wren-70B Prefix Cache TP8", compare.outside.feature_rows): two setups, never a before and an after."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.compare.outside import feature_rows
from ledger.compare.render import fmt_claim
from ledger.model import Claim
from ledger.report.arms import ARM_KEY
from ledger.report.findings import Finding, rev_name

SIDE_BY_SIDE = "two setups"
"""The verdict of such a finding: not judged, set side by side."""
_MEASURED = frozenset({"perf", "accuracy", "acceptance"})


def launch_arm(name: str) -> bool:
    """An arm's name that is a launch's flags as written ("--attention-backend fa3", "without --enable-foo")."""
    return name.startswith(("--", "without --"))


def launch_setup_findings(own: Sequence[Claim], names: dict[str, str]) -> list[Finding]:
    """One finding per measure that two launch arms or more of one document and revision print with no reference."""
    groups: dict[tuple[object, ...], dict[str, list[Claim]]] = {}
    for c in own:
        arm = (c.config or {}).get(ARM_KEY)
        if arm and launch_arm(arm) and c.kind in _MEASURED and c.reference is None and isinstance(c.value, float):
            key = (c.source.path, c.kind, (c.metric or "").lower(), c.unit or "", rev_name(c))
            groups.setdefault(key, {}).setdefault(arm, []).append(c)
    out: list[Finding] = []
    for arms in groups.values():
        if len(arms) < 2:
            continue
        first = min((c for cs in arms.values() for c in cs), key=lambda c: c.source.line)
        said = "; ".join(f"{arm}: {', '.join(fmt_claim(c) for c in cs)}" for arm, cs in arms.items())
        text = f"{first.metric} under {len(arms)} launches, the text naming none the change: {said}"
        out.append(Finding(SIDE_BY_SIDE, text, names.get(rev_name(first)), first.source.line, first.metric))
    return out


def feature_row_findings(own: Sequence[Claim], names: dict[str, str]) -> list[Finding]:
    """One finding per table whose rows of one setup and one column differ by a feature a row names, no row the
    base (compare.outside.feature_rows): each row's value, side by side."""
    out: list[Finding] = []
    for rows in feature_rows([c for c in own if c.kind in _MEASURED]):
        first = rows[0]
        said = "; ".join(f"{c.config['row']}: {fmt_claim(c)}" for c in rows)
        text = f"{first.metric} in {len(rows)} rows of one table, each its own setup: {said}"
        out.append(Finding(SIDE_BY_SIDE, text, names.get(rev_name(first)), first.source.line, first.metric))
    return out
