"""Side lead lines that carry more than the side's word: a note in either width of bracket ("before（cache on）:"),
a numbered arm over a quoted block ("1. tuned kernel" / "2. stock release"): each is the side of every result under
it up to the next lead, and the base arm's values are the other arm's references."""

from __future__ import annotations

from ledger.parsers import extract


def _sides(text: str) -> list[tuple[str, float, str | None, float | None]]:
    return [
        (c.metric, c.value, c.revision and c.revision.label, c.reference)
        for c in extract(text, path="t.md").claims
        if c.value is not None
    ]


def test_a_side_word_with_a_full_width_bracketed_note_leads_its_paste() -> None:
    text = (
        "before（paged cache + async load）:\n```\nScore: 0.611\n```\n"
        "after （paged cache + async load + patch）\n```\nScore: 0.874\n```\n"
    )
    assert _sides(text) == [("Score", 0.611, "before", None), ("Score", 0.874, "after", 0.611)]
