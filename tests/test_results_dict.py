"""The results' one JSON shape: `to_dict()` of Comparison, Trend, Report and SupportAnswer is plain data, and
`--format json` prints exactly it (the trend's and the support answer's lists are its `series` and `statements`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ledger.api import Ledger, open_ledger
from ledger.cli.app import app
from ledger.output.rows import dumps_indented

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = [ROOT / "examples" / "pr-4821-v1.txt", ROOT / "examples" / "pr-4821-v2.txt"]
FIX = ROOT / "tests" / "fixtures" / "compare"
PR = "example/trtllm#4821"
runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("dict") / "ledger.db"
    with open_ledger(path) as book:
        book.ingest([str(p) for p in EXAMPLES], repo="example/trtllm", pr=4821)
        book.ingest([str(FIX / "desc_v1.md"), str(FIX / "desc_v2_regressed.md")], repo="t/c", pr=7)
        book.ingest([str(ROOT / "examples" / "vllm-supported-models.md")], repo="vllm-project/vllm")
        book.ingest([str(ROOT / "examples" / "sglang-hybrid-models.md")], repo="sgl-project/sglang")
    return path


@pytest.fixture
def book(db: Path) -> Iterator[Ledger]:
    with open_ledger(db) as opened:
        yield opened


def cli_json(db: Path, *args: str) -> str:
    r = runner.invoke(app, [*args, "--format", "json", "--db", str(db)])
    assert r.exit_code == 0, r.stderr
    return r.stdout


def plain(d: Any) -> Any:
    """`d` as JSON gives it back: equal only when it holds nothing but dicts, lists, text, numbers and None."""
    return json.loads(json.dumps(d, allow_nan=False))


@pytest.mark.parametrize("target", [PR, "t/c#7"])
def test_compare_json_prints_the_comparisons_to_dict(db: Path, book: Ledger, target: str) -> None:
    d = book.compare(target).to_dict()
    assert plain(d) == d
    assert set(d) == {"revisions", "summary", "rows", "references", "tested", "support"}
    assert d["rows"] and d["summary"]
    assert cli_json(db, "compare", target) == dumps_indented(d)
    assert cli_json(db, "compare", target, "--all") == dumps_indented(d)


def test_report_json_prints_the_reports_to_dict(db: Path, book: Ledger) -> None:
    d = book.report("t/c#7").to_dict()
    assert plain(d) == d
    assert d["pr"] == "t/c#7" and d["has_regression"] is True
    assert [s["name"] for s in d["sections"]][:2] == ["ci", "results"]
    assert cli_json(db, "report", "t/c#7") == dumps_indented(d)


def test_trend_json_prints_the_series_of_the_trends_to_dict(db: Path, book: Ledger) -> None:
    trend = book.trend("gsm8k")
    d = trend.to_dict()
    assert plain(d) == d
    assert d["metric"] == "gsm8k"
    assert [s["series"] for s in d["series"]] == [s.label for s in trend.series]
    assert d["single"] == trend.single
    assert cli_json(db, "trend", "gsm8k") == dumps_indented(d["series"])
    every = trend.to_dict(show_all=True)
    assert len(every["series"]) == len(trend.series) + len(trend.single_series) and every["single"] == 0
    assert cli_json(db, "trend", "gsm8k", "--all") == dumps_indented(every["series"])


def test_support_json_prints_the_statements_of_the_answers_to_dict(db: Path, book: Ledger) -> None:
    answer = book.support(subject="Qwen3NextForCausalLM")
    d = answer.to_dict()
    assert plain(d) == d
    assert d["mode"] == "subject" and d["engines"] == answer.engines
    assert cli_json(db, "support", "--subject", "Qwen3NextForCausalLM") == dumps_indented(d["statements"]) + "\n"
    # the matrices as the terminal draws them: each cell names its row and engine, its values and statements
    m, matrix = d["matrices"][0], answer.matrices[0]
    assert m["title"] == matrix.title and m["rows"] == matrix.rows and m["engines"] == matrix.engines
    assert len(m["cells"]) == len(matrix.cells)
    for cell in m["cells"]:
        typed = matrix.cell(cell["row"], cell["engine"])
        assert typed is not None and cell["values"] == typed.values
        assert [s["source"]["line"] for s in cell["statements"]] == [s.source["line"] for s in typed.statements]
