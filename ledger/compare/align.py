"""Alignment: which claim of one revision is which claim of another, and the series across many."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from ledger.compare.branches import main_line, stated_base
from ledger.compare.judge import (
    AMBIGUOUS,
    IMPROVEMENT,
    INSUFFICIENT,
    MISSING,
    NEW,
    NOISE,
    NOT_COMPARABLE,
    REGRESSION,
    REMOVED,
    WAIVED,
    Pair,
    implausible,
    judge,
    waived_failures,
)
from ledger.compare.keys import COMPARED_KINDS, Key, claim_key
from ledger.compare.noise import NoiseModel, Threshold
from ledger.compare.outcomes import mark_waived
from ledger.compare.page_versions import (
    ends_or_starts,
    fill_gaps,
    join_reheaded,
    join_renamed,
    moved_while_stated,
)
from ledger.compare.pair_fit import best_candidate, pair_equal
from ledger.compare.renames import judge_renamed
from ledger.compare.revisions import Snapshot
from ledger.compare.setup_distance import beyond_model, may_restate, restated, setup_difference, setup_distance
from ledger.compare.trials import (
    AMBIGUOUS_REASON,
    TWINS_PAIRED,
    count_twins,
    folded_run_groups,
    pair_twins,
)
from ledger.model import Claim
from ledger.vocab.metrics import RUN_ID_RE
from ledger.vocab.name_hints import config_hints
from ledger.vocab.text import clean_name

T = TypeVar("T")


@dataclass
class _Item:
    key: Key
    variant: str
    claim: Claim
    rev: str
    twins: int = 1
    """How many values of its revision share its key, variant and column, nothing telling them apart."""


def items_of(snap: Snapshot, with_revision_variant: bool = False) -> list[_Item]:
    out: list[_Item] = []
    for c in mark_waived(snap.claims):
        if c.kind not in COMPARED_KINDS:
            continue
        key, variant = claim_key(c)
        if implausible(c, key):
            continue
        if with_revision_variant and c.revision is not None and c.revision.label:
            variant = (clean_name(c.revision.label) + " | " + variant).strip()
        out.append(_Item(key, variant, c, snap.ref.name))
    return out


def runs_as_one(items: list[_Item]) -> list[_Item]:
    """ "Main branch (3 trials):" and three throughput lines: one series per side, its mean with the runs' spread
    (their standard error, which sets the noise threshold), not trial 1 against trial 1 (compare.trials)."""
    out: list[_Item] = []
    for group, claim in folded_run_groups(items, lambda it: it.claim, lambda it: (it.key, it.variant)):
        first = group[0]
        out.append(first if claim is first.claim else _Item(first.key, first.variant, claim, first.rev))
    for it, n in zip(
        out, count_twins(out, lambda it: (it.key, it.variant, it.claim.config.get("column"))), strict=True
    ):
        it.twins = n  # (values of one series that are no runs: ambiguous, never averaged; compare.trials)
    return out


def _residual(variant: str) -> str:
    return variant.split(" | ", 1)[-1]


MAX_FUZZY_PAIRS = 40_000
"""Above this many old x new candidates in one key, word-overlap pairing is skipped (exact passes still run)."""


def _cell_address(it: _Item) -> str:
    """A table cell's variant and column: a column names what the metric and setup may not ("alpha-8b kv fp8" where
    no model is known), so a group of columns inserted between versions does not shift the cells after it onto
    another column's. A claim of no column (prose) has an address no other claim shares: it pairs as it always did."""
    column = it.claim.config.get("column")
    return f"{it.variant}\x00{column}" if column else f"\x01{id(it)}"


