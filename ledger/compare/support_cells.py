"""Support cells across revisions: what a docs page's matrices say in each version, cell by cell.

A support page (a table of models x features of Yes / No / untested) holds no number to judge, yet its versions
differ in what a reviewer wants to see: a cell that changed ("untested" -> "yes"), a row or column added (new)
or dropped (gone). A cell is one (engine, backend, subject, feature), names compared letters and digits only;
its verdict reads every version against the one before it (a cell a middle version added and the next dropped is
gone, never "no change" between two ends that lack it), the values of every revision kept. Printed
in the one screen of `ledger compare` after the result series: the changed, new and gone cells row by row, the
rest counted ("no change"), every cell with --all.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from ledger.compare.revisions import RevisionRef, Snapshot
from ledger.model import Claim
from ledger.neutral import markdown, terminal
from ledger.vocab.support import name_key
from ledger.vocab.support_maturity import MATURITY_RE

KINDS = ("support", "listing")
"""The claims that are support cells."""
CHANGED, NEW, GONE, RENAMED, SAME = "changed", "new", "gone", "renamed", "no change"
_ORDER = {CHANGED: 0, NEW: 1, GONE: 2, RENAMED: 3, SAME: 4}
Key = tuple[str, str, str, str]
_FAMILY_RE = re.compile(r"[a-z]+")
"""A model name's family: its first run of letters ("qwen" of "Qwen3-Dense" and of "Qwen3")."""


@dataclass
class SupportChange:
    """One support cell in every revision compared."""

    engine: str | None
    backend: str | None
    """The backend of the engine the cell answers for (the heading above its table), if one is named."""
    subject: str
    feature: str
    values: list[str | None]
    """The cell's value in each revision, oldest first; None where that revision has no such cell."""
    lines: list[int | None] = field(default_factory=list)
    verdict: str = SAME
    was: str | None = None
    """The row's name before a version renamed it (its cells unchanged across that step)."""

    @property
    def label(self) -> str:
        scope = f" ({self.backend})" if self.backend else ""
        was = f" (was {self.was})" if self.was else ""
        return f"{self.subject}{was} · {self.feature}{scope}"

    def to_dict(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "backend": self.backend,
            "subject": self.subject,
            "feature": self.feature,
            "verdict": self.verdict,
            "was": self.was,
            "values": [
                {"revision": names[i], "value": v, "line": self.lines[i]}
                for i, v in enumerate(self.values)
                if v is not None
            ],
        }


def _key(c: Claim) -> Key:
    backend = (c.config or {}).get("backend")
    return (
        name_key(c.engine or ""),
        name_key(str(backend or "")),
        name_key(str(c.subject or "")),
        name_key(str(c.feature or "")),
    )


def support_changes(snaps: Sequence[Snapshot]) -> list[SupportChange]:
    """Every support cell of the revisions, with its value in each and its verdict; [] for fewer than two
    revisions or none with a support cell. A cell stated twice in one revision keeps its first statement."""
    if len(snaps) < 2:
        return []
    cells: dict[Key, SupportChange] = {}
    n = len(snaps)
    for i, snap in enumerate(snaps):
        for c in snap.claims:
            if c.kind not in KINDS or not c.subject or c.value is None:
                continue
            k = _key(c)
            ch = cells.get(k)
            if ch is None:
                backend = (c.config or {}).get("backend")
                ch = cells[k] = SupportChange(c.engine, backend, str(c.subject), str(c.feature or ""), [None] * n)
                ch.lines = [None] * n
            if ch.values[i] is None:
                ch.values[i], ch.lines[i] = _value(c), c.source.line
                ch.subject, ch.feature = str(c.subject), str(c.feature or "")  # the newest spelling is shown
    kept = _follow_renames(cells, n)
    for ch in kept:
        ch.verdict = _verdict(ch.values)
        if ch.was and ch.verdict == SAME:
            ch.verdict = RENAMED
    return sorted(kept, key=lambda ch: _ORDER[ch.verdict])


def _family(name: str) -> str:
    m = _FAMILY_RE.search(name[:300].lower())
    return m.group() if m else ""


def _follow_renames(cells: dict[Key, SupportChange], n: int) -> list[SupportChange]:
    """The cells, a row a version renamed merged into its new name (`_renamed_at`): a page renaming a row ("Qwen3" ->
    "Qwen3-Dense") keeps its cells; read as a removal plus an addition, every cell of the row would be told twice."""
    rows: dict[Key, dict[str, SupportChange]] = {}
    for (engine, backend, subject, feature), ch in cells.items():
        rows.setdefault((engine, backend, subject, ""), {})[feature] = ch
    merged: set[Key] = set()
    for i in range(1, n):
        for old, new in _renamed_at(rows, i):
            for f, och in rows[old].items():
                nch = rows[new][f]
                nch.values[:i], nch.lines[:i] = och.values[:i], och.lines[:i]
                nch.was = och.subject
                merged.add((*old[:3], f))
    return [ch for k, ch in cells.items() if k not in merged]


