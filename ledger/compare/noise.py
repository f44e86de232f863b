"""The noise model: how far apart two values may be and still be noise.

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
4. for a count of failures out of a stated population n (a perf claim whose metric counts what went wrong,
   vocab.metrics.names_failure_count, with config `samples` = n: "Failed requests: 2 of 1319"), the pooled
   two-proportion z-test in the count's units: p = (k_old + k_new) / 2n (at least half a failure's worth, 0.5 / n),
   T = z * sqrt(2 n p (1 - p)). A count is never judged by percent: 1 -> 2 of 1319 doubles it, yet T = 3.39
   failures, within noise; 0 -> 40 of 1319 is beyond T = 12.3, a regression;
5. a stated spread (a standard deviation: of the runs, or of the samples where the text gives no count):
   T = z * sqrt(sd_old^2 + sd_new^2), the spread of single measurements, wider than a mean's standard error,
   so it too rarely cries wolf (a per-question sd of 0.34 on a 0-1 score says two runs of unknown size are
   not told apart by a point);
6. the default per kind: accuracy 0.5 points (0.005 for fractions; perplexity or an error statistic such as MAE, not a
   proportion, 1% of the mean), acceptance length 0.05, acceptance rate 0.02 (or 2 points), perf 2% of the mean of
   the two values (2 points for a percent its metric names a change of a level, "t/s vs base", "TTFT reduction": the
   levels' own share, in points), and 10% for the timings an accuracy run prints beside its score (a perf value whose
   setup names an accuracy task: gsm8k's "Latency: 29.6 s" is one run of a harness that sends every question at once,
   no benchmark; `--threshold eval-perf=5%` sets it). A single run's timing under the default beyond it by less than
   a quarter of it (`edge`) is at the noise edge and judged within noise: one number a side tells nothing apart so
   near a guessed threshold (benchstat's "~" for too few samples).

z defaults to 1.96 (two-sided 95%). Every threshold is symmetric in old and new (perf takes 2% of
their mean, not of old), so swapping the sides swaps regression and improvement exactly. A
stated range widens T by the half-widths; an approximate value ("~370") adds a note. Direction
comes from `ledger.vocab.metrics.higher_is_better`. Gates compare outcomes (pass > waived > fail;
pass -> fail is a regression; not_run / skipped / not_verified on one side is insufficient data);
tests compare failure counts (a stated pass count with no failures means 0 failed). Reference
checks run inside one revision with the same model, taking the reference as the old value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ledger.compare.keys import Key
from ledger.errors import UsageError
from ledger.vocab.metrics import (
    BENCHMARK_SAMPLES,
    SCALE_QUALITY,
    STAT_RE,
    names_failure_count,
    normalise_metric,
)
from ledger.vocab.relative_changes import names_relative_change


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
    eval_perf_rel: float = 0.10
    """The relative threshold of a timing an accuracy run prints (a perf value whose setup names an accuracy task)."""
    edge: float = 1.25
    """A single run's timing (a duration under the default perf threshold, no spread stated) beyond the threshold by
    less than this factor is at the noise edge: no significant change, benchstat's "~" (a load time +2.0% at ±2%)."""
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
        elif n in ("eval-perf", "eval_perf"):
            self.eval_perf_rel = val / 100 if rel else val
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


def fmt_number(x: float) -> str:
    return f"{x:.3g}" if abs(x) < 10 else f"{x:.4g}" if abs(x) < 1000 else f"{x:,.0f}"


def _sample_count(key: Key, noise: NoiseModel) -> int | None:
    cfg = dict(key.config)
    if "samples" in cfg:
        try:
            return int(cfg["samples"])
        except ValueError:
            return None
    # ("flexible-extract" of a gsm8k run: the benchmark its task names)
    return noise.samples.get(key.metric) or noise.samples.get(cfg.get("task", ""))


def _both(a: float | None, b: float | None) -> tuple[float, float] | None:
    """Both sides' stated noise, one side standing in for the other's where only one is stated; None for neither."""
    first = a if a is not None else b
    second = b if b is not None else a
    return None if first is None or second is None else (first, second)


