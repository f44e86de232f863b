"""Compare claims across revisions: comparability keys, a noise model, and verdicts.

Pure logic: claims in, aligned pairs and verdicts out. No SQL, no printing, no text parsing
beyond normalising the metric names and configuration values that extraction already produced.

Revisions
---------
A `Snapshot` is one side of a comparison: a revision section of a description ("Final head
13c21f460b"), one version of a document, or a whole document / PR. `split_revisions` cuts one
document's claims into its revision sections (CI-bot runs, label "CI", are kept apart for the
stated-versus-tested list) and orders them oldest to newest: numbered labels ("Round 2") by number;
otherwise a vote of the label words ("Final head" near the top and "Earlier validation" near the
bottom mean the text lists the newest first) and of head/base links (a head built on another
section's head is newer). `compare` judges two snapshots; `compare_series` lines up many: each
series row is followed from revision to revision, every step is judged, and the row's verdict
compares its first and last stated values (a series stated once is "new" when that is the newest
revision, else "missing").

Comparability key
-----------------
Two claims are compared only when their `Key` is equal: kind, normalised metric, unit family and
the configuration that changes the result (model, gpu, quantisation, KV-cache dtype, speculative
algorithm and draft length, concurrency, ISL/OSL, n-shot, filter). The metric is normalised
(lower case, markup stripped; "GSM8K", "test_gsm8k", "gsm8k result" are all `gsm8k`) and the
configuration is read both from the claim's `config` and from the words in its metric, row,
column and gate name ("MTP1 gsm8k over FP8 KV" gives draft_len=1, kv_cache=fp8). What remains of
those words ("CUTEDSL experts", "bf16 GDN state") is a *variant*: it tells apart several claims of
one key in one revision but never makes two claims comparable or not. A gate's name counts through
the configuration it encodes (test_mtp1_... gives draft_len=1) and as a variant, so "gsm8k" under
`test_gsm8k` in one section lines up with a bare "gsm8k" row in another. When a claim has no
partner with its key but the other side has one with the same metric and a different
configuration, the pair is reported "not comparable" with the key parts that differ. An extracted
`task` only counts when it is a long-context workload (passkey, RULER), which changes what an
acceptance length or a latency means. Within one key, claims pair by equal variant, then equal
words, then shared words, then a lone pair; a value its metric cannot take (an acceptance length
above draft_len + 1, an accuracy above 100) is a mis-read and is left out. Names are cut to 300
characters before any pattern reads them.

Noise model
-----------
benchstat (golang.org/x/perf/cmd/benchstat) has the raw samples of every benchmark: it runs a
Mann-Whitney U-test (or Welch's t-test) and prints "~" when p > alpha = 0.05, together with the
sample counts and the test used; with too few samples it says so instead of guessing. Pull-request
text gives one summary number per revision, so a rank test is impossible; what the text sometimes
gives instead is a standard error or a sample count. The threshold T for |new - old| is, first
found wins:

1. an explicit per-metric threshold (flag or config file);
2. a stated standard error: T = z * sqrt(se_old^2 + se_new^2) (one side's stderr stands in for a
   missing other side; an lm-eval fraction stderr next to a percent value is scaled by 100);
3. for accuracy with a known sample count n (the claim's config `samples` / `n` / `limit`, a
   `--samples` flag, or the test-split size of a well-known benchmark: gsm8k 1319, MMMU val 900,
   MMLU 14042, GPQA diamond 198, HumanEval 164, ...): the binomial standard error
   se = sqrt(p (1 - p) / n) of each side, T = z * sqrt(se_old^2 + se_new^2). This is the unpaired
   two-proportion z-test; both runs usually score the same questions, so the true (paired) noise
   is smaller and this threshold is conservative: it rarely cries wolf, and it may miss a real
   change smaller than T (gsm8k at 96%: T = 1.5 points);
4. the default per kind: accuracy 0.5 points (0.005 for fractions; perplexity, not a proportion,
   1% of the mean), acceptance length 0.05, acceptance rate 0.02 (or 2 points), perf 2% of the
   mean of the two values.

z defaults to 1.96 (two-sided 95%). Every threshold is symmetric in old and new (perf takes 2% of
their mean, not of old), so swapping the sides swaps regression and improvement exactly. A
stated range widens T by the half-widths; an approximate value ("~370") adds a note. Direction
comes from `ledger.vocab.metrics.higher_is_better`. Gates compare outcomes (pass > waived > fail;
pass -> fail is a regression; not_run / skipped / not_verified on one side is insufficient data);
tests compare failure counts (a stated pass count with no failures means 0 failed). Reference
checks run inside one revision with the same model, taking the reference as the old value.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ledger.errors import UsageError
from ledger.model import Claim
from ledger.vocab.metrics import (
    BENCHMARK_SAMPLES,
    RUN_ID_RE,
    STAT_RE,
    MetricName,
    higher_is_better,
    normalise_metric,
    variant_words,
)
from ledger.vocab.setup import (
    HARD_KEYS,
    LONG_CONTEXT_RE,
    SOFT_KEYS,
    canon_value,
    canonical_key_name,
    config_hints,
)
from ledger.vocab.text import MAX_NAME, clean_name
from ledger.vocab.units import canonical_unit, unit_factor

# --------------------------------------------------------------------------------------------
# Vocabulary

VERDICTS: tuple[str, ...] = (
    "regression", "improvement", "within noise", "new", "missing", "not comparable", "insufficient data",
)
REGRESSION, IMPROVEMENT, NOISE, NEW, MISSING, NOT_COMPARABLE, INSUFFICIENT = VERDICTS

MEASURED_KINDS = ("accuracy", "acceptance", "perf", "tests")
COMPARED_KINDS = ("accuracy", "acceptance", "perf", "tests", "gate")

# --------------------------------------------------------------------------------------------
# Keys

@dataclass(frozen=True)
class Key:
    """What makes two claims comparable."""

    kind: str
    metric: str
    unit: str
    config: tuple[tuple[str, str], ...]

    def label(self) -> str:
        cfg = ", ".join(f"{k}={v}" for k, v in self.config)
        return self.metric + (f" [{self.unit}]" if self.unit else "") + (f" ({cfg})" if cfg else "")

    def base(self) -> tuple[str, str]:
        return self.kind, self.metric


def claim_key(claim: Claim) -> tuple[Key, str]:
    """The claim's comparability key and its variant (the words that only tell claims apart)."""
    config_items = tuple((claim.config or {}).items())
    try:
        return _claim_key(claim.kind, claim.metric, claim.unit, config_items)
    except TypeError:  # a config value that cannot be hashed (never from a parser or the ledger)
        return _claim_key.__wrapped__(claim.kind, claim.metric, claim.unit, config_items)


