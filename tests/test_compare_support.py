"""`compare --by versions` over a support page: a cell whose value changed between versions, a row or column
added or dropped, is a change a reviewer reads in the one screen beside the results' changes; a page whose
cells all stayed says "no change", never "nothing to compare"."""

from __future__ import annotations

from pathlib import Path

from ledger.compare.run import Comparison, Loaded, compare_loaded
from ledger.model import Claim
from ledger.parsers import extract

_V1 = """# Quokka coverage

## Served by the FastPath backend

| Model | BF16 | INT4 |
|---|---|---|
| Orca2 | Yes | - |
| Finch | Yes | No |

"-" means not checked yet.

## Served by the eager backend

| Model | BF16 | INT4 |
|---|---|---|
| Orca2 | Yes | No |
"""

_V2 = _V1.replace("| Orca2 | Yes | - |", "| Orca2 | Yes | Yes |").replace(
    "| Finch | Yes | No |", "| Finch | Yes | No |\n| Wren | Yes | Yes |"
)


def _compare(*texts: str) -> Comparison:
    versions: list[tuple[int | None, list[Claim]]] = [
        (i, list(extract(t, path="coverage.md").claims)) for i, t in enumerate(texts, 1)
    ]
    return compare_loaded([Loaded("acme/quokka:coverage.md", versions, stored=True)], by="versions")


def test_a_support_cell_that_changed_between_versions_is_listed_with_its_backend() -> None:
    c = _compare(_V1, _V2)
    assert c.compared
    changes = {(s.subject, s.feature, s.backend): (s.verdict, s.values) for s in c.support}
    assert changes[("Orca2", "INT4", "FastPath")] == ("changed", ["untested", "yes"])
    assert changes[("Wren", "INT4", "FastPath")] == ("new", [None, "yes"])
    assert changes[("Orca2", "INT4", "eager")] == ("no change", ["no", "no"])
    text = c.render("table", width=120)
    assert "Support cells, R1 -> R2: 1 changed, 2 new, 5 no change" in text
    assert "changed  Orca2 · INT4 (FastPath)  untested  yes" in text
    assert "Orca2 · INT4 (eager)" not in text  # an unchanged cell is counted, listed only with --all
    assert "Orca2 · INT4 (eager)" in c.render("table", width=120, show_all=True)
    assert c.to_dict()["support"][0]["verdict"] == "changed"


def test_a_support_page_whose_cells_stayed_says_no_change() -> None:
    c = _compare(_V1, _V1)
    assert c.compared
    assert "Support cells, R1 -> R2: no change (6 cells)" in c.render("table", width=120)


def test_a_row_a_version_drops_is_gone() -> None:
    c = _compare(_V2, _V1)
    moved = {(s.subject, s.verdict) for s in c.support if s.verdict != "no change"}
    assert moved == {("Wren", "gone"), ("Orca2", "changed")}


def test_the_report_of_a_support_page_lists_its_changed_cells() -> None:
    from ledger.report import Report
    from ledger.report.findings import SECTIONS, Section
    from ledger.report.text import render_report

    c = _compare(_V1, _V2)
    report = Report("acme/quokka:coverage.md", c, sections=[Section(n, t) for n, t in SECTIONS])
    text = render_report(report, md=True, width=120, show_all=False)
    assert "#### Support cells, R1 -&gt; R2: 1 changed, 2 new, 5 no change" in text
    assert "| changed | Orca2 · INT4 (FastPath) | untested | yes |" in text


def test_a_cell_a_middle_version_adds_or_drops_is_judged_version_by_version() -> None:
    """Wren's row stands in v2 only, Finch's row is missing from v2 alone: compared at its ends only, each would be
    "no change"; version by version, Wren's cells came and went (gone) and Finch's went and came back (changed)."""
    without_finch = _V1.replace("| Finch | Yes | No |\n", "")
    c = _compare(_V1, _V2, _V1)
    changes = {(s.subject, s.feature, s.backend): (s.verdict, s.values) for s in c.support}
    assert changes[("Wren", "INT4", "FastPath")] == ("gone", [None, "yes", None])
    c = _compare(_V1, without_finch, _V1)
    changes = {(s.subject, s.feature, s.backend): (s.verdict, s.values) for s in c.support}
    assert changes[("Finch", "BF16", "FastPath")] == ("changed", ["yes", None, "yes"])
    assert changes[("Orca2", "BF16", "eager")] == ("no change", ["yes", "yes", "yes"])


