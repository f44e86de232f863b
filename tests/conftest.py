"""Test options shared by the suite."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        default=False,
        help="rewrite tests/fixtures/**/*.golden.json from today's extraction (review the diff)",
    )


@pytest.fixture
def update_goldens(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-goldens"))


@pytest.fixture
def no_github_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    """No token, API root or ledger from the developer's environment or `gh` reaches the test."""
    for name in ("GH_TOKEN", "GITHUB_TOKEN", "LEDGER_GITHUB_API", "LEDGER_DB"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("ledger.github.auth._gh_token", lambda host: None)
