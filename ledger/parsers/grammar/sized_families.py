"""A model named by its size alone ("- 7B: 191.0 token/sec") where its turn names one family above it ("| Llama2-7B |
RTX 4090 | ..." in a table, "### Llama2" over the lists): the size is of that family, "Llama2-13B". Two families
named above, or none, leave the size as it is printed: which model it counts is not said."""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from ledger.model import Claim
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.reader.blocks import Document

_BARE_SIZE_RE = re.compile(r"\d{1,4}(?:\.\d{1,2})?[BbMm]")
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
    out: list[Claim] = []
    for c in claims:
        model = str(c.config.get("model") or "")
        lines, ones = held.get(bisect.bisect_right(starts, c.source.line), ([], []))
        at = bisect.bisect_left(lines, c.source.line)  # (the families named on lines above the claim's)
        if at and _BARE_SIZE_RE.fullmatch(model) and (family := ones[at - 1]) is not None:
            c = c.model_copy(update={"config": {**c.config, "model": f"{family}-{model}"}})
        out.append(c)
    return out


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
