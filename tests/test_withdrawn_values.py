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
