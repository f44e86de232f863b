"""grammar.item_labels: a setting only a later item's label names is that item's; a line with no list joint has
no later item, and its numbers are not read for one."""

from __future__ import annotations

import pytest

from ledger.parsers.grammar import item_labels
from ledger.parsers.grammar.item_labels import item_label_keys


def test_a_later_items_label_is_that_items() -> None:
    assert item_label_keys("decode +13.2%, prefill +16.8%, MTP3 +4.8%") == {"draft_len", "spec_algo"}
    assert item_label_keys("decode +13.2% and MTP3 +4.8%") == {"draft_len", "spec_algo"}


@pytest.mark.parametrize(
    "line",
    [
        "decode +13.2% / MTP3 +4.8%",  # (a slash joins two values of one result, no list)
        "MTP3: +4.8% decode +13.2% prefill +16.8%",
        "| Wren-7B | TP4 | 1210 tok/s | 14.2 ms |",
    ],
)
def test_no_joint_no_later_item_and_no_number_read(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def unread(*_args: object, **_kwargs: object) -> list[object]:
        raise AssertionError("a line with one item had its numbers read")

    monkeypatch.setattr(item_labels, "find_numbers", unread)
    assert item_label_keys(line) == frozenset()
