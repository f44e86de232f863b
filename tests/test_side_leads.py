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


def test_numbered_arms_over_quoted_results_are_sides_up_to_the_next_arm() -> None:
    text = (
        "Decode check, 4 users:\n\n1. tuned kernel\n> Decode TPUT: 640.5 tok/s\n> mean ITL: 6.2 ms\n\n"
        "2. stock release\n\n> Decode TPUT: 588.0 tok/s\n> mean ITL: 6.9 ms\n"
    )
    assert _sides(text) == [
        ("Decode TPUT", 640.5, "tuned kernel", 588.0),
        ("mean ITL", 6.2, "tuned kernel", 6.9),
        ("Decode TPUT", 588.0, "stock release", None),
        ("mean ITL", 6.9, "stock release", None),
    ]


def test_numbered_points_of_a_description_are_no_arms() -> None:
    text = "1. Adds a flow for the bench.\n> Decode TPUT: 640.5 tok/s\n\n2. Fixes the cache.\n"
    text += "> Decode TPUT: 588.0 tok/s\n"
    assert [s[2] for s in _sides(text)] == [None, None]


def test_a_side_word_opening_a_sentence_shaped_lead_is_the_side_of_its_paste() -> None:
    text = (
        "main, with the plain request body:\n```\nmean TTFT: 52.3 ms\n```\n\n"
        "this PR. With a stop list (forces the masked path):\n```\nmean TTFT: 49.8 ms\n```\n"
    )
    assert _sides(text) == [("mean TTFT", 52.3, "main", None), ("mean TTFT", 49.8, "this PR", 52.3)]