def test_a_row_renamed_between_versions_with_its_cells_is_renamed_and_another_models_row_is_not() -> None:
    """v2 calls Finch "Finch-Lite" over the same cells, and in the eager table replaces Orca2 with Heron over the
    same cells too: the first is one row renamed (its cells followed across the step, never gone plus new); the
    second names another model, so Orca2's cells are gone and Heron's new."""
    v2 = _V1.replace("| Finch | Yes | No |", "| Finch-Lite | Yes | No |").replace(
        "| Orca2 | Yes | No |", "| Heron | Yes | No |"
    )
    c = _compare(_V1, v2, v2)
    changes = {(s.subject, s.feature, s.backend): (s.verdict, s.values, s.was) for s in c.support}
    assert changes[("Finch-Lite", "INT4", "FastPath")] == ("renamed", ["no", "no", "no"], "Finch")
    assert changes[("Heron", "INT4", "eager")] == ("new", [None, "no", "no"], None)
    assert changes[("Orca2", "INT4", "eager")] == ("gone", ["no", None, None], None)
    text = c.render("table", width=120)
    assert "renamed R1 -> R2  Finch-Lite (was Finch) · INT4 (FastPath)" in text


def test_a_version_that_only_renames_a_row_is_still_a_revision() -> None:
    """v2 renames a row, v3 turns one of its cells from no to yes: v2 is no copy of v1 (its cells' names differ),
    so the default comparison keeps it and the renamed cell's no -> yes shows (it was read as a yes from nowhere)."""
    v1 = "## Pairs\n\n| Feature | Alpha | Beta |\n|---|---|---|\n| Alpha | ✅ | |\n| Beta | ❌ | ✅ |\n"
    v2 = v1.replace("Beta", "Gamma")
    v3 = v2.replace("| Gamma | ❌ |", "| Gamma | ✅ |")
    versions: list[tuple[int | None, list[Claim]]] = [
        (i, list(extract(t, path="pairs.md").claims)) for i, t in enumerate((v1, v2, v3), 1)
    ]
    c = compare_loaded([Loaded("acme/quokka:pairs.md", versions, stored=True)])
    changes = {(s.subject, s.feature): (s.verdict, s.values) for s in c.support}
    assert len(c.revisions) == 3
    assert changes[("Gamma", "Alpha")] == ("new", [None, "no", "yes"])
    assert changes[("Beta", "Alpha")] == ("gone", ["no", None, None])


def test_a_page_whose_later_versions_state_no_cell_says_every_cell_is_gone() -> None:
    """v2 and v3 of a page hold no cell (its table moved, or is no longer read): a comparison of its versions says
    every cell is gone and that those versions state none, never "nothing to compare"."""
    v1 = "## Caps\n\n| Capability | Engine A | Engine B |"
    v1 += "\n|---|---|---|\n| Paged KV | ✅ | ❌ |\n| Offload | ✅ | ✅ |\n"
    v2 = "## Caps\n\nThe table moved to the new site.\n"
    versions: list[tuple[int | None, list[Claim]]] = [
        (i, list(extract(t, path="caps.md").claims)) for i, t in enumerate((v1, v2, v2), 1)
    ]
    c = compare_loaded([Loaded("acme/quokka:caps.md", versions, stored=True)])
    assert c.compared
    assert [s.verdict for s in c.support] == ["gone"] * 4
    text = c.render("table", width=120)
    assert "Support cells, R1 -> R2: 4 gone" in text
    assert "R2 states no support cell at all" in text


def test_a_features_maturity_that_changed_is_a_change() -> None:
    """ "🟢 Functional" -> "🔵 Experimental" is yes -> yes, but the page says the feature stepped back: the maturity
    is part of the cell's value in a comparison (a footnote's wording is not)."""
    legend = "\n- 🟢 = works end to end.\n- 🔵 = experimental, may change.\n"
    v1 = "# LMDeploy\n\n| Feature | Status |\n|---|---|\n| Paged KV | 🟢 Functional |\n| Offload | 🟢 Functional |\n"
    v2 = v1.replace("| Offload | 🟢 Functional |", "| Offload | 🔵 Experimental |")
    versions: list[tuple[int | None, list[Claim]]] = [
        (i, list(extract(t + legend, path="f.md").claims)) for i, t in enumerate((v1, v2), 1)
    ]
    c = compare_loaded([Loaded("acme/quokka:f.md", versions, stored=True)])
    changes = {s.feature: (s.verdict, s.values) for s in c.support}
    assert changes["Offload"] == ("changed", ["yes (Functional)", "yes (Experimental)"])
    assert changes["Paged KV"][0] == "no change"


