"""CI states a bot or an eval gate prints: which are results (pass, fail), which are neither (a run cancelled or
aborted before its result), and which state a bar beside the score they judge."""

from __future__ import annotations

from ledger.parsers import extract


def _gates(text: str) -> list[tuple[int, str, str | None, str | None]]:
    claims = extract(text, path="x.md").claims
    return [(c.source.line, c.metric or "", c.outcome, c.outcome_text) for c in claims if c.kind == "gate"]


def test_a_bot_run_killed_before_its_result_is_neither_pass_nor_fail() -> None:
    text = (
        "ci-bot · comment\n[Run #7](https://ci/7/) [ run ] completed with state `CANCELLED`\n\n"
        "ci-bot · comment\n[Run #8](https://ci/8/) [ run ] completed with state `ABORTED`\n\n"
        "ci-bot · comment\n[Run #9](https://ci/9/) [ run ] completed with state `FAILURE`\n"
    )
    assert [(m, o) for _, m, o, _ in _gates(text)] == [
        ("Run #7 run", "not_run"),
        ("Run #8 run", "not_run"),
        ("Run #9 run", "fail"),
    ]


def test_a_status_line_marked_as_cancelled_or_skipped_states_no_result() -> None:
    text = (
        "### Workflow states\n\n"
        "Nightly Suite (Small)::no_entry_sign: [Run #31](https://ci/31)\n"
        "Nightly Suite (Large)::x: [Run #32](https://ci/32)\n"
        "Nightly Suite (Docs)::fast_forward: [Run #33](https://ci/33)\n"
        "Nightly Suite (Lint)::white_check_mark: [Run #34](https://ci/34)\n"
        "Nightly Suite (Perf): ⏩ [Run #35](https://ci/35)\n"
        "Nightly Suite (Multi-GPU)::heavy_multiplication_x: [Run #36](https://ci/36)\n"
    )
    assert [(m, o) for _, m, o, _ in _gates(text)] == [
        ("Nightly Suite (Small)", "not_run"),
        ("Nightly Suite (Large)", "fail"),
        ("Nightly Suite (Docs)", "skipped"),
        ("Nightly Suite (Lint)", "pass"),
        ("Nightly Suite (Perf)", "skipped"),
        ("Nightly Suite (Multi-GPU)", "fail"),
    ]


def test_an_eval_gates_verdict_line_is_a_score_held_to_its_bar() -> None:
    text = (
        "runner · comment\nThe accuracy step stopped the sweep:\n"
        "FAIL: arc_easy acc_norm,none = 0.6120 (< 0.70 from settings.base)\n"
        "PASS: arc_easy acc,none = 0.7305 (>= 0.70 from settings.base)\n"
        "The job ran with batch 64 (< 128 allowed).\n"
    )
    claims = [c for c in extract(text, path="x.md").claims if c.kind != "commit"]
    got = [(c.source.line, c.kind, c.metric, c.value, c.config.get("threshold"), c.outcome_text) for c in claims]
    assert got == [
        (3, "accuracy", "arc_easy acc_norm (none)", 0.612, "0.70", "FAIL"),
        (4, "accuracy", "arc_easy acc (none)", 0.7305, "0.70", "PASS"),
    ]
