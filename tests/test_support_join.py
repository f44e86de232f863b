"""`ledger support`: the architecture x engine x feature join, through the command line.

The ledger holds three engines' support documents: TensorRT-LLM's (a supported-models page and a note on
it, tests/fixtures/support_join/), vLLM's and SGLang's (examples/, written in those projects' shapes), a
vLLM release note that disagrees with vLLM's page, and a TensorRT-LLM pull request whose gates name
Qwen3-Next and sliding-window attention.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from typer.testing import CliRunner

from ledger.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
JOIN = ROOT / "tests" / "fixtures" / "support_join"
EXAMPLES = ROOT / "examples"
runner = CliRunner()


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    r = runner.invoke(app, list(args), env=env)
    assert "Traceback" not in r.stdout + r.stderr, r.stdout + r.stderr
    return r


def ok(*args: str, env: dict[str, str] | None = None) -> Result:
    r = run(*args, env=env)
    assert r.exit_code == 0, r.stderr
    return r


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("join") / "l.db")
    ok(
        "ingest",
        str(JOIN / "trtllm-models.md"),
        str(JOIN / "trtllm-note.txt"),
        "--repo",
        "NVIDIA/TensorRT-LLM",
        "--db",
        path,
    )
    ok(
        "ingest",
        str(EXAMPLES / "vllm-supported-models.md"),
        "--repo",
        "vllm-project/vllm",
        "--repo-path",
        "docs/models/supported_models.md",
        "--db",
        path,
    )
    ok("ingest", str(JOIN / "vllm-release-note.md"), "--engine", "vllm", "--db", path)
    ok("ingest", str(EXAMPLES / "sglang-hybrid-models.md"), "--db", path)  # its text names SGLang
    ok("ingest", str(JOIN / "trtllm-pr-swa.md"), "--repo", "NVIDIA/TensorRT-LLM", "--pr", "9101", "--db", path)
    return path


def rows(db: str, *args: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in ok("support", "--db", db, *args, "-f", "jsonl").stdout.splitlines()]


def cells(found: list[dict[str, Any]]) -> set[tuple[str, str, str, str]]:
    return {(r["engine"], r["subject"], r["feature"], r["value"]) for r in found}


# ---- the joins -----------------------------------------------------------------------------------------------


def test_feature_spellings_join_across_engines(db: str) -> None:
    found = rows(db, "--feature", "sliding window")
    qwen = {(r["engine"], r["printed_feature"], r["value"]) for r in found if r["subject"] == "Qwen3NextForCausalLM"}
    assert qwen == {
        ("TensorRT-LLM", "Sliding Window Attention", "no"),
        ("vLLM", "Sliding Window", "n/a"),
        ("SGLang", "Sliding Window", "no"),
    }
    assert {r["feature"] for r in found} == {"Sliding Window Attention"}
    for spelling in ("SWA", "Sliding Window Attention", "sliding-window attention"):
        assert cells(rows(db, "--feature", spelling)) == cells(found), spelling


def test_an_engine_own_spelling_joins_too(db: str) -> None:
    """SGLang's "Radix Cache" and vLLM's "Prefix Caching" are TensorRT-LLM's "KV Cache Reuse"."""
    found = rows(db, "--subject", "Qwen3NextForCausalLM", "--feature", "prefix caching")
    assert {(r["engine"], r["printed_feature"]) for r in found} == {
        ("TensorRT-LLM", "KV Cache Reuse"),
        ("vLLM", "Prefix Caching"),
        ("SGLang", "Radix Cache"),
    }


def test_grouped_architectures_are_expanded(db: str) -> None:
    found = rows(db, "--subject", "Qwen2ForProcessRewardModel")
    assert ("TensorRT-LLM", "Qwen2ForProcessRewardModel", "Chunked Prefill", "yes") in cells(found)
    assert ("vLLM", "Qwen2ForProcessRewardModel", "LoRA", "yes") in cells(found)
    printed = {r["printed_subject"] for r in found}
    assert printed == {"Qwen2For{Reward,ProcessReward}Model", "Qwen2ForRewardModel, Qwen2ForProcessRewardModel"}
    # the other class of the group has its own row, from the same cells
    assert ("TensorRT-LLM", "Qwen2ForRewardModel", "Chunked Prefill", "yes") in cells(
        rows(db, "--subject", "Qwen2ForRewardModel")
    )


