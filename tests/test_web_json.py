"""The pages read the results' `to_dict()` (never JSON text parsed back), and each page has a `.json` twin serving
that data as datasette's tables do, asked in process through datasette's test client."""

from __future__ import annotations

import json
import re
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


SUPPORT_PAGE = Path(__file__).resolve().parents[1] / "examples" / "vllm-supported-models.md"
SUBJECT = "Qwen3NextForCausalLM"


@pytest.fixture(scope="module")
def with_support(ledger_db: Path) -> Path:
    from ledger.api import open_ledger

    with open_ledger(ledger_db) as book:
        book.ingest([str(SUPPORT_PAGE)], repo="vllm-project/vllm")
    return ledger_db


def cli_json(db: Path, *args: str) -> Any:
    from typer.testing import CliRunner

    from ledger.cli.app import app

    r = CliRunner().invoke(app, [*args, "--format", "json", "--db", str(db)])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def twin(client: Client, path: str, status: int = 200, **params: Any) -> Any:
    """The JSON a twin serves, checked to be JSON with the guard headers every page has."""
    from ledger.web.guard import SECURITY_HEADERS

    r = client.get(path, params=params) if params else client.get(path)  # empty params would drop path's query
    assert r.status_code == status, r.text[:300]
    assert r.headers["content-type"] == "application/json; charset=utf-8"
    for name, value in SECURITY_HEADERS:
        assert r.headers[name.decode()] == value.decode()
    return r.json()


def test_compare_twin_is_what_ledger_compare_prints(client: Client, ledger_db: Path) -> None:
    served = twin(client, "/-/ledger/compare.json", target=PR)
    assert served == cli_json(ledger_db, "compare", PR)
    assert served["rows"] and served["summary"]


def test_trend_twin_is_the_trends_to_dict_with_every_series(client: Client, ledger_db: Path) -> None:
    served = twin(client, "/-/ledger/trend.json", metric="gsm8k")
    assert served["metric"] == "gsm8k" and served["single"] == 0
    assert served["series"] == cli_json(ledger_db, "trend", "gsm8k", "--all")
    assert served["series"], "the example states gsm8k in two versions"


def test_support_twin_has_the_matrices_and_the_rows(client: Client, with_support: Path) -> None:
    served = twin(client, "/-/ledger/support.json", subject=SUBJECT)
    assert served["mode"] == "subject" and served["matrices"]
    assert served["statements"] == cli_json(with_support, "support", "--subject", SUBJECT, "--evidence")
    page = client.get("/-/ledger/support", params={"subject": SUBJECT}).text
    for cell in served["matrices"][0]["cells"]:
        for value in cell["values"]:
            assert f"value-{value.replace('/', '')}" in page or "value-other" in page


def test_pr_twin_has_the_report_the_comparison_and_the_claims(client: Client, ledger_db: Path) -> None:
    served = twin(client, PR_PAGE + ".json")
    assert served["document"]["key"] == PR and served["document"]["labels"] == []
    assert [v["version"] for v in served["versions"]] == [1, 2] and served["version"] == 2
    assert served["report"] == cli_json(ledger_db, "report", PR)
    assert served["comparison"] == cli_json(ledger_db, "compare", PR)
    claims = cli_json(ledger_db, "claims", "--document", PR)
    assert [c["source"]["line"] for c in served["claims"]] == [c["source"]["line"] for c in claims]
    assert f"{len(claims)} claims" in client.get(PR_PAGE).text


def test_doc_twin_has_the_pages_lines_and_their_claims(client: Client, ledger_db: Path) -> None:
    from ledger.api import open_ledger

    with open_ledger(ledger_db) as book:
        doc_id = book.show(PR)["document"]["id"]
    served = twin(client, f"/-/ledger/doc/{doc_id}/v2.json", hl="3")
    text = (Path(__file__).resolve().parents[1] / "examples" / "pr-4821-v2.txt").read_text(encoding="utf-8")
    assert [line["text"] for line in served["lines"]] == text.splitlines()
    assert [line["number"] for line in served["lines"] if line["highlighted"]] == [3]
    assert "text" not in served["version"] and served["version"]["version"] == 2
    on_lines = sorted(c["line"] for line in served["lines"] for c in line["claims"])
    claims = cli_json(ledger_db, "claims", "--document", PR)
    assert on_lines == sorted(c["source"]["line"] for c in claims) and served["n_claims"] == len(claims)