@functools.lru_cache(maxsize=8192)
def _claim_key(kind: str, metric: str | None, unit: str | None,
               config_items: tuple[tuple[str, str], ...]) -> tuple[Key, str]:
    """claim_key of a claim with these fields (all it reads): the versions of a PR repeat most claims' keys, and
    compare and trend ask for each claim's key more than once. Key is frozen, so the shared result is safe."""
    mn = normalise_metric(metric, kind)
    config: dict[str, str] = {}
    variants: list[str] = [mn.residual] if mn.residual else []
    for k, v in config_items:
        ck = canonical_key_name(k)
        if ck in SOFT_KEYS:
            hints, rest = config_hints(clean_name(v))
            for hk, hv in hints.items():
                config.setdefault(hk, hv)
            if ck in ("row", "variant", "case", "setting"):
                words = variant_words(rest)
                if words:
                    variants.append(words)
            continue
        if ck == "task":
            # The task names the benchmark the metric already names; only a long-context workload changes
            # what an acceptance length or a latency means.
            if LONG_CONTEXT_RE.search(v[:MAX_NAME]) and kind in ("acceptance", "perf"):
                config["task"] = "long-context"
            continue
        if ck in HARD_KEYS:
            cv = canon_value(ck, v)
            if cv:
                config[ck] = cv
    for hk, hv in mn.hints:
        config.setdefault(hk, hv)
    if kind in ("acceptance", "perf"):
        texts = [metric or ""]
        texts += [v for k, v in config_items if canonical_key_name(k) in SOFT_KEYS]
        if any(LONG_CONTEXT_RE.search(t[:MAX_NAME]) for t in texts):
            config.setdefault("task", "long-context")
    if config.get("draft_len") == "0":
        config.pop("draft_len")
    unit = canonical_unit(unit, kind)
    if kind in ("gate", "tests"):
        unit = ""
    variant = " ".join(dict.fromkeys(" ".join(variants).split()))
    return Key(kind, mn.name, unit, tuple(sorted(config.items()))), variant


def _n_differences(a: Key, b: Key) -> int:
    return (a.unit != b.unit) + len(set(a.config) ^ set(b.config))


def key_difference(a: Key, b: Key) -> list[str]:
    """Human-readable parts that differ between two keys of the same metric."""
    out: list[str] = []
    if a.unit != b.unit:
        out.append(f"unit {a.unit or 'none'} vs {b.unit or 'none'}")
    ca, cb = dict(a.config), dict(b.config)
    for k in sorted(set(ca) | set(cb)):
        if ca.get(k) != cb.get(k):
            out.append(f"{k} {ca.get(k, 'unstated')} vs {cb.get(k, 'unstated')}")
    return out


# --------------------------------------------------------------------------------------------
# Noise

@dataclass(frozen=True)
class Threshold:
    """How far apart two values may be and still be noise, and why."""

    value: float
    """Absolute threshold in the compared values' unit."""
    basis: str
    """How it was chosen: "binomial n=1319, z=1.96", "stated stderr", "default 2%"."""
    display: str
    """As printed next to the verdict: "±1.50", "±2%"."""


