"""A model named by its size alone ("- 7B: 191.0 token/sec") where its turn names one family above it ("| Llama2-7B |
RTX 4090 | ..." in a table, "### Llama2" over the lists): the size is of that family, "Llama2-13B". Two families
named above, or none, leave the size as it is printed: which model it counts is not said.

Where the turn names one model of that very size above it, the size is that model ("- 31B 8-bit: 12.3 / 8.2 =
1.50x" under the rows of "acme/kite-31b-it-8bit" and "acme/kite-26b-a4b-it-4bit"): the lead names a row again,
with its active parameters and bit width where two of one size differ by them ("26B A4B 4-bit"); a name that spells
the width carries it, the claim's precision then says nothing more."""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from ledger.model import Claim
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.reader.blocks import Document
from ledger.vocab.models import parameter_counts

_BARE_SIZE_RE = re.compile(r"\d{1,4}(?:\.\d{1,2})?[BbMm](?:-[Aa]\d{1,3}(?:\.\d{1,2})?[Bb])?")  # ("26B-A4B": active too)
# a bit width a model's name spells ("-8bit", "_4-bit"), for telling two checkpoints of one size apart
_NAME_BITS_RE = re.compile(r"(?<![a-z0-9])(?P<bits>[2-8])[ _-]?bits?(?![a-z0-9])")
# a name's family before the size it prints: "Llama2" of "Llama2-7B", "Llama-2" of "meta-llama/Llama-2-7b-chat-hf"
_FAMILY_RE = re.compile(r"(?P<family>[A-Za-z][\w.]{0,30}(?:-[A-Za-z][\w.]{0,30}|-\d{1,2}(?:\.\d)?){0,2})[-_ ]\d")


def sized_families(doc: Document, claims: list[Claim], scopes: Sequence[SetupScope]) -> list[Claim]:
    """`claims`, each model that is a bare size given as the one family its turn names above it (see the module)."""
    sized = [c for c in claims if _BARE_SIZE_RE.fullmatch(str(c.config.get("model") or ""))]
    if not sized:
        return claims
    starts = [a for a, _ in turn_bounds(doc)]
    named: dict[int, list[tuple[int, str]]] = {}  # each turn's families, by the line that names them
    stated = [(c.source.line, str(c.config.get("model") or "")) for c in claims]
    for line, model in [*stated, *((s.start, s.values.get("model", "")) for s in scopes)]:
        family = _family(model)
        if family is not None:
            named.setdefault(bisect.bisect_right(starts, line), []).append((line, family))
    # (per turn, the families in line order and, after each, the one family named so far or None for two: each
    # claim's answer is found by bisection, so a long turn stays linear)
    held: dict[int, tuple[list[int], list[str | None]]] = {}
    for turn, entries in named.items():
        entries.sort()
        ones: list[str | None] = []
        for _, family in entries:
            was = ones[-1] if ones else family
            ones.append(was if was is not None and was.lower() == family.lower() else None)
        held[turn] = ([line for line, _ in entries], ones)
    names = _sized_names(starts, stated, scopes)
    out: list[Claim] = []
    for c in claims:
        model = str(c.config.get("model") or "")
        turn = bisect.bisect_right(starts, c.source.line)
        lines, ones = held.get(turn, ([], []))
        at = bisect.bisect_left(lines, c.source.line)  # (the families named on lines above the claim's)
        if not _BARE_SIZE_RE.fullmatch(model):
            pass
        elif (full := _one_of_size(names.get(turn, []), c.source.line, model, c.config.get("quant"))) is not None:
            config = {**c.config, "model": full}
            if (bits := _NAME_BITS_RE.search(full.lower())) and f"{bits['bits']}bit" == config.get("quant"):
                del config["quant"]  # ("acme/kite-31b-it-8bit": its name carries its width)
            c = c.model_copy(update={"config": config})
        elif at and (family := ones[at - 1]) is not None:
            c = c.model_copy(update={"config": {**c.config, "model": f"{family}-{model}"}})
        out.append(c)
    return out


def _sized_names(
    starts: list[int], stated: list[tuple[int, str]], scopes: Sequence[SetupScope]
) -> dict[int, list[tuple[int, str]]]:
    """Each turn's models that print a size, (line, name) in line order."""
    out: dict[int, list[tuple[int, str]]] = {}
    for line, model in [*stated, *((s.start, s.values.get("model", "")) for s in scopes)]:
        if model and not _BARE_SIZE_RE.fullmatch(model) and len(model) <= 200 and parameter_counts(model):
            out.setdefault(bisect.bisect_right(starts, line), []).append((line, model))
    for entries in out.values():
        entries.sort()
    return out


def _one_of_size(named: list[tuple[int, str]], line: int, size: str, quant: str | None) -> str | None:
    """The one model named above `line` whose name prints `size` ("31B"; "26B-A4B": both counts) and spells no
    other bit width than `quant` ("8bit"), else None (none, or two: which one is not said)."""
    total, _, active = size.lower().partition("-")
    found: set[str] = set()
    for no, name in named:
        if no >= line:
            break
        low = name.lower()
        if total not in parameter_counts(low) or (
            active and not re.search(rf"(?<![a-z0-9]){re.escape(active)}(?![a-z0-9])", low)
        ):
            continue
        if quant and (bits := _NAME_BITS_RE.search(low)) and f"{bits['bits']}bit" != quant:
            continue
        found.add(name)
    return found.pop() if len(found) == 1 else None


def _family(model: str) -> str | None:
    """The family a sized model's name opens with ("Llama2" of "Llama2-7B"), its last part's alone (not the hub's
    owner); None for a name with no size after its family, or a bare size."""
    name = model.rsplit("/", 1)[-1].strip("`* ")
    if not name or len(name) > 100 or _BARE_SIZE_RE.fullmatch(name):
        return None
    m = _FAMILY_RE.match(name)
    if m is None or not _BARE_SIZE_RE.match(name, m.end() - 1):
        return None
    return m.group("family")