def _match_group(olds: list[_Item], news: list[_Item]) -> tuple[list[tuple[_Item, _Item]], list[_Item], list[_Item]]:
    """Pair the claims of one key: same variant under the same column, then same variant, then same residual, then
    shared words, then a lone pair."""
    # (a twin pairs by its variant alone: a column its twins lack names no other measure, "MMMU 56.3; 59.1 with X"
    # then a table's "MMMU | result | 59.7")
    pairs, (lo, ln), twins = pair_twins(
        list(olds),
        list(news),
        lambda it: it.twins,
        lambda it: it.variant,
        lambda a, cands: best_candidate(a, cands, lambda it: it.claim),
    )
    for label in (_cell_address, lambda it: it.variant, lambda it: _residual(it.variant)):
        lo, ln = pair_equal(lo, ln, label, lambda it: it.claim, pairs)
    if lo and ln and len(lo) * len(ln) <= MAX_FUZZY_PAIRS:
        scored = []
        words_n = [set(_residual(b.variant).split()) for b in ln]
        for i, a in enumerate(lo):
            wa = set(_residual(a.variant).split())
            if not wa:
                continue
            for j, wb in enumerate(words_n):
                common = len(wa & wb)
                if common and not _other_scheme(wa, wb):
                    scored.append((-common, i + j, i, j))
        used_o: set[int] = set()
        used_n: set[int] = set()
        for _s, _t, i, j in sorted(scored):
            if i not in used_o and j not in used_n:
                used_o.add(i)
                used_n.add(j)
                pairs.append((lo[i], ln[j]))
        lo = [a for i, a in enumerate(lo) if i not in used_o]
        ln = [b for j, b in enumerate(ln) if j not in used_n]
    if len(lo) == 1 and len(ln) == 1 and not _other_scheme(set(lo[0].variant.split()), set(ln[0].variant.split())):
        pairs.append((lo[0], ln[0]))
        lo, ln = [], []
    return pairs, lo + twins[0], ln + twins[1]


_SCHEME_RE = re.compile(r"\d{1,2}x\d{1,2}(?:g\d{1,3})?")
"""A quantizer's codebook scheme in a row's name ("1x16", "2x8g8"): codebooks x bits, per group."""


def _other_scheme(a: set[str], b: set[str]) -> bool:
    """Two row names that each hold a codebook scheme, not the same one ("1x15" and "1x16"): two checkpoints of one
    model, never one series whose value changed (the scheme may sit in the name alone, under a bare "Scheme")."""
    sa, sb = {w for w in a if _SCHEME_RE.fullmatch(w)}, {w for w in b if _SCHEME_RE.fullmatch(w)}
    return bool(sa) and bool(sb) and sa != sb


def _group(items: Iterable[_Item]) -> dict[Key, list[_Item]]:
    out: dict[Key, list[_Item]] = {}
    for it in items:
        out.setdefault(it.key, []).append(it)
    return out


def _name_words(metric: str | None) -> frozenset[str]:
    _, rest = config_hints(clean_name(metric or ""))
    rest = RUN_ID_RE.sub(" ", rest)
    return frozenset(
        w
        for w in re.split(r"[^a-z0-9.]+", rest)
        if len(w) > 1 and w not in ("test", "tests", "the", "with", "and", "of", "on", "py")
    )


def _pair_renamed(
    left_old: list[_Item], left_new: list[_Item], pairs: list[Pair], noise: NoiseModel
) -> tuple[list[_Item], list[_Item]]:
    if len(left_old) * len(left_new) > MAX_FUZZY_PAIRS:
        return left_old, left_new
    used: set[int] = set()
    rest_old: list[_Item] = []
    for a in left_old:
        wa = _name_words(a.claim.metric)
        hit = None
        if a.key.kind == "gate" and len(wa) >= 2:
            for j, b in enumerate(left_new):
                if j in used or b.key.kind != a.key.kind or b.key.config != a.key.config:
                    continue
                wb = _name_words(b.claim.metric)
                if len(wb) >= 2 and (wa <= wb or wb <= wa):
                    hit = j
                    break
        if hit is None:
            rest_old.append(a)
            continue
        used.add(hit)
        b = left_new[hit]
        p = judge(a.key, a.claim, b.claim, noise)
        p.variant, p.old_rev, p.new_rev = _residual(a.variant), a.rev, b.rev
        p.reason = (p.reason + "; " if p.reason else "") + f"renamed: {b.key.metric!r}"
        pairs.append(p)
    return rest_old, [b for j, b in enumerate(left_new) if j not in used]