@dataclass
class NoiseModel:
    """Defaults, overridable per kind or metric from flags or a TOML file."""

    z: float = 1.96
    accuracy_points: float = 0.5
    acceptance_abs: float = 0.05
    acceptance_rate_points: float = 2.0
    perf_rel: float = 0.02
    samples: dict[str, int] = field(default_factory=lambda: dict(BENCHMARK_SAMPLES))
    metric_thresholds: dict[str, tuple[float, bool]] = field(default_factory=dict)
    """Canonical metric -> (value, relative?)."""
    use_binomial: bool = True

    def set_threshold(self, name: str, spec: str) -> None:
        """`perf=3%`, `accuracy=1.0`, `acceptance=0.1`, `gsm8k=1`, `ttft=5%`."""
        s = spec.strip()
        rel = s.endswith("%")
        try:
            val = float(s.rstrip("%").strip())
        except ValueError as exc:
            raise UsageError(f"threshold {name}={spec!r}: not a number") from exc
        if val < 0 or not math.isfinite(val):
            raise UsageError(f"threshold {name}={spec!r}: must be a finite number >= 0")
        n = name.strip().lower()
        if n == "perf":
            self.perf_rel = val / 100 if rel else val
        elif n == "accuracy" and not rel:
            self.accuracy_points = val
        elif n == "acceptance" and not rel:
            self.acceptance_abs = val
        elif n == "z":
            self.z = val
        else:
            self.metric_thresholds[normalise_metric(n, "perf").name if n else n] = (val / 100 if rel else val, rel)

    def set_samples(self, name: str, count: str) -> None:
        try:
            n = int(count)
        except ValueError as exc:
            raise UsageError(f"samples {name}={count!r}: not an integer") from exc
        if n <= 0:
            raise UsageError(f"samples {name}={count!r}: must be positive")
        self.samples[normalise_metric(name, "accuracy").name] = n

    @classmethod
    def from_toml(cls, text: str) -> NoiseModel:
        """[noise] z / accuracy / acceptance / perf / binomial; [samples] name = n; [thresholds] name = value."""
        try:
            import tomllib
        except ImportError as exc:  # pragma: no cover - Python 3.10
            raise UsageError("reading a TOML config needs Python 3.11") from exc
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise UsageError(f"config: {exc}") from exc
        model = cls()
        noise = data.get("noise", {})
        if not isinstance(noise, dict):
            raise UsageError("config: [noise] must be a table")
        for k, v in noise.items():
            if k == "binomial":
                model.use_binomial = bool(v)
            else:
                model.set_threshold(str(k), str(v))
        for section, setter in (("samples", model.set_samples), ("thresholds", model.set_threshold)):
            table = data.get(section, {})
            if not isinstance(table, dict):
                raise UsageError(f"config: [{section}] must be a table")
            for k, v in table.items():
                setter(str(k), str(v))
        return model


def _fmt(x: float) -> str:
    return f"{x:.3g}" if abs(x) < 10 else f"{x:.4g}" if abs(x) < 1000 else f"{x:,.0f}"


def _sample_count(key: Key, noise: NoiseModel) -> int | None:
    cfg = dict(key.config)
    if "samples" in cfg:
        try:
            return int(cfg["samples"])
        except ValueError:
            return None
    return noise.samples.get(key.metric)


def threshold_for(key: Key, old: float, new: float, noise: NoiseModel,
                  se_old: float | None = None, se_new: float | None = None) -> Threshold:
    """The noise threshold for one pair of values (symmetric in old and new)."""
    configured = noise.metric_thresholds.get(key.metric) or noise.metric_thresholds.get(
        STAT_RE.sub("", key.metric).strip())
    if configured is not None:
        val, rel = configured
        if rel:
            scale = (abs(old) + abs(new)) / 2
            return Threshold(val * scale, "configured", f"±{val * 100:g}%")
        return Threshold(val, "configured", f"±{_fmt(val)}")
    if se_old is not None or se_new is not None:
        a = se_old if se_old is not None else se_new
        b = se_new if se_new is not None else se_old
        assert a is not None and b is not None
        t = noise.z * math.sqrt(a * a + b * b)
        return Threshold(t, f"stated stderr, z={noise.z:g}", f"±{_fmt(t)}")
    if key.kind == "accuracy" and key.metric == "perplexity":
        t = noise.perf_rel / 2 * (abs(old) + abs(new)) / 2
        return Threshold(t, "default perplexity", f"±{noise.perf_rel * 50:g}%")
    if key.kind == "accuracy":
        n = _sample_count(key, noise) if noise.use_binomial else None
        percent = max(abs(old), abs(new)) > 1.0
        if n:
            scale = 100.0 if percent else 1.0
            ses = []
            for v in (old, new):
                p = min(max(v / scale, 0.5 / n), 1 - 0.5 / n)
                ses.append(math.sqrt(p * (1 - p) / n) * scale)
            t = noise.z * math.sqrt(ses[0] ** 2 + ses[1] ** 2)
            return Threshold(t, f"binomial n={n}, z={noise.z:g}", f"±{_fmt(t)}")
        t = noise.accuracy_points if percent else noise.accuracy_points / 100
        return Threshold(t, "default accuracy", f"±{_fmt(t)}")
    if key.kind == "acceptance":
        if key.metric == "acceptance rate":
            percent = max(abs(old), abs(new)) > 1.0
            t = noise.acceptance_rate_points if percent else noise.acceptance_rate_points / 100
            return Threshold(t, "default acceptance rate", f"±{_fmt(t)}")
        return Threshold(noise.acceptance_abs, "default acceptance length", f"±{_fmt(noise.acceptance_abs)}")
    scale = (abs(old) + abs(new)) / 2
    return Threshold(noise.perf_rel * scale, "default perf", f"±{noise.perf_rel * 100:g}%")


