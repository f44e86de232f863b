"""Comparability keys: what makes two claims comparable.

Two claims are compared only when their `Key` is equal: kind, normalised metric, unit family and
the setup it was measured under: every config key `ledger.vocab.setup.key_class` calls hard (model,
gpu and count, tp/pp/ep/dp, quantisation, KV-cache dtype, state dtype, speculative algorithm and
draft length, concurrency, batch, ISL/OSL, n-shot, filter, backend, and any key the table does not
know, such as a benchmark table's own input columns). The metric is normalised
(lower case, markup stripped; "GSM8K", "test_gsm8k", "gsm8k result" are all `gsm8k`) and the
configuration is read both from the claim's `config` and from the words in its metric, row,
column and gate name ("MTP1 gsm8k over FP8 KV" gives draft_len=1, kv_cache=fp8; "bf16 GDN state" gives
state=bf16). What remains of those words ("CUTEDSL experts") is a *variant*: it tells apart several claims of
one key in one revision but never makes two claims comparable or not. A gate's name counts through
the configuration it encodes (test_mtp1_... gives draft_len=1) and as a variant, so "gsm8k" under
`test_gsm8k` in one section lines up with a bare "gsm8k" row in another. When a claim has no
partner with its key but the other side has one with the same metric and a different
configuration, the pair is reported "not comparable" with the key parts that differ, a key stated on
one side only among them. Values are canonical (`ledger.vocab.canonical`: "H100 SXM 80GB" is h100,
"Llama 3.1 8B Instruct" and "meta-llama/Llama-3.1-8B-Instruct" are one model) and the reading itself is
`ledger.vocab.claim_setup`'s, which the ledger's setup index shares. An extracted `task` counts for perf
and acceptance values (a gsm8k run is not a passkey run; every long-context workload is one), not for an
accuracy, whose metric names its benchmark already. Within one key, claims pair by equal variant, then equal
words, then shared words, then a lone pair; a value its metric cannot take (an acceptance length
above draft_len + 1, an accuracy above 100) is a mis-read and is left out. Names are cut to 300
characters before any pattern reads them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ledger.model import Claim
from ledger.vocab.canonical import canonical_items
from ledger.vocab.claim_setup import read_setup
from ledger.vocab.setup_keys import STATED_DEFAULTS, canonical_key_name
from ledger.vocab.units import canonical_unit, is_point_change

MEASURED_KINDS = ("accuracy", "acceptance", "perf", "tests")
COMPARED_KINDS = ("accuracy", "acceptance", "perf", "tests", "gate")


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

    def to_dict(self, variant: str = "") -> dict[str, Any]:
        """A series' identity as every JSON shape begins it: metric, kind, unit, config, variant."""
        return {
            "metric": self.metric,
            "kind": self.kind,
            "unit": self.unit or None,
            "config": dict(self.config),
            "variant": variant or None,
        }


def claim_key(claim: Claim) -> tuple[Key, str]:
    """The claim's comparability key and its variant (the words that only tell claims apart)."""
    config_items = tuple((claim.config or {}).items())
    try:
        return _claim_key(claim.kind, claim.metric, claim.unit, config_items)
    except TypeError:  # a config value that cannot be hashed (never from a parser or the ledger)
        return _claim_key.__wrapped__(claim.kind, claim.metric, claim.unit, config_items)