def compare(
    old: Snapshot, new: Snapshot, noise: NoiseModel | None = None, match_revision_labels: bool = True
) -> list[Pair]:
    """Align two snapshots and judge every pair, lone claim and mismatched configuration."""
    noise = noise or NoiseModel()
    go = _group(runs_as_one(items_of(old, match_revision_labels)))
    gn = _group(runs_as_one(items_of(new, match_revision_labels)))
    pairs: list[Pair] = []
    left_old: list[_Item] = []
    left_new: list[_Item] = []
    for key in list(dict.fromkeys([*go, *gn])):
        matched, lo, ln = _match_group(go.get(key, []), gn.get(key, []))
        for a, b in matched:
            p = judge_renamed(key, a.claim, b.claim, noise)
            p.variant = _residual(b.variant) or _residual(a.variant)
            p.old_rev, p.new_rev = a.rev, b.rev
            if (n := max(a.twins, b.twins)) > 1:
                p.reason = "; ".join(x for x in (p.reason, TWINS_PAIRED.format(n=n)) if x)
            pairs.append(p)
        left_old.extend(lo)
        left_new.extend(ln)
    for it, is_old in [*((a, True) for a in left_old if a.twins > 1), *((b, False) for b in left_new if b.twins > 1)]:
        old_c, new_c = (it.claim, None) if is_old else (None, it.claim)
        why = AMBIGUOUS_REASON.format(n=it.twins, rev=it.rev)
        old_rev, new_rev = (it.rev, None) if is_old else (None, it.rev)
        pairs.append(
            Pair(it.key, _residual(it.variant), old_c, new_c, AMBIGUOUS, reason=why, old_rev=old_rev, new_rev=new_rev)
        )
    left_old, left_new = [a for a in left_old if a.twins == 1], [b for b in left_new if b.twins == 1]
    # The same check named two ways ("test_mtp3_long_context_passkey", "long-context passkey, MTP3 with
    # IndexShare"): gates of one configuration whose name words contain the other's (not test runs: "-m cpu_only").
    left_old, left_new = _pair_renamed(left_old, left_new, pairs, noise)
    # Same metric, different configuration: say so instead of "missing" + "new" (a key stated on one side only is
    # a different setup too); never judged. Where other series of the metric kept their setup, only a restatement
    # of one setting pairs (see restated).
    kept = {p.key.base() for p in pairs}
    matched_n, still_old, left_new = nearest_setups(
        left_old,
        left_new,
        lambda it: it.key,
        lambda it: it.variant,
        lambda a, b: a.key.base() not in kept or restated(a.key, b.key),
    )
    for a, b in matched_n:
        pairs.append(
            Pair(
                a.key,
                _residual(a.variant),
                a.claim,
                b.claim,
                NOT_COMPARABLE,
                reason=setup_difference(a.key, b.key, a.rev, b.rev),
                old_rev=a.rev,
                new_rev=b.rev,
                other_key=b.key,
            )
        )
    by_base_new: dict[tuple[str, str], list[_Item]] = {}
    for it in left_new:
        by_base_new.setdefault(it.key.base(), []).append(it)
    for a in still_old:
        pairs.append(
            Pair(
                a.key, _residual(a.variant), a.claim, None, MISSING, reason="present before, absent now", old_rev=a.rev
            )
        )
    for items in by_base_new.values():
        for b in items:
            pairs.append(Pair(b.key, _residual(b.variant), None, b.claim, NEW, reason="absent before", new_rev=b.rev))
    return pairs


