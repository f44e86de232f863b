"""A chart caption's "Model: board setup, board setup" parts set up that model's results above it, each on its own
board, and no page's setup."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers.pipeline import extract
from ledger.parsers.reader.caption_parts import model_parts, parts_blanked

PAGES = Path(__file__).parent / "fixtures" / "release_pages"


def test_model_parts_of_a_caption() -> None:
    lines = ["<sub>Early numbers.", "vLLM v0.8.0 | Qwen2.5-7B: L4 FP8 BS 16, L40S FP8 BS 64 </sub>"]
    (part,) = model_parts(lines)
    assert (part.line, part.model) == (2, "Qwen2.5-7B")
    assert [e.get("batch_size") for e in part.entries] == ["16", "64"]
    blanked = parts_blanked(lines)[2]
    assert "vLLM v0.8.0" in blanked and "BS" not in blanked and len(blanked) == len(lines[1])


def test_no_parts_outside_a_caption_or_without_boards() -> None:
    assert not model_parts(["Qwen2.5-7B: L4 FP8 BS 16, L40S FP8 BS 64"])  # (no caption: a line of prose)
    assert not model_parts(["<sub>Qwen2.5-7B: early numbers, may move | B200</sub>"])  # (no board in its entries)


def test_each_result_takes_its_model_and_board_part() -> None:
    claims = extract((PAGES / "chart_caption_scope.md").read_text(), path="chart_caption_scope.md").claims
    sizes = {c.source.line: dict(c.config).get("batch_size") for c in claims}
    assert sizes[12] == "64" and sizes[15] == "32"  # (the L40S entry of each model's part, never the L4 baseline's)
    assert sizes[1] is None and sizes[3] is None  # (no page default from one model's part)
