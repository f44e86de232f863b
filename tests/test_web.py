"""The ledger's pages, asked in process through datasette's test client: status, the numbers on each page
(checked against the library functions the CLI prints), links from claims to `doc/...#L...`, charts."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("datasette", reason="the web view needs the [web] extra (pip install -e '.[test,web]')")

from _web import (
    DOC_LINK_RE,
    SEED_KEY,
    SEED_PAGE,
    SVG_NS,
    Client,
    build_ledger,
    links,
    need_seed,
    svgs,
    text_of,
)

from ledger.api import Ledger


@pytest.fixture(scope="module")
def ledger_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_ledger(tmp_path_factory.mktemp("web") / "ledger.db")


@pytest.fixture(scope="module")
def client(ledger_db: Path) -> Iterator[Client]:
    c = Client(ledger_db)
    yield c
    c.close()


def _cli_json(db: Path, *args: str) -> object:
    from typer.testing import CliRunner

    from ledger.cli.app import app

    result = CliRunner().invoke(app, [*args, "--db", str(db)])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_seed_pr_page_names_its_gates_values_revisions_and_ci(client: Client, ledger_db: Path) -> None:
    need_seed()
    r = client.get(SEED_PAGE)
    assert r.status_code == 200
    page = text_of(r.text)
    for revision in ("Final head", "13c21f460b", "af3e5eb257", "Test slimming", "f29b8c6f3b", "Earlier validation"):
        assert revision in page
    for gate in ("test_checked_in_schemas_are_current", "mypy (scripts/run_mypy.sh)", "test_mtp3_long_context_passkey"):
        assert gate in page
    for value in ("96.25", "95.98", "96.36"):  # gsm8k at the final head, its MTP1 value, the reference
        assert value in page
    # the CI bot's runs: one commit, 8 runs (4 passed, 4 failed), named by no measured claim
    ci = text_of(r.text[r.text.index('id="ci"') : r.text.index('id="versions"')])
    assert "257d5f0" in ci and "4 pass" in ci and "4 fail" in ci and "no measured claim names this commit" in ci
    # every claim of the newest version is listed once under its revision, each linking to its line
    claims = _cli_json(ledger_db, "claims", "--document", SEED_KEY, "--format", "json")
    assert isinstance(claims, list) and len(claims) == 260
    section = r.text[r.text.index('id="claims"') :]
    rows = re.findall(r'<a class="claim-link" href="([^"]+)">(\d+)</a>', section.split('id="comments"')[0])
    assert len(rows) == len(claims)
    assert sorted(int(n) for _, n in rows) == sorted(c["source"]["line"] for c in claims)
    # the line of the contract's example (test_gsm8k 96.25 (ref 96.36), line 171) links to it
    doc_id = claims[0]["source"]["document_id"]
    assert f"/-/ledger/doc/{doc_id}/v1?hl=171#L171" in {href for href, _ in rows}


def test_seed_pr_page_report_matches_ledger_report(client: Client, ledger_db: Path) -> None:
    need_seed()
    report = _cli_json(ledger_db, "report", SEED_KEY, "--format", "json")
    comparison = _cli_json(ledger_db, "compare", SEED_KEY, "--format", "json")
    assert isinstance(report, dict) and isinstance(comparison, dict)
    html = client.get(SEED_PAGE).text
    page = text_of(html)
    # the report's answer is the page's first section: its headline and its sections, as `ledger report` says them
    verdict = text_of(html[html.index('<section id="verdict"') : html.index("</section>")])
    assert verdict.strip().startswith("Verdict") and f"ledger report {SEED_KEY}" in verdict
    assert f"{len(report['revisions'])} revisions compared" in verdict
    for name, n in report["summary"].items():
        assert f"{n} {name}" in verdict
    assert report["headline"] in verdict
    assert not report["has_regression"]  # the seed's one failure is waived (issue 22)
    for sec in report["sections"]:
        shown = [*sec["findings"], *sec["more"]]
        if shown:
            assert sec["title"] in verdict
        for f in shown:
            assert " ".join(f["text"].split()) in " ".join(verdict.split()), f["text"]
    assert len(comparison["references"]) and f"Values against their reference ({len(comparison['references'])})" in page
    # gates by outcome, counted as `ledger claims --kind gate` gives them (CI runs apart)
    gates = _cli_json(ledger_db, "claims", "--document", SEED_KEY, "--kind", "gate", "--format", "json")
    assert isinstance(gates, list)
    own = [g for g in gates if (g.get("revision") or {}).get("label") != "CI"]
    for outcome in ("fail", "waived", "not_verified", "pass"):
        n = sum(1 for g in own if g["outcome"] == outcome)
        assert n and f"{n} {outcome}" in page


def test_seed_pr_charts_have_the_trend_points_and_ranges(client: Client, ledger_db: Path) -> None:
    need_seed()
    html = client.get(SEED_PAGE).text
    charts = svgs(html)
    assert charts, "the PR page draws its series"
    titles = {c.findtext(f"{SVG_NS}title"): c for c in charts}
    trend = _cli_json(ledger_db, "trend", "gsm8k", SEED_KEY, "--format", "json")
    assert isinstance(trend, list)
    # the plain gsm8k series: no draft length (the setup the seed states, GB300 and TP1, names it too), its history
    # (not the "with it" / "without it" pair of one line beside it, drawn side by side)
    plain = max(
        (s for s in trend if s["series"].split(" (")[0] == "gsm8k" and "draft_len" not in s["series"]),
        key=lambda s: len(s["points"]),
    )
    chart = titles[plain["series"]]
    assert int(chart.get("data-points") or 0) == len(plain["points"]) == len(chart.findall(f".//{SVG_NS}circle"))
    values = [p["value"] for p in plain["points"]] + [p["high"] for p in plain["points"] if p["high"]]
    y_min, y_max = float(chart.get("data-y-min") or 0), float(chart.get("data-y-max") or 0)
    assert y_min <= min(values) and max(values) <= y_max and y_max - y_min < 10  # the axis fits the values
    ticks = [float(t.text or "nan") for t in chart.findall(f"{SVG_NS}text") if "y" in (t.get("class") or "").split()]
    assert ticks[0] == y_min and ticks[-1] == y_max
    assert chart.find(f"{SVG_NS}rect[@class='band']") is not None
    assert chart.find(f"{SVG_NS}line[@class='reference']") is not None
    # each point links to the line its value was read from
    hrefs = [a.get("href") for a in chart.iter(f"{SVG_NS}a")]
    assert len(hrefs) == len(plain["points"])
    assert [int(DOC_LINK_RE.match(h or "").group(5)) for h in hrefs] == [p["line"] for p in plain["points"]]


def test_every_claim_link_lands_on_its_line(client: Client) -> None:
    need_seed()
    html = client.get(SEED_PAGE).text
    targets = {h for h, _ in links(html) if h.startswith("/-/ledger/doc/") and "#" in h}
    assert len(targets) > 100
    pages: dict[str, str] = {}
    for href in sorted(targets):
        m = DOC_LINK_RE.match(href)
        assert m, href
        doc_path = href.split("#")[0]
        if doc_path not in pages:
            r = client.get(doc_path)
            assert r.status_code == 200, href
            pages[doc_path] = r.text
        assert f'id="L{m.group(5)}"' in pages[doc_path], href


def test_doc_page_has_an_anchor_per_line_and_highlights_the_span(client: Client) -> None:
    seed = need_seed()
    r = client.get("/-/ledger/doc/3/v1?hl=171-172")
    assert r.status_code == 200
    lines = seed.read_text(encoding="utf-8").splitlines()
    anchors = re.findall(r'<div class="line[^"]*" id="L(\d+)">', r.text)
    assert [int(a) for a in anchors] == list(range(1, len(lines) + 1))
    highlighted = re.findall(r'<div class="line[^"]*\bhl\b[^"]*" id="L(\d+)">', r.text)
    assert highlighted == ["171", "172"]
    line_171 = r.text.split('id="L171">')[1].split("</div>")[0]
    assert "test_gsm8k" in line_171 and "96.25 (ref 96.36)" in line_171
    assert "accuracy test_gsm8k result 96.25" in line_171  # the claim read from the line, beside it


def test_claim_redirects_to_its_line(client: Client, ledger_db: Path) -> None:
    claims = _cli_json(ledger_db, "claims", "--document", "example/trtllm#4821", "--format", "json")
    assert isinstance(claims, list)
    r = client.get("/-/ledger/claim/1")
    assert r.status_code == 302
    assert DOC_LINK_RE.match(r.headers["location"])
    missing = client.get("/-/ledger/claim/999999")
    assert missing.status_code == 404 and missing.text.count("\n") == 1


def test_missing_pr_is_a_one_line_404(client: Client) -> None:
    r = client.get("/-/ledger/pr/NVIDIA/TensorRT-LLM/999999")
    assert r.status_code == 404
    assert r.text == "no pull request NVIDIA/TensorRT-LLM#999999 in this ledger\n"
    assert client.get("/-/ledger/doc/1/v99").status_code == 404


def test_compare_page_across_versions_shows_verdicts_thresholds_and_links(client: Client, ledger_db: Path) -> None:
    comparison = _cli_json(ledger_db, "compare", "example/trtllm#4821", "--format", "json")
    assert isinstance(comparison, dict)
    r = client.get("/-/ledger/compare", params={"target": "example/trtllm#4821"})
    assert r.status_code == 200
    rows = re.findall(r'<tr class="verdict-row" data-verdict="([^"]+)">(.*?)</tr>', r.text, re.DOTALL)
    judged = comparison.get("pairs") or [row["verdict"] for row in comparison["rows"]]
    assert len(rows) == len(judged)
    assert sorted(v for v, _ in rows) == sorted(p["verdict"] for p in judged)
    page = text_of(r.text)
    for p in judged:
        if p["threshold"] and p["threshold"]["basis"] not in ("outcome", "failed count"):
            assert f"{p['threshold']['display']} ({p['threshold']['basis']})" in page
    # values link to the version they were read from: v1 for the old side, v2 for the new
    versions = {int(DOC_LINK_RE.match(h).group(2)) for h, _ in links(r.text) if DOC_LINK_RE.match(h)}
    assert versions == {1, 2}


def test_compare_page_of_two_documents_and_a_window(client: Client) -> None:
    need_seed()
    r = client.get("/-/ledger/compare", params={"target": SEED_KEY, "from": "R2", "to": "Final head"})
    assert r.status_code in (200, 400)
    r = client.get("/-/ledger/compare", params={"target": SEED_KEY, "from": "Before the rebase", "to": "Final head"})
    assert r.status_code == 200
    assert "Comparing" not in r.text and "2 sides" in r.text
    bad = client.get("/-/ledger/compare", params={"target": "no/such#1"})
    assert bad.status_code == 400 and "no document matches" in bad.text
    assert client.get("/-/ledger/compare").status_code == 400


def test_trend_page_draws_one_chart_per_series(client: Client, ledger_db: Path) -> None:
    need_seed()
    trend = _cli_json(ledger_db, "trend", "gsm8k", "--where", "draft_len=1", "--format", "json")
    assert isinstance(trend, list)
    r = client.get("/-/ledger/trend", params={"metric": "gsm8k", "where": "draft_len=1"})
    assert r.status_code == 200
    charts = svgs(r.text)
    multi = [s for s in trend if len(s["points"]) > 1]
    assert len(charts) == len(multi) >= 1
    for chart, series in zip(charts, multi, strict=True):
        assert chart.findtext(f"{SVG_NS}title") == series["series"]
        assert int(chart.get("data-points") or 0) == len(series["points"])
        assert len(chart.findall(f".//{SVG_NS}circle")) == len(series["points"])
        values = [p["value"] for p in series["points"]]
        assert float(chart.get("data-y-min") or 0) <= min(values) <= max(values) <= float(chart.get("data-y-max") or 0)
        band = chart.find(f"{SVG_NS}rect[@class='band']")
        latest = series["latest"]
        assert band is not None and latest is not None
        base, t = latest["old"]["value"], latest["threshold"]["value"]
        assert float(band.get("data-low") or 0) == pytest.approx(base - t, abs=1e-3)
        assert float(band.get("data-high") or 0) == pytest.approx(base + t, abs=1e-3)
    assert "series with one value" in text_of(r.text).lower() or all(len(s["points"]) > 1 for s in trend)
    empty = client.get("/-/ledger/trend", params={"metric": "no-such-metric"})
    assert empty.status_code == 200 and "0 comparable series" in empty.text
    assert client.get("/-/ledger/trend").status_code == 400


def test_support_page_is_the_support_join_linked_to_lines(tmp_path: Path) -> None:
    docs = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "docs"
    if not (docs / "trtllm-supported-models.md").is_file():
        pytest.skip("../shared/corpus/docs is absent (CI has it)")
    from ledger.ingest.run import ingest

    db = tmp_path / "ledger.db"
    assert all(r.ok for r in ingest([str(p) for p in sorted(docs.glob("*.md"))], db, repo="NVIDIA/TensorRT-LLM"))
    client = Client(db)
    try:
        every = Ledger(db).support()
        r = client.get("/-/ledger/support")
        assert r.status_code == 200
        assert f"{len(every.statements)} cells" in text_of(r.text)
        assert len([h for h, _ in links(r.text) if DOC_LINK_RE.match(h)]) == len(every.statements)
        subject = every.statements[0].subject
        answer = Ledger(db).support(subject=subject, evidence=True)
        page = client.get("/-/ledger/support", params={"subject": subject})
        assert page.status_code == 200
        html = page.text
        assert f"{len(answer.statements)} cells" in text_of(html)
        for m in answer.matrices:
            assert f"{m.title}: {m.rows_are} × engines" in text_of(html)
            for e in m.engines:
                assert f"<th>{e}</th>" in html
        linked = [h for h, _ in links(html) if DOC_LINK_RE.match(h)]
        assert len(linked) == len(answer.statements)
    finally:
        client.close()


def _matrix_rows(html: str) -> dict[str, list[list[tuple[str, str]]]]:
    """The first matrix of a support page: for its header row and each row, the links (href, text) of each cell."""
    table = html[html.index('<table class="rows matrix">') :]
    table = table[: table.index("</table>")]
    out: dict[str, list[list[tuple[str, str]]]] = {}
    for tr in table.split("<tr>")[1:]:
        name = text_of(tr[: tr.index("</th>")]).strip()
        tds = tr.split("<td")[1:]
        out[name] = (
            [links("<td" + td) for td in tds] if tds else [[(text_of(th).strip(), "")] for th in tr.split("<th>")[2:]]
        )
    return out


def test_support_page_shows_the_engines_side_by_side(tmp_path: Path) -> None:
    """The page is the cross-engine join (ledger.support.join.support): one column per engine, in the join's order,
    each cell that engine's value linked to the line of that engine's own document."""
    from ledger.ingest.run import ingest

    root = Path(__file__).resolve().parents[1]
    db = tmp_path / "ledger.db"
    pages = [
        (root / "tests" / "fixtures" / "support_join" / "trtllm-models.md", {"repo": "NVIDIA/TensorRT-LLM"}),
        (root / "examples" / "vllm-supported-models.md", {"repo": "vllm-project/vllm"}),
        (root / "examples" / "sglang-hybrid-models.md", {"repo": "sgl-project/sglang"}),
    ]
    doc_of: dict[str, int] = {}
    for path, naming in pages:
        (r,) = ingest([str(path)], db, **naming)  # type: ignore[arg-type]
        assert r.ok and r.document_id is not None
        doc_of[str(path)] = r.document_id
    engine_doc = dict(zip(("TensorRT-LLM", "vLLM", "SGLang"), doc_of.values(), strict=True))
    answer = Ledger(db).support(subject="Qwen3NextForCausalLM", evidence=True)
    assert answer.matrices and answer.matrices[0].engines == ["TensorRT-LLM", "vLLM", "SGLang"]
    client = Client(db)
    try:
        page = client.get("/-/ledger/support", params={"subject": "Qwen3NextForCausalLM"})
    finally:
        client.close()
    assert page.status_code == 200
    assert "engines: TensorRT-LLM, vLLM, SGLang" in text_of(page.text)
    rows = _matrix_rows(page.text)
    assert [h for ((h, _),) in rows["feature"]] == ["TensorRT-LLM", "vLLM", "SGLang"]
    # one architecture, three engines' words for one feature: no (TensorRT-LLM), n/a (vLLM), no (SGLang)
    swa = rows["Sliding Window Attention"]
    assert [[text for _, text in cell] for cell in swa] == [["no"], ["n/a"], ["no"]]
    for engine, cell in zip(engine_doc, swa, strict=True):
        m = DOC_LINK_RE.match(cell[0][0])
        assert m and int(m.group(1)) == engine_doc[engine], (engine, cell)
    # a feature only some engines state leaves the others' cells empty, not borrowed
    assert [[text for _, text in cell] for cell in rows["Chunked Prefill"]] == [["yes"], ["yes"], []]
    # the page and the join agree cell for cell
    m0 = answer.matrices[0]
    for row in m0.rows:
        want = [[s.value for s in c.statements] if (c := m0.cell(row, e)) else [] for e in m0.engines]
        assert [[text for _, text in cell] for cell in rows[row]] == want, row


def test_index_lists_documents_and_links_prs(client: Client) -> None:
    r = client.get("/-/ledger")
    assert r.status_code == 200
    hrefs = {h for h, _ in links(r.text)}
    assert "/-/ledger/pr/example/trtllm/4821" in hrefs and "/-/ledger/pr/evil/repo/1" in hrefs


def test_tables_link_claims_to_their_lines_and_search_works(client: Client) -> None:
    r = client.get("/ledger/pr_claims?_size=5")
    assert r.status_code == 200
    assert any(DOC_LINK_RE.match(h) for h, _ in links(r.text))
    r = client.get("/ledger/claims?_size=5")
    assert any(h.startswith("/-/ledger/claim/") for h, _ in links(r.text))
    found = client.get("/ledger/claims.json?_search=gsm8k&_shape=array")
    assert found.status_code == 200
    rows = found.json()
    assert rows and all("gsm8k" in (row["text"] + (row["metric"] or "")).lower() for row in rows)
