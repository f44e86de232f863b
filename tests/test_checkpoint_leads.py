"""Setup stated away from its values: the precision a lead-in gives its checkpoint (grammar.checkpoint_leads), a test
plan heading's setup over its turn (grammar.setup_sections)."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract
from ledger.vocab.checkpoint_labels import checkpoint_dtype_word


def test_the_word_before_the_checkpoint_noun() -> None:
    assert checkpoint_dtype_word("Accuracy implications (w/ NVFP4 ckpt):") == "NVFP4"
    assert checkpoint_dtype_word("Results using the FP8 checkpoint:") == "FP8"
    assert checkpoint_dtype_word("Scores with int4-awq weights:") == "int4-awq"
    assert checkpoint_dtype_word("Accuracy on the new kernel:") is None


def test_a_lead_over_arm_leads_gives_both_arms_its_precision() -> None:
    path = Path(__file__).parent / "fixtures" / "setup" / "checkpoint_precision_lead.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    assert [c.config.get("quant") for c in claims] == ["nvfp4", "nvfp4", "int4-awq"]


def test_a_lead_naming_no_precision_sets_none() -> None:
    text = "# Faster sampler\n\nScores with the base checkpoint:\n\n| task | score |\n|---|---|\n| gsm8k | 0.951 |\n"
    assert [c.config.get("quant") for c in extract(text, path="x.md").claims] == [None]


def test_a_test_plan_heading_sets_up_its_turns_summary_above_it() -> None:
    # grammar.setup_sections: "## Test Plan and Test Results (M TP2)" titles every test of the turn
    path = Path(__file__).parent / "fixtures" / "setup" / "test_plan_heading_setup.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    assert {(c.config.get("model"), c.config.get("tp")) for c in claims} == {("Mistral-24B", "2")}
    # a section's own heading ("## Accuracy (M TP2)") sets up its section alone
    other = path.read_text(encoding="utf-8").replace("## Test Plan and Test Results", "## Accuracy")
    assert [c.config.get("model") for c in extract(other, path="x.md").claims][:2] == [None, None]


_LAUNCHES = (
    "Weights this change can write:\nhttps://huggingface.co/lab-x/Orca-12B-INT4\n\n```\n# reference run\n"
    "python3 -m sglang.launch_server --model-path orgy/Orca-12B --tp 4\nAccuracy: 0.772\n"
    "Output throughput: 1200.5 token/s\n\n"
    "python3 -m sglang.launch_server --model-path orgy/Orca-12B --tp 4 --attention-backend fa3\nAccuracy: 0.768\n"
    "Output throughput: 1150.0 token/s\n\npython convert.py --model-dir /data/Orca-12B-ckpt --out /data/out\n```\n"
)


def test_a_launch_commands_own_model_wins_over_a_checkpoint_linked_above_its_fence() -> None:
    # each launch prints its own runs: its --model-path is theirs, though a later converter names another path, and
    # the precision the linked checkpoint's name spells is that checkpoint's, not the launched model's
    claims = extract(_LAUNCHES, path="x.md").claims
    assert len(claims) == 4
    assert {(c.config.get("model"), c.config.get("quant")) for c in claims} == {("orgy/Orca-12B", None)}
