"""llama.cpp bench tables: llama-bench, batched-bench and compare-llama-bench, markdown and rendered."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers import extract
from ledger.parsers.formats.llama_bench import _roles

FIXTURES = Path(__file__).parent / "fixtures" / "llama_bench"
"""Bench tables in each tool's layout; every claim they yield is listed in its golden (test_goldens.py)."""
CASES = sorted(p for p in FIXTURES.iterdir() if p.suffix in (".md", ".txt"))


@pytest.mark.parametrize("path", CASES, ids=[p.name for p in CASES])
def test_config_columns_give_no_claims(path: Path) -> None:
    """Every claim of these fixtures is llama_bench's: no other reader takes a config column's number."""
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    assert claims and all((c.parser or "").startswith("llama_bench/") for c in claims)


@pytest.mark.parametrize(
    ("header", "roles"),
    [
        (
            ["model", "size", "params", "backend", "ngl", "test", "t/s"],
            ["config", "config", "config", "config", "config", "config", "value"],
        ),
        (["PP", "TG", "B", "N_KV", "T_PP s", "S_PP t/s"], ["config", "config", "config", "config", "value", "value"]),
        (["Model", "Test", "t/s master", "t/s PR", "Speedup"], ["config", "config", "baseline", "value", "speedup"]),
        # (compare-llama-bench rows pasted without their header, named by tables.headless: the second rate is new)
        (["column 1", "test", "t/s", "t/s", "speedup"], ["config", "config", "baseline", "value", "speedup"]),
        (["Model", "TTFT (ms)", "TPOT (ms)"], None),
    ],
)
def test_roles(header: list[str], roles: list[str] | None) -> None:
    assert _roles(header) == roles


def test_truncated_last_row_keeps_the_complete_cells() -> None:
    text = (
        "| model | size | test | t/s |\n| --- | ---: | --- | ---: |\n"
        "| llama 7B | 3.5 GiB | pp 512 | 4000.10 ± 2.1 |\n| llama 7B | 3.5 GiB | tg 128 | 55"
    )
    claims = extract(text, path="t.md").claims
    assert [c.value for c in claims] == [4000.1]


def test_setup_columns_give_setup_keys() -> None:
    """llama-bench's "Test" cell is the run's lengths (pp = prompt tokens, tg = generated tokens) and its
    "Microbatch size" column the physical batch (n_ubatch): each becomes the setup key other documents use."""
    path = FIXTURES / "setup_columns.md"
    claims = [c for c in extract(path.read_text(encoding="utf-8"), path=path.name).claims if c.unit == "t/s"]
    got = [
        (
            c.value,
            c.config.get("isl"),
            c.config.get("osl"),
            c.config.get("ubatch"),
            c.config.get("gpu"),
            c.config.get("model"),
        )
        for c in claims
    ]
    assert got == [
        (1403.5, "1024", None, "32", "RTX 4080", "llama 3B Q4_0"),
        (5020.9, "1024", None, "512", "RTX 4080", "llama 3B Q4_0"),
        (151.1, None, "64", "512", "RTX 4080", "llama 3B Q4_0"),
        (640.5, "256", "32", "512", "RTX 4080", "llama 3B Q4_0"),
    ]
    assert not any("Microbatch size" in c.config or "GPU" in c.config for c in claims)


def test_a_gguf_type_names_the_weights_over_the_bpw_size_llama_bench_prints_after_it() -> None:
    from ledger.vocab.setup import qualifiers

    assert qualifiers("llama 70B IQ3_K - 3.4 bpw")["quant"] == "iq3_k"
    assert qualifiers("deepseek2 671B IQ4_K_R4 - 4.5 bpw")["quant"] == "iq4_k_r4"
    assert qualifiers("Mistral 7B EXL2 4.0 bpw")["quant"] == "exl2 4.0bpw"  # (ExLlama's weights: their size names them)


def test_a_diff_column_is_the_sides_change_and_a_side_column_its_revision() -> None:
    """ "t/s (before) | t/s (after) | diff": the after cell on the side its header names, the diff cell the change of
    its row's t/s on that side, never a setting of the row ("diff=+8.2%" would split one setup into as many)."""
    path = FIXTURES / "before_after_diff_columns.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    assert [(c.metric, c.value, c.unit) for c in claims] == [
        ("t/s pp512", 2391.02, "t/s"),
        ("t/s pp512 diff", 8.2, "%"),
        ("t/s tg128", 139.87, "t/s"),
        ("t/s tg128 diff", -0.3, "%"),
    ]
    assert all(c.revision is not None and c.revision.label == "after" for c in claims)
    assert all("diff" not in c.config for c in claims)


