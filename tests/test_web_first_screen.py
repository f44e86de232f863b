"""What a reviewer sees first on the ledger's pages (issue 22): the verdict before the commits, the rows the CLI
folds folded, charts whose axes say their unit, support cells told apart by more than colour, and datasette's own
table pages labelled and searchable."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("datasette", reason="the web view needs the [web] extra (pip install -e '.[test,web]')")

from _web import ROOT, SEED_KEY, SEED_PAGE, SVG_NS, Client, build_ledger, need_seed, open_client, svgs, text_of

from ledger.api import Ledger

SCALES = ROOT / "tests" / "fixtures" / "web" / "chart_scales.md"
SCALES_PAGE = "/-/ledger/pr/acme/rotary/7"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    yield from open_client(build_ledger(tmp_path_factory.mktemp("first") / "ledger.db"))


@pytest.fixture(scope="module")
def scales(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    from ledger.ingest.run import ingest

    db = tmp_path_factory.mktemp("scales") / "ledger.db"
    assert all(r.ok for r in ingest([str(SCALES)], db, repo="acme/rotary", pr=7))
    yield from open_client(db)


def _axis(chart: object) -> str:
    return next(t.text or "" for t in chart.iter(f"{SVG_NS}text") if t.get("class") == "axis-label")  # type: ignore[attr-defined]


def test_an_accuracy_stated_as_fraction_and_percent_is_drawn_in_percent(scales: Client) -> None:
    html = scales.get(SCALES_PAGE).text
    charts = {c.findtext(f"{SVG_NS}title", "").split(" (")[0]: c for c in svgs(html)}
    mmlu = charts["mmlu"]
    assert _axis(mmlu) == "mmlu (%)"
    drawn = [float(c.get("data-value") or 0) for c in mmlu.iter(f"{SVG_NS}circle")]
    # 62.77 and 62.41 as stated, 0.6321 (the latest head's fraction) drawn as 63.21
    assert sorted(drawn) == pytest.approx([62.41, 62.77, 63.21])
    assert float(mmlu.get("data-y-max") or 0) < 70 and float(mmlu.get("data-y-min") or 0) > 55
    ref = mmlu.find(f"{SVG_NS}line[@class='reference']")
    assert ref is not None and float(ref.get("data-value") or 0) == pytest.approx(62.9)
    page = text_of(html)
    assert "drawn in %, x100" in page and "0.6321" in page  # the value as stated stays in the caption
    throughput = next(c for t, c in charts.items() if t.startswith("throughput"))
    assert _axis(throughput).endswith(" (tok/s/GPU)")
    assert throughput.get("data-x-positions") == "3"


def test_the_pr_page_opens_on_the_verdict_and_keeps_commits_below_the_results(client: Client) -> None:
    need_seed()
    html = client.get(SEED_PAGE).text
    at = {
        name: html.index(f'id="{name}"')
        for name in ("verdict", "results", "charts", "gates", "ci", "versions", "revisions", "claims")
    }
    assert list(at) == sorted(at, key=lambda k: at[k])
    # nothing but the title and one line of identity before the verdict: no sha, no table
    before = html[html.index('<div class="ledger">') : at["verdict"]]
    assert "<table" not in before and not re.search(r"\b[0-9a-f]{10}\b", text_of(before))
    # within each revision's claims, its results come before the commits it names
    claims = html[at["claims"] :].split('id="comments"')[0]
    tables = [
        re.findall(r"</td>\s*<td>([a-z_]+)</td><td>", t)
        for t in re.findall(r'<table class="rows claims">(.*?)</table>', claims, re.DOTALL)
    ]
    assert any("commit" in kinds and len(set(kinds)) > 1 for kinds in tables)
    for kinds in tables:
        assert kinds == sorted(kinds, key=lambda k: k == "commit"), kinds


def _folded(html: str) -> dict[str, int]:
    """verdict -> rows folded under it, and every row listed outside a fold under "listed"."""
    counts: dict[str, int] = {}
    for m in re.finditer(r'<details class="folded" data-verdict="([^"]+)">(.*?)</details>', html, re.DOTALL):
        counts[m.group(1)] = m.group(2).count('class="verdict-row"')
    listed = re.sub(r'<details class="folded".*?</details>', "", html, flags=re.DOTALL)
    counts["listed"] = listed.count('class="verdict-row"')
    return counts


@pytest.mark.parametrize("path", ["page", "compare"])
def test_within_noise_and_measured_once_are_folded_as_the_cli_folds_them(client: Client, path: str) -> None:
    need_seed()
    from ledger.api import open_ledger

    comparison = open_ledger(client.db).compare(SEED_KEY, stored_only=True)
    summary = comparison.to_dict()["summary"]
    url = SEED_PAGE if path == "page" else "/-/ledger/compare"
    r = client.get(url, params={} if path == "page" else {"target": SEED_KEY})
    counts = _folded(r.text)
    folded = ("within noise", "missing", "new", "ambiguous", "insufficient data")
    changed = sum(n for v, n in summary.items() if v not in folded)  # regressions, waived, fewer tests, ...
    assert counts.pop("listed") == changed
    assert counts == {v: n for v, n in summary.items() if v in folded}
    page = text_of(r.text)
    assert f"{summary['within noise']} within noise (~)" in page
    assert f"{summary['missing']} measured once (not re-run by the newest revision, R9)" in page


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    from ledger.ingest.run import ingest

    db = tmp_path_factory.mktemp("engines") / "ledger.db"
    for path, repo in (
        (ROOT / "tests" / "fixtures" / "support_join" / "trtllm-models.md", "NVIDIA/TensorRT-LLM"),
        (ROOT / "examples" / "vllm-supported-models.md", "vllm-project/vllm"),
        (ROOT / "examples" / "sglang-hybrid-models.md", "sgl-project/sglang"),
    ):
        assert all(r.ok for r in ingest([str(path)], db, repo=repo))
    yield from open_client(db)


def _cells(html: str, row: str) -> list[list[tuple[str, str, str]]]:
    """The cells of a matrix row: each value as (its css class, the value, its source mark)."""
    tr = re.search(rf"<tr><th>{re.escape(row)}</th>(.*?)</tr>", html, re.DOTALL)
    assert tr, row
    return [
        re.findall(
            r'<span class="support-value ([\w-]+)"[^>]*>(?:<a [^>]*>)?([^<]*)(?:</a>)?</span> '
            r'<span class="source"[^>]*>([^<]*)</span>',
            td,
        )
        for td in tr.group(1).split("<td")[1:]
    ]


def test_support_values_are_coloured_by_kind_named_in_a_legend_and_show_their_source(engines: Client) -> None:
    from ledger.support.join import support

    html = engines.get("/-/ledger/support", params={"subject": "Qwen3NextForCausalLM"}).text
    swa = _cells(html, "Sliding Window Attention")
    assert [[(cls, value) for cls, value, _ in cell] for cell in swa] == [
        [("value-no", "no")],
        [("value-na", "n/a")],
        [("value-no", "no")],
    ]
    # each value's source: a letter listed under the matrices with its document, and the line it was read from
    sources = dict(re.findall(r'<li><span class="source">([A-Z]+)</span>: ([^<]+)</li>', html))
    answer = support(Ledger(engines.db), subject="Qwen3NextForCausalLM")
    m = answer.matrices[0]
    for engine, cell in zip(m.engines, swa, strict=True):
        stated = m.cell("Sliding Window Attention", engine)
        assert stated is not None
        (st,) = stated.statements
        letter, _, line = cell[0][2].partition(":")
        assert sources[letter] == st.source["document"] and int(line) == st.source["line"]
    assert len(set(sources.values())) == len(sources) == 3  # one letter per document
    # the legend names each kind of value the page shows, in words; the kinds are drawn apart
    legend = html[html.index('<p class="legend">') :]
    legend = legend[: legend.index("</p>")]
    assert re.findall(r'class="support-value value-(\w+)">([^<]+)<', legend)[:3] == [
        ("yes", "yes"),
        ("no", "no"),
        ("na", "n/a"),
    ]
    css = dict(re.findall(r"\.ledger \.value-(\w+) \{ background: (#[0-9a-f]{3,6});", html))
    assert len({css["yes"], css["no"], css["na"], css["partial"]}) == 4


FIRST = ["metric", "value", "unit", "reference", "revision_label", "config", "text", "line"]


def _headers(html: str) -> list[str]:
    return re.findall(r'<th [^>]*data-column="([^"]+)"', html)


def test_datasette_claims_table_leads_with_the_results_columns_and_labels_documents(client: Client) -> None:
    html = client.get("/ledger/claims").text
    assert _headers(html)[:9] == ["id", *FIRST]
    # the page's data keeps the table's own order: only the page is arranged for a reader
    data = client.get("/ledger/claims.json", params={"_shape": "objects", "_size": "1"}).json()
    assert list(data["rows"][0])[:5] == ["id", "document_id", "version_id", "ordinal", "kind"]
    # a claim's document is shown by its key (documents.title is empty for a file ingested under a PR number)
    cells = re.findall(r'<td class="col-document_id[^"]*">(.*?)</td>', html, re.DOTALL)
    assert cells and all("None" not in c for c in cells)
    assert any("example/trtllm#4821" in c for c in cells)
    # each column says what it holds and in what unit, in datasette's column menu and folded under the table
    described = {
        column: text
        for text, column in re.findall(r'<th data-column-description="([^"]*)" [^>]*data-column="([^"]+)"', html)
    }
    assert set(FIRST) <= set(described)
    assert "unit" in described["value"] and "unit" in described["reference"] and "tok/s/GPU" in described["unit"]
    assert re.search(r'<details class="ledger-columns"><summary>What each of the \d+ columns means', html)


@pytest.mark.parametrize("view", ["pr_claims", "metric_values", "ci_runs"])
def test_search_works_on_the_views_through_the_claims_index(client: Client, view: str) -> None:
    word = {"pr_claims": "gsm8k", "metric_values": "gsm8k", "ci_runs": "failure"}[view]
    found = client.get(f"/ledger/{view}.json", params={"_search": word, "_shape": "array", "_size": "max"})
    assert found.status_code == 200, found.text[:200]
    rows = found.json()
    every = client.count(f"SELECT COUNT(*) FROM {view}")
    want = client.count(
        f"SELECT COUNT(*) FROM {view} WHERE claim_id IN (SELECT rowid FROM claims_fts WHERE claims_fts MATCH '{word}')"
    )
    assert 0 < len(rows) == want < every
    page = client.get(f"/ledger/{view}", params={"_search": word}).text
    assert f'where search matches "{word}"' in text_of(page)


def test_a_database_beside_the_ledger_is_drawn_as_datasette_draws_it(client: Client, tmp_path: Path) -> None:
    import asyncio
    import sqlite3

    from datasette.app import Datasette

    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE claims (id INTEGER PRIMARY KEY, text TEXT, line INTEGER, metric TEXT)")
        conn.execute("INSERT INTO claims VALUES (1, 'a', 2, 'b')")
    conn.close()
    ds = Datasette([str(client.db), str(other)])

    async def pages() -> tuple[str, str]:
        await ds.invoke_startup()
        mine, theirs = await ds.client.get("/ledger/claims"), await ds.client.get("/other/claims")
        return mine.text, theirs.text

    loop = asyncio.new_event_loop()
    try:
        mine, theirs = loop.run_until_complete(pages())
    finally:
        for db in ds.databases.values():
            db.close()
        loop.close()
    assert _headers(mine)[:9] == ["id", *FIRST] and "tables.css" in mine
    assert _headers(theirs) == ["id", "text", "line", "metric"]
    assert "tables.css" not in theirs and "ledger-columns" not in theirs