def threshold_for(
    key: Key,
    old: float,
    new: float,
    noise: NoiseModel,
    se_old: float | None = None,
    se_new: float | None = None,
    spread: tuple[float | None, float | None] = (None, None),
) -> Threshold:
    """The noise threshold for one pair of values (symmetric in old and new); `spread` the stated standard
    deviations of old and new, where the text gives them."""
    configured = noise.metric_thresholds.get(key.metric) or noise.metric_thresholds.get(
        STAT_RE.sub("", key.metric).strip()
    )
    if configured is not None:
        val, rel = configured
        if rel:
            scale = (abs(old) + abs(new)) / 2
            return Threshold(val * scale, "configured", f"±{val * 100:g}%")
        return Threshold(val, "configured", f"±{fmt_number(val)}")
    if (stated := _both(se_old, se_new)) is not None:
        t = noise.z * math.hypot(*stated)
        return Threshold(t, f"stated stderr, z={noise.z:g}", f"±{fmt_number(t)}")
    if key.kind == "accuracy" and key.metric in SCALE_QUALITY:
        t = noise.perf_rel / 2 * (abs(old) + abs(new)) / 2
        return Threshold(t, f"default {key.metric}", f"±{noise.perf_rel * 50:g}%")
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
            return Threshold(t, f"binomial n={n}, z={noise.z:g}", f"±{fmt_number(t)}")
    if (count := _count_threshold(key, old, new, noise)) is not None:
        return count
    if (spreads := _both(*spread)) is not None:
        t = noise.z * math.hypot(*spreads)
        return Threshold(t, f"stated spread, z={noise.z:g}", f"±{fmt_number(t)}")
    if key.kind == "accuracy":
        percent = max(abs(old), abs(new)) > 1.0
        t = noise.accuracy_points if percent else noise.accuracy_points / 100
        return Threshold(t, "default accuracy", f"±{fmt_number(t)}")
    if key.kind == "acceptance":
        if key.metric == "acceptance rate":
            percent = max(abs(old), abs(new)) > 1.0
            t = noise.acceptance_rate_points if percent else noise.acceptance_rate_points / 100
            return Threshold(t, "default acceptance rate", f"±{fmt_number(t)}")
        return Threshold(noise.acceptance_abs, "default acceptance length", f"±{fmt_number(noise.acceptance_abs)}")
    if key.kind == "perf" and key.unit == "%" and names_relative_change(key.metric):
        # ("+0.44%" then "+0.26%" under "t/s vs base": the two levels moved by 0.18 of a point against their base, so
        # the default share of a level is the threshold, in points; 2% of 0.35 would call that move a regression)
        t = noise.perf_rel * 100
        return Threshold(t, "default perf, a change in points", f"±{fmt_number(t)} pp")
    scale = (abs(old) + abs(new)) / 2
    task = dict(key.config).get("task", "")
    if task and task in noise.samples:
        share = noise.eval_perf_rel
        return Threshold(share * scale, f"timing of a {task} accuracy run", f"±{share * 100:g}%")
    return Threshold(noise.perf_rel * scale, "default perf", f"±{noise.perf_rel * 100:g}%")


COUNT_BASIS = "binomial count"
"""How a count's threshold (rule 4) names its basis, which the report reads to judge it in counts, not percent."""


def _count_threshold(key: Key, old: float, new: float, noise: NoiseModel) -> Threshold | None:
    """Rule 4 (module docstring): a count of failures out of a stated population n ("Failed requests: 2 of 1319"),
    judged by the pooled two-proportion z-test in the count's own units, never by percent."""
    n = _sample_count(key, noise) if key.kind == "perf" and noise.use_binomial else None
    if not n or not names_failure_count(key.metric) or not all(0 <= v <= n and v == int(v) for v in (old, new)):
        return None
    p = min(max((old + new) / (2 * n), 0.5 / n), 1 - 0.5 / n)  # (0 -> 0 keeps half a failure's worth of noise)
    t = noise.z * math.sqrt(2 * n * p * (1 - p))
    return Threshold(t, f"{COUNT_BASIS} n={n}, pooled rate {p:.2%}, z={noise.z:g}", f"±{fmt_number(t)}")


def noise_from_options(
    thresholds: Sequence[str] = (), samples: Sequence[str] = (), config: str | None = None, z: float | None = None
) -> NoiseModel:
    """The noise model of `--threshold NAME=VALUE`, `--samples NAME=N`, `--config FILE.toml` and `--z`."""
    noise = NoiseModel()
    if config:
        try:
            text = Path(config).read_text(encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"--config {config}: {exc.strerror or exc}") from exc
        noise = NoiseModel.from_toml(text)
    for spec in thresholds:
        name, sep, val = spec.partition("=")
        if not sep:
            raise UsageError(f"--threshold {spec!r}: expected NAME=VALUE (perf=3%, accuracy=1.0, gsm8k=1.2)")
        noise.set_threshold(name, val)
    for spec in samples:
        name, sep, val = spec.partition("=")
        if not sep:
            raise UsageError(f"--samples {spec!r}: expected BENCHMARK=N (gsm8k=1319)")
        noise.set_samples(name, val)
    if z is not None:
        if z <= 0:
            raise UsageError("--z must be positive")
        noise.z = z
    return noise