# --------------------------------------------------------------------------------------------
# Verdicts

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

    def to_json(self) -> dict[str, Any]:
        return {
            "metric": self.key.metric, "kind": self.key.kind, "unit": self.key.unit or None,
            "config": dict(self.key.config), "variant": self.variant or None, "verdict": self.verdict,
            "old": _claim_brief(self.old, self.old_rev), "new": _claim_brief(self.new, self.new_rev),
            "delta": self.delta, "delta_pct": self.delta_pct,
            "threshold": None if self.threshold is None else {
                "value": self.threshold.value, "basis": self.threshold.basis, "display": self.threshold.display},
            "reason": self.reason or None,
            "other_config": dict(self.other_key.config) if self.other_key else None,
        }


def _claim_brief(c: Claim | None, rev: str | None) -> dict[str, Any] | None:
    if c is None:
        return None
    return {
        "value": c.value, "high": c.high, "unit": c.unit, "outcome": c.outcome, "passed": c.passed,
        "failed": c.failed, "reference": c.reference, "revision": rev, "metric_text": c.metric,
        "line": c.source.line, "path": c.source.path,
    }


_OUTCOME_RANK = {"pass": 2, "waived": 1, "fail": 0}


def number(c: Claim) -> float | None:
    """The claim's value when it is a finite number (support cells hold words)."""
    v = c.value
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        return None
    return float(v)


def _center(c: Claim) -> float | None:
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


def _stderr_in_scale(c: Claim, value: float) -> float | None:
    se = c.stderr
    if se is None or not math.isfinite(se) or se < 0:
        return None
    if c.kind == "accuracy" and abs(value) > 1.0 and se < 0.1:
        return se * 100
    return se


def judge_numbers(key: Key, old: Claim, new: Claim, noise: NoiseModel) -> Pair:
    """Verdict for two numeric claims of one key."""
    o, n = _center(old), _center(new)
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
    if key.kind in ("accuracy", "acceptance") and key.metric != "acceptance length":
        if abs(o) <= 1.0 < abs(n):
            o, hw_o = o * 100, hw_o * 100
            notes.append("old scaled from a fraction to percent")
        elif abs(n) <= 1.0 < abs(o):
            n, hw_n = n * 100, hw_n * 100
            notes.append("new scaled from a fraction to percent")
    thr = threshold_for(key, o, n, noise, _stderr_in_scale(old, o), _stderr_in_scale(new, n))
    if hw_o or hw_n:
        thr = Threshold(thr.value + hw_o + hw_n, thr.basis + " + range", f"±{_fmt(thr.value + hw_o + hw_n)}")
        notes.append("stated range widens the threshold")
    if old.approx or new.approx:
        notes.append("approximate value")
    d = n - o
    pair.threshold, pair.delta = thr, d
    pair.delta_pct = (d / abs(o) * 100) if o else None
    up = higher_is_better((old.metric or key.metric)[:MAX_NAME], old.unit, key.kind)
    if abs(d) <= thr.value + 1e-12:
        pair.verdict = NOISE
    else:
        pair.verdict = IMPROVEMENT if (d > 0) == up else REGRESSION
    notes.append("higher is better" if up else "lower is better")
    pair.reason = "; ".join(notes)
    return pair


def judge(key: Key, old: Claim, new: Claim, noise: NoiseModel) -> Pair:
    """Verdict for an aligned pair of any compared kind."""
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
        pair.reason = "; ".join(parts)
        return pair
    return judge_numbers(key, old, new, noise)


# --------------------------------------------------------------------------------------------
# Alignment

@dataclass(frozen=True)
class RevisionRef:
    """One side of a comparison, as shown to the user."""

    name: str
    label: str | None = None
    head: str | None = None
    base: str | None = None
    document: str | None = None
    version: int | None = None

    def matches(self, selector: str) -> bool:
        s = selector.strip().lower()
        if not s:
            return False
        if self.version is not None and s.lstrip("v") == str(self.version):
            return True
        if self.head and len(s) >= 4 and (self.head.startswith(s) or s.startswith(self.head)):
            return True
        return bool(self.label and self.label.lower() == s) or self.name.lower() == s


@dataclass
class Snapshot:
    """The claims of one revision (or document version) to compare."""

    ref: RevisionRef
    claims: list[Claim]


@dataclass
class _Item:
    key: Key
    variant: str
    claim: Claim
    rev: str


def implausible(claim: Claim, key: Key) -> str | None:
    """Why a value cannot be what its metric says (a mis-read number), or None.

    Accuracy and acceptance rates lie in 0..100; an acceptance length lies in 0..draft_len + 1 (64 when the
    draft length is unstated). Such claims are left out of comparisons instead of producing verdicts.
    """
    v = number(claim)
    if v is None or claim.kind not in ("accuracy", "acceptance"):
        return None
    if key.metric == "acceptance length":
        draft = dict(key.config).get("draft_len")
        top = int(draft) + 1 if draft and draft.isdigit() else 64
        if not 0 < v <= top + 1e-9:
            return f"acceptance length {v:g} outside 0..{top}"
        return None
    if key.metric == "perplexity" or claim.unit not in (None, "", "%"):
        return None
    if not 0 <= v <= 100:
        return f"{key.metric} {v:g} outside 0..100"
    return None


