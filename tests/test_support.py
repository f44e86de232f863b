"""Support matrices (tables and prose notes) and stated rules of use.

Fixtures under tests/fixtures/support/ are our own texts in the real formats; every claim each yields (its
support, constraint and listing cells with their notes, engine, architecture and models) is in its golden,
checked by test_goldens.py. The corpus test runs the shared docs and the seed note through the whole pipeline
and checks recall against the hand-made gold.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ledger.parsers import extract
from ledger.parsers.reader.document import Document
from ledger.parsers.support.cells import cell_support, clean_name
from ledger.parsers.support.families import _family_parts, read_known, resolve_family
from ledger.parsers.support.lists import expand
from ledger.parsers.support.notes import footnotes

FIXTURES = Path(__file__).parent / "fixtures" / "support"
SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SUPPORT_KINDS = ("support", "constraint", "listing")
GOLD_KINDS = ("support", "constraint")
"""The kinds the support gold holds (a listing row is no support cell)."""


def _support_rows(text: str, name: str) -> list[dict[str, Any]]:
    result = extract(text, path=name)
    return [
        {
            "line": c.source.line,
            "kind": c.kind,
            "subject": c.subject,
            "feature": c.feature,
            "value": c.value,
            "note": c.note,
            "engine": c.engine,
            "architecture": c.architecture,
            "models": c.models,
        }
        for c in result.claims
        if c.kind in SUPPORT_KINDS
    ]


def test_support_table_takes_its_lines_from_the_number_readers() -> None:
    text = (FIXTURES / "supported_models.md").read_text(encoding="utf-8")
    result = extract(text, path="supported_models.md")
    # the plain model table (Architecture | Model | HuggingFace Example) and the matrix give no numbers
    assert [c for c in result.claims if c.kind not in SUPPORT_KINDS] == []


def test_a_matrix_that_also_prints_results_gives_its_marks_as_support_and_its_results_as_results() -> None:
    """ "| Speedup | GPU | CPU |" over "| Up to ~1.5x | ✅ | ❌ |": the marks are support cells, the speed-ups results
    (the matrix took the whole table, so they were lost); a mark is no gate and no setting of the speed-up."""
    name = "marks_beside_speedups.md"
    claims = extract((FIXTURES / name).read_text(encoding="utf-8"), path=name).claims
    assert [(c.source.line, c.feature, c.value) for c in claims if c.kind == "support"] == [
        (line, feature, value)
        for line, marks in ((7, "yn"), (8, "yn"), (9, "ny"), (13, "yn"), (14, "yy"))
        for feature, value in zip(("GPU", "CPU"), ["yes" if m == "y" else "no" for m in marks], strict=True)
    ]
    results = [c for c in claims if c.kind not in SUPPORT_KINDS]
    assert [(c.source.line, c.kind, c.value, c.unit, c.approx) for c in results] == [
        (7, "perf", 0.8, "x", True),
        (8, "perf", 1.5, "x", True),
        (9, "perf", 3.5, "x", True),
    ]
    assert all("gpu" not in c.config and "cpu" not in c.config for c in results)


def test_a_generic_support_column_takes_the_section_as_feature() -> None:
    text = "## FP8 KV cache\n\n| Model | Supported |\n|---|---|\n| `LlamaForCausalLM` | ✅ |\n| Qwen3 | No |\n"
    assert [(r["subject"], r["feature"], r["value"]) for r in _support_rows(text, "kv.md")] == [
        ("LlamaForCausalLM", "FP8 KV cache", "yes"),
        ("Qwen3", "FP8 KV cache", "no"),
    ]


def test_a_mark_of_the_pages_own_legend_is_a_cell_and_keeps_its_tables_a_matrix() -> None:
    """A legend that defines its own marks ("🟣 = experimental", "🟤 = partially working"): their cells are support
    cells as the legend says, the table of mostly such marks stays a matrix (no gate of its ✅/❌, no result of an
    issue number in its Note column)."""
    result = extract((FIXTURES / "page_legend_marks.md").read_text(encoding="utf-8"), path="page_legend_marks.md")
    assert [c.kind for c in result.claims] == ["support"] * 12
    cells = {(c.subject, c.feature): (c.value, c.note) for c in result.claims}
    assert cells[("Wren-13B", "Main models")] == ("yes", "experimental, may break between releases")
    assert cells[("Orca-7B", "Spec Decode")] == ("partial", "partially working, some kernels missing")
    assert cells[("Rook-8B", "More models")][0] == "partial"
    assert cells[("Swift-4B", "More models")][0] == "no"


def test_a_legend_on_one_line_gives_each_of_its_marks() -> None:
    text = (
        "Key: ✅ = runs, 🟣 = experimental, ⭕ = not tried yet\n\n## Boards\n\n"
        "| Model | Support | Note |\n|---|---|---|\n"
        "| Orca-7B | ✅ | |\n| Kite-1B | 🟣 | [77](https://example.com/issues/77) |\n| Lark-3B | ⭕ | |\n"
    )
    got = [(c.kind, c.subject, c.value, c.note) for c in extract(text, path="boards.md").claims]
    assert got == [
        ("support", "Orca-7B", "yes", None),
        ("support", "Kite-1B", "yes", "experimental"),
        ("support", "Lark-3B", "untested", "not tried yet"),
    ]


def test_a_mark_no_legend_explains_is_kept_as_printed_with_a_warning_never_a_gate() -> None:
    text = (
        "## Models\n\n| Model | Support |\n|---|---|\n| Orca-7B | ✅ |\n| Kite-1B | ⏳ |\n| Lark-3B | ⏳ |\n"
        "| Wren-2B | ⏳ |\n| Swift-4B | ❌ |\n"
    )
    result = extract(text, path="models.md")
    got = [(c.kind, c.subject, c.value) for c in result.claims]
    assert got == [
        ("support", "Orca-7B", "yes"),
        ("support", "Kite-1B", "⏳"),
        ("support", "Lark-3B", "⏳"),
        ("support", "Wren-2B", "⏳"),
        ("support", "Swift-4B", "no"),
    ]
    assert [w.line for w in result.warnings if "⏳" in w.message] == [6]


def test_gate_table_of_check_marks_is_not_a_matrix() -> None:
    text = (FIXTURES / "gate_status.md").read_text(encoding="utf-8")
    assert _support_rows(text, "gate_status.md") == []


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("Yes", ("yes", None, [])),
        ("No [^1]", ("no", None, ["1"])),
        ("N/A", ("n/a", None, [])),
        ("Untested", ("untested", None, [])),
        ("✅", ("yes", None, [])),
        ("❌", ("no", None, [])),
        ("✔️", ("yes", None, [])),
        ("Yes (MTP dynamic tree: greedy only)", ("yes", "MTP dynamic tree: greedy only", [])),
        ("**Yes**", ("yes", None, [])),
        ("Not supported", ("no", None, [])),
        ("---", None),
        ("", None),
        ("Known issues", None),
        ("L + I + V", None),
        ("No speed-up on H100", None),
        ("Nothing", None),
        ("12.5", None),
    ],
)
def test_cell_support(cell: str, expected: tuple[str, str | None, list[str]] | None) -> None:
    assert cell_support(cell) == expected


@pytest.mark.parametrize(
    ("cell", "name"),
    [
        ("`DeepseekV4ForCausalLM` [^11]", "DeepseekV4ForCausalLM"),
        ("**Qwen-Image-Layered** [^3]", "Qwen-Image-Layered"),
        ("[CUDA Graph](docs/cuda.md)", "CUDA Graph"),
        ("`Exaone4_5_ForConditionalGeneration`", "Exaone4_5_ForConditionalGeneration"),
        ("LlavaLlamaModel (VILA)", "LlavaLlamaModel (VILA)"),
    ],
)
def test_clean_name(cell: str, name: str) -> None:
    assert clean_name(cell) == name


def test_footnote_defined_twice_takes_the_one_after_the_table() -> None:
    doc = Document(lines=["[^3]: first page", "| a | b |", "[^3]: second page"])
    assert footnotes(doc, after=2)["3"] == "second page"
    assert footnotes(doc, after=3)["3"] == "second page"
    assert footnotes(doc, after=0)["3"] == "first page"


@pytest.mark.parametrize(
    ("name", "names"),
    [
        ("Qwen2For{Reward,ProcessReward}Model", ["Qwen2ForRewardModel", "Qwen2ForProcessRewardModel"]),
        ("Qwen2VL/Qwen2_5_VL/Qwen3VL", ["Qwen2VL", "Qwen2_5_VL", "Qwen3VL"]),
        ("LlamaForCausalLM", ["LlamaForCausalLM"]),
    ],
)
def test_expand(name: str, names: list[str]) -> None:
    assert expand(name) == names


def test_family_parts_carry_the_family_into_bare_versions() -> None:
    assert _family_parts("DeepSeek-V3/V3.2/GLM/Qwen3/3.5") == [
        "DeepSeek-V3",
        "DeepSeek-V3.2",
        "GLM",
        "Qwen3",
        "Qwen3.5",
    ]


def test_family_resolves_against_the_documents_class_names() -> None:
    doc = Document(
        lines=[
            "Rows in the architecture table: DeepseekV3ForCausalLM (DeepSeek-V3, Kimi-K2), DeepseekV32ForCausalLM, "
            "Glm4MoeForCausalLM, Step3p7ForConditionalGeneration, Qwen3_5MoeForCausalLM.",
            "Absent from the architecture table: Glm4MoeLiteForCausalLM.",
        ]
    )
    known = read_known(doc)
    got = lambda fam: [c for c, _ in resolve_family(fam, known)]  # noqa: E731
    assert got("DeepSeek-V3") == ["DeepseekV3ForCausalLM"]  # not V32: a digit may not follow a digit
    assert got("V3.2") == []
    assert got("DeepSeek-V3/V3.2") == ["DeepseekV3ForCausalLM", "DeepseekV32ForCausalLM"]
    assert got("GLM") == ["Glm4MoeForCausalLM"]  # the absent Lite class has no rows
    assert got("Step-3.7") == ["Step3p7ForConditionalGeneration"]
    assert got("Qwen3.5") == ["Qwen3_5MoeForCausalLM"]
    assert got("Kimi-K2") == ["DeepseekV3ForCausalLM"]  # through the model names in parentheses
    assert got("Falcon") == []


@pytest.mark.parametrize(
    "text",
    [
        "feat: use DeepGEMM for dense fp8 models",
        "This PR requires flashinfer 0.2 or newer.",
        "KV cache reuse and MTP are not supported on the sparse-attention path in this release.",
        "Tests included in the skip table: test_a, test_b were flaky.",
        "Yes for now; we will revisit.",
    ],
)
def test_prose_without_a_support_statement_gives_nothing(text: str) -> None:
    assert _support_rows(text + "\n", "pr.md") == []


def test_rules_of_use_take_their_subject_from_the_clause_or_the_lead() -> None:
    text = "For MoE models: expert parallelism requires the expert count divisible by EP size.\n"
    assert _support_rows(text, "note.txt") == [
        {
            "line": 1,
            "kind": "constraint",
            "subject": "MoE models",
            "feature": "expert parallelism: the expert count divisible by EP size",
            "value": "required",
            "note": None,
            "engine": None,
            "architecture": None,
            "models": None,
        },
    ]


# --- the shared corpus: the docs' matrices and the seed note against the hand-made gold ---------------


def _norm(s: object) -> str:
    return "".join(ch for ch in str(s or "").lower() if ch.isalnum())


def _key(line: int, subject: object, feature: object, value: object) -> tuple[int, str, str, str]:
    return line, _norm(subject), _norm(feature), _norm(value)


@pytest.mark.parametrize(
    ("gold_name", "doc", "min_recall"),
    [
        ("docs-trtllm-supported-models.json", "corpus/docs/trtllm-supported-models.md", 1.0),
        ("docs-trtllm-feature-combination-matrix.json", "corpus/docs/trtllm-feature-combination-matrix.md", 1.0),
        ("seed-000.json", "seeds/000_131691628d9f4da3.txt", 1.0),
    ],
)
def test_corpus_recall_and_precision(gold_name: str, doc: str, min_recall: float) -> None:
    gold_path = SHARED / "corpus" / "gold" / gold_name
    if not gold_path.exists() or not (SHARED / doc).exists():
        pytest.skip(f"shared corpus not found at {SHARED} (tests read it as ../shared from the repo root)")
    gold = json.loads(gold_path.read_text(encoding="utf-8"))["claims"]
    result = extract((SHARED / doc).read_text(encoding="utf-8"), path=Path(doc).name)
    got = {_key(c.source.line, c.subject, c.feature, c.value) for c in result.claims if c.kind in GOLD_KINDS}
    want = {_key(g["line"], g["subject"], g["feature"], g["value"]) for g in gold if g["kind"] in GOLD_KINDS}
    recall = len(got & want) / len(want)
    precision = len(got & want) / len(got)
    assert recall >= min_recall, sorted(want - got)[:10]
    assert precision >= 0.98, sorted(got - want)[:10]


def test_a_limitations_section_says_what_its_feature_does_not_support() -> None:
    """Under "## Limitations" of a page about a feature, "**X not supported**" and "X is not supported with Y" are
    that feature's support cells (value no); "the packed cache does not support Z" names its own subject. The same
    words outside such a section, and a requirement, are none."""
    claims = extract((FIXTURES / "limitations_section.md").read_text(encoding="utf-8"), path="x.md").claims
    got = [(c.source.line, c.subject, c.feature, c.value) for c in claims if c.kind == "support"]
    assert got == [
        (7, "Packed KV cache", "Sliding window", "no"),
        (8, "Packed KV cache", "Pipeline parallelism (3-bit cache)", "no"),
        (9, "packed cache", "prefix caching", "no"),
    ]


def test_an_admonition_or_a_limitations_item_says_which_engine_a_feature_runs_on() -> None:
    """A page's note (a MyST fence, a colon fence, a quote opened by "**Note**") states its product's support as a
    Limitations section does: "The FastPath engine doesn't support sliding windows" (no), "X is supported only by
    the eager engine" (yes); a Limitations item's "X currently only supports A, not B" is A yes and B no. The same
    words in a PR's plain prose are no support cell."""
    text = (
        "# Packed cache\n\n"
        "```{note}\nThe FastPath engine doesn't support sliding windows. Pick the eager engine for those.\n```\n\n"
        "> **Note**\n> Packed cache is supported only by the eager engine.\n\n"
        ":::{warning}\nThe eager engine does not support LoRA adapters.\n:::\n\n"
        "## Limitations\n\n- **Eager only**: the packed cache now only supports the eager engine, not FastPath\n\n"
        "## Changes\n\nThis kernel doesn't support fp8 yet.\n"
    )
    got = [(c.source.line, c.subject, c.feature, c.value) for c in extract(text, path="x.md").claims]
    assert got == [
        (4, "FastPath engine", "sliding windows", "no"),
        (8, "Packed cache", "eager engine", "yes"),
        (11, "eager engine", "LoRA adapters", "no"),
        (16, "packed cache", "eager engine", "yes"),
        (16, "packed cache", "FastPath", "no"),
    ]


