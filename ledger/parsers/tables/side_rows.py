"""Rows of the two sides repeated once per setting ("| main | 2 | 1.91 |" then "| PR | 2 | 1.95 |", then the pair
at rate 4): a candidate row's reference is the base row of the same settings, not any base row of the table.

The settings are the row's config cells; where no known column tells the pairs apart, they are the value columns
the rows open with whose cell both rows of each pair share and the pairs do not ("qps" over 2, 2, 4, 4): what the
two builds share at every step is what the step set, not what either measured.

Apart from results.py because it reads the whole table's rows at once, before any row is read."""

from __future__ import annotations

import re
from typing import NamedTuple

from ledger.memo import short_text_cache
from ledger.parsers.reader.document import Row, Table
from ledger.parsers.tables.cells import clean, is_numeric_cell
from ledger.parsers.tables.setting_keys import setting_keys
from ledger.vocab.setup import config_key, qualifiers
from ledger.vocab.setup_keys import is_known_key
from ledger.vocab.sides import (
    BASE_SIDE_RE,
    DRAFTING_CONTROL_RE,
    DRAFTING_FEATURE_RE,
    HEAD_SIDE_RE,
    column_sides,
    names_ours,
    side_alone,
    side_of,
)
from ledger.vocab.switched_arms import absent_setting
from ledger.vocab.workload import setup_only

_MIN_PAIRS = 2
"""Pairs it takes to tell a setting (shared in each pair, differing between them) from a value that held still."""


def side_pairs(table: Table, labels: list[str]) -> list[tuple[Row, Row]]:
    """The (base, candidate) rows next to each other, in either order ("MAIN" then "PR"); [] unless every row
    with numbers is in one and there are two pairs or more."""
    named = [(row, label) for row, label in zip(table.rows, labels, strict=True) if _has_numbers(row)]
    column = column_sides([label for _, label in named])  # ("this branch" then "nightly": the other's side)
    rows = [(row, column.get(label.strip(" *_`")) or _pair_side(label)) for row, label in named]
    names = frozenset(label.strip().lower() for _, label in named)
    # ("w/o SD" then "with ngram SD", once per temperature): the run without the drafter another row names is the
    # base, and the row it alternates with, whatever its name, the drafting run measured against it
    off = [
        side or ("base" if feature_off_twin(label, names) else None)
        for (_, side), (_, label) in zip(rows, named, strict=True)
    ]
    if "base" in off and "head" not in off:
        rows = [(row, side or "head") for (row, _), side in zip(rows, off, strict=True)]
    pairs: list[tuple[Row, Row]] = []
    i = 0
    while i + 1 < len(rows):
        (a, sa), (b, sb) = rows[i], rows[i + 1]
        if {sa, sb} != {"base", "head"}:
            return []
        pairs.append((a, b) if sa == "base" else (b, a))
        i += 2
    return pairs if i == len(rows) and len(pairs) >= _MIN_PAIRS else []


def _pair_side(label: str) -> str | None:
    return side_of(label) or ("head" if names_ours(label) else None)  # ("base" then "ours")


def step_columns(table: Table, labels: list[str], roles: list[str]) -> list[int]:
    """The leading value columns that hold each pair's settings (see the module); [] when the config columns
    already tell the pairs apart, or the rows are no such pairs."""
    pairs = side_pairs(table, labels)
    if not pairs:
        return []
    config = [i for i, r in enumerate(roles) if r == "config"]
    if config and len({settings_key(base, config) for base, _ in pairs}) == len(pairs):
        return []
    out: list[int] = []
    for ci in (i for i, r in enumerate(roles) if r == "value"):
        cells = [(_cell(base, ci), _cell(head, ci)) for base, head in pairs]
        if not all(a and a == b for a, b in cells) or len({a for a, _ in cells}) < 2:
            break  # the first column the two sides differ in: the results start here
        out.append(ci)
    return out


