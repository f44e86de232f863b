"""Bars a turn declares per arm, given to the values it measured for those arms (and to no other arm's)."""

from __future__ import annotations

from ledger.parsers import extract


def test_a_floor_declared_for_an_arm_is_the_bar_of_that_arms_measured_values() -> None:
    text = (
        "- Tighten the accept-length floors to 1.3 for Medusa and 2.2 for EAGLE; keep the old timeout.\n"
        "- Nightly: plain/Medusa/EAGLE passed; accept length 1.45 / 2.61.\n"
    )
    got = [(c.value, c.config.get("spec_algo"), c.config.get("threshold")) for c in extract(text, path="t.md").claims]
    assert [g for g in got if g[0] in (1.45, 2.61)] == [(1.45, "medusa", "1.3"), (2.61, "eagle", "2.2")]
    assert not [g for g in got if g[0] in (1.3, 2.2)]


def test_a_floor_for_another_kind_of_result_holds_no_value() -> None:
    text = "- Raise the accuracy floors to 55% for Medusa.\n- Medusa accept length 1.45 at batch 1.\n"
    (claim,) = [c for c in extract(text, path="t.md").claims if c.value == 1.45]
    assert "threshold" not in claim.config


def test_floors_declared_per_model_and_per_drafter_hold_only_that_model_or_drafters_values() -> None:
    text = (
        "- Set accuracy floors to 55% for Llama-3.1-8B and 72% for Qwen3-8B; AL >= 2.9 for DSpark.\n"
        "- [H100 Qwen3-8B DSPARK](https://ci.example/runs/7) passed all 20 tests, scoring 74.0% with AL 3.1.\n"
        "- [H100 Llama-3.1-8B EAGLE3](https://ci.example/runs/8) passed all 20 tests, scoring 57.5% with AL 2.2.\n"
    )
    got = {c.value: (c.config.get("spec_algo"), c.config.get("threshold")) for c in extract(text, path="t.md").claims}
    assert got[74.0] == ("dspark", "72%") or got[74.0][1] in ("72", "72%")
    assert got[3.1] == ("dspark", "2.9")
    assert got[57.5][1] in ("55", "55%")
    assert got[2.2] == ("eagle3", None)  # (no floor declared for EAGLE3: DSpark's is not its)
