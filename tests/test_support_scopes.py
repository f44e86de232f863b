"""What qualifies a support matrix's cells beyond its rows and columns: the backend the heading above it names
(two tables of one page under two backends answer one question twice, never in conflict), and the page's own
key to a placeholder ("`-` means not checked yet") that makes its dashes cells."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ledger.parsers import extract
from ledger.support.answer import Cell
from ledger.support.join import join
from ledger.support.render import _Legend, cell_text

_TWO_BACKENDS = """# Model coverage of Quokka

## Served by the FastPath backend

| Model | Size | BF16 | FP8 KV |
|---|---|---|---|
| Orca2 | 7B | Yes | Yes |
| Finch | 3B | Yes | No |

## Served by the eager backend

| Model | Size | BF16 | FP8 KV |
|---|---|---|---|
| Orca2 | 7B | Yes | No |
| Finch | 3B | Yes | No |
"""


def _cells(text: str, name: str = "coverage.md") -> list[tuple[int, str, str, str, dict[str, str]]]:
    got = extract(text, path=name)
    return [
        (c.source.line, str(c.subject), str(c.feature), str(c.value), dict(c.config or {}))
        for c in got.claims
        if c.kind == "support"
    ]


def test_the_backend_a_heading_names_qualifies_every_cell_of_its_table() -> None:
    cells = _cells(_TWO_BACKENDS)
    assert (7, "Orca2", "FP8 KV", "yes", {"backend": "FastPath", "model_size": "7B"}) in cells  # (its Size column's)
    assert (14, "Orca2", "FP8 KV", "no", {"backend": "eager", "model_size": "7B"}) in cells
    assert all(c[4].get("backend") for c in cells)


def test_a_heading_that_names_a_kind_of_thing_names_no_backend() -> None:
    text = "## Supported by architecture\n\n| Model | BF16 | FP8 |\n|---|---|---|\n| Orca2 | Yes | No |\n"
    assert all(c[4] == {} for c in _cells(text))


def test_a_library_engines_run_on_is_a_backend_where_the_pages_engine_is_unknown() -> None:
    """support/backend_library_heading: "served by PyTorch" (and Transformers) on a page naming no engine scope its
    table as "served by TensorRT" does; a serving engine's name there ("by vLLM") stays that engine, no backend."""
    from pathlib import Path

    text = (Path(__file__).parent / "fixtures/support/backend_library_heading.md").read_text()
    cells = _cells(text)
    assert (13, "Mistral", "FP8 KV", "no", {"backend": "PyTorch"}) in cells
    assert (19, "Phi-3", "BF16", "yes", {"backend": "Transformers"}) in cells
    engine = "## Architectures served by vLLM\n\n| Arch | BF16 |\n|---|---|\n| Mistral | Yes |\n"
    assert all(c[4] == {} for c in _cells(engine))


def _statements(text: str) -> list[Any]:
    got = extract(text, path="coverage.md")
    raw = [
        {
            "document": "acme/quokka:coverage.md",
            "document_id": 1,
            "version": 1,
            "line": c.source.line,
            "line_end": c.source.line_end,
            "text": c.source.text,
            "kind": c.kind,
            "subject": c.subject,
            "feature": c.feature,
            "value": c.value,
            "note": c.note,
            "engine": c.engine or "Quokka",
            "config": dict(c.config or {}),
        }
        for c in got.claims
        if c.kind == "support"
    ]
    return join(raw)


def test_two_backends_tables_answer_one_question_twice_and_disagree_on_nothing() -> None:
    said = [s for s in _statements(_TWO_BACKENDS) if s.printed_subject == "Orca2" and s.printed_feature == "FP8 KV"]
    cell = Cell("FP8 KV", said[0].engine, said)
    assert cell.answers == [("yes", "FastPath"), ("no", "eager")]
    assert not cell.disagreement
    legend = _Legend()
    assert cell_text(cell, legend).split("\n") == ["yes (FastPath) A:7", "no (eager) A:14"]
    # one backend's two sources that differ still disagree
    twice = Cell("FP8 KV", said[0].engine, [said[0], replace(said[1], backend="FastPath")])
    assert twice.disagreement


