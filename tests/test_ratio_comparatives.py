"""A ratio whose measure is named right before it and its comparative right after ("P99 TTFT 1.61× lower (7.36 s vs
11.82 s)"): the ratio is that measure's, and so is the pair in brackets after it (prose.ratio_names,
prose.sibling_units); no measure is called "lower"."""

from __future__ import annotations

from ledger.parsers import extract


def test_a_ratio_with_its_comparative_keeps_the_measure_named_before_it_and_so_does_its_pair() -> None:
    got = [(c.metric, c.value, c.reference) for c in extract("- P99 TTFT 1.61× lower (7.36 s vs 11.82 s).\n").claims]
    assert got == [("P99 TTFT", 1.61, None), ("P99 TTFT", 7.36, 11.82)]
    got2 = [
        (c.metric, c.value, c.reference)
        for c in extract("- Total throughput 1.07x higher (10,468 vs 9,761 tok/s).\n").claims
    ]
    assert got2 == [("Total throughput", 1.07, None), ("Total throughput", 10468.0, 9761.0)]


def test_a_change_named_by_its_noun_alone_stays_the_nouns() -> None:
    got = [(c.metric, c.value) for c in extract("Decode: 13406 -> 13709 tok/s (2.2% speedup).\n").claims]
    assert ("speedup", 2.2) in got
