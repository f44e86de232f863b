"""What one table cell holds: its text without markup (clean), whether it is a bare number, its value (unit,
range, "~", "±", a share "1277/1314 (97.184%)", a duration), and the cells of several values: packed
("0.25/1087/43.5%"), repeated runs ("1602 / 1611"), spaced ("88.0% 75.5% 61.2%"), a slash pair ("1.07 / 0.98").

Apart from tables.py because every pass over a table (column roles, baseline pairing, row claims) reads its
cells, and a cell's reading depends on the cell alone (its results are remembered per text).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from ledger.memo import short_text_cache
from ledger.parsers.grammar.numbers import find_numbers, normalise_unit, parse_duration, to_float
from ledger.vocab.metrics import SPREAD_WORDS, STDERR_WORDS
from ledger.vocab.outcomes import VERDICT_WORDS
from ledger.vocab.text import ARROW
from ledger.vocab.units import UNITS

# emphasis marks at word edges only: "test_gsm8k" keeps its underscores
# ("no <sup>2</sup>": a footnote's mark goes with its tags, or the cell reads "no 2" and its column is unread;
# "control¹", "PR†": a mark typed as a superscript or a dagger goes too, so the header reads as its plain word)
_MARKUP_RE = re.compile(
    r"<sup>\s?[\w*†‡]{1,4}\s?</sup>|(?<!\w)[*_]{1,3}|[*_]{1,3}(?!\w)|`+|<[^<>]{0,40}>|\[\^?(\w{1,8})\]"
    r"|(?<=[\w)])[¹²³⁰⁴-⁹†‡§]{1,3}",
    re.IGNORECASE,
)
_UNITS_LOWER = frozenset(u.lower() for u in UNITS)


def _unmark(m: re.Match[str]) -> str:
    """ "" for markup; a footnote mark "[1]" goes too, but "[ms]" after a header is its unit."""
    inner = m.group(1)
    return m.group(0) if inner is not None and inner.lower() in _UNITS_LOWER and "^" not in m.group(0) else ""


# Matched against the cell with whitespace runs collapsed to one space (see is_numeric_cell), so each
# ' ?' takes at most one character, and a second number needs a separator or a space before it: no digit
# run or blank run can be split two ways, and a long cell that fails does so in linear time.
_NUMERIC_CELL_RE = re.compile(
    r"^[~≈∼]? ?[-+−–]? ?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d+)?"
    r"(?: ?(?:[-–~]|\.\.|to)(?: ?\d[\d,]*(?:\.\d+)?)?| \d[\d,]*(?:\.\d+)?)?"
    r" ?(?:± ?\d[\d,]*(?:\.\d+)?)? ?"
    r"(?:%|x|×|[a-zA-Zµμ/]{1,12})? ?(?:\([^()]{0,40}\)|@ ?\d{1,3}(?:\.\d{1,4})? ?%)? ?[*†‡]{0,3} ?\.?$"
)  # ("61.42 ms.": a pasted full stop; "3.93 t/s @ 93%": a second measure, the share the first was reached at)


_BREAK_RE = re.compile(r"<br\s?/?>", re.IGNORECASE)

# dashes or ditto marks, printed where a spanned cell would be ("| - | modelA | - | - |"): in a header row over another
# header row the mark continues the group to its left; in a body cell it is a missing value
_FILLER_RE = re.compile(r"^(?:[-–—]{1,3}|[″〃])$")


def is_filler(cell: str) -> bool:
    """A cell holding only a filler mark (see _FILLER_RE)."""
    return bool(_FILLER_RE.match(cell.strip()))


@short_text_cache(2048)  # a cell is cleaned by every pass over its table
def clean(cell: str) -> str:
    if "<" in cell:
        cell = _BREAK_RE.sub(" ", cell)  # "H200<br/>TP2 (FP8)": a line break parts words, it does not join them
    if "](" in cell:
        cell = _LINK_RE.sub(r"\1", cell)  # "[Llama3.1-8B-Instruct](https://...)": the text the page shows
    if "\\" in cell:
        cell = _ESCAPE_RE.sub("", cell)  # "64\*": a footnote's mark, escaped so the page shows it, is markup too
    return _MARKUP_RE.sub(_unmark, cell).strip()


# a markdown backslash escape: the punctuation after it is shown as it is (CommonMark escapes ASCII punctuation)
_ESCAPE_RE = re.compile(r"\\(?=[!-/:-@\[-`{-~])")


_LINK_RE = re.compile(r"\[([^\[\]]{1,200})\]\([^()\s]{0,400}\)")


# "105.09 +/- 0.56": the spread typed without the "±" sign; a sign of its own before a number ("+-5%") is no spread
_ASCII_SPREAD_RE = re.compile(r"(?<=[\d\s])\+/?-(?=\s{0,3}\d)")


# "x1.67", "×2.16", "x2": a multiplier written with its sign first, as llama.cpp's tables do; read as "1.67x" (a
# whole number of two digits on is an architecture's name, "x86", "x64", no factor)
_SIGN_FIRST_TIMES_RE = re.compile(r"^\s{0,3}[x×]\s?(\d{1,4}\.\d{1,9}|\d)\s{0,3}$")


# "+4.2% [+3.1, +5.3]", "0.62 [0.60; 0.64]": an interval in brackets after the value, its two bounds about it
_BOUND = r"[-+−]?\d{1,9}(?:\.\d{1,9})?"
_INTERVAL_TAIL_RE = re.compile(rf"\s?\[\s?(?P<lo>{_BOUND})\s?%?\s?[,;]\s?(?P<hi>{_BOUND})\s?%?\s?\]\s?$")
_LEAD_RE = re.compile(rf"^[~≈]?\s?(?P<v>{_BOUND})")


def without_interval(text: str) -> str:
    """The cell without the interval printed after its value (see _INTERVAL_TAIL_RE): the bounds of that value's
    runs or its confidence interval, as a "±" is its spread, never values of their own. The bounds must hold the
    value ("4 [1, 8]" beside "[16, 32]" is no such pair unless 4 lies between them; a list of settings rarely does)."""
    if "]" not in text or (m := _INTERVAL_TAIL_RE.search(text)) is None or (v := _LEAD_RE.match(text)) is None:
        return text
    lo, hi, val = (float(x.replace("−", "-")) for x in (m.group("lo"), m.group("hi"), v.group("v")))
    return text[: m.start()].rstrip() if lo < hi and lo <= val <= hi else text


def _spread_sign(text: str) -> str:
    if (m := _SIGN_FIRST_TIMES_RE.match(text)) is not None:
        return f"{m.group(1)}x"
    text = without_interval(text)
    return _ASCII_SPREAD_RE.sub("±", text) if "+" in text else text


@short_text_cache(2048)
def is_numeric_cell(cell: str) -> bool:
    c = _spread_sign(" ".join(clean(cell).split()))
    return (bool(c) and bool(_NUMERIC_CELL_RE.match(c) or FRACTION_PCT_RE.match(c))) or parse_duration(c) is not None


def packed_numbers(cell: str, listed: int) -> bool:
    """ "9 900 / 8 600 / 7 400 t/s" beside a label listing three settings ("prefill 2K / 8K / 16K"): a value for
    each, parted by spaced slashes (a column of them holds results as a column of single values does; "1268 / 1319"
    beside a label that lists nothing is a count of a total)."""
    parts = clean(cell).split(" / ")
    return 1 < len(parts) == listed <= 8 and all(is_numeric_cell(p) for p in parts)


# "1277/1314 (97.184%)": correct of total, and the share it makes; the share is the result
FRACTION_PCT_RE = re.compile(r"^\d[\d,]*\s?/\s?\d[\d,]*\s?\(\s?(?P<pct>\d+(?:\.\d+)?)\s?%\s?\)$")
SLASH_CELL_RE = re.compile(
    r"^\s*([-+~]?\d[\d,]*(?:\.\d+)?)\s*(%|x|[a-zA-Zµ/]{1,8})?\s*/\s*"
    r"([-+~]?\d[\d,]*(?:\.\d+)?)\s*(%|x|[a-zA-Zµ/]{1,8})?\s*$"
)


@short_text_cache(2048)  # a baseline cell is read again for every row that it is the reference of
def cell_value(cell: str) -> tuple[float, float | None, bool, str | None, float | None, str | None] | None:
    c = _spread_sign(clean(cell))
    fm = FRACTION_PCT_RE.match(" ".join(c.split()))
    if fm is not None:
        return float(fm.group("pct")), None, False, "%", None, None
    dur = parse_duration(c)
    if dur is not None:
        return dur, None, False, "s", None, c
    nums = find_numbers(c)
    if not nums:
        v = to_float(c)
        return (v, None, False, None, None, None) if v is not None else None
    n = nums[0]
    stderr = None
    sm = _STDERR_RE.search(c)
    if sm:
        stderr = to_float(sm.group(1))
    unit = n.unit
    if unit is None:
        # "290.03 ± 0.85 t/s": the unit after the spread is the value's too
        um = _UNIT_WORD_RE.match(c[sm.end() if sm and sm.start() - n.end <= 2 else n.end :])
        if um and um.group(1).lower() not in ("vs", "and", "or", "on", "at", "with"):
            unit = normalise_unit(um.group(1))
    return n.value, n.high, n.approx, unit, stderr, None


@short_text_cache(4096)
def cell_facts(
    cell: str,
) -> tuple[str, bool, tuple[float, float | None, bool, str | None, float | None, str | None] | None]:
    """(clean(cell), is_numeric_cell(cell), cell_value(cell) when numeric): one remembered call per cell."""
    c = clean(cell)
    numeric = bool(c) and is_numeric_cell(cell)
    return c, numeric, cell_value(cell) if numeric else None


_RUNS_RE = re.compile(r"^\d[\d,]*(?:\.\d+)?(?: / \d[\d,]*(?:\.\d+)?){1,9}$")


def is_range(text: str) -> bool:
    nums = find_numbers(text)
    return (
        len(nums) == 1
        and nums[0].high is not None
        and not text.strip().endswith("%")
        and nums[0].end - nums[0].start >= len(text.strip()) - 2
    )


def run_values(cell: str, runs_row: bool = False) -> list[float] | None:
    """ "1602 / 1611": repeated runs of one measure (values within a factor of two), not a packed list of
    different measures ("0.25/1087/43.5%"); in a row that names a run under a benchmark's column (`runs_row`), two
    close values slashed tight are its two runs too ("0.76/0.768" under "math_500")."""
    two = runs_row and _TWO_RUNS_RE.match(cell) is not None
    if not (_RUNS_RE.match(cell) or two):
        return None
    values = [v for part in cell.split("/" if two else " / ") if (v := to_float(part)) is not None]
    if two and len(values) == 2 and abs(values[0] - values[1]) > 0.1 * max(values):
        return None  # ("0.25/1087": no two runs of one score)
    if not values or min(values) <= 0 or max(values) > 2 * min(values):
        return None
    return values


_TWO_RUNS_RE = re.compile(r"^\d{1,9}(?:\.\d{1,9})?/\d{1,9}(?:\.\d{1,9})?$")
SPACED_LIST_RE = re.compile(r"^[-+]?\d[\d,]*(?:\.\d+)?%?(?: +[-+]?\d[\d,]*(?:\.\d+)?%?){1,15}$")
PACKED_RE = re.compile(r"^[-+]?\d[\d,]*(?:\.\d+)?%?(?:/[-+]?\d[\d,]*(?:\.\d+)?%?){1,9}$")
_STDERR_RE = re.compile(r"±\s*(\d[\d,]*(?:\.\d+)?)")
_UNIT_WORD_RE = re.compile(r"\s*(%|[a-zA-Zµμ/]{1,12}\b)")  # ("-0.012 ± 0.004 %": a share's sign after the spread)


_NAMED_SPREAD_RE = re.compile(
    rf"^\s?(?:(?P<se>{STDERR_WORDS})|{SPREAD_WORDS})\s?[:=]?\s?±?\s?(?P<n>\d[\d,]*(?:\.\d+)?)\s?%?\s?$", re.IGNORECASE
)


def named_spread(text: str) -> tuple[str, float] | None:
    """("stderr", 0.35) for "SEM 0.35%", ("stddev", 1.2) for "std 1.2": the spread a parenthesis after a value names,
    the value's own (no result of its own); None for anything else."""
    m = _NAMED_SPREAD_RE.match(text[:60])
    n = to_float(m.group("n")) if m else None
    if m is None or n is None:
        return None
    return ("stderr" if m.group("se") else "stddev"), n


