"""The parenthesis after a table cell's value: which one is a note of its own, read as prose under the cell's metric
("-41.097s (1.77x faster)", "11.0 (+5.2%)"), and what a share's parenthesis holds besides the counts it was taken of
("73.56% (90483/123000, avg_toks_fwd=3.21)")."""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import to_float
from ledger.parsers.tables.cells import FRACTION_PCT_RE, cell_value, is_numeric_cell, is_range
from ledger.vocab.input_labels import BAR_WORDS
from ledger.vocab.metrics import is_acceptance_name
from ledger.vocab.relative_changes import SHARE_OF_BASELINE
from ledger.vocab.setup_keys import canonical_key_name
from ledger.vocab.units import is_size_unit

PAREN_RE = re.compile(r"\(([^()]{1,40})\)")
_CELL_REF_RE = re.compile(
    r"\(\s*(?:ref(?:erence)?\.?|baseline|vs\.?|was)\s*:?\s*([-+]?\d[\d,]*(?:\.\d+)?)\s*\)", re.IGNORECASE
)
_PAREN_REF_RE = re.compile(r"\s*(?:ref|reference|baseline|vs|was)\b", re.IGNORECASE)
# "(threshold 0.92)", "(floor: 60%)": the bar the value is held to, stated beside it (all the parenthesis holds)
_CELL_BAR_RE = re.compile(
    r"\(\s?" + BAR_WORDS + r"\s?(?:of|is|[:=]|[<>]=?|[≤≥])?\s?([-+]?\d[\d,]{0,12}(?:\.\d{1,9})?\s?%?)\s?\)",
    re.IGNORECASE,
)
_SHARE_RE = re.compile(r"\s?\d{1,3}(?:\.\d{1,4})?\s?%\s?$")
# the counts a share was taken of ("90483/123000, "), and a measure named by its key ("avg_toks_fwd=3.21")
_TALLY_RE = re.compile(r"\s?\d[\d,]{0,11}\s?/\s?\d[\d,]{0,11}(?:\s?[,;]\s?|\s?$)")
_KEYED_MEASURE_RE = re.compile(r"\s?(?P<name>[A-Za-z][\w.-]{0,30})\s?=\s?(?P<value>\d{1,9}(?:\.\d{1,9})?)\s?$")


# "3.90 t/s @ 93%": a speed and the share it was reached at (a draft's acceptance), two measures in one cell
AT_SHARE_RE = re.compile(r"@ ?(\d{1,3}(?:\.\d{1,4})? ?%)\s{0,3}$")


def second_measure(cell: str) -> re.Match[str] | None:
    """The parenthesis after a cell's value, else the share after its "@" (group 1: what it holds)."""
    return PAREN_RE.search(cell) or (AT_SHARE_RE.search(cell) if "@" in cell else None)


def trailing_paren(cell: str, cleaned: str, unit: str | None) -> re.Match[str] | None:
    """The parenthesis after a value (`unit` its unit) that is read as prose under the cell's metric ("-41.097s
    (1.77x faster)", "11.0 (+5.2%)", "71.2 (drifts 90→71)"), or the share after its "@"; None where it belongs to
    the value."""
    pm = second_measure(cell)
    if pm is not None and pm.group(0).startswith("@"):
        return pm
    share = pm is not None and is_size_unit(unit) and _SHARE_RE.match(pm.group(1))
    own = pm is not None and (_PAREN_REF_RE.match(pm.group(1)) or _CELL_BAR_RE.fullmatch(pm.group(0)))
    if pm and (own or FRACTION_PCT_RE.match(cleaned) or is_range(pm.group(1)) or share):
        # "(ref 96.36)" and "(threshold 0.92)" belong to the value; "1277/1314 (97.184%)" gave its share as the
        # value; "1520 (1490–1544)" is the spread of the runs the value sums up, not a measure of its own;
        # "4.40 GB (18.50%)" is the size as a share of the card's memory
        return None
    return pm


