"""Setup that stays where it was stated: an eval's with its scores, a clause's with its value, a count a count."""

from pathlib import Path

from ledger.parsers.pipeline import extract

FIXTURE = Path(__file__).parent / "fixtures" / "setup" / "eval_settings_stay.md"


def test_eval_settings_reach_its_scores_only() -> None:
    claims = extract(FIXTURE.read_text(), str(FIXTURE)).claims
    scores = [c for c in claims if c.kind == "accuracy"]
    serving = [c for c in claims if c.kind == "perf"]
    assert scores and serving
    assert all(c.config.get("n_shot") == "5" and c.config.get("max_tokens") == "8192" for c in scores)
    for c in serving:
        assert not c.config.keys() & {"n_shot", "samples", "temperature", "top_p", "osl", "max_tokens"}
        assert c.config.get("model") == "Qwen3-32B"


def test_a_clause_closed_on_its_own_value_keeps_its_setting() -> None:
    path = FIXTURE.parent.parent / "prose" / "clause_setting_stays.md"
    got = {c.value: c.config for c in extract(path.read_text(), str(path)).claims}
    assert got[2.6].get("isl") == "4096" and "isl" not in got[4.1] and got[4.1].get("batch_size") == "64"


def test_a_sentence_opening_on_its_setting_sets_up_every_clause() -> None:
    text = "With TP=4 the gain was `+2.0%`, and the run took 31.2 s."
    got = {c.value: c.config for c in extract(text, "t.md").claims}
    assert got[31.2].get("tp") == "4"


def test_a_settings_rows_bare_gpu_number_is_their_count() -> None:
    path = FIXTURE.parent / "gpu_count_row.md"
    (claim,) = extract(path.read_text(), str(path)).claims
    assert claim.config.get("gpu_count") == "2" and "gpu" not in claim.config


def test_a_gate_takes_no_board_only_a_later_sections_runs_name() -> None:
    path = FIXTURE.parent.parent / "gates" / "later_section_board.md"
    gate, perf = extract(path.read_text(), str(path)).claims
    assert gate.kind == "gate" and "gpu" not in gate.config and perf.config.get("gpu") == "1x H200"


def test_a_control_section_takes_no_serving_mode_from_the_title() -> None:
    path = FIXTURE.parent / "single_node_control.md"
    got = {c.value: c.config for c in extract(path.read_text(), str(path)).claims if c.kind == "accuracy"}
    assert got[0.934].get("serving") == "disaggregated" and got[0.931].get("serving") == "disaggregated"
    assert all("serving" not in got[v] for v in (0.936, 0.935, 0.937))  # (a control: one node, no PD split)
    assert got[0.862].get("serving") == "disaggregated"  # ("1P1D on a single node": still disaggregated)
    assert all(got[v].get("gpu") == "MI300X" for v in (0.936, 0.937))  # (the other keys still reach)


def test_a_setting_named_with_a_lead_ins_second_arm_is_not_the_first_arms() -> None:
    path = FIXTURE.parent / "versus_lead_arm.md"
    got = {c.value: c.config for c in extract(path.read_text(), str(path)).claims}
    assert "block_size" not in got[0.912] and got[0.91].get("block_size") == "64"
    assert got[0.912].get("model") == "Qwen3-32B" and got[0.912].get("gpu") == "1xH100"  # (the lead-in's rest)
    text = "Llama-3-8B at TP=2 vs TP=4, same node:\n\n```\nTP=2  throughput=1200 tok/s\n```\n"
    (claim,) = extract(text, "t.md").claims  # (each arm names the key: the block's own reading stands)
    assert claim.config.get("tp") == "2"


def test_every_later_arm_of_a_versus_chain_keeps_its_setting_off_the_block() -> None:
    path = FIXTURE.parent / "versus_three_arms.md"
    got = [c.config for c in extract(path.read_text(), str(path)).claims]
    assert len(got) == 3 and not any({"block_size", "kv_cache"} & c.keys() for c in got)
    assert all(c.get("model") == "Wren-14B" and c.get("gpu") == "1xL40S" for c in got)  # (the lead-in's rest)
