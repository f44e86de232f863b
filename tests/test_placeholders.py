"""A placeholder lead-in ("with `<dtype>="fp8"`:") names the setting its command gives the placeholder."""

from __future__ import annotations

from ledger.parsers.reader.placeholders import named_placeholders, placeholder_keys


def test_flag_and_json_key_bind_one_placeholder() -> None:
    keys = placeholder_keys(
        [
            "`serve --kv-cache-dtype=<dt> --tp 2`",
            """`lm_eval --model_args '{"kv_cache_dtype": <dt>}'`""",
        ]
    )
    assert keys == {"dt": "kv_cache_dtype"}
    assert named_placeholders('with `<dt>="fp8"`:', keys) == 'with `kv_cache_dtype="fp8"`:'


def test_placeholder_two_settings_take_stands_for_neither() -> None:
    keys = placeholder_keys(["`run --model <m> --quantization <m>`"])
    assert keys == {}


def test_unbound_placeholder_is_left() -> None:
    assert named_placeholders('with `<x>="fp8"`:', {"dt": "kv_cache_dtype"}) == 'with `<x>="fp8"`:'


def test_lead_in_opening_a_result_line_is_that_line_s_setting() -> None:
    from ledger.parsers.grammar.heading_setup import opening_lead_settings

    line = 'with `kv_cache_dtype="auto"`:  `Throughput: 6.85 requests/s`'
    assert opening_lead_settings(line) == {"kv_cache_dtype": "auto"}
    assert opening_lead_settings('with `kv_cache_dtype="auto"`:') == {}  # (a lead-in over a block: its block's)
    assert opening_lead_settings("With the new kernel: 6.85 requests/s") == {}  # (no setting in the lead-in)
    assert opening_lead_settings("TTFT p50=81 ms: slower than main by 2 ms") == {}  # (a result, no setting)


def test_placeholder_flag_sets_no_dtype() -> None:
    from ledger.parsers.grammar.commands import command_setup

    got = command_setup("vllm bench throughput --model=org/M-7B --kv-cache-dtype=<kvdt>")
    assert got == {"model": "org/M-7B"}
