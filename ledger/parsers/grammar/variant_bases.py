"""A heading's table of the variant the text compares the PR's with is the PR's baseline:

    Speed is on par with `Q5_0`.        <- the text names the variant the new one is measured against
    ### Q5_0                            <- a table under no side label, under the variant's heading
    | PP | TG | N_KV | S_PP t/s |
    ### Q5_X (PR)                       <- the candidate side, named by its heading
    | PP | TG | N_KV | S_PP t/s |       <- each row: the Q5_0 row of the same settings is its reference

The unlabelled heading alone says nothing (another arm, the PR at another setting: compare.unnamed_sides); named by
the text in a comparison ("than `IQ1_M`", "vs Q4_0", "compared to IQ1_M"), it is the base. The rows pair on
everything but the setup keys that tell the two headings apart (the quant: iq1_m against iq1_m_r4), and only where
each candidate row finds exactly one."""

from __future__ import annotations

import re
from collections.abc import Hashable

from ledger.model import Claim
from ledger.parsers.reader.document import Document
from ledger.vocab.sides import side_of

# "than `IQ1_M`", "on par with IQ1_M", "compared to Q4_0", "vs. Q8_0": the words before a variant's name that make
# it what the text measures against (the name one token: a variant's, "IQ1_M", "Q4_0_R8", "v0.4.2")
_AGAINST_RE = re.compile(
    r"\b(?:than|with|to|vs\.?|versus|against|over)\s{1,3}[`*_]{0,2}(?P<name>[\w.-]{1,40}?)[`*_]{0,2}(?![\w-])",
    re.IGNORECASE,
)


def _compared(doc: Document) -> frozenset[str]:
    """The names the document's prose compares something with, lower case (one pass over its text)."""
    return frozenset(
        m.group("name").lower().rstrip(".")
        for b in doc.blocks
        if b.kind in ("text", "item") and not b.in_code
        for m in _AGAINST_RE.finditer(b.text[:2000])
    )


def _heading(c: Claim) -> str:
    section = c.source.section if c.source else []
    return section[-1].strip(" `*_") if section else ""


def _measured(c: Claim) -> bool:
    return c.kind in ("perf", "accuracy", "acceptance") and isinstance(c.value, float) and c.high is None


def variant_bases(doc: Document, claims: list[Claim], taken: set[int]) -> dict[int, float]:
    """Each candidate value's reference (by the claim's id) in the table of the variant its text compares it with."""
    cands = [
        c
        for c in claims
        if c.revision is not None
        and side_of(c.revision.label or "") == "head"
        and c.reference is None
        and id(c) not in taken
        and _measured(c)
    ]
    if not cands:
        return {}
    unlabelled: dict[str, list[Claim]] = {}
    for c in claims:
        if c.revision is None and _measured(c) and (name := _heading(c)):
            unlabelled.setdefault(name, []).append(c)
    compared = _compared(doc)
    bases = [name for name in unlabelled if name.lower() in compared]
    if len(bases) != 1:
        return {}
    base = unlabelled[bases[0]]
    apart = _telling_apart(base, cands)
    if not apart:
        return {}  # (the same setup on both sides: no variant tells them apart, the heading names no baseline)
    refs: dict[Hashable, list[Claim]] = {}
    for b in base:
        refs.setdefault(_key(b, apart), []).append(b)
    out: dict[int, float] = {}
    for c in cands:
        found = refs.get(_key(c, apart), [])
        if len(found) == 1 and isinstance(found[0].value, float):
            out[id(c)] = found[0].value
    return out


def _telling_apart(base: list[Claim], cands: list[Claim]) -> frozenset[str]:
    """The setup keys that hold one value on each side and a different one (the quant each heading names)."""

    def values(cs: list[Claim], k: str) -> set[str]:
        return {str(c.config.get(k, "")) for c in cs}

    keys = {k for c in base + cands for k in c.config}
    return frozenset(
        k for k in keys if len(vb := values(base, k)) == 1 and len(vc := values(cands, k)) == 1 and vb != vc
    )


def _key(c: Claim, apart: frozenset[str]) -> Hashable:
    setup = tuple(sorted((str(k), str(v)) for k, v in c.config.items() if k not in apart))
    return (c.kind, c.metric, (c.unit or "").lower(), setup)
