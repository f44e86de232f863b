"""One setup spelled two ways is one setup (issue 26): a quantised run's matmul kernel in a lead-in's label or in a
column, a model by its checkpoint's path or by its name, and the method a quantiser's own page states for its tables.
Each pair of versions states the same numbers in the two shapes, and compare reads them within noise."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.model import Claim, Source
from ledger.parsers.grammar.page_quantiser import page_quantiser
from ledger.parsers.reader.document import read_document
from ledger.vocab.canonical import canon_value
from ledger.vocab.matmul_kernels import kernel_columns, kernel_setting
from ledger.vocab.named_models import as_named_model, holds
from ledger.vocab.quantiser_pages import own_method

CASES = Path(__file__).parent / "fixtures" / "compare_cases"


def _rows(tmp_path: Path, stem: str, page: str) -> list[dict[str, Any]]:
    repo, repo_path = page.split(":")
    db = str(tmp_path / "ledger.db")
    runner = CliRunner()
    for n in (1, 2):
        r = runner.invoke(
            app, ["ingest", "--db", db, "--repo", repo, "--repo-path", repo_path, str(CASES / f"{stem}_v{n}.md")]
        )
        assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["compare", page, "--db", db, "--by", "versions", "-f", "json"])
    assert r.exit_code == 0, r.output
    rows: list[dict[str, Any]] = json.loads(r.output)["rows"]
    return rows


@pytest.mark.parametrize("stem", ["kernel_leadin", "quantiser_page"])
def test_one_setup_in_a_lead_in_and_in_an_excerpt_table_reads_within_noise(tmp_path: Path, stem: str) -> None:
    """v1 states each kernel in a lead-in ("Kernel: GEMV", "Version: ExLlama v2") over a checkpoint's path, v2 in a
    column of an excerpt table (a legend's mark before the name) beside the model's name: the same four numbers,
    four series within noise, each kernel its own series."""
    rows = _rows(tmp_path, stem, "acme/pack:README.md")
    assert len(rows) == 4, rows
    assert {r["verdict"]["verdict"] for r in rows} == {"within noise"}, rows
    assert len({r["config"]["kernel"] for r in rows}) == 2
    assert len({r["config"]["model"] for r in rows}) == 1


def test_a_quantisers_page_states_its_method_for_a_table_that_names_none(tmp_path: Path) -> None:
    """PackGPTQ's page: v2's table names no method and the page states int4 and FP16 (the format's bits and scales)
    beside it; the package's method is its runs' quant, as v1's checkpoint paths spell it."""
    rows = _rows(tmp_path, "quantiser_page", "acme/pack:README.md")
    assert {r["config"].get("quant") for r in rows} == {"gptq"}


@pytest.mark.parametrize(
    ("label", "value", "kernel"),
    [("Version", "GEMV", "GEMV"), ("Kernel", "🔵 GEMM", "GEMM"), ("kernel", "ExLlama v2", "ExLlama v2")],
)
def test_a_kernels_label_states_the_kernel(label: str, value: str, kernel: str) -> None:
    assert kernel_setting(label, value) == {"kernel": kernel}


@pytest.mark.parametrize(("label", "value"), [("Version", "0.1.6"), ("Kernel", "fused_moe_a"), ("Model", "GEMM")])
def test_a_release_or_a_timed_kernel_is_no_run_kernel(label: str, value: str) -> None:
    """ "Version: 0.1.6" is a release; a kernel benchmark's "Kernel: fused_moe_a" names what was timed."""
    assert kernel_setting(label, value) == {}


def test_a_kernel_column_is_read_only_where_every_cell_names_one() -> None:
    heads = ["Model", "Version", "Kernel", "tok/s"]
    cells = [["A 7B", "A 7B"], ["🟢GEMV", "..."], ["fused_moe", "GEMM"], ["1", "2"]]
    assert kernel_columns(heads, cells) == {1: "kernel"}
    assert canon_value("kernel", "🟢GEMV") == canon_value("kernel", "gemv") == "gemv"
    assert canon_value("kernel", "ExLlama v2") == canon_value("kernel", "exllamav2")


@pytest.mark.parametrize(
    ("long", "short", "held"),
    [
        ("vicuna7b-v1.5-awq-gemv", "vicuna7b", True),
        ("llama2-7b-chat", "llama2-7b", True),
        ("llama2-70b-hf", "llama2-7b", False),  # 7B is no 70B
        ("llama3-8b-instruct", "llama2-8b", False),  # Llama 2 is no Llama 3
        ("codellama2-7b", "llama2-7b", False),  # the family starts where the name does
        ("vicuna7b-v1.5", "vicuna", False),  # a family without its size names no model
        ("mixtral46.7b", "7b", False),  # a decimal point is inside the size: 46.7B is no 7B
        ("zephyr-2.7b-chat", "7b", False),
        ("qwen2.5-7b-chat", "5-7b", False),
        ("qwen2.5-7b-chat", "qwen2.5-7b", True),
    ],
)
def test_a_path_holds_a_sized_name_whole(long: str, short: str, held: bool) -> None:
    assert holds(long, short) is held


@pytest.mark.parametrize(
    ("path", "name", "held"),
    [
        ("casperhansen/mpt-7b-8k-chat-awq", "MPT 7B", True),  # the context length after the size is no part of it
        ("acme/Yi-34B-200K", "Yi 34B", True),
        ("acme/Llama-2-7B-32K-Instruct-GPTQ", "Llama 2 7B", True),
        ("acme/wren-70b-16k-chat", "Wren 7B", False),  # 7B is no 70B, whatever follows the size
        ("meta-llama/Llama-3.1-8B-8k-Instruct", "Llama 3 8B", False),  # Llama 3.1 is no Llama 3
    ],
)
def test_a_paths_canonical_name_ends_its_size_where_the_size_ends(path: str, name: str, held: bool) -> None:
    assert holds(canon_value("model", path), canon_value("model", name)) is held


def _claim(model: str, value: float) -> Claim:
    return Claim(
        kind="perf",
        metric="decode tokens/s",
        value=value,
        source=Source(path="a.md", line=1, line_end=1, text=str(value)),
        config={"model": model},
    )


def test_a_path_is_read_as_the_name_only_where_no_text_names_both() -> None:
    """v1's path and v2's name are one model; a text that names both keeps them two (a chat checkpoint beside its
    base model), and a size that differs never joins."""
    joined = as_named_model([[_claim("acme/Wren-7B-v1.5-AWQ", 1.0)], [_claim("Wren 7B", 1.0)]])
    assert joined[0][0].config["model"] == "Wren 7B" and joined[0][0].config["quant"] == "awq"
    kept = as_named_model([[_claim("acme/wren-7b-chat", 1.0), _claim("Wren 7B", 2.0)], [_claim("Wren 7B", 2.0)]])
    assert kept[0][0].config["model"] == "acme/wren-7b-chat"
    apart = as_named_model([[_claim("acme/wren-70b-awq", 1.0)], [_claim("Wren 7B", 1.0)]])
    assert apart[0][0].config["model"] == "acme/wren-70b-awq"


def test_a_heading_over_one_block_and_a_path_over_the_next_name_one_model() -> None:
    """v1 heads two blocks "Wren 7B": one takes the heading's name, the other its command's path (a context length
    after the size, "-16k-"), each under its own kernel; v2 names both rows "Wren 7B". The path is the name, in v1
    too, so each kernel's rows are one series; a 70B path never joins the 7B name."""
    v1 = [
        _claim("Wren 7B", 1.0).model_copy(update={"config": {"model": "Wren 7B", "kernel": "GEMV"}}),
        _claim("x", 2.0).model_copy(update={"config": {"model": "acme/wren-7b-16k-chat", "kernel": "GEMM"}}),
        _claim("x", 3.0).model_copy(update={"config": {"model": "acme/wren-70b-16k-chat", "kernel": "GEMM"}}),
    ]
    v2 = [_claim("x", 2.0).model_copy(update={"config": {"model": "Wren 7B", "kernel": "GEMM"}})]
    joined = as_named_model([v1, v2])
    assert [c.config["model"] for c in joined[0]] == ["Wren 7B", "Wren 7B", "acme/wren-70b-16k-chat"]


def test_a_method_mentioned_in_passing_is_no_pages_own() -> None:
    """Only a package named for its method, whose opening says what it quantises with, states it for its tables."""
    assert own_method("PackGPTQ", "PackGPTQ serves weights quantized with GPTQ.") == "gptq"
    assert own_method("Servo", "Servo serves weights quantized with GPTQ.") is None  # no package of the method
    assert own_method("PackGPTQ", "PackGPTQ is faster than AWQ when quantized with GPTQ.") is None  # two methods
    assert own_method("PackGPTQ", "PackGPTQ is a GPTQ serving tool.") is None  # says nothing of quantising
    page = "# PackGPTQ\n\nPackGPTQ serves weights quantized with GPTQ.\n\n| Quant | tok/s |\n|---|---|\n| AWQ | 5 |\n"
    assert page_quantiser(read_document(page, "a.md"), ["AWQ"]) is None  # a row of another method: each its own
    assert page_quantiser(read_document(page, "a.md"), ["int4", "FP16"]) == "gptq"


@pytest.mark.parametrize(
    ("values", "one"),
    [
        ({"Atlas A2", "Atlas 800T A2"}, "Atlas 800T A2"),  # a family and its member: one machine, the member
        ({"Atlas A3", "Atlas 800 A3"}, "Atlas 800 A3"),
        ({"L4", "L40S"}, None),  # a name that only adds a tail is another board
        ({"MI300", "MI300X"}, None),
        ({"H100", "H200"}, None),
    ],
)
def test_a_board_family_and_its_member_are_one_machine(values: set[str], one: str | None) -> None:
    from ledger.vocab.canonical import one_board

    assert one_board(values) == one


def test_a_counted_family_counts_its_named_member() -> None:
    """ "four Atlas A2 cards" in a command's comment and "one Atlas 800T A2 node" in the guide: one machine of four."""
    from ledger.vocab.board_counts import counted_board, member_counts

    assert member_counts(["4xATLAS A2", "ATLAS 800T A2"]) == {
        "4xATLAS A2": "4xATLAS 800T A2",
        "ATLAS 800T A2": "4xATLAS 800T A2",
    }
    assert member_counts(["4xL4", "L40S"]) == {}  # another board, not a member
    assert counted_board("4xATLAS A2", "ATLAS 800T A2") == "4xATLAS 800T A2"
    assert counted_board("4xL4", "L40S") is None


@pytest.mark.parametrize(
    ("printed", "canonical"),
    [("16.00", "16"), ("16", "16"), ("2.5", "2.5"), ("2.50", "2.5"), ("inf", "inf"), ("Infinity", "inf")],
)
def test_a_request_rate_is_one_value_whether_a_console_or_a_command_prints_it(printed: str, canonical: str) -> None:
    assert canon_value("request_rate", printed) == canonical