@dataclass
class Row:
    """One comparable series across the revisions: its values, steps and overall verdict."""

    key: Key
    variant: str
    cells: list[Claim | None]
    """One entry per revision (oldest first); None where the revision does not state it."""
    steps: list[Pair] = field(default_factory=list)
    """Verdicts between consecutive revisions that state the value."""
    branches: list[Pair] = field(default_factory=list)
    """Verdicts of PR builds off the main line, each against its base build (compare.branches)."""
    overall: Pair | None = None
    """Earliest versus latest stated value (or new / missing)."""
    twins: int = 1
    """How many values of its first revision share its series, nothing telling them apart (ambiguous where alone)."""

    def moved(self) -> Pair | None:
        """The step where the value moved as the overall verdict says (the largest of the steps judged so): where a
        reader finds the change, rather than the newest revision, where it may only stand still. None when no step
        was judged so (small steps adding up)."""
        verdict = self.overall.verdict if self.overall is not None else None
        steps = [p for p in self.steps if p.verdict == verdict and p.new is not None]
        return max(steps, key=lambda p: abs(p.delta_pct if p.delta_pct is not None else p.delta or 0.0), default=None)

    def turns(self) -> list[Pair]:
        """The steps that moved while the first-against-last verdict does not say so: a value that fell in one
        version and came back in the next is within noise overall, and a reader of a release page still wants
        to see the version it fell in; so does a fall the later versions more than made up for. (A partial
        recovery after a regression is the regression's own story: its step is cited by `moved`.)"""
        overall = self.overall.verdict if self.overall is not None else None
        if overall in (REMOVED, NEW, NOT_COMPARABLE):
            return moved_while_stated(self)  # (its moves before it was dropped or set up anew, or after it was added)
        if overall == NOISE:
            return [p for p in self.steps if p.verdict in (REGRESSION, IMPROVEMENT)]
        return [p for p in self.steps if p.verdict == REGRESSION] if overall == IMPROVEMENT else []


