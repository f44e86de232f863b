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
