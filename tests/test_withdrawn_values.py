"""One value an author takes back by its row and column ("I messed up the `13B Master` number"): the row it names in
the turn it speaks of is withdrawn (model.WITHDRAWN_NOTE, kept and never judged); the same row of another author's
table and the other rows stand."""

from __future__ import annotations

import pytest

from ledger.model import WITHDRAWN_NOTE
from ledger.parsers import extract
from ledger.vocab.not_measured import retracted_value

_THREAD = """acme/engine · pull request #7 · merged · C++
# Faster decode kernel for int4

alice · description · 2025-01-02
Decode time in ms per token on our A10 box:

| Model | Base | This PR |
|--:|--:|--:|
| 1B | 10.0 | 8.0 |
| 3B | 20.0 | 15.0 |

bob · comment · 2025-01-03
| Model | Base | This PR |
|--:|--:|--:|
| 1B | 12.0 | 9.5 |
| 3B | 14.0 | 22.0 |

alice · comment · 2025-01-03
Could the two 3B cells be swapped? Base looks too fast there.

bob · comment · 2025-01-04
Right, I typed the `3B Base` number wrong, my bad.
"""


def test_one_value_taken_back_withdraws_its_row_only() -> None:
    notes = {c.source.line: c.note for c in extract(_THREAD, "t.md").claims}
    assert notes == {9: None, 10: None, 15: None, 16: f"{WITHDRAWN_NOTE} at line 22"}


def test_a_value_named_by_no_row_withdraws_nothing() -> None:
    text = _THREAD.replace("`3B Base` number", "`base` number")  # (no word of a row's label: no guess)
    assert all(c.note is None for c in extract(text, "t.md").claims)


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("Sorry, somehow I messed up the `65B Main` number", "65B Main"),
        ("the 7B PR figure was a typo", "7B PR"),
        ("I got the numbers right this time", None),
        ("we messed up the config. The number is 5", None),
    ],
)
def test_the_words_that_take_one_value_back(line: str, named: str | None) -> None:
    assert retracted_value(line) == named


@pytest.mark.parametrize(
    ("line", "value", "reference"),
    [
        ("Right, I typed the `3B Base` number wrong, it should read 16.5.", 22.0, 16.5),
        ("Oops, the 3B PR figure was a typo; the right number for 3B PR is 13.5", 13.5, 14.0),
    ],
)
def test_a_value_taken_back_with_its_right_value_is_stated_again_on_its_row(
    line: str, value: float, reference: float
) -> None:
    """The correcting line gives the right value: the withdrawn row stands withdrawn, and a claim of its setup holds
    the right value on the side the words name (the base column for "3B Base", the row's own value else)."""
    text = _THREAD.replace("Right, I typed the `3B Base` number wrong, my bad.", line)
    claims = extract(text, "t.md").claims
    (old,) = [c for c in claims if c.source.line == 16]
    (new,) = [c for c in claims if c.source.line == 22]
    assert (old.note or "").startswith(WITHDRAWN_NOTE) and not (new.note or "").startswith(WITHDRAWN_NOTE)
    assert (new.value, new.reference, new.config, new.metric) == (value, reference, old.config, old.metric)


def test_a_right_value_for_a_row_no_words_name_is_no_claim() -> None:
    text = _THREAD.replace("Right, I typed the `3B Base` number wrong, my bad.", "My numbers should be 16.5 now.")
    assert [c.source.line for c in extract(text, "t.md").claims] == [9, 10, 15, 16]
