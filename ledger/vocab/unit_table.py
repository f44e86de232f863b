"""The unit table: one row per spelling people type, saying what unit it is, its family, its scale and its role.

Every unit set the readers and compare use (ledger/vocab/units.py) is a selection of these rows, so a spelling
added here is read by the number grammar, canonicalised and scaled by compare at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Role = Literal["measure", "count", "plain"]


@dataclass(frozen=True)
class Unit:
    """One spelling of a unit."""

    spelling: str
    """As typed, lower-cased ("msec", "tflops/s")."""
    canonical: str
    """The unit it is ("ms", "tflop/s"); itself when no other spelling is preferred."""
    family: str
    """What it measures: time, bytes, rate, ratio, share, count, work (per run), time per token."""
    scale: float | None = None
    """Its size in the family's base unit (seconds, bytes), where compare converts between units."""
    role: Role = "measure"
    """measure: a measured result (a time, a rate, a size, a share); count: counts or sizes the work a run did
    ("2556 runs", "117 MFLOP/run"); plain: read after a number but neither ("12 bytes")."""
    read: bool = True
    """The number grammar reads it after a number ("m" and "point" are units only where a label gives them)."""


def _unit(
    canonical: str, family: str, scale: float | None, *spellings: str, role: Role = "measure", read: bool = True
) -> tuple[Unit, ...]:
    return tuple(Unit(s, canonical, family, scale, role, read) for s in (canonical, *spellings))


