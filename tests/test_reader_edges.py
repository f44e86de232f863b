"""The document reader's handling of pasted output (commands, progress bars, log lines, indented code),
format sniffing of rendered copies, and hashes that are not commits."""

from __future__ import annotations

import pytest

from ledger.parsers import extract
from ledger.parsers.reader.document import is_command_line, read_document, sniff_format


@pytest.mark.parametrize(
    ("line", "is_code"),
    [
        ("python3 -m sglang.bench_serving --backend sglang --num-prompts 512", True),
        ("lm_eval --model vllm --tasks gsm8k --num_fewshot 5", True),
        ("`lm_eval --model local-completions --limit 100`", True),
        ("PYTHONPATH=python pytest -q tests/test_x.py", True),
        # a shell's trace of the command it runs (set -x): "+ " before it, "++ " in a subshell
        ("+ python3 benchmark/gsm8k/bench_sglang.py --num-questions 1319 --port 30000", True),
        ("++ lm_eval --model vllm --tasks gsm8k", True),
        ("+ 3% from the new kernel", False),
        ("100%|██████████| 1319/1319 [05:56<00:00,  3.70it/s]", True),
        (
            "[06/05/2026-03:40:28] [TRT-LLM] [I] [evaluate] lm-eval gsm8k results (scores normalized to range 0~100):",
            True,
        ),
        ("2025-03-03:13:12:38,519 INFO     [evaluation_tracker.py:269] Output path not provided", True),
        ("make sure the cache is warm before measuring", False),
        ("Mean TTFT (ms): 42.17", False),
        ("The python backend is 3% slower", False),
    ],
)
def test_is_command_line(line: str, is_code: bool) -> None:
    assert is_command_line(line) is is_code


def test_rendered_commands_and_logs_are_code_blocks() -> None:
    text = (
        "Accuracy Tests\n\npython3 -m sglang.test.run_eval --eval-name gsm8k --num-shots 20\n"
        "100%|████| 1319/1319 [05:56<00:00,  3.70it/s]\nScore: 0.966\n"
    )
    doc = read_document(text, "x.txt", "rendered")
    assert [(b.kind, b.start) for b in doc.blocks if b.start >= 3] == [("code", 3), ("code", 4), ("text", 5)]
    assert [c.value for c in extract(text, path="x.txt", fmt="rendered").claims] == [0.966]


def test_txt_copy_with_pipe_output_and_comment_lines_is_rendered() -> None:
    text = "Title\n\n# Now\n|Tasks|Version|\n|-----|------:|\n|gsm8k|      3|\nDone\n"
    assert sniff_format(text, "copy.txt") == "rendered"
    assert sniff_format("## A\n\n## B\n\ntext\n", "notes.txt") == "markdown"
    assert sniff_format(text, "desc.md") == "markdown"


def test_indented_code_is_code() -> None:
    text = "Results:\n\n    python3 bench.py --num-prompts 500\n    Mean TTFT (ms):       40.12\n\nDone.\n"
    doc = read_document(text, "x.md")
    assert ("code", 3, 4) in [(b.kind, b.start, b.end) for b in doc.blocks]
    assert [c.value for c in extract(text, path="x.md").claims] == [40.12]


@pytest.mark.parametrize(
    ("line", "shas"),
    [
        (
            "- Checkpoint `52ae70934f4357d4aa8e0b3c6ed87f83d53d3149`, tree `3638dd83cc9c4ef9b7e79eb30eef98957a633622`.",
            ["52ae70934f4357d4aa8e0b3c6ed87f83d53d3149"],
        ),
        ("- its stable patch ID `79aed56a23240a65ec02e9f95888712bdd8b5af1`", []),
        ("- rebased on main abc1234def", ["abc1234def"]),
        # (the weights both arms loaded: a hub snapshot's hash, no revision of the code)
        ("Both arms load the same model snapshot (`9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d`).", []),
    ],
)
def test_tree_and_patch_ids_are_not_commits(line: str, shas: list[str]) -> None:
    assert [c.sha for c in extract(line + "\n", path="x.md").claims if c.kind == "commit"] == shas


def test_pipe_rows_without_a_delimiter_row_are_a_table() -> None:
    text = "Numbers:\n\n| Model | main | PR |\n| Llama | 10.1 | 9.2 |\n| Qwen | 8.0 | 7.5 |\n\nok\n"
    doc = read_document(text, "x.md")
    tables = [b for b in doc.blocks if b.kind == "table"]
    assert [(t.start, t.end, len(t.table.rows)) for t in tables if t.table] == [(3, 5, 2)]
    claims = extract(text, path="x.md").claims
    assert [(c.value, c.reference) for c in claims] == [(9.2, 10.1), (7.5, 8.0)]