def with_named_spread(
    stderr: float | None, stddev: float | None, paren: re.Match[str] | None
) -> tuple[float | None, float | None, re.Match[str] | None]:
    """A value's stderr, stddev and the parenthesis after it that is read as prose: a parenthesis that names the
    value's spread ("86.81% (SEM 0.40%)", on either side's column) sets it instead, and is read no further."""
    spread = named_spread(paren.group(1)) if paren is not None else None
    if spread is None:
        return stderr, stddev, paren
    return (spread[1], stddev, None) if spread[0] == "stderr" else (stderr, spread[1], None)


def cell_offsets(text: str, cells: list[str]) -> list[int]:
    """Where each cell starts in its row's text, the cells found in order (two equal cells, two places)."""
    out: list[int] = []
    pos = 0
    for cell in cells:
        k = text.find(cell, pos) if cell else -1
        out.append(k)
        if k >= 0:
            pos = k + len(cell)
    return out


def units_all(cells: list[str], kind: Callable[[str | None], bool]) -> bool:
    """Every cell is a value whose unit is of that kind: "3,120 t/s" under "Prompt" prints a rate (what a run
    measured, whatever word its header opens with; a setting's cells are bare or counted, "2,048 t"), "0.88 MiB" a
    size (an all-reduce's bytes, never an acceptance)."""
    return bool(cells) and all((v := cell_facts(c)[2]) is not None and kind(v[3]) for c in cells)


