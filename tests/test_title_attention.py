"""The attention backend a title or a test id names (vocab.backends.title_attention, attention_of_test): the runs'
kernel where one is named, and none where the name is another kernel's or two are set against each other."""

from __future__ import annotations

import pytest

from ledger.vocab.backends import attention_of_test, title_attention
from ledger.vocab.test_ids import test_id_setup as setup_of_test_id


@pytest.mark.parametrize(
    ("title", "want"),
    [
        ("fix b200 fa4 ci", "fa4"),
        ("Fix H100 triton attention CI", "triton"),
        ("[Perf] FlashMLA decode on Hopper", "flashmla"),
        ("Speed up the triton MoE kernel", None),  # (a bare shared name: a MoE's)
        ("Use FA3-style tiling in the fused MoE kernel", None),
        ("Replace flashinfer attention with triton attention", None),  # (two backends: neither is the runs')
        ("Tune triton GEMM configs", None),
        ("Faster fa3a kernels", None),
        ("[CUDA] Split the flash-attn tile for small heads", None),  # (the kernel edited, no backend chosen)
    ],
)
def test_title_attention(title: str, want: str | None) -> None:
    assert title_attention(title) == want


@pytest.mark.parametrize(
    ("name", "params", "want"),
    [
        ("test_mtp", "nvfp4_ws8_80gb-trtllm", "trtllm"),
        ("test_eagle", "fp8_tp4-flashinfer", "flashinfer"),
        ("test_gsm8k_fa4", None, "fa4"),
        ("test_fused_moe", "triton", None),  # (the MoE's backend)
        ("test_eagle", "fp8_tp4-triton_kernels", None),  # (a part's prefix names nothing)
        ("test_mtp", "flashinfer-trtllm", None),
    ],
)
def test_test_attention(name: str, params: str | None, want: str | None) -> None:
    assert attention_of_test(name, params) == want


def test_test_id_setup_keeps_one_backend_over_ids_without_one() -> None:
    text = "Re-run `test_api.py::TestNemotronSuperV3::test_mtp[nvfp4_ws8_80gb-trtllm]` twice"
    assert setup_of_test_id(text)["attention"] == "trtllm"
