"""A share named by the bad outcome after it ("64% invalid") is its own measure, never the score before it."""

from __future__ import annotations

from ledger.parsers import extract


def test_a_share_of_invalid_answers_is_no_score_of_the_benchmark() -> None:
    text = (
        "Qwen3-8B on 1x A10G, MMLU (200Q): **0.120 / 55% invalid** before → **0.701 / 2% invalid** after the fix.\n\n"
        "- Accuracy: 0.702 (threshold 0.65), 3% timed out\n"
    )
    got = [(c.metric, c.value, c.unit) for c in extract(text, path="t.md").claims if c.unit == "%"]
    assert got == [("invalid", 55.0, "%"), ("invalid", 2.0, "%"), ("timed out", 3.0, "%")]
