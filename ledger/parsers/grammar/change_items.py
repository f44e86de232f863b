"""A list item that says what the change does to named models ("- Fix Qwen3-235B FP8 KV-cache handling", "* Add
MTP support for GLM-4.6"): its settings are what the change touches in those models, not the setup results of other
models were measured under. Where the document names another model too (an accuracy table of five families under a
goal list), the item's settings are not the document's default (grammar.document_default)."""

from __future__ import annotations

import bisect
import re

from ledger.parsers.grammar.default_reach import Statement
from ledger.parsers.grammar.setup_scopes import norm, turn_bounds
from ledger.parsers.reader.blocks import Document

# an item opening with the verb of a change ("- Fix ...", "* **Adds** ...", "1. Repair ...")
_CHANGE_ITEM_RE = re.compile(
    r"^[ \t>]{0,6}(?:[-*+•]|\d{1,3}[.)])[ \t]{1,4}(?:\*\*)?(?:fix(?:es|ed)?|repair(?:s|ed)?|restore[sd]?|"
    r"add(?:s|ed)?|support(?:s|ed)?|enable[sd]?|implement(?:s|ed)?|introduce[sd]?|improve[sd]?|"
    r"optimi[sz]e[sd]?)\b",
    re.IGNORECASE,
)


def change_items_own(
    doc: Document,
    items: set[int],
    said: list[Statement],
    seen: dict[str, list[str]],
    led: tuple[dict[str, list[str]], dict[str, list[int]]],
    by_turn: dict[str, dict[int, list[str]]],
    turns_of: dict[str, set[int]],
) -> None:
    """Moves from `seen` (the default's values) to `led` (lines' own values, and the turn of each) the settings a
    change's list item states (`items`: the list items' lines) where it names models and the document names others
    (`seen`'s and `led`'s models), and marks them so in `said` (every statement); `by_turn` and `turns_of` (each
    key's values by turn, the turns naming it) lose them."""
    models: dict[int, set[str]] = {}
    for no, key, value, _ in said:
        if key == "model" and no in items and _CHANGE_ITEM_RE.match(doc.line(no)[:80]):
            models.setdefault(no, set()).add(norm(value))
    named = {norm(m) for m in [*seen.get("model", ()), *led[0].get("model", ())]}
    lines = {no for no, mine in models.items() if not all(any(a in b or b in a for b in mine) for a in named)}
    if not lines:
        return  # (the runs are on the models the items name: their settings may be the runs')
    starts = [a for a, _ in turn_bounds(doc)]
    for i, (no, key, value, counted) in enumerate(said):
        if no not in lines or not counted or key == "model" or value not in seen.get(key, ()):
            continue
        said[i], turn = (no, key, value, False), bisect.bisect_right(starts, no) - 1
        seen[key].remove(value)
        led[0].setdefault(key, []).append(value)
        led[1].setdefault(key, []).append(turn)
        by_turn[key][turn].remove(value)
        if not by_turn[key][turn]:
            del by_turn[key][turn]
        turns_of[key] = set(by_turn[key])
    for key in [k for k, vals in seen.items() if not vals]:
        seen.pop(key), by_turn.pop(key, None), turns_of.pop(key, None)