_MATURITY_PAGE = (
    "## Capabilities\n\n"
    "| Capability | Status | Remarks |\n|---|---|---|\n"
    "| Paged KV | 🟢 Functional | stable |\n"
    "| Host offload | 🔵 Experimental | flags change |\n"
    "| Expert routing | 🔴 Deprecated | gone in 3.0 |\n"
    "| Tree drafts | 🟢 Functional | |\n\n"
    "- 🟢 = works end to end.\n- 🔵 = experimental, may change without notice.\n"
)


def test_a_status_column_of_maturity_words_is_a_matrix_not_a_gate_table() -> None:
    """A "Status" column whose marks carry a feature's maturity ("🟢 Functional", "🔵 Experimental") states support,
    not CI outcomes: one support cell per row, never a gate; a Status column of bare ✅/❌ on jobs stays the gates'."""
    result = extract(_MATURITY_PAGE, path="capabilities.md")
    assert [c.kind for c in result.claims] == ["support"] * 4
    got = [(c.subject, c.value, c.note) for c in result.claims]
    assert {c.feature for c in result.claims} == {"Capabilities"}  # (the heading, not "Status")
    assert got[0] == ("Paged KV", "yes", "Functional")
    assert got[1] == ("Host offload", "yes", "Experimental")
    assert got[2] == ("Expert routing", "no", "Deprecated")
    jobs = "## CI\n\n| Job | Status |\n|---|---|\n| unit-tests | ✅ passed |\n| lint | ❌ failed |\n"
    assert [c.kind for c in extract(jobs, path="ci.md").claims if c.kind == "support"] == []


