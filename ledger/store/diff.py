"""What reading a version again changed in its claims: claims matched by where they stand and what they measure
(line, source text, metric, subject, feature, config), then told apart by kind and value."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ledger.db.writes import CLAIM_ROW_COLUMNS

_AT = {name: i for i, name in enumerate(CLAIM_ROW_COLUMNS)}
_PLACE = tuple(_AT[n] for n in ("line", "text", "metric", "subject", "feature", "config"))
_READING = tuple(_AT[n] for n in ("kind", "value", "high", "unit", "outcome"))
_SHOWN = tuple(_AT[n] for n in ("metric", "subject", "feature"))

MAX_DETAILS = 20
"""Changed claims named one by one per version; the rest are counted."""


@dataclass
class Change:
    """The claims of one version before and after."""

    added: int = 0
    removed: int = 0
    changed: int = 0
    """Claims at the same place measuring the same thing, read with another kind or value."""
    details: list[str] = field(default_factory=list)

    @property
    def any(self) -> bool:
        return bool(self.added or self.removed or self.changed)

    def counts(self) -> str:
        return f"+{self.added} -{self.removed} ~{self.changed}"


def _label(row: Sequence[Any]) -> str:
    what = " ".join(str(row[i]) for i in _SHOWN if row[i] not in (None, ""))
    return f"line {row[_AT['line']]}: {what}"


def _reading(row: Sequence[Any]) -> str:
    value, high, unit = row[_AT["value"]], row[_AT["high"]], row[_AT["unit"]]
    shown = "" if value is None else str(value)
    if high is not None:
        shown += f"-{high}"
    if unit:
        shown += f" {unit}"
    outcome = row[_AT["outcome"]]
    return f"{row[_AT['kind']]} {shown or outcome or ''}".strip()


def claim_changes(old: Sequence[Sequence[Any]], new: Sequence[Sequence[Any]]) -> Change:
    """Claims (claims-table rows, CLAIM_ROW_COLUMNS) of a version as stored and as read again."""
    before: dict[tuple[Any, ...], list[Sequence[Any]]] = defaultdict(list)
    for row in old:
        before[tuple(row[i] for i in _PLACE)].append(row)
    out = Change()

    def note(text: str) -> None:
        if len(out.details) < MAX_DETAILS:
            out.details.append(text)

    for row in new:
        same_place = before.get(tuple(row[i] for i in _PLACE))
        if not same_place:
            out.added += 1
            note(f"+ {_label(row)} {_reading(row)}")
            continue
        reading = tuple(row[i] for i in _READING)
        match = next((k for k, o in enumerate(same_place) if tuple(o[i] for i in _READING) == reading), None)
        if match is not None:
            same_place.pop(match)
            continue
        was = same_place.pop(0)
        out.changed += 1
        note(f"~ {_label(row)} {_reading(was)} -> {_reading(row)}")
    for rows in before.values():
        for row in rows:
            out.removed += 1
            note(f"- {_label(row)} {_reading(row)}")
    return out
