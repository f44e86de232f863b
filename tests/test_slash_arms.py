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
