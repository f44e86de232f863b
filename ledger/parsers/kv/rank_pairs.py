"""A line of "rank: value" pairs ("Per-GPU step time: GPU0: 81.2 ms, GPU1: 79.9 ms, GPU2: 80.4 ms"): each value is
its rank's (config `rank`, as prose.rank_lists gives a sentence's), and the measure is the one the line names once
before its first rank ("Per-GPU step time"), else the one its unit names, never the rank's label ("GPU0")."""

from __future__ import annotations

from ledger.model import Claim
from ledger.vocab.rank_words import ONE_RANK_RE
from ledger.vocab.units import measure_of_unit

_MARKS = " :,;-*`_"


def rank_pairs(claims: list[Claim], text: str) -> list[Claim]:
    """Give each claim of the line labelled by a rank alone its rank and the line's measure, where two or more ranks
    of distinct numbers, in one unit, are listed (one "GPU0: 81.2 ms" alone may be any label's); the claims back."""
    if len(claims) < 2 or ONE_RANK_RE.search(text[:2000]) is None:
        return claims
    ranked = [(c, m) for c in claims if c.metric and (m := ONE_RANK_RE.fullmatch(c.metric.strip(_MARKS)))]
    numbers = {"".join(ch for ch in m.group(0) if ch.isdigit()) for _, m in ranked}
    if len(ranked) < 2 or len(numbers) < len(ranked) or len({c.unit for c, _ in ranked}) > 1:
        return claims
    first = ONE_RANK_RE.search(text[:2000])
    lead = text[: first.start()].strip(_MARKS) if first is not None else ""
    measure = lead if lead and not any(ch.isdigit() for ch in lead) else measure_of_unit(ranked[0][0].unit)
    for c, m in ranked:
        c.config["rank"] = "".join(ch for ch in m.group(0) if ch.isdigit())
        if measure:
            c.metric = measure
    return claims