def compare_series(snapshots: Sequence[Snapshot], noise: NoiseModel | None = None, versions: bool = False) -> list[Row]:
    """Line up every comparable series across snapshots (oldest first) and judge each step. `versions`: the
    snapshots are a page's versions (compare.page_versions): a series it stops stating is removed, one it starts
    stating new, and one a version states with a key fewer fills the gap of the series it is."""
    noise = noise or NoiseModel()
    rows: list[Row] = []
    last: list[_Item] = []  # the latest item of each row, parallel to rows
    n = len(snapshots)
    branch = [s.ref.branch for s in snapshots]
    for idx, snap in enumerate(snapshots):
        if branch[idx]:
            continue  # (a PR build off the main line: set against its base below, never the nightly line's next point)
        items = runs_as_one(items_of(snap))
        by_key = _group(items)
        rows_by_key: dict[Key, list[int]] = {}
        for ri, it in enumerate(last):
            rows_by_key.setdefault(it.key, []).append(ri)
        for key, group in by_key.items():
            prev = [last[ri] for ri in rows_by_key.get(key, [])]
            matched, _lo, unmatched = _match_group(prev, group)
            for a, b in matched:
                ri = next(i for i in rows_by_key[key] if last[i] is a)
                row = rows[ri]
                p = judge_renamed(key, a.claim, b.claim, noise)
                p.variant, p.old_rev, p.new_rev = row.variant, a.rev, b.rev
                row.steps.append(p)
                row.cells[idx] = b.claim
                row.twins = max(row.twins, b.twins)
                last[ri] = b
            for b in unmatched:
                cells: list[Claim | None] = [None] * n
                cells[idx] = b.claim
                rows.append(Row(key, b.variant, cells, twins=b.twins))
                last.append(b)
    names = [s.ref.name for s in snapshots]
    for idx in (i for i, b in enumerate(branch) if b):
        _branch_off(rows, snapshots, idx, noise)
    rows = join_renamed(join_reheaded(fill_gaps(rows, names, noise), names, noise), names, noise) if versions else rows
    rows = _join_setups(rows, names, versions)
    for row in rows:
        if row.overall is None and versions:
            row.overall = ends_or_starts(row, names)
        if row.overall is not None:
            continue
        stated = main_line(branch, row.cells)
        first, latest = stated_base(row.cells, stated), stated[-1]
        fc, lc = row.cells[first], row.cells[latest]
        assert fc is not None and lc is not None
        if first == latest and row.twins > 1:
            why = AMBIGUOUS_REASON.format(n=row.twins, rev=names[first])
            row.overall = Pair(row.key, row.variant, None, lc, AMBIGUOUS, reason=why, new_rev=names[first])
            continue
        if first == latest:
            if latest == n - 1 and n > 1 and waived_failures(lc):
                row.overall = Pair(
                    row.key,
                    row.variant,
                    None,
                    lc,
                    WAIVED,
                    Threshold(0.0, "waived", "waived"),
                    reason=lc.outcome_text or "waived",
                    new_rev=names[latest],
                )
            elif latest == n - 1 and n > 1 and _failing(lc):
                basis = "outcome" if lc.kind == "gate" else "failed count"
                row.overall = Pair(
                    row.key,
                    row.variant,
                    None,
                    lc,
                    REGRESSION,
                    Threshold(0.0, basis, basis),
                    reason="a new failure",
                    new_rev=names[latest],
                )
            elif latest == n - 1 and n > 1:
                row.overall = Pair(
                    row.key, row.variant, None, lc, NEW, reason="only in the newest revision", new_rev=names[latest]
                )
            elif n > 1:
                row.overall = Pair(
                    row.key, row.variant, fc, None, MISSING, reason=f"only in {names[first]}", old_rev=names[first]
                )
            else:
                row.overall = Pair(
                    row.key, row.variant, fc, None, INSUFFICIENT, reason="one revision only", old_rev=names[first]
                )
            continue
        p = judge_renamed(row.key, fc, lc, noise)
        p.variant, p.old_rev, p.new_rev = row.variant, names[first], names[latest]
        if row.twins > 1:  # (the same sweep stated again in each revision, its settings unread: paired by its order)
            p.reason = "; ".join(x for x in (p.reason, TWINS_PAIRED.format(n=row.twins)) if x)
        row.overall = p
    return rows


def _branch_off(rows: list[Row], snapshots: Sequence[Snapshot], idx: int, noise: NoiseModel) -> None:
    """A PR build's values beside the main line's rows: each in the row of its series, judged against the value its
    base build states there (a step of the branch, apart from the main line's steps); a series only it states is a
    row of its own."""
    snap, n = snapshots[idx], len(snapshots)
    base = next((i for i, s in enumerate(snapshots) if s.ref.name == snap.ref.branch_base), None)
    for b in runs_as_one(items_of(snap)):
        row = next((r for r in rows if r.key == b.key and r.variant == b.variant and r.cells[idx] is None), None)
        if row is None:
            rows.append(Row(b.key, b.variant, [b.claim if i == idx else None for i in range(n)], twins=b.twins))
            continue
        row.cells[idx] = b.claim
        if base is not None and (old := row.cells[base]) is not None:
            p = judge_renamed(row.key, old, b.claim, noise)
            p.variant, p.old_rev, p.new_rev = row.variant, snapshots[base].ref.name, snap.ref.name
            row.branches.append(p)


def _failing(c: Claim) -> bool:
    """A gate that fails or a test run with failures: new in the newest revision, it is a regression."""
    return (c.kind == "gate" and c.outcome == "fail") or (c.kind == "tests" and bool(c.failed))


