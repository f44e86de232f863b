"""A "Model / Quant" corner's row labels: the heading's model in a scheme or a method, never a model or a metric's
part (reader353 causes 3 and 4)."""

from __future__ import annotations

import pytest

from ledger.parsers.grammar.corner_settings import scheme_setting, setting_value


@pytest.mark.parametrize(
    ("header", "cell", "want"),
    [
        ("Model / Quant", "q2ks", {"quant": "q2_k_s"}),
        ("Model/Quant", "**BF16**", {"quant": "bf16"}),
        ("Model / Quant", "opt-rtn (3bit)", {"quant": "rtn", "bits": "3"}),
        ("Scheme", "q4_k_m", {"quant": "q4_k_m"}),
        ("Model / Quant", "Llama-3.1-8B", {"model": "Llama-3.1-8B"}),  # a model stays the model
        ("Model", "Llama-3.1-8B", {"model": "Llama-3.1-8B"}),
    ],
)
def test_a_corner_naming_the_quant_reads_a_scheme_row(header: str, cell: str, want: dict[str, str]) -> None:
    assert setting_value(header, cell) == want


def test_a_model_cell_is_no_scheme() -> None:
    assert scheme_setting("Qwen3-8B") is None
    assert scheme_setting("original") is None
    assert scheme_setting("Baz-MoE Q8_0") is None  # (a model the vocabulary does not know, in a scheme)
