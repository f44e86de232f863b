"""Value columns that pair each measure by a side's mark in parentheses, a change column after each pair:

    Conc | Tok/s (S) | Tok/s (P) | Δ% | TPOT (S) | TPOT (P) | Δ%

The mark ("S", "P") is no unit and no part of the measure: it names the side each column was measured on. The text
above the table may spell the marks out ("strict (S)", "P = probabilistic", a command's `<"strict" |
"probabilistic">` placeholder); else they stay letters. The first side is the baseline, as the change column reads
it (the change of the second against the first), unless the change cells reproduce the other reading on every row;
without a change column, only where the text calls one side the default or the current behaviour. The baseline's
header is rewritten as a baseline side's ("Tok/s (baseline)") and the candidate's as its measure alone ("Tok/s"), so
the table reads as any "(main) / (PR)" table; each claim keeps its column as printed, and a candidate the text
names ("probabilistic") is the revision its values were measured on."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from ledger.model import Claim, Revision
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean, is_numeric_cell
from ledger.parsers.tables.delta_check import change_agrees
from ledger.parsers.tables.headers import VS_RE, side_core
from ledger.parsers.tables.legend_sides import legend_sides
from ledger.parsers.tables.side_columns import row_measure
from ledger.parsers.tables.stem_columns import DELTA_HEADER_RE
from ledger.vocab.metrics import named_benchmark
from ledger.vocab.setup import qualifiers
from ledger.vocab.sides import BASE_SIDE_RE, reference_implementation, side_alone, side_of
from ledger.vocab.units import STAT_WORD_RE, is_measure_unit

# "Tok/s (S)", "TPOT ms (P)", "TPOT (ms) (S)": a measure (its unit in brackets too), then a short mark in
# parentheses (letters, a digit at most after them)
_MARKED_RE = re.compile(
    r"^(?P<measure>[^()\s](?:[^()]{0,60}[^()\s])?(?:\s?\([^()]{1,16}\))?)\s?\((?P<mark>[A-Za-z]{1,12}\d?)\)$"
)
# how a text defines a mark: "P = probabilistic", "S: strict"
_DEFINED_RE = r"(?<![\w-]){mark}\s?[=:]\s?[\"'`]?(?P<word>[A-Za-z][\w-]{{1,30}})"
# two alternatives a setting takes, in a placeholder or prose: `<"strict" | "probabilistic">`, "greedy or tree"
_ALTERNATIVES_RE = re.compile(
    r"(?<![\w-])(?P<a>[A-Za-z][\w-]{1,30})[\"'`]?\s{0,2}(?:\||/|\bor\b|\bvs\.?|\bversus\b)\s{0,2}[\"'`]?"
    r"(?=(?P<b>[A-Za-z][\w-]{1,30}))"
)
# the words that make the side a clause defines today's one: what the candidate is measured against
_CURRENT_RE = re.compile(r"\b(?:current|today's|existing|default|baseline|before)\b", re.IGNORECASE)
_CLAUSE_END_RE = re.compile(r"[,;.\n]")


_Pair = tuple[int, int, int | None]
"""A measure's two marked columns and its change column after them, if any."""


@dataclass(frozen=True)
class SideMarks:
    """The rewritten headers of a table of marked sides, each with its header as printed; the candidate's name."""

    printed: dict[str, str]
    candidate: Revision | None


def with_side_marks(table: Table, lines: list[str]) -> tuple[Table, SideMarks | None]:
    """The table with its marked side columns read as a baseline and a candidate (see the module); `lines` are the
    document's, whose text above the table may spell the marks out. The table unchanged (and None) where its headers
    pair no sides."""
    if (legend := legend_sides(table, lines)) is not None:  # "| TTFT [B] | TTFT [P] |" under "B = main, P = this PR"
        return replace(table, header=legend.header), SideMarks(legend.printed, legend.candidate)
    heads = [clean(h) for h in table.header]
    pairs = _marked_pairs(table, heads)
    if not pairs:
        return table, None
    # (as far as a few screens up: a command's placeholder over its output's table, not a whole thread)
    before = "\n".join(lines[max(0, table.header_line - 80) : table.header_line - 1])[-8000:]
    first, second = (_MARKED_RE.match(heads[i]) for i in pairs[0][:2])
    assert first is not None and second is not None
    marks = first.group("mark"), second.group("mark")
    names = tuple(_name(before, m, marks) for m in marks)
    base = _baseline(table, pairs, before, names)
    if base is None:
        return table, None
    out = list(heads)
    printed: dict[str, str] = {}
    for pair in pairs:
        b, v = (pair[0], pair[1]) if base == 0 else (pair[1], pair[0])
        measure = _MARKED_RE.match(heads[b])
        assert measure is not None
        out[b], out[v] = f"{measure.group('measure')} (baseline)", measure.group("measure")
        printed[out[b]], printed[out[v]] = heads[b], heads[v]
    candidate = names[1 - base]
    return replace(table, header=out), SideMarks(printed, Revision(label=candidate) if candidate else None)


