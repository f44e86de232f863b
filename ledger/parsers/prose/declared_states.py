"""What a thread says its numbers are, beside the numbers: a result whose line labels it the broken state a fix
starts from ("fused (broken): strict-match 83.50%"), or that stands under a heading naming the regression a fixing
PR's title says it undoes ("Slowdown seen after rebasing onto main" in "Restore decode speed ..."), is that bug,
shown with its reference and never the change's regression (model.BROKEN_NOTE); a result whose measure its author
calls run-to-run noise ("The BS32 acceptance length moves from launch to launch (run-to-run noise)"), on the line
that says so or in that turn under the measure the clause names, differs from its reference by noise, not by a
verdict (model.NOISE_NOTE)."""

from __future__ import annotations

import bisect
import re

from ledger.model import BROKEN_NOTE, NOISE_NOTE, Claim
from ledger.parsers.prose.metrics import METRIC_RE
from ledger.parsers.prose.not_measured import turns
from ledger.parsers.reader.blocks import Document
from ledger.vocab.metrics import kind_for_metric, normalise_metric
from ledger.vocab.not_measured import (
    ADDRESSED_REGRESSION_RE,
    BROKEN_STATE_RE,
    FIX_TITLE_RE,
    MOTIVATING_HEADING_RE,
    NOISE_SAID_RE,
)

_RESULTS = frozenset({"perf", "accuracy", "acceptance"})
_CLAUSE_END_RE = re.compile(r"[;.!?](?:\s|$)")
_TOKEN_RE = re.compile(r"[A-Za-z]{0,8}\d[\w.]{0,12}")
"""A word holding a digit ("BS32", "c64", "8k"): a setting a clause and a row's name may share."""
MAX_LABEL = 200
"""Characters of a line's start read for the label before its first value."""


def declared_states(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, those their line calls the broken state or their author calls noise noted so."""
    results = [c for c in claims if c.kind in _RESULTS]
    if not results:
        return claims
    notes: dict[int, str] = {}  # id(claim) -> note
    title = _title(doc)
    fixing = bool(FIX_TITLE_RE.search(title[:300]))
    spans: dict[str, list[tuple[int, int]]] = {}  # the last line read -> its addressed regressions (_addressed)
    for c in results:
        line = doc.line(c.source.line)
        if BROKEN_STATE_RE.search(_label_of(line)) or _addressed(line, c, spans) or (fixing and _motivating(c, title)):
            notes[id(c)] = BROKEN_NOTE
    for no, clause in _noise_clauses(doc):
        for c in _noisy(doc, no, clause, results):
            notes.setdefault(id(c), f"{NOISE_NOTE} at line {no}")
    if not notes:
        return claims
    return [_noted(c, notes[id(c)]) if id(c) in notes else c for c in claims]


def _noted(c: Claim, note: str) -> Claim:
    return c.model_copy(update={"note": f"{note}; {c.note}" if c.note else note})


def _addressed(text: str, c: Claim, spans: dict[str, list[tuple[int, int]]]) -> bool:
    """Whether the claim is the regression its line says the change removes ("to work around the 25% prefill
    throughput regression"): the bug the change starts from, never one it causes. (`spans`: the last line's
    regressions, found once for all the claims of a line.)"""
    if "egression" not in text or c.source.text not in text:
        return False
    if text not in spans:
        spans.clear()  # (one line's only: memory stays bounded; the claims of a line mostly come together)
        spans[text] = [m.span() for m in ADDRESSED_REGRESSION_RE.finditer(text[:2000])]
    at = text.find(c.source.text)
    return any(a <= at < b for a, b in spans[text])


def _title(doc: Document) -> str:
    """The PR's title: the first heading of a markdown body, the first line of a rendered copy."""
    if doc.format == "rendered":
        return next((ln.strip() for ln in doc.lines[:5] if ln.strip()), "")
    return next((b.text for b in doc.blocks if b.kind == "heading" and b.level <= 1), "")


def _motivating(c: Claim, title: str) -> bool:
    """Whether a heading over the claim, other than the title, names the regression its section shows ("Slowdown
    seen after rebasing onto main"): in a PR that restores or fixes, the state it starts from, never its result."""
    return any(h != title and MOTIVATING_HEADING_RE.match(h[:200]) for h in c.source.section)


def _label_of(text: str) -> str:
    """A line's words before its first digit: the label its values stand under ("  - fused (broken): strict-match")."""
    head = text[:MAX_LABEL]
    m = re.search(r"\d", head)
    return head[: m.start()] if m else head


def _noise_clauses(doc: Document) -> list[tuple[int, str]]:
    """(line, clause) of each prose clause that calls something noise, up to its clause's end."""
    out: list[tuple[int, str]] = []
    for b in doc.blocks:
        if b.kind not in ("text", "item") or b.in_code:
            continue
        for no in range(b.start, b.end + 1):
            text = doc.line(no)[:2000]
            if text.lstrip().startswith(">"):
                continue  # (a quote repeats another message)
            m = NOISE_SAID_RE.search(text)
            if m is None:
                continue
            starts = [e.end() for e in _CLAUSE_END_RE.finditer(text, 0, m.start())]
            end = _CLAUSE_END_RE.search(text, m.end())
            out.append((no, text[starts[-1] if starts else 0 : end.start() if end else len(text)]))
    return out


def _noisy(doc: Document, no: int, clause: str, results: list[Claim]) -> list[Claim]:
    """The results a noise clause at line `no` speaks of: those of its own line where the clause holds a number,
    else those of its turn whose measure it names (of them, those whose names share a setting word with it, "BS32",
    where any do). ("TTFT numbers seem highly variable. Re-ran 64 and got 1902 ms": the clause names the measure of
    the whole table above, its line's own value is in the next sentence.)"""
    own = [c for c in results if c.source.line == no]
    if own and any(ch.isdigit() for ch in clause):
        return own
    names = {normalise_metric(m.group(0), kind_for_metric(m.group(0))).name for m in METRIC_RE.finditer(clause)}
    if not names:
        return own
    starts = sorted(turns(doc))
    k = bisect.bisect_right(starts, no) - 1
    lo, hi = starts[k], starts[k + 1] - 1 if k + 1 < len(starts) else len(doc.lines)
    named = [
        c
        for c in results
        if lo <= c.source.line <= hi and c.metric and _same_measure(normalise_metric(c.metric, c.kind).name, names)
    ]
    words = {w.lower() for w in _TOKEN_RE.findall(clause)}
    shared = [c for c in named if words & {w.lower() for w in _TOKEN_RE.findall(c.metric or "")}]
    return shared or named


def _same_measure(name: str, names: set[str]) -> bool:
    """ "output throughput" is a "throughput" the clause names; "acceptance length" one itself."""
    return any(name == n or name.endswith(" " + n) for n in names)
