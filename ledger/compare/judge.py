"""Verdicts: one aligned pair of claims (or a value against its history) judged with the noise model."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ledger.compare.keys import Key
from ledger.compare.noise import NoiseModel, Threshold, fmt_number, threshold_for
from ledger.compare.trials import repeats_note
from ledger.model import MISMEASURED_NOTE, Claim
from ledger.vocab.metrics import SCALE_QUALITY, higher_is_better, is_change_name
from ledger.vocab.relative_changes import SHARE_OF_BASELINE
from ledger.vocab.software_stack import STACK_MOVED, stack_moves
from ledger.vocab.text import MAX_NAME
from ledger.vocab.units import is_point_change, is_time_unit, unit_factor

VERDICTS: tuple[str, ...] = (
    "regression",
    "fewer tests",
    "waived",
    "improvement",
    "within noise",
    "new",
    "removed",
    "missing",
    "not comparable",
    "ambiguous",
    "insufficient data",
)
REGRESSION, FEWER_TESTS, WAIVED, IMPROVEMENT, NOISE, NEW, REMOVED, MISSING, NOT_COMPARABLE, AMBIGUOUS, INSUFFICIENT = (
    VERDICTS
)
"""`fewer tests`: a suite ran fewer cases and failed no more (coverage, neither noise nor a regression); `waived`:
a run's failures are all named by a waived gate or failing on main too (listed, never a regression); `removed`: a
series a page's later version no longer states (compare.page_versions), where a PR's revision that did not re-run
it leaves it `missing`; `ambiguous`: a value its revision states beside others of its series that nothing tells
apart (compare.trials), never judged."""


@dataclass
class Pair:
    """One aligned pair (or a lone claim) and its verdict."""

    key: Key
    variant: str
    old: Claim | None
    new: Claim | None
    verdict: str
    threshold: Threshold | None = None
    delta: float | None = None
    """new - old, in old's unit."""
    delta_pct: float | None = None
    reason: str = ""
    old_rev: str | None = None
    new_rev: str | None = None
    other_key: Key | None = None
    """For "not comparable": the other side's key."""
    stack: str = ""
    """The software stack's components that moved between the two values ("cann 8.2.RC1 -> 8.3.RC1"), "" for none."""

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.key.to_dict(self.variant),
            "verdict": self.verdict,
            "old": _claim_brief(self.old, self.old_rev),
            "new": _claim_brief(self.new, self.new_rev),
            "delta": self.delta,
            "delta_pct": self.delta_pct,
            "threshold": None
            if self.threshold is None
            else {"value": self.threshold.value, "basis": self.threshold.basis, "display": self.threshold.display},
            "reason": self.reason or None,
            "other_config": dict(self.other_key.config) if self.other_key else None,
        }


def measured_dict(c: Claim) -> dict[str, Any]:
    """What a compared claim states, in the JSON shape every comparison prints it in (a pair's sides, a row's
    values)."""
    return {
        "value": c.value,
        "high": c.high,
        "unit": c.unit,
        "outcome": c.outcome,
        "passed": c.passed,
        "failed": c.failed,
    }


def _claim_brief(c: Claim | None, rev: str | None) -> dict[str, Any] | None:
    if c is None:
        return None
    return {
        **measured_dict(c),
        "reference": c.reference,
        "revision": rev,
        "metric_text": c.metric,
        "config_text": dict(c.config),  # the setup as printed, beside the pair's canonical "config"
        "line": c.source.line,
        "path": c.source.path,
    }


_OUTCOME_RANK = {"pass": 2, "waived": 1, "fail": 0}


def number(c: Claim) -> float | None:
    """The claim's value when it is a finite number (support cells hold words)."""
    v = c.value
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        return None
    return float(v)


def center(c: Claim) -> float | None:
    v = number(c)
    if v is None:
        return None
    if c.high is not None and math.isfinite(c.high):
        return (v + c.high) / 2
    return v


def _half_width(c: Claim) -> float:
    v = number(c)
    if v is None or c.high is None or not math.isfinite(c.high):
        return 0.0
    return abs(c.high - v) / 2


