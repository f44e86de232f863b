"""A change stated against a baseline the text prints, under the run it is the change of:

    - 2047.6 output tok/s, 0.88 req/s, and 30412.9 total tok/s.
    - Nothing moved: 0.8% under its 2064.1 output-tok/s baseline, inside the 3% tolerance.

The baseline (2064.1) is the reference of the run's value of that measure (2047.6), not a claim of its own nor words
of a setup (claims contract: a baseline paired with a value is the value's reference); the change keeps its claim,
and the measure its baseline is named by ("output-tok/s") is the change's measure, whatever the clause's words ("Nothing
moved"). The run's value is the one, in the change's own line or the lines of its paragraph or list above it, of that
measure which the change takes to the baseline (2064.1 x (1 - 0.8%) = 2047.6); none or two such, and no reference is
given; a claim a reader made of the baseline itself is dropped either way. A tolerance stated on the change ("inside
the 3% tolerance") bounds the run against its baseline too.

Apart from prose.reduced_by, which reads the change and keeps the run it is stated against as words (`against`):
the run's value may stand on another line (a list's item above), which only a reader of the whole document sees.
"""

from __future__ import annotations

import re

from ledger.model import Claim
from ledger.parsers.reader.document import Document
from ledger.vocab.units import RATIO_UNITS

# "its 2064.1 output-tok/s baseline", "the 1550.25 baseline", "our 88.1 ms TPOT reference": a number, its measure
_STATED_BASE_RE = re.compile(
    r"(?:its|the|our|their|a)[ \t](?P<value>\d[\d,]{0,12}(?:\.\d{1,6})?)"
    r"(?:[ \t-](?P<measure>[A-Za-z][\w/.-]{0,30}(?:[ \t][A-Za-z][\w/.-]{0,20}){0,2}?))?"
    r"[ \t](?:baseline|reference)(?:[ \t](?:run|result|value|figure))?",
    re.IGNORECASE,
)
# "output-tok/s": the hyphen a measure's words are joined to their unit by
_UNIT_HYPHEN_RE = re.compile(r"-(?=[A-Za-z]{1,12}/)")
_HEADING_RE = re.compile(r"[ \t]{0,3}#")
_REACH = 6
"""How many lines above the change its run's value is looked for (a list's items, a paragraph's lines)."""


def stated_baselines(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each run's value under a change stated against a printed baseline given that baseline as its
    reference, and the change named by the baseline's measure (see the module)."""
    changes = [c for c in claims if c.unit == "%" and "against" in (c.config or {}) and isinstance(c.value, float)]
    if not changes:
        return claims
    by_line: dict[int, list[Claim]] = {}
    for c in claims:
        by_line.setdefault(c.source.line, []).append(c)
    gone: set[int] = set()
    for change in changes:
        m = _STATED_BASE_RE.fullmatch(str(change.config["against"]).strip())
        if m is None:
            continue
        measure = _UNIT_HYPHEN_RE.sub(" ", m.group("measure") or "").strip() or None
        if measure is not None:
            change.metric = measure
        base = float(m.group("value").replace(",", ""))
        # ("its 2102.3 tok/s baseline": the baseline a reader took for a value of its own, on the change's line)
        own = [c for c in by_line.get(change.source.line, []) if c.value == base and c.reference is None]
        runs = [r for r in _runs_above(doc, by_line, change) if r not in own and _is_run_of(r, change, base, measure)]
        if len(runs) == 1:
            run = runs[0]
            run.reference = base
            if "threshold" in change.config and "threshold" not in run.config:
                run.config = {**run.config, "threshold": change.config["threshold"]}
        # (with no run above, the baseline is still the change's words, kept in `against`, never a result)
        gone.update(id(c) for c in own)
    return [c for c in claims if id(c) not in gone] if gone else claims


def _runs_above(doc: Document, by_line: dict[int, list[Claim]], change: Claim) -> list[Claim]:
    """The claims on the change's line before it and on the lines of its paragraph or list above, nearest first."""
    line = change.source.line
    out = [c for c in by_line.get(line, []) if c is not change]
    for k in range(line - 1, max(0, line - _REACH) - 1, -1):
        text = doc.line(k)
        if not text.strip() or _HEADING_RE.match(text):
            break
        out.extend(by_line.get(k, []))
    return out


def _is_run_of(run: Claim, change: Claim, base: float, measure: str | None) -> bool:
    """A value of the change's kind and measure that the change's share takes to the baseline (to its printed
    rounding, and a little more: a share of two rounded values)."""
    value = run.value
    if run.kind != change.kind or run.reference is not None or not isinstance(value, float) or not base:
        return False
    if run.unit in ("%", *RATIO_UNITS) or run.unit is None:
        return False
    if measure is not None and (run.metric or "").lower() != measure.lower() and run.unit not in measure:
        return False
    share = (value / base - 1) * 100
    assert isinstance(change.value, float)
    return abs(share - change.value) <= max(0.06, 0.02 * abs(change.value))
