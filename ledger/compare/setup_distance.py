"""How near two setups of one metric are: which series that stops may be one that starts after it, restated under
another setup, and which is another series.

A release page that replaces a whole table (a 2B model on one card by a medium one on two) keeps no series, so its
leftovers pair by nearness alone: two different models are never one series restated, however few other keys
differ, unless the model is the one key that changed (one measure rerun on another model). A model's checkpoint
path in one version ("vicuna7b-v1.5-awq-gemv") and its name in the next ("vicuna7b") are one model. Among the rest,
a key both sides state differently (the board, a length) tells more than one a side states alone (a host CPU or a
size column one version's lead-in adds): the other side may just not say it."""

from __future__ import annotations

from ledger.compare.keys import Key


def same_model(a: str, b: str) -> bool:
    """Two canonical model names of one model: equal, or the shorter the longer's start where one of its parts
    ends ("vicuna7b" of "vicuna7b-v1.5-awq-gemv", "mpt7b" of "mpt7b-8k-chat-awq"); never a version's start
    ("llama3" of "llama3.1-8b") or a size's ("llama2-7b" of "llama2-70b")."""
    short, long_ = sorted((a, b), key=len)
    if short == long_:
        return True
    if not short or not long_.startswith(short):
        return False
    nxt = long_[len(short)]
    return nxt in "-_/" or (short[-1].isalpha() and not nxt.isalpha())


def other_models(a: Key, b: Key) -> bool:
    """Both keys state a model, and not one model."""
    ma, mb = dict(a.config).get("model"), dict(b.config).get("model")
    return ma is not None and mb is not None and not same_model(ma, mb)


def setup_distance(a: Key, b: Key) -> tuple[bool, int, int, bool]:
    """How far apart two keys of one metric are, the most telling first: another model; the keys both state with
    different values (and the unit); the keys one side states alone; last, one model spelled two ways (a checkpoint
    path beside the name: it tells less than a kernel or a board that changed)."""
    ca, cb = dict(a.config), dict(b.config)
    other, spelled = other_models(a, b), ca.get("model", "") != cb.get("model", "")
    both = sum(1 for k in ca.keys() & cb.keys() if ca[k] != cb[k] and k != "model") + (a.unit != b.unit)
    return other, both + other, len(ca.keys() ^ cb.keys()), spelled and not other


_SCORED_KEYS = ("task",)
"""The setup keys of an accuracy that name what was scored, not how: compare's setup holds an accuracy's task only
where it is a subject of the benchmark its metric names ("anatomy" of mmlu) or the benchmark a bare measure was
scored on (vocab.claim_setup.read_setup)."""


def other_measures(a: Key, b: Key) -> bool:
    """Two accuracy keys of one metric that score different things: a subject's score and the whole benchmark's, or
    two subjects'. Never one series restated under another setup, however near the rest: a page whose subjects'
    table stops and whose headline under a new setup starts has removed the one and added the other."""
    if a.kind != "accuracy":
        return False
    ca, cb = dict(a.config), dict(b.config)
    return any(ca.get(k) != cb.get(k) for k in _SCORED_KEYS)


def may_restate(a: Key, b: Key) -> bool:
    """Whether b may be a's series restated under another setup: the same model (or a model stated on one side
    only), or another model where nothing else changed; never another measure (other_measures)."""
    if other_measures(a, b):
        return False
    if not other_models(a, b):
        return True
    ca, cb = dict(a.config), dict(b.config)
    return a.unit == b.unit and ca.keys() == cb.keys() and all(ca[k] == cb[k] for k in ca if k != "model")


def beyond_model(variant: str, key: Key) -> str:
    """A row's name less the words that spell its own model, part by part ("vicuna" beside model=vicuna7b, "gemma 2b"
    of "gemma 2b gemm" beside gemma2b, never "gemm" of "gemma"), and less a word that is one of its setup values:
    one version names its rows by the model and kernel, another heads them with it, and the rest of the name still
    tells measures apart."""
    rest, values = dict(key.config).get("model", ""), {v for _, v in key.config}
    if not variant:
        return variant
    kept = []
    for w in variant.split():
        r = rest.lstrip("-_./")
        if w in values:  # ("gemm" of a row "MPT 7B GEMM" whose kernel=gemm: the setup said it already)
            continue
        if r and r.startswith(w) and _part_ends(r, len(w)):
            rest = r[len(w) :]
        else:
            kept.append(w)
    return " ".join(kept)


def _part_ends(name: str, i: int) -> bool:
    """A part of the name ends before position i: at its end, a separator, or where letters turn to digits."""
    return i == len(name) or not name[i].isalnum() or name[i].isdigit() != name[i - 1].isdigit()


def setup_difference(a: Key, b: Key, old_rev: str | None, new_rev: str | None) -> str:
    """Why two keys of one metric are not comparable: the units, the keys stated differently ("model x vs y"),
    and the keys stated on one side only ("gpu=b200 stated only in R2"), each a different setup."""
    out = [f"unit {a.unit or 'none'} vs {b.unit or 'none'}"] if a.unit != b.unit else []
    ca, cb = dict(a.config), dict(b.config)
    for k in sorted(set(ca) | set(cb)):
        if k in ca and k in cb:
            if ca[k] != cb[k]:
                out.append(f"{k} {ca[k]} vs {cb[k]}")
        elif k in ca:
            out.append(f"{k}={ca[k]} stated only in {old_rev or 'the old side'}")
        else:
            out.append(f"{k}={cb[k]} stated only in {new_rev or 'the new side'}")
    return "; ".join(out) or "different key"


def n_setup_differences(a: Key, b: Key) -> int:
    """How many setup keys two keys of one metric state differently or on one side only (and the unit)."""
    ca, cb = dict(a.config), dict(b.config)
    return (a.unit != b.unit) + sum(1 for k in set(ca) | set(cb) if ca.get(k) != cb.get(k))


def restated(a: Key, b: Key) -> bool:
    """Whether b may be a's series stated again with one setting changed ("FP8 KV con64" rerun as "NVFP4 KV con64"),
    where the text's other series of the metric kept their setups: one key differs, and not the model. A series of
    another model (a release page's table replaced by another model's), or one differing in two keys, is another
    series: the old one is missing, the new one new."""
    ma, mb = dict(a.config).get("model"), dict(b.config).get("model")
    return ma == mb and n_setup_differences(a, b) == 1
