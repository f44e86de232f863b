"""A cell under a draft-length column that names a drafting method ("ngram" under "draft"): the method the row
drafted with (spec_algo), never a draft length spelled in letters; a count under the same column stays the length."""

from __future__ import annotations

import pytest

from ledger.vocab.drafting_words import draft_method_cell
from ledger.vocab.setup import qualifiers


@pytest.mark.parametrize(
    ("cell", "want"),
    [
        ("ngram", {"spec_algo": "ngram"}),
        ("EAGLE-3", {"spec_algo": "eagle3"}),
        ("4", None),  # a count: the draft length it is
        ("H100", None),  # no method: the column's own reading stands
    ],
)
def test_a_method_under_a_draft_column_is_the_method(cell: str, want: dict[str, str] | None) -> None:
    assert draft_method_cell("draft_len", qualifiers(cell)) == want


def test_only_a_draft_length_column_reads_a_method_so() -> None:
    assert draft_method_cell("model", qualifiers("ngram")) is None