def pair_settings(pairs: list[tuple[Row, Row]], roles: list[str]) -> list[int]:
    """The config columns each base row shares with its candidate: what keys a pair ("| Gemma3 4B | Before | 1 |"
    then "| Gemma3 4B | After | 8 |": the model), never a knob the change turned (n_seq 1 then 8)."""
    return [i for i, r in enumerate(roles) if r == "config" and all(_cell(b, i) == _cell(h, i) for b, h in pairs)]


def settings_key(row: Row, cols: list[int]) -> tuple[str, ...]:
    """The row's cells under the setting columns: what a base row and its candidate share."""
    return tuple(_cell(row, i) for i in cols)


def _cell(row: Row, ci: int) -> str:
    return clean(row.cells[ci]) if ci < len(row.cells) else ""


def _has_numbers(row: Row) -> bool:
    return any(map(is_numeric_cell, row.cells[1:]))


_JOINT_RE = re.compile(r"^[\s,;:()\[\]/+-]*$")
# a row named for a feature turned off: "non-EAGLE", "no MTP", "w/o drafter"; or its setup with the feature's absence
# in parentheses after it: "TP8 (no CP)" beside "CP8"
_FEATURE_OFF_RE = re.compile(r"^(?:non[- ]?|no |w/o |without )(?P<feature>\S.{0,60})$", re.IGNORECASE)
_FEATURE_OFF_TAIL_RE = re.compile(r"\((?:non[- ]?|no |w/o |without )(?P<feature>[^()]{1,40})\)\s*$", re.IGNORECASE)


def feature_off_twin(label: str, names: frozenset[str]) -> bool:
    """ "non-EAGLE" beside "EAGLE", "no MTP" beside "MTP", "TP8 (no CP)" beside "CP8", "no drafter" beside
    "Medusa": the row run without the feature another row is named for (alone, with its size, or, for a drafter
    named by no method, a row that names a drafting method) is that row's baseline (the method measured against the
    run it speeds up). `names`: the table's row labels, stripped and in lower case."""
    if DRAFTING_CONTROL_RE.match(label.strip(" *_`")):  # ("plain" beside "EAGLE-3": the run it speeds up)
        return _names_drafting(names)
    m = _FEATURE_OFF_RE.match(label.strip())
    tail = _FEATURE_OFF_TAIL_RE.search(label) if m is None else None
    found = m or tail
    if found is None:
        return False
    feature = found.group("feature").strip().lower()
    if feature in names:
        return True
    if DRAFTING_FEATURE_RE.match(feature):
        return _names_drafting(names)
    if tail is None:
        return False  # ("no MTP" beside "MTP2, FP8 KV": a gate of its own, no control of a sized setup)
    # ("TP8 (no CP)" beside "CP8": the setup run without the feature the other row sizes)
    sized = re.compile(rf"(?<![\w-]){re.escape(feature)}[ _-]?\d{{1,3}}(?![\w.])")
    return any(sized.search(n) for n in names if n != label.strip().lower())


def _names_drafting(names: frozenset[str]) -> bool:
    """Some row label names a drafting method ("eagle-3", "medusa heads")."""
    return any(qualifiers(n).get("spec_algo", "none") != "none" for n in names)


@short_text_cache(2048)  # (each row label, again for every value of its row)
def qualified_side(label: str) -> tuple[str, str] | None:
    """A row label that is a side's name and setup words ("FP8 baseline", "This PR (MXFP4)", "PR, NVFP4"): the
    side ("base" or "head") and its name without the setup ("This PR"); None for any other label."""
    side = side_of(label)
    m = (BASE_SIDE_RE if side == "base" else HEAD_SIDE_RE).search(label) if side else None
    if side is None or m is None:
        return None
    rest = f"{label[: m.start()]} {label[m.end() :]}"
    if _JOINT_RE.match(rest) or not (setup_only(rest) or absent_setting(rest)):
        # a side's name alone is read as such already; "PR fused" names a variant, not a setup ("none (baseline)":
        # the setting the other rows set, here absent, names the control arm)
        return None
    return side, m.group(0)


