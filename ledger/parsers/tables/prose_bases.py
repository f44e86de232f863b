"""A table of two rows that differ in one setting ("| FP4 + TP2 |" over "| FP8 + TP2 |", "| eager |" over "| graphs
|") and a sentence of its section that measures one row against the other ("FP4 comes in 0.6 points below FP8",
"graphs are 11% behind eager", "relative to the FP8 row, FP4 ..."): the row the sentence measures against is the
other's baseline, column by column (claims contract: a baseline row pairs with the row's values as their reference,
no claim of its own). Rows that differ in several settings ("FP8 + TP4" beside "BF16 + TP8"), a sentence naming one
row only, or sentences naming both ways, name no baseline.

The sentence's own gap ("0.6 points below FP8", "2.5% behind FP8") is then a change of one of the table's measures,
the one the row's values move by that much against the base row's (the column the sentence names, else any): it is
named by that measure and signed the way the values moved, whatever the sentence's words ("FP4 lands" is no measure).
It keeps no reference: a change is a claim of its own, and the row's values carry the base row's already.

Apart from precision_rows, whose full precision is a baseline by the vocabulary alone: here the text says which."""

from __future__ import annotations

import itertools
import re
from typing import NamedTuple

from ledger.model import Claim
from ledger.parsers.reader.document import Block, Document, Table
from ledger.parsers.tables.cells import clean, is_numeric_cell
from ledger.vocab.setup import qualifiers

_REACH = 6
"""Prose blocks looked at on each side of the table, within its section."""
_MAX_OWN_WORDS = 3
"""Words that tell one row from the other ("FP4", "CUDA graph"): a longer difference is more than one setting."""
_GAP = 80
"""Characters between the two rows' names in one comparison."""
# the words that set one named thing against the next: "below", "behind", "trails", "relative to", "vs"
_COMPARES_RE = re.compile(
    r"\b(?:below|above|behind|ahead\sof|under|lower\sthan|higher\sthan|worse\sthan|better\sthan|slower\sthan|"
    r"faster\sthan|relative\sto|compared\s(?:to|with)|against|vs|versus|trail(?:s|ed|ing)?|lag(?:s|ged|ging)?|"
    r"beat(?:s|ing)?|outperform(?:s|ed|ing)?)\b",
    re.IGNORECASE,
)
# "Relative to FP8, FP4 ...": the row named first, after these words, is the one the sentence measures against
_COMPARED_LEAD_RE = re.compile(
    r"(?:relative\sto|compared\s(?:to|with)|against|versus|vs\.?)\s(?:the\s)?$",
    re.IGNORECASE,
)
_SENTENCE_END_RE = re.compile(r"[.;!?](?:\s|$)")
GAPS_KEY = "prose_row_gaps"
"""doc.derived's key: the (sentence line, candidate row line, base row line) of each table read so."""


class RowGap(NamedTuple):
    """A sentence that measures one row of a table against another: its line and the two rows' lines."""

    line: int
    row: int
    base: int


def prose_named_base(doc: Document, at: int, table: Table, labels: list[str]) -> str | None:
    """The label of the row the prose around the table (`doc.blocks[at]`, read as `table`) measures the other row
    against (see the module); None for any other table. Each such sentence is kept in doc.derived[GAPS_KEY]."""
    if at < 0:
        return None
    rows = [(row.line, label) for row, label in zip(table.rows, labels, strict=True) if _measured(row.cells, label)]
    if len(rows) != 2:
        return None
    names = _own_names([label for _, label in rows])
    if names is None:
        return None
    found: dict[int, set[int]] = {}
    for no in _prose_lines(doc.blocks, at):
        for base in _measured_against(doc.line(no), names):
            found.setdefault(base, set()).add(no)
    if len(found) != 1:
        return None
    base, lines = found.popitem()
    doc.derived.setdefault(GAPS_KEY, []).extend(RowGap(no, rows[1 - base][0], rows[base][0]) for no in sorted(lines))
    return rows[base][1]


def _measured(cells: list[str], label: str) -> bool:
    return bool(label) and any(map(is_numeric_cell, cells[1:]))