@functools.lru_cache(maxsize=8192)
def _claim_key(
    kind: str, metric: str | None, unit: str | None, config_items: tuple[tuple[str, str], ...]
) -> tuple[Key, str]:
    """claim_key of a claim with these fields (all it reads): the versions of a PR repeat most claims' keys, and
    compare and trend ask for each claim's key more than once. Key is frozen, so the shared result is safe."""
    setup = read_setup(kind, metric, config_items)
    metric_name = setup.metric
    if (
        kind == "acceptance"
        and metric_name == "acceptance length"
        and ((unit or "").strip() == "%" or is_point_change(unit))
    ):
        # "Acceptance: 49.38%": a share of the drafts accepted, never a length; "(−4.5pp)": that share's change
        metric_name = "acceptance rate"
    unit = "" if kind in ("gate", "tests") else canonical_unit(unit, kind)
    if unit == "tok/s/gpu" and _one_gpu(setup.config):
        unit = "tok/s"  # "Throughput (out tok/s/GPU)" at TP 1 on one GPU is its "Throughput (out tok/s)"
    return Key(kind, metric_name, unit, compared_setup(setup.config)), setup.variant


def compared_setup(config: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """A canonical setup as compare joins on it: a count of one GPU is the board alone ("a single H100" in one turn
    and "H100" in the next are one machine, and one series), as the board with no count runs on one. (A count of
    one with no board named stays: "on 1 GPU" is a setup the text states, no board's.) A tool's default stated
    (vocab.setup_keys.STATED_DEFAULTS: "--request-rate inf") is the setup of a run that states none."""
    pairs = tuple(p for p in config if p not in STATED_DEFAULTS)  # (a tool's default stated: the unstated run's)
    if ("gpu_count", "1") not in pairs or not any(k == "gpu" for k, _ in pairs):
        return pairs
    return tuple(p for p in pairs if p != ("gpu_count", "1"))


_OTHER_PARALLEL = ("pp", "ep", "dp", "dep", "cp", "dcp", "pcp")


def _one_gpu(config: tuple[tuple[str, str], ...]) -> bool:
    """The setup runs on one GPU: tensor parallelism 1 stated, no other parallelism over 1, no count of GPUs over 1
    (the canonical config holds "8xH100"'s count as gpu_count)."""
    cfg = dict(config)
    return (
        cfg.get("tp") == "1"
        and cfg.get("gpu_count", "1") == "1"
        and all(cfg.get(k, "1") == "1" for k in _OTHER_PARALLEL)
    )


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


def with_default_config(claims: Sequence[Claim], defaults: dict[str, str]) -> list[Claim]:
    """The claims, each with `defaults` filled in where its config does not name the key (or an alias)."""
    out = []
    for c in claims:
        have = {canonical_key_name(k) for k in c.config}
        missing = {k: v for k, v in defaults.items() if canonical_key_name(k) not in have}
        out.append(c.model_copy(update={"config": {**c.config, **missing}}) if missing else c)
    return out


def matches_setup(claim: dict[str, Any], pairs: Sequence[tuple[str, str]]) -> bool:
    """A stored claim (the contract's dict) has every `key=value` pair, as stored or as compare reads its setup
    (the keys compare prints: `kv_cache=fp8` matches a row named "FP8 KV, Eagle3"); value `*` is any value."""
    raw = {str(k).lower(): str(v).lower() for k, v in (claim.get("config") or {}).items()}
    setup: dict[str, str] | None = None
    for key, value in pairs:
        k, v = key.strip().lower(), value.strip().lower()
        if k in raw and (v == "*" or raw[k] == v):
            continue
        if setup is None:
            try:
                c = Claim.model_validate(claim)
            except ValueError:
                return False
            setup = dict(claim_key(c)[0].config)
            if "gpu" in setup:
                setup.setdefault("gpu_count", "1")  # (the board alone: compared_setup)
        wanted = [(canonical_key_name(k), "*")] if v == "*" else canonical_items(canonical_key_name(k), v)
        if wanted and all(wk in setup and (wv == "*" or _same_value(wk, setup[wk], wv)) for wk, wv in wanted):
            continue
        return False
    return True


def _same_value(key: str, have: str, want: str) -> bool:
    """A canonical setup value is the one wanted; a model pair ("kimi-k2.5/kimi-k2.6": measured for both, the
    canonical model holds no other "/") is each of its models too."""
    return have == want or (key == "model" and "/" in have and want in have.split("/"))