def measured_columns(table: Table, labels: list[str], roles: list[str]) -> list[int]:
    """The columns taken for settings by their header ("Output tokens") whose number differs between the one base
    row and a candidate row: the two sides of one comparison run one workload, so what differs between them was
    measured (the tokens each arm generated); a header that names a known setting (Concurrency) stays one."""
    sides = [_side(label) for label in labels]
    if sides.count("base") != 1 or "head" not in sides:
        return []  # (pairs of sides repeated per setting differ in the setting: see step_columns)
    base = next(r for r, s in zip(table.rows, sides, strict=True) if s == "base")
    heads = [r for r, s in zip(table.rows, sides, strict=True) if s == "head"]
    out = []
    for ci, role in enumerate(roles):
        head = clean(table.header[ci]) if ci < len(table.header) else ""
        # ("Output tokens" names a length as often as the count an arm generated: the sides tell which)
        named = (setting_keys(head) or is_known_key(config_key(head))) and not _TOKENS_RE.search(head)
        if role != "config" or not head or named:
            continue
        if is_numeric_cell(_cell(base, ci)) and any(
            is_numeric_cell(_cell(h, ci)) and _cell(h, ci) != _cell(base, ci) for h in heads
        ):
            out.append(ci)
    return out


_TOKENS_RE = re.compile(r"tokens\b", re.IGNORECASE)


def _side(label: str) -> str | None:
    side = qualified_side(label)
    return side[0] if side else side_of(label)


# "release" beside "release+fused-norm": the build a row ran, then that build with the change added to it
_ADDED_RE = re.compile(r"\s?(?:\+|\bw/|\bwith\b)\s?\S")


def side_column(table: Table, roles: list[str]) -> tuple[int, str, frozenset[str]] | None:
    """A column of words that names the side each row was measured on, wherever it stands ("| ... | build |"
    over "origin" then "origin+overlap", or "reference" then "this PR"): its index, the base row's cell and the
    other rows' cells. The other label columns must name settings ("GPU", "model") or hold one value on every row,
    so that the side is all that tells the rows apart; None for any other table."""
    rows = [r for r in table.rows if _has_numbers(r)]
    for ci, role in enumerate(roles):
        cells = [_cell(r, ci) for r in rows]
        if role not in ("label", "text") or len(rows) < 2 or not all(cells) or any(c[:1].isdigit() for c in cells):
            continue
        if [i for i, r in enumerate(roles) if r == "label"] == [ci] or "value" not in roles:
            continue  # a side column that names the rows alone is read as their labels already
        base = _base_cell(cells)
        if base is None or not all(
            _names_setting(table, i, rows) for i, r in enumerate(roles) if r == "label" and i != ci
        ):
            continue
        return ci, base, frozenset(c for c in cells if c != base)
    return None


def _base_cell(cells: list[str]) -> str | None:
    """The one base row's cell: a side word for the base beside the candidate's ("reference" / "this PR"), or the
    build the others add to ("origin" / "origin+overlap")."""
    sides = [side_of(c) if side_alone(c) else "head" if names_ours(c) else None for c in cells]
    # ("| Gemma3 4B | Before |" then "| Gemma3 4B | After |", the pair again per model: one base row per group,
    # each named alike; side_pairs ties each candidate to its own group's)
    base_cells = {c for c, s in zip(cells, sides, strict=True) if s == "base"}
    if len(base_cells) == 1 and sides.count("base") + sides.count("head") == len(cells) and "head" in sides:
        return base_cells.pop()
    c = min(cells, key=len)  # (the build the others add to is the shortest: one look at each row, not a scan each)
    others = [o for o in cells if o != c]
    if len(others) == len(cells) - 1 and all(
        o.lower().startswith(c.lower()) and _ADDED_RE.match(o[len(c) :]) for o in others
    ):
        return c
    return None


