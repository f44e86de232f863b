"""A baseline item among its siblings: the list's other items are measured against it.

    * baseline: wikitext 7.55, winogrande 0.743      <- no claims of its own: the references below
    * mxfp8: wikitext 7.61, winogrande 0.729         <- winogrande 0.729 with reference 0.743
    * nvfp4: wikitext 8.44, winogrande 0.718

The baseline item is one whose lead label names the base side ("baseline:", "main:", "bf16 (baseline):"). Its
siblings are the items next to it at its level, up to the first block that is not one. A value of a sibling takes
the baseline's value of the same metric and kind as its reference; the baseline's values that serve so are no
claims of their own (a value paired with its baseline is one claim).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ledger.model import Claim
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.sides import side_of

_LEAD_RE = re.compile(r"^\s*[*_`]{0,2}(?P<label>[A-Za-z][\w .()+-]{0,40}?)[*_`]{0,2}\s*:")
MAX_SIBLINGS = 50
"""Items further from the baseline than this are not compared with it."""


def _is_baseline(block: Block) -> bool:
    m = _LEAD_RE.match(block.text)
    return m is not None and len(m.group("label").split()) <= 3 and side_of(m.group("label")) == "base"


def _siblings(doc: Document, k: int) -> list[Block]:
    """The items next to doc.blocks[k] at its level, before and after, up to the first block that is not one."""
    base = doc.blocks[k]
    out: list[Block] = []
    for step in (-1, 1):
        j = k + step
        while 0 <= j < len(doc.blocks) and abs(j - k) <= MAX_SIBLINGS:
            b = doc.blocks[j]
            if b.kind != "item" or b.level != base.level:
                break
            out.append(b)
            j += step
    return out


def _keyed(claims: Iterable[Claim]) -> dict[tuple[str, str | None, int], Claim]:
    """Claims by kind, metric and which occurrence of that metric on the line they are (two values one metric
    names pair in order)."""
    seen: dict[tuple[str, str | None], int] = {}
    out: dict[tuple[str, str | None, int], Claim] = {}
    for c in claims:
        n = seen[(c.kind, c.metric)] = seen.get((c.kind, c.metric), -1) + 1
        out[(c.kind, c.metric, n)] = c
    return out


def baseline_items(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims with each baseline item's values moved into its siblings' references."""
    bases = [k for k, b in enumerate(doc.blocks) if b.kind == "item" and not b.in_code and _is_baseline(b)]
    if not bases:
        return claims
    by_line: dict[int, list[Claim]] = {}
    for c in claims:
        by_line.setdefault(c.source.line, []).append(c)
    dropped: set[int] = set()
    for k in bases:
        base = doc.blocks[k]
        refs = _keyed(c for c in by_line.get(base.start, []) if c.value is not None and c.metric)
        if not refs:
            continue
        used: set[int] = set()
        for sib in _siblings(doc, k):
            if _is_baseline(sib):
                continue
            for key, c in _keyed(by_line.get(sib.start, [])).items():
                ref = refs.get(key)
                if (
                    ref is not None
                    and c.reference is None
                    and isinstance(c.value, float)
                    and isinstance(ref.value, float)
                ):
                    c.reference = ref.value
                    used.add(id(ref))
        dropped |= used
    return [c for c in claims if id(c) not in dropped] if dropped else claims
