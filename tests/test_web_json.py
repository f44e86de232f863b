"""The pages read the results' `to_dict()` (never JSON text parsed back), and each page has a `.json` twin serving
that data as datasette's tables do, asked in process through datasette's test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("datasette", reason="the web view needs the [web] extra (pip install -e '.[test,web]')")

from _web import Client, build_ledger

PR_PAGE = "/-/ledger/pr/example/trtllm/4821"
PR = "example/trtllm#4821"


@pytest.fixture(scope="module")
def ledger_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_ledger(tmp_path_factory.mktemp("webjson") / "ledger.db", seed=False)


@pytest.fixture(scope="module")
def client(ledger_db: Path) -> Iterator[Client]:
    c = Client(ledger_db)
    yield c
    c.close()


def test_pages_read_the_results_data_not_their_json_text(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    from ledger.compare.run import Comparison
    from ledger.report import Report

    def no_text(self: Any, fmt: str = "table", *args: Any, **kw: Any) -> str:
        raise AssertionError(f"a page rendered {fmt} text")

    monkeypatch.setattr(Comparison, "render", no_text)
    monkeypatch.setattr(Report, "render", no_text)
    page = client.get(PR_PAGE)
    assert page.status_code == 200 and "REGRESSION" in page.text.upper()
    compared = client.get("/-/ledger/compare", params={"target": PR})
    assert compared.status_code == 200 and 'class="verdict-row"' in compared.text