def _own_names(labels: list[str]) -> list[re.Pattern[str]] | None:
    """For each of two labels, a pattern of the words only it holds ("FP4" of "FP4 + TP2" beside "FP8 + TP2"),
    where those words state one setting, the same one on both rows, or none the vocabulary knows ("eager",
    "graphs"); None where the rows differ in more."""
    words = [[w for w in clean(label).split() if w.strip("+/,&")] for label in labels]
    shared = {w.lower() for w in words[0]} & {w.lower() for w in words[1]}
    own = [[w for w in ws if w.lower() not in shared] for ws in words]
    if any(not ws or len(ws) > _MAX_OWN_WORDS for ws in own):
        return None
    keys = [set(qualifiers(" ".join(ws))) for ws in own]
    if len(keys[0] | keys[1]) > 1 or (any(keys) and keys[0] != keys[1]):
        return None  # ("FP8 TP4" beside "BF16 TP8": a precision and a parallel size apart)
    return [
        re.compile(r"(?<![\w.-])" + r"\s{1,3}".join(map(re.escape, ws)) + r"(?![\w-])", re.IGNORECASE) for ws in own
    ]


def _prose_lines(blocks: list[Block], at: int) -> list[int]:
    """The lines of the prose blocks next to the table, up to a heading or another table of its section."""
    out: list[int] = []
    for step in (-1, 1):
        i = at + step
        while 0 <= i < len(blocks) and abs(i - at) <= _REACH and blocks[i].kind in ("text", "item"):
            if blocks[i].section == blocks[at].section and not blocks[i].in_code:
                out.extend(range(blocks[i].start, blocks[i].end + 1))
            i += step
    return out


def _measured_against(text: str, names: list[re.Pattern[str]]) -> list[int]:
    """The index of each row a comparison in `text` measures the other against: the second of two names with a
    comparing word between them, or the first where the words lead it ("relative to FP8, FP4")."""
    marks = sorted((m.start(), m.end(), k) for k, name in enumerate(names) for m in name.finditer(text))
    out: list[int] = []
    for (s1, e1, k1), (s2, _, k2) in itertools.pairwise(marks):
        between = text[e1:s2]
        if k1 == k2 or len(between) > _GAP or _SENTENCE_END_RE.search(between):
            continue
        if _COMPARES_RE.search(between):
            out.append(k2)
        elif _COMPARED_LEAD_RE.search(text, max(0, s1 - 20), s1):
            out.append(k1)
    return out


_POINTS = ("points", "point", "pts", "pt", "pp")
_SLACK = 0.2
"""How far a stated gap may stand from the one the cells give (a share of it): the prose rounds ("about 0.5")."""


def row_gap_measures(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each gap a sentence states between two rows of a table (see the module) named by the measure it
    is a change of and signed as the row's values moved."""
    gaps: list[RowGap] = doc.derived.get(GAPS_KEY) or []
    if not gaps:
        return claims
    by_line: dict[int, list[Claim]] = {}
    for c in claims:
        by_line.setdefault(c.source.line, []).append(c)
    for gap in gaps:
        pairs = [c for c in by_line.get(gap.row, []) if c.reference and isinstance(c.value, float) and c.metric]
        text = doc.line(gap.line).lower()
        for c in by_line.get(gap.line, []):
            if c.reference is None and isinstance(c.value, float) and (c.unit in _POINTS or c.unit == "%"):
                _as_measure(c, pairs, text)
    return claims


def _as_measure(gap: Claim, pairs: list[Claim], text: str) -> None:
    """The gap named and signed by the one column whose change it states (the columns the sentence names first)."""
    assert isinstance(gap.value, float)
    stated = abs(gap.value)
    named = [c for c in pairs if (c.metric or "").lower() in text]
    fits = {
        (c.metric, c.kind): change
        for c in (named or pairs)
        if (change := _change(c, gap.unit in _POINTS)) is not None and abs(abs(change) - stated) <= _SLACK * stated
    }
    if len(fits) != 1:
        return
    (metric, _), change = fits.popitem()
    gap.metric = metric
    gap.value = stated if change > 0 else -stated
    if gap.high is not None:
        gap.high = abs(gap.high) if change > 0 else -abs(gap.high)


def _change(c: Claim, points: bool) -> float | None:
    """The change of the claim's value from its reference: in points of a score (a fraction's in hundredths), or in
    percent of the reference."""
    value, ref = c.value, c.reference
    if not isinstance(value, float) or not ref:
        return None
    if not points:
        return (value / ref - 1) * 100
    if c.kind != "accuracy":
        return None  # (a point is a step of a score)
    return (value - ref) * (100 if max(value, ref) <= 1 else 1)
