"""Pastes labelled for one setting switched on and off ("With async" / "Without async", "X on:" / "X off:") are the
two sides of one comparison: each its revision, the arm with the setting off the base (grammar.twin_labels,
vocab.sides.sides_of)."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers.pipeline import extract
from ledger.vocab.sides import sides_of

FIXTURE = Path(__file__).parent / "fixtures" / "revisions" / "switched_label_pastes.md"


def test_a_setting_switched_off_is_the_base_of_its_switched_on_twin() -> None:
    assert sides_of(["With async", "Without async"]) == ["head", "base"]
    assert sides_of(["Copy off", "Copy on", "With prefetch", "Without prefetch"]) == ["base", "head", "head", "base"]
    assert sides_of(["With async", "With prefetch"]) == [None, None]  # (two settings, neither switched off)


def test_switched_labels_without_a_colon_open_their_pastes_sides() -> None:
    claims = [c for c in extract(FIXTURE.read_text(encoding="utf-8"), path=FIXTURE.name).claims if c.kind == "perf"]
    labels = {c.value: (c.revision.label if c.revision else None, c.reference) for c in claims}
    assert labels[3.12] == ("With background offload", 3.78)
    assert labels[3.78] == ("Without background offload", None)
    assert labels[41.5] == ("Chunked copy on", 57.0)
