"""A page compared by its versions (`compare --by versions`): what a release page's reader asks of it is which
numbers changed, which rows and tables it dropped, which it added, and which stood still.

A series the page stops stating is removed (in the version after its last), one it starts stating is new (in its
first): neither is a value "measured once" by a revision that did not re-run it, as a PR's sections would be.

A version that writes a table's heading without the model ("### FP16" between "### llama2-7b" and "### FP16
llama2-7b") states that table's rows with a key fewer: such a series, stated only where exactly one series of the
same measure and the rest of its setup is not, is that series in that version (its values fill the gap), never a
series of its own that goes "missing", nor one another model's rows are "not comparable" against. So is a row a
version renamed as it set it under a key ("enable_tuning" then "Rounding+tuning" in a section "Results of
V<=1.4.0"), where it is the one such row (join_renamed).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Protocol, TypeVar

from ledger.compare.judge import (
    FEWER_TESTS,
    IMPROVEMENT,
    NEW,
    NOISE,
    NOT_COMPARABLE,
    REGRESSION,
    REMOVED,
    WAIVED,
    Pair,
)
from ledger.compare.keys import Key, claim_key
from ledger.compare.noise import NoiseModel
from ledger.compare.renames import judge_renamed
from ledger.compare.revisions import RevisionRef
from ledger.model import Claim


class Row(Protocol):
    """What is read of a series (compare.align.Row, which imports this module)."""

    key: Key
    variant: str
    cells: list[Claim | None]
    steps: list[Pair]
    overall: Pair | None


R = TypeVar("R", bound=Row)

_Slot = tuple[str, str, str, str, str, tuple[tuple[str, str], ...]]


def is_page_versions(refs: Sequence[RevisionRef]) -> bool:
    """The revisions are one document's versions, each once, oldest first, each its version's whole text (unnamed,
    or under the one release the version says it measured): a page compared by its versions, whose rows and tables
    a later release drops are removed. Never a PR's sections, several documents, or the release sections one
    version keeps (a table it keeps "from release 1.1" is that release's, not re-run by the next)."""
    versions = [r.version for r in refs]
    return (
        len(refs) > 1
        and refs[0].document is not None
        and len({r.document for r in refs}) == 1
        and not any((r.label or r.head) and not r.whole for r in refs)
        and all(a is not None and b is not None and a < b for a, b in itertools.pairwise(versions))
    )


def _stated(row: Row) -> list[int]:
    return [i for i, c in enumerate(row.cells) if c is not None]


def _column(row: Row) -> str:
    c = next((c for c in row.cells if c is not None), None)
    return str(c.config.get("column") or "") if c is not None else ""


def _slot(
    row: Row, config: tuple[tuple[str, str], ...], column: str | None = None, variant: str | None = None
) -> _Slot:
    return (
        row.key.kind,
        row.key.metric,
        row.key.unit,
        row.variant if variant is None else variant,
        _column(row) if column is None else column,
        config,
    )


def fill_gaps(rows: list[R], names: Sequence[str], noise: NoiseModel) -> list[R]:
    """The rows, each series stated with one key fewer only in versions where exactly one series of its measure,
    variant, column and remaining setup is not stated, merged into that series (a series stated on both sides of
    the gap first); steps re-judged. The column may differ where the fuller series' header prints the value of the
    key the other lacks (a header corrected to name it)."""
    fuller: dict[_Slot, list[R]] = {}
    headed: dict[_Slot, list[R]] = {}  # (the same, by no column: the key's value is in the fuller one's header)
    for r in rows:
        config = r.key.config
        if len(config) < 2 or len(config) > 24:
            continue
        for k in range(len(config)):
            fuller.setdefault(_slot(r, config[:k] + config[k + 1 :]), []).append(r)
            if len(config[k][1]) >= 2 and config[k][1] in _column(r).lower():
                headed.setdefault(_slot(r, config[:k] + config[k + 1 :], ""), []).append(r)
    merged: set[int] = set()
    for r in rows:
        # ("llama.cpp (8 experts)" over a column a later version heads "8K (7678)": the header a version corrected
        # now names the prompt's length, 7678, which the series lacked under the typo; one column, one series)
        found = fuller.get(_slot(r, r.key.config)) or headed.get(_slot(r, r.key.config, ""))
        if not found:
            continue
        span = _stated(r)
        fits = [s for s in found if id(s) not in merged and all(s.cells[i] is None for i in span)]
        around = [s for s in fits if min(_stated(s)) < span[0] and max(_stated(s)) > span[-1]]
        pick = around or fits
        if len(pick) != 1:
            continue
        into = pick[0]
        for i in span:
            into.cells[i] = r.cells[i]
        into.steps = _steps(into, names, noise)
        merged.add(id(r))
    return [r for r in rows if id(r) not in merged]


def join_renamed(rows: list[R], names: Sequence[str], noise: NoiseModel) -> list[R]:
    """The rows, a series a version stopped stating joined into the one the next version started stating where that
    version both renamed its row ("enable_tuning" then "Rounding+tuning") and set it under a key the older lacks (a
    section "Results of V<=1.4.0": its release): of one measure and column, the newer setup the older's with one
    key more, each the other's only such partner (the older stated up to the version before the newer's first);
    steps re-judged, the rename said. Two setups that both state a key, with different values, never join, nor
    does a series with two candidates (two release sections holding the row): a guess would hide a removal."""
    olds: dict[tuple[_Slot, int], list[R]] = {}  # (by its setup less nothing, and the version after its last)
    news: dict[tuple[_Slot, int], list[R]] = {}  # (by its setup less each key, and its first version)
    for r in rows:
        config, stated = r.key.config, _stated(r)
        olds.setdefault((_slot(r, config, variant=""), stated[-1] + 1), []).append(r)
        if stated[0] > 0 and 2 <= len(config) <= 24:
            for k in range(len(config)):
                news.setdefault((_slot(r, config[:k] + config[k + 1 :], variant=""), stated[0]), []).append(r)
    gone: set[int] = set()
    for at, ends in olds.items():
        starts = news.get(at, [])
        last = {id(a): _named(a, -1) for a in ends}
        first = {id(b): _named(b, 0) for b in starts}
        # (a row that kept its name as its version renamed the others: "original" in v1 printed "" in v2 and v3)
        kept = [(a, b) for a in ends for b in starts if last[id(a)] == first[id(b)]]
        if len({last[id(a)] for a, _ in kept}) != len(kept):
            continue
        ends = [a for a in ends if all(a is not x for x, _ in kept)]
        starts = [b for b in starts if all(b is not y for _, y in kept)]
        for a, b in kept + (_renamed_pairs(ends, starts, last, first) if ends and starts else []):
            for i in _stated(a):
                b.cells[i] = a.cells[i]
            b.steps = _steps(b, names, noise)
            gone.add(id(a))
    return [r for r in rows if id(r) not in gone]


def _named(row: Row, at: int) -> str:
    """The row name (variant) of a series' first (`at` 0) or last (-1) stated value: what that version called it."""
    c = row.cells[_stated(row)[at]]
    assert c is not None
    return claim_key(c)[1]


def _renamed_pairs(olds: list[R], news: list[R], last: dict[int, str], first: dict[int, str]) -> list[tuple[R, R]]:
    """Each old series with the new one whose row name is its own but for the words the rename changed (the words
    every old name holds, then every new name: "enable tuning" and "baseline enable tuning" as "rounding+tuning"
    and "baseline rounding+tuning"), where that rest is the one of its side; none where any is shared."""
    if len(olds) != len(news) or len(olds) > _FEW:
        return []
    words_o, words_n = [set(last[id(r)].split()) for r in olds], [set(first[id(r)].split()) for r in news]
    common_o, common_n = set.intersection(*words_o), set.intersection(*words_n)
    rest_o = [frozenset(w - common_o) for w in words_o]
    rest_n = [frozenset(w - common_n) for w in words_n]
    if not common_o or not common_n or len(set(rest_o)) != len(olds) or set(rest_o) != set(rest_n):
        return []
    return [(a, news[rest_n.index(rest_o[i])]) for i, a in enumerate(olds)]


def _header_keys(row: Row) -> frozenset[str]:
    """The keys of a series' setup whose values its column's header prints ("engine=llama.cpp" under "llama.cpp (8
    experts)", "isl=7678" under "8K (7678)"): what the header alone set."""
    column = _column(row).lower()
    return frozenset(k for k, v in row.key.config if _printed(v, column))


def _printed(value: str, header: str) -> bool:
    """`value` stands in `header` as a word of its own ("8" in "llama.cpp (8 experts)", never in "8K (7678)")."""
    at = header.find(value) if value else -1
    while at >= 0:
        end = at + len(value)
        if (at == 0 or not _joins(header[at - 1])) and (end == len(header) or not _joins(header[end])):
            return True
        at = header.find(value, at + 1)
    return False


def _joins(c: str) -> bool:
    return c.isalnum() or c in "._"


def join_reheaded(rows: list[R], names: Sequence[str], noise: NoiseModel) -> list[R]:
    """The rows, a column's series whose header a version rewrote joined into one where the number did not move:
    a series stated up to one version under a header that set a key of its setup ("llama.cpp (8 experts)": an
    engine) and one stated from the next version on under another header that sets another ("8K (7678)": the
    prompt's length), of one measure and variant, their setups apart only in keys one of the two headers prints,
    the first's last value the second's first, each the other's only such partner, is the one column the page
    corrected (a typo in a header, never a re-run: the number stands), under its newest header's setup; steps
    re-judged. A number that moved with its header stays two series, removed and new: the page measured another."""
    ends: dict[tuple[_Slot, int, object], list[R]] = {}  # (by the version after its last, and that value)
    starts: dict[tuple[_Slot, int, object], list[R]] = {}  # (by its first version, and that value)
    for r in rows:
        if not _header_keys(r):
            continue
        stated = _stated(r)
        last, first = r.cells[stated[-1]], r.cells[stated[0]]
        assert last is not None and first is not None
        ends.setdefault((_slot(r, (), ""), stated[-1] + 1, last.value), []).append(r)
        starts.setdefault((_slot(r, (), ""), stated[0], first.value), []).append(r)
    gone: set[int] = set()
    for at, olds in ends.items():
        news = starts.get(at, [])
        if not news or len(olds) > _FEW or len(news) > _FEW:
            continue  # (a number many series share at one version: no column of its own to follow)
        fits = [(a, b) for a in olds for b in news if _reheaded(a, b)]
        for a, b in fits:
            if sum(a is x for x, _ in fits) == 1 and sum(b is y for _, y in fits) == 1:
                for i in _stated(a):
                    b.cells[i] = a.cells[i]
                b.steps = _steps(b, names, noise)
                gone.add(id(a))
    return [r for r in rows if id(r) not in gone]


_FEW = 8
"""The series at most one number may end and start at between two versions for its column to be followed."""


def _reheaded(old: Row, new: Row) -> bool:
    """`new` is `old`'s column under another header: each key their setups differ in is one of the headers' own."""
    if _column(old) == _column(new):
        return False
    a, b = dict(old.key.config), dict(new.key.config)
    apart = {k for k in a.keys() | b.keys() if a.get(k) != b.get(k)}
    return bool(apart) and apart <= _header_keys(old) | _header_keys(new)


def _steps(row: Row, names: Sequence[str], noise: NoiseModel) -> list[Pair]:
    stated = _stated(row)
    out: list[Pair] = []
    for a, b in itertools.pairwise(stated):
        oc, nc = row.cells[a], row.cells[b]
        assert oc is not None and nc is not None
        p = judge_renamed(row.key, oc, nc, noise)  # (a series joined across a rename says so)
        p.variant, p.old_rev, p.new_rev = row.variant, names[a], names[b]
        out.append(p)
    return out


def ends_or_starts(row: Row, names: Sequence[str]) -> Pair | None:
    """A series the page stopped stating before its newest version: removed in the version after its last; one it
    started stating after its oldest: new in its first. None for a series stated in the oldest and newest."""
    stated = _stated(row)
    first, last = stated[0], stated[-1]
    if last < len(names) - 1:
        why = where_stated(row, names)
        return Pair(row.key, row.variant, row.cells[last], None, REMOVED, reason=why, old_rev=names[last])
    if first > 0:
        why = where_stated(row, names)
        return Pair(row.key, row.variant, None, row.cells[first], NEW, reason=why, new_rev=names[first])
    return None


def where_stated(row: Row, names: Sequence[str]) -> str:
    """Where a series removed or new ends or starts, in `names` (the versions' names, or their R1..Rn): "removed in
    v3 (stated v1 to v2)", "new in v3"; "" for a series stated in the oldest and newest."""
    stated = _stated(row)
    first, last = stated[0], stated[-1]
    if last < len(names) - 1:
        return f"removed in {names[last + 1]} (stated {names[first]}" + (f" to {names[last]})" if last > first else ")")
    return f"new in {names[first]}" if first > 0 else ""


_LIVED_APART = (REMOVED, NEW, NOT_COMPARABLE)
"""A series stated in some versions only: dropped, added, or set up anew (its successor "not comparable")."""
_WORST_FIRST = (REGRESSION, FEWER_TESTS, WAIVED, IMPROVEMENT, NOISE)


def moved_while_stated(row: Row) -> list[Pair]:
    """The steps a series removed, new or set up anew moved by between two versions that both state it: a rise in
    v2 before v3 dropped the row, a fall after the version it first appeared in. Each version is read against the
    one before it, so the change is said beside the removal, never hidden by it."""
    return [p for p in judged_while_stated(row) if p.verdict in (REGRESSION, IMPROVEMENT)]


def judged_while_stated(row: Row) -> list[Pair]:
    """Every step of a series stated in some versions only, between two versions that both state it, judged as any
    pair is (a move inside its stderr is no significant change): the row's verdict says where it ends or starts,
    its steps what it did while stated."""
    if row.overall is None or row.overall.verdict not in _LIVED_APART:
        return []
    return list(row.steps)


def moves(rows: Sequence[Row]) -> list[str]:
    """One verdict per series stated in some versions only that was judged while stated (a regression where any
    step was one, an improvement where any was, else no significant change): what a page's versions did to the
    series that its removed, new and not-comparable counts would hide."""
    out: list[str] = []
    for r in rows:
        verdicts = {p.verdict for p in judged_while_stated(r)}
        out += [next(v for v in _WORST_FIRST if v in verdicts)] if verdicts & set(_WORST_FIRST) else []
    return out
