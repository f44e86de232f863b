"""An extractor's precondition (`admits`, and its LINE_MARKS asked of each block: ledger/parsers/base.py) is exact:
every block it yields a claim from passes it, so the blocks it fails, never handed over, lose nothing. Checked by
reading every fixture and corpus document with the extractors stripped of both (each block of their kinds handed over,
as before the preconditions), recording which blocks yield, and asking the precondition of each; and the claims read
so must be the ones the pipeline reads with them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from _extracted import SHARED_EXTRACTION, extracted

from ledger.parsers import extract, registry
from ledger.parsers.reader.document import Block, Document
from ledger.parsers.reader.line_facts import line_facts

FIXTURES = Path(__file__).parent / "fixtures"
SHARED = Path(__file__).resolve().parents[1].parent / "shared"
_CORPORA = ("corpus/prs", "corpus/rendered/prs", "corpus2/prs", "corpus2/rendered/prs", "corpus3/prs", "seeds")
GATED = [e for e in registry.EXTRACTORS if getattr(e, "admits", None) or getattr(e, "LINE_MARKS", ())]


def _documents() -> list[Path]:
    docs = [p for p in sorted(FIXTURES.rglob("*")) if p.is_file() and p.suffix != ".json"]
    for sub in _CORPORA:
        if (SHARED / sub).is_dir():
            docs += [p for p in sorted((SHARED / sub).rglob("*")) if p.is_file()]
    return docs


def _passes(ext: ModuleType, block: Block, doc: Document) -> bool:
    text = line_facts(doc).text(block)
    marks: tuple[str, ...] = getattr(ext, "LINE_MARKS", ())
    admits = getattr(ext, "admits", None)
    return (not marks or any(m in text for m in marks)) and (admits is None or admits(block, text, doc))


def _stripped(ext: Any, yielded: list[tuple[Any, Block, Document]]) -> SimpleNamespace:
    """`ext` without its preconditions, noting each block it yields a claim from."""

    def read(block: Block, ctx: Any) -> Iterator[Any]:
        claims = list(ext.extract(block, ctx))
        if claims:
            yielded.append((ext, block, ctx.doc))
        return iter(claims)

    kept = {k: getattr(ext, k) for k in ("NAME", "VERSION", "BLOCKS", "NEEDS_DIGIT") if hasattr(ext, k)}
    return SimpleNamespace(**kept, extract=read)


@SHARED_EXTRACTION
def test_every_block_an_extractor_claims_from_passes_its_precondition(monkeypatch: pytest.MonkeyPatch) -> None:
    docs = _documents()
    yielded: list[tuple[Any, Block, Document]] = []
    monkeypatch.setattr(registry, "EXTRACTORS", tuple(_stripped(e, yielded) for e in registry.EXTRACTORS))
    read = [extract(p.read_text(encoding="utf-8", errors="replace"), path=p.name).claims for p in docs]
    failed = [(e.NAME, doc.lines[b.start - 1][:120]) for e, b, doc in yielded if not _passes(e, b, doc)]
    assert not failed
    claimed = {e.NAME for e, _b, _d in yielded}
    assert claimed >= {e.NAME for e in GATED}  # (none proven on nothing)
    monkeypatch.undo()  # (the pipeline as shipped again: only its claims are remembered)
    for path, claims in zip(docs, read, strict=True):
        assert extracted(path.read_text(encoding="utf-8", errors="replace"), path.name).claims == claims, path


def test_the_extractors_named_in_the_issue_have_a_precondition() -> None:
    """The extractors whose calls mostly yield nothing (issue 21's profile): gates, support prose, test counts,
    commits, population counts, verdicts, lm-eval tables."""
    named = {e.NAME for e in GATED}
    assert named >= {"gates", "support_prose", "test_counts", "commits", "population_counts", "verdicts", "lm_eval"}


def test_a_block_failing_the_precondition_is_not_handed_over() -> None:
    from ledger.parsers import pipeline
    from ledger.parsers.formats import commits
    from ledger.parsers.reader.document import read_document

    text = "# Speed-up\n\nDecode went from 41.2 to 38.9 ms.\n\nMeasured at commit 3f2a9c1d8e.\n"
    doc = read_document(text, "two.md")
    assert [b.start for b in pipeline._blocks_of(commits, line_facts(doc), (), doc)] == [5]
    assert [c.sha for c in extract(text, path="two.md").claims if c.kind == "commit"] == ["3f2a9c1d8e"]


def test_a_population_count_is_read_however_its_of_is_spaced() -> None:
    """population_counts' marks are asked of each block now, so they must be what its pattern needs: "of" with no
    blank around it ("2of 1319", tabs) is a count too, in a document whose lines hold no " of "."""
    for line in ("- Failed requests: 2of 1319", "- Failed requests: 2\tof\t1319"):
        claims = extract(f"# Accuracy\n\n{line}\n", path="counts.md").claims
        assert [(c.metric, c.value) for c in claims if (c.parser or "").startswith("population_counts/")] == [
            ("Failed requests", 2.0)
        ], line
