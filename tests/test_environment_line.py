"""An environment line read in full: the board with the part of it the line names (memory, form factor) kept in the
printed value, the toolkit and driver versions it states (vocab.software_stack), and the board's canonical value
unchanged, so "H100" and "H100-80GB SXM" stay one setup."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers import extract
from ledger.parsers.grammar.line_setup import line_setup
from ledger.vocab.canonical import canonical_gpu
from ledger.vocab.setup_keys import key_class
from ledger.vocab.software_stack import engine_versions, stack_versions


@pytest.mark.parametrize(
    ("line", "gpu"),
    [
        ("Every figure was taken on 4x H100-80GB SXM.", "4x H100-80GB SXM"),
        ("All results are tested on A100-80G(x8) CUDA 11.8.", "A100-80G"),
        ("measured on H100 SXM5 80GB", "H100 SXM5 80GB"),
        ("timed on 8x H100 80GB HBM3", "8x H100 80GB HBM3"),
        ("run on H100 x8", "8xH100"),
    ],
)
def test_a_boards_memory_and_form_factor_stay_in_its_printed_value(line: str, gpu: str) -> None:
    assert line_setup(line)["gpu"].lower().replace(" ", "") == gpu.lower().replace(" ", "")
    assert canonical_gpu(gpu)[0] in ("h100", "a100")  # (the board alone: its parts join one setup)


def test_a_rate_or_a_count_after_the_board_is_no_part_of_it() -> None:
    assert line_setup("on A100 40 GB/s of copy bandwidth").get("gpu") == "A100"
    assert line_setup("on H100 16 gpus").get("gpu") == "H100"


@pytest.mark.parametrize(
    ("line", "stack"),
    [
        ("taken on 4x H100-80GB SXM, CUDA 12.4, driver 550.54.", {"cuda": "12.4", "driver": "550.54"}),
        ("tested on A100-80G(x8) CUDA 11.8.", {"cuda": "11.8"}),
        ("CUDA: 12.1, NVIDIA driver version 535.104.05", {"cuda": "12.1", "driver": "535.104.05"}),
        ("with CUDA 12 graphs", {}),
        ("the driver 2 threads", {}),
        ("CUDA 12.4.1.5 nightly", {}),
        ("the image moved CUDA 12.8 → 12.9 and driver 550 to 570", {}),
    ],
)
def test_the_toolkit_and_driver_versions_are_the_software_stack(line: str, stack: dict[str, str]) -> None:
    assert stack_versions(line) == stack
    assert all(key_class(k) == "ignored" for k in stack)  # (where a result came from, as cann and torch are)


def test_every_cell_under_an_environment_line_carries_its_board_and_stack() -> None:
    text = (Path(__file__).parent / "fixtures/setup/environment_stack_line.md").read_text()
    perf = [c for c in extract(text, path="x.md").claims if c.kind == "perf"]
    assert len(perf) == 2
    for c in perf:
        cfg = dict(c.config or {})
        assert (cfg["gpu"], cfg["cuda"], cfg["driver"]) == ("4x H100-80GB SXM", "12.4", "550.54")


def test_a_board_named_bare_and_with_its_part_is_one_board_two_parts_are_two() -> None:
    """setup/board_part_under_title: "on A100" in the title and "A100-40GB(x4)" in the environment line name one
    board (the fuller spelling kept); "A100-40GB" beside "A100-80GB" names two, and no default holds either."""
    from ledger.vocab.canonical import one_board

    assert one_board({"A100", "A100-80G"}) == "A100-80G"
    assert one_board({"4x H100", "4x H100-80GB SXM"}) == "4x H100-80GB SXM"
    assert one_board({"A100-40GB", "A100-80GB"}) is None
    assert one_board({"H100", "8xH100"}) is None  # (a count said once is no part: another machine, maybe)
    text = (Path(__file__).parent / "fixtures/setup/board_part_under_title.md").read_text()
    gpus = {dict(c.config or {}).get("gpu") for c in extract(text, path="x.md").claims if c.kind == "perf"}
    assert gpus == {"A100-40GB"}


def test_an_engine_named_with_its_release_is_the_runs_engine_and_stack() -> None:
    assert engine_versions("Early results. vLLM v0.9.1, CUDA 12.8 | B200 FP4.") == {
        "engine": "vLLM",
        "engine_version": "0.9.1",
    }
    assert engine_versions("SGLang 0.4.6.post1 | H100 FP8")["engine_version"] == "0.4.6.post1"
    # (a release moved or set against another is a change the text reports; TensorRT is no serving engine)
    for said in ("vLLM 0.9.1 -> 0.10.0", "vLLM 0.9.1 vs 0.10.0", "from vLLM 0.8.5 to 0.9.1", "TensorRT v9.1.0"):
        assert engine_versions(said) == {}, said


def test_small_print_under_a_table_sets_up_its_rows() -> None:
    text = (
        "| Model | TP | Throughput (tok/s/GPU) |\n|---|---|---|\n| mixtral_8x7b | 2 | 8,204 |\n\n"
        "<sub>Early results. vLLM v0.9.1 | B200 FP4.</sub>\n"
    )
    (claim,) = extract(text, path="page.md").claims
    assert claim.config["engine"] == "vLLM" and claim.config["engine_version"] == "0.9.1"


def test_the_dotted_digit_gate_of_engine_versions_drops_no_release() -> None:
    """engine_versions looks for a release only in a text holding "digit.digit" (a speed gate): over every fixture
    line, the pattern itself finds no match in a text the gate turns away."""
    from ledger.vocab import software_stack

    lines = {line for p in Path("tests/fixtures").rglob("*.md") for line in p.read_text(encoding="utf-8").splitlines()}
    assert len(lines) > 1000
    for line in lines:
        if software_stack._DOTTED_RE.search(line, 0, 2000) is None:
            assert software_stack._ENGINE_VERSION_RE.search(line[:2000]) is None, line
