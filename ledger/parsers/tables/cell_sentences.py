"""A sentence in a table cell ("peak 512 tok/s @ C=16, TTFT 1.2-2.8s", "210 / 900"): prose reads it, and the
row around it still says what it was measured under. The row's setting cells hold for it ("4x GB200, TP=4" beside
it), a setting cell listing as many values as the cell ("1 / 16" under Concurrency beside "295 / 2491") gives each
value its position's, and the column's unit ("TTFT (ms)", else the one the row's label names) reaches a value printed
bare. What the sentence states of its own wins, but for what the row's label states of itself ("@1k": its context)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from ledger.model import Claim
from ledger.parsers.grammar.numbers import find_numbers
from ledger.parsers.reader.document import Row
from ledger.parsers.tables.cells import cell_facts, clean
from ledger.vocab.setup_keys import canonical_key_name
from ledger.vocab.units import is_performance_unit

_OPEN, _CLOSE = "([{", ")]}"


def _slash_parts(value: str) -> list[str]:
    """The members of "1 / 16", split at slashes outside brackets only: "suffix (w/cache)" is one name, its slash
    inside the bracket no list of two settings."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(value):
        depth += (ch in _OPEN) - (ch in _CLOSE and depth > 0)
        if ch == "/" and depth == 0:
            parts.append(value[start:i])
            start = i + 1
    parts.append(value[start:])
    return [p.strip() for p in parts]


def with_row_setup(
    claims: list[Claim], setup: Mapping[str, str], head_unit: str | None, stated: Mapping[str, str] | None = None
) -> Iterator[Claim]:
    """The cell's claims with the row's setup and the column's unit (see the module); `stated`, the settings the row's
    label states of itself ("Spec @1k tok/s": its context), win over any the page's scopes gave the sentence."""
    per_position = {
        k: parts for k, v in setup.items() if len(claims) > 1 and len(parts := _slash_parts(v.strip())) == len(claims)
    }
    sped = False  # (a speed's change in the cell, "(+9.1%)", is the speed's too)
    for k, claim in enumerate(claims):
        own = {canonical_key_name(key) for key in claim.config}
        row = {key: v for key, v in setup.items() if canonical_key_name(key) not in own}
        row.update({key: parts[k] for key, parts in per_position.items() if canonical_key_name(key) not in own})
        update: dict[str, object] = {"config": {**row, **claim.config, **(stated or {})}} if row or stated else {}
        if claim.unit is None and head_unit:
            update["unit"] = head_unit
            if claim.kind == "accuracy" and is_performance_unit(head_unit):
                update["kind"], sped = "perf", True  # (a rate its row names is a speed, whatever marks it: "scored")
        elif sped and claim.kind == "accuracy" and claim.unit == "%":
            update["kind"] = "perf"
        yield claim.model_copy(update=update) if update else claim


def on_base_column(
    claims: list[Claim],
    setup: dict[str, str],
    column: tuple[str, int, str],
    at: Mapping[str, Any],
    base_of: Mapping[int, int],
    rows: tuple[Row, Row | None],
) -> tuple[list[Claim], dict[str, str], Row | None, int]:
    """The claims and setup of a worded cell (its `column`'s header, index and role), and the row and column of the
    cell it is measured against: the baseline row's, in its own column; else, under a side's column paired with a
    baseline column ("This PR" over "60.1 us / 70.4 GB/s" beside "Baseline `abc1234`"), its own row's cell in that
    column, the claims on the revision the header binds (`at`'s, with the base's commit) and their setup naming the
    column as a plain cell's does (the side's reader finds it by that name)."""
    (head, ci, role), (row, base_row) = column, rows
    if base_row is not None or role != "value" or ci not in base_of:
        return claims, setup, base_row, ci
    rev = at.get("revision")
    sided = [c.model_copy(update={"revision": rev}) if rev is not None and c.revision is None else c for c in claims]
    return sided, {**setup, "column": clean(head)}, row, base_of[ci]


def with_base_cell(claims: list[Claim], base_row: Row | None, ci: int, cell: str = "", one: bool = True) -> list[Claim]:
    """The cell's one value measured against the baseline row's cell in its column `ci` ("598.42 tok/s raw" under
    the throughput a control row prints as "1557.83 tok/s"): one value in the same unit, as a plain cell would be.
    Values of a cell printed as the base cell is ("0.9636 / 0.9644 +/- 0.0052" over "0.9682 / 0.9689 +/- 0.0048")
    take the base cell's number in their place, in a column of values or of words and values alike; `one`: a cell's
    one value takes the base cell's too (in a column of values only)."""
    base = base_row.cells[ci] if base_row is not None and ci < len(base_row.cells) else ""
    if len(claims) > 1 and base and cell:
        return _with_base_places(claims, cell, base)
    parsed = cell_facts(base)[2] if base and one else None
    if parsed is None or len(claims) != 1 or claims[0].reference is not None or claims[0].kind == "gate":
        return claims
    claim = claims[0]
    if claim.value is None or claim.high is not None or (claim.unit or "").lower() != (parsed[3] or "").lower():
        return claims
    return [claim.model_copy(update={"reference": parsed[0]})]


# a number's digits, so that two cells printed alike ("#.# / #.# +/- #.#") show the same shape
_DIGITS_RE = re.compile(r"\d+")
# "0.808, 0.808, 0.793, ...": one measure's repeated runs, three or more, whose places are no measures: run k of one
# build was not run k of the other's, so no place pairs with the base cell's
_REPEATS_RE = re.compile(r"^#(?:\.#)?%?(?:, ?#(?:\.#)?%?){2,}$")


def _with_base_places(claims: list[Claim], cell: str, base: str) -> list[Claim]:
    """Each value of `cell` with the base cell's number of its place, where the two cells are printed alike (the
    same words and marks between their numbers) and the value has no reference yet."""
    if _shape(cell) != _shape(base) or _REPEATS_RE.match(_shape(cell)):
        return claims
    ours, theirs = find_numbers(cell), find_numbers(base)
    if len(ours) != len(theirs):
        return claims
    out = []
    for claim in claims:
        k = next((i for i, n in enumerate(ours) if n.value == claim.value), None)
        if claim.reference is None and claim.kind != "gate" and k is not None and ours[k].unit == theirs[k].unit:
            claim = claim.model_copy(update={"reference": theirs[k].value})
        out.append(claim)
    return out


def _shape(text: str) -> str:
    return _DIGITS_RE.sub("#", text.strip(" *_`"))
