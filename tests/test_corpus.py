"""The shared corpus of real PR excerpts as a regression test, both as markdown and as rendered copies.

Recall and precision are computed per set with score.py's own matching rule (imported from
../shared/tools/score.py, the extraction run in-process) over the PR files only (the docs-* and
seed-* gold files belong to other suites). A drop below the level reached fails the test.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from _extracted import SHARED_EXTRACTION, extracted

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CORPUS = SHARED / "corpus"
CORPUS2 = SHARED / "corpus2"
SCORE = SHARED / "tools" / "score.py"

# (gold folder, minimum recall %, minimum precision %): the level reached; raised as the readers improve
SETS = {
    "markdown": (CORPUS / "gold", 97.3, 96.5),
    "rendered": (CORPUS / "rendered" / "gold", 97.5, 96.5),
    "console-markdown": (CORPUS2 / "gold", 96.5, 97.5),
    "console-rendered": (CORPUS2 / "rendered" / "gold", 95.5, 96.0),
}

pytestmark = [
    pytest.mark.skipif(
        not SCORE.exists() or not CORPUS.exists(),
        reason="../shared (corpus and score.py) is not present next to the repository",
    ),
    SHARED_EXTRACTION,  # (each document extracted once on one worker for every test reading them all)
]


def _score_module(failures: list[tuple[str, list[str]]] | None = None) -> ModuleType:
    """score.py, its extraction run in-process; `failures` collects each document's warnings of a reader that failed
    (one extraction per document serves both checks)."""
    spec = importlib.util.spec_from_file_location("shared_score", SCORE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def in_process(cmd: str, doc: Path) -> list[dict[str, Any]]:
        result = extracted(doc.read_text(encoding="utf-8"), doc.name)
        failed = [w.message for w in result.warnings if " failed (" in w.message]
        if failures is not None and failed:
            failures.append((doc.name, failed))
        return [c.model_dump(mode="json") for c in result.claims]

    module.extract = in_process  # type: ignore[attr-defined]
    return module


def _pr_gold_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.json") if not p.name.startswith(("docs-", "seed-")))


@pytest.mark.parametrize("name", sorted(SETS))
def test_corpus_recall_and_precision_and_no_reader_fails(name: str) -> None:
    """Recall and precision at least the level reached, and no reader failing on any document (a warning " failed
    (...)": what the pipeline says when a reader raised and its share was skipped)."""
    folder, min_recall, min_precision = SETS[name]
    failures: list[tuple[str, list[str]]] = []
    score = _score_module(failures)
    rows = [score.score_file(p, "in-process", False) for p in _pr_gold_files(folder)]
    assert len(rows) >= 30
    gold = sum(r["gold"] for r in rows)
    found = sum(r["found"] for r in rows)
    extracted = sum(r["extracted"] for r in rows)
    recall = 100.0 * found / gold
    precision = 100.0 * found / extracted
    print(f"{name}: recall {recall:.1f}% precision {precision:.1f}%")
    assert recall >= min_recall, f"{name}: recall {recall:.1f}% < {min_recall}%"
    assert precision >= min_precision, f"{name}: precision {precision:.1f}% < {min_precision}%"
    assert not failures, failures
