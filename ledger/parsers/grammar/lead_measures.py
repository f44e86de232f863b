"""The measure a lead-in or a sub-heading names, for the values under it whose own line names none:

    Throughput gains over main (tok/s), by shape:   <- the lead-in names the measure, and that its shares are gains
    - 1K/1K: +1.45% to +35.96% at c8-c64            <- "Throughput gains" (the shape is the run's setup)
    Decode step time:
    Before this PR: 0.9 ms                          <- the reference
    After this PR: 0.7 ms                           <- "Decode step time", not "latency", its unit's guess

A value's line names no measure when its label is a side's name, a workload's shape or nothing, and its reader left
it no name (a share) or only its unit's guess ("latency" for ms) or the side's name. The lead-in is the line ending
with a colon right above the run of value lines or list items that holds it; where that names no measure, the sub-
heading the value stands under (never the title, which names the change). The measure is the lead's first clause,
before how or against what it was measured ("... over main", ", by shape"), when those words are a measure's and
no sentence; it is taken only where it reads the way the value's unit does (a time never names a rate). A signed
share under a measure that names no change is that measure's change. Without a named measure the value keeps what
its reader gave it: no measure is guessed.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping

from ledger.model import Claim
from ledger.parsers.reader.document import Block, Document
from ledger.parsers.tables.headers import head_without_unit, looks_metric, unit_of_header
from ledger.vocab.change_words import GAIN_RE, LOSS_RE
from ledger.vocab.metrics import (
    MEASURE_NOUN_RE,
    higher_is_better,
    is_change_name,
    named_benchmark,
    names_a_rate,
    names_known_measure,
)
from ledger.vocab.name_hints import config_hints
from ledger.vocab.sides import side_alone
from ledger.vocab.text import RUN_VERB_OPENING_RE
from ledger.vocab.units import measure_of_unit, unit_higher_is_better

_REACH = 40
"""Blocks of value lines walked back at most to their lead-in."""
_UNSIGNED_UNITS = frozenset(("%", "pp", "x"))
"""The units of a share or a ratio: a value in them has a measure only by name."""
# where a lead's first clause ends: a comma, a bracket, or the words that say how, where or against what
_CLAUSE_END_RE = re.compile(
    r"[,;(\[]|\s(?:of|over|vs\.?|versus|against|compared|relative|by|across|on|at|with|from|under|for|in|when|"
    r"after|before)\s",
    re.IGNORECASE,
)
# a sentence, not a caption: "Here are the numbers", "We measured the time"
_SENTENCE_WORD_RE = re.compile(r"\b(?:is|are|was|were|we|i|it|here|these|this|our|my|see|looks?)\b", re.IGNORECASE)
_SIGNS = "+-−"


def lead_measure(lead: str) -> str | None:
    """The measure a lead-in or heading names in its first clause ("Throughput gains over main (tok/s), by shape:"
    -> "Throughput gains", "Decode step time:"), None where it names none ("Measured on 1xH100:")."""
    text = lead.strip().strip(" *_`#").removesuffix(":").strip(" *_`")
    end = _CLAUSE_END_RE.search(text, 0, 120)
    first = head_without_unit(text[: end.start()] if end is not None else text[:120]).strip(" *_`:-")
    if first[:4].lower() == "the ":
        first = first[4:]
    if (verb := RUN_VERB_OPENING_RE.match(first)) is not None:
        # "Timed the decode kernel:" names what was timed, no measure; "Measured decode throughput:" names one
        first = first[verb.end() :]
        if not MEASURE_NOUN_RE.search(first) and not names_known_measure(first):
            return None
    words = first.split()
    if not 1 <= len(words) <= 5 or len(first) > 40 or _SENTENCE_WORD_RE.search(first):
        return None
    return first if looks_metric(first) and not named_benchmark(first) else None


# (a lead-in naming two measures, "Latency and throughput at BS1:", names neither column's alone)
_TWO_MEASURES_RE = re.compile(r"\b(?:and|or|vs\.?|versus)\b|[&+]", re.IGNORECASE)


def caption_clauses(lead: str) -> list[str]:
    """A caption's clauses after its first, outside brackets and short enough to be a noun alone, each read as a
    caption of its own: "Serving X (TP4, MI300), mean TTFT, long prompts (OSL=27):" names its table's measure in its
    second clause, the first naming the run ("mean TTFT:", "long prompts:"). A lead-in that ends in no colon is a
    sentence, none."""
    text = lead.rstrip()
    if not text.endswith(":"):
        return []
    parts: list[str] = []
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:].rstrip(":"))
    return [f"{p.strip()}:" for p in parts[1:] if p.strip() and len(p.split()) <= _CLAUSE_WORDS]


_CLAUSE_WORDS = 4
"""The words of a clause that can be a measure's name alone ("mean time to first token")."""