def test_variants_beside_a_base_column_are_measured_against_it_each_with_its_change() -> None:
    """ "base t/s | wide t/s | vs base | wide + unroll t/s | vs base | cuBLAS t/s (shown for comparison)": each
    variant's rate against the base column on its own side, each "vs base" the change of the variant before it (two
    columns of one header, never a setting of the row), the noted column a rate of its own against nothing; the
    base column's cells are references only."""
    path = FIXTURES / "variant_columns_vs_base.md"
    claims = [c for c in extract(path.read_text(encoding="utf-8"), path=path.name).claims if c.source.line == 7]
    got = [(c.value, c.unit, c.reference, c.revision.label if c.revision else None) for c in claims]
    assert got == [
        (53.4, "t/s", 52.1, "wide"),
        (2.5, "%", None, "wide"),
        (55.9, "t/s", 52.1, "wide + unroll"),
        (7.29, "%", None, "wide + unroll"),
        (44.8, "t/s", None, None),
    ]
    assert not any(k.startswith(("vs", "cublas")) for c in claims for k in c.config)


def test_headless_compare_rows_take_the_tools_header_and_no_setting_is_a_claim() -> None:
    """compare-llama-bench rows pasted without their header: the test cell names the measure, the second rate is
    measured against the first, and the number before the test (a microbatch size or the like) is setup only."""
    path = FIXTURES / "headless_compare_rows.md"
    doc = extract(path.read_text(encoding="utf-8"), path=path.name)
    assert [(c.metric, c.value, c.reference) for c in doc.claims if c.unit == "t/s"] == [
        ("t/s pp512", 640.9, 610.4),
        ("t/s pp512", 2195.8, 2210.0),
        ("t/s tg128", 190.1, 188.25),
    ]
    assert {c.value for c in doc.claims}.isdisjoint({4.0, 16.0})
    assert all(c.config.get("gpu") == "RTX 3060" and c.config.get("quant") == "q8_0" for c in doc.claims)


def test_a_vulkan_device_line_names_the_board_of_its_own_table() -> None:
    """ "ggml_vulkan: 0 = AMD Radeon Graphics (RADV REMBRANDT) (radv) | ...": the device's printed name (the chip's
    codename kept, the driver's words dropped) is the GPU of the table under it, and the card "AMD Radeon AI PRO R9700
    (RADV GFX1201)" names is that card, not its codename alone nor the other table's."""
    path = FIXTURES / "vulkan_device_name.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    assert [c.config.get("gpu") for c in claims] == [
        "AMD Radeon Graphics (REMBRANDT)",
        "AMD Radeon AI PRO R9700 (GFX1201)",
    ]


def test_a_last_cell_cut_after_its_value_keeps_the_value_without_a_spread() -> None:
    """ "| tg128 | 84.25 ±" last in an excerpt: the space before "±" ends the value, so only its spread is lost."""
    path = FIXTURES / "cut_after_value.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    assert [(c.value, c.stderr) for c in claims] == [(1010.4, 4.1), (84.25, None)]


def test_status_lines_between_a_side_and_its_table() -> None:
    """ "This branch:" then the tool's "Loading model..." / "Heat up time: ..." lines, then the table: the label is
    the table's side (each table paired with the other side's), the warm-up times printed there are no results, and
    the "M3 MacBook Air" of the lead-in is the device."""
    path = FIXTURES / "status_lines_under_side.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    assert [(c.source.line, c.value, c.reference) for c in claims] == [
        (13, 1402.55, 1288.7),
        (14, 58.31, 57.9),
        (21, 1288.7, None),
        (22, 57.9, None),
    ]
    assert [c.revision.label if c.revision else None for c in claims] == ["This branch"] * 2 + ["master"] * 2
    assert all(c.config["gpu"] == "M3" for c in claims)


def test_a_warm_up_time_the_text_reports_stays_a_result() -> None:
    """A warm-up time the author reports in prose (the change is to warm-up) is a result: only the tool's status line
    among its other status lines, over its table, is none."""
    text = "# faster model load\n\nWarm-up time: 0.42 seconds with this change, 1.31 seconds before.\n"
    claims = extract(text, path="warm_up.md").claims
    assert [c.value for c in claims if c.kind == "perf"][:1] == [0.42]


def test_a_row_cut_before_its_side_keeps_the_baseline_value() -> None:
    """The excerpt ends after a row's baseline cell ("| mistral 7B Q6_K | tg128 | 9.72 |"): that value is the
    baseline side's result, kept alone (the cut is still warned); a row cut inside a cell gives nothing of that cell."""
    path = FIXTURES / "cut_before_side_cells.md"
    result = extract(path.read_text(encoding="utf-8"), path=path.name)
    last = result.claims[-1]
    assert (last.source.line, last.value, last.reference, last.metric) == (8, 9.72, None, "t/s tg128")
    assert last.revision is not None and last.revision.label == "master"
    assert any("cut short" in w.message for w in result.warnings)
    partial = path.read_text(encoding="utf-8").rstrip().rstrip("|").rstrip()[:-1]  # "| 9.7": the cell cut
    assert [c.value for c in extract(partial, path=path.name).claims if c.source.line == 8] == []