def _names_setting(table: Table, ci: int, rows: list[Row]) -> bool:
    """The column names a setting: by its header ("GPU"), by holding one value on every row, or by cells that state
    a setup and nothing else ("| FP8 | main |" then "| FP8 | this PR |", then "BF16": each pair's precision)."""
    head = clean(table.header[ci]) if ci < len(table.header) else ""
    cells = {_cell(r, ci) for r in rows}
    return bool(setting_keys(head)) or len(cells) == 1 or all(map(setup_only, cells))


class MeasureSides(NamedTuple):
    """The rows of a table whose labels name a side and a measure, read by measure_sides."""

    labels: list[str]
    """The row labels, a candidate's side word taken off ("PR decode tok/s" is "decode tok/s")."""
    bases: dict[int, Row]
    """The base row of each candidate row of the same measure (by the candidate row's id)."""


# a side after "vs", "over" or "than" is what the row compares with ("speedup vs main"), not the side it ran on;
# what may stand after a side's word at a label's end ("decode tok/s (this PR)")
_COMPARED_RE = re.compile(r"\b(?:vs\.?|versus|over|than|against|to|from|relative)$", re.IGNORECASE)
_LETTER_RE = re.compile(r"[^\W\d_]")
_PAREN_RE = re.compile(r"\([^()]{0,40}\)")
_SIDE_TAIL_RE = re.compile(r"[)\]]?[ \t*_`]*$")


def measure_sides(table: Table, labels: list[str]) -> MeasureSides | None:
    """ "| main decode tok/s | 470.1 |" and "| PR decode tok/s | 512.4 |" among a bot's other rows ("speedup vs main",
    "mean accept length"): a row label that opens or ends with a side's word names that side's value of the rest,
    so the base row is the reference of the candidate row of the same measure alone, and the other rows have
    none; None unless some measure is named on both sides (a row naming one side alone is a result of its own)."""
    rows = zip(table.rows, labels, strict=True)
    sided = [_sided_measure(clean(label)) if _has_numbers(row) else None for row, label in rows]
    base_of = {m.lower(): i for i, s in enumerate(sided) if s is not None and s[0] == "base" for m in [s[1]]}
    bases: dict[int, Row] = {}
    out = list(labels)
    for i, s in enumerate(sided):
        if s is None or s[0] != "head":
            continue
        out[i] = s[1]  # (the candidate's row is on the page's revision: its side word names no other)
        if (b := base_of.get(s[1].lower())) is not None:
            bases[id(table.rows[i])] = table.rows[b]
    paired = {id(r) for r in bases.values()} | bases.keys()
    # (rows of the pairs alone, "old dp" then "new dp": the sides' rows, read as such already)
    others = any(_has_numbers(r) and id(r) not in paired for r in table.rows)
    return MeasureSides(out, bases) if bases and others else None


@short_text_cache(2048)
def _sided_measure(label: str) -> tuple[str, str] | None:
    """("head", "decode tok/s") for "PR decode tok/s" or "decode tok/s (this PR)"; None for a label with no side word
    at either end, or one whose rest is a setup ("FP8 baseline": qualified_side) or names no measure."""
    side, rest = None, ""
    for pattern in (BASE_SIDE_RE, HEAD_SIDE_RE):
        m = pattern.match(label)
        if m is not None and label[m.end() : m.end() + 1] in (" ", "\t"):
            side, rest = "base" if pattern is BASE_SIDE_RE else "head", label[m.end() :]
            break
        last = None
        for found in pattern.finditer(label):
            last = found  # (the last side word: the one a label may end with)
        if (
            last is not None
            and last.start() > 0
            and label[last.start() - 1] in " \t(["
            and _SIDE_TAIL_RE.match(label, last.end())
        ):
            side, rest = "base" if pattern is BASE_SIDE_RE else "head", label[: last.start()].rstrip(" \t([")
            break
    rest = rest.strip(" \t:-")
    named = _LETTER_RE.search(_PAREN_RE.sub("", rest))  # ("main (us)": the side in a unit, no measure named)
    if side is None or side_of(rest) is not None or not named or _COMPARED_RE.search(rest):
        return None
    return None if setup_only(rest) or absent_setting(rest) else (side, rest)