def _items(snap: Snapshot, with_revision_variant: bool = False) -> list[_Item]:
    out: list[_Item] = []
    for c in snap.claims:
        if c.kind not in COMPARED_KINDS:
            continue
        key, variant = claim_key(c)
        if implausible(c, key):
            continue
        if with_revision_variant and c.revision is not None and c.revision.label:
            variant = (clean_name(c.revision.label) + " | " + variant).strip()
        out.append(_Item(key, variant, c, snap.ref.name))
    return out


def _residual(variant: str) -> str:
    return variant.split(" | ", 1)[-1]


MAX_FUZZY_PAIRS = 40_000
"""Above this many old x new candidates in one key, word-overlap pairing is skipped (exact passes still run)."""


def _pair_equal(lo: list[_Item], ln: list[_Item], label: Callable[[_Item], str],
                pairs: list[tuple[_Item, _Item]]) -> tuple[list[_Item], list[_Item]]:
    """Pair items whose labels are equal, in document order on both sides (linear time)."""
    queues: dict[str, list[int]] = {}
    for j, b in enumerate(ln):
        queues.setdefault(label(b), []).append(j)
    heads: dict[str, int] = {}
    used: set[int] = set()
    rest_o: list[_Item] = []
    for a in lo:
        lab = label(a)
        q = queues.get(lab)
        k = heads.get(lab, 0)
        if q is not None and k < len(q):
            heads[lab] = k + 1
            used.add(q[k])
            pairs.append((a, ln[q[k]]))
        else:
            rest_o.append(a)
    return rest_o, [b for j, b in enumerate(ln) if j not in used]


def _match_group(olds: list[_Item], news: list[_Item]) -> tuple[list[tuple[_Item, _Item]], list[_Item], list[_Item]]:
    """Pair the claims of one key: same variant, then same residual, then shared words, then a lone pair."""
    pairs: list[tuple[_Item, _Item]] = []
    lo, ln = _pair_equal(list(olds), list(news), lambda it: it.variant, pairs)
    lo, ln = _pair_equal(lo, ln, lambda it: _residual(it.variant), pairs)
    if lo and ln and len(lo) * len(ln) <= MAX_FUZZY_PAIRS:
        scored = []
        words_n = [set(_residual(b.variant).split()) for b in ln]
        for i, a in enumerate(lo):
            wa = set(_residual(a.variant).split())
            if not wa:
                continue
            for j, wb in enumerate(words_n):
                common = len(wa & wb)
                if common:
                    scored.append((-common, i + j, i, j))
        used_o: set[int] = set()
        used_n: set[int] = set()
        for _s, _t, i, j in sorted(scored):
            if i not in used_o and j not in used_n:
                used_o.add(i)
                used_n.add(j)
                pairs.append((lo[i], ln[j]))
        lo = [a for i, a in enumerate(lo) if i not in used_o]
        ln = [b for j, b in enumerate(ln) if j not in used_n]
    if len(lo) == 1 and len(ln) == 1:
        pairs.append((lo[0], ln[0]))
        lo, ln = [], []
    return pairs, lo, ln


def _group(items: Iterable[_Item]) -> dict[Key, list[_Item]]:
    out: dict[Key, list[_Item]] = {}
    for it in items:
        out.setdefault(it.key, []).append(it)
    return out


def _name_words(metric: str | None) -> frozenset[str]:
    _, rest = config_hints(clean_name(metric or ""))
    rest = RUN_ID_RE.sub(" ", rest)
    return frozenset(w for w in re.split(r"[^a-z0-9.]+", rest)
                     if len(w) > 1 and w not in ("test", "tests", "the", "with", "and", "of", "on", "py"))


def _pair_renamed(left_old: list[_Item], left_new: list[_Item], pairs: list[Pair],
                  noise: NoiseModel) -> tuple[list[_Item], list[_Item]]:
    if len(left_old) * len(left_new) > MAX_FUZZY_PAIRS:
        return left_old, left_new
    used: set[int] = set()
    rest_old: list[_Item] = []
    for a in left_old:
        wa = _name_words(a.claim.metric)
        hit = None
        if a.key.kind == "gate" and len(wa) >= 2:
            for j, b in enumerate(left_new):
                if j in used or b.key.kind != a.key.kind or b.key.config != a.key.config:
                    continue
                wb = _name_words(b.claim.metric)
                if len(wb) >= 2 and (wa <= wb or wb <= wa):
                    hit = j
                    break
        if hit is None:
            rest_old.append(a)
            continue
        used.add(hit)
        b = left_new[hit]
        p = judge(a.key, a.claim, b.claim, noise)
        p.variant, p.old_rev, p.new_rev = _residual(a.variant), a.rev, b.rev
        p.reason = (p.reason + "; " if p.reason else "") + f"renamed: {b.key.metric!r}"
        pairs.append(p)
    return rest_old, [b for j, b in enumerate(left_new) if j not in used]


