"""One support cell across revisions (compare.support_cells): its key, its value in each revision, its verdict and
the steps at which it changed.

A cell is one (engine, backend, subject, feature), names compared letters and digits only, a feature the support
vocabulary knows by its canonical name (cell_key); its value carries the feature's maturity its note gives, so a
step back from Functional to Experimental is a change though both are yes, and the model sizes its row answers
for, so a version that widens "7B - 72B" to "1.8B - 72B" is a change too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ledger.model import Claim
from ledger.vocab.support import feature, name_key
from ledger.vocab.support_maturity import MATURITY_RE
from ledger.vocab.support_scopes import SIZE_KEY

Key = tuple[str, str, str, str]
CHANGED, NEW, GONE, RENAMED, SAME = "changed", "new", "gone", "renamed", "no change"


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
    renamed_at: int | None = None
    """The revision (0-based) whose row name `was` is not: the step it was renamed at is the one into it."""
    columns: list[tuple[str, str, int]] = field(default_factory=list)
    """The column renames the cell was followed across: (old header, new header, revision it is new in)."""
    events: list[tuple[str, int]] = field(default_factory=list)
    """What happened to the cell between each two adjacent revisions: (changed/new/gone/renamed, the newer one)."""
    printed: list[str | None] = field(default_factory=list)
    """The dash each revision's cell printed ("-"), where it printed one: an unexplained dash is the mark a later
    version's legend explains (explained_later)."""

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
            "events": [{"change": e, "from": names[i - 1], "to": names[i]} for e, i in self.events],
            "values": [
                {"revision": names[i], "value": v, "line": self.lines[i]}
                for i, v in enumerate(self.values)
                if v is not None
            ],
        }


def cell_key(c: Claim) -> Key:
    """(engine, backend, subject, feature), each name compared letters and digits only, a feature the support
    vocabulary knows by its canonical name: a version that re-spells a label ("CP" -> "Chunked Prefill",
    "Pooling Models" -> "pooling", an abbreviation spelled out) keeps its cells, never gone and new."""
    backend = (c.config or {}).get("backend")
    return (
        name_key(c.engine or ""),
        name_key(str(backend or "")),
        _name(str(c.subject or ""), c.engine),
        _name(str(c.feature or ""), c.engine),
    )


def _name(printed: str, engine: str | None) -> str:
    named = feature(printed, engine)
    return name_key(named.name if named is not None else printed)


def cell_value(c: Claim) -> str:
    """A cell's value, with the feature's maturity its note gives ("yes (Experimental)"): a step back from
    Functional to Experimental is a change though both are yes (a footnote's wording is none); and with its row's
    model sizes ("yes [7B - 72B]"), so a range that moves is a step of the row's cells."""
    note = (c.note or "").strip()
    value = f"{c.value} ({note})" if note and len(note) <= 40 and MATURITY_RE.fullmatch(note) else str(c.value)
    size = (c.config or {}).get(SIZE_KEY)
    return f"{value} [{size}]" if size else value


def base_value(value: str | None) -> str | None:
    """A cell's yes / no / partial without its maturity and sizes: two columns that agree on it are alike though one
    says Functional where the other says Experimental."""
    return value.split(" (", 1)[0].split(" [", 1)[0] if value is not None else None  # (nor its sizes)


def explained_later(ch: SupportChange) -> None:
    """A dash no legend explained ("-" in v1) read as a later version's legend reads the same dash ('"-" means not
    tested yet' under v2's table): one mark, so a cell "-" in both versions is no change and "-" -> yes is a change
    of the cell, not a new one. In place."""
    for i, mark in enumerate(ch.printed):
        value = ch.values[i]
        if mark is None or value is None or base_value(value) != mark:
            continue
        after = zip(ch.printed[i + 1 :], ch.values[i + 1 :], strict=True)  # (the first version that explains it)
        later = next((v for m, v in after if m == mark and v and base_value(v) != mark), None)
        if later is not None:
            ch.values[i] = str(base_value(later)) + value[len(mark) :]