_STATUS_V1 = """# Otter feature status

| Feature | Otter Classic Engine | Otter Next Engine | Plan |
|---|---|---|---|
| Paged KV | 🟢 Functional | 🟢 Functional | done |
| Offload | 🟢 Functional | 🟡 Planned | later |
| Spec decode | 🔴 No plan | 🔵 Experimental | |
| Streaming | 🟢 Functional | 🟢 Functional | |
| Guided output | 🔴 No plan | 🟢 Functional | |
| LoRA | 🟢 Functional | 🟢 Functional | |
| Old sampler | 🟢 Functional | 🔴 Deprecated | |

- 🟢 Functional: works end to end.
- 🔵 Experimental: may change.
- 🟡 Planned: on the roadmap.
- 🔴 No plan / Deprecated: not coming.
"""
_STATUS_V2 = """# Otter feature status

| Feature | Status | Plan |
|---|---|---|
| Paged KV | 🟢 Functional | done |
| Offload | 🟢 Functional | later |
| Spec decode | 🔵 Experimental | |
| Streaming | 🟢 Functional | |
| Guided output | 🟢 Functional | |
| LoRA | 🟢 Functional | |
""" + _STATUS_V1[_STATUS_V1.index("- 🟢") - 1 :]
_STATUS_V3 = _STATUS_V2.replace(
    "| LoRA | 🟢 Functional | |", "| LoRA | 🟢 Functional | |\n| Prefix reuse | 🔵 Experimental | |"
)
_STATUS_V4 = _STATUS_V3.replace("| Prefix reuse | 🔵 Experimental |", "| Prefix reuse | 🟢 Functional |").replace(
    "| Streaming | 🟢 Functional |", "| Streaming | 🔵 Experimental |"
)


def test_a_column_renamed_between_versions_is_followed_and_said_once() -> None:
    """v2 drops the classic engine's column and heads the next engine's "Status" over the same rows (one cell moved
    on, Offload planned -> functional; one row dropped): one column renamed, its cells followed across it, the
    classic column's cells gone; the two ends' versions are never read as every cell gone plus every cell new."""
    c = _compare(_STATUS_V1, _STATUS_V2)
    changes = {(s.subject, s.feature): (s.verdict, s.values) for s in c.support}
    assert changes[("Offload", "Otter feature status")] == ("changed", ["no (Planned)", "yes (Functional)"])
    assert changes[("Paged KV", "Otter feature status")] == ("no change", ["yes (Functional)"] * 2)
    assert changes[("Old sampler", "Otter Next Engine")][0] == "gone"
    assert {s.verdict for s in c.support if s.feature == "Otter Classic Engine"} == {"gone"}
    assert not [s for s in c.support if s.verdict == "new"]
    text = c.render("table", width=160)
    assert text.count("Column renamed") == 1
    assert "Column renamed R1 -> R2: 'Otter Next Engine' -> 'Otter feature status' (6 cells followed" in text


def test_every_support_change_is_labelled_by_the_two_versions_it_happened_between() -> None:
    """A row new in v3 whose maturity moves between v3 and v4, and an older row that steps back then: each change
    is told between the two versions it happened in, never one "new" spanning the first to the last."""
    c = _compare(_STATUS_V1, _STATUS_V2, _STATUS_V3, _STATUS_V4)
    events = {s.subject: s.events for s in c.support if s.feature == "Otter feature status"}
    assert events["Prefix reuse"] == [("new", 2), ("changed", 3)]
    assert events["Streaming"] == [("changed", 3)]
    assert events["Offload"] == [("changed", 1)]
    text = c.render("table", width=160)
    assert "R1 -> R4: R1 -> R2 1 changed, 8 gone; R2 -> R3 1 new; R3 -> R4 2 changed; 4 no change" in text
    assert "new R2 -> R3, changed R3 -> R4  Prefix reuse · Otter feature status" in text


