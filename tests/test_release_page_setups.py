"""A release page's result cells carry their whole setup (issue 26): the board its "GPU:" line names by a GeForce's
number alone, the processor its "CPU:" line names (never the board), a part number's letter read as no unit; the
prompt length a column's header or the corner names, and the output length of a settings row; each release's own
settings for its own results only, and compare keeping a release's series whole as the page grows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.parsers import extract
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.section_results import unit_measure
from ledger.parsers.grammar.setup_sections import setup_sections
from ledger.parsers.grammar.varied import states_result
from ledger.parsers.prose.setup_chains import chain_steps
from ledger.parsers.reader.document import read_document
from ledger.vocab.board_counts import cores_of
from ledger.vocab.canonical import canon_value, canonical_gpu
from ledger.vocab.machine_lines import cpu_as_printed, labelled_card
from ledger.vocab.setting_heads import prompt_corner, prompt_of_column
from ledger.vocab.setup import qualifiers


@pytest.mark.parametrize(
    ("value", "card"),
    [
        ("4090D 24G VRAM", "RTX 4090D"),
        ("4090 24G VRAM", "RTX 4090"),
        ("2x 3090 24G", "2x RTX 3090"),
        ("(1~4)x 4090D 24GVRAM (more for long prompts)", "RTX 4090D"),
        ("3090 Ti", "RTX 3090 Ti"),
        ("4090 is the card we had", None),
        ("40900", None),
    ],
)
def test_a_gpu_lines_bare_number_is_a_geforce(value: str, card: str | None) -> None:
    assert labelled_card(value) == card


def test_the_china_edition_is_a_board_of_its_own() -> None:
    assert canonical_gpu("RTX 4090D")[0] == "rtx4090d"
    assert canonical_gpu("RTX 4090")[0] == "rtx4090"


@pytest.mark.parametrize(
    ("line", "setup"),
    [
        ("- GPU: 4090D 24G VRAM", {"gpu": "RTX 4090D"}),
        ("- CPU: cpu_model_name: AMD EPYC 9654, 96 cores per socket", {"cpu": "AMD EPYC 9654"}),
        ("CPU: Intel Xeon Gold 6454S 1T DRAM (2 NUMA nodes) <br>", {"cpu": "Intel Xeon Gold 6454S"}),
    ],
)
def test_a_machine_line_states_its_board_or_its_processor(line: str, setup: dict[str, str]) -> None:
    assert line_setup(line) == setup


def test_a_cpu_value_loses_its_field_name_and_memory() -> None:
    assert cpu_as_printed("cpu_model_name: AMD EPYC 9654") == "AMD EPYC 9654"
    assert cpu_as_printed("Xeon 8480 512 GB DRAM") == "Xeon 8480"


@pytest.mark.parametrize("text", ["- CPU: Xeon Gold 6454S, 32 cores", "- CPU: Xeon Gold 6454S 1T DRAM"])
def test_a_part_numbers_letter_is_no_second(text: str) -> None:
    assert not states_result(text)
    assert not unit_measure(text)


def test_a_duration_still_is_one() -> None:
    assert states_result("- warm-up took 12s")
    assert unit_measure("warm-up took 12 s")


@pytest.mark.parametrize(
    ("cell", "length"),
    [("Prompt", ""), ("Prompt length", ""), ("Prompt (500 tokens)", "500"), ("Model", None), ("Prompts/s", None)],
)
def test_a_corner_names_the_prompt(cell: str, length: str | None) -> None:
    assert prompt_corner(cell) == length


@pytest.mark.parametrize(
    ("head", "length"), [("1K (969)", "969"), ("hi (2)", "2"), ("2K", "2K"), ("8 experts", None), ("ours", None)]
)
def test_a_column_under_a_prompt_corner_names_its_length(head: str, length: str | None) -> None:
    assert prompt_of_column(head) == length


def test_a_length_row_sets_each_columns_output_length() -> None:
    doc = read_document(
        "| Prompt | a (5) | b (9) |\n| --- | --- | --- |\n| Output length | 16tokens | 8 tokens |\n"
        "| Decode token/s | 1.5 | 2.5 |\n",
        "t.md",
    )
    table = next(b.table for b in doc.blocks if b.table is not None)
    assert table.column_setup is not None
    assert [s.get("isl") for s in table.column_setup[1:]] == ["5", "9"]
    assert [s.get("osl") for s in table.column_setup[1:]] == ["16", "8"]


CASES = Path(__file__).parent / "fixtures" / "compare_cases"


def _steps(tmp_path: Path, stem: str) -> list[str]:
    db = str(tmp_path / "ledger.db")
    runner = CliRunner()
    for n in (1, 2):
        args = ["ingest", "--db", db, "--repo", "acme/x", "--repo-path", "docs/p.md", str(CASES / f"{stem}_v{n}.md")]
        assert runner.invoke(app, args).exit_code == 0
    r = runner.invoke(app, ["compare", "acme/x:docs/p.md", "--db", db, "--by", "versions", "--all", "-f", "json"])
    assert r.exit_code == 0, r.output
    return [str(row["verdict"]["verdict"]) for row in json.loads(r.output)["rows"]]


def test_a_release_added_with_its_own_settings_leaves_the_first_releases_series_whole(tmp_path: Path) -> None:
    # (its bullets named a second board and another model for the first release's table: "not comparable", "new")
    assert sorted(_steps(tmp_path, "release_settings")) == [
        "new",
        "new",
        "within noise",
        "within noise",
    ]


def test_a_header_corrected_to_name_its_prompt_length_keeps_its_series(tmp_path: Path) -> None:
    # ("ours (8 experts)" corrected to "8K (8012)": the column's series gains isl=8012, one series still)
    assert _steps(tmp_path, "prompt_header_fix") == ["within noise"] * 6


def test_two_ranges_are_judged_end_by_end(tmp_path: Path) -> None:
    # ("2~40x" then "2~17x": the high end fell; their middles within the ranges' widths read it as noise)
    assert sorted(_steps(tmp_path, "range_ends")) == ["regression", "within noise"]


@pytest.mark.parametrize(
    ("line", "sockets"), [("Dual socket: 1T DRAM", "dual"), ("on 2 sockets", "2"), ("32 cores per socket", None)]
)
def test_a_socket_count_is_a_runs_setup(line: str, sockets: str | None) -> None:
    assert qualifiers(line).get("sockets") == sockets


def test_a_count_in_words_is_its_number() -> None:
    assert canon_value("sockets", "dual") == canon_value("sockets", "2") == "2"
    assert canon_value("sockets", "single") == "1"


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        ("ours: 6.1 (16 cores) → 8.4 (dual-socket, 2×16 cores)", 2),
        ("12.0 s -> 9.5 s after the fix", None),  # (a value and its reference: no setups)
        ("6.1 (16 cores), then 8.4 (two sockets)", None),  # (no arrow between)
        ("6.1 (16 cores) → 8.4 (two sockets) and more → 9.0 (AMX)", None),  # (words between two steps)
    ],
)
def test_a_chain_is_steps_each_with_its_setup(text: str, steps: int | None) -> None:
    found = chain_steps(text)
    assert (len(found) if found is not None else None) == steps


def test_a_steps_cores_are_its_own() -> None:
    assert cores_of("dual-socket, 2×32 cores") == "2×32"
    assert cores_of("32 cores per socket") is None
    assert canon_value("cores", "2×32") == "64"


def _page_configs(text: str) -> list[dict[str, str]]:
    return [dict(c.config) for c in extract(text, "perf.md", page=True).claims if c.kind == "perf"]


_METHOD_PAGE = """# Throughput

