"""The web view never acts on what documents say, never writes, and reads beside a running ingest."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("datasette", reason="the web view needs the [web] extra (pip install -e '.[test,web]')")

from _web import SEED_PAGE, Client, active_markup, build_ledger, file_digest, need_seed, svgs

HOSTILE_MARKS = (
    '<script>alert("heading")',
    "<script>document.title",
    '<img src=x onerror=alert("cell")>',
    '<img src=x onerror=alert("prose")>',
    "<b>bold</b>",
    '<script>alert("title")',
    '<script>alert("th")',
)
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
    for path in (
        "/-/ledger",
        "/-/ledger/pr/evil/repo/1",
        "/-/ledger/doc/2/v1",
        "/-/ledger/compare?target=evil/repo%231&target=example/trtllm%234821",
        "/-/ledger/trend?metric=gsm8k",
        '/-/ledger/trend?metric=<script>alert("q")</script>&where=a=<b>x</b>',
        '/-/ledger/support?subject=<img src=x onerror=alert("s")>',
        "/ledger/claims?document_id=2",
        "/ledger/document_versions/2",
        "/ledger/pr_claims?document_id=2",
    ):
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
    files = sorted(
        [
            *(shared / "corpus" / "prs").glob("*.md"),
            *(shared / "corpus2" / "prs").glob("*.md"),
            *(shared / "corpus" / "rendered" / "prs").glob("*.txt"),
            *(shared / "corpus2" / "rendered" / "prs").glob("*.txt"),
        ]
    )
    if len(files) < 10:
        pytest.skip("../shared/corpus/prs is absent (CI has it)")
    db = build_ledger(tmp_path / "ledger.db")
    client = Client(db)
    ingest = subprocess.Popen(
        [sys.executable, "-m", "ledger", "ingest", *map(str, files), "--db", str(db), "--workers", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
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


def test_trend_targets_are_only_stored_documents(
    client: Client, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A `target` names a document of the ledger, never a file of the server's: a secret file's numbers must not
    reach a page, and a file that exists must answer as one that does not (no oracle of which files exist)."""
    secret = tmp_path / "secret.md"
    secret.write_text("gsm8k 91.3771 (ref 90.0)\npassword: hunter2 42.4242 tok/s\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # a bare name of a file in the server's working directory
    answers = []
    for target in (str(secret), "secret.md", str(tmp_path / "missing.md")):
        r = client.get("/-/ledger/trend", params={"metric": "gsm8k", "target": target})
        assert "91.3771" not in r.text and "hunter2" not in r.text and "42.4242" not in r.text, target
        answers.append((r.status_code, r.text.replace(target, "T")))
    assert answers[0] == answers[2] and answers[1][0] == answers[2][0], answers
    assert answers[0][0] == 400


def test_trend_over_the_whole_ledger_reads_no_file_named_like_a_document_id(
    ledger_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no target the trend reads every stored document by its id: a file named "1" in the working directory
    is not document 1 (the CLI and the web page both call this)."""
    import ledger

    (tmp_path / "1").write_text("gsm8k 97.3131 (ref 90.0)\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    trend = ledger.open_ledger(str(ledger_db)).trend("gsm8k")
    values = [c.value for s in (*trend.series, *trend.single_series) for _, c in s.points]
    assert values and 97.3131 not in values


def test_pages_read_through_the_servers_connection_and_open_the_ledger_no_more(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The PR, compare, trend and support pages call the library (report, compare, trend, support) with datasette's
    read-only connection wrapped as the open ledger it takes: no call opens the file again. datasette's own
    connections are `file:...?mode=ro` URIs (one per thread of its pool, opened when a thread first reads); the
    library's openers name the file by its path, so a connection of theirs is one not opened by URI."""
    pages = (
        "/-/ledger/pr/example/trtllm/4821",
        "/-/ledger/compare?target=example/trtllm%234821",
        "/-/ledger/trend?metric=gsm8k",
        "/-/ledger/trend?metric=gsm8k&target=example/trtllm%234821",
        "/-/ledger/support?subject=Qwen3NextForCausalLM",
    )
    opened: list[str] = []
    real = sqlite3.connect

    def connect(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if not str(database).startswith("file:"):
            opened.append(str(database))
        return real(database, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)
    assert [client.get(p).status_code for p in pages] == [200] * len(pages)
    assert "gsm8k" in client.get("/-/ledger/trend?metric=gsm8k").text
    assert opened == []


def test_every_response_says_nosniff_and_refuses_other_origins(client: Client) -> None:
    for path in ("/-/ledger", "/-/ledger/no/such/page", "/ledger/claims?document_id=2"):
        r = client.get(path)
        assert r.headers.get("x-content-type-options") == "nosniff", path
        assert "default-src 'self'" in r.headers.get("content-security-policy", ""), path


def test_the_server_answers_only_its_own_host_names(client: Client) -> None:
    """DNS rebinding: a page of another site reaches loopback under its own name in the Host header."""
    import httpx

    from ledger.web.guard import allowed_hosts, host_guard

    app = host_guard(client.ds.app(), allowed_hosts("127.0.0.1", 8001, ["ledger.internal"]))

    async def status(host: str) -> int:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://x") as c:
            return (await c.get("/-/ledger", headers={"Host": host})).status_code

    answers = {
        h: client.run(status(h))
        for h in (
            "127.0.0.1:8001",
            "localhost:8001",
            "[::1]:8001",
            "ledger.internal",
            "attacker.example",
            "attacker.example:8001",
            "127.0.0.1.attacker.example",
            "",
        )
    }
    assert answers == {
        "127.0.0.1:8001": 200,
        "localhost:8001": 200,
        "[::1]:8001": 200,
        "ledger.internal": 200,
        "attacker.example": 421,
        "attacker.example:8001": 421,
        "127.0.0.1.attacker.example": 421,
        "": 421,
    }


def test_serving_on_an_address_answers_that_address_only() -> None:
    from ledger.web.guard import allowed_hosts

    hosts = allowed_hosts("192.0.2.7", 9000)
    assert "192.0.2.7:9000" in hosts and "localhost:9000" not in hosts and "127.0.0.1" not in hosts


@pytest.mark.parametrize(
    "path",
    [
        "/-/ledger/doc/{big}/v1",
        "/-/ledger/doc/2/v{big}",
        "/-/ledger/claim/{big}",
        "/-/ledger/pr/evil/repo/{big}",
        "/-/ledger/pr/evil/repo/9223372036854775808",
    ],
)
def test_numbers_past_64_bits_in_paths_are_not_found(client: Client, path: str) -> None:
    r = client.get(path.format(big="9" * 30))
    assert r.status_code == 404, (path, r.status_code)


def test_arbitrary_sql_is_off_unless_allowed(ledger_db: Path) -> None:
    closed = Client(ledger_db, allow_sql=False)
    try:
        r = closed.get("/ledger.json", params={"sql": "select 1"}, follow_redirects=True)
        assert r.status_code == 403, r.status_code
        assert closed.get("/-/ledger").status_code == 200  # the ledger's own pages still answer
    finally:
        closed.close()


def test_allowed_sql_is_bounded_in_value_size_and_length(client: Client) -> None:
    """What `ledger sql` refuses the served connection refuses too: a gigabyte value, a megabyte statement."""
    for sql in ("select length(randomblob(1000000000))", "select " + " + ".join(["1"] * 8_000)):
        r = client.get("/ledger.json", params={"sql": sql, "_shape": "array"}, follow_redirects=True)
        assert r.status_code >= 400, (sql[:40], r.status_code)
    ok = client.get("/ledger.json", params={"sql": "select 41 + 1 as n", "_shape": "array"}, follow_redirects=True)
    assert ok.status_code == 200 and ok.json() == [{"n": 42}]


def test_a_long_document_is_served_a_page_around_its_anchor(tmp_path: Path) -> None:
    """A text of 30,000 lines: the page holds PAGE_LINES lines around the linked line, not the whole text."""
    from ledger.web.document_page import PAGE_LINES

    # (filler without digits: the page is what is tested, and a numbered line costs the extraction six times as much)
    text = "".join("a filler line\n" if i != 25_000 else "gsm8k 91.5 (ref 90.0)\n" for i in range(1, 30_001))
    doc = tmp_path / "long.md"
    doc.write_text(text, encoding="utf-8")
    db = tmp_path / "ledger.db"
    subprocess.run(
        [sys.executable, "-m", "ledger", "ingest", str(doc), "--db", str(db)], check=True, capture_output=True
    )
    c = Client(db)
    try:
        top = c.get("/-/ledger/doc/1/v1")
        assert top.status_code == 200 and 'id="L1"' in top.text and f'id="L{PAGE_LINES + 1}"' not in top.text
        assert len(top.text) < 20 * PAGE_LINES * 10
        r = c.get("/-/ledger/doc/1/v1?hl=25000")
        assert 'id="L25000"' in r.text and "91.5" in r.text and 'id="L1"' not in r.text
        later = c.get("/-/ledger/doc/1/v1?from=29500")
        assert 'id="L30000"' in later.text and "earlier lines" in later.text
    finally:
        c.close()


def test_bidi_and_control_characters_never_reach_a_page(tmp_path: Path) -> None:
    """A title and a line with U+202E (right-to-left override) and an escape character: shown as U+FFFD."""
    doc = tmp_path / "bidi.md"
    doc.write_text("# gsm8k \u202e39.19 \x1b[2Jfixed\n\ngsm8k 91.5 (ref 90.0) \u2066note\u2069\n", encoding="utf-8")
    db = tmp_path / "ledger.db"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "ledger",
            "ingest",
            str(doc),
            "--db",
            str(db),
            "--repo",
            "evil/bidi",
            "--pr",
            "9",
            "--title",
            "Fix \u202eevil\u202c title",
        ],
        check=True,
        capture_output=True,
    )
    c = Client(db)
    try:
        for path in ("/-/ledger", "/-/ledger/pr/evil/bidi/9", "/-/ledger/doc/1/v1", "/ledger/documents"):
            r = c.get(path)
            assert r.status_code == 200, path
            for ch in ("\u202e", "\u202c", "\u2066", "\u2069", "\x1b"):
                assert ch not in r.text, (path, hex(ord(ch)))
            assert "\ufffd" in r.text, path
        # the twins give the stored values as they are, every such character escaped inside JSON strings
        for path in ("/-/ledger.json", "/-/ledger/pr/evil/bidi/9.json", "/-/ledger/doc/1/v1.json"):
            r = c.get(path)
            assert r.status_code == 200 and r.headers["x-content-type-options"] == "nosniff", path
            for ch in ("\u202e", "\u202c", "\u2066", "\u2069", "\x1b"):
                assert ch not in r.text, (path, hex(ord(ch)))
        title = c.get("/-/ledger/pr/evil/bidi/9.json").json()["document"]["title"]
        assert title == "Fix \u202eevil\u202c title"
    finally:
        c.close()


def test_a_trend_page_and_a_compare_page_are_bounded(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole ledger's series are not one page; a compare page takes at most MAX_TARGETS documents."""
    from ledger.web import charts, data

    monkeypatch.setattr(charts, "MAX_SINGLE", 1)
    monkeypatch.setattr(charts, "MAX_CHARTS", 0)
    r = client.get("/-/ledger/trend", params={"metric": "gsm8k"})
    assert r.status_code == 200 and "more not drawn here" in r.text
    many = [("target", f"evil/repo#{n}") for n in range(data.MAX_TARGETS + 1)]
    r = client.get("/-/ledger/compare", params=many)
    assert r.status_code == 400 and f"at most {data.MAX_TARGETS}" in r.text


@pytest.mark.parametrize(
    "path",
    ["/-/ledger/pr/a%E2%80%AEtxt.exe/b/1", "/-/ledger/pr/a%1B%5B2Jb/repo/1", "/-/ledger/pr/a%E2%80%AEtxt.exe/b/1.json"],
)
def test_a_not_found_page_shows_its_path_neutralised(client: Client, path: str) -> None:
    """Issue 23, item 8: a 404 names what was asked; a U+202E or an escape in the path must not reach it raw
    (a link could make the user's own server print a reversed or a terminal-controlling line)."""
    r = client.get(path)
    assert r.status_code == 404 and "in this ledger" in r.text, r.text
    assert "\u202e" not in r.text and "\x1b" not in r.text and "\ufffd" in r.text, repr(r.text)
    assert r.headers["x-content-type-options"] == "nosniff"


def test_allowed_sql_cannot_hold_a_thread_in_one_call(client: Client) -> None:
    """Issue 23, item 3: the 1 s limit is a progress handler, which no single call of SQLite's C reaches;
    printf('%.*c', N, 'x') loops N times inside one call (2^31 - 1: 20 s, and a statement holds hundreds of
    them), so a served connection refuses printf and format instead of running them."""
    sql = "select printf('%.*c', 300000000, 'x') is null"
    start = time.monotonic()
    r = client.get("/ledger.json", params={"sql": sql, "_shape": "array"}, follow_redirects=True)
    assert r.status_code >= 400 and time.monotonic() - start < 1.0, (r.status_code, time.monotonic() - start)
    ok = client.get("/ledger.json", params={"sql": "select upper('ok') as s", "_shape": "array"}, follow_redirects=True)
    assert ok.status_code == 200 and ok.json() == [{"s": "OK"}]


def test_a_table_filter_cannot_hold_a_thread_in_one_like(tmp_path: Path) -> None:
    """Issue 23, items 3 and 7: datasette's filters (`?text__contains=`, on without --allow-sql) are LIKE,
    which compares a pattern at every place of a value inside one call of SQLite's C, where no time limit
    reaches: a 2,000-character pattern over a stored text of 4 MB of one letter held a server thread for over
    ten minutes. A served connection takes patterns of at most LIKE_PATTERN_CHARS, so one call over the
    largest text is a bounded piece of work; shorter filters answer as before."""
    from ledger.web.plugin import LIKE_PATTERN_CHARS

    doc = tmp_path / "letters.md"
    doc.write_text("# letters\n\ngsm8k 91.5 (ref 90.0)\n" + "a" * 200_000 + "\n", encoding="utf-8")
    db = tmp_path / "ledger.db"
    subprocess.run(
        [sys.executable, "-m", "ledger", "ingest", str(doc), "--db", str(db)], check=True, capture_output=True
    )
    c = Client(db, allow_sql=False)
    try:
        long = c.get(
            "/ledger/document_versions.json",
            params={"text__contains": "a" * (LIKE_PATTERN_CHARS + 1) + "b", "_size": "1"},
        )
        assert long.status_code >= 400 and "too complex" in long.text, (long.status_code, long.text[:200])
        short = c.get("/ledger/document_versions.json", params={"text__contains": "gsm8k 91.5", "_shape": "array"})
        assert short.status_code == 200 and len(short.json()) == 1, short.text[:200]
    finally:
        c.close()


def test_a_page_of_long_lines_is_bounded_in_characters_too(tmp_path: Path) -> None:
    """Issue 23, item 7: PAGE_LINES lines bound a page of short lines only; 300 lines of 20,000 characters were
    a 6 MB page, one line of 3 MB a 3 MB page. A page holds at most PAGE_CHARS characters of the text: the
    lines after are a link away, and a longer line is cut with a note of how much is not shown."""
    from ledger.web.document_page import PAGE_CHARS

    long_lines = tmp_path / "long_lines.md"
    long_lines.write_text(
        "gsm8k 91.5 (ref 90.0)\n" + "".join(f"{i} " + "b" * 20_000 + "\n" for i in range(300)), encoding="utf-8"
    )
    one_line = tmp_path / "one_line.md"
    one_line.write_text("gsm8k 91.5 (ref 90.0) " + "c" * 3_000_000 + "\n", encoding="utf-8")
    db = tmp_path / "ledger.db"
    for doc in (long_lines, one_line):
        subprocess.run(
            [sys.executable, "-m", "ledger", "ingest", str(doc), "--db", str(db)], check=True, capture_output=True
        )
    c = Client(db)
    try:
        first = c.get("/-/ledger/doc/1/v1")
        assert first.status_code == 200 and len(first.text) < 2 * PAGE_CHARS, len(first.text)
        assert "later lines" in first.text and "91.5" in first.text
        anchored = c.get("/-/ledger/doc/1/v1?hl=250")  # a claim's link shows its line, however long those before
        assert 'id="L250"' in anchored.text and len(anchored.text) < 2 * PAGE_CHARS
        later = c.get("/-/ledger/doc/1/v1?from=280")
        assert 'id="L301"' in later.text and len(later.text) < 2 * PAGE_CHARS
        cut = c.get("/-/ledger/doc/2/v1")
        assert cut.status_code == 200 and len(cut.text) < 2 * PAGE_CHARS, len(cut.text)
        assert "91.5" in cut.text and "characters of this line not shown" in cut.text
    finally:
        c.close()


def test_a_trend_page_reads_a_bounded_number_of_documents(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23, item 7: a trend with no target loads every document of the ledger, each with its text; over a
    ledger of 100,000 documents one request ran past 300 s and took the server from 0.3 to 5 GB. A page reads
    at most MAX_TREND_DOCUMENTS documents: past it, or with more targets than a compare takes, it asks for
    targets in one line."""
    from ledger.web import data

    monkeypatch.setattr(data, "MAX_TREND_DOCUMENTS", 1)
    r = client.get("/-/ledger/trend", params={"metric": "gsm8k"})
    assert r.status_code == 400 and "name the documents with ?target=" in r.text, (r.status_code, r.text[-600:])
    one = client.get("/-/ledger/trend", params={"metric": "gsm8k", "target": "evil/repo#1"})
    assert one.status_code == 200, one.text[-600:]
    many = [("metric", "gsm8k"), *(("target", f"evil/repo#{n}") for n in range(data.MAX_TARGETS + 1))]
    r = client.get("/-/ledger/trend", params=many)
    assert r.status_code == 400 and f"at most {data.MAX_TARGETS}" in r.text


def test_the_index_lists_a_bounded_number_of_documents(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """The index listed every document: 100,528 of them were a 19.6 MB page. It lists MAX_INDEX_DOCUMENTS and
    says how many more there are and where they all are (datasette's documents table, a page at a time)."""
    from ledger.web import data

    monkeypatch.setattr(data, "MAX_INDEX_DOCUMENTS", 1)
    r = client.get("/-/ledger")
    assert r.status_code == 200 and r.text.count('<td class="num">') == 3, r.text.count('<td class="num">')
    assert "more documents" in r.text and "/ledger/documents" in r.text
