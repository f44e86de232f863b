"""Results stated outside any revision section: judged against their stated baselines like any other.

A description that lists its checks under revision headings ("Final head (13c21f4)") often states its headline
outside them: a performance table of a before row and an after row, a "158 -> 30 ms" sentence. Those values are
the document's own, of no one revision; they are checked against their references in a side of their own.

A table whose rows state one setup and differ only by the row's name ("feature commits only", "with the fast
paths") is a before/after: the row whose name says base (main, baseline, before) is the base, else the first row
(tables list the base first); rows named by one stem and a run's number ("A1", "A2") are one arm's repeats, no
before/after. A row's value then has the base row's value as its reference. Three or more such
rows are paired only when one of them names itself the base. A row named like a measure ("Request Latency (ms)"),
a test ("test_x / dgx_h100") or a benchmark is no code state, and a value in % is a change, not a level: such
tables are left alone. The base row is the reader's inference, not the text's word: its checks are shown, never
failed on (`ROW_ORIGIN`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.compare.judge import number
from ledger.compare.keys import Key, claim_key
from ledger.compare.revisions import CI_LABEL, RevisionRef, Snapshot
from ledger.model import Claim
from ledger.vocab.metrics import is_acceptance_name, is_accuracy_name, is_benchmark_name
from ledger.vocab.sides import side_of

OUTSIDE = "stated outside any revision"
MAX_ROW_GAP = 3
"""Rows of one table stand on nearby lines."""
_ROW_KINDS = ("perf", "accuracy", "acceptance")
_WORD_RE = re.compile(r"[a-z]{2}")
ROW_NOTE = "against the row"
"""How a value paired with its table's base row says so (its note), and ReferenceCheck.origin "base row" with it."""
# a row label that names a measure, not a state of the code
_MEASURE_RE = re.compile(
    r"throughput|latency|ttft|tpot|\bitl\b|e2e|tok/s|tokens?/s|req/s|\bqps\b|duration|\btime\b|speed|memory|"
    r"bandwidth|flops|\(\s{0,3}(?:ms|us|s|%|gib|gb|mb)\s{0,3}\)",
    re.IGNORECASE,
)
_TEST_ID_RE = re.compile(r"[_/]|::")
_MARKS_RE = re.compile(r"(?:\s|^)(\*{1,3}|[†‡§¶]{1,2}|[¹²³⁴⁵⁶⁷⁸⁹]{1,2})\s*$")


def outside_claims(claims: Sequence[Claim]) -> list[Claim]:
    """The claims of no revision (CI runs have their own)."""
    return [c for c in claims if c.revision is None or not (c.revision.label or c.revision.head)]


def _tables(claims: Sequence[Claim]) -> list[list[Claim]]:
    """The row values of one setup and one column, in runs of nearby lines (one table each), where every row's label
    can name a state of the code: a run where one row names a task ("summarize" beside "qa_factual" and
    "long_code_review") is a table of tasks, whose rows measure different work and are never each other's base; a
    run whose rows name a feature apart (feature_rows) is two setups."""
    return [t for t in _row_runs(claims) if not _named_apart(t)]


def feature_rows(claims: Sequence[Claim]) -> list[list[Claim]]:
    """The runs of a table's rows of one setup and one column that differ by a feature a row names ("Wren-70B Prefix
    Cache TP8" under "Wren-70B TP8": its variant, Prefix Cache), where no row names itself the base: two setups, the
    one with the feature and the one without, never a before and an after of one code (neither is the other's
    reference; report.launch_setups sets them side by side)."""
    return [t for t in _row_runs(claims) if _named_apart(t)]


def _named_apart(rows: list[Claim]) -> bool:
    """The rows name different features (their variants, one none), and no row's label says it is the base."""
    return len({c.config.get("variant", "") for c in rows}) > 1 and not any(
        side_of(c.config["row"]) == "base" for c in rows
    )


def _row_runs(claims: Sequence[Claim]) -> list[list[Claim]]:
    """The row values of one setup and one column, in runs of nearby lines, every row's label a state's (_tables)."""
    groups: dict[tuple[Key, str], list[Claim]] = {}
    for c in claims:
        if c.kind in _ROW_KINDS and c.reference is None and c.config.get("row") and number(c) is not None:
            groups.setdefault((claim_key(c)[0], c.config.get("column", "")), []).append(c)
    out: list[list[Claim]] = []
    for group in groups.values():
        run: list[Claim] = []
        for c in sorted(group, key=lambda c: c.source.line):
            if run and c.source.line - run[-1].source.line > MAX_ROW_GAP:
                out.append(run)
                run = []
            run.append(c)
        out.append(run)
    return [
        t
        for t in out
        if len({c.config["row"] for c in t}) == len(t) > 1
        and all(c.unit != "%" and _state_label(c.config["row"]) for c in t)
        and not _one_arms_runs(t)
    ]


