"""The words of a thread that start a CI run without stating its result: a trigger command posted as a comment
("/ci run", "/test all", "/retest", "/bot run") and the link to the build it started (a Buildkite build, a GitHub
Actions run, a GitLab pipeline). A report says such a run was triggered, never that the thread holds no CI."""

from __future__ import annotations

import re

TRIGGER_RE = re.compile(
    r"^[ \t>]{0,4}`?/(?:ci|test|retest|rerun|run-ci|ci-run|bot|ok-to-test|build)(?:[ \t]+[\w:-]{1,30}){0,2}`?[ \t]*$",
    re.IGNORECASE,
)
"""A comment's whole line that asks a CI bot to run ("/ci run", "/bot run --stage-list A", "/retest")."""
BUILD_LINK_RE = re.compile(
    r"https?://(?:buildkite\.com/[\w.-]{1,80}/[\w.-]{1,80}/builds/(?P<bk>\d{1,9})"
    r"|github\.com/[\w.-]{1,80}/[\w.-]{1,80}/actions/runs/(?P<gh>\d{1,12})"
    r"|[\w.-]{1,80}/-/pipelines/(?P<gl>\d{1,12}))",
    re.IGNORECASE,
)
"""A link to one CI build or run, by its number."""
CI_WORD_RE = re.compile(r"(?<![\w-])CI(?![\w-])|\bci\stests?\b", re.IGNORECASE)
"""A gate named for a CI suite ("NV CI tests", "AMD CI tests (stage-a/b/c)"): a CI verdict stated in prose."""

CI_VERDICT_RE = re.compile(
    r"(?<![\w-])CI(?![\w-])|\b(?:ci\stests?|pipeline|workflow|pre-?merge|merge\srequest\sjobs?)\b", re.IGNORECASE
)
"""A gate whose name says it is the project's CI ("L0 pipeline on head 3e4f5a6b", "CI on the latest commit"): where
the gate names its commit, the CI state of that head as the text states it."""


def build_number(line: str) -> str | None:
    """The number of the build or run a line links to ("builds/86773" -> "86773"), else None."""
    m = BUILD_LINK_RE.search(line)
    return next((g for g in m.groups() if g), None) if m is not None else None