def test_footnote_marks_are_removed_and_the_footnote_is_the_note(db: str) -> None:
    found = rows(db, "--subject", "GLM4VForCausalLM", "--feature", "LoRA")
    assert [(r["subject"], r["value"]) for r in found] == [("GLM4VForCausalLM", "yes")]
    assert found[0]["note"].startswith("The checkpoint names a different class: pass --hf-overrides")
    step = rows(db, "--subject", "Step3p7ForConditionalGeneration", "--feature", "listed", "--engine", "trtllm")
    assert "The vision tower stays in BF16." in {r["note"] for r in step}  # a [^2] on the class name


def test_absent_is_a_value_of_its_own(db: str) -> None:
    found = rows(db, "--subject", "MambaForCausalLM", "--feature", "architecture table")
    assert cells(found) == {
        ("TensorRT-LLM", "MambaForCausalLM", "Architecture listed", "absent"),
        ("vLLM", "MambaForCausalLM", "Architecture listed", "yes"),
    }
    assert {r["subject"] for r in rows(db, "--value", "absent")} == {"MambaForCausalLM", "FalconH1ForCausalLM"}


def test_untested_is_a_value_of_its_own(db: str) -> None:
    found = rows(db, "--value", "untested", "--engine", "TensorRT-LLM")
    assert cells(found) == {
        ("TensorRT-LLM", "Step3p7ForConditionalGeneration", "Chunked Prefill", "untested"),
        ("TensorRT-LLM", "Step3p7ForConditionalGeneration", "KV Cache Reuse", "untested"),
    }


def test_two_sources_of_one_engine_that_disagree_are_both_shown_and_marked(db: str) -> None:
    found = rows(db, "--subject", "Step3p7ForConditionalGeneration", "--feature", "KV Cache Reuse")
    trt = sorted(
        (r["value"], Path(r["source"]["document"]).name, r["source"]["line"], r["disagreement"])
        for r in found
        if r["engine"] == "TensorRT-LLM"
    )
    assert trt == [("no", "trtllm-note.txt", 3, True), ("untested", "trtllm-models.md", 16, True)]
    lora = [r for r in rows(db, "--subject", "Qwen3NextForCausalLM", "--feature", "LoRA")]
    assert sorted((r["value"], r["disagreement"]) for r in lora) == [("no", True), ("yes", True)]
    agree = rows(db, "--subject", "Qwen3NextForCausalLM", "--feature", "listed", "--engine", "TensorRT-LLM")
    assert len(agree) == 2 and not any(r["disagreement"] for r in agree)  # the table and the note agree
    table = ok("support", "--db", db, "--subject", "Step3p7ForConditionalGeneration", env={"COLUMNS": "140"}).stdout
    assert "≠ no" in table and "≠ untested" in table and "the engine's sources disagree" in table


def test_model_names_map_to_their_architecture(db: str) -> None:
    """SGLang's rows are model names with the class beside them; vLLM's Models column gives "Qwen3-Next"."""
    by_class = rows(db, "--subject", "Qwen3NextForCausalLM")
    assert {r["printed_subject"] for r in by_class if r["engine"] == "SGLang"} == {"Qwen3-Next", "Qwen3NextForCausalLM"}
    for name in ("Qwen3-Next", "qwen3_next", "Qwen3Next"):
        assert cells(rows(db, "--subject", name)) == cells(by_class), name


def test_unknown_names_are_kept_as_printed(db: str) -> None:
    found = rows(db, "--feature", "Page Size > 1")
    assert {(r["subject"], r["feature"], r["subject_kind"]) for r in found} == {
        ("FlashInfer", "Page Size > 1", "other"),
        ("FA3", "Page Size > 1", "other"),
        ("Triton", "Page Size > 1", "other"),
    }


def test_every_cell_has_its_engine_and_is_traced_to_its_line(db: str) -> None:
    found = rows(db)
    assert len(found) > 100
    conn = sqlite3.connect(db)
    texts = {
        k: t
        for k, t in conn.execute(
            "SELECT d.key, v.text FROM documents d JOIN document_versions v ON v.id = d.latest_version_id"
        )
    }
    for r in found:
        assert {"engine", "subject", "feature", "value", "note", "source"} <= r.keys()
        assert r["engine"] in ("TensorRT-LLM", "vLLM", "SGLang"), r
        src = r["source"]
        lines = texts[src["document"]].split("\n")
        assert src["text"] in "\n".join(lines[src["line"] - 1 : src["line_end"]]), r


