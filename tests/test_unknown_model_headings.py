"""A heading naming a model the family table does not know, by its name and size: the name stops at the heading's
own " - " (what follows is the section's topic), a precision after the size is the weights' quant, not part of the
name, and a known family's heading keeps the size it prints."""

from __future__ import annotations

import pytest

from ledger.parsers.grammar.heading_setup import section_heading_setup


@pytest.mark.parametrize(
    ("title", "model", "quant"),
    [
        ("Heron 8B - RTX Configurations (TP/PP)", "Heron 8B", None),
        ("Orca 12B FP8", "Orca 12B", "fp8"),
        ("Wren Lite 30B A3B NVFP4", "Wren Lite 30B A3B", "nvfp4"),
        ("Mistral Large 123B", "Mistral Large 123B", None),
        ("Wren 7B Instruct", "Wren 7B Instruct", None),
    ],
)
def test_an_unknown_family_heading_names_its_model(title: str, model: str, quant: str | None) -> None:
    got = section_heading_setup(title)
    assert (got.get("model"), got.get("quant")) == (model, quant)


@pytest.mark.parametrize("title", ["Results - Heron 8B vs the rest", "Setup 2 - 8B runs"])
def test_a_heading_whose_name_part_is_no_model_names_none(title: str) -> None:
    assert "model" not in section_heading_setup(title)
