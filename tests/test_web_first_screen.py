"""What a reviewer sees first on the ledger's pages (issue 22): the verdict before the commits, the rows the CLI
folds folded, charts whose axes say their unit, support cells told apart by more than colour, and datasette's own
table pages labelled and searchable."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("datasette", reason="the web view needs the [web] extra (pip install -e '.[test,web]')")

from _web import ROOT, SVG_NS, Client, svgs, text_of

SCALES = ROOT / "tests" / "fixtures" / "web" / "chart_scales.md"
SCALES_PAGE = "/-/ledger/pr/acme/rotary/7"


@pytest.fixture(scope="module")
def scales(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    from ledger.ingest.run import ingest

    db = tmp_path_factory.mktemp("scales") / "ledger.db"
    assert all(r.ok for r in ingest([str(SCALES)], db, repo="acme/rotary", pr=7))
    c = Client(db)
    yield c
    c.close()


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
