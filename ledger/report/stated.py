"""Changes the text states in words against its base: "~9% faster TG for Q4_0 compared to master", "About 6% (short
context) to 13% (65k) improvement for PP", "PP for Q8_0 is about 2% slower". A thread that summarises its effect
only this way (llama.cpp's and ik_llama.cpp's descriptions, vLLM's "1% output token throughput improvement") has no
before/after pair to judge, yet says which way it went: each such share is an improvement or a regression as stated,
in the results or the failures, never "nothing to report". The way is the words' (ledger.vocab.stated_changes).

A share on a line whose values are judged against their reference ("158 -> 30 ms, an 81% improvement") is said by
that check already; a share measured on the base side describes the code before the change."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.compare.judge import IMPROVEMENT, NOISE, REGRESSION
from ledger.compare.references import stated_tolerance
from ledger.compare.render import fmt_claim
from ledger.model import BROKEN_NOTE, NOISE_NOTE, Claim
from ledger.report.findings import Finding, rev_name
from ledger.vocab.sides import side_of
from ledger.vocab.stated_changes import item_effect, stated_direction

_STATING_READERS = ("prose", "kv_lines")
"""The readers of sentences and of "label: value" lines: a share either gives is stated in words ("- 1K/1K: +3.1%"
under "## Output throughput vs main"), no column of a table judged by its own pairs (but see _change_rows)."""
STATED = "as stated"
"""What a stated change's words add to its verdict: the text's own word, no measured pair."""


def stated_changes(
    own: Sequence[Claim], names: dict[str, str], share: float = 0.02, lines: Sequence[str] = ()
) -> tuple[list[Finding], list[Finding]]:
    """The improvements and the regressions the text states as shares of a change, each a finding of its line; a
    share no larger than `share` (the default perf threshold a measured pair is judged by, 0.02 for 2%) is within
    noise, in the results, as "-0.42% req/s" would be were both runs printed. `lines`: the text, where a list item
    names a change whose signed share is its effect (vocab.stated_changes.item_effect)."""
    paired = {c.source.line for c in own if c.reference is not None}
    gains: list[Finding] = []
    losses: list[Finding] = []
    rows = _change_rows(own)
    for c in own:
        if c.kind != "perf" or c.reference is not None or not isinstance(c.value, float) or c.source.line in paired:
            continue
        stating = (c.parser or "").startswith(_STATING_READERS) or c.source.line in rows
        if not stating or side_of(rev_name(c)) == "base" or (c.note or "").startswith(BROKEN_NOTE):
            continue  # (the base's, or the regression the change removes: "to work around the 25% regression")
        against = (c.config or {}).get("against")
        line = lines[c.source.line - 1] if 0 < c.source.line <= len(lines) else ""
        # (a change row's signed cell, "| Native lengths | +7.43% | -5.86% |", is its measure's move, as a listed
        # change's signed share is)
        effect = (c.source.line in rows and _signed(c)) or item_effect(c.source.text or "", line)
        way = stated_direction(c.metric or "", c.value, c.unit, against, effect)
        if way is None:
            continue
        setup = ", ".join(f"{k}={v}" for k, v in sorted((c.config or {}).items()) if k not in ("against", "context"))
        cond = (c.config or {}).get("context")
        where = "; ".join(x for x in (setup, cond) if x)
        vs = f" vs {against}" if against else ""
        # ("the 2.1% speedup is inside the run-to-run noise": the thread's own word on it, a reviewer's or the author's)
        said = (c.note or "").startswith(NOISE_NOTE)
        # ("2.4% below its baseline, within the 5% gate": the author's tolerance, not the default threshold)
        tol = stated_tolerance(c)
        bound = tol if tol is not None else share * 100
        # (a range "1.9%~5.0%" is within noise only where its far end is too: it states a change up to 5%, the bar
        # its near end alone clears or not; its near end inside the bar is said beside the verdict)
        ends = sorted((abs(c.value), abs(c.high))) if c.high is not None else [abs(c.value)] * 2
        inside = [end <= bound if tol is not None else end < bound for end in ends]
        # ("-0.30% to +1.40%": a range with an end each way states no direction)
        spans_zero = c.high is not None and (c.value < 0 < c.high or c.high < 0 < c.value)
        noise = said or spans_zero or (c.unit == "%" and inside[1])
        within = ", called noise in the thread" if said else ", the range spans zero" if spans_zero else ""
        kind = "stated tolerance" if tol is not None else "default perf threshold"
        within = within or (f", within the ±{bound:g}% {kind}" if noise else "")
        within = within or (f", its low end within the ±{bound:g}% {kind}" if c.unit == "%" and inside[0] else "")
        text = f"{c.metric}{f' [{where}]' if where else ''}: {fmt_claim(c)} ({STATED}{vs}{within})"
        caveats = ["approximate value"] if c.approx else []
        rev = rev_name(c)
        if noise:
            gains.append(Finding(NOISE, text, names.get(rev), c.source.line, c.metric, caveats))
            continue
        f = Finding(IMPROVEMENT if way > 0 else REGRESSION, text, names.get(rev), c.source.line, c.metric)
        f.caveats = caveats
        (gains if way > 0 else losses).append(f)
    return gains, losses


def _change_rows(own: Sequence[Claim]) -> frozenset[int]:
    """The lines of table rows that print changes and nothing else ("| C1 | +1.79% | +1.62% to +2.03% |" under "##
    Paired output-throughput result"): with no run's value beside them to judge, each states the change as the
    text's words would; a row that prints a run's value too is judged by its own pairs."""
    lines: dict[int, bool] = {}
    for c in own:
        if (c.parser or "").startswith("tables") and c.kind in ("perf", "accuracy", "acceptance"):
            # (a share named as a change, "+1.79% gain", or printed with its sign, "+7.43%" under "Output tok/s" in a
            # table of an A/B run's changes: "restored vs hidden")
            named = stated_direction(c.metric or "", 1.0, c.unit, None) is not None
            change = c.kind == "perf" and c.unit == "%" and (named or _signed(c))
            lines[c.source.line] = lines.get(c.source.line, True) and change and c.reference is None
    return frozenset(line for line, changes in lines.items() if changes)


_SIGNS = ("+", "-", "\u2212")  # (the minus sign typeset as U+2212 too)


def _signed(c: Claim) -> bool:
    """The claim's text prints its sign: a change, never a level ("+7.43%", "-5.86%"; not "85%")."""
    return (c.source.text or "").lstrip(" *_`").startswith(_SIGNS)