def _stderr_in_scale(c: Claim, key: Key, value: float, se: float | None) -> float | None:
    """A stated stderr (or spread) in the value's scale: lm-eval prints a score as a percent beside its stderr as a
    fraction, so a percent score's small stderr is scaled; a metric with no percent scale (perplexity, a loss:
    anything where lower is better, or with a unit of its own) keeps its stderr as stated."""
    if se is None or not math.isfinite(se) or se < 0:
        return None
    percent = c.unit in (None, "", "%") and higher_is_better((c.metric or key.metric)[:MAX_NAME], c.unit, key.kind)
    if c.kind == "accuracy" and percent and 1.0 < abs(value) <= 100.0 and se < 0.1:
        return se * 100
    return se


def judge_numbers(key: Key, old: Claim, new: Claim, noise: NoiseModel) -> Pair:
    """Verdict for two numeric claims of one key."""
    o, n = center(old), center(new)
    pair = Pair(key, "", old, new, INSUFFICIENT)
    if o is None or n is None or not (math.isfinite(o) and math.isfinite(n)):
        pair.reason = "a value is missing"
        return pair
    notes: list[str] = []
    fo, fn = unit_factor(old.unit), unit_factor(new.unit)
    hw_o, hw_n = _half_width(old), _half_width(new)
    if fo and fn and fo != fn:
        n, hw_n = n * fn / fo, hw_n * fn / fo
        notes.append(f"new converted from {new.unit} to {old.unit}")
    # (a fraction beside a percent: "0.72" against "71.4%"; two printed percents are on one scale, "1%" and "1.5%")
    both_percent = old.unit == "%" and new.unit == "%"
    if key.kind in ("accuracy", "acceptance") and key.metric != "acceptance length" and not both_percent:
        if abs(o) <= 1.0 < abs(n):
            o, hw_o = o * 100, hw_o * 100
            notes.append("old scaled from a fraction to percent")
        elif abs(n) <= 1.0 < abs(o):
            n, hw_n = n * 100, hw_n * 100
            notes.append("new scaled from a fraction to percent")
    thr = threshold_for(
        key,
        o,
        n,
        noise,
        _stderr_in_scale(old, key, o, old.stderr),
        _stderr_in_scale(new, key, n, new.stderr),
        (_stderr_in_scale(old, key, o, old.stddev), _stderr_in_scale(new, key, n, new.stddev)),
    )
    if hw_o and hw_n:  # ("up to 3~64x" then "up to 3~28x": two ranges, each end a value of its own, judged apart)
        o, n, thr, end = _moved_end(key, (o - hw_o, o + hw_o), (n - hw_n, n + hw_n), noise)
        notes.append(f"the range's {end} end")
    elif hw_o or hw_n:
        thr = Threshold(thr.value + hw_o + hw_n, thr.basis + " + range", f"±{fmt_number(thr.value + hw_o + hw_n)}")
        notes.append("stated range widens the threshold")
    if old.approx or new.approx:
        notes.append("approximate value")
    if thr.basis.startswith("stated stderr") and (repeats_note(old) or repeats_note(new)):
        # (a side's runs folded into their mean: the spread is the runs' own, no stderr the text states)
        thr = Threshold(thr.value, thr.basis.replace("stated stderr", "stderr of the repeats"), thr.display)
    d = n - o
    pair.threshold, pair.delta = thr, d
    pair.delta_pct = (d / abs(o) * 100) if o else None
    up = higher_is_better((old.metric or key.metric)[:MAX_NAME], old.unit, key.kind)
    if abs(d) <= thr.value + 1e-12:
        pair.verdict = NOISE
    elif thr.basis == "default perf" and is_time_unit(old.unit) and abs(d) <= thr.value * noise.edge:
        pair.verdict = NOISE  # one run of a timing on each side, just past a guessed threshold: nothing told apart
        notes.append(f"a single run's timing at the noise edge (under {noise.edge:g}x the threshold)")
    else:
        pair.verdict = IMPROVEMENT if (d > 0) == up else REGRESSION
    notes.append("higher is better" if up else "lower is better")
    pair.reason = "; ".join(notes)
    return pair


