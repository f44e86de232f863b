"""The library face: `import ledger`, `open_ledger(path)` with one method per command, one error hierarchy."""

from __future__ import annotations

import inspect
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _fake_github import NUMBER, REPO, FakeGitHub

import ledger
from ledger import errors

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

PUBLIC = [
    "Claim",
    "DatabaseError",
    "FetchError",
    "InputError",
    "Ledger",
    "LedgerError",
    "NotALedger",
    "NotFound",
    "ParseWarning",
    "SchemaTooNew",
    "UsageError",
    "__version__",
    "open_ledger",
]


def test_the_public_names_are_exactly_these_and_all_resolve() -> None:
    assert sorted(ledger.__all__) == sorted(PUBLIC)
    for name in ledger.__all__:
        assert getattr(ledger, name) is not None
    with pytest.raises(AttributeError):
        _ = ledger.no_such_name  # type: ignore[attr-defined]


def test_import_ledger_loads_none_of_the_library() -> None:
    probe = (
        "import sys, ledger; heavy = ('ledger.api', 'ledger.compare', 'pydantic', 'sqlite_utils', 'rich', "
        "'httpx'); print([m for m in heavy if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def test_every_method_a_command_has(tmp_path: Path) -> None:
    book = ledger.open_ledger(tmp_path / "ledger.db")
    with pytest.raises(ledger.LedgerError):
        book.claims(pr=4821)  # reading never creates the file
    assert not (tmp_path / "ledger.db").exists()
    seen: list[Any] = []
    results = book.ingest(
        [str(EXAMPLES / "pr-4821-v1.txt"), str(EXAMPLES / "pr-4821-v2.txt")],
        repo="example/trtllm",
        pr=4821,
        on_result=seen.append,
    )
    assert [r.status for r in results] == ["new", "new_version"] and seen == results
    claims = book.claims(pr=4821, metric="acceptance length")
    assert claims and all(c["metric"] == "acceptance length" for c in claims)
    assert book.claims(pr=4821, config={"kv_cache": "fp8"}) == book.claims(pr=4821, config=["kv_cache=fp8"])
    assert [v["version"] for v in book.show("example/trtllm#4821")["versions"]] == [1, 2]
    assert isinstance(book.support().rows(), list)
    assert book.sql("SELECT COUNT(*) AS n FROM documents") == [{"n": 1}]
    comparison = book.compare("example/trtllm#4821")
    assert comparison.compared and "gsm8k" in comparison.render("markdown", show_all=True)
    trend = book.trend("gsm8k", "example/trtllm#4821")
    assert trend.series and "gsm8k" in trend.render()
    with pytest.raises(ledger.UsageError):
        book.sql("DELETE FROM claims")


def test_every_method_takes_its_options_as_typed_keywords() -> None:
    """No `**options: Any`: a misspelt option is a TypeError at the call, and an editor shows what each takes."""
    from ledger.api import Ledger

    methods = {name: fn for name, fn in inspect.getmembers(Ledger, inspect.isfunction) if not name.startswith("_")}
    assert {
        "ingest",
        "claims",
        "show",
        "support",
        "sql",
        "compare",
        "trend",
        "report",
        "fetch",
        "reextract",
        "merge",
        "export",
    } <= set(methods)
    for name, fn in methods.items():
        for p in list(inspect.signature(fn).parameters.values())[1:]:
            assert p.kind is not inspect.Parameter.VAR_KEYWORD, (name, p.name)
            assert p.annotation is not inspect.Parameter.empty and p.annotation != "Any", (name, p.name)
    book = ledger.open_ledger("no-such.db")
    with pytest.raises(TypeError):
        book.claims(metrik="gsm8k")  # type: ignore[call-arg]


def test_reextract_merge_and_export_through_the_library(tmp_path: Path) -> None:
    book = ledger.open_ledger(tmp_path / "a.db")
    book.ingest([str(EXAMPLES / "pr-4821-v1.txt")], repo="example/trtllm", pr=4821)
    assert book.reextract() == []  # written by these extractors already
    [again] = book.reextract(mode="all", dry_run=True)
    assert (again.key, again.version, again.change.any) == ("example/trtllm#4821", 1, False)
    with pytest.raises(ledger.UsageError):
        book.reextract(mode="newest")
    other = ledger.open_ledger(tmp_path / "b.db")
    [merged] = other.merge(tmp_path / "a.db")
    assert (merged.documents, merged.versions) == (1, 1)
    assert other.claims(pr=4821) == book.claims(pr=4821)
    pytest.importorskip("pyarrow", reason="the parquet extra (pyarrow) is not installed")
    assert other.export(tmp_path / "out").rows["claims"] == len(book.claims(pr=4821))


def test_fetch_through_the_library(tmp_path: Path) -> None:
    fake = FakeGitHub()
    book = ledger.open_ledger(tmp_path / "ledger.db")
    from ledger.github import connect

    gh = connect(api_url=fake.base_url, transport=fake.transport(), env={})
    results = book.fetch(f"{REPO}#{NUMBER}", client=gh)
    assert [r.ok for r in results] == [True]
    assert book.show(f"{REPO}#{NUMBER}")["document"]["key"] == f"{REPO}#{NUMBER}"


def test_open_ledger_refuses_a_file_that_is_not_a_ledger(tmp_path: Path) -> None:
    bad = tmp_path / "notes.db"
    bad.write_text("not a database\n")
    with pytest.raises(ledger.NotALedger):
        ledger.open_ledger(bad)
    assert bad.read_text() == "not a database\n"


def test_one_error_hierarchy_drawn_once_each_class_documented() -> None:
    classes = [c for _, c in inspect.getmembers(errors, inspect.isclass) if c.__module__ == errors.__name__]
    assert errors.LedgerError in classes
    tree = errors.__doc__ or ""
    for cls in classes:
        assert issubclass(cls, errors.LedgerError) or cls is errors.LedgerNote
        assert cls.__doc__ and cls.__doc__.strip(), f"{cls.__name__} has no docstring"
        assert re.search(rf"\b{cls.__name__}\b", tree), f"{cls.__name__} is not in the drawn hierarchy"


def test_the_readme_python_example_runs(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", readme, re.DOTALL)
    assert block, "the README shows no Python example"
    code = block.group(1)
    assert len([line for line in code.splitlines() if line.strip()]) <= 4
    db = tmp_path / "ledger.db"
    ledger.open_ledger(db).ingest(
        [str(EXAMPLES / "pr-4821-v1.txt"), str(EXAMPLES / "pr-4821-v2.txt")], repo="example/trtllm", pr=4821
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True)
    assert "gsm8k" in out.stdout


def _pr_page(number: int, before: float, after: float) -> str:
    """A PR description of our own with a gsm8k accuracy on two revisions."""
    model = "(model Llama-3.1-8B-Instruct)"
    return (
        f"# Faster sampler\n\nInitial head (4e1f0c{number:04x}):\n\n- gsm8k {before} {model}\n\n"
        f"Final head (b7a3e2{number:04x}):\n\n- gsm8k {after} {model}\n"
    )


def _count_connections(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every sqlite3 connection opened from now on (what it opened), whoever opens it."""
    opened: list[str] = []
    real = sqlite3.connect

    def connect(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        opened.append(str(database))
        return real(database, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)
    return opened


@pytest.mark.parametrize("documents", [1, 4])
def test_a_trend_over_every_document_opens_the_ledger_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, documents: int
) -> None:
    db = tmp_path / "ledger.db"
    for n in range(documents):
        page = tmp_path / f"pr-{n}.md"
        page.write_text(_pr_page(100 + n, 80.0 + n, 81.5 + n), encoding="utf-8")
        ledger.open_ledger(db).ingest([str(page)], repo="acme/engine", pr=100 + n)
    opened = _count_connections(monkeypatch)
    with ledger.open_ledger(db) as book:
        trend = book.trend("gsm8k")
        assert len(trend.series) == 1 and len(trend.series[0].points) == 2 * documents
        assert book.compare("acme/engine#100").compared
    assert len(opened) == 1, opened


def test_the_support_join_still_takes_a_path_as_the_readme_documented_it(tmp_path: Path) -> None:
    from ledger.support.join import support

    db = tmp_path / "ledger.db"
    ledger.open_ledger(db).ingest([str(EXAMPLES / "vllm-supported-models.md")], repo="vllm-project/vllm")
    with ledger.open_ledger(db) as book:
        rows = support(book).rows()
    assert rows and any(r["engine"] == "vLLM" for r in rows)
    assert support(db).rows() == rows == support(str(db)).rows()
