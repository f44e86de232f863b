"""A result per clause: a clause closed by a bare score ends there (the next clause's own setting is its value's);
a sentence continuing the measure before it with "it is" is that measure's value; a clause named by another phase
alone is that phase's measure."""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers import extract
from ledger.parsers.prose.clause_settings import own_clause_start


def _claims(text: str) -> list[Claim]:
    return [c for c in extract(text, path="t.md").claims if c.value is not None]


def test_a_bare_score_closes_its_clause() -> None:
    text = "With TP=2 the gsm8k score is 0.912, and at TP=4 it is 0.905"
    assert text[own_clause_start(text, 0, len(text) - 5) :].startswith("at TP=4")
    # (a version's last part closes nothing: "vLLM v0.6.3, and at TP=4 it ..." keeps the opening's setting)
    version = "With vLLM v0.6.3, and at TP=4 the score is 0.905"
    assert own_clause_start(version, 0, len(version) - 5) == 0


def test_an_opening_setting_still_sets_up_a_clause_without_its_own() -> None:
    text = "Without the cap the score was 0.912, and the run took 0.905"
    assert own_clause_start(text, 0, len(text) - 5) == 0


def test_it_is_in_the_next_sentence_continues_its_measure() -> None:
    a, b = _claims("# E\n\nOn H100 with TP=2 gsm8k is 0.91.\nOn A100 it is 0.89.\n")
    assert (b.metric, b.value, b.config.get("gpu")) == (a.metric, 0.89, "A100")


def test_it_is_before_a_whole_number_is_no_score() -> None:
    got = _claims("# E\n\nOn H100 gsm8k is 0.91.\nThe warmup was raised. It is 8 on the small config.\n")
    assert [c.value for c in got] == [0.91]


def test_a_clause_named_by_another_phase_is_that_phase_s_measure() -> None:
    a, b = _claims("# T\n\nDecode throughput rises 3.0% and prefill by +2.1% on H100.\n")
    assert (a.metric.lower(), b.metric) == ("decode throughput", "prefill throughput")
