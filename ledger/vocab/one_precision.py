"""One precision, two spellings: a generic family word ("fp4") where the text states exactly one specific member of
that family ("NVFP4 checkpoints", `nvidia/Qwen3-30B-A3B-NVFP4`) is that member. A side label that says "cutlass fp4
moe" and a checkpoint that says NVFP4 describe one run's precision, and compare must not refuse the pair for the
spelling ("not comparable: quant fp4 vs nvfp4"). Where two members are stated (an MXFP4 run beside an NVFP4 one) the
bare word names neither, and is left as printed. The parsers ask this of a document's claims and setup, compare of
the claims it is given, both through the canonical table's family relation (`canonical.precision_family`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ledger.model import Claim
from ledger.vocab.canonical import DTYPE_KEYS, canonical_dtype, canonical_model, model_parts, precision_family
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_keys import canonical_key_name


def _precisions(pairs: Iterable[tuple[str, str]]) -> Iterator[tuple[str, str, str]]:
    """The (precision key, canonical precision, checkpoint) triples a setup's entries state: its precision keys
    (checkpoint ""), and the precision its model's name spells ("...-NVFP4" is an NVFP4 checkpoint, named)."""
    for key, value in pairs:
        k = canonical_key_name(key)
        if k in DTYPE_KEYS:
            yield k, canonical_dtype(value), ""
        elif k == "model" and (q := qualifiers(value[:200]).get("quant")):
            yield "quant", canonical_dtype(q), model_parts(value)


def _checkpoints(pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], set[str]]:
    """(precision key, generic family) -> the checkpoints whose names alone state its member: a model list naming
    "nvidia/X-NVFP4" beside "Y" says what X's "FP4" is, never Y's (whose weights may be MXFP4). A family a precision
    setting states is absent: that member is the page's."""
    named: dict[tuple[str, str], set[str]] = {}
    by_setting: set[tuple[str, str]] = set()
    for key, value, checkpoint in _precisions(pairs):
        if (family := precision_family(value)) is not None:
            if checkpoint:
                named.setdefault((key, family), set()).add(checkpoint)
            else:
                by_setting.add((key, family))
    return {kf: names for kf, names in named.items() if kf not in by_setting}


def _of_model(model: str, checkpoints: set[str]) -> bool:
    """The claim's model is one a checkpoint names: each part of its name is one of the checkpoint's ("Llama 4
    Maverick" and "nvidia/Llama-4-Maverick-17B-NVFP4"), its family and version apart or joined ("Llama4 Maverick");
    no model stated is the page's model."""
    if not model:
        return True
    parts = set(model_parts(model).split("-"))
    joined = set(canonical_model(model).split("-"))
    return any(parts <= set(c.split("-")) or joined <= set(canonical_model(c).split("-")) for c in checkpoints)


def stated_members(pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """(precision key, generic family) -> the one specific member of that family the entries state, for each
    family of which they state exactly one."""
    seen: dict[tuple[str, str], set[str]] = {}
    for key, value, _ in _precisions(pairs):
        if (family := precision_family(value)) is not None:
            seen.setdefault((key, family), set()).add(value)
    return {kf: next(iter(vs)) for kf, vs in seen.items() if len(vs) == 1}


def as_stated_member(claims: list[Claim], stated: Iterable[tuple[str, str]] = ()) -> list[Claim]:
    """The claims, a generic precision in each config read as the one member of its family that they (or the
    entries `stated`, a document's setup) state; claims and configs without one are returned as they were."""
    # (each distinct entry once: a document's claims repeat their scopes' few entries, 8,537 of them over the corpus)
    pairs = [*stated, *{p for c in claims if c.config for p in c.config.items()}]
    members = stated_members(pairs)
    if not members:
        return claims
    named = _checkpoints(pairs)
    out: list[Claim] = []
    for c in claims:
        model = next((v for k, v in (c.config or {}).items() if canonical_key_name(k) == "model"), "")
        update = {
            k: member
            for k, v in (c.config or {}).items()
            if (ck := canonical_key_name(k)) in DTYPE_KEYS
            and (member := members.get(kf := (ck, canonical_dtype(v))))
            and (kf not in named or _of_model(model, named[kf]))
        }
        out.append(c.model_copy(update={"config": {**c.config, **update}}) if update else c)
    return out