def test_a_legend_line_that_names_its_mark_before_the_colon_explains_it() -> None:
    """ "- 🟣 Preview: experimental support, may change": the page's own mark, its label, then the meaning after a
    colon; its cells are read as the legend says (they vanished), bare or with the label beside them."""
    text = (
        "| Op | Board X | Board Y |\n|---|---|---|\n| matmul | 🟣 Preview | 🟣 |\n| conv | ✅ | ✅ |\n\n"
        "- 🟣 Preview: experimental support, may change.\n"
    )
    result = extract(text, path="ops.md")
    got = [(c.subject, c.feature, c.value, c.note) for c in result.claims]
    assert got[:2] == [
        ("matmul", "Board X", "yes", "Preview"),
        ("matmul", "Board Y", "yes", "Preview: experimental support, may change"),
    ]
    assert result.warnings == []


def test_a_mark_with_words_no_legend_explains_is_kept_as_printed_with_a_warning() -> None:
    text = "| Op | Board X |\n|---|---|\n| matmul | 🟤 Preview |\n| conv | ✅ |\n| topk | ❌ |\n"
    result = extract(text, path="ops.md")
    got = [(c.subject, c.value) for c in result.claims]
    assert got == [("matmul", "🟤"), ("conv", "yes"), ("topk", "no")]
    assert [w.line for w in result.warnings if "🟤" in w.message] == [3]