#### Phi 4 14B

| ISL/OSL | H100<br/>TP2 (FP8) |
|---|---|
| 512/512 | 2,345 |

## How we ran it

Each run had CUDA graphs enabled:

```shell
bench --model $model --backend pytorch
```

For MoE models we also pass `--ep 2`.
"""


def test_a_method_section_below_the_tables_sets_them_up_but_a_model_class_line_does_not() -> None:
    """The method section gives the page's tables its backend and graphs; "For MoE models ..." is that class's alone,
    and a table says not which class its model is, so ep reaches none."""
    (config,) = _page_configs(_METHOD_PAGE)
    assert config["backend"] == "pytorch" and config["cuda_graph"] == "on"
    assert "ep" not in config


def test_a_setting_every_model_class_states_alike_holds_for_all() -> None:
    text = _METHOD_PAGE.replace(
        "For MoE models we also pass `--ep 2`.",
        "For dense models:\n\n```yaml\ncuda_graph_config:\n  enable_padding: true\n```\n\n"
        "For MoE models:\n\n```yaml\ncuda_graph_config:\n  enable_padding: true\nenable_attention_dp: true\n```\n",
    ).replace("Each run had CUDA graphs enabled:", "Each run:")
    (config,) = _page_configs(text)
    assert config["cuda_graph"] == "on" and "attention_dp" not in config


def test_a_placeholders_row_names_no_setting() -> None:
    """A method's table of variables ("`$model`: e.g. org/Model-7B-Chat") states what each may hold, no run's."""
    text = _METHOD_PAGE + "\n### Variables\n\n| Name | Meaning |\n|---|---|\n| `$model` | e.g. org/Model-7B-Chat |\n"
    stated = setup_sections(read_document(text, "perf.md"))
    assert stated and all("model" not in values for _, _, values in stated)


@pytest.mark.parametrize(
    ("line", "quant"),
    [
        ("Model: DeepseekV3-BF16 (online quant into int8 for CPU and int4 for GPU)", "int8/int4"),
        ("Model: DeepseekV2-BF16 (online int8 quant)", "int8"),
        ("Qwen3-8B-FP8 (quantized on the fly to int4)", "int4"),
        ("Model: DeepseekV2-BF16 (downloaded from the hub)", "bf16"),  # (stored and run alike)
    ],
)
def test_a_checkpoint_quantised_as_it_loads_runs_in_the_precision_it_was_quantised_into(line: str, quant: str) -> None:
    assert qualifiers(line).get("quant") == quant


def test_each_release_sections_online_quant_is_its_own_results_precision() -> None:
    path = Path(__file__).parent / "fixtures" / "release_pages" / "online_quant_settings.md"
    doc = extract(path.read_text(), path=path.name)
    by_line = {c.source.line: c.config.get("quant") for c in doc.claims}
    assert by_line == {12: "int8/int4", 23: "int8", 34: "bf16"}