def test_ascii_bordered_table_with_baseline_and_speedup_columns() -> None:
    text = (
        "+-------+---------------+--------------+---------+\n| Model | Baseline (ms) | This PR (ms) | Speedup |\n"
        "+=======+===============+==============+=========+\n| Llama | 100.2         | 80.4         | 1.25x   |\n"
        "+-------+---------------+--------------+---------+\n"
    )
    claims = extract(text, path="x.md").claims
    assert [(c.value, c.unit, c.reference) for c in claims] == [(80.4, "ms", 100.2), (1.25, "x", None)]


@pytest.mark.parametrize(
    "marker",
    [
        "[jlo]",
        "jlo · comment · 2024-03-03",
        "jlo · description · 2024-03-02",
        "jlo commented on Mar 4, 2024",
        "jlo commented 3 days ago",
        "github-actions[bot] · comment · 2024-03-05",
    ],
)
def test_turn_markers_of_copied_threads(marker: str) -> None:
    doc = read_document(f"# Title\n\n{marker}\n\nMeasured on one H100.\n", "t.md")
    turns = [b for b in doc.blocks if b.kind == "comment"]
    assert [b.start for b in turns] == [3]


def test_a_sentence_with_a_dot_is_no_turn_marker() -> None:
    text = "# Title\n\nthroughput · comment · it rose by 3% here and there, in every run we made.\n"
    doc = read_document(text, "t.md")
    assert not [b for b in doc.blocks if b.kind == "comment"]


def test_an_archives_continued_turn_line_opens_a_turn() -> None:
    # "alice · description (continued)": the archive's next chunk of one long turn, a turn line as its first was
    doc = read_document(
        "# T\n\n**alice** · description · 2026-01-02\nText\n\n**alice** · description (continued)\nMore\n"
    )
    assert [b.start for b in doc.blocks if b.kind == "comment"] == [3, 6]


def test_an_excerpts_numbered_turn_line_opens_a_turn_and_its_continued_chunk_does_not() -> None:
    # "[turn 2 by bob]" opens bob's turn, its paste may open on the very next line; "[turn 2 by bob, continued]" is
    # the same turn's next chunk after a cut (its setup holds on across the cut), and so is "[turn 0 by alice,
    # continued]" in the description (turn 0); a chunk of another turn than the last ("[turn 3 by carol, continued]",
    # its opening cut) opens that turn. A bracketed sentence is no turn.
    doc = read_document(
        "# T\n\n[turn 0 by alice, continued]\n```\nloss: 1.0\n```\n\n[turn 2 by bob]\nLooks fine.\n\n"
        "[turn 2 by bob, continued]\n\nStill fine.\n\n[turn 3 by carol, continued]\n\nNo.\n\n"
        "[turn of phrase by us]\n\n[step 3 by alice]\n"
    )
    assert [(b.start, b.text) for b in doc.blocks if b.kind == "comment"] == [(8, "bob"), (15, "carol")]


def test_a_continued_chunk_by_an_archive_comments_author_goes_on_with_that_comment() -> None:
    # "bob · comment · date" tells no turn number: "[turn 4 by bob, continued]" under it is the same comment's next
    # chunk (its setup holds on), "[turn 5 by carol, continued]" another author's turn; a description is turn 0
    doc = read_document(
        "# T\n\nann · description · 2026-01-01\nText\n\n[turn 1 by ann, continued]\nMore\n\n"
        "bob · comment · 2026-01-02\nRan it\n\n[turn 4 by bob, continued]\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
        "[turn 5 by carol, continued]\nNo.\n"
    )
    assert [(b.start, b.text) for b in doc.blocks if b.kind == "comment"] == [
        (3, "ann"),
        (6, "ann"),
        (9, "bob"),
        (17, "carol"),
    ]


def test_a_fence_an_excerpt_leaves_open_closes_at_the_next_chunk_or_turn_mark() -> None:
    # GitHub renders each comment apart: a fence a chunk's cut leaves open ("Mean TPOT" cut short) swallows neither
    # the next chunk's heading and lead-in nor the next turn; each chunk's own fence closes where it does
    text = (
        "# T\n\n[turn 0 by alice, continued]\n#### TP2\nBaseline:\n```\nMean TPOT (ms): 14.0\nMean TP\n\n"
        "[turn 0 by alice, continued]\n#### EP2\nBaseline:\n```\nMean TPOT (ms): 15.0\n```\n\n"
        "[turn 2 by bob]\nMine:\n```\nMean TPOT (ms): 16.0\n```\n"
    )
    doc = read_document(text, "t.md")
    assert [(b.start, b.end) for b in doc.blocks if b.kind == "code" and not b.in_code] == [(6, 9), (13, 15), (19, 21)]
    assert [b.text for b in doc.blocks if b.kind == "heading"] == ["T", "TP2", "EP2"]
    assert [b.text for b in doc.blocks if b.kind == "comment"] == ["bob"]