def share_note(inner: str, unit: str | None) -> tuple[int, re.Match[str] | None]:
    """Where the note in a value's parenthesis starts (past the counts a share in % was taken of: "73.56%
    (90483/123000, ...)", no measure of their own), and the acceptance measure it names by its key, if that is all
    it holds ("avg_toks_fwd=3.21": prose takes a "name=value" for a setting)."""
    tally = _TALLY_RE.match(inner) if unit == "%" else None
    start = tally.end() if tally is not None else 0
    keyed = _KEYED_MEASURE_RE.match(inner, start)
    return start, keyed if keyed is not None and is_acceptance_name(keyed.group("name")) else None


def under_cell_setup(cell: dict[str, str], read: dict[str, str]) -> dict[str, str]:
    """The config of a claim prose read in a cell's parenthesis (`read`: with the setup of the scopes around the
    table) under the cell's own (`cell`: its row's and column's), which wins under any spelling of its keys: the row's
    model over the one a lead-in above the table names ("Baz-MoE Q8_0 | ... (+15.8%)" under "... on Bar-14B:")."""
    own = {canonical_key_name(k) for k, v in cell.items() if v}
    return {
        **{k: v for k, v in cell.items() if v},
        **{k: v for k, v in read.items() if canonical_key_name(k) not in own},
    }


def cell_ref(cell: str) -> float | None:
    """The reference a cell states beside its value ("96.25 (ref 96.36)", "0.71 (baseline: 0.70)")."""
    m = _CELL_REF_RE.search(cell)
    return to_float(m.group(1)) if m else None


def cell_bar(cell: str) -> dict[str, str]:
    """The bar a cell states beside its value ("**0.953** (threshold 0.92)" -> threshold 0.92), as the value's setup."""
    m = _CELL_BAR_RE.search(cell)
    return {"threshold": m.group(1).replace(" ", "")} if m else {}


def paren_share(inner: str, base_paren: str | None, unit: str | None) -> tuple[float, str | None, float | None] | None:
    """The share a value's parenthesis holds, its unit and its reference: paired with its baseline row's ("29.12
    TFLOPS (0.6%)" beside "22.74 TFLOPS (0.5%)"), or a bare share after a score of no unit ("0.6808 (96.2%)", the
    score's share of a whole another table states), alone; None for any other parenthesis ("19.5 (-2.50%)", a change,
    is prose's)."""
    if base_paren is not None and is_numeric_cell(inner) and is_numeric_cell(base_paren):
        iv, bv = cell_value(inner), cell_value(base_paren)
        return (iv[0], iv[3], bv[0]) if iv is not None and bv is not None else None
    if base_paren is None and unit is None and _SHARE_RE.fullmatch(inner) and (iv := cell_value(inner)) is not None:
        return iv[0], iv[3], None
    return None


def share_name(metric: str, share_unit: str | None, inner: str, base_paren: str | None, unit: str | None) -> str:
    """The name of the share a value's parenthesis holds (paren_share: `share_unit` its unit; `unit` the value's):
    "<measure> (% of baseline)" for a score's share of a baseline's (_share_of_base), else "<measure> (<its unit>)"."""
    return f"{metric} ({SHARE_OF_BASELINE if _share_of_base(inner, base_paren, unit) else share_unit or 'share'})"


def _share_of_base(inner: str, base_paren: str | None, unit: str | None) -> bool:
    """The parenthesis is a score's share of a baseline ("0.6808 (96.2%)" after a score of no unit): the baseline's
    row states the whole ("(100%)"), or no row pairs with it and the baseline is a run the table does not show.
    Either way a share of another run's score, never a score in percent: "29.12 TFLOPS (0.6%)" beside "22.74 TFLOPS
    (0.5%)" is a share of something else (the card's peak), and the baseline's own is no 100%."""
    if unit is not None or not _SHARE_RE.fullmatch(inner):
        return False
    whole = cell_value(base_paren) if base_paren is not None and _SHARE_RE.fullmatch(base_paren) else None
    return base_paren is None or (whole is not None and whole[0] == 100.0)
