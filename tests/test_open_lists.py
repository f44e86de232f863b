"""A list of quoted values an excerpt cut open ("Scores: ['0.690', '0.712', '0.") is read for its whole items, with a
warning on its line; an unquoted one, whose last item may look whole, is not."""

from __future__ import annotations

from ledger.parsers.grammar.value_lists import list_at
from ledger.parsers.pipeline import extract


def test_the_whole_items_of_a_quoted_list_cut_open_are_read_with_a_warning() -> None:
    text = "```\nRepeat: 3, mean: 0.701\nScores: ['0.690', '0.712', '0.\n"
    got = extract(text, path="cut.md")
    assert sorted(c.value for c in got.claims if c.source.line == 3) == [0.69, 0.712]
    assert any(w.line == 3 and "cut open" in w.message for w in got.warnings)


def test_an_unquoted_or_closed_list_is_as_before() -> None:
    assert list_at("[0.157, 0.165, 0.4", 0) is None  # (its last item may be whole or cut: not read)
    assert [v for v, _, _ in list_at("['0.5', '0.6']", 0) or []] == [0.5, 0.6]
    assert list_at("['0.5', 'x", 0) is None
