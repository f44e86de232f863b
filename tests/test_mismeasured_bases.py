"""A before -> after pair whose turn says the older figures were measured wrong: the after values are noted
(model.MISMEASURED_NOTE) and compare judges the pair "not comparable", never a regression."""

from __future__ import annotations

from ledger.compare.judge import NOT_COMPARABLE, REGRESSION, judge
from ledger.compare.keys import claim_key
from ledger.compare.noise import NoiseModel
from ledger.model import MISMEASURED_NOTE
from ledger.parsers import extract
from ledger.vocab.mismeasured import MISMEASURED_BASE_RE

_PAIR = "\n\nBefore:\nprefill time: 84.2ms\n\nAfter:\nprefill time: 4.10s\n"


def _claims(lead: str) -> list:  # type: ignore[type-arg]
    return [c for c in extract(f"# t\n\n{lead}{_PAIR}", path="t.md").claims if c.kind == "perf"]


def test_the_after_value_of_a_mismeasured_before_is_noted_and_not_judged() -> None:
    old, new = _claims("The timer missed every chunk but the last, so the previous timings were wrong.")
    assert (new.note or "").startswith(f"{MISMEASURED_NOTE}: the previous timings were wrong")
    assert old.note is None
    assert judge(claim_key(new)[0], old, new, NoiseModel()).verdict == NOT_COMPARABLE


def test_a_slow_old_measure_is_no_faulty_figure() -> None:
    """The old latency being too high is the speed the change improves, not a timer's fault."""
    old, new = _claims("The old latency was far too high for long prompts.")
    assert new.note is None
    assert judge(claim_key(new)[0], old, new, NoiseModel()).verdict == REGRESSION


def test_the_words_name_the_older_side_and_its_figures() -> None:
    assert MISMEASURED_BASE_RE.search("This gave unrealistically high numbers for the old runner.")
    assert MISMEASURED_BASE_RE.search("the before numbers were simply bogus")
    assert not MISMEASURED_BASE_RE.search("the new numbers were wrong at first")
    assert not MISMEASURED_BASE_RE.search("old numbers were high")
    assert not MISMEASURED_BASE_RE.search("old " * 5000 + "numbers were")
