"""Values listed rank by rank (prose.rank_lists, kv.rank_pairs): each value its rank's (`rank`, a soft key compare
reads as the variant), the first one kept, the measure named once for all; one rank alone is no list."""

from __future__ import annotations

from ledger.compare.keys import claim_key
from ledger.parsers import extract


def _got(text: str) -> list[tuple[float, str | None, str | None]]:
    claims = extract(text, path="t.md").claims
    return [(float(c.value), c.metric, c.config.get("rank")) for c in claims if isinstance(c.value, float)]


def test_a_sentences_ranks_keep_every_value_and_the_verb_names_the_wait() -> None:
    got = _got("After the change, rank 0 waited about 380 seconds, rank 1 about 240 seconds and rank 2 about 236 s.\n")
    assert got == [(380.0, "wait time", "0"), (240.0, "wait time", "1"), (236.0, "wait time", "2")]


def test_a_lines_rank_pairs_take_the_measure_its_lead_names() -> None:
    got = _got("Per-GPU decode step: GPU0: 12.4 ms, GPU1: 12.9 ms\n")
    assert got == [(12.4, "Per-GPU decode step", "0"), (12.9, "Per-GPU decode step", "1")]


def test_a_pause_someone_set_stays_no_claim_and_one_rank_is_no_list() -> None:
    assert _got("The harness waited for 30 seconds before the first request.\n") == []
    assert all(rank is None for _, _, rank in _got("Rank 0 took 412 s to load the weights.\n"))


def test_ranks_are_told_apart_as_variants_never_as_setups() -> None:
    claims = extract("rank 0 waited about 380 seconds, rank 1 about 240 seconds.\n", path="t.md").claims
    keys = [claim_key(c) for c in claims]
    assert len({k for k, _ in keys}) == 1 and [v for _, v in keys] == ["rank 0", "rank 1"]
