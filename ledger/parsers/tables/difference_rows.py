"""Rows that state the difference of two other rows ("| fused − stock | −0.6 | +0.7 |", "| Δ | -0.15 |").

A difference row is a change, not a run: its cells are never measured against a baseline row (a -0.15 "below" an
accuracy of 71.2 is no comparison anyone made). Where it names the two rows it is taken between, the one after the
sign is the baseline of the others: "Deferred − immediate" under "Immediate receive" and "Deferred/post-model
receive" says which arm the table measures against, in every column of it."""

from __future__ import annotations

from ledger.parsers.tables.cells import clean
from ledger.vocab.sides import CHANGE_NAME_RE, DIFFERENCE_SIGNS

_MAX_LABEL = 120
_MAX_WORDS = 4
"""The most words a difference row's name of another row is looked up by ("post-model receive path")."""


def _words(label: str) -> list[str]:
    return clean(label)[:_MAX_LABEL].lower().replace("/", " ").split()


def _sides(label: str) -> tuple[str, str] | None:
    """The two names of "A − B" (its candidate and its baseline, lower case), None for any other label."""
    text = clean(label)[:_MAX_LABEL].lower()
    for sign in DIFFERENCE_SIGNS:
        a, found, b = text.partition(sign)
        if found and a.strip() and b.strip():
            return a.strip(), b.strip()
    return None


class DifferenceRows:
    """The difference rows of one table (its row labels read once: every lookup is by a row's first words)."""

    def __init__(self, labels: list[str]) -> None:
        self._by_words: dict[tuple[str, ...], set[str]] = {}
        for label in labels:
            words = _words(label)
            for k in range(1, min(len(words), _MAX_WORDS) + 1):
                self._by_words.setdefault(tuple(words[:k]), set()).add(label)
        self._named = {label: self._pair(label) for label in dict.fromkeys(labels) if label}
        bases = {pair[1] for pair in self._named.values() if pair is not None and pair[0] != pair[1]}
        self.base = bases.pop() if len(bases) == 1 else None
        """The label of the row the table's difference rows are taken against ("Deferred − immediate": the row
        "Immediate receive"), where they agree on one."""

    def _row_named(self, name: str, skip: str) -> str | None:
        """The one label (other than `skip`) that `name` names: the same words, or the label's first words."""
        words = tuple(name.replace("/", " ").split())
        found = self._by_words.get(words, set()) - {skip} if len(words) <= _MAX_WORDS else set()
        return next(iter(found)) if len(found) == 1 else None

    def _pair(self, label: str) -> tuple[str, str] | None:
        sides = _sides(label)
        if sides is None:
            return None
        cand, base = (self._row_named(s, label) for s in sides)
        return (cand, base) if cand is not None and base is not None else None

    def holds(self, label: str) -> bool:
        """The row states a change ("Δ", "diff", "Change (pp)"), or the difference of two other rows it names."""
        return bool(CHANGE_NAME_RE.match(clean(label).strip("* "))) or self._named.get(label) is not None