# "A1", "A2" (arm A's runs in an A-B-B-A table), "run 1", "trial 2": one arm's repeats by their number
_REPEAT_LABEL_RE = re.compile(
    r"(?P<stem>[A-Za-z]|(?:run|trial|rep|repeat|attempt|iter(?:ation)?|seed)\s?#?)\s?\d{1,2}", re.IGNORECASE
)


def _one_arms_runs(rows: list[Claim]) -> bool:
    """Rows of one setup named by one stem and a run's number ("A1" and "A2", both with the kernel on): repeats of
    one arm, one series with a spread, never a run measured against its twin (the arms' contrast is the setup)."""
    found = [_REPEAT_LABEL_RE.fullmatch(c.config["row"].strip(" *_`")) for c in rows]
    return all(found) and len({m.group("stem").lower().rstrip(" #") for m in found if m is not None}) == 1


def _state_label(label: str) -> bool:
    """A row label that can name a state of the code ("feature commits only", "with the fast paths")."""
    return bool(label) and not (
        _MEASURE_RE.search(label)
        or _TEST_ID_RE.search(label)
        or is_accuracy_name(label)
        or is_acceptance_name(label)
        or is_benchmark_name(label)
    )


def _base_row(rows: list[Claim]) -> Claim | None:
    sides = [side_of(c.config["row"]) for c in rows]
    if sides.count("base") == 1:
        return rows[sides.index("base")]
    if len(rows) != 2:
        return None
    return rows[1] if sides == [None, "base"] or sides == ["head", None] else rows[0]


def with_row_baselines(claims: Sequence[Claim]) -> list[Claim]:
    """The claims, each row of a before/after table with the base row's value as its reference."""
    update: dict[int, Claim] = {}
    for rows in _tables(claims):
        base = _base_row(rows)
        if base is None:
            continue
        for c in rows:
            if c is not base and base.value is not None:
                note = f"{ROW_NOTE} {base.config['row']!r} (line {base.source.line})"
                update[id(c)] = c.model_copy(update={"reference": number(base), "note": c.note or note})
    return [update.get(id(c), c) for c in claims]


def outside_snapshot(claims: Sequence[Claim], document: str | None) -> Snapshot | None:
    """The side of a document's results stated outside its revision sections, or None when there are none."""
    # a value whose metric has no word ("123 -> 43") is a misread the text does not name: nothing to judge
    own = [
        c
        for c in outside_claims(claims)
        if not (c.revision and (c.revision.label or "").lower() == CI_LABEL)
        and (c.kind not in _ROW_KINDS or _WORD_RE.search(claim_key(c)[0].metric))
    ]
    if not own:
        return None
    return Snapshot(RevisionRef(name=OUTSIDE, document=document), with_row_baselines(own))


def footnote_mark(c: Claim) -> str | None:
    """The footnote mark a value carries in its text ("~370 *"), or None."""
    m = _MARKS_RE.search(c.source.text or "")
    return m.group(1) if m else None


def footnote(lines: Sequence[str], c: Claim, limit: int = 60) -> str | None:
    """The footnote a marked value points to: the first line after it (within `limit` lines) opening with its mark."""
    mark = footnote_mark(c)
    if mark is None:
        return None
    start = c.source.line_end or c.source.line
    for text in lines[start : start + limit]:
        s = text.lstrip().lstrip("\\")
        if s.startswith(mark) and not s.startswith(mark + mark[0]) and s[len(mark) : len(mark) + 1] in (" ", "\t"):
            return " ".join(s[len(mark) :].split())
    return None


# "The throughput drop in the conc=8 row comes from one cold compile, not a real regression": the author's word
_WAIVER_RE = re.compile(
    r"\b(?:not|isn'?t|no)\s(?:an?\s)?(?:real|true|genuine|actual)\sregression\b|\bnot\sa\sregression\b|"
    r"\bregression\sis\s(?:just\s|only\s)?(?:noise|expected)\b",
    re.IGNORECASE,
)


def waiver(lines: Sequence[str], c: Claim, reach: int = 30) -> int | None:
    """The line (1-based) near a value, within `reach` lines either side, where its author says a drop there is no
    real regression; None when the text says nothing of the kind."""
    at = c.source.line or 0
    for no in range(max(1, at - reach), min(len(lines), at + reach) + 1):
        text = lines[no - 1]
        if "regression" in text.lower() and _WAIVER_RE.search(text[:2000]):
            return no
    return None


def outside_side(claims: Sequence[Claim], document: str, snaps: list[Snapshot]) -> Snapshot | None:
    """A document's results outside its revision sections, a side of their own; a document with no sections is
    that side already (its one snapshot gets its before/after rows paired in place, and None is returned)."""
    if not snaps:
        return None
    unlabelled = [s for s in snaps if not (s.ref.label or s.ref.head)]
    if unlabelled and len(unlabelled) < len(snaps):
        return None  # across versions, each version's own numbers are a side already
    if not unlabelled:
        return outside_snapshot(claims, document)
    if len(snaps) == 1:
        snaps[0] = Snapshot(snaps[0].ref, with_row_baselines(snaps[0].claims))
    return None
