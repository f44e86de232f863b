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
CHANGED, NEW, GONE, SAME = "changed", "new", "gone", "no change"
_ORDER = {CHANGED: 0, NEW: 1, GONE: 2, SAME: 3}
Key = tuple[str, str, str, str]


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

    @property
    def label(self) -> str:
        scope = f" ({self.backend})" if self.backend else ""
        return f"{self.subject} · {self.feature}{scope}"

    def to_dict(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "backend": self.backend,
            "subject": self.subject,
            "feature": self.feature,
            "verdict": self.verdict,
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
    for ch in cells.values():
        ch.verdict = _verdict(ch.values)
    return sorted(cells.values(), key=lambda ch: _ORDER[ch.verdict])


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
        said = ", ".join(f"{counts[v]} {v}" for v in (CHANGED, NEW, GONE, SAME) if counts[v])
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
