"""Slash-packed values against a setting listed after them in one sentence ("1520 / 4810 / 7230 tok/s at batch sizes
1/8/16"): one claim per value, each in the list's unit, at its own value of the setting."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers import extract
from ledger.vocab.list_settings import setting_list

_FIXTURE = Path(__file__).parent / "fixtures" / "prose" / "slash_values_slash_settings.md"


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (" at batch sizes 1/8/16.", ("batch_size", ["1", "8", "16"])),
        (" for concurrency 1, 4, 16.", ("concurrency", ["1", "4", "16"])),
        (" at concurrency 4 and 32.", ("concurrency", ["4", "32"])),
        (" at draft 1 / 3 / 4", ("draft_len", ["1", "3", "4"])),
        (" at bs 1/8/16, the last", ("batch_size", ["1", "8", "16"])),
        (" at 1/8/16", None),  # (no setting named)
        (" at bs 1, 8, 16.5", None),  # (a decimal is no value of the list's setting)
    ],
)
def test_setting_list(text: str, want: tuple[str, list[str]] | None) -> None:
    got = setting_list(text, 0)
    assert (got[:2] if got is not None else None) == want


def _claims() -> dict[int, list[tuple[float, str | None, dict[str, str]]]]:
    out: dict[int, list[tuple[float, str | None, dict[str, str]]]] = {}
    for c in extract(_FIXTURE.read_text(encoding="utf-8"), path="x.md").claims:
        assert isinstance(c.value, float)
        out.setdefault(c.source.line, []).append((c.value, c.unit, c.config))
    return out


def test_each_value_takes_its_place_of_the_setting_and_the_lists_unit() -> None:
    got = _claims()
    assert [(v, u, cfg["batch_size"]) for v, u, cfg in got[7]] == [
        (1520.0, "tok/s", "1"),
        (4810.0, "tok/s", "8"),
        (7230.0, "tok/s", "16"),
    ]
    assert [(v, u, cfg["concurrency"]) for v, u, cfg in got[9]] == [
        (45.0, "ms", "1"),
        (61.0, "ms", "4"),
        (98.0, "ms", "16"),
    ]
    # two bare integers slashed are a count of a total ("48/50") but where the setting lists as many values
    assert [(v, u, cfg["concurrency"]) for v, u, cfg in got[11]] == [(2210.0, "tok/s", "4"), (5030.0, "tok/s", "32")]


def test_a_list_of_another_length_gives_no_value_a_setting() -> None:
    assert all("batch_size" not in cfg for _, _, cfg in _claims()[13])