def _moved_end(
    key: Key, old: tuple[float, float], new: tuple[float, float], noise: NoiseModel
) -> tuple[float, float, Threshold, str]:
    """The end of two stated ranges that moved the most against its own threshold (old, new, threshold, "low" or
    "high"): a range of results ("3~64x") is two values, and a change of either end is a change; comparing their
    middles within the ranges' widths took 64 -> 28 for noise."""
    best: tuple[float, float, float, Threshold, str] | None = None
    for a, b, end in ((old[0], new[0], "low"), (old[1], new[1], "high")):
        thr = threshold_for(key, a, b, noise)
        moved = abs(b - a) / thr.value if thr.value > 0 else (math.inf if b != a else 0.0)
        if best is None or moved > best[0]:
            best = (moved, a, b, thr, end)
    assert best is not None
    return best[1], best[2], best[3], best[4]


def judge(key: Key, old: Claim, new: Claim, noise: NoiseModel) -> Pair:
    """Verdict for an aligned pair of any compared kind; its reason says where the software stack moved between the
    two values ("stack moved: cann 8.2.RC1 -> 8.3.RC1", as benchstat notes what differs beside a delta)."""
    pair = _judged(key, old, new, noise)
    if pair.verdict in (IMPROVEMENT, REGRESSION) and (new.note or "").startswith(MISMEASURED_NOTE):
        # ("the old prompt figure was far too high"): the timer changed between the two, not the speed
        pair.verdict = NOT_COMPARABLE
        pair.reason = "; ".join(x for x in ((new.note or "").split("; ")[0], pair.reason) if x)
    if moved := stack_moves(old.config, new.config):
        pair.reason = "; ".join(x for x in (pair.reason, moved) if x)
        pair.stack = moved.removeprefix(STACK_MOVED)
    return pair


def stack_note(p: Pair) -> str:
    """ " (cann 8.2.RC1 -> 8.3.RC1)" after a step's verdict where the stack moved across it ("" where not)."""
    return f" ({p.stack})" if p.stack else ""


def _judged(key: Key, old: Claim, new: Claim, noise: NoiseModel) -> Pair:
    if key.kind == "gate":
        pair = Pair(key, "", old, new, INSUFFICIENT, Threshold(0.0, "outcome", "outcome"))
        a, b = old.outcome, new.outcome
        if a == b:
            pair.verdict, pair.reason = NOISE, f"{a or 'no outcome'} both"
        elif a in _OUTCOME_RANK and b in _OUTCOME_RANK:
            pair.verdict = REGRESSION if _OUTCOME_RANK[b] < _OUTCOME_RANK[a] else IMPROVEMENT
            pair.reason = f"{a} -> {b}"
        else:
            pair.reason = f"{a or 'no outcome'} -> {b or 'no outcome'}"
        return pair
    if key.kind == "tests":
        pair = Pair(key, "", old, new, INSUFFICIENT, Threshold(0.0, "failed count", "failed count"))
        fo = old.failed if old.failed is not None else (0 if old.passed is not None else None)
        fn = new.failed if new.failed is not None else (0 if new.passed is not None else None)
        if fo is None or fn is None:
            pair.reason = "no counts"
            return pair
        pair.delta = float(fn - fo)
        pair.verdict = NOISE if fn == fo else REGRESSION if fn > fo else IMPROVEMENT
        parts = [f"failed {fo} -> {fn}"]
        if old.passed != new.passed:
            parts.append(f"passed {old.passed} -> {new.passed}")
        if pair.verdict == REGRESSION and waived_failures(new):
            pair.verdict = WAIVED
            parts.append(new.outcome_text or "waived")
        ro, rn = cases_run(old), cases_run(new)
        if pair.verdict == NOISE and ro and rn is not None and rn < ro:
            pair.verdict = FEWER_TESTS
            parts.insert(0, coverage_text(ro, rn))
        pair.reason = "; ".join(parts)
        return pair
    return judge_numbers(key, old, new, noise)


def waived_failures(c: Claim) -> bool:
    """A test run with failures that the text waives (ledger.compare.outcomes marks them)."""
    return c.kind == "tests" and bool(c.failed) and c.outcome == "waived"


