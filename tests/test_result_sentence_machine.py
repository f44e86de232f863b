"""The machine a result sentence names ("On an EPYC 9654 CPU, prefill is 1.4X faster") is the machine of the turn's
results below it that name none, a CPU as a GPU board is; the sentence's other settings (its length, its model)
stay its own, and another author's turn keeps its own machine."""

from __future__ import annotations

from ledger.parsers import extract

_LEAD = (
    "# Faster sliding window on the host\n\nalice · description · 2025-09-04\n"
    "This reworks the attention path. Measured on {machine}, prefill at 16k tokens is about 1.4X faster for "
    "`Qwen3-8B-Q8_0` than on the main branch.\n\n### Main branch\n\n"
    "| PP | TG | T_PP s | S_PP t/s |\n|---|---|---|---|\n| 512 | 128 | 1.210 | 423.14 |\n"
)


def _configs(text: str) -> dict[float, dict[str, str]]:
    return {c.value: c.config for c in extract(text, path="t.md").claims}


def test_a_cpu_named_in_a_result_sentence_is_the_machine_of_the_table_below() -> None:
    got = _configs(_LEAD.format(machine="an EPYC 9654 CPU"))
    assert got[423.14].get("gpu") == "epyc 9654"  # (a run on a CPU alone: the CPU is its device, as for a board)
    assert got[423.14].get("isl") != "16k"  # the sentence's length is its own result's, not the sweep's


def test_another_authors_turn_keeps_its_own_cpu() -> None:
    text = _LEAD.format(machine="an EPYC 9654 CPU") + (
        "\nbob · comment · 2025-09-05\nOn a Xeon 8480+ the prefill is about 1.2X faster.\n\n"
        "| PP | TG | T_PP s | S_PP t/s |\n|---|---|---|---|\n| 512 | 128 | 1.610 | 318.02 |\n"
    )
    got = _configs(text)
    assert got[423.14].get("gpu") == "epyc 9654" and got[318.02].get("gpu") != "epyc 9654"


def test_the_count_of_boards_a_result_sentence_names_goes_with_its_board() -> None:
    got = _configs(_LEAD.format(machine="H100 across 4 GPUs"))
    assert (got[423.14].get("gpu"), got[423.14].get("gpu_count")) == ("H100", "4")


def test_a_table_under_its_own_machine_heading_keeps_that_machine() -> None:
    text = _LEAD.format(machine="an EPYC 9654 CPU") + (
        "\n### Ryzen 7950X\n\n| PP | TG | T_PP s | S_PP t/s |\n|---|---|---|---|\n| 512 | 128 | 1.910 | 218.02 |\n"
    )
    got = _configs(text)
    assert (got[423.14].get("gpu"), got[218.02].get("gpu")) == ("epyc 9654", "ryzen 7950x")