def test_a_legend_lines_aside_does_not_outweigh_its_head() -> None:
    """ "🟡 Scheduled: not started yet (some pieces exist on a branch)": the aside's "some" is no partial support."""
    text = (
        "| Kernel | Chip A |\n|---|---|\n| topk | 🟡 |\n| sort | ✅ |\n\n"
        "- 🟡 Scheduled: not started yet (some pieces exist on a branch).\n"
    )
    got = [(c.subject, c.value) for c in extract(text, path="kernels.md").claims]
    assert got == [("topk", "no"), ("sort", "yes")]


def test_an_abbreviation_with_a_title_is_named_by_its_title() -> None:
    """`<abbr title="Automatic Prefix Caching">APC</abbr>`: the page spells the name out in the title; the printed
    initials alone meet no other engine's cells."""
    text = (
        '| Feature | <abbr title="Automatic Prefix Caching">APC</abbr> | Chunked Prefill |\n|---|---|---|\n'
        "| <abbr title='Speculative Decoding'>SD</abbr> | ✅ | ❌ |\n"
    )
    got = [(c.subject, c.feature, c.value) for c in extract(text, path="pairs.md").claims]
    assert got == [
        ("Speculative Decoding", "Automatic Prefix Caching", "yes"),
        ("Speculative Decoding", "Chunked Prefill", "no"),
    ]


