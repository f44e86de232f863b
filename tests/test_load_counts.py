"""The requests a serving load sent, as a lead-in sets them ("`reqs = 8`", "8 requests at concurrency 1"), are its
num_prompts; a console's count of completed requests and an engine's cap are not."""

from __future__ import annotations

from ledger.parsers.grammar.line_setup import line_setup
from ledger.vocab.setup import qualifiers


def test_a_load_count_set_or_named_with_its_concurrency_is_num_prompts() -> None:
    assert qualifiers("`reqs = 8`, `con = 1`") == {"num_prompts": "8", "concurrency": "1"}
    assert qualifiers("we sent 48 requests at concurrency 6") == {"num_prompts": "48", "concurrency": "6"}
    assert qualifiers("num_requests=250").get("num_prompts") == "250"


def test_a_completed_count_or_a_cap_is_no_load() -> None:
    for text in ("Successful requests: 1000", "max_num_requests=256", "requests=8.5", "1000 requests completed"):
        assert "num_prompts" not in qualifiers(text), text


def test_a_concurrency_printed_to_two_decimals_is_measured_not_set() -> None:
    assert "concurrency" not in line_setup("Concurrency:                             48.00")
    assert line_setup("Max request concurrency:                 16").get("concurrency") == "16"
    assert line_setup("Concurrency: 48").get("concurrency") == "48"
    # a length's average is the length it was set to (trtllm-bench's "Average Input Length (tokens): 1024.0000")
    assert line_setup("Average Input Length (tokens): 1024.0000").get("isl") == "1024"
