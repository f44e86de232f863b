"""Golden fixtures: every claim a fixture document yields, compared field by field.

A fixture is `tests/fixtures/<topic>/<name>.md` (markdown) or `.txt` (a rendered-page copy), a text of
our own in a real format; `<name>.md.golden.json` lists every claim the whole pipeline extracts from
it (not one extractor's share: what a reader skipped or read twice shows too), with its metric,
config, revision and section (and, where set, the outcome's words, the note, engine, architecture and
models). `pytest --update-goldens` rewrites the goldens from today's output, so
that a change of behaviour is reviewed as a diff of these files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from _extracted import SHARED_EXTRACTION, extracted

from ledger.model import CLAIMS_ADAPTER, Claim
from ledger.parsers.reader.document import split_lines

pytestmark = SHARED_EXTRACTION  # (the fixtures' claims, extracted once on one worker for every test reading them all)

FIXTURES = Path(__file__).parent / "fixtures"
FIELDS = (
    "kind",
    "metric",
    "value",
    "high",
    "approx",
    "unit",
    "reference",
    "stderr",
    "stddev",
    "outcome",
    "outcome_text",
    "sha",
    "passed",
    "failed",
    "skipped",
    "subject",
    "feature",
    "printed",
    "note",
    "engine",
    "architecture",
    "models",
)


def _golden(path: Path) -> Path:
    return Path(f"{path}.golden.json")


_TOPICS = {
    "compare",
    "compare_cases",
    "console",
    "gates",
    "kv_lines",
    "llama_bench",
    "lm_eval",
    "numbers",
    "prose",
    "release_pages",
    "report",
    "revisions",
    "setup",
    "support",
    "support_join",
    "tables",
    "test_counts",
    "web",
}
"""The fixture folders, every one (test_every_fixture_folder_is_a_topic): each document in them must have a
golden, so a new fixture without one fails."""


def _golden_cases() -> list[Path]:
    docs = [p for p in FIXTURES.rglob("*") if p.suffix in (".md", ".txt")]
    return sorted(p for p in docs if _golden(p).exists() or p.parent.name in _TOPICS)


CASES = _golden_cases()


def test_every_fixture_folder_is_a_topic() -> None:
    folders = {p.name for p in FIXTURES.iterdir() if p.is_dir()}
    assert folders == _TOPICS, f"add {sorted(folders - _TOPICS)} to _TOPICS (and run pytest --update-goldens)"


def test_every_golden_has_its_document() -> None:
    orphans = [
        str(g.relative_to(FIXTURES))
        for g in FIXTURES.rglob("*.golden.json")
        if not Path(str(g)[: -len(".golden.json")]).is_file()
    ]
    assert not orphans, f"goldens whose fixture is gone (delete them): {orphans}"


def project(c: Claim) -> dict[str, Any]:
    """A claim as the golden lists it: its line, the fields that are set, config, revision and section."""
    out: dict[str, Any] = {"line": c.source.line}
    if c.source.line_end != c.source.line:
        out["line_end"] = c.source.line_end
    for name in FIELDS:
        v = getattr(c, name, None)
        if v is not None and v is not False:
            out[name] = v
    if c.config:
        out["config"] = dict(c.config)
    if c.revision is not None:
        out["revision"] = {k: v for k, v in c.revision.model_dump().items() if v is not None}
    if c.source.section:
        out["section"] = list(c.source.section)
    return out


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(FIXTURES)) for p in CASES])
def test_fixture_matches_its_golden(path: Path, update_goldens: bool) -> None:
    """The claims equal the golden's, and every claim is valid and points at its own text (one extraction serves
    both: the fixtures are a tenth of the suite's time)."""
    text = path.read_text(encoding="utf-8")
    result = extracted(text, path.name)
    _points_at_its_text(text, result.claims)
    got = [project(c) for c in result.claims]
    golden = _golden(path)
    if update_goldens:
        golden.write_text(
            "[\n" + ",\n".join(json.dumps(g, ensure_ascii=False) for g in got) + "\n]\n", encoding="utf-8"
        )
        return
    assert golden.exists(), f"{golden.name} is missing: write it by hand, or run pytest --update-goldens and review"
    want = json.loads(golden.read_text(encoding="utf-8"))
    assert got == want


def _points_at_its_text(text: str, claims: list[Claim]) -> None:
    """Every claim validates, and its source text stands in the lines its span names."""
    CLAIMS_ADAPTER.validate_python([c.model_dump() for c in claims])
    lines = split_lines(text)
    for c in claims:
        span = "\n".join(lines[c.source.line - 1 : c.source.line_end])
        assert c.source.text in span, (c.source.line, c.source.text)
