"""One model, named two ways across the texts compared: by a checkpoint's path in one ("--model_path
org/vicuna-7b-v1.5-awq-gemv") and by its name in another ("Vicuna 7B", a heading or a table's row). The path holds
the name's family and size whole, and the rest of it spells the checkpoint's release, its precision and its kernel,
each a setting of its own. Where no one text names both, they are one model, read under the name; "llama2-7b" is
held by no "llama2-70b" (the size ends where the name does) nor by a "codellama2-7b" (the family starts where it
does)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.model import Claim
from ledger.vocab.canonical import canonical_items
from ledger.vocab.claim_setup import read_setup
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_keys import canonical_key_name

_SIZED_RE = re.compile(r"\d(?:\.\d{1,2})?b(?![a-z0-9])")
"""A canonical name that states a parameter count ("vicuna7b", "llama2-7b", "mixtral8x7b"): a family and its size."""


def _canonical(name: str) -> str:
    items = canonical_items("model", name)
    return items[0][1] if items else ""


def holds(long: str, short: str) -> bool:
    """The canonical model `long` holds `short`, a sized name, whole: at a boundary on each side."""
    if len(short) >= len(long) or not _SIZED_RE.search(short):
        return False
    at = long.find(short)
    while at >= 0:
        end = at + len(short)
        if _edge(long, at - 1, at) and _edge(long, end, end - 1):
            return True
        at = long.find(short, at + 1)
    return False


def _edge(long: str, outer: int, inner: int) -> bool:
    """Whether `long[outer]`, just outside a held name whose edge is `long[inner]`, is a boundary: the string's end
    or a mark, but no decimal point between two digits ("mixtral46.7b" holds no "7b": 46.7B is one count)."""
    if outer < 0 or outer >= len(long):
        return True
    beyond = long[2 * outer - inner] if 0 <= 2 * outer - inner < len(long) else ""
    decimal = long[outer] == "." and long[inner].isdigit() and beyond.isdigit()
    return not long[outer].isalnum() and not decimal


def _models(claims: Sequence[Claim]) -> dict[str, str]:
    """Each canonical model the claims name -> its first spelling."""
    out: dict[str, str] = {}
    for c in claims:
        for k, v in (c.config or {}).items():
            if canonical_key_name(k) == "model" and isinstance(v, str) and (canon := _canonical(v)):
                out.setdefault(canon, v)
    return out


def _setups(claims: Sequence[Claim]) -> dict[str, set[tuple[str, tuple[tuple[str, str], ...]]]]:
    """Each canonical model the claims name -> the setups (the metric and every other key) it is measured under."""
    out: dict[str, set[tuple[str, tuple[tuple[str, str], ...]]]] = {}
    for c in claims:
        setup = read_setup(c.kind, c.metric, tuple((c.config or {}).items()))
        rest = tuple((k, v) for k, v in setup.config if k != "model")
        if model := dict(setup.config).get("model"):
            out.setdefault(model, set()).add((setup.metric, rest))
    return out


def _kept_apart(texts: Sequence[list[Claim]], named: Sequence[dict[str, str]], long: str, short: str) -> bool:
    """A text names both and keeps them two checkpoints: a shorter path beside the longer ("org/vicuna-7b-v1.5-awq"
    by "...-awq-gemv"), or the bare name measured under a setup the path is measured under too (a chat checkpoint
    beside its base model). A text whose heading names the model over one block and whose command names the
    checkpoint's path over the next (a kernel apiece) spells one model twice."""
    bare = (m := _SIZED_RE.search(short)) is not None and m.end() == len(short)
    for cl, models in zip(texts, named, strict=True):
        if long in models and short in models:
            if not bare:
                return True
            setups = _setups(cl)
            if setups.get(long, set()) & setups.get(short, set()):
                return True
    return False


def as_named_model(texts: Sequence[list[Claim]]) -> list[list[Claim]]:
    """The claims of each text, a model named by a longer spelling (a checkpoint's path) read as the one sized name it
    holds that another text names, where no text measures both under one setup and the path holds no other named
    model; the precision the path spelled stays the claim's where it states none."""
    named = [_models(cl) for cl in texts]
    spellings: dict[str, str] = {}
    for models in named:
        for canon, raw in models.items():
            spellings.setdefault(canon, raw)
    if len(spellings) < 2:
        return list(texts)
    renamed: dict[str, str] = {}
    for long in spellings:
        held = [s for s in spellings if holds(long, s) and not _kept_apart(texts, named, long, s)]
        if len(held) == 1:
            renamed[long] = held[0]
    if not renamed:
        return list(texts)
    return [[_renamed(c, renamed, spellings) for c in cl] for cl in texts]


def _renamed(c: Claim, renamed: dict[str, str], spellings: dict[str, str]) -> Claim:
    update: dict[str, str] = {}
    keys = {canonical_key_name(k) for k in c.config or {}}
    for k, v in (c.config or {}).items():
        if canonical_key_name(k) == "model" and isinstance(v, str) and (short := renamed.get(_canonical(v))):
            update[k] = spellings[short]
            if "quant" not in keys and (quant := qualifiers(v[:200]).get("quant")):
                update["quant"] = quant
    return c.model_copy(update={"config": {**c.config, **update}}) if update else c
