"""The batch a serving run took ("BS1", "BS=4", "batch 1", "batch size 8", an A/B's "fixed-B28"): setup words of
vocab.setup's table, apart from it (size rule)."""

from __future__ import annotations

from ledger.vocab.setup_word import SEP
from ledger.vocab.setup_word import make_word as _word

# (a maximum, "Max Runtime Batch Size: 256", is a limit: vocab.setup's _LIMIT_RE; "a batch size of 1", a page's
# notes, stated once for its tables)
BATCH_WORDS = (
    _word(
        "batch_size",
        "batch_size",
        # (not llama.cpp's "--threads-batch 24", the threads of its prompt pass, nor a training "micro-batch",
        # nor a cap: "--cuda-graph-max-bs 512" bounds the batches a server captures, it runs no one batch, nor the
        # list of them, "--cuda-graph-bs 1 2 4 8")
        rf"(?<!threads[_-])(?<!micro[ _-])(?<!global[ _-])(?<!max[_-])(?<!graph[_-])"
        rf"(?:bs|batch(?:[ _-]size)?)(?: of |{SEP})(\d{{1,4}})",
        ("bs", "batch"),
        ("bs", "batch"),
    ),
    # "a fixed-B28 A/B", "a B16 A/B": an A/B run's batch by its letter (never a board's "B200", three digits,
    # nor a model's size "28B", the letter after)
    _word("batch_size", "batch_size", r"fixed[ _-]b(\d{1,4})", ("fixed",), ("fixed",)),
    _word("batch_size", "batch_size", r"(?<!fixed[ _-])b(\d{1,2})(?= a/b(?![a-z0-9]))", ("a/b",), ("b",)),
)
