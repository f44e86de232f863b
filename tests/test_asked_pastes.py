"""A paste a question asks about sets up no result stated before it (grammar.asked_pastes, vocab.presupposed)."""

from __future__ import annotations

import pytest

from ledger.vocab.presupposed import asks_about


@pytest.mark.parametrize(
    ("lead_in", "want"),
    [
        ("Seperate question: Why is", True),
        ("Unrelated question: why does this command give another number?", True),
        ("Why is this slower on my box", True),
        ("Reproduce with:", False),
        ("Ran on 500 questions:", False),  # (a data set's items: nothing asked)
        ("The question set has 1319 items; command:", False),
        ("", False),
    ],
)
def test_asks_about(lead_in: str, want: bool) -> None:
    assert asks_about(lead_in) == want


def test_hostile_lead_in_is_linear() -> None:
    assert asks_about("question " * 20000 + "x") is False
