"""A comparison's verdicts counted: the line over its table (`summary`) and the lines under it (`count_lines`), for a
PR's revisions and, in a release reader's words, for a page's versions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ledger.compare.judge import VERDICTS

CHANGED = ("regression", "fewer tests", "waived", "improvement", "not comparable")
"""Verdicts listed row by row; the others are counted in one line each (--all lists them too)."""


def summary(verdicts: Sequence[str], versions: bool = False, moved: Sequence[str] = ()) -> str:
    """The verdicts counted. A page's versions (`versions`) in a release reader's words: how many series changed
    (and how), were removed, are new, and stood still, then what could not be judged. `moved`: one verdict each for
    the series removed, new or set up anew that were judged between two versions stating them (page_versions.moves):
    those that moved counted among the changed, those that stood still among no significant change."""
    counts, steps = Counter(verdicts), Counter(moved)
    if not versions:
        return ", ".join(f"{counts[v]} {v}" for v in VERDICTS if counts[v]) or "nothing compared"
    changed = [v for v in CHANGED if v != "not comparable" and counts[v] + steps[v]]
    since = f"; {len(moved) - steps['within noise']} since removed or new" if len(moved) > steps["within noise"] else ""
    still = f" ({steps['within noise']} since removed or new)" if steps["within noise"] else ""
    how = f" ({', '.join(f'{counts[v] + steps[v]} {v}' for v in changed)}{since})" if changed else ""
    rest = [f"{counts[v]} {v}" for v in ("missing", "not comparable", "insufficient data") if counts[v]]
    return ", ".join(
        [
            f"{sum(counts[v] + steps[v] for v in changed)} changed{how}",
            f"{counts['removed']} removed",
            f"{counts['new']} new",
            f"{counts['within noise'] + steps['within noise']} no significant change{still}",
            *rest,
        ]
    )


def count_lines(verdicts: Sequence[str], noise_shown: int, n: int, versions: bool, lived: Sequence[str]) -> list[str]:
    """One line per verdict the table does not list row by row (`noise_shown`: the series within noise it lists
    for a move its overall verdict hides); on a page's versions, one more for the steps judged of the series removed,
    new or set up anew (page_versions.moves, `lived`), by verdict."""
    counts, newest = Counter(verdicts), f"R{n}"
    steps = ", ".join(f"{k} {'no significant change' if v == 'within noise' else v}" for v, k in Counter(lived).items())
    more = [
        (counts["within noise"] - noise_shown, "within noise (~)"),
        (counts["missing"], f"measured once (not re-run by the newest revision, {newest})"),
        (counts["new"], f"new (first stated in {newest})" if not versions else "new (first stated after R1)"),
        (counts["removed"], "removed (no longer stated by a later version)"),
        (len(lived), f"removed, new or not comparable, judged between two versions that state them: {steps}"),
        (counts["ambiguous"], "ambiguous (values of one series not told apart: listed, not averaged)"),
        (counts["insufficient data"], "without a verdict (a value or an outcome missing)"),
    ]
    lines = [f"{k} {what}" for k, what in more if k]
    if lines:
        lines[-1] += "; --all lists every series"
    return lines
