"""A repository for the main-line tests (tests/test_action.py, tests/test_history.py): pull requests merged over
the last weeks stating gsm8k for one setup, one merged before the window, one of another setup, and the open PR
under review, on the stand-in GitHub (tests/_standin_github.py). Times are relative to now, as the window is.
The texts are our own writing."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from _standin_github import Pull

REPO, NUMBER = "acme/engine", 40
SETUP = "Qwen3-8B FP8 on 1x H100"
NOW = datetime.now(timezone.utc)
MAIN_LINE = [96.0, 96.4, 96.2, 96.1, 96.3, 96.2, 96.4]
"""gsm8k as the merged PRs of the last weeks stated it for Qwen3-8B FP8 on 1x H100."""


def at(days_ago: float) -> str:
    return (NOW - timedelta(days=days_ago)).strftime("%Y-%m-%dT%H:%M:%SZ")


def description(n: int, setup: str, gsm8k: float) -> str:
    return (
        f"## Summary\n\nKeeps the sampler's buffers warm between steps (change {n}).\n\n## Accuracy\n\n"
        f"{setup}:\n\n| task | score |\n|---|---|\n| gsm8k | {gsm8k:.2f} |\n"
    )


def pull(n: int, state: str, days_ago: float, setup: str, gsm8k: float) -> Pull:
    when = at(days_ago)
    return Pull(
        n,
        f"Change {n}",
        "a-osei",
        state,
        when,
        when,
        [(when, "a-osei", description(n, setup, gsm8k))],
        commits=[(f"{n:040x}", when, "a-osei", f"Step of {n}")],
        merged=when if state == "MERGED" else None,
    )


def repository() -> dict[int, Pull]:
    same = SETUP
    pulls = {
        30: pull(30, "MERGED", 60, same, 90.0),  # before the 30-day window
        38: pull(38, "MERGED", 2, "Qwen3-8B FP8 on 1x B200", 80.0),
    }  # another setup
    for i, value in enumerate(MAIN_LINE):
        pulls[31 + i] = pull(31 + i, "MERGED", 20 - 2 * i, same, value)
    pulls[NUMBER] = pull(NUMBER, "OPEN", 1, same, 96.25)
    return pulls
