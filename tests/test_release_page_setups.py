"""A release page's result cells carry their whole setup (issue 26): the board its "GPU:" line names by a GeForce's
number alone, the processor its "CPU:" line names (never the board), and a part number's letter read as no unit."""

from __future__ import annotations

import pytest

from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.section_results import unit_measure
from ledger.parsers.grammar.varied import states_result
from ledger.vocab.canonical import canonical_gpu
from ledger.vocab.machine_lines import cpu_as_printed, labelled_card


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