# "120 -> 95", "1.2x → 1.5x": a cell that prints its value's change itself; either side may print its spread
# ("0.2410 ± 0.0031 → 0.1120 ± 0.0042", "3.40 s ± 0.05 s", "+/-" as spread_sign spells it "±"): one measure's two
# sides, never a third number (matched against the cell with whitespace runs collapsed, so each ' ?' is one place)
_ARROW_SIDE = r"[-+~]?\d[\d,]*(?:\.\d+)?"
_ARROW_UNIT = r"%|x|[a-zA-Zµ/]{1,8}"
_ARROW_SPREAD = r"\d[\d,]*(?:\.\d+)?"
ARROW_CELL_RE = re.compile(
    rf"^(?P<ref>{_ARROW_SIDE}) ?(?P<ref_unit>{_ARROW_UNIT})?"
    rf"(?: ?± ?(?P<ref_spread>{_ARROW_SPREAD}) ?(?P<ref_spread_unit>{_ARROW_UNIT})?)?"
    rf" ?{ARROW} ?(?P<value>{_ARROW_SIDE}) ?(?P<unit>{_ARROW_UNIT})?"
    rf"(?: ?± ?(?P<spread>{_ARROW_SPREAD}) ?(?P<spread_unit>{_ARROW_UNIT})?)?$"
)


