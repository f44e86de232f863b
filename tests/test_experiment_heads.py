"""A generated results page's "## Experiment - <name> | <model>" headings: the experiment's name is kept beside the
model (grammar.experiment_heads), so compare by versions tells the sections' series apart by it, never by order."""

from __future__ import annotations

from ledger.compare import RevisionRef, Snapshot, compare_series
from ledger.parsers import extract
from ledger.parsers.grammar.heading_setup import section_heading_setup

_SECTION = """## Experiment - {name} | Phi-3-medium

| Configuration | Output tok/s |
|---|---|
| kv=fp8 | {value} |

"""


def test_the_experiment_part_is_kept_and_an_eval_it_names_is_the_task() -> None:
    assert section_heading_setup("Experiment - serving_draft | Phi-3-medium")["case"] == "serving_draft"
    assert section_heading_setup("Experiment - humaneval | Phi-3-medium")["task"] == "humaneval"
    # (a part the heading's setup reads already is that setting, no experiment; prose names none)
    assert "case" not in section_heading_setup("Phi-3-medium | fp8")
    assert "case" not in section_heading_setup("Results - Phi-3-medium")


def test_a_section_dropped_between_versions_is_removed_not_paired_by_order() -> None:
    v1 = "".join(_SECTION.format(name=n, value=v) for n, v in (("serving", "1200.5"), ("serving_draft", "900.1")))
    v2 = _SECTION.format(name="serving_draft", value="1010.4")
    snaps = [
        Snapshot(RevisionRef(name=f"v{n}", document="page", version=n), extract(text, path="page.md").claims)
        for n, text in ((1, v1), (2, v2))
    ]
    rows = compare_series(snaps, versions=True)
    got = {tuple(c.value if c else None for c in r.cells): r.overall.verdict if r.overall else None for r in rows}
    assert got[(900.1, 1010.4)] == "improvement"
    assert (1200.5, None) in got