def compare(old: Snapshot, new: Snapshot, noise: NoiseModel | None = None,
            match_revision_labels: bool = True) -> list[Pair]:
    """Align two snapshots and judge every pair, lone claim and mismatched configuration."""
    noise = noise or NoiseModel()
    go = _group(_items(old, match_revision_labels))
    gn = _group(_items(new, match_revision_labels))
    pairs: list[Pair] = []
    left_old: list[_Item] = []
    left_new: list[_Item] = []
    for key in list(dict.fromkeys([*go, *gn])):
        matched, lo, ln = _match_group(go.get(key, []), gn.get(key, []))
        for a, b in matched:
            p = judge(key, a.claim, b.claim, noise)
            p.variant = _residual(b.variant) or _residual(a.variant)
            p.old_rev, p.new_rev = a.rev, b.rev
            pairs.append(p)
        left_old.extend(lo)
        left_new.extend(ln)
    # The same check named two ways ("test_mtp3_long_context_passkey", "long-context passkey, MTP3 with
    # IndexShare"): gates of one configuration whose name words contain the other's (not test runs: "-m cpu_only").
    left_old, left_new = _pair_renamed(left_old, left_new, pairs, noise)
    # Same metric, different configuration: say so instead of "missing" + "new".
    by_base_new: dict[tuple[str, str], list[_Item]] = {}
    for it in left_new:
        by_base_new.setdefault(it.key.base(), []).append(it)
    still_old: list[_Item] = []
    for a in left_old:
        cands = by_base_new.get(a.key.base(), [])
        if not cands:
            still_old.append(a)
            continue
        b = min(cands[:32], key=lambda c: (_n_differences(a.key, c.key), c.variant != a.variant))
        cands.remove(b)
        diff = key_difference(a.key, b.key)
        pairs.append(Pair(a.key, _residual(a.variant), a.claim, b.claim, NOT_COMPARABLE,
                          reason="; ".join(diff) or "different key", old_rev=a.rev, new_rev=b.rev,
                          other_key=b.key))
    for a in still_old:
        pairs.append(Pair(a.key, _residual(a.variant), a.claim, None, MISSING, reason="present before, absent now",
                          old_rev=a.rev))
    for items in by_base_new.values():
        for b in items:
            pairs.append(Pair(b.key, _residual(b.variant), None, b.claim, NEW, reason="absent before", new_rev=b.rev))
    return pairs


# --------------------------------------------------------------------------------------------
# Series across many revisions

@dataclass
class Row:
    """One comparable series across the revisions: its values, steps and overall verdict."""

    key: Key
    variant: str
    cells: list[Claim | None]
    """One entry per revision (oldest first); None where the revision does not state it."""
    steps: list[Pair] = field(default_factory=list)
    """Verdicts between consecutive revisions that state the value."""
    overall: Pair | None = None
    """Earliest versus latest stated value (or new / missing)."""


@dataclass
class SeriesComparison:
    revisions: list[RevisionRef]
    rows: list[Row]
    references: list[ReferenceCheck]
    tested: list[TestedCommit]

    def verdicts(self) -> list[str]:
        return [r.overall.verdict for r in self.rows if r.overall is not None]

    def has_regression(self) -> bool:
        return REGRESSION in self.verdicts() or any(r.verdict == REGRESSION for r in self.references)


def compare_series(snapshots: Sequence[Snapshot], noise: NoiseModel | None = None) -> list[Row]:
    """Line up every comparable series across snapshots (oldest first) and judge each step."""
    noise = noise or NoiseModel()
    rows: list[Row] = []
    last: list[_Item] = []  # the latest item of each row, parallel to rows
    n = len(snapshots)
    for idx, snap in enumerate(snapshots):
        items = _items(snap)
        by_key = _group(items)
        rows_by_key: dict[Key, list[int]] = {}
        for ri, it in enumerate(last):
            rows_by_key.setdefault(it.key, []).append(ri)
        for key, group in by_key.items():
            prev = [last[ri] for ri in rows_by_key.get(key, [])]
            matched, _lo, unmatched = _match_group(prev, group)
            for a, b in matched:
                ri = next(i for i in rows_by_key[key] if last[i] is a)
                row = rows[ri]
                p = judge(key, a.claim, b.claim, noise)
                p.variant, p.old_rev, p.new_rev = row.variant, a.rev, b.rev
                row.steps.append(p)
                row.cells[idx] = b.claim
                last[ri] = b
            for b in unmatched:
                cells: list[Claim | None] = [None] * n
                cells[idx] = b.claim
                rows.append(Row(key, b.variant, cells))
                last.append(b)
    names = [s.ref.name for s in snapshots]
    for row in rows:
        stated = [i for i, c in enumerate(row.cells) if c is not None]
        first, latest = stated[0], stated[-1]
        fc, lc = row.cells[first], row.cells[latest]
        assert fc is not None and lc is not None
        if first == latest:
            if latest == n - 1 and n > 1:
                row.overall = Pair(row.key, row.variant, None, lc, NEW, reason="only in the newest revision",
                                   new_rev=names[latest])
            elif n > 1:
                row.overall = Pair(row.key, row.variant, fc, None, MISSING,
                                   reason=f"only in {names[first]}", old_rev=names[first])
            else:
                row.overall = Pair(row.key, row.variant, fc, None, INSUFFICIENT, reason="one revision only",
                                   old_rev=names[first])
            continue
        p = judge(row.key, fc, lc, noise)
        p.variant, p.old_rev, p.new_rev = row.variant, names[first], names[latest]
        row.overall = p
    return rows