# ---- the matrices ----------------------------------------------------------------------------------------------


def test_subject_matrix_has_every_engine_and_fits_the_terminal(db: str) -> None:
    out = ok("support", "--db", db, "--subject", "Qwen3NextForCausalLM", env={"COLUMNS": "100"}).stdout
    head = next(line for line in out.splitlines() if "feature" in line and "┃" in line)
    for engine in ("TensorRT-LLM", "vLLM", "SGLang"):
        assert engine in head
    assert max(len(line) for line in out.splitlines()) <= 100
    assert "Sliding Window Attention" in out and "sources:" in out and "notes:" in out
    assert "Accuracy on long-context coding tasks is below the reference." in out  # [^1], below the matrix


def test_feature_matrix_rows_are_architectures(db: str) -> None:
    out = ok("support", "--db", db, "--feature", "sliding window", env={"COLUMNS": "120"}).stdout
    assert "Sliding Window Attention: subjects × engines" in out
    for subject in ("Qwen3NextForCausalLM", "Gemma3ForCausalLM", "GptOssForCausalLM", "FlashInfer"):
        assert subject in out


def test_evidence_beside_the_cell(db: str) -> None:
    found = rows(db, "--subject", "Qwen3NextForCausalLM", "--feature", "sliding window", "--evidence")
    trt = [r for r in found if r["engine"] == "TensorRT-LLM"]
    assert trt and all(r["evidence"] for r in trt)
    ev = trt[0]["evidence"]
    assert {(e["document"], e["kind"], e["metric"]) for e in ev} == {
        ("NVIDIA/TensorRT-LLM#9101", "gate", "test_qwen3_next_sliding_window_gsm8k"),
        ("NVIDIA/TensorRT-LLM#9101", "accuracy", "gsm8k"),
    }  # not the chunked-prefill gate, not the Llama one
    assert all(e["revision"] == {"label": "Final head", "head": "4f1e2d3c5b", "base": "9a8b7c6d5e"} for e in ev)
    assert all(not r["evidence"] for r in found if r["engine"] != "TensorRT-LLM")  # a PR speaks for its engine
    out = ok("support", "--db", db, "--subject", "Qwen3NextForCausalLM", "--evidence", env={"COLUMNS": "160"}).stdout
    assert "+2 PR" in out and "NVIDIA/TensorRT-LLM#9101 v1:11 gate test_qwen3_next_sliding_window_gsm8k pass" in out


def test_rows_as_csv_and_markdown(db: str) -> None:
    out = ok("support", "--db", db, "--subject", "Qwen3NextForCausalLM", "--feature", "swa", "-f", "csv").stdout
    table = list(csv.DictReader(io.StringIO(out)))
    assert {r["engine"] for r in table} == {"TensorRT-LLM", "vLLM", "SGLang"}
    assert all(r["document"] and r["line"].isdigit() for r in table)
    md = ok("support", "--db", db, "--subject", "Qwen3NextForCausalLM", "--feature", "swa", "-f", "markdown").stdout
    assert md.splitlines()[0] == "| engine | subject | feature | value | note | source | evidence |"
    assert "vllm-project/vllm:docs/models/supported\\_models.md:" in md


def test_nothing_matches(db: str) -> None:
    assert "no support claims match" in ok("support", "--db", db, "--subject", "NoSuchForCausalLM").stdout
    assert rows(db, "--subject", "NoSuchForCausalLM") == []


# ---- engine identity at ingest -------------------------------------------------------------------------------


def _documents(path: str) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(path)
    return conn.execute("SELECT key, repo, pr, engine, repo_path FROM documents ORDER BY id").fetchall()