def test_an_anchor_closing_a_section_is_the_next_headings_link_target_not_setup() -> None:
    # a generated docs page ends each section with the anchor of the section after it: its id is a slug of that
    # heading, markup the page never shows, so the table above keeps its own heading's model
    text = (
        "# Gemma 3 12B\n\n| ISL/OSL | H100<br/>TP2 (FP8) |\n|---|---|\n| 2000/500 | 4,310 |\n\n---\n\n"
        '<a id="Gemma_3_12B_lowmem"></a>\n\n# Gemma 3 12B - Low Memory Configurations\n\n'
        '<div align="center">Numbers are output tokens per second.<br/>Higher is better.</div>\n'
    )
    doc = read_document(text, "page.md")
    assert doc.setup_line(9).strip() == ""
    assert " ".join(doc.setup_line(13).split()) == "Numbers are output tokens per second. Higher is better."
    [claim] = extract(text, path="page.md").claims
    assert (claim.value, claim.config.get("model"), claim.config.get("gpu")) == (4310, "Gemma 3 12B", "H100")


def test_front_matter_is_metadata_its_title_heads_the_page_and_lines_keep_their_numbers() -> None:
    """ "---" / "title: X" / "---" atop a docs page: no setext heading "title: X" (every section was named so), no
    result of its "weight: 4"; the title heads the page as its first heading; a rule over prose is no front matter."""
    page = "---\ntitle: 'Batch limits'\nweight: 4\n---\n\nDecode latency: 12 ms\n"
    (claim,) = extract(page, path="limits.md").claims
    assert (claim.value, claim.source.line, claim.source.section) == (12, 6, ["Batch limits"])
    toml = read_document('+++\ntitle = "Batch limits"\n+++\n## Small\n', "p.md")
    assert [(b.kind, b.start, b.section) for b in toml.blocks] == [
        ("heading", 2, ("Batch limits",)),
        ("heading", 4, ("Batch limits", "Small")),
    ]
    rule = read_document("---\nThis PR speeds up decode.\n---\n", "pr.md")
    assert [b.text for b in rule.blocks if b.kind == "heading"] == ["This PR speeds up decode."]


LINKED_VALUES = """# Move Mistral-7B to the unified model class

* Throughput:
  - Old Mistral-7B: [1200 tok/s](https://example.com/run/c)
  - New Mistral-7B: [1260 tok/s](https://example.com/run/d)
* Tracked in [#1260](https://github.com/acme/enginex/issues/1260)
"""


def test_a_value_written_as_a_links_text_is_read_as_the_value() -> None:
    from ledger.parsers import extract

    got = [(c.metric, c.value, c.reference) for c in extract(LINKED_VALUES, path="x.md").claims]
    assert got == [("throughput", 1260.0, 1200.0)]  # (the number is what the link points to: no value)


def test_where_a_change_would_serve_is_blanked_for_the_setup_readers() -> None:
    # "a strong fit for P/D-disaggregated serving", "would also suit EP-only deployments": a prospect, no run's setup;
    # the run's own sentence on the same line keeps its setup, and "should fit in memory" (a capacity) is no prospect
    doc = read_document(
        "# T\n\nIt is a strong fit for PD-disaggregated serving. Measured on 2x H100 fp8:\n\n"
        "It would also suit EP-only deployments.\n\nThe 70B model should fit on one H200.\n",
        "t.md",
    )
    assert "disaggregated" not in doc.setup_line(3) and doc.setup_line(3).endswith(". Measured on 2x H100 fp8:")
    assert doc.setup_line(5).strip(" .") == "It"
    assert doc.setup_line(7) == doc.line(7)


def test_a_table_opening_a_chunk_after_a_cut_keeps_a_build_heading_and_drops_a_measure_heading() -> None:
    # (the cut may have hidden the table's own heading: "## GPQA accuracy" names none of its measures, but the build
    # heading above it still says which code ran)
    text = (
        "# Sweep of the port\n\n## `master@36667c8e` + `port@d541533a`\n\n### GPQA accuracy\n\nprose before the cut\n\n"
        "[turn 0 by someone, continued]\n| PP | TG | S_PP t/s |\n|---|---|---|\n| 512 | 128 | 36.55 |\n"
    )
    claims = [c for c in extract(text, path="cut.md").claims if c.value == 36.55]
    assert claims and list(claims[0].source.section) == ["Sweep of the port", "`master@36667c8e` + `port@d541533a`"]
    assert claims[0].kind == "perf"