# --------------------------------------------------------------------------------------------
# The latest value against its history (trend)

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
    usable = [c for c in claims if _center(c) is not None and not implausible(c, key)]
    if len(usable) < 2:
        return None
    last = usable[-1]
    earlier = usable[:-1]
    if len(earlier) < HISTORY_MIN:
        return judge(key, earlier[-1], last, noise)
    vals = [_center(c) or 0.0 for c in earlier]
    n = len(vals)
    mean = sum(vals) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in vals) / (n - 1))
    base = Claim.model_construct(**{**earlier[-1].__dict__, "value": mean, "high": None, "approx": False,
                                    "stderr": None, "unit": earlier[-1].unit})
    pair = judge_numbers(key, base, last, noise)
    if pair.threshold is None or pair.delta is None:
        return pair
    t_hist = noise.z * sd * math.sqrt(1 + 1 / n)
    if t_hist > pair.threshold.value:
        pair.threshold = Threshold(t_hist, f"spread of {n} earlier values, z={noise.z:g}", f"±{_fmt(t_hist)}")
        up = higher_is_better((last.metric or key.metric)[:MAX_NAME], last.unit, key.kind)
        if abs(pair.delta) <= t_hist:
            pair.verdict = NOISE
        else:
            pair.verdict = IMPROVEMENT if (pair.delta > 0) == up else REGRESSION
    pair.reason = (f"against the mean {_fmt(mean)} of {n} earlier values; " + pair.reason).rstrip("; ")
    return pair


# --------------------------------------------------------------------------------------------
# References

@dataclass(frozen=True)
class RegisteredReference:
    """An accuracy reference from a reference file (TensorRT-LLM's references/*.yaml)."""

    benchmark: str
    model: str
    accuracy: float
    config: tuple[tuple[str, str], ...] = ()
    source: str | None = None


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
    """"stated" (the text pairs it) or "registered: <file>"."""
    revision: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "metric": self.key.metric, "config": dict(self.key.config), "value": self.claim.value,
            "reference": self.reference, "delta": self.delta, "verdict": self.verdict,
            "threshold": {"value": self.threshold.value, "basis": self.threshold.basis,
                          "display": self.threshold.display},
            "origin": self.origin, "revision": self.revision, "line": self.claim.source.line,
        }


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


def check_references(snapshot: Snapshot, noise: NoiseModel | None = None,
                     registered: Sequence[RegisteredReference] = ()) -> list[ReferenceCheck]:
    """Stated references first; where none is stated, a registered one whose model and config match."""
    noise = noise or NoiseModel()
    out: list[ReferenceCheck] = []
    for it in _items(snapshot):
        c = it.claim
        if c.kind not in ("accuracy", "acceptance", "perf") or number(c) is None:
            continue
        origin = "stated"
        ref = c.reference
        if ref is None:
            hits = [r for r in registered if reference_matches(r, it.key)]
            if not hits:
                continue
            ref, origin = hits[0].accuracy, f"registered: {hits[0].source or 'reference file'}"
        if not math.isfinite(ref):
            continue
        proxy = Claim.model_construct(**{**c.__dict__, "value": ref, "high": None, "approx": False})
        p = judge_numbers(it.key, proxy, c, noise)
        if p.threshold is None or p.delta is None:
            continue
        out.append(ReferenceCheck(c, it.key, ref, p.verdict, p.threshold, p.delta, origin, snapshot.ref.name))
    return out


# --------------------------------------------------------------------------------------------
# Revisions in one document

_NEWEST_WORDS = re.compile(r"\b(final|latest|current|head|now|after|last|merged|new)\b", re.IGNORECASE)
_OLDEST_WORDS = re.compile(r"\b(before|earlier|initial|first|original|old|previous|prior|pre-)", re.IGNORECASE)
CI_LABEL = "ci"


def split_revisions(claims: Sequence[Claim], document: str | None = None,
                    order: str = "auto") -> list[Snapshot]:
    """One snapshot per revision section (CI runs left out), ordered oldest to newest.

    order: "auto" (read the labels: a "Final head" before an "Earlier validation" means the text lists
    newest first; a head whose base is another section's head comes after it), "document" or "reverse".
    """
    snaps: dict[tuple[str, str], Snapshot] = {}
    for c in claims:
        r = c.revision
        if r is None or (r.label or "").strip().lower() == CI_LABEL:
            continue
        k = ((r.label or "").strip().lower(), (r.head or "").lower())
        if k not in snaps:
            name = r.label or r.head or "?"
            if r.head and r.head.lower() not in name.lower():
                name = f"{name} {r.head}"
            snaps[k] = Snapshot(RevisionRef(name=name, label=r.label, head=r.head, base=r.base, document=document), [])
        snaps[k].claims.append(c)
    ordered = list(snaps.values())
    if not ordered:
        unlabelled = [c for c in claims if c.revision is None]
        return [Snapshot(RevisionRef(name=document or "document", document=document), unlabelled)] if unlabelled else []
    if order not in ("auto", "document", "reverse"):
        raise UsageError(f"unknown revision order {order!r} (auto, document, reverse)")
    numbers = [_label_number(s.ref.label or "") for s in ordered]
    if order == "auto" and len(ordered) > 1 and None not in numbers and len(set(numbers)) == len(numbers):
        return [s for _, s in sorted(zip(numbers, ordered, strict=True), key=lambda t: t[0] or 0)]
    if order == "reverse" or (order == "auto" and _newest_first(ordered)):
        ordered.reverse()
    return ordered


_LABEL_NUMBER_RE = re.compile(r"\b(?:v|rev(?:ision)?|round|iteration|attempt|push|version|update|run)\s?#?(\d{1,4})\b",
                              re.IGNORECASE)