def test_a_support_document_is_a_document_of_its_repository(tmp_path: Path) -> None:
    path = str(tmp_path / "l.db")
    doc = JOIN / "trtllm-models.md"
    ok("ingest", str(doc), "--repo", "NVIDIA/TensorRT-LLM", "--db", path)
    ok(
        "ingest",
        str(doc),
        "--repo",
        "NVIDIA/TensorRT-LLM",
        "--repo-path",
        "docs/source/models/supported-models.md",
        "--db",
        path,
    )
    ok(
        "ingest",
        str(JOIN / "vllm-release-note.md"),
        "--url",
        "https://docs.vllm.ai/en/latest/release.html",
        "--db",
        path,
    )
    ok("ingest", str(JOIN / "trtllm-note.txt"), "--engine", "MyServe", "--db", path)
    assert _documents(path) == [
        (str(doc), "NVIDIA/TensorRT-LLM", None, "TensorRT-LLM", None),  # the path as given, not "repo:/path"
        (
            "NVIDIA/TensorRT-LLM:docs/source/models/supported-models.md",
            "NVIDIA/TensorRT-LLM",
            None,
            "TensorRT-LLM",
            "docs/source/models/supported-models.md",
        ),
        ("https://docs.vllm.ai/en/latest/release.html", None, None, "vLLM", None),
        (str(JOIN / "trtllm-note.txt"), None, None, "MyServe", None),  # an engine we do not know, as typed
    ]
    assert {r["engine"] for r in rows(path)} == {"TensorRT-LLM", "vLLM", "MyServe"}
    assert "[TensorRT-LLM]" in ok("show", "1", "--db", path).stdout


def test_repo_path_needs_a_repository_and_no_pr(tmp_path: Path) -> None:
    path = str(tmp_path / "l.db")
    for args in (
        ("--repo-path", "docs/x.md"),
        ("--repo", "o/n", "--pr", "3", "--repo-path", "docs/x.md"),
        ("--repo", "o/n", "--repo-path", "../x.md"),
    ):
        r = run("ingest", str(JOIN / "trtllm-note.txt"), *args, "--db", path)
        assert r.exit_code == 2 and r.stderr.startswith("ledger: ") and r.stderr.count("\n") == 1, (args, r.stderr)


def test_a_survey_column_speaks_for_its_engine(tmp_path: Path) -> None:
    path = str(tmp_path / "l.db")
    ok("ingest", str(ROOT / "tests" / "fixtures" / "support" / "engine_columns.md"), "--engine", "vLLM", "--db", path)
    found = rows(path, "--subject", "Lfm2ForCausalLM")
    assert cells(found) == {
        ("vLLM", "Lfm2ForCausalLM", "Architecture listed", "yes"),
        ("SGLang", "Lfm2ForCausalLM", "Architecture listed", "no"),
        ("TensorRT-LLM", "Lfm2ForCausalLM", "Architecture listed", "no"),
    }


def test_a_hardware_column_is_the_cells_hardware_and_answers_which_hardware_runs_a_feature(tmp_path: Path) -> None:
    # (rows are quantization methods, columns GPU generations: "which hardware serves NVFP4" asks for a row, and the
    # column is the hardware the cell holds on, never a feature NVFP4 is combined with)
    path = str(tmp_path / "l.db")
    page = ROOT / "tests" / "fixtures" / "support" / "methods_by_hardware.md"
    ok("ingest", str(page), "--engine", "vLLM", "--db", path)
    found = rows(path, "--feature", "NVFP4")
    assert cells(found) == {
        ("vLLM", "Ampere", "NVFP4", "no"),
        ("vLLM", "Hopper", "NVFP4", "no"),
        ("vLLM", "Blackwell", "NVFP4", "yes"),
    }
    assert {(r["read_across"], r["subject_kind"]) for r in found} == {(None, "hardware")}
    shown = ok("support", "--db", path, "--feature", "NVFP4").stdout
    assert "Blackwell" in shown and "together with" not in shown and "read across" not in shown
    assert {r["feature"] for r in rows(path, "--subject", "Hopper")} == {"INT4 grouped", "FP8 per-tensor", "NVFP4"}