def test_a_feature_list_with_engine_columns_keeps_the_row_as_the_feature() -> None:
    """ "| Feature | LMDeploy V1 Engine | LMDeploy V2 Engine |": the rows are the engine's features, the columns its
    modes; each cell answers for the feature (not a subject named "Prefix caching" with a feature "V1 Engine"), the
    engine is the subject and the mode its backend. A "Status" column of maturity marks reads the same way."""
    text = (
        "# LMDeploy features\n\n| Feature | LMDeploy V1 Engine | LMDeploy V2 Engine |\n|---|---|---|\n"
        "| Prefix caching | ✅ | ✅ |\n| Beam search | ✅ | ❌ |\n\n"
        "| Capability | Status |\n|---|---|\n| Paged KV | 🟢 Functional |\n| Host offload | 🔴 Deprecated |\n"
    )
    got = [(c.subject, c.feature, c.value, (c.config or {}).get("backend")) for c in extract(text, path="f.md").claims]
    assert got == [
        ("LMDeploy", "Prefix caching", "yes", "V1"),
        ("LMDeploy", "Prefix caching", "yes", "V2"),
        ("LMDeploy", "Beam search", "yes", "V1"),
        ("LMDeploy", "Beam search", "no", "V2"),
        ("LMDeploy", "Paged KV", "yes", None),
        ("LMDeploy", "Host offload", "no", None),
    ]
    pairs = "| Feature | Prefix caching | Beam search |\n|---|---|---|\n"
    pairs += "| Beam search | ✅ | |\n| Tree drafts | ✅ | ❌ |\n"
    got = [(c.subject, c.feature) for c in extract(pairs, path="p.md").claims]
    assert got[0] == ("Beam search", "Prefix caching")  # (a combination matrix: its columns are features)


