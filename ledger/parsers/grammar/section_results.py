"""Which result sections report results of their own: what such a section states (the GPU, the precision) is its
own runs' setup, not its sibling sections' ("Sampling takes 31% of decode in INT4 runs" in a motivation beside
"A100, TP4" over the numbers). A section that states a setup and no result ("## Test plan: H200, TP8") speaks for
the document. See grammar.setup_scopes for the sections and grammar.document_default for the default."""

from __future__ import annotations

import bisect
import re
from collections.abc import Collection

from ledger.memo import last_document, short_text_cache
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import is_command_line
from ledger.vocab.models import family_versions, model_names
from ledger.vocab.setup import qualifiers
from ledger.vocab.text import has_digit
from ledger.vocab.units import is_performance_unit, is_size_unit
from ledger.vocab.word_gate import WordGate

# a decimal or a percentage standing alone: what results print ("910.5 token/s", "31%"), not a version or a name
# ("v0.5.2", "Llama-3.1-8B") nor a setup's whole sizes
# (each opens with its digit and looks behind it after: the engine skips to digits instead of trying every character)
# ("2.40x": a speed-up is a result too)
_MEASURE_RE = re.compile(r"\d(?:(?<![\w.-]\d)\d{0,8}\.\d{1,6}[x×]?(?![\w.-])|(?<![\w.]\d)\d{0,5} ?%)")
# a whole number with its unit ("910 token/s", "41 ms"): a result too, when the unit measures time or a rate
_UNIT_AFTER_RE = re.compile(r"\d(?<![\w.]\d)[\d,]{0,12} ?(?P<unit>[A-Za-zµ][A-Za-z/µ]{0,11})(?![\w/µ])")
"""(the unit a whole word: "4 H200" is four boards, not four hours)"""
# a test run's count or a check's outcome ("33 passed, 0 failed", "wheel packaging: passed"): results too, whose
# section's setup is theirs (a later "## Performance" lead-in's EP8 is not the pytest cases' above it)
# (searched only where one of its words stands: vocab.word_gate)
_CHECKED_RE = WordGate(re.compile(r"\d (?:passed|failed)\b|:\s{0,3}(?:passed|failed)\b", re.IGNORECASE))
# "## Overview", "## TL;DR", "### Summary": a section that sums the document up, whose results are the sections'
# below told short ("12% to 35% quicker, see the last section"): what it states is the document's setup
_SUMMARY_TITLE_RE = re.compile(
    r"^[#\s*_]{0,8}(?:introduction|overview|summary|tl;?\s?dr|abstract|synopsis)[\s:*_.]{0,6}$", re.IGNORECASE
)
_WORD_RE = re.compile(r"[A-Za-zµ][A-Za-z/µ]{0,11}")
# a flag and its value quoted in a sentence ("Server args: `--gpu-memory-utilization 0.90 --max-num-seqs 96`") or a
# command pasted without its program ("org/M -tp 2 --gpu-memory-utilization 0.95"): a setting, never a result
_FLAG_VALUE_RE = re.compile(r"(?<![\w-])--?[A-Za-z][\w.-]{0,40}(?:=|\s{1,4})[^\s`,;)-][^\s`,;)]{0,59}")
_DIGIT_RE = re.compile(r"\d")
# a setting assigned its value in a sentence or a code span ("temperature=0.0"): a result only where no setup word is
_SETTING_RE = re.compile(r"(?<![\w.-])[A-Za-z][\w-]{0,40} ?= ?\d{1,6}(?:\.\d{1,6})?(?![\w.])")


def section_measures(doc: Document, sections: list[tuple[int, int]]) -> set[int]:
    """The lines of those of `sections` ((first, last line) each) that hold a result: a line that prints one, or a
    table whose header names a unit of measure over a row of numbers."""
    tables, starts = _tables(doc)
    out: set[int] = set()
    for first, last in sections:
        if _SUMMARY_TITLE_RE.match(doc.line(first)):
            continue
        own = tables[bisect.bisect_left(starts, first) : bisect.bisect_right(starts, last)]
        if any(measures(doc.line(no)) for no in range(first + 1, last + 1)) or any(_measured_table(b) for b in own):
            out.update(range(first, last + 1))
    return out


