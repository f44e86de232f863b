"""What a value measures when the words next to it name the arm or the sentence, not the measure: a bullet's label
before its colon ("8k TTFT: kernel on **-12.0%** (1.76 vs 2.00 s)"), the measure after "of" a list of changes, a
context length among a measure's modifiers, a sentence that ends inside emphasis, a comma list of labelled changes."""

from __future__ import annotations

from ledger.parsers import extract


def _read(text: str) -> list[tuple[str | None, float | None, str | None, float | None]]:
    return [(c.metric, c.value, c.unit, c.reference) for c in extract(text, path="t.md").claims if c.kind == "perf"]


def test_a_bullet_labels_measure_names_the_arms_change_and_its_pair_in_brackets() -> None:
    text = (
        "Two runs each, Mistral-7B on one L40S:\n\n"
        "- 4k prefill: fused path on **+6.0%** (530.0 vs 500.0 tok/s)\n"
        "- 4k TTFT: fused path on **-10.0%** (1.80 vs 2.00 seconds)\n"
        "- Short decode: fused path on **-1.0%** (99.0 vs 100.0 tok/s)\n"
    )
    got = [(m, v) for m, v, _, _ in _read(text)]
    assert got == [
        ("4k prefill", 6.0),
        ("4k prefill", 530.0),
        ("TTFT", -10.0),
        ("TTFT", 1.8),
        ("Short decode", -1.0),
        ("Short decode", 99.0),
    ]


def test_changes_named_by_the_measure_after_of_and_a_sentence_ending_inside_emphasis() -> None:
    text = (
        "The flag alone costs nothing.** With the same batch the patch is worth +6.1% / +4.2% of prefill.\n\n"
        "An earlier round agreed: its deltas were +5.5% at 8k and -9.5% 16k TTFT.\n"
    )
    got = [(m, v) for m, v, _, _ in _read(text)]
    assert got[:2] == [("prefill", 6.1), ("prefill", 4.2)]
    assert got[-1] == ("16k TTFT", -9.5)


def test_a_comma_list_of_labelled_changes_names_each_by_its_own_label() -> None:
    got = [(m, v) for m, v, _, _ in _read("# kernels: 8B decode +9.1%, prefill +12.4%, outputs unchanged\n")]
    assert got == [("8B decode", 9.1), ("prefill", 12.4)]


def test_items_under_a_lead_in_of_averaged_runs_are_settings_never_trials() -> None:
    """ "Averaged over both runs per arm:": each item is the runs' mean at its own context length (isl), no trial."""
    text = (
        "Averaged over both runs per arm, Qwen2-7B on one A10:\n\n"
        "- 2k prefill: kernel on **+4.0%** (520.0 vs 500.0 tok/s)\n"
        "- 8k prefill: kernel on **+9.0%** (436.0 vs 400.0 tok/s)\n"
        "- 8k TTFT: kernel on **-12.0%** (1.76 vs 2.00 seconds)\n"
    )
    claims = [c for c in extract(text, path="t.md").claims if c.kind == "perf"]
    assert [(c.value, c.config.get("isl"), c.config.get("trial")) for c in claims] == [
        (4.0, "2k", None),
        (520.0, "2k", None),
        (9.0, "8k", None),
        (436.0, "8k", None),
        (-12.0, "8k", None),
        (1.76, "8k", None),
    ]


def test_a_table_rows_slash_label_gives_each_part_its_own_length() -> None:
    text = (
        "One A100, Phi-3-mini:\n\n"
        "| | this branch | gain |\n|---|---:|---:|\n"
        "| decode 1K / 4K context | 210.0 / 190.0 t/s | +4.0% / +2.0% |\n"
    )
    claims = extract(text, path="t.md").claims
    assert [(c.value, c.config.get("isl")) for c in claims if c.unit == "t/s"] == [(210.0, "1k"), (190.0, "4k")]


def test_an_in_page_links_target_sets_up_no_run() -> None:
    """ "[§4](#4-qwen2-57b-fp8)": the slug of a heading the link points to is no precision of the document's runs."""
    text = (
        "Measured on one L4, Phi-3-mini:\n\n"
        "| | main | this branch |\n|---|---:|---:|\n| decode | 80.0 t/s | 84.0 t/s |\n\n"
        "Details in [§4](#4-qwen2-57b-fp8).\n"
    )
    claims = extract(text, path="t.md").claims
    assert [(c.value, c.config.get("quant")) for c in claims] == [(84.0, None)]