def test_a_feature_list_stamped_with_its_repositorys_engine_names_that_engine_as_subject() -> None:
    """Ingest settles a page's engine from its repository ("vllm-ascend" where the text says vLLM): an engine's own
    feature list then answers for that engine, as subject and engine alike; a survey's column keeps its own."""
    from ledger.ingest.engines import stamp_engine

    text = "# vLLM features\n\n| Feature | vLLM V1 Engine |\n|---|---|\n| LoRA | ✅ |\n| Offload | ❌ |\n"
    text += "\n| Feature | SGLang | TensorRT-LLM |\n|---|---|---|\n| LoRA | ✅ | ❌ |\n| Offload | ✅ | ✅ |\n"
    rows = [c.model_dump(mode="json") for c in extract(text, path="f.md").claims]
    stamp_engine("vllm-ascend", rows)
    got = [(r["subject"], r["feature"], r["engine"]) for r in rows]
    assert got[:2] == [("vllm-ascend", "LoRA", "vllm-ascend"), ("vllm-ascend", "Offload", "vllm-ascend")]
    assert got[2] == ("LoRA", "SGLang", "SGLang")


def test_a_rest_list_table_is_a_matrix_and_its_options_are_no_results() -> None:
    """ ".. list-table::" with ":header-rows: 1" and "* - cell" rows (Sphinx's table written as a list): the rows are
    a matrix's, each cell on its own line; the options lay the table out and the other directive's ":class:" and
    ":width:" too, so none is a result."""
    text = (
        "Kernel paths\n============\n\n.. list-table:: Kernel paths\n   :header-rows: 1\n   :widths: 50 25 25\n\n"
        "   * - Decoder family\n     - Paged KV\n     - LoRA\n   * - QuuxForCausalLM\n     - ✅\n     - ❌\n"
        "   * - ZorpForCausalLM\n     - ❌\n     - ✅\n\n.. image:: plot.png\n   :width: 80\n"
    )
    for path in ("paths.rst", "paths.md"):
        claims = extract(text, path=path).claims
        assert [(c.kind, c.subject, c.feature, c.value, c.source.line) for c in claims] == [
            ("support", "QuuxForCausalLM", "Paged KV", "yes", 12),
            ("support", "QuuxForCausalLM", "LoRA", "no", 13),
            ("support", "ZorpForCausalLM", "Paged KV", "no", 15),
            ("support", "ZorpForCausalLM", "LoRA", "yes", 16),
        ]


def test_a_list_table_cell_wrapped_onto_lines_is_one_cell_and_a_stray_line_keeps_it_code() -> None:
    from ledger.parsers.reader.document import read_document

    wrapped = "```{list-table}\n:header-rows: 1\n* - Model\n  - Speed\n* - Orca\n    7B\n  - 12 ms\n```\n"
    (table,) = [b.table for b in read_document(wrapped, "w.md").blocks if b.table is not None]
    assert (table.header, [(r.cells, r.lines) for r in table.rows]) == (
        ["Model", "Speed"],
        [(["Orca 7B", "12 ms"], [5, 7])],
    )
    stray = "```{list-table}\n:header-rows: 1\n* - Model\n  - Speed\nnot a cell\n```\n"
    assert [b.kind for b in read_document(stray, "s.md").blocks if not b.in_code] == ["code"]


