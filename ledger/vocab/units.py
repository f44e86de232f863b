"""Units: the spellings people type, their family and scale."""

from __future__ import annotations

# Units longest first so "tok/s/GPU" wins over "tok/s" and "ms" over "m".
UNITS = (
    "tok/s/gpu", "tok/s/user", "tokens/s/gpu", "tokens/s/user", "tokens/sec/gpu", "tokens/sec/user", "tokens/sec",
    "tokens/s", "token/s", "tok/sec", "t/s", "tokens / sec", "tokens / s", "token / s", "tok / s",
    "tok/s", "toks/s", "tps/user", "tps/gpu", "tps", "req/sec", "req/s", "reqs/s", "requests/s",
    "it/s", "gb/s", "tb/s", "tbps", "gbps", "tflops/s", "gflops/s", "tflops", "gflops", "tflop/s", "gflop/s", "tf",
    "samples/s",
    "seq/s", "req/min", "us/run", "µs/run", "ms/run", "ns/run", "kb/run", "mb/run", "gb/run", "mflop/run",
    "gflop/run", "tflop/run", "runs", "tokens per second", "tokens per sec", "ms per token", "ms/token", "ms/tok",
    "ms/t",
    "µs", "μs", "usecs", "usec", "us", "msecs", "msec", "ms", "ns", "sec", "secs", "seconds", "second", "s", "min",
    "mins", "minutes", "h", "hours", "hrs", "hr", "gib", "gb", "mib", "mb", "kib", "kb", "tib", "tb", "bytes", "b",
    "%", "percent", "x", "×", "pp", "points", "pts", "nats", "tokens", "tok",
)

_UNIT_ALIASES = {
    "tokens/s": "tok/s", "token/s": "tok/s", "tok/sec": "tok/s", "tokens/sec": "tok/s", "tps": "tok/s",
    "tokens/s/gpu": "tok/s/gpu", "tokens/s/user": "tok/s/user", "µs": "us", "μs": "us", "usec": "us",
    "sec": "s", "secs": "s", "second": "s", "seconds": "s", "msec": "ms", "msecs": "ms", "usecs": "us", "×": "x",
    "ms/t": "ms/token", "ms/tok": "ms/token", "ms per token": "ms/token",
    "percent": "%", "pts": "%", "points": "%", "mins": "min", "minutes": "min", "hours": "h", "hr": "h", "hrs": "h",
    # a FLOP rate, however it is spelled ("TFLOPS", "TFLOPs/s", "TF" in kernel threads)
    "tflops": "tflop/s", "tflops/s": "tflop/s", "tf": "tflop/s", "gflops": "gflop/s", "gflops/s": "gflop/s",
}
_UNIT_SCALE: dict[str, tuple[str, float]] = {
    "ns": ("time", 1e-9), "us": ("time", 1e-6), "ms": ("time", 1e-3), "s": ("time", 1.0), "min": ("time", 60.0),
    "h": ("time", 3600.0), "b": ("bytes", 1.0), "kib": ("bytes", 1024.0), "mib": ("bytes", 1024.0**2),
    "gib": ("bytes", 1024.0**3), "tib": ("bytes", 1024.0**4), "kb": ("bytes", 1e3), "mb": ("bytes", 1e6),
    "gb": ("bytes", 1e9), "tb": ("bytes", 1e12),
}


def canonical_unit(unit: str | None, kind: str) -> str:
    u = (unit or "").strip().lower()
    u = _UNIT_ALIASES.get(u, u)
    if kind in ("accuracy",) and u in ("", "%"):
        return ""
    if kind == "acceptance" and u in ("", "%", "tokens", "tok"):
        return ""
    if u in _UNIT_SCALE:
        return _UNIT_SCALE[u][0]
    return u


def unit_factor(unit: str | None) -> float | None:
    u = (unit or "").strip().lower()
    u = _UNIT_ALIASES.get(u, u)
    return _UNIT_SCALE[u][1] if u in _UNIT_SCALE else None