def nearest_setups(
    olds: Sequence[T],
    news: Sequence[T],
    key: Callable[[T], Key],
    variant: Callable[[T], str],
    allowed: Callable[[T, T], bool] | None = None,
) -> tuple[list[tuple[T, T]], list[T], list[T]]:
    """Leftovers of one metric on each side paired by the nearest setups (compare.setup_distance; then equal
    variant, then document order), each at most once: what "not comparable" rows are made of. Returns the pairs and
    the rest. Never two models (but for a measure rerun on another model alone), and never two of different variants
    (less the words each one's model says): a variant tells what was measured apart ("perplexity {ptb}" beside a
    Wikitext2 perplexity), so such a pair would be two measures, and its reason could name no key that says so."""
    by_base: dict[tuple[str, str], list[int]] = {}
    for j, b in enumerate(news):
        by_base.setdefault(key(b).base(), []).append(j)
    scored: list[tuple[bool, int, int, bool, bool, int, int, int]] = []
    for i, a in enumerate(olds):
        for j in by_base.get(key(a).base(), [])[:64]:
            b, ka, kb = news[j], key(a), key(news[j])
            if (allowed is not None and not allowed(a, b)) or not may_restate(ka, kb):
                continue
            if beyond_model(_residual(variant(a)), ka) != beyond_model(_residual(variant(b)), kb):
                continue
            scored.append((*setup_distance(ka, kb), variant(a) != variant(b), i + j, i, j))
    used_o: set[int] = set()
    used_n: set[int] = set()
    pairs: list[tuple[T, T]] = []
    for *_, i, j in sorted(scored):
        if i not in used_o and j not in used_n:
            used_o.add(i)
            used_n.add(j)
            pairs.append((olds[i], news[j]))
    return (
        pairs,
        [a for i, a in enumerate(olds) if i not in used_o],
        [b for j, b in enumerate(news) if j not in used_n],
    )


def _join_setups(rows: list[Row], names: Sequence[str], versions: bool = False) -> list[Row]:
    """Series of one metric that no revision states twice, with different setups: a series that stops is judged
    "not comparable" against the one nearest in setup that starts after it, naming the setup keys that differ (a
    key stated on one side only is a difference: "gpu=b200 stated only in v2"), instead of "missing". The two stay
    two rows, each with its own values: a row never holds the values of two setups. A page's versions (`versions`)
    whose other series of the metric kept their setups name their rows by setup: one that stops is removed, never
    another's restatement."""

    def span(r: Row) -> tuple[int, int]:
        stated = [i for i, c in enumerate(r.cells) if c is not None]
        return stated[0], stated[-1]

    n = len(names)
    ending = [r for r in rows if span(r)[1] < n - 1 and r.twins == 1]
    starting = [r for r in rows if span(r)[0] > 0 and r.twins == 1]
    by_base: dict[tuple[str, str], list[Row]] = {}
    for r in rows:
        by_base.setdefault(r.key.base(), []).append(r)
    crossed: dict[tuple[tuple[str, str], int, int], bool] = {}

    def kept(base: tuple[str, str], i: int, j: int) -> bool:
        """Whether a series of the metric is stated in both revisions i and j: then the text names its series by
        their setups, and one that stops at i pairs with one that starts at j only as its restatement."""
        if (base, i, j) not in crossed:
            crossed[base, i, j] = any(r.cells[i] is not None and r.cells[j] is not None for r in by_base[base])
        return crossed[base, i, j]

    joined, _, _ = nearest_setups(
        ending,
        starting,
        lambda r: r.key,
        lambda r: r.variant,
        lambda a, b: (
            b is not a
            and a.key != b.key
            and span(b)[0] > span(a)[1]
            and (not kept(a.key.base(), span(a)[1], span(b)[0]) or (not versions and restated(a.key, b.key)))
        ),
    )
    for a, b in joined:
        a_last, b_first = span(a)[1], span(b)[0]
        oc, nc = a.cells[a_last], b.cells[b_first]
        assert oc is not None and nc is not None
        a.overall = Pair(
            a.key,
            a.variant,
            oc,
            nc,
            NOT_COMPARABLE,
            reason=setup_difference(a.key, b.key, names[a_last], names[b_first]),
            old_rev=names[a_last],
            new_rev=names[b_first],
            other_key=b.key,
        )
    return rows