_TIME = (
    *_unit("ns", "time", 1e-9, "nsec", "nsecs", "nanosecond", "nanoseconds"),
    *_unit("us", "time", 1e-6, "µs", "μs", "usec", "usecs", "microsecond", "microseconds", "micro-seconds"),
    *_unit("ms", "time", 1e-3, "msec", "msecs", "millisecond", "milliseconds"),
    *_unit("s", "time", 1.0, "sec", "secs", "seconds"),
    *_unit("s", "time", 1.0, "second", role="plain")[1:],
    *_unit("min", "time", 60.0, "mins", "minute", "minutes"),
    *_unit("m", "time", None, read=False),
    *_unit("h", "time", 3600.0, "hour", "hours", "hr", "hrs"),
    # a training page's "Est. days to train": a unit only where a header names it (no "3 days ago" in prose), and
    # unscaled, as a unit the number grammar never reads is (compare keeps days apart)
    *_unit("days", "time", None, "day", read=False),
)
_BYTES = (
    *_unit("b", "bytes", 1.0, role="plain"),
    *_unit("bytes", "bytes", None, role="plain"),
    *(
        row
        for u, k in (
            ("kib", 1024.0),
            ("mib", 1024.0**2),
            ("gib", 1024.0**3),
            ("tib", 1024.0**4),
            ("kb", 1e3),
            ("mb", 1e6),
            ("gb", 1e9),
            ("tb", 1e12),
        )
        for row in _unit(u, "bytes", k)
    ),
)
_RATES = (
    # the number grammar writes "tokens / sec" as "tokens/sec"
    *_unit(
        "tok/s",
        "rate",
        None,
        "tokens/s",
        "token/s",
        "tok/sec",
        "tokens/sec",
        "tps",
        "tokens / sec",
        "tokens / s",
        "token / s",
        "tok / s",
        "tokens/second",
        "token/second",
        "tok/second",
        # (a rate written in words, "prefill speed in tokens per second", is the one series tok/s is)
        "tokens per second",
        "tokens per sec",
        "token per second",
        # (mlx_lm.generate prints "Generation: 256 tokens, 61.020 tokens-per-sec")
        "tokens-per-sec",
        "tokens-per-second",
        # (a rate with its side hyphenated onto the token, "641.20 output-token/s": one word for the rate's noun)
        "output-token/s",
        "output-tokens/s",
        "output-tok/s",
        "input-token/s",
        "input-tokens/s",
    ),
    # ("output tokens per second per GPU", "tps/gpu": a release page's words and its tool's header for one unit)
    *_unit(
        "tok/s/gpu",
        "rate",
        None,
        "tokens/s/gpu",
        "tokens/sec/gpu",
        "tps/gpu",
        "otps/gpu",
        "tokens/second/gpu",
        "tokens per second per gpu",
        "output tokens per second per gpu",
    ),
    *_unit("tok/s/user", "rate", None, "tokens/s/user", "tokens/sec/user", "tps/user"),
    # a training page's per-GPU rates ("Samples / sec / GPU", written with spaced slashes): a header's unit
    # (tables.headers), not read after a number ("108 TFLOPS/GPU" in prose stays the TFLOPS it was read as)
    *_unit("samples/s/gpu", "rate", None, "samples/sec/gpu", read=False),
    # spellings of a token rate compare keeps apart from tok/s
    *(
        row
        for u in (
            "t/s",
            "tk/s",
            "toks/s",
        )
        for row in _unit(u, "rate", None)
    ),
    *(
        row
        for u in (
            "req/sec",
            "reqs/s",
            "requests/s",
            "requests/sec",
            "requests/second",
            "it/s",
            "samples/s",
            "seq/s",
            "queries/s",
            # "842 ms TTFT @ 1.37 QPS": a request rate, written as its initials
            "qps",
            "prompts/s",
            "images/s",
            "img/s",
            "frames/s",
            "steps/s",
        )
        for row in _unit(u, "rate", None)
    ),
    # a request rate by its initials, a serving table's header ("RPS", "RPM"; a page writes "PRS", "PRM" too, for
    # "per request second"): per second and per minute stay two units. Never read after a number: "3 PRs" are
    # pull requests, "3000 RPM" may be a fan's
    *_unit("req/s", "rate", None, "requests per second", "requests per sec", "request per second"),
    *(Unit(s, "req/s", "rate", read=False) for s in ("rps", "prs")),
    *_unit("req/min", "rate", None, "requests/min"),
    *(Unit(s, "req/min", "rate", read=False) for s in ("rpm", "prm")),
    *(row for u in ("gb/s", "tb/s", "tbps", "gbps") for row in _unit(u, "bandwidth", None)),
    *_unit("tflop/s", "flop rate", None, "tflops", "tflops/s", "tf"),
    # "Model TFLOP / sec / GPU", "TFLOPS / GPU": the flop rate each GPU reached (a header's, as above)
    *_unit(
        "tflop/s/gpu", "flop rate", None, "tflop/sec/gpu", "tflops/s/gpu", "tflops/sec/gpu", "tflops/gpu", read=False
    ),
    *_unit("gflop/s", "flop rate", None, "gflops", "gflops/s"),
)
_PER_RUN = (
    *(row for u in ("us/run", "µs/run", "ms/run", "ns/run") for row in _unit(u, "time per run", None)),
    *(
        row
        for u in ("kb/run", "mb/run", "gb/run", "mflop/run", "gflop/run", "tflop/run")
        for row in _unit(u, "work", None, role="count")
    ),
    *_unit("runs", "count", None, role="count"),
    *_unit("ms/token", "time per token", None, "ms/t", "ms/tok", "ms per token"),
)
_SHARES = (
    *_unit("%", "share", None, "percent", "pts", "pt", "points"),
    *_unit("point", "share", None, read=False),
    # ("a -0.30 percentage-point change": the adjective's hyphen, as the noun's space)
    *_unit("pp", "share", None, "percentage points", "percentage point", "percentage-points", "percentage-point"),
    *_unit("x", "ratio", None, "×"),
    *_unit("nats", "information", None),
    *_unit("tokens", "count", None, role="count"),
    *_unit("tok", "count", None, role="count"),
    *_unit("token", "count", None, role="count", read=False),
)

UNIT_TABLE: tuple[Unit, ...] = _TIME + _BYTES + _RATES + _PER_RUN + _SHARES
"""Every unit spelling the ledger knows, one row each."""

_BY_SPELLING = {u.spelling: u for u in UNIT_TABLE}
assert len(_BY_SPELLING) == len(UNIT_TABLE), "a spelling is two rows"


def unit_row(unit: str | None) -> Unit | None:
    """The row of a unit as printed ("MSec" -> the row of msec), or None for a unit the table does not hold."""
    return _BY_SPELLING.get((unit or "").strip().lower())
