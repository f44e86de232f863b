"""Arms listed with slashes once ("base/EAGLE/MTP passed 12 tests each"), then slash lists of values over them in
later clauses of the sentence: each value its arm's setup, each arm its own test count."""

from __future__ import annotations

from ledger.parsers import extract


def test_slash_lists_of_values_take_the_arms_the_sentence_listed_before_them() -> None:
    text = (
        "- Nightly on L4: plain/Medusa/EAGLE cleared 9 tests each; HellaSwag scores were 40.2% / 41.0% / 41.9%, "
        "eval times 33s / 30s / 28s, and accept length 1.6 / 2.4.\n"
    )
    got = [(c.kind, c.metric, c.value, c.config.get("spec_algo")) for c in extract(text, path="t.md").claims]
    assert [g for g in got if g[0] != "tests"] == [
        ("accuracy", "HellaSwag scores", 40.2, "none"),
        ("accuracy", "HellaSwag scores", 41.0, "medusa"),
        ("accuracy", "HellaSwag scores", 41.9, "eagle"),
        ("perf", "eval times", 33.0, "none"),
        ("perf", "eval times", 30.0, "medusa"),
        ("perf", "eval times", 28.0, "eagle"),
        ("acceptance", "accept length", 1.6, "medusa"),
        ("acceptance", "accept length", 2.4, "eagle"),
    ]


def test_a_count_said_of_each_slashed_arm_is_one_count_per_arm() -> None:
    text = "Smoke run: [plain/Medusa](https://ci.example/run/4) passed 7 tests each.\n"
    tests = [c for c in extract(text, path="t.md").claims if c.kind == "tests"]
    assert [(c.passed, c.config.get("spec_algo"), c.metric) for c in tests] == [
        (7, "none", "Smoke run"),
        (7, "medusa", "Smoke run"),
    ]
    alone = "Smoke run: plain/Medusa passed 7 tests.\n"
    assert len([c for c in extract(alone, path="t.md").claims if c.kind == "tests"]) == 1


def test_the_board_named_before_the_slashed_arms_is_every_arms_board() -> None:
    # the board opens the arms' label, a link's text as a run's name: a GeForce by its bare number, or a board name
    text = (
        "- Soak check: [4090 plain/Medusa/EAGLE](https://ci.example/runs/8) passed 11 tests each; HellaSwag scores "
        "were 40.2% / 41.0% / 41.9%, and accept length 1.6 / 2.4.\n"
        "- Soak check: L40S plain/Medusa/EAGLE passed 5 tests each; HellaSwag scores were 39.0% / 39.5% / 40.0%.\n"
    )
    got = [(c.kind, c.metric, c.value, c.config.get("gpu")) for c in extract(text, path="t.md").claims]
    assert {g[1] for g in got if g[0] == "tests"} == {"Soak check"}
    assert [g[2:] for g in got] == [
        *[(11.0, "RTX 4090")] * 3,
        (40.2, "RTX 4090"),
        (41.0, "RTX 4090"),
        (41.9, "RTX 4090"),
        (1.6, "RTX 4090"),
        (2.4, "RTX 4090"),
        *[(5.0, "L40S")] * 3,
        (39.0, "L40S"),
        (39.5, "L40S"),
        (40.0, "L40S"),
    ]
    # a count before a unit is no board ("4090 tok/s"), nor a number the arms do not follow
    plain = extract("- Decode ran at 3090 tok/s/user on plain/Medusa.\n", path="t.md").claims
    assert all("gpu" not in c.config for c in plain)
