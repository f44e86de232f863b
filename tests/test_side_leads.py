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


def test_numbered_arms_with_a_note_or_a_results_noun_after_their_name_are_sides() -> None:
    text = (
        "# Port decoding to the fused kernel\n\n1. original kernel, results:\n\n```\nRequest throughput (req/s): 4.20\n"
        "Mean TTFT (ms): 120.5\n```\n\n2. fused kernel (this PR), results:\n\n```\nRequest throughput (req/s): 4.85\n"
        "Mean TTFT (ms): 101.0\n```\n"
    )
    assert _sides(text) == [
        ("Request throughput (req/s)", 4.20, "original kernel", None),
        ("Mean TTFT (ms)", 120.5, "original kernel", None),
        ("Request throughput (req/s)", 4.85, "fused kernel (this PR)", 4.20),
        ("Mean TTFT (ms)", 101.0, "fused kernel (this PR)", 120.5),
    ]


def test_a_numbered_side_lead_in_bold_is_the_side_of_its_paste() -> None:
    text = "**1. previous allocator, numbers:**\n```\nMean TTFT (ms): 88.0\nP99 ITL (ms): 14.2\n```\n"
    assert [s[2] for s in _sides(text)] == ["previous allocator", "previous allocator"]


def test_labelled_bullets_with_a_value_in_a_code_span_are_read_and_the_base_arm_is_the_reference() -> None:
    text = (
        "Serving throughput, 200 prompts at concurrency 32 on one L40S:\n\n"
        "- Legacy threaded server: `11.4` req/s\n- Asyncio server (this PR): `13.9` req/s (both with warm caches)\n"
    )
    claims = [c for c in extract(text, path="t.md").claims if c.value is not None]
    assert [(c.value, c.unit, c.reference) for c in claims] == [(13.9, "req/s", 11.4)]
    assert claims[0].config.get("concurrency") == "32"


def test_a_number_in_a_code_span_keeps_the_unit_after_the_span() -> None:
    claims = extract("- decode rate: `412.0` tok/s\n- first token: `38.5` ms\n", path="t.md").claims
    assert [(c.value, c.unit) for c in claims if c.value is not None] == [(412.0, "tok/s"), (38.5, "ms")]
