"""Results a thread prints that measure nothing of its change, kept as printed with a note that keeps them out of
every comparison (model.NOT_MEASURED_NOTES):

- a sample of a tool's output: in a pull request that changes a script or a tool (its title: "bench: add --json
  output", "Python script to compare commits"), a table or paste whose lead-in calls it a sample ("This is an
  example table:", "Sample output (...):") or whose sides are other branches than the base and the PR
  (`t/s master | t/s cuda-mmqf-10`): what the tool prints, the branches not revisions of this PR;
- results their author takes back: a line that withdraws numbers ("disregard, ran on all 8 GPUs not 4", "Ignore my
  numbers above") takes back the results above it in its turn, or, where it opens its turn, the results of its
  author's turn just before (another author's turn between keeps them); a line taking back one value by its row and
  column that also gives the right one ("I typed the `13B Master` number wrong, it should read 51.2") puts the
  right value in its place: a claim of that row's setup, on the named side, stated on the correcting line."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable

from ledger.model import SAMPLE_NOTE, WITHDRAWN_NOTE, Claim
from ledger.parsers.grammar.revision_labels import is_sha
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_facts import line_facts
from ledger.parsers.reader.scanner import turn_author
from ledger.vocab.not_measured import (
    RETRACTION_GATES,
    RETRACTION_RE,
    SAMPLE_LEAD_RE,
    TOOL_TITLE_RE,
    corrected_value,
    retracted_value,
)
from ledger.vocab.sides import side_of

_RESULTS = frozenset({"perf", "accuracy", "acceptance", "tests"})
_TOKEN_RE = re.compile(r"(?<![\w.])[A-Za-z]{0,8}\d[\w.]{0,12}")
"""A word holding a digit ("13B", "BS32", "8k"): what a row's label and the words naming its value share."""
MAX_LEAD = 400
"""Characters of a lead-in's end looked at for its words."""


