"""What setup a gate takes from the text around it. A gate is a check with an outcome, not a measurement: a static
check of the code (lint, types, formatting, pre-commit, a config's validation, pytest's collection) ran on no model,
board or load, so it takes none of the setup its section or the document states ("Full GSM8K runs passed on 4x
MI355. Pre-commit passed."); any other gate (a test, a CI suite) may run on the model and board around it, but never
under a serving benchmark's load ("conc256" in the heading of the turn's benchmark: that run's, no test's)."""

from __future__ import annotations

import re

from ledger.vocab.word_gate import WordGate

# (searched only where one of its words stands: vocab.word_gate)
STATIC_CHECK_RE = WordGate(
    re.compile(
        r"\b(?:lint(?:ers?|ing)?|ruff|mypy|pyright|flake8|pylint|black|isort|yapf|clang-(?:format|tidy)|pre-?commit"
        r"|codespell|shellcheck|markdownlint|type[ -]?check(?:s|ing)?|format(?:ting)? checks?"
        r"|(?:yaml|config|schema)(?:/\w{1,20})? validation|(?:pytest|test) collection|dco)\b",
        re.IGNORECASE,
    )
)
"""A gate's name that names a static check of the code: "Pre-commit", "YAML/config validation", "ruff check"."""

LOAD_KEYS = frozenset(("concurrency", "isl", "osl", "num_prompts", "request_rate", "dataset"))
"""A serving benchmark's load and the data its requests are drawn from: a run's, never a gate's."""


def gate_setup(kind: str, name: str, around: dict[str, str]) -> dict[str, str]:
    """Of the setup `around` a claim of `kind` named `name`, what it takes: all of it but for a gate, which takes
    nothing for a static check and all but the load for any other."""
    if kind != "gate":
        return around
    if STATIC_CHECK_RE.search(name[:200]):
        return {}
    return {k: v for k, v in around.items() if k not in LOAD_KEYS}