def test_a_column_dropped_for_another_with_other_cells_stays_gone_and_new() -> None:
    """v2 drops INT4 and adds LoRA over the same models: where LoRA's cells say other things, or where both say
    yes throughout (which tells no column from another), they are two columns, one gone and one new."""
    v1 = "## Kit\n\n| Model | FP8 | INT4 |\n|---|---|---|\n| Orca2 | Yes | No |\n| Finch | Yes | Yes |\n"
    v1 += "| Wren | No | No |\n| Heron | Yes | Yes |\n"
    other = v1.replace("INT4", "LoRA").replace("| Orca2 | Yes | No |", "| Orca2 | Yes | Yes |")
    other = other.replace("| Finch | Yes | Yes |", "| Finch | Yes | No |")
    all_yes = v1.replace("| Orca2 | Yes | No |", "| Orca2 | Yes | Yes |").replace(
        "| Wren | No | No |", "| Wren | No | Yes |"
    )
    for old, new in ((v1, other), (all_yes, all_yes.replace("INT4", "LoRA"))):
        c = _compare(old, new)
        assert {(s.feature, s.verdict) for s in c.support if s.verdict != "no change"} == {
            ("INT4", "gone"),
            ("LoRA", "new"),
        }
        assert "Column renamed" not in c.render("table", width=120)
    c = _compare(v1, v1.replace("INT4", "INT4 (W4A16)"))
    assert {s.verdict for s in c.support} == {"no change"}


def test_a_feature_a_combination_matrix_renames_is_one_row_and_column_renamed() -> None:
    """A feature x feature matrix names each feature as a row and as a column: v2 calls Alpha "Alpha Paged" over the
    same cells, so its column and its row (the diagonal with them) are followed across the rename, nothing gone."""
    v1 = "## Pairs\n\n| Feature | Alpha | Beta | Gamma |\n|---|---|---|---|\n| Alpha | ✅ | | |\n"
    v1 += "| Beta | ✅ | ✅ | |\n| Gamma | ❌ | ✅ | ✅ |\n| Delta | ✅ | 🟠 | ✅ |\n| Eps | ❌ | ✅ | ❌ |\n"
    v2 = v1.replace("Alpha", "Alpha Paged")
    versions: list[tuple[int | None, list[Claim]]] = [
        (i, list(extract(t, path="pairs.md").claims)) for i, t in enumerate((v1, v2), 1)
    ]
    c = compare_loaded([Loaded("acme/quokka:pairs.md", versions, stored=True)], by="versions")
    assert {s.verdict for s in c.support} == {"no change"}
    assert ("Alpha Paged", "Alpha Paged") in {(s.subject, s.feature) for s in c.support}
    assert "Column renamed R1 -> R2: 'Alpha' -> 'Alpha Paged' (5 cells followed" in c.render("table", width=120)


def test_a_column_of_one_value_renamed_alone_is_followed_by_its_shared_name_and_an_unrelated_one_is_not() -> None:
    """v2 renames "Trainium chips" to "AWS Trainium" (the one column gone, the one new, over the same rows) and turns
    one of its cells from no to yes: the old column said "no" throughout, which alone tells it from no other, but its
    name's own word carries over, so it is one column renamed and its one change is told. A column of one value
    swapped for another whose name shares only a device class ("Acme GPU" -> "Zenith GPU") stays gone and new."""
    v1 = "## Kernel coverage\n\n| Method | Hopper | Trainium chips |\n|---|---|---|\n| Alpha | ✅ | ❌ |\n"
    v1 += "| Beta | ✅ | ❌ |\n| Gamma | ❌ | ❌ |\n| Delta | ✅ | ❌ |\n| Epsilon | ❌ | ❌ |\n"
    v2 = v1.replace("Trainium chips", "AWS Trainium").replace("| Alpha | ✅ | ❌ |", "| Alpha | ✅ | ✅ |")
    c = _compare(v1, v2)
    changes = {(s.subject, s.feature): (s.verdict, s.values) for s in c.support if s.verdict != "no change"}
    assert changes == {("Alpha", "AWS Trainium"): ("changed", ["no", "yes"])}
    assert "Column renamed R1 -> R2: 'Trainium chips' -> 'AWS Trainium' (5 cells followed" in c.render(
        "table", width=120
    )
    other = v1.replace("Trainium chips", "Acme GPU")
    c = _compare(other, other.replace("Acme GPU", "Zenith GPU"))
    assert {(s.feature, s.verdict) for s in c.support if s.verdict != "no change"} == {
        ("Acme GPU", "gone"),
        ("Zenith GPU", "new"),
    }