def test_a_feature_x_hardware_matrix_lists_the_hardware_apart_from_the_features_it_pairs_with(tmp_path: Path) -> None:
    """`support --feature "CUDA graph"` over a page with a feature x feature and a feature x hardware table: the
    hardware are the subjects (CPU: no), the paired features the "+" rows; `--subject CPU` lists CPU's features."""
    path = str(tmp_path / "l.db")
    page = tmp_path / "matrix.md"
    page.write_text(
        "## Feature x Feature\n\n| Feature | [CP](#chunked-prefill) | CUDA graph |\n|---|---|---|\n"
        "| [CP](#chunked-prefill) | ✅ | |\n| CUDA graph | ✅ | ✅ |\n\n"
        "## Feature x Hardware\n\n| Feature | Volta | Hopper | CPU |\n|---|---|---|---|\n"
        "| [CP](#chunked-prefill) | ❌ | ✅ | ✅ |\n| CUDA graph | ✅ | ✅ | ❌ |\n",
        encoding="utf-8",
    )
    ok("ingest", str(page), "--engine", "vLLM", "--db", path)
    found = rows(path, "--feature", "CUDA graph")
    assert {(r["subject"], r["subject_kind"], r["value"]) for r in found} == {
        ("Volta", "hardware", "yes"),
        ("Hopper", "hardware", "yes"),
        ("CPU", "hardware", "no"),
        ("CUDA Graph", "feature", "yes"),
        ("Chunked Prefill", "feature", "yes"),
    }
    assert {(r["feature"], r["value"]) for r in rows(path, "--subject", "CPU")} == {
        ("Chunked Prefill", "yes"),
        ("CUDA Graph", "no"),
    }
    # asked as a subject, a feature lists its hardware cells beside the features it combines with
    assert {(r["feature"], r["value"]) for r in rows(path, "--subject", "CUDA graph")} == {
        ("Chunked Prefill", "yes"),
        ("CUDA Graph", "yes"),
        ("Volta", "yes"),
        ("Hopper", "yes"),
        ("CPU", "no"),
    }


def test_a_row_naming_hardware_is_the_cells_hardware_too(tmp_path: Path) -> None:
    """The other way round, "| Hardware | FP8 | INT4 |" over "| Hopper | ✅ | ✅ |": the row is the hardware (its
    cells' gpu setting), so "which hardware serves FP8" lists it as hardware, as a hardware column does."""
    path = str(tmp_path / "l.db")
    page = tmp_path / "hardware_rows.md"
    page.write_text(
        "# Kernels\n\n| Hardware | FP8 | INT4 |\n|---|---|---|\n| Hopper | ✅ | ✅ |\n| Ampere | ❌ | ✅ |\n"
        "| CPU | ❌ | 🟠 |\n",
        encoding="utf-8",
    )
    ok("ingest", str(page), "--engine", "vLLM", "--db", path)
    found = rows(path, "--feature", "FP8")
    assert {(r["subject"], r["subject_kind"], r["value"]) for r in found} == {
        ("Hopper", "hardware", "yes"),
        ("Ampere", "hardware", "no"),
        ("CPU", "hardware", "no"),
    }
    assert {r["read_across"] for r in found} == {None}


def test_a_feature_a_page_puts_on_its_rows_is_read_across(tmp_path: Path) -> None:
    # (rows are quantization methods, columns operating systems, no hardware: "which system serves NVFP4" asks for
    # a row, read across)
    path = str(tmp_path / "l.db")
    page = tmp_path / "methods_by_system.md"
    page.write_text(
        "# Quantization kernels by system\n\n| Quantization method | Linux | Windows | macOS |\n|---|---|---|---|\n"
        "| INT4 grouped | ✅ | ✅ | ✅ |\n| FP8 per-tensor | ✅ | ❌ | ❌ |\n| NVFP4 | ✅ | ❌ | ❌ |\n",
        encoding="utf-8",
    )
    ok("ingest", str(page), "--engine", "vLLM", "--db", path)
    found = rows(path, "--feature", "NVFP4")
    assert cells(found) == {
        ("vLLM", "Linux", "NVFP4", "yes"),
        ("vLLM", "Windows", "NVFP4", "no"),
        ("vLLM", "macOS", "NVFP4", "no"),
    }
    assert {r["read_across"] for r in found} == {"feature"}
    shown = ok("support", "--db", path, "--feature", "NVFP4").stdout
    assert "matched as a subject" in shown and "Linux" in shown
    assert {r["feature"] for r in rows(path, "--subject", "Windows")} == {"INT4 grouped", "FP8 per-tensor", "NVFP4"}
    assert rows(path, "--feature", "Windows")[0]["read_across"] is None  # (asked on its own axis: as printed)