def unit_column_measure(lead: str, heads: Mapping[int, str]) -> dict[int, str]:
    """ "BS1 ISL8000/OSL1000 decode throughput:" over "| build | tok/s | ITL (ms) |": the one value column (of `heads`,
    by index) headed by a unit alone that the lead-in's measure reads as, a rate's unit under a rate's name, a time's
    under a time's, is that measure ("decode throughput"), without the settings it was run at (the lead-in's setup,
    read as such); {} where no column or several are."""
    if not lead.rstrip(" *_").endswith(":") or (named := lead_measure(lead)) is None:
        return {}
    # ("BS1 ISL8000/OSL1000 decode throughput": the batch and lengths are the run's, the words left its measure)
    measure = " ".join(w for w in config_hints(named)[1].split() if any(ch.isalnum() for ch in w))
    if not measure or not looks_metric(measure) or is_change_name(measure) or _TWO_MEASURES_RE.search(measure):
        return {}
    cols = [ci for ci, head in heads.items() if _unit_read_as(measure, head)]
    if len(cols) != 1:
        return {}
    # ("Speed (restored vs hidden):" over "| Mode | Output tok/s | Req/s |": a column naming a measure of the bare
    # unit's kind beside it, the lead-in's word names the table's kind of measure, not the bare unit's column)
    kind = measure_of_unit(unit_of_header(heads[cols[0]]))
    beside = [h for ci, h in heads.items() if ci != cols[0] and measure_of_unit(unit_of_header(h)) == kind]
    return {} if any(head_without_unit(h).strip(" *_`") for h in beside) else {cols[0]: measure}


def _unit_read_as(measure: str, head: str) -> bool:
    """The header is a unit and nothing else ("tok/s", "ms"), one the measure can be given in."""
    unit = unit_of_header(head)
    if unit is None or head_without_unit(head).strip(" *_`").lower() != unit.lower():
        return False
    by_unit = measure_of_unit(unit)
    if by_unit == "throughput":
        return names_a_rate(measure, words=5)
    return by_unit == "latency" and not names_a_rate(measure) and not higher_is_better(measure, None, "perf")


def _label(doc: Document, c: Claim) -> str:
    """The words before the claim's value on its line, back to the colon that ends them ("After this PR")."""
    line = doc.line(c.source.line)
    text = c.source.text or ""
    at = line.find(text) if text else -1
    head = line[: at if at >= 0 else 0] + (text.split(":", 1)[0] + ":" if ":" in text[:80] else "")
    return head[: head.rfind(":")].strip(" \t>*•_`-") if ":" in head else head.strip(" \t>*•_`-")


def _unnamed(doc: Document, c: Claim) -> bool:
    """The claim's own line names no measure: its reader gave it none, the side's name, or its unit's guess under a
    label that is no measure's."""
    if c.kind != "perf" or not isinstance(c.value, float):
        return False
    if c.metric is None:
        return c.unit in _UNSIGNED_UNITS
    if side_alone(c.metric):
        return True
    return c.metric == measure_of_unit(c.unit) and not looks_metric(_label(doc, c))


def _reads_as(measure: str, c: Claim) -> bool:
    """The measure can be what the value's unit measures: the way it is better agrees with the unit's."""
    by_unit = unit_higher_is_better(c.unit)
    if by_unit is None:
        return c.unit in _UNSIGNED_UNITS
    bare = GAIN_RE.sub(" ", LOSS_RE.sub(" ", measure))
    return higher_is_better(bare, None, "perf") == by_unit


