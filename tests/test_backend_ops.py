"""An operator timed at its shape (test-backend-ops' rows) is no model's result: the model a page's end-to-end table
names, and its weights' type, reach none of its claims (vocab.backend_ops)."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract
from ledger.vocab.backend_ops import names_backend_op


def test_an_op_at_its_shape_is_named_so() -> None:
    assert names_backend_op("MUL_MAT(type_a=q8_0,type_b=f32,m=4096,n=512,k=4096)")
    assert names_backend_op("FLASH_ATTN_EXT(hsk=128,hsv=128,nh=32)")
    for name in ("Mean TTFT (ms)", "GSM8K (5-shot)", "TP(8) throughput", "t/s pp512"):
        assert not names_backend_op(name), name


def test_the_model_table_above_reaches_no_op_row() -> None:
    path = Path(__file__).parent / "fixtures" / "setup" / "op_rows_take_no_model.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    ops = [c for c in claims if (c.metric or "").startswith("MUL_MAT(")]
    assert len(ops) == 2 and all("model" not in c.config for c in ops)
    assert all(c.config.get("quant") == "q4_0" for c in ops)  # (the op's own type_a)
    bench = next(c for c in claims if c.metric == "t/s tg128")
    assert bench.config["model"] == "mistral 7B Q4_0"


def _fixture(*parts: str) -> list:
    path = Path(__file__).parent.joinpath("fixtures", *parts)
    return extract(path.read_text(encoding="utf-8"), path=path.name).claims


def test_current_op_lines_each_claimed_with_their_shape_and_label() -> None:
    """test-backend-ops' current lines ("...,per=[0,1,2,3],k_v=0,o=1):", a FLASH_ATTN_EXT's 150 characters of
    parameters) are read whatever their length; the op's parameters are its config, and a "CUDA (RTX 4060 Ti)" label
    over a paste is its backend and device. The run and work counters ("18400 runs", "MFLOP/run") are no claims."""
    claims = _fixture("console", "backend_op_labels.md")
    assert [(c.source.line, c.value, c.unit) for c in claims] == [
        (7, 54.3, "us/run"),
        (7, 1.66, "TFLOPS"),
        (8, 118.75, "us/run"),
        (8, 3.04, "TFLOPS"),
        (13, 412.6, "us/run"),
        (13, 325.93, "GFLOPS"),
    ]
    first, wide, attn = claims[0], claims[2], claims[4]
    assert first.config["backend"] == "CUDA" and first.config["gpu"] == "RTX 4060 TI"
    assert (first.config["dim_n"], wide.config["dim_n"], first.config["quant"]) == ("1", "4", "iq3_s")
    assert attn.config["backend"] == "Vulkan" and attn.config["gpu"] == "B580"
    assert attn.config["kv"] == "8192" and attn.config["permute"] == "[0,2,1,3]"


def test_op_parameter_cells_with_lists_tell_rows_apart() -> None:
    """An "Op parameters" cell holding bracketed lists ("bs=[1,1],per=[0,1,2,3]") is read as the row's settings, so
    two shapes' rows differ in their config; the title's "for RDNA3" is the family they ran on."""
    claims = [c for c in _fixture("tables", "op_parameter_lists.md") if c.kind == "perf"]
    assert len(claims) == 4
    assert claims[0].config["dim_n"] == "3" and claims[0].config["bs"] == "[1,1]"
    assert claims[0].config != claims[2].config
    assert all(c.config["gpu"] == "RDNA3" for c in claims)


def test_a_backend_label_names_a_device_only_in_its_brackets() -> None:
    """ "CUDA (5060 Ti)" is a backend and its device; "CUDA (this PR)" names a side, "Fast path (B580)" no backend."""
    from ledger.vocab.llama_tools import backend_label

    assert backend_label("CUDA", "5060 Ti") == {"backend": "CUDA", "gpu": "RTX 5060 Ti"}
    assert backend_label("ROCm", "780m") == {"backend": "ROCm", "gpu": "780m"}
    assert backend_label("CPU", "Ryzen 9 7950X") == {"backend": "CPU", "cpu": "ryzen 9 7950x"}
    for name, inner in (("CUDA", "this PR"), ("Vulkan", "master"), ("Fast path", "B580"), ("Metal", "")):
        assert backend_label(name, inner) is None, (name, inner)