_SPLIT_V1 = """# Feature matrix of TensorRT-LLM

| Model Architecture/Feature | MTP | EAGLE-3(One Model Engine) |
|---|---|---|
| `AlphaForCausalLM` | Yes | Yes |
| `BetaForCausalLM` | No | Yes |
| `GammaForCausalLM` | Yes | No |
| `DeltaForCausalLM` | No | Yes |
"""
_SPLIT_V2 = """# Feature matrix of TensorRT-LLM

| Model Architecture/Feature | MTP | EAGLE-3(One Model Engine) — Linear | EAGLE-3(One Model Engine) — Dynamic |
|---|---|---|---|
| `AlphaForCausalLM` | Yes | Yes | Yes |
| `BetaForCausalLM` | No | Yes | No |
| `GammaForCausalLM` | Yes | No | No |
| `DeltaForCausalLM` | No | Yes | Yes |
"""


def test_a_column_split_in_two_parts_is_followed_into_both_and_a_narrowed_cell_is_a_change() -> None:
    """v2 splits "EAGLE-3(One Model Engine)" into its "— Linear" and "— Dynamic" parts (compare.support_splits): each
    part carries the old column's history, so Beta's "— Dynamic" no reads as changed from yes, nothing gone or new."""
    c = _compare(_SPLIT_V1, _SPLIT_V2)
    changes = {(s.subject, s.feature): (s.verdict, s.values) for s in c.support}
    assert changes[("BetaForCausalLM", "EAGLE-3(One Model Engine) — Dynamic")] == ("changed", ["yes", "no"])
    assert changes[("BetaForCausalLM", "EAGLE-3(One Model Engine) — Linear")] == ("no change", ["yes", "yes"])
    assert not [s for s in c.support if s.verdict in ("new", "gone")]


def test_a_rows_size_range_that_moved_between_versions_is_a_step_of_its_cells() -> None:
    """support/size_column: a "Params" column is no feature, yet the sizes it gives each row are what the row's cells
    answer for; a version that widens Qwen2's range changes its cells, Falcon's stay."""
    from pathlib import Path

    v1 = (Path(__file__).parent / "fixtures/support/size_column.md").read_text()
    cells = [c for c in extract(v1, path="coverage.md").claims if c.kind == "support"]
    assert {(c.subject, dict(c.config or {}).get("model_size")) for c in cells} == {
        ("Qwen2", "0.5B - 72B"),
        ("Falcon", "7B - 180B"),
        ("Gemma", None),  # (no size given: none kept)
    }
    v2 = v1.replace("0.5B -", "1.5B -")
    changes = {(s.subject, s.feature): (s.verdict, s.values) for s in _compare(v1, v2).support}
    assert changes[("Qwen2", "AWQ")] == ("changed", ["yes [0.5B - 72B]", "yes [1.5B - 72B]"])
    assert changes[("Falcon", "AWQ")][0] == "no change"


FIX = Path(__file__).resolve().parent / "fixtures" / "support"
_DASHED = (FIX / "dash_without_legend.md").read_text(encoding="utf-8")
_EXPLAINED = _DASHED.replace("| Heron   | Yes         |  -   |", "| Heron   | Yes         | Yes  |") + (
    '\n"-" means not checked yet.\n'
)


