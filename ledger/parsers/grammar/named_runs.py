"""Other runs of a result's own measure, named in its sentence after it, as a CI summary sets a value beside the runs
it is judged with:

    H100 1-GPU tok/s/user: 212.4 < 250; the previous run of this PR gave 214.9, and the base run gave 213.0.

The base side's run (vocab.run_names: "the base run gave", "main:", "the untouched baseline run") is the result's
reference: a reviewer reads 212.4 against 213.0, and the bar (250) stays the threshold the readers kept. An earlier
run of the change itself ("this PR's previous run gave") is a result of its own: the same measure, unit and setup,
on a revision the text does not name. Each such value is read whichever reader took the result (a "label: value"
line or a sentence), and a claim a reader made of it alone is replaced.
"""

from __future__ import annotations

import bisect

from ledger.model import Claim
from ledger.parsers.grammar.numbers import Number, find_numbers
from ledger.parsers.reader.document import Document
from ledger.vocab.run_names import run_named
from ledger.vocab.sides import side_of
from ledger.vocab.units import canonical_unit

_RESULTS = frozenset({"perf", "accuracy", "acceptance"})
_CLAUSE_MARKS = ";,("
_REACH = 160
"""Characters after a result within which the runs set beside it are named (one sentence's clauses)."""
_MARKS = "`*_~ "


def named_runs(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims (sorted by line), each result followed in its sentence by a base run's value taking it as its
    reference, and an earlier run's value of the change its own claim (see the module)."""
    if not any(c.kind in _RESULTS for c in claims):
        return claims
    out: list[Claim] = []
    line_claims: list[Claim] = []
    for c in [*claims, None]:
        if c is not None and line_claims and c.source.line == line_claims[0].source.line:
            line_claims.append(c)
            continue
        if line_claims:
            out.extend(_on_line(doc.line(line_claims[0].source.line), line_claims))
        line_claims = [c] if c is not None else []
    return out


def _on_line(text: str, claims: list[Claim]) -> list[Claim]:
    low = text.lower()
    if "run" not in low and "main" not in low and "base" not in low and "reference" not in low:
        return claims  # (no run named: the common line costs one look)
    spans: list[tuple[int, int]] = []
    pos = 0
    for c in claims:
        at = text.find(c.source.text, pos) if c.source.line == c.source.line_end and c.source.text else -1
        spans.append((at, at + len(c.source.text)) if at >= 0 else (-1, -1))
        pos = at + len(c.source.text) if at >= 0 else pos
    placed = sorted((s, k) for k, (s, _) in enumerate(spans) if s >= 0)
    starts = [s for s, _ in placed]
    gone: set[int] = set()
    updated: dict[int, Claim] = {}
    added: dict[int, list[Claim]] = {}
    for k, c in enumerate(claims):
        if k in gone or spans[k][0] < 0 or not _result(c):
            continue
        for n, which in _runs_after(text, spans[k][1], c):
            if which == "base":
                current = updated.get(k, c)
                if current.reference not in (None, n.value):
                    break  # (the text paired another value with it: that one stands)
                updated[k] = current.model_copy(update={"reference": n.value})
            else:
                added.setdefault(k, []).append(_earlier_run(c, text[n.start : n.end], n.value))
            # (a reader's claim of that value alone is the run's, now read)
            at = bisect.bisect_right(starts, n.num_start) - 1
            if at >= 0 and (j := placed[at][1]) != k and spans[j][1] > n.num_start:
                gone.add(j)  # ("main: 22.1 ms" read as a claim of its own: the label is the run's name)
    if not updated and not gone and not added:
        return claims
    return [x for k, c in enumerate(claims) if k not in gone for x in (updated.get(k, c), *added.get(k, ()))]


def _result(c: Claim) -> bool:
    """A value of the change's own run: a base side's ("main: 22.1 ms; the previous run gave 23") has no runs of
    the change beside it."""
    return (
        c.kind in _RESULTS
        and isinstance(c.value, float)
        and c.high is None
        and side_of(c.source.text) != "base"
        and (c.revision is None or side_of(c.revision.label) != "base")
    )


def _runs_after(text: str, end: int, c: Claim) -> list[tuple[Number, str]]:
    """The values after a result (ending at `end`) that its sentence names as another run's, each with which run
    (run_names): each value opens no measure of its own (its unit the result's, or none)."""
    limit = min(len(text), end + _REACH)
    at = text.find("|", end, limit)  # (one table cell)
    limit = at if at >= 0 else limit
    # (the sentence and the next: "The PR run scored 96.9%. The initial parent run scored 97.2%." sets the runs
    # side by side as a semicolon does; a sentence further is another statement)
    first = text.find(". ", end, limit)
    at = text.find(". ", first + 2, limit) if first >= 0 else -1
    limit = at if at >= 0 else limit
    out: list[tuple[Number, str]] = []
    for n in find_numbers(text, end, limit):
        dot = text.rfind(". ", end, n.start)  # (a sentence's end cuts as a clause mark does, past its space)
        cut = max(max(text.rfind(m, end, n.start) for m in _CLAUSE_MARKS), dot + 1 if dot >= 0 else -1)
        if cut < 0:
            continue  # (a run named in the result's own clause is none beside it: "212.4 on the base run")
        which = run_named(text[cut + 1 : n.start].rstrip(_MARKS))
        if which is not None and _same_unit(c, n):
            out.append((n, which))
    return out


def _same_unit(c: Claim, n: Number) -> bool:
    """The run's value is of the result's measure: in its unit, or the one printed once for both (none on the run's
    value, or only on it: never a share or a factor, which state a change)."""
    if n.unit is None:
        return True
    if c.unit is None:
        return n.unit not in ("%", "x", "×")
    return canonical_unit(n.unit, c.kind) == canonical_unit(c.unit, c.kind)


def _earlier_run(c: Claim, printed: str, value: float) -> Claim:
    """The earlier run's value: the result's measure and setup, no reference, on a revision the text does not name
    (the result's own is the current head's). Not held to the result's bar: the gate judged the newest run, and an
    earlier run that missed it too is the change's history, no failure of its own."""
    return c.model_copy(
        update={
            "config": {k: v for k, v in c.config.items() if k != "threshold"},
            "value": value,
            "reference": None,
            "stderr": None,
            "stddev": None,
            "printed": None,
            "revision": None,
            "source": c.source.model_copy(update={"text": printed}),
        }
    )
