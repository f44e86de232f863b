"""A kernel named in a run label's parenthesis ("H100 (for marlin):") is that run's kernel; the same aside in a
sentence ("on B200 and H100 (for marlin)") is one board's, and reaches no other run."""

from __future__ import annotations

from pathlib import Path

from ledger.ingest.extracting import extract_file
from ledger.vocab.matmul_kernels import kernel_aside

FIXTURE = Path(__file__).parent / "fixtures" / "setup" / "kernel_aside_on_gpu_label.md"


def test_kernel_aside_words() -> None:
    assert kernel_aside("for marlin") == {"kernel": "marlin"}
    assert kernel_aside("Marlin path") == {"kernel": "marlin"}
    assert kernel_aside("via the Machete kernel") == {"kernel": "machete"}
    assert kernel_aside("faster than marlin") == {}
    assert kernel_aside("TP=2") == {}


def test_only_the_labelled_run_takes_the_kernel() -> None:
    claims = [c for c in extract_file(FIXTURE).claims if c.kind == "accuracy"]
    assert [(c.config.get("gpu"), c.config.get("kernel")) for c in claims] == [("B200", None), ("H100", "marlin")]