def cases_run(c: Claim) -> int | None:
    """How many cases a test run ran (passed and failed; skipped ones did not run)."""
    if c.passed is None and c.failed is None:
        return None
    return (c.passed or 0) + (c.failed or 0)


def coverage_text(old: int, new: int) -> str:
    """ "coverage: 3,444 -> 1,213 cases, -65%"."""
    return f"coverage: {old:,} -> {new:,} cases, {(new - old) / old * 100:+.0f}%"


def implausible(claim: Claim, key: Key) -> str | None:
    """Why a value cannot be what its metric says (a mis-read number), or None.

    Accuracy and acceptance rates lie in 0..100; an acceptance length lies in 0..draft_len + 1 (64 when the
    draft length is unstated). Such claims are left out of comparisons instead of producing verdicts.
    """
    v = number(claim)
    if v is None or claim.kind not in ("accuracy", "acceptance"):
        return None
    if is_change_name(claim.metric or "") or is_change_name(str(claim.config.get("column", ""))):
        return None  # "Accept length Δ ~0": a change, which may be 0 or below, not a level
    if is_point_change(claim.unit):
        return None  # "70.0% (−4.5pp)": the rate's change in points, no length nor a rate's level
    if key.metric == "acceptance length" and claim.unit != "%":  # ("accept = 32.143%": a rate, in 0..100)
        draft = dict(key.config).get("draft_len")
        top = int(draft) + 1 if draft and draft.isdigit() else 64
        if not 0 < v <= top + 1e-9:
            return f"acceptance length {v:g} outside 0..{top}"
        return None
    if key.metric in SCALE_QUALITY or claim.unit not in (None, "", "%"):
        return None
    # ("0.7466 (100.62%)": a quantised score's share of its baseline's, above 100 where it scores higher)
    ceiling = math.inf if SHARE_OF_BASELINE in (claim.metric or "") else 100.0
    if not 0 <= v <= ceiling:
        return f"{key.metric} {v:g} outside 0..100"
    return None


HISTORY_MIN = 4
"""Earlier values needed before their spread, rather than the noise model alone, sets the threshold."""


def latest_against_history(key: Key, claims: Sequence[Claim], noise: NoiseModel | None = None) -> Pair | None:
    """The newest value against the earlier ones, conbench/Bencher style.

    With fewer than HISTORY_MIN earlier values this is the last step (newest against the one before).
    With more, the baseline is their mean and the threshold is the larger of the noise model's and the
    prediction interval of one new draw from their spread, z * sd * sqrt(1 + 1/n), so a series that
    wanders by itself does not flag its own wandering.
    """
    noise = noise or NoiseModel()
    usable = [c for c in claims if center(c) is not None and not implausible(c, key)]
    if len(usable) < 2:
        return None
    last = usable[-1]
    earlier = usable[:-1]
    if len(earlier) < HISTORY_MIN:
        return judge(key, earlier[-1], last, noise)
    vals = [center(c) or 0.0 for c in earlier]
    n = len(vals)
    mean = sum(vals) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in vals) / (n - 1))
    base = Claim.model_construct(
        **{
            **earlier[-1].__dict__,
            "value": mean,
            "high": None,
            "approx": False,
            "stderr": None,
            "unit": earlier[-1].unit,
        }
    )
    pair = judge_numbers(key, base, last, noise)
    if pair.threshold is None or pair.delta is None:
        return pair
    t_hist = noise.z * sd * math.sqrt(1 + 1 / n)
    if t_hist > pair.threshold.value:
        pair.threshold = Threshold(t_hist, f"spread of {n} earlier values, z={noise.z:g}", f"±{fmt_number(t_hist)}")
        up = higher_is_better((last.metric or key.metric)[:MAX_NAME], last.unit, key.kind)
        if abs(pair.delta) <= t_hist:
            pair.verdict = NOISE
        else:
            pair.verdict = IMPROVEMENT if (pair.delta > 0) == up else REGRESSION
    pair.reason = (f"against the mean {fmt_number(mean)} of {n} earlier values; " + pair.reason).rstrip("; ")
    return pair