def test_a_colon_fenced_list_table_is_a_matrix_and_an_unclosed_one_stays_text() -> None:
    """MyST's ":::{list-table}" ... ":::" (its colon fence, no markdown parser's): the same table as the backtick
    fence's; another directive's options (":class: tip") are no claim; never closed, its lines stay what they are."""
    text = (
        ":::{list-table} Kernel paths\n:header-rows: 1\n\n* - Decoder family\n  - Paged KV\n  - LoRA\n"
        "* - QuuxForCausalLM\n  - ✅\n  - ❌\n:::\n\n:::{note}\n:class: tip\nLoRA needs a rank of 8 or more.\n:::\n"
    )
    claims = extract(text, path="paths.md").claims
    assert [(c.subject, c.feature, c.value, c.source.line) for c in claims] == [
        ("QuuxForCausalLM", "Paged KV", "yes", 8),
        ("QuuxForCausalLM", "LoRA", "no", 9),
    ]
    assert not [c for c in extract(text.split(":::\n")[0], path="cut.md").claims if c.kind == "support"]


def test_an_option_references_required_column_is_no_support_matrix() -> None:
    """reader273 cause 7: "|Option|Type|Required|Default|Description|" over "`--nodes` | int | Yes": Yes says the
    option must be given, never that a feature is supported; the table gives no support cell and no result."""
    path = FIXTURES / "option_reference_table.md"
    assert extract(path.read_text(encoding="utf-8"), path=path.name).claims == []


def test_an_option_reference_keeps_every_row_whatever_its_descriptions_length() -> None:
    """A reference's first row ("`--nodes` | int | Yes | - | Hosts.") names a flag, never a setting printed as a
    header row over the columns: with short descriptions it was folded into the header as "dp_size" per column and
    the row lost."""
    from ledger.parsers.reader.document import read_document

    text = (
        "|Parameter|Type|Required|Default|Description|\n|---|---|---|---|---|\n"
        "|`--dp-size`|int|Yes|-|Data parallel size.|\n|`--tp-size`|int|No|1|Tensor parallel size.|\n"
    )
    table = next(b.table for b in read_document(text, "t.md", "markdown").blocks if b.table is not None)
    assert [r.cells[0] for r in table.rows] == ["`--dp-size`", "`--tp-size`"]
    assert not any(table.column_setup or [])


def test_single_letter_marks_are_read_only_in_a_matrix_shape() -> None:
    """`Y` / `.` in every cell of two or more columns is a matrix ('.' not listed, never "no"); a flag's `Y` default
    beside a text column and graders' `A` / `B` are no support cells (letter_marks.md)."""
    rows = _support_rows((FIXTURES / "letter_marks.md").read_text(), "letter_marks.md")
    assert {r["subject"] for r in rows} == {"Orca", "Heron", "Puffin"}
    got = {(r["subject"], r["feature"]): r["value"] for r in rows}
    assert got[("Heron", "FP8")] == "absent" and got[("Orca", "FP8")] == "yes"
    one_column = "| Option | Used |\n| --- | --- |\n| a | Y |\n| b | N |\n"
    assert _support_rows(one_column, "one.md") == []


def test_a_legend_beside_a_letter_matrix_says_what_its_marks_and_fillers_mean() -> None:
    rows = _support_rows((FIXTURES / "letter_marks_legend.md").read_text(), "letter_marks_legend.md")
    got = {(r["subject"], r["feature"]): r["value"] for r in rows}
    assert got[("moe-grouped", "sm100")] == "untested"  # "-: not tried yet"
    assert got[("paged-dec", "sm90")] == "no"
    assert got[("batch-offline", "multi")] == "absent"  # the legend under another table names "." and Y, not "-"
