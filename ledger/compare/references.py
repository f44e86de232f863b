"""Values against their references inside one revision: stated (`(ref X)`, a baseline column) or registered."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ledger.compare.align import Row, _Item, items_of
from ledger.compare.judge import IMPROVEMENT, NOISE, NOT_COMPARABLE, REGRESSION, judge_numbers, number
from ledger.compare.keys import Key, claim_key
from ledger.compare.noise import NoiseModel, Threshold
from ledger.compare.outside import ROW_NOTE
from ledger.compare.revisions import Snapshot
from ledger.compare.trials import mean_of_runs, run_groups
from ledger.model import BROKEN_NOTE, MISMEASURED_NOTE, NOISE_NOTE, OTHER_SETUP_NOTE, SCOPE_NOTE, Claim
from ledger.references import RegisteredReference
from ledger.vocab.engines import engine_for_repo, engine_in_label
from ledger.vocab.metrics import LOWER_IS_BETTER_RE, higher_is_better
from ledger.vocab.outcomes import printed_good
from ledger.vocab.quantiser_pages import names_original
from ledger.vocab.setup import canon_value
from ledger.vocab.sides import names_base_run


@dataclass
class ReferenceCheck:
    """A value against its reference inside one revision."""

    claim: Claim
    key: Key
    reference: float
    verdict: str
    threshold: Threshold
    delta: float
    origin: str
    """"stated" (the text pairs it), "base row" (its table's base row, ledger.compare.outside: the reader's
    inference, shown but never failed on) or "registered: <file>"."""
    revision: str | None = None
    printed: bool = False
    """The row prints this verdict ("better -16.7%"); where the metric's direction said otherwise, the row's won."""
    superseded: bool = False
    """A later revision judged the same series against its reference (a rerun after a fix): this verdict is
    history, shown but never failed on."""
    caveat: str | None = None
    """What qualifies the verdict, said by `ledger report` and `ledger compare` alike (cells of one measure landing
    on both sides of another engine's build at a default threshold: level within that swing)."""

    @property
    def can_fail(self) -> bool:
        """The check can fail the PR: the text's own pairing, measured now; not an inferred base row, nor a value set
        beside another engine's build (a gap to another project is no regression of this one), nor history, nor the
        broken state a fix starts from (model.BROKEN_NOTE), nor a quantised checkpoint's score beside its original's."""
        return (
            self.origin != "base row"
            and not self.origin.startswith((OTHER_ENGINE, ORIGINAL))
            and not self.superseded
            and not (self.claim.note or "").startswith(BROKEN_NOTE)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "metric": self.key.metric,
            "config": dict(self.key.config),
            "value": self.claim.value,
            "reference": self.reference,
            "delta": self.delta,
            "verdict": self.verdict,
            "threshold": {
                "value": self.threshold.value,
                "basis": self.threshold.basis,
                "display": self.threshold.display,
            },
            "origin": self.origin,
            "revision": self.revision,
            "line": self.claim.source.line,
            "printed": self.printed,
            "superseded": self.superseded,
            "said": reference_word(self),
            "caveat": self.caveat,
        }


OTHER_ENGINE = "another engine"
"""ReferenceCheck.origin of a value paired with another engine's build ("another engine: llama.cpp")."""
ORIGINAL = "the original"
"""ReferenceCheck.origin of a quantised model's value whose reference is the unquantised original's ("MMLU FP16→AQLM"
over "0.65→0.56": "the original: FP16"): the method's stated cost, information, never a regression of the change."""


def mark_other_engines(
    checks: Sequence[ReferenceCheck], claims: Sequence[Claim], target: str, lines: Sequence[str] = ()
) -> None:
    """Each check whose reference is a value stated on a side another engine's name labels ("mainline llama.cpp
    (build 7100)" under a fork's PR, "vLLM v0.9.1" under an SGLang one) takes the origin "another engine: <name>":
    the PR is compared with another project there, not with the code it changes. The PR's own engine is its claims'
    (settled at ingest) or its repository's (`target` "owner/repo#N"); a side named for that engine, or for the
    engine whose repository the PR is in, is its own (with neither known, a side an engine's name labels is
    another's: a PR's own baseline is its branch, "main", "before", seldom its project's name). `lines`: the
    text, whose line stating a side's build names its engine where the label keeps only "upstream"."""
    repo = target.split("#", 1)[0].strip().lower() if "/" in target else ""
    own = Counter(c.engine for c in claims if c.engine).most_common(1)
    own_name = own[0][0] if own else (e.name if (e := engine_for_repo(repo)) else None)
    # (a side's label may keep only its branch word, "upstream" of "upstream `llama.cpp` (build: 6120 (a1b2c3d))":
    # the line that states its build names the engine)
    built = {
        c.sha.lower(): lines[c.source.line - 1][:300]
        for c in claims
        if c.kind == "commit" and c.sha and 0 < c.source.line <= len(lines)
    }
    sides: dict[tuple[str | None, str | None, float], set[str]] = {}
    for c in claims:
        rev = c.revision
        label = (rev.label if rev else None) or (c.config or {}).get("column")
        if label and isinstance(c.value, float):
            said = sides.setdefault((c.metric, c.unit, c.value), set())
            said.add(label)
            if rev is not None and rev.head and engine_in_label(label) is None and rev.head.lower() in built:
                said.add(built[rev.head.lower()])
    for r in checks:
        named = {engine_in_label(label) for label in sides.get((r.claim.metric, r.claim.unit, r.reference), ())}
        others = {
            e.name for e in named if e is not None and e.name != own_name and repo not in (x.lower() for x in e.repos)
        }
        if len(others) == 1 and r.origin == "stated":
            r.origin = f"{OTHER_ENGINE}: {others.pop()}"
    _mark_swings(checks)


def engine_of(r: ReferenceCheck) -> str:
    """The other engine a check's reference was measured on."""
    return r.origin.split(":", 1)[1].strip() if ":" in r.origin else "another engine"


def _mark_swings(checks: Sequence[ReferenceCheck]) -> None:
    """The caveat of a measure whose cells land on both sides of another engine, judged at a default threshold (no
    spread stated): each cell one run, so the measure is level with the other engine within its swing (benchstat's
    habit of saying the rule a line was judged by)."""
    groups: dict[tuple[str, str], list[ReferenceCheck]] = {}
    for r in checks:
        if r.origin.startswith(OTHER_ENGINE):
            groups.setdefault((r.claim.metric or r.key.metric, engine_of(r)), []).append(r)
    for group in groups.values():
        verdicts = {r.verdict for r in group}
        if not {IMPROVEMENT, REGRESSION} <= verdicts or not all("default" in r.threshold.basis for r in group):
            continue
        pcts = [r.delta / abs(r.reference) * 100 for r in group if r.reference]
        if not pcts:
            continue
        rule = group[0].threshold.display.lstrip("±")
        said = (
            f"its cells swing both ways ({min(pcts):+.1f}% to {max(pcts):+.1f}%) at the default ±{rule}, no spread "
            "stated: one run each, level within that swing"
        )
        for r in group:
            r.caveat = said


BAR_CLEARED = "pass"
"""The verdict of a value that clears the bar its text states (a gate's pass, judged against that bar)."""
FAILING_WORDS = ("worse than baseline", "below reference", "worse than reference", "below its bar", "above its bar")
"""The words of a check that fails (reference_word), as the report's headline counts them."""


_UNCOMPARED_WORDS = {OTHER_SETUP_NOTE: "", MISMEASURED_NOTE: "the older figure measured wrong: "}
"""The notes that make a value and its reference not comparable, and the words `reference_word` says them with."""


def reference_word(r: ReferenceCheck) -> str:
    """The words a check against its reference is said in, by `ledger report`, `ledger compare` and the web page
    alike, better or worse by the measure's direction: a measure is better or worse than its baseline (a latency over
    its baseline is worse, never "above reference"); a score above or below its reference where higher is better,
    better or worse than it where lower is (a perplexity, a word error rate); a value failing its stated bar below
    it, or above it where lower is better; a value its text says was measured another way than its reference "not
    comparable (<how>)"."""
    for note, words in _UNCOMPARED_WORDS.items():  # (the reason the text gives, after the note's own words)
        if r.verdict == NOT_COMPARABLE and (r.claim.note or "").startswith(note):
            return f"{NOT_COMPARABLE} ({words}{_said_at(r.claim.note or '')[len(note) + 2 :]})"
    if r.verdict == NOT_COMPARABLE and (r.claim.note or "").startswith(SCOPE_NOTE):
        return _said_at(r.claim.note or "")  # "outside the change's stated scope (line 6)"
    if r.verdict not in (IMPROVEMENT, REGRESSION):
        return r.verdict
    good = r.verdict == IMPROVEMENT
    if r.origin.startswith(OTHER_ENGINE):
        return f"{'ahead of' if good else 'behind'} {engine_of(r)}"  # (a gap to another project, no baseline's)
    up = higher_is_better(r.claim.metric or r.key.metric, r.claim.unit, r.claim.kind)
    if r.origin.startswith(ORIGINAL):  # ("below its FP16 original": what quantising cost, as the page states it)
        side = ("above" if good else "below") if up else ("better than" if good else "worse than")
        return f"{side} its {r.origin[len(ORIGINAL) + 2 :]} original"
    if r.origin == "stated bar":
        return "below its bar" if up else "above its bar"
    if r.claim.kind == "perf":
        return "better than baseline" if good else "worse than baseline"
    if up:
        return "above reference" if good else "below reference"
    return "better than reference" if good else "worse than reference"


def mark_superseded(checks: list[ReferenceCheck], order: Sequence[str]) -> None:
    """Each series' checks in revisions older than its newest checked one are superseded: a value below its
    reference on head A, rerun on head B within noise, is no regression of the PR."""
    rank = {name: i for i, name in enumerate(order)}
    newest: dict[Key, int] = {}
    for r in checks:
        if r.revision in rank:
            newest[r.key] = max(newest.get(r.key, -1), rank[r.revision])
    for r in checks:
        if r.revision in rank and rank[r.revision] < newest[r.key]:
            r.superseded = True


def _spec_of(cfg: dict[str, str]) -> str | None:
    if cfg.get("spec_algo"):
        return cfg["spec_algo"]
    return "mtp" if cfg.get("draft_len") else None


def reference_matches(ref: RegisteredReference, key: Key) -> bool:
    """Same benchmark and model; quantisation, KV dtype and speculative algorithm equal (unstated == none)."""
    if ref.benchmark != key.metric or key.kind != "accuracy":
        return False
    cfg = dict(key.config)
    model = cfg.get("model")
    if not model or canon_value("model", ref.model) != model:
        return False
    rc = dict(ref.config)
    for k in ("quant", "kv_cache"):
        if (rc.get(k) or None) != (cfg.get(k) or None):
            return False
    rs = rc.get("spec_algo")
    return (rs or None) == _spec_of(cfg) and not rc.get("extra")


def check_references(
    snapshot: Snapshot, noise: NoiseModel | None = None, registered: Sequence[RegisteredReference] = ()
) -> list[ReferenceCheck]:
    """Stated references first; where none is stated, a registered one whose model and config match."""
    noise = noise or NoiseModel()
    out: list[ReferenceCheck] = []
    # (a row's speed-up beside its judged pair of one setup, "| 100 | 120 | 1.20x |", says that pair's verdict again)
    paired = {_row_of(it.claim) for it in items_of(snapshot) if it.claim.reference}
    for it, ref_se in _runs_folded(items_of(snapshot)):
        c = it.claim
        if c.kind not in ("accuracy", "acceptance", "perf") or number(c) is None:
            continue
        origin = "base row" if (c.note or "").startswith(ROW_NOTE) else "stated"
        ref = c.reference
        if ref is None:
            hits = [r for r in registered if reference_matches(r, it.key)]
            if not hits:
                speedup = None if _row_of(c) in paired else _stated_speedup(c)
                if (bar := _failed_bar(c) or speedup) is not None:
                    bar.revision = snapshot.ref.name  # (the revision it was stated in, as a pair's check)
                    out.append(bar)
                continue
            ref, origin = hits[0].accuracy, f"registered: {hits[0].source or 'reference file'}"
        if not math.isfinite(ref):
            continue
        proxy = Claim.model_construct(**{**c.__dict__, "value": ref, "high": None, "approx": False, "stderr": ref_se})
        p = judge_numbers(it.key, proxy, c, noise)
        if p.threshold is None or p.delta is None:
            continue
        verdict, thr = p.verdict, p.threshold
        tol = stated_tolerance(c) if c.unit != "%" and verdict in (IMPROVEMENT, REGRESSION) else None
        if tol is not None and p.delta_pct is not None and abs(p.delta_pct) <= tol:
            # ("1515.84 tok/s", "2.22% below its 1550.25 baseline, within the 10% gate"): the author's band on this pair
            verdict, thr = NOISE, Threshold(abs(ref) * tol / 100, "stated tolerance", f"±{tol:g}%")
        if verdict in (IMPROVEMENT, REGRESSION) and (c.note or "").startswith(NOISE_NOTE):
            # ("moves from launch to launch (run-to-run noise)"): the author's word on the measure is its noise band
            verdict, thr = NOISE, Threshold(thr.value, f"{thr.basis}; {_said_at(c.note or '')}", thr.display)
        if verdict in (IMPROVEMENT, REGRESSION) and (c.note or "").startswith(SCOPE_NOTE):
            verdict = NOT_COMPARABLE  # ("only when bs <= 64" over a batch-256 row): the old path, not the change
        if (c.note or "").startswith(tuple(_UNCOMPARED_WORDS)):
            verdict = NOT_COMPARABLE  # ("~71 vs ~75.5 because it skips the chat template": a gap stated, not judged)
        if names_original(against := str((c.config or {}).get("against", ""))):
            origin = f"{ORIGINAL}: {against}"
        out.append(ReferenceCheck(c, it.key, ref, verdict, thr, p.delta, origin, snapshot.ref.name))
    return _as_printed(out, items_of(snapshot))


def _runs_folded(items: list[_Item]) -> list[tuple[_Item, float | None]]:
    """The items, a side's repeated runs each paired with its base run ("| Trial | main | this PR |") as one: their
    mean against the base runs' mean, with the standard error of that reference mean beside it (compare.trials)."""

    def series(it: _Item) -> tuple[object, ...]:
        c = it.claim
        return it.key, it.variant, isinstance(c.reference, float), (c.note or "").startswith(ROW_NOTE)

    out: list[tuple[_Item, float | None]] = []
    for group in run_groups(items, lambda it: it.claim, series):
        first = group[0]
        if len(group) == 1 or not isinstance(first.claim.reference, float):
            out.extend((it, it.claim.stderr) for it in group)  # (a lone value's stderr stands in for its reference's)
            continue
        claim, ref_se = mean_of_runs([it.claim for it in group], with_reference=True)
        out.append((_Item(first.key, first.variant, claim, first.rev), ref_se))
    return out


def _row_of(c: Claim) -> tuple[str | None, int, frozenset[tuple[str, str]]]:
    """A value's line and setup, its column aside: the values of one table row."""
    return c.source.path, c.source.line, frozenset((k, str(v)) for k, v in (c.config or {}).items() if k != "column")


def _said_at(note: str) -> str:
    """ "called run-to-run noise by their author at line 12; ..." -> its first part."""
    return note.split(";", 1)[0]


_BAR_RE = re.compile(r"(?P<either>±)?[<>=≤≥\s]{0,3}(?P<value>\d{1,9}(?:\.\d{1,9})?)\s?(?P<pct>%)?")


def stated_tolerance(c: Claim) -> float | None:
    """The tolerance a change's text states on it, in percent ("within the 5% gate": config threshold "±5%"), else
    None."""
    m = _BAR_RE.fullmatch(str((c.config or {}).get("threshold", "")).strip())
    return float(m.group("value")) if m is not None and m.group("either") and m.group("pct") else None


def _failed_bar(c: Claim) -> ReferenceCheck | None:
    """A value against the bar its text states beside it (config `threshold`: "just under the 50% acceptance rate
    threshold (observed 49.70%)", a table's Threshold column): a bar is absolute, no noise band; a value on its wrong
    side is a regression, one that clears it passes (BAR_CLEARED)."""
    m = _BAR_RE.fullmatch(str((c.config or {}).get("threshold", "")).strip())
    value = number(c)
    if m is None or value is None:
        return None
    bar = float(m.group("value"))
    if c.unit == "%" and not m.group("pct") and bar <= 1:
        bar *= 100  # "threshold 0.50" beside "49.70%"
    elif m.group("pct") and c.unit != "%" and value <= 1:
        bar /= 100  # "a 50% bar" beside "0.497"
    key = claim_key(c)[0]
    if m.group("either"):  # ("-2.22%, within the 10% gate": a tolerance bounds a change either way)
        if c.unit != "%":
            return None  # (a level "within 1%" of something the text names: no bar of its own to judge)
        cleared = abs(value) <= bar
    else:
        up = higher_is_better(c.metric or "", c.unit, c.kind)
        cleared = (value >= bar) if up else (value <= bar)
    # ("| gsm8k | 0.871 | 0.85 | pass |": a value that clears its row's bar is the gate's pass, said with its bar)
    verdict = BAR_CLEARED if cleared else REGRESSION
    past = value - math.copysign(bar, value) if m.group("either") else value - bar  # (a tolerance: past its edge)
    return ReferenceCheck(c, key, bar, verdict, Threshold(0.0, "stated bar", "bar"), past, "stated bar")


SLOWDOWN = "stated speed-up below 1x"
"""The origin of a check of a speed-up its text prints below 1x ("0.969x (98K/b1)"): the change's own ratio to its
base, slower; the author's figure, no noise band."""
SPEEDUP = "stated speed-up above 1x"
"""The origin of a check of a speed-up its text prints above 1x ("Geomean 1.166x whole-PR vs base"): the change's own
ratio to its base, faster; the author's figure, no noise band."""


_FELL_RATIO_RE = re.compile(r"(?:lower|less|smaller|shorter|fewer)\s(?=\S)", re.IGNORECASE)


def _stated_speedup(c: Claim) -> ReferenceCheck | None:
    """A speed-up stated with no reference, the change's own ratio to its base (1x): below 1x it says the change is
    slower there ("Regressions: 0.969x (98K/b1)"), a stated regression like a negative "% improved"; above 1x faster
    ("Geomean 1.166x", "1.344x over the baseline"), a stated improvement. A ratio of a measure that goes down ("memory
    0.8x") is no speed-up, one its text calls slower ("2.1x slower") is 1/2.1 of the base, a range across 1x
    ("0.9-1.2x") says neither, and a ratio stated against something other
    than a base run ("the fused path is 1.4x faster than the split path": `against`) compares two other things, not
    the change with its base."""
    value = number(c)
    # ("4.21x lower total time": a time that fell 4.21x, the change's speed-up as its words state it)
    fell = _FELL_RATIO_RE.match(c.metric or "") is not None
    if c.unit != "x" or value is None or value <= 0 or (LOWER_IS_BETTER_RE.search(c.metric or "") and not fell):
        return None
    against = (c.config or {}).get("against")
    if against and not names_base_run(str(against)):
        return None
    high = c.high if c.high is not None else value
    if printed_good(c.outcome_text or "") is False and value > 1:  # ("2.1x slower than main": 1/2.1 of the base)
        if not against:
            return None  # ("on pinned pages the gathers were ~14x slower": an option weighed, named against no base)
        high, value = 1 / value, 1 / high
    if high < 1:
        return ReferenceCheck(c, claim_key(c)[0], 1.0, REGRESSION, Threshold(0.0, SLOWDOWN, "0"), value - 1.0, SLOWDOWN)
    if value > 1:
        return ReferenceCheck(c, claim_key(c)[0], 1.0, IMPROVEMENT, Threshold(0.0, SPEEDUP, "0"), value - 1.0, SPEEDUP)
    return None


def _as_printed(checks: list[ReferenceCheck], items: Sequence[Any]) -> list[ReferenceCheck]:
    """Each check beyond noise judged the way its row prints its verdict ("better -16.7%", "WORSE +11.7%"), where
    the row holds that one check: its author knows which way the metric goes ("mean_rtf" is lower-is-better)."""
    said: dict[tuple[str | None, int], bool | None] = {}
    for it in items:
        c = it.claim
        good = printed_good(c.outcome_text) if c.kind == "perf" and c.outcome_text else None
        if good is not None:
            where = (c.source.path, c.source.line)
            said[where] = good if said.get(where, good) == good else None  # two opposite verdicts: none
    per_line = Counter((r.claim.source.path, r.claim.source.line) for r in checks)
    for r in checks:
        where = (r.claim.source.path, r.claim.source.line)
        good = said.get(where)
        if good is not None and per_line[where] == 1 and r.verdict in (IMPROVEMENT, REGRESSION):
            r.verdict = IMPROVEMENT if good else REGRESSION
            r.printed = True
    return checks


def judged_between(checks: list[ReferenceCheck], rows: Sequence[Row]) -> list[ReferenceCheck]:
    """The checks less those a row judges already: a value whose reference is its series' value on the one other
    revision that states it ("Main branch:" then "PR branch:", parsers.grammar.side_references) is that row's pair,
    said there once with both sides named; a check would say it again."""
    steps = {
        (p.new.source.path, p.new.source.line, p.new.metric, p.new.value, p.old.value): p.verdict
        for row in rows
        if sum(c is not None for c in row.cells) == 2  # (a longer series is judged against its stated base, align)
        for p in row.steps
        if p.old is not None and p.new is not None
    }
    # (a check that says otherwise, the author's printed verdict or a broken baseline's, still says so)
    return [
        r
        for r in checks
        if steps.get((r.claim.source.path, r.claim.source.line, r.claim.metric, r.claim.value, r.reference))
        != r.verdict
    ]