def on_side_marks(claims: Iterator[Claim], marks: SideMarks | None) -> Iterator[Claim]:
    """Each claim of a marked side column with its column as printed ("Tok/s (P)"); a candidate's value measured on
    the side the text names ("probabilistic")."""
    if marks is None:
        yield from claims
        return
    for c in claims:
        column = str(c.config.get("column") or "")
        printed = marks.printed.get(column)
        if printed is None:
            yield c
            continue
        update: dict[str, object] = {"config": {**c.config, "column": printed}}
        if c.reference is not None and side_alone(column):
            update["metric"] = row_measure(c, column)  # ("N" read as "this PR": the row's measure, or its unit's)
        # (a side the legend gives its commit wins over one the lead-in names by its word alone)
        if c.reference is not None and (c.revision is None or not c.revision.head) and marks.candidate:
            update["revision"] = marks.candidate
        yield c.model_copy(update=update)


def _marked_pairs(table: Table, heads: list[str]) -> list[_Pair]:
    """(first, second, change column or None) of each measure printed twice side by side with two marks, the same
    two in the same order for every measure; [] where any marked column breaks that pattern or the marks read as
    units, setups, benchmarks, statistics or the words of a side (a "(main) / (PR)" table reads those)."""
    marked = [(i, m) for i, h in enumerate(heads) if (m := _MARKED_RE.match(h)) is not None and _numeric(table, i)]
    if len(marked) < 2 or len(marked) % 2:
        return []
    pairs: list[_Pair] = []
    marks: set[tuple[str, str]] = set()
    for (i, a), (j, b) in zip(marked[::2], marked[1::2], strict=True):
        if j != i + 1 or a.group("measure").lower() != b.group("measure").lower():
            return []
        marks.add((a.group("mark"), b.group("mark")))
        after = j + 1 if j + 1 < len(heads) and DELTA_HEADER_RE.search(heads[j + 1]) else None
        if after is not None and VS_RE.search(heads[after]):
            return []  # "Time (T) | Time (C) | C vs T": the change's header names the baseline (roles read it)
        pairs.append((i, j, after))
    if len(marks) != 1 or len({p[0] for p in pairs}) != len(pairs):
        return []
    a_mark, b_mark = next(iter(marks))
    if a_mark.lower() == b_mark.lower() or not all(map(_plain_mark, (a_mark, b_mark))):
        return []
    if reference_implementation(a_mark, b_mark) is not None:
        return []  # "Time (torch) | Time (ours)": the reference implementation, whichever stands first
    if _unit(a_mark) and _unit(b_mark):
        return []  # "Latency (ms) | Latency (s)": two units of one measure
    return pairs


def _plain_mark(mark: str) -> bool:
    """The mark names nothing the tables read otherwise: a side's word, a setup ("FP8"), a benchmark, a statistic."""
    return (
        side_of(mark) is None
        and side_core(mark)[0] is None  # ("TFLOPS (ours)": the roles' own side words)
        and not qualifiers(mark)
        and named_benchmark(mark) is None
        and not STAT_WORD_RE.fullmatch(mark)
    )


def _unit(mark: str) -> bool:
    return is_measure_unit(normalise_unit(mark))


def _baseline(table: Table, pairs: list[_Pair], before: str, names: tuple[str | None, ...]) -> int | None:
    """Which of the two marks (0 or 1) is the baseline: as the change columns read the pairs, else as the text calls
    one side the current behaviour; None where neither says."""
    changes = [p for p in pairs if p[2] is not None]
    if changes and len(changes) == len(pairs):
        told = {change_agrees(table, a, b, d) for a, b, d in changes if d is not None} - {None}
        return 1 if told == {False} else 0
    said = [i for i, name in enumerate(names) if name and _current(before, name)]
    return said[0] if len(said) == 1 else None


def _current(text: str, name: str) -> bool:
    """The clause of the text that names this side calls it the current behaviour ("strict (S) is the default")."""
    at = text.lower().rfind(name.lower())
    if at < 0:
        return False
    end = _CLAUSE_END_RE.search(text, at + len(name))
    clause = text[at : end.start() if end else len(text)]
    return bool(_CURRENT_RE.search(clause) or BASE_SIDE_RE.search(clause[len(name) :]))


def _name(text: str, mark: str, marks: tuple[str, str]) -> str | None:
    """What the text spells a mark out as: the words before "(S)" that open with it ("blocking verify (B)"), the
    word after "S =", else the alternative of a pair whose two words open with the two marks in order."""
    low = mark.lower()
    at = text.find(f"({mark})")
    while at >= 0:
        start = max(0, at - 200)
        line = text[(nl + 1 if (nl := text.rfind("\n", start, at)) >= 0 else start) : at]
        words = [] if "|" in line else line[-80:].split()[-3:]  # (an earlier table's "Tok/s (S)" spells nothing)
        for n in range(1, len(words) + 1):
            if words[-n].lower().startswith(low) and words[-n][:1].isalpha():
                return " ".join(words[-n:])
        at = text.find(f"({mark})", at + 1)
    defined = re.search(_DEFINED_RE.format(mark=re.escape(mark)), text)
    if defined is not None and defined.group("word").lower().startswith(low):
        return defined.group("word")
    first, second = (m.lower() for m in marks)
    for m in _ALTERNATIVES_RE.finditer(text):
        a, b = m.group("a"), m.group("b")
        if a.lower().startswith(first) and b.lower().startswith(second):
            return a if low == first else b
    return None


def _numeric(table: Table, i: int) -> bool:
    # (a dash is a cell left empty: "| - |" where that side has no figure)
    cells = [r.cells[i] for r in table.rows if i < len(r.cells) and clean(r.cells[i]) not in ("", "-", "—", "n/a")]
    return bool(cells) and all(is_numeric_cell(c) for c in cells)