class ArrowCell(NamedTuple):
    """A cell's two sides: the new value, the old (its reference), the unit either prints, the new side's spread
    (read as a bare "±" is; the old side's own spread has no field to go to)."""

    value: float | None
    reference: float | None
    unit: str | None
    spread: float | None


def arrow_cell(cell: str) -> ArrowCell | None:
    """The two sides of a cell that prints its value's change ("old -> new"), each perhaps with its spread."""
    m = ARROW_CELL_RE.match(_spread_sign(" ".join(clean(cell).split())))
    if m is None:
        return None
    unit = next((u for g in ("unit", "spread_unit", "ref_unit", "ref_spread_unit") if (u := m.group(g))), None)
    spread = to_float(m.group("spread")) if m.group("spread") else None
    return ArrowCell(to_float(m.group("value")), to_float(m.group("ref")), unit, spread)


# "better (-12.9%)", "WORSE: +11.7%": a verdict word and the change it is
VERDICT_CELL_RE = re.compile(
    r"^\s?(?:[A-Za-z]{1,12}\s?\(\s?)?(?:" + VERDICT_WORDS + r")\s?:?\s?"
    r"(?P<change>[-+−]?\d[\d,]*(?:\.\d+)?\s?(?:%|x|×))\s?\)?\s?$",
    re.IGNORECASE,
)