def test_a_dash_no_legend_explains_is_the_mark_a_later_legend_explains() -> None:
    """ "-" with no legend in v1 (a cell kept as printed, no longer dropped), '"-" means not checked yet' under v2's
    table: one mark, so a cell "-" in both is no change (not a new "untested" cell) and "-" -> Yes is a change."""
    first = {(c.subject, c.feature): c for c in extract(_DASHED, path="formats.md").claims}
    assert first[("Kestrel", "GGUF")].value == "-" and first[("Kestrel", "GGUF")].outcome_text == "-"
    assert first[("Wren", "GGUF")].value == "yes"
    c = _compare(_DASHED, _EXPLAINED)
    changes = {(s.subject, s.feature): (s.verdict, s.values) for s in c.support}
    assert changes[("Kestrel", "GGUF")] == ("no change", ["untested", "untested"])
    assert changes[("Heron", "GGUF")] == ("changed", ["-", "yes"])
    # (the dash unexplained in two versions, explained in the third: one mark all along, no step anywhere)
    three = {(s.subject, s.feature): s for s in _compare(_DASHED, _DASHED, _EXPLAINED).support}
    assert three[("Kestrel", "GGUF")].verdict == "no change" and three[("Kestrel", "GGUF")].events == []


_CROSSED = (FIX / "cross_marks_no_legend.md").read_text(encoding="utf-8")
_CROSS_MEANS_NO = _CROSSED.replace(
    "The table lists the attention backends we build for each architecture family.",
    "The table lists the attention backends we build for each architecture family. `x`: not supported.",
)


def test_a_cross_no_legend_explains_is_no_yes_and_a_later_legend_decides_it() -> None:
    """A matrix of `Y` / `N` / `x` with no legend: a cross is a tick on one page and a "no" on another, so it is
    kept as printed (never "yes"); under a later version's legend ("`x`: not supported") the same cell is that
    legend's "no" all along: no change, where reading it as "yes" would have made it a false drop."""
    first = {(c.subject, c.feature): c for c in extract(_CROSSED, path="backends.md").claims}
    assert first[("Orca", "FlashInfer")].value == "x" and first[("Orca", "FlashInfer")].outcome_text == "x"
    assert first[("Orca", "Triton")].value == "yes" and first[("Puffin", "Triton")].value == "no"
    later = {(c.subject, c.feature): c.value for c in extract(_CROSS_MEANS_NO, path="backends.md").claims}
    assert later[("Orca", "FlashInfer")] == "no"
    changes = {(s.subject, s.feature): (s.verdict, s.values) for s in _compare(_CROSSED, _CROSS_MEANS_NO).support}
    assert changes[("Orca", "FlashInfer")] == ("no change", ["no", "no"])


def test_a_label_a_version_respells_keeps_its_cells_and_only_real_changes_are_steps() -> None:
    """v1 spells its labels out (`<abbr title="Pooling Models">pooling</abbr>`, "Multimodal Inputs"), v2 writes them
    as reference links and the engine's abbreviations ("[CP][chunked-prefill]", "mm"): each cell is one cell under
    the support vocabulary's canonical name, so the one step is LoRA x CP, no -> yes, never a row gone and new."""
    v1 = (
        "# vLLM compatibility\n\n## Feature x Feature\n\n"
        '| Feature | [CP](#chunked-prefill) | <abbr title="Pooling Models">pooling</abbr> |\n|---|---|---|\n'
        "| [CP](#chunked-prefill) | ✅ | |\n"
        '| <abbr title="Pooling Models">pooling</abbr> | ✅ | ✅ |\n'
        "| LoRA | ✗ | ✅ |\n"
        "| Multimodal Inputs | ✅ | ? |\n"
    )
    v2 = (
        "# vLLM compatibility\n\n## Feature x Feature\n\n"
        "| Feature | [CP][chunked-prefill] | [pooling](pooling.md) |\n|---|---|---|\n"
        "| [CP][chunked-prefill] | ✅ | |\n| [pooling](pooling.md) | ✅ | ✅ |\n| LoRA | ✅ | ✅ |\n"
        "| [mm](mm.md) | ✅ | ❔ |\n"
    )
    versions: list[tuple[int | None, list[Claim]]] = [
        (i, list(extract(t, path="docs/compat.md", repo="vllm-project/vllm").claims)) for i, t in enumerate((v1, v2), 1)
    ]
    c = compare_loaded([Loaded("vllm-project/vllm:docs/compat.md", versions, stored=True)], by="versions")
    moved = {(s.subject, s.feature, s.verdict, tuple(s.values)) for s in c.support if s.verdict != "no change"}
    assert moved == {("LoRA", "CP", "changed", ("no", "yes"))}
    assert len(c.support) == 7
    assert not any("[" in s.subject + s.feature for s in c.support)  # (a reference link's words are the label)
