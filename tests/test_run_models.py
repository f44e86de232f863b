"""The model a run served, named once in a lead-in, a setup line or a command, reaches the results under it though
the text names another model beside it: the nearest statement of the run's model wins, never cancelled by a name
the code or the title is about."""

from __future__ import annotations

from ledger.parsers import extract
from ledger.parsers.grammar.commands import command_setup
from ledger.vocab.model_spellings import folder_checkpoint, fullest_spelling
from ledger.vocab.passing_names import passing_models
from ledger.vocab.worded_models import worded_model

_ARCH_AND_SERVED = (
    "# perf(gemma5_exp): host-side decode trims for Gemma-4.1-Nimbus\n\n"
    "dora · description · 2026-03-02\n### Summary\n\n"
    "Gemma5-Exp decode was bound by the host. On an RTX 4090 serving `Gemma-4.1-Nimbus-q4-mtp`, one decode step "
    "spent ~14 ms in Python while the kernels took ~6 ms. Measured against `main` (a1b2c3d4), alternating runs:\n\n"
    "| Mode | main (a1b2c3d4) | this branch |\n|---|---|---|\n"
    "| Plain decode, short prompt | 51.0 tok/s | 66.2 tok/s (+30%) |\n"
    "| Plain decode, long prompt | 47.5 tok/s | 60.1 tok/s (+27%) |\n\n"
    "Draft acceptance holds within noise (71.2 vs 70.8%, 64.0 vs 63.5%).\n\n"
    "evan · comment · 2026-03-04\n"
    "Reran with [Gemma-4.1-Nimbus-2B](https://huggingface.co/acme/Gemma-4.1-Nimbus-2B) too; nothing worth posting.\n"
)


def test_the_model_a_lead_in_says_a_run_served_reaches_its_table_beside_the_architecture_it_names() -> None:
    # "Gemma5-Exp" (the title's module) is what the change is about; the run served the checkpoint after "serving"
    claims = [c for c in extract(_ARCH_AND_SERVED, path="t.md").claims if c.kind != "commit"]
    assert len(claims) == 8
    assert {c.config.get("model") for c in claims} == {"Gemma-4.1-Nimbus-q4-mtp"}


def test_a_model_named_beside_a_served_one_is_in_passing_only_with_no_run_or_result_of_its_own() -> None:
    served = "On an H100 serving Qwen2-7B, decode went from 10.1 to 11.0 tok/s"
    assert passing_models(f"Qwen3-Exp decode was host-bound. {served}.") == {"Qwen3-Exp"}
    assert passing_models(f"Llama-3-8B decode improves 10%. {served}.") == set()  # (a result of its own)
    assert passing_models("Tested Llama-3-8B and Qwen2-7B on H100.") == set()  # (one run's list)
    assert passing_models(f"Falcon-H2 decode was host-bound. {served.replace('Qwen2-7B', 'Falcon-H2-7B')}.") == set()


def test_a_line_naming_its_model_short_then_in_full_gives_the_full_name() -> None:
    assert fullest_spelling(["Falcon-H2", "Falcon-H2-7B-int4-mtp"]) == "Falcon-H2-7B-int4-mtp"
    assert fullest_spelling(["Gemma5-Exp", "Qwen2-7B"]) == "Gemma5-Exp"  # (two models: the first, as before)


_SETUP_LINE = (
    "# Overlap audio front-end with decoding for Whisper-Large-v3\n\n"
    "gale · comment · 2026-05-11\n## Benchmark: this PR vs main\n\n"
    "**Setup**: dataset `harbourvoice`, model Whisper-Tiny, N=200, concurrency 8, one L4.\n\n"
    "| metric | main | this PR | delta |\n|---|---|---|---|\n"
    "| mean latency (s) | 0.410 | 0.380 | -7.3% |\n\n"
    "hugo · comment · 2026-05-12\nI reran it on whisper-large-v3 with one A10: mean latency 0.910 s.\n"
)


def test_a_setup_line_naming_its_model_by_the_word_model_wins_over_the_titles_model_in_its_turn() -> None:
    table, own = [c for c in extract(_SETUP_LINE, path="t.md").claims if c.metric == "mean latency"]
    assert (table.config.get("model"), table.config.get("dataset"), table.config.get("samples")) == (
        "Whisper-Tiny",
        "harbourvoice",
        "200",
    )
    assert (own.config.get("model"), own.config.get("gpu")) == ("whisper-large-v3", "1xA10")


def test_a_name_after_the_word_model_is_one_only_when_spelled_as_a_name() -> None:
    assert [worded_model(t) for t in ("model MOSS-TD on one H200", "the `kite-asr` model", "Model: Wren-Tiny")] == [
        "MOSS-TD",
        "kite-asr",
        "Wren-Tiny",
    ]
    for prose in ("model loading took 3 s", "the model GPU-bound", "draft model Foo-Bar", "the models `a-b`"):
        assert worded_model(prose) is None


_REPRODUCE_STEP = (
    "# Add a gRPC frontend for the server\n\n"
    "ivy · comment · 2026-02-10\n**1. old REST frontend numbers:**\n"
    "```\nconcurrency: 32\nRPS (request per second): 4.150 req/s\n```\n\n"
    "steps to reproduce:\n1. convert the checkpoint\n"
    "`servekit convert qwen2 /data/ckpts/Qwen/Qwen2-7B-Instruct --dst-path ./ws`\n\n"
    "jon · comment · 2026-02-11\nMy earlier setting was:\n- model: `qwen2-14b-chat`\n- concurrency: `32`\n"
)


def test_a_reproduce_step_handing_a_checkpoint_folder_names_the_model_not_its_template_word() -> None:
    # "qwen2" is the converter's template name; the folder is the checkpoint; jon's model is his turn's own
    (rps,) = extract(_REPRODUCE_STEP, path="t.md").claims
    assert rps.config.get("model") == "Qwen/Qwen2-7B-Instruct"
    assert folder_checkpoint("python run.py llama3 /data/qwen/Qwen2-7B", ["llama3"]) is None  # (another model)
    assert command_setup("python bench.py /data/models/Qwen3-8B --tp 2") == {"tp": "2", "model": "Qwen3-8B"}


_SCORES_ON_A_NAMED_SET = (
    "# Batch the audio front-end\n\ngale · comment · 2026-05-11\n"
    "**Setup**: dataset `harbourvoice`, N=200, concurrency 8, one L4.\n\n"
    "| metric | main | this PR |\n|---|---|---|\n| word error rate (%) | 7.10 | 7.10 |\n\n"
    "GSM8K on the same server: 0.912 -> 0.915.\n"
)


def test_a_score_of_no_task_of_its_own_keeps_the_data_set_its_setup_line_names() -> None:
    # the error rate was measured on the recordings the setup names; GSM8K's questions are its own, no serving set
    wer, gsm8k = extract(_SCORES_ON_A_NAMED_SET, path="t.md").claims
    assert (wer.config.get("dataset"), wer.config.get("samples")) == ("harbourvoice", "200")
    assert "dataset" not in gsm8k.config