def _label_number(label: str) -> int | None:
    """The number of a numbered revision label ("v2", "Round 3", "Update #4"), else None."""
    m = _LABEL_NUMBER_RE.search(label)
    return int(m.group(1)) if m else None


def _newest_first(snaps: Sequence[Snapshot]) -> bool:
    """Vote: do the labels and head/base links say the document lists its newest revision first?"""
    score = 0
    n = len(snaps)
    for i, s in enumerate(snaps):
        pos = (i - (n - 1) / 2)  # negative near the top
        label = s.ref.label or ""
        if _NEWEST_WORDS.search(label) and not _OLDEST_WORDS.search(label):
            score += -1 if pos < 0 else 1 if pos > 0 else 0
        elif _OLDEST_WORDS.search(label):
            score += 1 if pos < 0 else -1 if pos > 0 else 0
    for i, s in enumerate(snaps):
        for j, t in enumerate(snaps):
            if i != j and s.ref.base and t.ref.head and _same_sha(s.ref.base, t.ref.head):
                score += -1 if i < j else 1  # s builds on t: s is newer
    return score < 0


def _same_sha(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    return len(a) >= 7 and len(b) >= 7 and (a.startswith(b) or b.startswith(a))


def select_window(snaps: Sequence[Snapshot], from_sel: str | None, to_sel: str | None) -> list[Snapshot]:
    """The snapshots between --from and --to (label, sha prefix, version number or 1-based position)."""
    def find(sel: str) -> int:
        hits = [i for i, s in enumerate(snaps) if s.ref.matches(sel)]
        if not hits and sel.isdigit() and 1 <= int(sel) <= len(snaps):
            return int(sel) - 1
        if not hits:
            hits = [i for i, s in enumerate(snaps) if sel.lower() in s.ref.name.lower()]
        if len(hits) != 1:
            names = ", ".join(s.ref.name for s in snaps)
            raise UsageError(f"{sel!r} names {'no' if not hits else 'more than one'} revision (have: {names})")
        return hits[0]
    lo = find(from_sel) if from_sel else 0
    hi = find(to_sel) if to_sel else len(snaps) - 1
    if lo > hi:
        raise UsageError(f"--from {from_sel!r} comes after --to {to_sel!r}")
    return list(snaps[lo:hi + 1])


# --------------------------------------------------------------------------------------------
# Stated versus tested

@dataclass
class TestedCommit:
    """A commit CI ran on, and which measured claims (if any) name it."""

    sha: str
    gates: dict[str, int]
    """Outcome -> number of CI gates."""
    covered_by: list[str]
    """Names of the revisions whose measured claims name this commit."""
    source: str = "CI"
    """"CI" (a CI bot's run) or "GitHub head" (the head GitHub reported when the PR was fetched)."""


def stated_vs_tested(claims: Sequence[Claim], heads: Sequence[str] = ()) -> tuple[list[TestedCommit], list[str]]:
    """The commits CI ran on (and the PR's current heads) against the revisions the measured claims name."""
    tested: dict[str, dict[str, int]] = {}
    measured: dict[str, str] = {}
    for c in claims:
        r = c.revision
        if c.kind == "gate" and r is not None and (r.label or "").strip().lower() == CI_LABEL:
            sha = (r.head or c.config.get("commit") or "").lower()
            if sha:
                tested.setdefault(sha, {})
                o = c.outcome or "unknown"
                tested[sha][o] = tested[sha].get(o, 0) + 1
        elif c.kind in MEASURED_KINDS and r is not None and r.head:
            name = r.label or r.head
            measured.setdefault(r.head.lower(), name if r.head in name else f"{name} {r.head}")
    out = []
    for sha, gates in tested.items():
        cov = [name for head, name in measured.items() if _same_sha(head, sha)]
        out.append(TestedCommit(sha, gates, cov))
    for head in dict.fromkeys(h.lower() for h in heads if h):
        cov = [name for h, name in measured.items() if _same_sha(h, head)]
        out.append(TestedCommit(head, {}, cov, source="GitHub head"))
    return out, list(dict.fromkeys(measured.values()))


def with_default_config(claims: Sequence[Claim], defaults: dict[str, str]) -> list[Claim]:
    """The claims, each with `defaults` filled in where its config does not name the key (or an alias)."""
    out = []
    for c in claims:
        have = {canonical_key_name(k) for k in c.config}
        missing = {k: v for k, v in defaults.items() if canonical_key_name(k) not in have}
        out.append(c.model_copy(update={"config": {**c.config, **missing}}) if missing else c)
    return out


def has_regression(pairs: Iterable[Pair]) -> bool:
    return any(p.verdict == REGRESSION for p in pairs)


__all__ = [
    "BENCHMARK_SAMPLES", "VERDICTS", "Key", "MetricName", "NoiseModel", "Pair", "ReferenceCheck",
    "RegisteredReference", "RevisionRef", "Row", "SeriesComparison", "Snapshot", "TestedCommit", "Threshold",
    "check_references", "claim_key", "compare", "compare_series", "config_hints", "has_regression", "implausible",
    "judge", "key_difference", "latest_against_history", "normalise_metric", "number", "select_window",
    "split_revisions", "stated_vs_tested", "threshold_for", "with_default_config",
]
