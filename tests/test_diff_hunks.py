"""A pasted diff's added text is read as the text it adds (reader.diff_hunks; formats.lm_eval's "+|" rows)."""

from __future__ import annotations

from ledger.parsers import extract

_HEAD = "|Tasks|Version|Filter|n-shot|Metric| |Value| |Stderr|\n|---|---:|---|---:|---|---|---:|---|---:|\n"


def test_the_added_rows_are_the_results_and_the_removed_ones_none() -> None:
    text = (
        "```diff\n+#### acme/Wren-9B (bf16)\n"
        + "".join(f"+{line}\n" for line in _HEAD.splitlines())
        + "-|gsm8k|3|strict-match|5|exact_match|↑|0.7010|±|0.0126|\n"
        + "+|gsm8k|3|strict-match|5|exact_match|↑|0.7102|±|0.0125|\n```\n"
    )
    claims = extract(text).claims
    assert [c.value for c in claims] == [0.7102]
    assert claims[0].config["model"] == "acme/Wren-9B" and claims[0].config["quant"] == "bf16"


def test_a_removed_heading_sets_up_nothing() -> None:
    text = "```diff\n-#### acme/Old-3B\n" + _HEAD + "|gsm8k|3|strict-match|5|exact_match|↑|0.5500|±|0.0137|\n```\n"
    assert "model" not in extract(text).claims[0].config
