"""A checkpoint's file count ("Files" over 11 beside its size) is read for no claim and no setting."""

from __future__ import annotations

from ledger.parsers.pipeline import extract
from ledger.vocab.checkpoint_files import checkpoint_files_column


def test_file_count_columns() -> None:
    assert checkpoint_files_column("Files", ["11", "11"])
    assert checkpoint_files_column("**# shards**", ["2"])
    assert checkpoint_files_column("Safetensors files", ["4", ""])
    assert not checkpoint_files_column("Files changed", ["11"])  # (a diff's count: no checkpoint's)
    assert not checkpoint_files_column("Files", ["0.92 GB"])
    assert not checkpoint_files_column("Files", [])


def test_size_and_files_table_yields_no_claim() -> None:
    text = "| Scheme | Size | Files |\n|---|---|---|\n| W4A16 | 4.2 GB | 3 |\n| W8A16 | 7.6 GB | 5 |\n"
    claims = extract(text).claims
    assert not [c for c in claims if c.value in (3.0, 5.0)]
    assert not [c for c in claims if "samples" in c.config or "files" in c.config]