_PASTE_LINES = 6
"""The lines of a paste read as a list of values at most: a longer one is a log, its own readers'."""
# "stock triton (3.4.0): 1.90 ms", "this PR: 35.5 us": a label, then one number and its unit, nothing after
_SIDE_VALUE_LINE_RE = re.compile(
    r"^\s{0,8}[^:\s][^:\n]{0,59}:[ \t]{0,8}[~≈]?\d{1,9}(?:\.\d{1,9})?[ \t]{0,3}[A-Za-zµ/%]{0,10}\s{0,8}$"
)


class _Leads:
    """The lead-in over each run of value lines, found once per block."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.starts = [b.start for b in doc.blocks]
        self.found: dict[int, str | None] = {}

    def _block(self, line: int) -> int:
        return bisect.bisect_right(self.starts, line) - 1

    def in_lines(self, line: int) -> bool:
        """The line is prose or a list item, or a line of a paste of "side: value" lines alone; no table's row nor
        a log's line."""
        k = self._block(line)
        if k < 0 or self.doc.blocks[k].kind not in ("text", "item"):
            return False
        return not self.doc.blocks[k].in_code or self._side_paste(k) is not None

    def _side_paste(self, k: int) -> int | None:
        """The code block that holds line block `k` when all its lines are "side: value" lines, a few of them
        ("main: 41.0 us" / "this PR: 35.5 us"): a paste that is a list of values, its caption their lead-in."""
        j = k
        while j >= 0 and self.doc.blocks[j].kind != "code":
            j -= 1
        if j < 0 or self.doc.blocks[j].end < self.doc.blocks[k].start:
            return None
        code = self.doc.blocks[j]
        inner = [self.doc.line(n) for n in range(code.start + 1, code.end) if self.doc.line(n).strip()]
        ok = 2 <= len(inner) <= _PASTE_LINES and all(_SIDE_VALUE_LINE_RE.match(t) for t in inner)
        return j if ok else None

    def measure_at(self, line: int) -> str | None:
        k = self._block(line)
        if k not in self.found:
            paste = self._side_paste(k) if self.doc.blocks[k].in_code else None
            self.found[k] = self._lead(k if paste is None else paste)
        return self.found[k]

    def _lead(self, k: int) -> str | None:
        blocks = self.doc.blocks
        below: Block = blocks[k]
        for j in range(k - 1, max(-1, k - 1 - _REACH), -1):
            b = blocks[j]
            if b.kind not in ("text", "item") or b.in_code or below.start - b.end > 2:
                return None
            if b.kind == "text" and b.text.rstrip(" *_").endswith(":"):
                return lead_measure(b.text.splitlines()[-1])
            below = b
        return None


def lead_measures(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each value whose line names no measure named by its lead-in or sub-heading (see the module)."""
    leads: _Leads | None = None
    headed: dict[str, str | None] = {}
    out = list(claims)
    for i, c in enumerate(out):
        if not _unnamed(doc, c):
            continue
        leads = leads or _Leads(doc)
        if not leads.in_lines(c.source.line):
            continue  # (a table's or a paste's values are named by their columns and captions)
        measure = leads.measure_at(c.source.line)
        section = c.source.section
        if measure is None and len(section) >= 2 and not section[-1].startswith("["):
            if section[-1] not in headed:
                headed[section[-1]] = lead_measure(section[-1])
            measure = headed[section[-1]]
        if measure is not None and _reads_as(measure, c):
            out[i] = c.model_copy(update={"metric": _named(measure, c)})
        elif c.metric is not None and side_alone(c.metric):
            out[i] = c.model_copy(update={"metric": measure_of_unit(c.unit)})  # a side is no measure
    return out


def _named(measure: str, c: Claim) -> str:
    """The claim's name under the measure: a signed share of a measure that names no change is its change."""
    text = c.source.text or ""
    signed = (text.split(":", 1)[1] if ":" in text[:80] else text).lstrip(" *_~≈")[:1] in _SIGNS
    change = is_change_name(measure) or GAIN_RE.search(measure) or LOSS_RE.search(measure)
    return f"{measure} change" if c.unit in _UNSIGNED_UNITS and signed and not change else measure
