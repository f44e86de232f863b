"""A backend a lead-in names after a preposition ("with rocm on an rx7900xtx") is its runs' backend."""

from __future__ import annotations

from ledger.vocab.setup import SETUP_WORDS


def test_a_backend_named_after_a_preposition_is_the_runs_not_a_feature() -> None:
    words = [w for w in SETUP_WORDS if w.key == "backend" and "using" in w.starts]
    assert len(words) == 1
    pattern = words[0].pattern
    assert pattern.search("tried with rocm on an rx7900xtx").group(1) == "rocm"  # type: ignore[union-attr]
    assert pattern.search("measured on Vulkan".lower()) is not None
    for text in ("with cuda graphs", "on metal gpus", "with rocm 6.2", "with vulkan shaders", "onvulkan"):
        assert pattern.search(text) is None, text