@last_document  # (asked once per sub-heading of a setup section: a scan per call was quadratic)
def _tables(doc: Document) -> tuple[list[Block], list[int]]:
    """The document's tables and their first lines (a section's tables found by position: many sections stay
    linear)."""
    tables = [b for b in doc.blocks if b.kind == "table" and b.table is not None]
    return tables, [b.start for b in tables]


def later_sections(
    doc: Document, sections: list[tuple[int, int]], measuring: Collection[int] | None = None
) -> list[tuple[int, int]]:
    """The result sections (`sections`) that start after a section with results of its own in their turn of the
    thread: what a setup list in one states ("Environment:" under "## Model validation") is of its own runs, not of
    the results above it. `measuring`: section_measures(doc, sections), where the caller has it."""
    measured = sorted(section_measures(doc, sections) if measuring is None else measuring)
    turns = [1, *(b.start for b in doc.blocks if b.kind == "comment" and b.start > 1)]
    out: list[tuple[int, int]] = []
    for a, z in sections:
        k = bisect.bisect_left(measured, turns[bisect.bisect_right(turns, a) - 1])
        if k < len(measured) and measured[k] < a:
            out.append((a, z))
    return out


@short_text_cache(4096)  # (a line of nested sections is asked once for each: 3,241 asks of 722 lines over the corpus)
def measures(text: str) -> bool:
    """A line prints a result: a decimal or a percentage, a whole number in a unit of time or rate ("95 tok/s",
    "120 tps"), a test run's count or a check's outcome."""
    s = text.strip()[:2000]
    # a command's ratios ("--gpu-memory-utilization 0.9") set the run up
    if s.startswith("--") or is_command_line(s) or not (has_digit(s) or "passed" in s.lower() or "failed" in s.lower()):
        return False
    if " -" in s or "`-" in s:
        s = _FLAG_VALUE_RE.sub(" ", s)
    if "=" in s:  # ("`temperature=0.0`, `top_p=0.95`": a sampler's settings; "acc=0.81" stays a result)
        s = _SETTING_RE.sub(lambda m: " " if qualifiers(m.group(0)) else m.group(0), s)
    m = _MEASURE_RE.search(s)
    if m is not None and "." in m.group(0) and (names := model_names(s) + family_versions(s)):
        # "for Gemma 3 1B and Llama 3.1 8B models", "for mimo 2.5 mtp": a version inside a model's name, no result
        for name in names:
            s = s.replace(name, " ")
        m = _MEASURE_RE.search(s)
    return m is not None or unit_measure(s) or _CHECKED_RE.search(s) is not None


@short_text_cache(4096)  # (asked by measures and by the list readers of the same items)
def unit_measure(text: str) -> bool:
    """A whole number in a unit of time or rate, as the vocabulary knows them ("910 token/s", "120 tps", "41 ms")."""
    return any(_a_measure(u.group("unit")) and not _part_suffix(u) for u in _UNIT_AFTER_RE.finditer(text[:2000]))


def _part_suffix(m: re.Match[str]) -> bool:
    """The unit of `m` is one capital glued to the digits: a part number's suffix ("Xeon Gold 6454S", "EPYC 9654P"),
    no second."""
    unit = m.group("unit")
    return len(unit) == 1 and unit.isupper() and m.string[m.start("unit") - 1].isdigit()


def states_check(text: str) -> bool:
    """A line states a test run's count or a check's outcome ("33 passed, 0 failed", "wheel packaging: passed")."""
    return _CHECKED_RE.search(text[:2000]) is not None


def _a_measure(unit: str) -> bool:
    # (not a size, "H100 80GB", nor a count of boards, "8 x H100")
    return unit.lower() != "x" and is_performance_unit(unit) and not is_size_unit(unit)


def _measured_table(block: Block) -> bool:
    table = block.table
    if table is None:
        return False
    named = any(_a_measure(w.group(0)) for cell in table.header for w in _WORD_RE.finditer(cell[:200]))
    return named and any(_DIGIT_RE.search(" ".join(row.cells)) for row in table.rows[:50])
