"""An extractor that reads only lines holding one of its marks (LINE_MARKS: "Evaluated accuracy", a k6 summary's dotted
"..:", a verdict word) is not given a document holding none of them; every claim it makes comes from a line that
holds one, so a document it is not given loses nothing."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _extracted import SHARED_EXTRACTION, extracted

from ledger.parsers import extract, registry

FIXTURES = Path(__file__).parent / "fixtures"
MARKED = [e for e in registry.EXTRACTORS if getattr(e, "LINE_MARKS", ())]


def test_the_format_readers_that_read_marked_lines_name_their_marks() -> None:
    assert {e.NAME for e in MARKED} >= {"k6", "accuracy_test", "result_dicts", "ci_bot", "verdicts"}


def test_an_extractor_is_not_given_a_document_holding_none_of_its_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    from ledger.parsers.formats import accuracy_test

    asked: list[int] = []
    real = accuracy_test.extract

    def counted(block: Any, ctx: Any) -> Iterator[Any]:
        asked.append(block.start)
        return real(block, ctx)

    monkeypatch.setattr(accuracy_test, "extract", counted)
    plain = "# Accuracy\n\nThe gsm8k score went from 0.871 to 0.874 on 8x H100.\n"
    assert extract(plain, path="plain.md").claims
    assert asked == []
    report = "Reference accuracy: 88.000\nThreshold: 84.800\nEvaluated accuracy: 41.503\n"
    claims = extract(f"# Accuracy\n\n```\n{report}```\n", path="report.md").claims
    assert asked and any(c.parser.startswith("accuracy_test/") for c in claims)


def _documents() -> list[Path]:
    return [p for p in sorted(FIXTURES.rglob("*")) if p.is_file() and p.suffix != ".json"]


@SHARED_EXTRACTION
@pytest.mark.parametrize("name", [e.NAME for e in MARKED])
def test_every_claim_of_a_marked_extractor_comes_from_a_line_holding_a_mark(name: str) -> None:
    """A claim's own lines hold a mark, or the lines of its block above it do: a JSON record's score line is read
    inside the object its "{" opened a few lines up."""
    ext = next(e for e in MARKED if name == e.NAME)
    marks = ext.LINE_MARKS  # type: ignore[attr-defined]
    found = 0
    for path, texts in _marked_claim_texts().items():
        for parser, line, text in texts:
            if parser != name:
                continue
            found += 1
            assert any(m in text for m in marks), (path, line, text)
    assert found, f"no fixture gives {name} a claim: the test would prove nothing"


@functools.cache
def _marked_claim_texts() -> dict[str, list[tuple[str, int, str]]]:
    """Every fixture read once for all the marked extractors (each test read them all again: seven times the
    fixtures' time): each claim of a marked extractor as (extractor, line, the text of its lines and of its block's
    lines above it, where a JSON record's score line is read inside the object its "{" opened)."""
    names = {e.NAME for e in MARKED}
    out: dict[str, list[tuple[str, int, str]]] = {}
    for path in _documents():
        result = extracted(path.read_text(encoding="utf-8", errors="replace"), path.name)
        assert result.document is not None
        lines = result.document.lines
        spans = [(b.start, b.end) for b in result.document.blocks]
        for c in result.claims:
            if (parser := c.parser.split("/")[0]) in names:
                first = min((a for a, b in spans if a <= c.source.line <= b), default=c.source.line)
                text = "\n".join(lines[first - 1 : c.source.line_end])
                out.setdefault(path.name, []).append((parser, c.source.line, text))
    return out


def test_the_pipeline_reads_an_extractors_optional_settings_as_getattr_does() -> None:
    """pipeline._optional reads LINE_MARKS and NEEDS_DIGIT from a module's namespace (a missing one costs getattr an
    exception): the same answer as getattr for every registered extractor, a module without the setting, and an
    object that is no module."""
    from types import SimpleNamespace

    from ledger.parsers import pipeline

    for ext in registry.EXTRACTORS:
        for name, default in (("LINE_MARKS", ()), ("NEEDS_DIGIT", True)):
            assert pipeline._optional(ext, name, default) == getattr(ext, name, default)
    marked = SimpleNamespace(NAME="x", LINE_MARKS=("ab",))
    assert pipeline._optional(marked, "LINE_MARKS", ()) == ("ab",)
    assert pipeline._optional(marked, "NEEDS_DIGIT", True) is True
