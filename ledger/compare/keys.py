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
configuration, the pair is reported "not comparable" with the key parts that differ. An extracted
`task` only counts when it is a long-context workload (passkey, RULER), which changes what an
acceptance length or a latency means. Within one key, claims pair by equal variant, then equal
words, then shared words, then a lone pair; a value its metric cannot take (an acceptance length
above draft_len + 1, an accuracy above 100) is a mis-read and is left out. Names are cut to 300
characters before any pattern reads them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ledger.model import Claim
from ledger.vocab.canonical import canonical_items
from ledger.vocab.metrics import normalise_metric, variant_words
from ledger.vocab.setup import (
    IGNORED_KEYS,
    LONG_CONTEXT_RE,
    SOFT_KEYS,
    canonical_key_name,
    config_hints,
)
from ledger.vocab.text import MAX_NAME, clean_name
from ledger.vocab.units import canonical_unit

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


def claim_key(claim: Claim) -> tuple[Key, str]:
    """The claim's comparability key and its variant (the words that only tell claims apart)."""
    config_items = tuple((claim.config or {}).items())
    try:
        return _claim_key(claim.kind, claim.metric, claim.unit, config_items)
    except TypeError:  # a config value that cannot be hashed (never from a parser or the ledger)
        return _claim_key.__wrapped__(claim.kind, claim.metric, claim.unit, config_items)


def setup_items(kind: str, metric: str | None, unit: str | None, config: dict[str, Any] | None
                ) -> tuple[tuple[str, str], ...]:
    """The canonical setup compare reads from a claim's fields, as (key, value) pairs: what the ledger's setup index
    (`claim_setup`) stores, so `claims --config` finds what compare would line up."""
    items = tuple((str(k), str(v)) for k, v in (config or {}).items())
    return _claim_key(kind, metric, unit, items)[0].config


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
            task = _task(kind, v, mn.name)
            if task:
                config["task"] = task
            continue
        if ck not in IGNORED_KEYS:  # hard: named in the table, or a setup key the table does not know yet
            for hk, hv in canonical_items(ck, v):
                if hk == ck:
                    config[hk] = hv
                else:  # what a value implies ("8xH100": the count) yields to the key stated on its own
                    config.setdefault(hk, hv)
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


def _task(kind: str, value: str, metric: str) -> str:
    """The test or task a value comes from, as a setup key: a throughput or an acceptance length of a gsm8k run
    is not one of a passkey run. An accuracy's task is the benchmark its metric already names (lm-eval's rows
    name both), so there it adds nothing; every long-context workload (passkey, RULER, needle) is one."""
    v = value[:MAX_NAME]
    if LONG_CONTEXT_RE.search(v):
        return "long-context" if kind in ("acceptance", "perf") else ""
    if kind == "accuracy":
        return ""
    name = normalise_metric(v, "accuracy").name
    return "" if not name or name == metric else name


def n_differences(a: Key, b: Key) -> int:
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
        wanted = [(canonical_key_name(k), "*")] if v == "*" else canonical_items(canonical_key_name(k), v)
        if wanted and all(wk in setup and (wv == "*" or setup[wk] == wv) for wk, wv in wanted):
            continue
        return False
    return True
