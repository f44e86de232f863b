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
