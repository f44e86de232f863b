"""The pages in a real browser: Playwright driving Debian's Chromium (`apt-get install -y chromium`; Playwright's
own browser download cannot reach its host here) against `ledger serve` on a loopback port.

Opens the seed PR's page (its first screen, 1280x900, holds the verdict; its charts' axes name their units),
follows a claim's link to its line, opens datasette's claims table (its first screen shows the results
columns) and a trend; no page error, no failed request, and screenshots in
tests/screenshots/ (or LEDGER_SCREENSHOTS). .ci/run installs chromium and runs this test; where
chromium or playwright is missing it is skipped with the reason.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

pytest.importorskip("datasette", reason="the web view needs the [web] extra (pip install -e '.[test,web]')")
playwright_api = pytest.importorskip("playwright.sync_api", reason="needs playwright (pip install playwright)")

from _web import ROOT, SEED_KEY, SEED_PAGE, build_ledger, need_seed  # noqa: E402

CHROMIUM = os.environ.get("LEDGER_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(os.environ.get("LEDGER_SCREENSHOTS", ROOT / "tests" / "screenshots"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"no chromium at {CHROMIUM} (apt-get install -y chromium)")
    need_seed()
    db = build_ledger(tmp_path_factory.mktemp("browser") / "ledger.db")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "ledger", "serve", "--db", str(db), "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(base + "/-/ledger", timeout=2).close()
                break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail(f"ledger serve exited: {proc.stderr.read() if proc.stderr else ''}")
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def _first_screen_has_the_verdict(page: Any) -> None:
    """The report's answer is read without scrolling: the headline, each regression and each gate that needs a
    look lie within the first 900 px; the commits, versions and revisions start below the verdict."""
    height = page.viewport_size["height"]
    assert page.evaluate("window.scrollY") == 0
    headline = page.locator("#verdict p.headline")
    assert headline.is_visible() and "regression" in headline.inner_text()
    # (what a section folds under "N more" is one click away, not on the first screen)
    for item in [headline, *[li for li in page.locator("#verdict ul.findings li").all() if li.is_visible()]]:
        box = item.bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, item.inner_text()
    verdict = page.locator("#verdict").bounding_box()
    for later in ("#ci", "#versions", "#revisions"):
        box = page.locator(later).bounding_box()
        assert verdict is not None and box is not None and box["y"] > verdict["y"] + verdict["height"]


def _axes_carry_units(page: Any) -> None:
    """Every chart's y axis names its unit in brackets: gsm8k (%), acceptance length (tokens per step)."""
    labels = page.locator("svg.ledger-chart text.axis-label").all_text_contents()
    assert labels and all(re.search(r"\(.+\)$", x) for x in labels), labels
    assert any(x.endswith("(%)") for x in labels)


def test_seed_page_claim_link_and_trend_in_chromium(server: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
            page.on("requestfailed", lambda r: problems.append(f"failed request: {r.url} {r.failure}"))
            page.on("response", lambda r: problems.append(f"{r.status}: {r.url}") if r.status >= 400 else None)
            page.on("request", lambda r: None if r.url.startswith(server) else problems.append(f"left: {r.url}"))

            page.goto(server + SEED_PAGE)
            assert "NVIDIA/TensorRT-LLM#20144" in page.title()
            assert page.locator("svg.ledger-chart").count() >= 5
            page.screenshot(path=str(SHOTS / "pr-page.png"))  # the first screen, as a reviewer opens it
            _first_screen_has_the_verdict(page)
            page.locator("#charts").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "pr-charts.png"))
            _axes_carry_units(page)

            # the claim of line 171 (test_gsm8k 96.25 (ref 96.36)): follow its link to the stored text
            link = page.locator("#claims ~ table a.claim-link", has_text="171").first
            link.click()
            page.wait_for_load_state()
            assert page.url.endswith("#L171")
            target = page.locator("div.line:target")
            assert target.count() == 1 and target.get_attribute("id") == "L171"
            assert "96.25 (ref 96.36)" in target.inner_text()
            box = target.bounding_box()
            assert box is not None and -2 <= box["y"] < 900  # scrolled to the line
            page.screenshot(path=str(SHOTS / "doc-line.png"))

            # the compare page opens on its summary and its first change (the seed's one failure is waived, so
            # that row leads); the rows the CLI folds are folded
            page.goto(server + "/-/ledger/compare?target=" + quote(SEED_KEY, safe=""))
            first = page.locator("tr.verdict-row").first.bounding_box()
            assert first is not None and first["y"] + first["height"] <= 900
            folded = page.locator("details.folded")
            assert folded.count() >= 2 and not folded.first.locator("tr.verdict-row").first.is_visible()
            page.screenshot(path=str(SHOTS / "compare.png"))

            # datasette's own table of claims opens on the columns a reader looks for, its rows on the first screen
            page.goto(server + "/ledger/claims")
            for column in ("metric", "value", "unit", "reference", "revision_label", "config", "text", "line"):
                box = page.locator(f'th[data-column="{column}"]').bounding_box()
                assert box is not None and box["x"] + box["width"] <= 1280 and box["y"] < 900, column
            row = page.locator("table.rows-and-columns tbody tr").first.bounding_box()
            assert row is not None and row["y"] < 900
            page.screenshot(path=str(SHOTS / "claims-table.png"))

            page.goto(server + "/-/ledger/trend?metric=gsm8k&where=draft_len=1")
            charts = page.locator("svg.ledger-chart")
            assert charts.count() >= 1
            first = charts.first
            assert int(first.get_attribute("data-points") or 0) == first.locator("circle.point").count() > 1
            page.screenshot(path=str(SHOTS / "trend.png"), full_page=True)
        finally:
            browser.close()
    assert not problems, problems