def _renamed_at(rows: dict[Key, dict[str, SupportChange]], i: int) -> list[tuple[Key, Key]]:
    """(old row, new row) pairs renamed at revision i: a row last stated in revision i-1 and one first stated in i, of
    one engine, backend and model family, whose features and values there are the same, and no other such row alike."""

    def span(row: dict[str, SupportChange]) -> list[int]:
        return [
            at
            for at in range(len(next(iter(row.values())).values))
            if any(ch.values[at] is not None for ch in row.values())
        ]

    spans = {k: span(row) for k, row in rows.items()}
    ends = [k for k, s in spans.items() if s and s[-1] == i - 1]
    starts = [k for k, s in spans.items() if s and s[0] == i]
    state = {k: {f: ch.values[at] for f, ch in rows[k].items()} for ks, at in ((ends, i - 1), (starts, i)) for k in ks}
    family = {k: _family(next(iter(rows[k].values())).subject) for k in (*ends, *starts)}

    def same(a: Key, b: Key) -> bool:
        return a[:2] == b[:2] and family[a] == family[b] != "" and state[a] == state[b]

    out = []
    for old in ends:
        into = [k for k in starts if same(old, k)]
        if len(into) == 1 and [k for k in ends if same(k, into[0])] == [old]:
            out.append((old, into[0]))
    return out


def _value(c: Claim) -> str:
    """A cell's value, with the feature's maturity its note gives ("yes (Experimental)"): a step back from
    Functional to Experimental is a change though both are yes (a footnote's wording is none)."""
    note = (c.note or "").strip()
    return f"{c.value} ({note})" if note and len(note) <= 40 and MATURITY_RE.fullmatch(note) else str(c.value)


def _verdict(values: Sequence[str | None]) -> str:
    """New where the oldest revision has no such cell and the newest has; gone where the newest has none (also a cell
    a middle version added); changed where any version's value differs from the one before it (also a cell a middle
    version dropped and the next restored); else no change."""
    first, last = values[0], values[-1]
    if first is None and last is not None:
        return NEW
    if last is None:
        return GONE
    return SAME if all(a == b for a, b in pairwise(values)) else CHANGED


def support_section(
    changes: Sequence[SupportChange],
    revisions: Sequence[RevisionRef],
    md: bool,
    width: int | None = None,
    show_all: bool = False,
) -> list[str]:
    """The support cells' part of the one screen: a count line, then the changed, new and gone cells (every cell
    with `show_all`) with their value in each revision."""
    if not changes:
        return []
    counts = Counter(ch.verdict for ch in changes)
    span = f"R1 -> R{len(revisions)}"
    if counts[SAME] == len(changes):
        said = f"no change ({len(changes)} cell{'s' if len(changes) != 1 else ''})"
    else:
        said = ", ".join(f"{counts[v]} {v}" for v in (CHANGED, NEW, GONE, RENAMED, SAME) if counts[v])
    head = f"Support cells, {span}: {said}"
    out = ["", ("#### " + markdown(head)) if md else terminal(head)]
    if silent := _silent(changes, len(revisions)):
        said = f"{', '.join(silent)} state{'s' if len(silent) == 1 else ''} no support cell at all (every cell gone)"
        out.append(markdown(said) if md else terminal(said))
    shown = [ch for ch in changes if show_all or ch.verdict != SAME]
    if not shown:
        return out
    headers = ["change", "cell", *[f"R{i}" for i in range(1, len(revisions) + 1)]]
    rows = [[ch.verdict, ch.label, *[v or "-" for v in ch.values]] for ch in shown]
    out.append("")
    if md:
        out.append("| " + " | ".join(headers) + " |")
        out.append("|" + "|".join("---" for _ in headers) + "|")
        out += ["| " + " | ".join(markdown(c) for c in r) + " |" for r in rows]
        return out
    cells = [[terminal(c) for c in r] for r in [headers, *rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return out + [x if not width or len(x) <= width else x[: width - 1] + "…" for x in lines]


def _silent(changes: Sequence[SupportChange], n: int) -> list[str]:
    """The revisions after the first with cells that state none (a page whose table moved, or is no longer read)."""
    held = [any(ch.values[i] is not None for ch in changes) for i in range(n)]
    first = held.index(True) if True in held else n
    return [f"R{i + 1}" for i in range(first + 1, n) if not held[i]]
