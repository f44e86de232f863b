"""Support cells across revisions: what a docs page's matrices say in each version, cell by cell.

A support page (a table of models x features of Yes / No / untested) holds no number to judge, yet its versions
differ in what a reviewer wants to see: a cell that changed ("untested" -> "yes"), a row or column added (new)
or dropped (gone). A cell is one (engine, backend, subject, feature), names compared letters and digits only;
its verdict reads every version against the one before it (a cell a middle version added and the next dropped is
gone, never "no change" between two ends that lack it), the values of every revision kept, and each change is
labelled by the two adjacent versions it happened between (a row new in R2 whose maturity moved R3 -> R4 says both,
never one "new" spanning R1 -> R4). A row or column a version renamed is followed (compare.support_renames). Printed
in the one screen of `ledger compare` after the result series: the changed, new and gone cells row by row, the
rest counted ("no change"), every cell with --all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise

from ledger.compare.revisions import RevisionRef, Snapshot
from ledger.compare.support_cell import (
    CHANGED,
    GONE,
    NEW,
    RENAMED,
    SAME,
    Key,
    SupportChange,
    cell_key,
    cell_value,
    explained_later,
)
from ledger.compare.support_renames import follow_renames
from ledger.neutral import markdown, terminal

KINDS = ("support", "listing")
"""The claims that are support cells."""
_ORDER = {CHANGED: 0, NEW: 1, GONE: 2, RENAMED: 3, SAME: 4}


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
            k = cell_key(c)
            ch = cells.get(k)
            if ch is None:
                backend = (c.config or {}).get("backend")
                ch = cells[k] = SupportChange(c.engine, backend, str(c.subject), str(c.feature or ""), [None] * n)
                ch.lines, ch.printed = [None] * n, [None] * n
            if ch.values[i] is None:
                ch.values[i], ch.lines[i], ch.printed[i] = cell_value(c), c.source.line, c.outcome_text
                ch.subject, ch.feature = str(c.subject), str(c.feature or "")  # the newest spelling is shown
    for ch in cells.values():
        explained_later(ch)
    kept = follow_renames(cells, n)
    for ch in kept:
        ch.verdict = _verdict(ch.values)
        if ch.was and ch.verdict == SAME:
            ch.verdict = RENAMED
        ch.events = _events(ch)
    return sorted(kept, key=lambda ch: _ORDER[ch.verdict])


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


def _events(ch: SupportChange) -> list[tuple[str, int]]:
    """What happened to the cell between each two adjacent revisions, labelled by the newer: a row new in R2 whose
    maturity changes between R3 and R4 is new at R2 and changed at R4, never one "new" spanning R1 to R4."""
    out: list[tuple[str, int]] = []
    for i, (a, b) in enumerate(pairwise(ch.values), 1):
        if a is None and b is not None:
            out.append((NEW, i))
        elif a is not None and b is None:
            out.append((GONE, i))
        elif a != b:
            out.append((CHANGED, i))
        elif ch.renamed_at == i and a is not None:
            out.append((RENAMED, i))
    return out


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
    n = len(revisions)
    head = f"Support cells, R1 -> R{n}: {_counts(changes, n)}"
    out = ["", ("#### " + markdown(head)) if md else terminal(head)]
    if silent := _silent(changes, n):
        said = f"{', '.join(silent)} state{'s' if len(silent) == 1 else ''} no support cell at all (every cell gone)"
        out.append(markdown(said) if md else terminal(said))
    for said in _column_renames(changes):
        out.append(markdown(said) if md else terminal(said))
    shown = [ch for ch in changes if show_all or ch.verdict != SAME or ch.events]
    if not shown:
        return out
    headers = ["change", "cell", *[f"R{i}" for i in range(1, len(revisions) + 1)]]
    rows = [[_change(ch, n), ch.label, *[v or "-" for v in ch.values]] for ch in shown]
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


def _step(i: int) -> str:
    return f"R{i} -> R{i + 1}"


def _counts(changes: Sequence[SupportChange], n: int) -> str:
    """The count line: each verdict's cells for two revisions; over more, each step's events under the two versions
    it happened between ("R3 -> R4: 5 changed"), then the cells no step touched."""
    if n == 2 or not any(ch.events for ch in changes):
        counts = Counter(ch.verdict for ch in changes)
        if counts[SAME] == len(changes):
            return f"no change ({len(changes)} cell{'s' if len(changes) != 1 else ''})"
        return ", ".join(f"{counts[v]} {v}" for v in (CHANGED, NEW, GONE, RENAMED, SAME) if counts[v])
    steps = Counter(e for ch in changes for e in ch.events)
    said = []
    for i in range(1, n):
        if here := [f"{steps[(v, i)]} {v}" for v in (CHANGED, NEW, GONE, RENAMED) if steps[(v, i)]]:
            said.append(f"{_step(i)} {', '.join(here)}")
    if still := sum(not ch.events for ch in changes):
        said.append(f"{still} {SAME}")
    return "; ".join(said)


def _change(ch: SupportChange, n: int) -> str:
    if n == 2 or not ch.events:
        return ch.verdict
    return ", ".join(f"{v} {_step(i)}" for v, i in ch.events)


def _column_renames(changes: Sequence[SupportChange]) -> list[str]:
    """One line per column a version renamed, said once for all the cells followed across it."""
    followed = Counter(r for ch in changes for r in ch.columns)
    return [
        f"Column renamed {_step(i)}: {old or '(unnamed)'!r} -> {new or '(unnamed)'!r} ({k} cells followed across it)"
        for (old, new, i), k in followed.items()
    ]


def _silent(changes: Sequence[SupportChange], n: int) -> list[str]:
    """The revisions after the first with cells that state none (a page whose table moved, or is no longer read)."""
    held = [any(ch.values[i] is not None for ch in changes) for i in range(n)]
    first = held.index(True) if True in held else n
    return [f"R{i + 1}" for i in range(first + 1, n) if not held[i]]