def test_a_repository_no_vocabulary_knows_is_its_pages_engine_by_its_name(tmp_path: Path) -> None:
    """A plugin's page (`--repo acme/zephyr-plugin`, not an engine we know): its document and cells speak for
    "zephyr-plugin", never for nobody (the support table's column was headed with the document's key)."""
    path = str(tmp_path / "l.db")
    page = ROOT / "tests" / "fixtures" / "support" / "page_legend_marks.md"
    ok("ingest", str(page), "--repo", "acme/zephyr-plugin", "--repo-path", "docs/models.md", "--db", path)
    assert {r["engine"] for r in rows(path, "--subject", "Orca-7B")} == {"zephyr-plugin"}
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT engine FROM documents").fetchall() == [("zephyr-plugin",)]


def test_extract_names_the_engine_on_every_cell(tmp_path: Path) -> None:
    out = ok("extract", str(EXAMPLES / "sglang-hybrid-models.md")).stdout
    found = [json.loads(line) for line in out.splitlines()]
    assert found and {c["engine"] for c in found if c["kind"] in ("support", "listing")} == {"SGLang"}
    told = ok("extract", str(JOIN / "trtllm-models.md"), "--engine", "sglang").stdout
    assert {json.loads(line)["engine"] for line in told.splitlines()} == {"SGLang"}


# ---- done means: the seed note, the shared docs and another engine's page, joined ---------------------------

SHARED = ROOT.parent / "shared"


@pytest.mark.skipif(not (SHARED / "corpus" / "docs").exists(), reason="../shared (seeds, corpus/docs) not present")
def test_done_means_both_matrices_over_the_shared_docs(tmp_path: Path) -> None:
    path = str(tmp_path / "l.db")
    seed = next((SHARED / "seeds").glob("000_*.txt"))
    ok(
        "ingest",
        str(seed),
        *map(str, sorted((SHARED / "corpus" / "docs").glob("*.md"))),
        "--repo",
        "NVIDIA/TensorRT-LLM",
        "--db",
        path,
    )
    ok("ingest", str(EXAMPLES / "vllm-supported-models.md"), "--repo", "vllm-project/vllm", "--db", path)
    ok("ingest", str(EXAMPLES / "sglang-hybrid-models.md"), "--repo", "sgl-project/sglang", "--db", path)
    for args in (("--subject", "Qwen3NextForCausalLM"), ("--feature", "sliding window")):
        out = ok("support", "--db", path, *args, env={"COLUMNS": "160"}).stdout
        head = next(line for line in out.splitlines() if "┃" in line)
        assert all(e in head for e in ("TensorRT-LLM", "vLLM", "SGLang")), head
        found = rows(path, *args)
        assert {r["engine"] for r in found} == {"TensorRT-LLM", "vLLM", "SGLang"}
        assert all(r["source"]["line"] >= 1 and r["source"]["document"] for r in found)
    swa = {
        (r["engine"], Path(r["source"]["document"]).name, r["source"]["line"], r["value"])
        for r in rows(path, "--subject", "Qwen3NextForCausalLM", "--feature", "sliding window")
    }
    assert swa == {
        ("TensorRT-LLM", seed.name, 3, "no"),
        ("TensorRT-LLM", "trtllm-supported-models.md", 75, "no"),
        ("vLLM", "vllm-supported-models.md", 67, "n/a"),
        ("SGLang", "sglang-hybrid-models.md", 11, "no"),
    }
    # the seed note and the supported-models page disagree on Step-3.7's KV cache reuse (No against Untested)
    kv = rows(path, "--subject", "Step3p7ForConditionalGeneration", "--feature", "KV Cache Reuse", "--engine", "trtllm")
    assert {(r["value"], r["disagreement"]) for r in kv} == {("no", True), ("untested", True)}


@pytest.mark.parametrize(
    "doc",
    sorted(
        [
            *EXAMPLES.glob("*-*.md"),
            *(ROOT / "tests" / "fixtures" / "support").glob("*_shape.md"),
            *(SHARED / "corpus" / "docs").glob("*.md"),
            *(SHARED / "seeds").glob("000_*.txt"),
        ]
    ),
    ids=lambda p: p.name,
)
def test_every_cell_of_an_engines_document_names_the_engine(doc: Path) -> None:
    from ledger.ingest.extracting import extract_file

    found = [c for c in extract_file(str(doc)).claims if c.kind in ("support", "listing", "constraint")]
    assert found and all(c.engine for c in found), [c.subject for c in found if not c.engine][:5]
