"""The web view never acts on what documents say, never writes, and reads beside a running ingest."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("datasette", reason="the web view needs the [web] extra (pip install -e '.[test,web]')")

from _web import SEED_PAGE, Client, active_markup, build_ledger, file_digest, need_seed, svgs

HOSTILE_MARKS = ('<script>alert("heading")', "<script>document.title", '<img src=x onerror=alert("cell")>',
                 '<img src=x onerror=alert("prose")>', "<b>bold</b>", '<script>alert("title")',
                 '<script>alert("th")')
"""Markup in the hostile document (headings, table cells, prose, the title): none may reach a page as markup."""


@pytest.fixture(scope="module")
def ledger_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_ledger(tmp_path_factory.mktemp("websec") / "ledger.db", seed=False)


@pytest.fixture(scope="module")
def client(ledger_db: Path) -> Iterator[Client]:
    c = Client(ledger_db)
    yield c
    c.close()


def _hostile_pages(client: Client) -> dict[str, str]:
    pages = {}
    for path in ("/-/ledger", "/-/ledger/pr/evil/repo/1", "/-/ledger/doc/2/v1",
                 "/-/ledger/compare?target=evil/repo%231&target=example/trtllm%234821",
                 "/-/ledger/trend?metric=gsm8k", '/-/ledger/trend?metric=<script>alert("q")</script>&where=a=<b>x</b>',
                 '/-/ledger/support?subject=<img src=x onerror=alert("s")>',
                 "/ledger/claims?document_id=2", "/ledger/document_versions/2", "/ledger/pr_claims?document_id=2"):
        r = client.get(path)
        assert r.status_code == 200, (path, r.status_code, r.text[:300])
        pages[path] = r.text
    return pages


def test_hostile_text_is_shown_as_text_on_every_page(client: Client) -> None:
    pages = _hostile_pages(client)
    for path, html in pages.items():
        for mark in (*HOSTILE_MARKS, '<script>alert("q")', '<img src=x onerror=alert("s")>', "<b>x</b>"):
            assert mark not in html, (path, mark)
        assert not active_markup(html), (path, active_markup(html))
    # and it is there, as text: the doc page shows every line, escaped
    doc = pages["/-/ledger/doc/2/v1"]
    assert "&lt;script&gt;alert(" in doc and "&lt;img src=x onerror=alert(" in doc
    assert "[click me](javascript:alert(1))" in doc  # a markdown link stays its source text
    pr = pages["/-/ledger/pr/evil/repo/1"]
    assert "&lt;b&gt;bold&lt;/b&gt;" in pr and "&lt;script&gt;alert(&#34;title&#34;)" in pr.replace("&quot;", "&#34;")


def test_hostile_labels_are_escaped_inside_the_svg(client: Client) -> None:
    r = client.get("/-/ledger/trend", params={"metric": "gsm8k"})
    for svg in svgs(r.text):  # parses as XML: no stray markup inside
        for el in svg.iter():
            assert not el.tag.endswith(("script", "foreignObject", "img"))


def test_writes_through_the_web_are_refused_and_the_file_is_unchanged(client: Client, ledger_db: Path) -> None:
    before = file_digest(ledger_db)
    count = client.count("select count(*) from claims")
    attempts = [
        client.get("/ledger.json", params={"sql": "DELETE FROM claims"}, follow_redirects=True),
        client.get("/ledger.json", params={"sql": "UPDATE claims SET value = 0"}, follow_redirects=True),
        client.get("/ledger.json", params={"sql": "DROP TABLE claims"}, follow_redirects=True),
        client.get("/ledger.json", params={"sql": "ATTACH DATABASE '/tmp/x.db' AS x"}, follow_redirects=True),
        client.get("/ledger.json", params={"sql": "PRAGMA query_only = OFF"}, follow_redirects=True),
        client.post("/ledger/claims/-/insert", json={"row": {"kind": "gate", "line": 1, "line_end": 1, "text": "x"}}),
        client.post("/ledger/-/create", json={"table": "x", "row": {"a": 1}}),
        client.post("/ledger/claims/-/drop", json={"confirm": True}),
        client.post("/ledger/claims/1/-/delete"),
        client.post("/ledger", data={"sql": "DELETE FROM claims"}),
        client.post("/-/ledger/pr/evil/repo/1", data={"x": "1"}),
    ]
    for r in attempts:
        assert r.status_code >= 400, (r.request.url if hasattr(r, "request") else "", r.status_code, r.text[:200])
    # the server's own write connection is read-only too
    db = client.ds.get_database("ledger")
    with pytest.raises(Exception, match=r"readonly|read-only|query_only|attempt to write"):
        client.run(db.execute_write("DELETE FROM claims"))
    assert client.count("select count(*) from claims") == count
    assert file_digest(ledger_db) == before


def test_a_concurrent_ingest_causes_no_error(tmp_path: Path) -> None:
    seed = need_seed()
    shared = seed.parents[1]
    # enough documents that the ingest is still committing while the pages are read, however fast the machine
    files = sorted([*(shared / "corpus" / "prs").glob("*.md"), *(shared / "corpus2" / "prs").glob("*.md"),
                    *(shared / "corpus" / "rendered" / "prs").glob("*.txt"),
                    *(shared / "corpus2" / "rendered" / "prs").glob("*.txt")])
    if len(files) < 10:
        pytest.skip("../shared/corpus/prs is absent (CI has it)")
    db = build_ledger(tmp_path / "ledger.db")
    client = Client(db)
    ingest = subprocess.Popen([sys.executable, "-m", "ledger", "ingest", *map(str, files), "--db", str(db),
                               "--workers", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    statuses: list[int] = []
    seen_documents: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (ingest.poll() is None or len(statuses) < 6):
            for path in (SEED_PAGE, "/-/ledger/trend?metric=gsm8k", "/-/ledger"):
                seen_documents.add(client.count("select count(*) from documents"))
                statuses.append(client.get(path).status_code)
            if len(statuses) > 400:
                break
        _, err = ingest.communicate(timeout=120)
    finally:
        if ingest.poll() is None:
            ingest.kill()
        client.close()
    assert ingest.returncode == 0, err
    assert statuses and set(statuses) == {200}
    assert len(seen_documents) >= 2, seen_documents  # the pages were read while the ingest was committing
    assert max(seen_documents) <= 3 + len(files)


def test_a_reader_thread_and_a_writer_thread_in_one_process(tmp_path: Path) -> None:
    """The ingest library writing while the server reads, in one process (the server's threads beside it)."""
    from ledger.ingest.run import ingest

    db = build_ledger(tmp_path / "ledger.db", seed=False)
    client = Client(db)
    texts = [(tmp_path / f"pr{i}.md") for i in range(12)]
    for i, p in enumerate(texts):
        table = f"| check | result |\n| --- | --- |\n| gsm8k | {90 + i / 10:.2f} |\n"
        p.write_text(f"## Results\n\n{table}", encoding="utf-8")
    failures: list[BaseException] = []

    def write() -> None:
        try:
            for i, p in enumerate(texts):
                assert all(r.ok for r in ingest([str(p)], db, repo="w/r", pr=100 + i))
        except BaseException as exc:  # reported below
            failures.append(exc)

    writer = threading.Thread(target=write)
    writer.start()
    statuses = []
    while writer.is_alive() or len(statuses) < 4:
        statuses.append(client.get("/-/ledger/trend?metric=gsm8k").status_code)
    writer.join()
    client.close()
    assert not failures and set(statuses) == {200}