def test_index_twin_lists_the_documents(client: Client, ledger_db: Path) -> None:
    served = twin(client, "/-/ledger.json")
    listed = cli_json(ledger_db, "documents")
    assert [(d["id"], d["key"]) for d in served["documents"]] == [(d["id"], d["document"]) for d in listed]
    assert served["more"] == 0
    assert next(d for d in served["documents"] if d["key"] == PR)["href"] == PR_PAGE


@pytest.mark.parametrize(
    ("path", "params", "status", "error"),
    [
        ("/-/ledger/pr/no/such/1.json", {}, 404, "no pull request no/such#1 in this ledger"),
        ("/-/ledger/doc/1/v99.json", {}, 404, "no version 99 of document 1 in this ledger"),
        ("/-/ledger/compare.json", {}, 400, "give one or more targets"),
        ("/-/ledger/compare.json", {"target": "no/such#1"}, 400, "no document matches"),
        ("/-/ledger/trend.json", {}, 400, "give a metric"),
        ("/-/ledger/trend.json", {"metric": "x", "target": ["a"] * 21}, 400, "a trend page reads at most 20"),
    ],
)
def test_twin_errors_are_json_with_their_status(
    client: Client, path: str, params: dict[str, Any], status: int, error: str
) -> None:
    served = twin(client, path, status, **params)
    assert served["ok"] is False and served["status"] == status and error in served["error"]
    assert "\n" not in served["error"] and "Traceback" not in served["error"]


def test_twins_only_read(client: Client) -> None:
    r = client.post("/-/ledger/compare.json", params={"target": PR})
    assert r.status_code == 405 and r.headers["allow"] == "GET, HEAD"
    assert r.json() == {"ok": False, "error": "the ledger is served read-only: only GET and HEAD", "status": 405}


@pytest.mark.parametrize(
    "page",
    [
        "/-/ledger",
        PR_PAGE,
        "/-/ledger/doc/1/v2?hl=3",
        "/-/ledger/compare?target=example/trtllm%234821&from=R1",
        "/-/ledger/trend?metric=gsm8k",
        f"/-/ledger/support?subject={SUBJECT}",
    ],
)
def test_every_page_links_its_twin(client: Client, page: str) -> None:
    import re
    from html import unescape

    html = client.get(page).text
    found = re.findall(r'<a class="json-link" href="([^"]+)">JSON</a>', html)
    assert len(found) == 1, found
    path, _, query = page.partition("?")
    assert unescape(found[0]) == path.rstrip("/") + ".json" + (f"?{query}" if query else "")
    assert client.get(unescape(found[0])).status_code == 200


def test_doc_twin_pages_link_the_next_twin(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    from ledger.web import document_page

    monkeypatch.setattr(document_page, "PAGE_LINES", 10)
    first = twin(client, "/-/ledger/doc/1/v2.json")
    assert [line["number"] for line in first["lines"]] == list(range(1, 11))
    assert first["pages"]["later"] == "/-/ledger/doc/1/v2.json?from=11" and first["pages"]["earlier"] is None
    second = twin(client, first["pages"]["later"])
    assert second["lines"][0]["number"] == 11 and second["pages"]["earlier"] == "/-/ledger/doc/1/v2.json?from=1"
    assert client.get("/-/ledger/doc/1/v2?from=11").text.count('href="/-/ledger/doc/1/v2?from=21"') == 1


def test_rows_alike_but_for_their_columns_qualifiers_are_told_apart_on_the_page_and_its_twin(tmp_path: Path) -> None:
    """ "tput(out tok/s)" beside "tput(total tok/s)" (one metric and setup in the key): the `.json` twin's rows carry
    the qualifier the terminal's label adds, and the page's rows show it, so no two rows read alike."""
    from ledger.ingest.run import ingest

    db = tmp_path / "qualifiers.db"
    fixture = Path(__file__).resolve().parent / "fixtures" / "compare" / "column_qualifiers.md"
    assert all(r.ok for r in ingest([str(fixture)], db, repo="acme/serve", pr=7))
    c = Client(db)
    try:
        served = twin(c, "/-/ledger/compare.json", target="acme/serve#7")
        named = [(r["metric"], r["variant"], r["qualifier"]) for r in served["rows"]]
        assert len(named) == 7 and len(set(named)) == 7
        assert {"out", "total", "min", "req/min"} <= {q for _, _, q in named}
        assert served == cli_json(db, "compare", "acme/serve#7")
        page = c.get("/-/ledger/compare", params={"target": "acme/serve#7"}).text
        cells = re.findall(r"<td>perf</td>\s{0,4}<td>([^<]{1,200})", page)  # (each row's label cell)
        assert len(cells) == 7 and len(set(cells)) == 7, cells
        assert any(cell.startswith("tput (out)") for cell in cells)
    finally:
        c.close()