MEASURE_UNITS = frozenset(u.lower() for u in (
    "ms", "us", "µs", "ns", "s", "sec", "secs", "seconds", "min", "mins", "minutes", "m", "h", "hours", "hr", "hrs",
    "msec", "msecs", "usec", "usecs", "percent", "pts", "TF", "GFLOP/s",
    "GiB", "GB", "MiB", "MB", "KiB", "KB", "TiB", "TB", "%", "x", "×", "pp", "point", "points", "nats", "tok/s",
    "tok/s/gpu", "tok/s/user", "tokens/s", "tokens/sec", "tok/sec", "req/s", "req/sec", "tps", "tps/user", "tps/gpu",
    "it/s", "GB/s", "TB/s", "TFLOPS", "samples/s", "seq/s", "toks/s", "reqs/s", "requests/s",
    # kernel benchmarks: time per run, achieved FLOP rate and bandwidth
    "us/run", "µs/run", "ms/run", "ns/run", "GFLOPS", "TFLOPs/s", "GFLOPs/s", "TFLOP/s", "TBPS", "GBPS", "req/min",
    "tokens per second", "tokens per sec", "ms per token", "ms/token", "ms/tok", "ms/t",
))
"""Units of a measured result (a time, a rate, a size, a share). Not: tokens, runs, kB/run, MFLOP/run, which
count or size the work a benchmark did."""


def is_measure_unit(unit: str | None) -> bool:
    """A unit of measure (ms, GiB, tok/s/GPU, %, us/run), compared without case; any rate per second is one
    ("token/s", "images/s", "samples/sec")."""
    if not unit:
        return False
    u = unit.lower()
    return u in MEASURE_UNITS or (u not in COUNT_UNITS and (u.endswith(("/s", "/sec")) or "/s/" in u))


COUNT_UNITS = frozenset(("runs", "tokens", "token", "tok", "kb/run", "mb/run", "gb/run", "mflop/run", "gflop/run",
                         "tflop/run"))
"""Units that count or size the work of a run ("2556 runs", "117.44 MFLOP/run"): never a result."""


SIZE_UNITS = frozenset(u.lower() for u in ("GiB", "GB", "MiB", "MB", "KiB", "KB", "TiB", "TB"))
"""Units of an amount of memory: a measured footprint, or a machine's or cache's capacity."""


def is_size_unit(unit: str | None) -> bool:
    return bool(unit) and unit.lower() in SIZE_UNITS  # type: ignore[union-attr]


def is_count_unit(unit: str | None) -> bool:
    return bool(unit) and unit.lower() in COUNT_UNITS  # type: ignore[union-attr]


_SUBSECOND = frozenset(("us", "µs", "μs", "usec", "usecs", "ns", "ms", "msec", "msecs", "x", "×"))


def is_timing_unit(unit: str | None) -> bool:
    """A time below a second, a rate or a speed-up: "fp16 gather = 1200 us" is a measurement whatever its name
    says, while "timeout = 30 s" or "kv_cache = 40 GB" may be what the run was given."""
    if not unit:
        return False
    u = unit.strip().lower()
    return u in _SUBSECOND or (u not in COUNT_UNITS and (u.endswith(("/s", "/sec")) or "/s/" in u))


def measure_of_unit(unit: str | None) -> str | None:
    """What a value in `unit` measures when no name says so: a rate is a throughput, a time a latency, a size
    memory, a ratio a speed-up ("8B: 98.4 token/sec" under a list of models is the 8B model's throughput)."""
    if not unit:
        return None
    u = unit.strip().lower()
    if u in ("x", "×"):
        return "speedup"
    if u in COUNT_UNITS:
        return None
    if u.endswith(("/s", "/sec")) or "/s/" in u or u in ("tps", "t/s", "tokens per second", "tokens per sec"):
        return "throughput"
    if u in _SUBSECOND or u in ("s", "sec", "secs", "seconds", "min", "ms/token", "ms/t", "ms per token"):
        return "latency"
    if u in SIZE_UNITS:
        return "memory"
    return None
