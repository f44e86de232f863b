"""Pairs written inside one cell that a line above the table declares: "Paired values below are `main/pr`", "Each
cell below holds `base/head`" over "0.410/0.455" under "Rate (req/s)": each cell is the reference side's value, then
the candidate's (or in the order the sides' own words give: `pr/main`), whatever the header's unit spells with a
slash of its own.

Apart from rows.py because a statement above the table decides it; rows.py reads the cells as the pairs of
headers.slash_sides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import to_float
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.tables.cells import SLASH_CELL_RE
from ledger.parsers.tables.headers import SLASH_SIDES_RE, UNIT_WORDS, side_core, slash_sides, slash_third
from ledger.parsers.tables.title_arms import pr_title, slash_arms
from ledger.vocab.word_gate import WordGate

# "Paired values below are `main/pr`", "Each cell below holds `base/head`", "numbers read as before / after"
# (searched only where one of its words stands: vocab.word_gate)
_DECLARED_RE = WordGate(
    re.compile(
        r"\b(?:pair(?:ed|s)?|values?|cells?|numbers?|figures?|entries)\b[^.\n`]{0,40}?"
        r"\b(?:are|is|holds?|read as|reads|shows?|gives?|written as|formatted as|given as)[ :]{1,3}"
        r"[`*_]{0,2}(?P<a>[A-Za-z][\w.+-]{0,29})\s?/\s?(?P<b>[A-Za-z][\w.+-]{0,29})[`*_]{0,2}(?![\w/])",
        re.IGNORECASE,
    )
)
_MEMO = "tables.declared_pairs"


@dataclass(frozen=True, slots=True)
class DeclaredPair:
    """The order a statement gives the two values of a cell: (the candidate's index, the reference's index), and the
    candidate side's word (a revision the text may name)."""

    sides: tuple[int, int]
    new_word: str


def declared_pair(ctx: Context, block: Block) -> DeclaredPair | None:
    """The nearest statement above the table `block` in its section, a section above it, or a section beside one of
    those under one parent ("### Common workload" stating it for "## Model A" / "### Results" after it)."""
    found: list[tuple[Block, DeclaredPair]] | None = ctx.memo.get(_MEMO)
    if found is None:
        found = ctx.memo[_MEMO] = _statements(ctx.doc)
    for b, pair in reversed(found):
        # (a statement under a page's or a comment's top heading holds in that section only)
        scope = b.section[:-1] if len(b.section) > 1 else b.section
        if b.start < block.start and block.section[: len(scope)] == scope:
            return pair
    return None


def _statements(doc: Document) -> list[tuple[Block, DeclaredPair]]:
    out: list[tuple[Block, DeclaredPair]] = []
    for b in doc.blocks:
        if b.kind not in ("text", "item") or b.in_code or "/" not in b.text:
            continue
        m = _DECLARED_RE.search(b.text[:2000])
        if m is None or any(m.group(g).lower() in UNIT_WORDS for g in "ab"):
            continue  # "values are req/s": a unit, no two sides
        a, b_word = m.group("a"), m.group("b")
        a_side, b_side = side_core(a)[0], side_core(b_word)[0]
        if a_side is None and b_side is None:
            continue  # "values are ISL/OSL", "cells are fp8/bf16": two settings or arms, no side a word names
        # the side a word names the reference ("pr/main"), else the first ("main/new_epd", "base/head")
        first_ref = not (b_side == "base" and a_side != "base") and not (a_side == "new" and b_side != "new")
        pair = DeclaredPair((1, 0), b_word) if first_ref else DeclaredPair((0, 1), a)
        out.append((b, pair))
    return out


@dataclass(frozen=True, slots=True)
class SlashPair:
    """A cell's two values read as a pair: the candidate's, its reference, the unit a value wrote, the header without
    the sides' words, and the candidate side's word."""

    value: float | None
    reference: float | None
    unit: str | None
    bare: str
    word: str | None
    third: tuple[str, float | None] | None = None
    """The third run a header names before the pair ("greedy" of "greedy / main / this PR") and its value."""


def slash_pair(
    ctx: Context, block: Block, cache: dict[int, tuple[int, int] | None], ci: int, head: str, cleaned: str
) -> SlashPair | None:
    """The pair "a / b" holds under a header naming its sides ("Req/s branch / main"), or under a statement above the
    table declaring them (declared_pair); `cache` keeps each column's header sides."""
    sides = cache.get(ci, ...)
    if sides is ...:
        # ("TTFT (FA3 / FlashInfer)": two arms, the candidate the one the title or a ratio column puts first)
        arms = slash_arms(head, block.table, pr_title(ctx)) if block.table is not None else None
        sides = cache[ci] = slash_sides(head) or arms
    declared = declared_pair(ctx, block) if sides is None and "/" in cleaned else None
    order = sides or (declared.sides if declared else None)
    third = slash_third(head) if sides else None
    tm = _THIRD_CELL_RE.match(cleaned) if third else None
    # ("3.10 / 2.71 / 3.02" under "greedy / main / this PR": the pair is the last two values)
    sm = SLASH_CELL_RE.match(cleaned[tm.end() :] if tm else cleaned) if order else None
    if sm is None or order is None or (third and tm is None):
        return None
    side = SLASH_SIDES_RE.search(head) if sides else None
    word = side.group("ab"[order[0]]) if side else (declared.new_word if declared else None)
    # "Req/s branch / main" -> "Req/s"; "Output tok/s, new / baseline" -> "Output tok/s" (its unit read, as before
    # the comma that set the sides apart)
    bare = (SLASH_SIDES_RE.sub("", head).strip(" ,;:") if sides else head) or head
    unit = sm.group(2 + 2 * order[0]) or sm.group(2 + 2 * order[1])
    other = (third, to_float(tm.group(1))) if third and tm else None
    return SlashPair(
        to_float(sm.group(1 + 2 * order[0])), to_float(sm.group(1 + 2 * order[1])), unit, bare, word, other
    )


# a cell's first of three values, the third run's, with its unit and slash ("3.10 / " of "3.10 / 2.71 / 3.02"): the
# pair's two values follow
_VALUE = r"[-+~]?\d[\d,]{0,15}(?:\.\d{1,12})?"
_THIRD_CELL_RE = re.compile(r"^\s{0,3}(" + _VALUE + r")\s{0,2}(?:%|x|[a-zA-Zµ]{1,8})?\s{0,3}/")
