"""A results page in several versions (tests/fixtures/compare_cases/retyped_page_v1..v3): between releases a page
re-types a setup header ("num_requests", "num_requets", "requests_n"), renames a rate column ("RPS" then "req/s"),
drops a column, a row and a table, and writes a heading without its model for one version. Compare by versions
reads one series per setup however the header is spelt, and says what changed, what was removed and what is new."""

from __future__ import annotations

from pathlib import Path

from ledger.compare import RevisionRef, Snapshot, compare_series
from ledger.compare.align import Row
from ledger.parsers import extract
from ledger.parsers.grammar.unit_labels import header_unit
from ledger.vocab.setup_keys import canonical_key_name

CASES = Path(__file__).parent / "fixtures" / "compare_cases"


def _rows() -> list[Row]:
    snaps = []
    for n in (1, 2, 3):
        path = CASES / f"retyped_page_v{n}.md"
        snaps.append(Snapshot(RevisionRef(name=f"v{n}", version=n), extract(path.read_text(), path=path.name).claims))
    return compare_series(snaps)


def _find(rows: list[Row], metric: str, unit: str, **setup: str) -> Row:
    got = [
        r for r in rows if r.key.metric == metric and r.key.unit == unit and setup.items() <= dict(r.key.config).items()
    ]
    assert len(got) == 1, [(r.key, r.overall.verdict if r.overall else None) for r in got]
    return got[0]


def test_a_setup_header_respelt_names_its_known_key() -> None:
    for spelt in ("num_requests", "num_requets", "requests_n", "n_prompts", "number of prompts", "num_promts"):
        assert canonical_key_name(spelt) == "num_prompts", spelt
    # a short key is one letter from another, and a substituted letter is another setting
    assert canonical_key_name("patch_size") == "patch_size"
    assert canonical_key_name("ep_size") == "ep"


def test_a_request_rate_by_its_initials_is_a_rate_per_second_or_per_minute() -> None:
    assert header_unit("RPS") == "req/s"
    assert header_unit("PRS") == "req/s"
    assert header_unit("RPM") == "req/min"
    assert header_unit("Runs") is None


def test_a_series_whose_headers_are_respelt_between_versions_is_one_series() -> None:
    rows = _rows()
    rps = _find(rows, "request throughput", "req/s", model="qwen2-7b", batch_size="32")
    assert [c.value if c else None for c in rps.cells] == [6.40, 7.02, 7.02]
    assert rps.overall is not None and rps.overall.verdict == "improvement"
    assert dict(rps.key.config)["num_prompts"] == "800"
    per_minute = _find(rows, "request throughput", "req/min", model="qwen2-7b", batch_size="32")
    assert [c.value if c else None for c in per_minute.cells] == [384.0, None, None]
