"""A page's one engine (its caption's "vLLM v0.9.1") reaches its prose results; a page naming two reaches none."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract
from ledger.vocab.engines import engines_in_text
from ledger.vocab.software_stack import engine_versions, one_release

FIXTURES = Path(__file__).parent / "fixtures" / "setup"


def _engines(name: str) -> dict[int, str | None]:
    claims = extract((FIXTURES / name).read_text(), path=name).claims
    return {c.source.line: dict(c.config).get("engine") for c in claims}


def test_one_engine_reaches_the_prose() -> None:
    engines = _engines("page_one_engine.md")
    assert engines[1] == engines[3] == engines[14] == "vLLM"  # the title, the lead, a later sentence


def test_a_second_engine_named_in_passing_gives_the_prose_none() -> None:
    engines = _engines("page_two_engines.md")
    assert engines[1] is None and engines[3] is None
    assert engines[10] == "vLLM"  # the table under the caption keeps it


def test_engines_in_text() -> None:
    assert engines_in_text("Unlike SGLang, vLLM v0.9.1 keeps the batch full") == {"SGLang", "vLLM"}
    assert engines_in_text("built with Hugging Face Transformers") == set()


def test_an_engine_set_against_is_no_engine_of_the_page() -> None:
    engines = _engines("engine_named_in_passing.md")
    assert set(engines.values()) == {None}
    assert engine_versions("Unlike vLLM 0.9.1, the kernel keeps its experts") == {}
    assert engine_versions("Served on vLLM 0.9.1, CUDA 12.8") == {"engine": "vLLM", "engine_version": "0.9.1"}


def test_one_release_in_two_spellings() -> None:
    assert one_release({"0.5", "0.5.0"}) == "0.5.0"  # (a top note's "v0.5", a caption's "v0.5.0")
    assert one_release({"v0.8", "0.8.0.0"}) == "0.8.0.0"
    assert one_release({"0.5", "0.5.1"}) is None  # (a release line is no release of its patches)
    assert one_release({"0.5.0", "0.6.0"}) is None


def test_a_top_note_release_reaches_the_title_and_prose() -> None:
    path = Path(__file__).parent / "fixtures" / "release_pages" / "top_note_release.md"
    claims = extract(path.read_text(), path=path.name).claims
    assert claims and all(dict(c.config).get("engine_version") == "0.8.0" for c in claims)