_PLACEHOLDER_LEGEND = """# Quokka precision coverage

| Model | BF16 | INT4 |
|---|---|---|
| Orca2 | Yes | - |
| Finch | Yes | Yes |

"-" means not checked yet.

## Later additions

| Model | BF16 | INT4 |
|---|---|---|
| Wren | - | No |
"""


def test_a_placeholder_the_pages_legend_names_is_a_cell_of_the_tables_it_keys() -> None:
    cells = {(c[0], c[1], c[2]): c[3] for c in _cells(_PLACEHOLDER_LEGEND)}
    assert cells[(5, "Orca2", "INT4")] == "untested"  # the legend under the table keys it
    assert cells[(14, "Wren", "BF16")] == "untested"  # and every table after it
    assert cells[(14, "Wren", "INT4")] == "no"


def test_a_placeholder_no_legend_names_stays_unknown() -> None:
    text = _PLACEHOLDER_LEGEND.replace('"-" means not checked yet.', "Rows are added as models land.")
    cells = {(c[0], c[1], c[2]): c[3] for c in _cells(text)}
    # (a dash no legend explains is kept as printed, never read as untested: a later version's legend may say what
    # it meant, compare.support_cell.explained_later)
    assert cells[(5, "Orca2", "INT4")] == "-"
    assert (14, "Wren", "BF16") not in cells  # (a column of unexplained dashes alone is no matrix column)


def test_a_legend_keys_only_the_table_above_it_and_those_after_it() -> None:
    text = (
        "| Model | BF16 | INT4 |\n|---|---|---|\n| Orca2 | Yes | - |\n| Finch | Yes | Yes |\n\n"
        "## Second\n\n| Model | BF16 | INT4 |\n|---|---|---|\n| Wren | Yes | - |\n| Finch | Yes | No |\n\n"
        "`-`: not verified\n"
    )
    cells = {(c[0], c[1], c[2]): c[3] for c in _cells(text)}
    assert cells[(3, "Orca2", "INT4")] == "-"  # under another heading, before the legend's own table: unexplained
    assert cells[(10, "Wren", "INT4")] == "untested"


def test_a_results_column_of_dashes_under_a_placeholder_legend_stays_results() -> None:
    text = (
        "| Model | Runs | req/s |\n|---|---|---|\n| Orca2 | Yes | 41.5 |\n| Finch | Yes | - |\n| Wren | No | - |\n\n"
        '"-" means not measured yet.\n'
    )
    got = extract(text, path="coverage.md").claims
    assert [(c.subject, c.value) for c in got if c.kind == "support"] == [
        ("Orca2", "yes"),
        ("Finch", "yes"),
        ("Wren", "no"),
    ]


_LEAD_IN = (
    "# Models served by SGLang\n\nThe table below lists the architectures served by the Torch backend:\n\n"
    "| Architecture | Model |\n|---|---|\n| `WrenForCausalLM` | Wren |\n| `HeronForCausalLM` [^1] | Heron |\n"
    "| `KestrelForCausalLM` [^2] | Kestrel |\n\n[^1]: Served through the Triton backend only.\n"
    "[^2]: Not supported on the Triton backend yet.\n"
)


def test_a_lead_in_and_a_rows_footnote_name_the_backend_as_a_heading_would() -> None:
    got = {c.subject: (c.config or {}).get("backend") for c in extract(_LEAD_IN, path="models.md").claims}
    # (the footnote that says the row is not served by a backend scopes nothing: the lead-in's stands)
    assert got == {"WrenForCausalLM": "Torch", "HeronForCausalLM": "Triton", "KestrelForCausalLM": "Torch"}
