"""Values paired across two values of one setting (two token caps in one passage): each value its own arm's cap,
and the pair noted as measured two ways, so compare never calls the cap's cost the change's regression."""

from __future__ import annotations

import pytest

from ledger.model import OTHER_SETUP_NOTE
from ledger.parsers import extract
from ledger.vocab.token_caps import token_caps


def test_a_pair_across_two_token_caps_compares_the_caps_not_the_change() -> None:
    text = (
        "- A 384-token limit cut 41/150 replies. With 1536 tokens only 6/150 were cut, and ARC-style accuracy "
        "went from 48.0% to 53.5%, taking 52.0s instead of 30.5s.\n"
    )
    results = [c for c in extract(text, path="t.md").claims if c.reference is not None]
    assert results and all(c.config.get("osl") == "1536" for c in results)
    assert all((c.note or "").startswith(f"{OTHER_SETUP_NOTE}: another token cap (384 vs 1536)") for c in results)


def test_one_cap_or_a_bare_token_count_is_no_contrast() -> None:
    assert token_caps("We keep the 512-token cap; accuracy went from 50% to 52%.") == []
    assert token_caps("At 1024 tokens and at 2048 tokens the prompt fits.") == []
    assert [v for _, v in token_caps("max_tokens=256 before, a cap of 1024 tokens now")] == ["256", "1024"]


def test_a_line_of_many_results_is_read_for_its_caps_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A row of results holds many claims on one line: its caps are read once for all of them, and each result
    still takes the cap stated last before it."""
    from ledger.parsers.prose import setting_contrasts

    asked: list[str] = []

    def counted(text: str) -> list[tuple[int, str]]:
        asked.append(text)
        return token_caps(text)

    monkeypatch.setattr(setting_contrasts, "token_caps", counted)
    text = (
        "- A 384-token limit cut 41/150 replies. With 1536 tokens only 6/150 were cut, and ARC-style accuracy "
        "went from 48.0% to 53.5%, taking 52.0s instead of 30.5s.\n"
    )
    results = [c for c in extract(text, path="t.md").claims if c.reference is not None]
    assert len(results) >= 2 and all(c.config.get("osl") == "1536" for c in results)
    assert len(asked) == len(set(asked)) == 1