def not_measured(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, those that measure nothing of the change noted so (SAMPLE_NOTE, WITHDRAWN_NOTE)."""
    if not any(c.kind in _RESULTS for c in claims):
        return claims
    notes = _sample_lines(doc, claims)
    withdrawn, corrections = _withdrawn_lines(doc, claims)
    notes.update(withdrawn)
    if not notes:
        return claims
    out = [_noted(c, notes[c.source.line]) if c.source.line in notes and c.kind in _RESULTS else c for c in claims]
    return out + _corrected(doc, claims, corrections)


def _corrected(doc: Document, claims: list[Claim], corrections: dict[int, tuple[int, str, float]]) -> list[Claim]:
    """The right values put in place of the ones taken back: per withdrawn row that holds one result, a copy of its
    claim stated on the correcting line, the named side replaced (the base side when the named words call it so,
    "13B Master"; else the row's own value)."""
    out = []
    for no, (at, named, value) in sorted(corrections.items()):
        row = [c for c in claims if c.source.line == no and c.kind in _RESULTS]
        if len(row) != 1:  # (a row of several results: which one the value replaces is not said)
            continue
        c = row[0]
        base = side_of(named) == "base"
        if base and not isinstance(c.reference, float):
            continue
        text = doc.line(at).strip()[:500]
        source = c.source.model_copy(update={"line": at, "line_end": at, "text": text})
        update = {"reference": value} if base else {"value": value}
        out.append(c.model_copy(update={**update, "source": source, "note": f"corrects line {no}"}))
    return out


def _noted(c: Claim, note: str) -> Claim:
    return c.model_copy(update={"note": f"{note}; {c.note}" if c.note else note})


def _title(doc: Document) -> str:
    """The PR's title: the document's first heading, or a copied page's first line (it has no heading marks)."""
    first = doc.blocks[0] if doc.blocks else None
    if first is None:
        return ""
    if first.kind == "heading":
        return first.text if first.level <= 1 else ""
    return first.text if doc.format == "rendered" and first.kind == "text" and first.start == 1 else ""


def _sample_lines(doc: Document, claims: list[Claim]) -> dict[int, str]:
    """Line -> SAMPLE_NOTE, for the lines of a tooling PR's tables and pastes that show what the tool prints."""
    if not TOOL_TITLE_RE.search(_title(doc)[:300]):
        return {}
    out: dict[int, str] = {}
    results = sorted((c for c in claims if c.kind in _RESULTS), key=lambda c: c.source.line)
    lines = [c.source.line for c in results]
    for b in doc.blocks:
        if b.kind not in ("table", "code") or b.in_code:
            continue
        inside = results[bisect.bisect_left(lines, b.start) : bisect.bisect_right(lines, b.end)]
        if inside and (_sample_lead(doc, b) or any(_other_branch(c) for c in inside)):
            out.update(dict.fromkeys(range(b.start, b.end + 1), SAMPLE_NOTE))
    return out


def _sample_lead(doc: Document, b: Block) -> bool:
    """The prose line right over the block (a blank line between at most) calls what follows a sample."""
    for no in (b.start - 1, b.start - 2):
        text = doc.line(no).strip()
        if text:
            return text.endswith(":") and SAMPLE_LEAD_RE.search(text[-MAX_LEAD:]) is not None
    return False


def _other_branch(c: Claim) -> bool:
    """The claim's side is a branch named by neither a base word nor the PR's (`cuda-mmqf-10`), nor a commit."""
    label = c.revision.label if c.revision is not None else None
    return (
        bool(label)
        and c.revision is not None
        and c.revision.head is None
        and side_of(label) is None
        and not is_sha(label or "")
    )


def _withdrawn_lines(doc: Document, claims: list[Claim]) -> tuple[dict[int, str], dict[int, tuple[int, str, float]]]:
    """Line -> WITHDRAWN_NOTE (with the line that withdraws it), for the results an author takes back; and, for a row
    taken back by name by a line giving its right value, row line -> (that line, the named words, the value)."""
    authors = turns(doc)
    fixed: dict[int, tuple[int, str, float]] = {}
    results = sorted({c.source.line for c in claims if c.kind in _RESULTS})
    out: dict[int, str] = {}
    code = _code_lines(doc.blocks)
    last: list[int] = []  # (the results of the last turn that held any, and its start)
    last_start = 0
    starts = sorted(authors)
    for k, start in enumerate(starts):
        end = starts[k + 1] - 1 if k + 1 < len(starts) else len(doc.lines)
        mine = results[bisect.bisect_left(results, start) : bisect.bisect_right(results, end)]
        at, named = _retraction(doc, start, end, code)
        if at is not None:
            own = [no for no in mine if no < at]
            if (
                not own
                and last
                and authors.get(last_start) is not None
                and authors.get(last_start) == authors.get(start)
            ):
                own = last
            if named is not None:  # (one value taken back: only the rows its words name)
                own = _named_rows(doc, own, named)
                right = corrected_value(doc.line(at))
                if right is not None and len(own) == 1:
                    fixed[own[0]] = (at, named, right)
            if own:
                out.update(dict.fromkeys(own, f"{WITHDRAWN_NOTE} at line {at}"))
                doc.warn(at, f"{len(own)} result line(s) above withdrawn by their author here: kept, never compared")
        if mine:
            last, last_start = mine, start
    return out, fixed


def turns(doc: Document) -> dict[int, str | None]:
    """Each turn's first line -> its author: the text before the first turn (no author), then every comment block
    or heading that is a turn line ("### mtone · comment · 2026-05-04")."""
    out: dict[int, str | None] = {1: None}
    for b in doc.blocks:
        if b.kind == "comment" or (b.kind == "heading" and " · " in b.text):
            author = b.text if b.kind == "comment" else turn_author(b.text)
            if author is not None:
                out[b.start] = author
    return out


def _retraction(doc: Document, start: int, end: int, code: set[int]) -> tuple[int | None, str | None]:
    """The first prose line of the turn that takes numbers back, and the words naming the one value it takes back
    when it takes back one ("I messed up the `13B Master` number"; None: all of them)."""
    facts = line_facts(doc)
    held = facts.holding(RETRACTION_GATES[0]) | facts.holding(RETRACTION_GATES[1])  # (any other line takes none back)
    for no in range(start, end + 1):
        if no not in held:
            continue
        text = doc.line(no)
        if no in code or text.lstrip().startswith(">") or len(text) > 2000:
            continue  # (a quote repeats another message)
        if RETRACTION_RE.search(text):
            return no, None
        if (named := retracted_value(text)) is not None:
            return no, named
    return None, None


def _named_rows(doc: Document, lines: list[int], named: str) -> list[int]:
    """The table rows among `lines` whose label holds a word of the named value that holds a digit ("13B" of "13B
    Master"): the row of the value taken back. A name with no such word points at no row: none is taken back."""
    words = {w.lower() for w in _TOKEN_RE.findall(named)}
    if not words:
        return []
    out = []
    for no in lines:
        cells = doc.line(no).strip().strip("|").split("|", 1)
        if cells and words & {w.lower() for w in _TOKEN_RE.findall(cells[0][:200])}:
            out.append(no)
    return out


def _code_lines(blocks: Iterable[Block]) -> set[int]:
    out: set[int] = set()
    for b in blocks:
        if b.kind == "code":
            out.update(range(b.start, b.end + 1))
    return out
