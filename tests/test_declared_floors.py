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
