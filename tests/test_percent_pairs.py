"""Two percentages packed with a bare slash ("roughly 11%/19% for keys and values"): the second is a value of its
own (grammar.packed_values), not glued to the first; a number after "%/" that is no percentage stays glued."""

from __future__ import annotations

from ledger.parsers.grammar.packed_values import in_value_list


def test_a_percentage_after_a_percent_slash_is_the_next_member() -> None:
    text = "trims the memory read by roughly 11%/19% for keys and values"
    assert in_value_list(text, text.index("19%"))


def test_a_bare_number_after_a_percent_slash_is_no_member() -> None:
    text = "the 50%/50 split of the pool"
    assert not in_value_list(text, text.index("50 split"))
