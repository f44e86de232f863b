"""The runtime backend a results heading names ("### Test 1: PyTorch Backend (ISL=128, OSL=128)") and a settings
table's row by its key's own name ("| backend | cpp (TRT) |") reach the results of their scope."""

from __future__ import annotations

from ledger.parsers.grammar.heading_setup import section_heading_setup
from ledger.parsers.tables.settings_tables import settings_rows
from ledger.vocab.backends import runtime_backend
from ledger.vocab.setup_labels import settings_table_values


def test_a_heading_names_the_runtime_its_runs_used() -> None:
    assert runtime_backend("Test 1: PyTorch Backend (ISL=128, OSL=128)") == "pytorch"
    assert runtime_backend("Run 3: TRT Backend") == "trt"
    assert runtime_backend("TensorRT backend") == "tensorrt"
    # a kernel's backend is the attention's or the GEMM's, no runtime; a backend named alone is none
    for title in ("FlashInfer backend", "Backend comparison", "The backend", "pytorchbackend"):
        assert runtime_backend(title) is None, title
    assert section_heading_setup("Run 2: PyTorch Backend (ISL=256, OSL=32)") == {
        "isl": "256",
        "osl": "32",
        "backend": "pytorch",
    }


def test_a_settings_row_names_a_hard_key_by_its_own_name_and_a_bare_gpu_number_is_a_count() -> None:
    rows = [["GPUs / TP", "4 / 4"], ["backend", "cpp (TRT)"], ["benchmarking backend", "`trtllm-bench`"]]
    assert settings_rows(rows) == {"gpu_count": "4", "tp": "4", "backend": "cpp (TRT)"}
    assert settings_table_values([["GPUs", "2"], ["backend", "pytorch"]]) == {"gpu_count": "2", "backend": "pytorch"}
    assert settings_table_values([["GPU", "H100"]]) == {"gpu": "H100"}
