"""Repeated runs of one series: a side measured three times is one value with a spread, never trial 1 against trial 1.

The runs stand on nearby lines with one key and variant: a paste's "Request throughput (req/s): 12.31" three times
under "Main branch (3 trials):", a table's rows "run 1".."run 3" or its "Trial" column (vocab.setup_keys.RUN_ID_KEYS,
no setup), or a list on one line, "Main (3 trials): mmlu 0.5521, 0.5608, 0.5577". On one line several values of one
key may as well be settings no reader named ("100, 180, 320 tok/s" for TP 1, 2, 4), and so may values on nearby
lines ("128K: TTFT -3.1%" .. "1M: TTFT -30.7%" with the lengths unread): they are runs only where the line, its side,
its cells or its lead-in say so (parsers.grammar.declared_repeats numbers those as `trial`). Runs are their mean
("mean of 3 repeats"), its standard error setting the noise threshold; a run paired with its own base run (a table's
main and PR columns over trial rows) is a check of the mean against the base runs' mean, each with its spread.
Values of one series that are not runs are ambiguous: listed each, never averaged, paired by position only with as
many of the other revision's (the same sweep stated again), else judged against nothing (count_twins).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from ledger.model import Claim
from ledger.vocab.metrics import RUN_NAME_RE
from ledger.vocab.run_stats import MEAN_ALONE_RE
from ledger.vocab.setup_keys import RUN_ID_KEYS, canonical_key_name

T = TypeVar("T")
H = TypeVar("H", bound=Hashable)

MAX_RUN_GAP = 3
"""Repeated runs stand on nearby lines: claims of one series further apart than this are separate results, unless
each is numbered as a different run (_numbered_apart)."""
MAX_RUNS = 50


def _says_repeats(c: Claim) -> bool:
    """The claim's line, side or cell names it one of repeated runs ("3 trials", "run 2", a "Trial" column)."""
    if any(canonical_key_name(k) in RUN_ID_KEYS for k in c.config):
        return True  # (a "Trial" column, or "Run" or "#" over 1..3: the table keys its index as a run id)
    texts = [c.source.text[:300], (c.revision.label or "") if c.revision else ""]
    texts += [str(v)[:100] for k, v in c.config.items() if k in ("row", "column")]
    return any(RUN_NAME_RE.search(t) for t in texts if t)


def _are_runs(claims: Sequence[Claim], means: dict[int, list[Claim]]) -> bool:
    """Nearby values of one series that the text calls runs. Values alike on nearby lines are not runs by being
    alike: "128K: TTFT -3.1%" .. "1M: TTFT -30.7%" with the lengths unread are four setups, and their mean no value."""
    if not (2 <= len(claims) <= MAX_RUNS) or any(c.kind == "gate" or not isinstance(c.value, float) for c in claims):
        return False
    if _samples_of_stated_mean(claims, means):
        return True
    lines = [c.source.line for c in claims]
    if any(b < a for a, b in itertools.pairwise(lines)):
        return False
    if any(b - a > MAX_RUN_GAP for a, b in itertools.pairwise(lines)) and not _numbered_apart(claims):
        return False
    return all(_says_repeats(c) for c in claims)


def _stated_means(claims: Sequence[Claim]) -> dict[int, list[Claim]]:
    """Each line's values named by the averaging word alone (a table's "mean" cell: vocab.run_stats.MEAN_ALONE_RE)."""
    out: dict[int, list[Claim]] = {}
    for c in claims:
        name = str(c.config.get("column") or c.metric or "").strip()
        if isinstance(c.value, float) and MEAN_ALONE_RE.fullmatch(name[:80]) is not None:
            out.setdefault(c.source.line, []).append(c)
    return out


def _stated_mean_of(claims: Sequence[Claim], means: dict[int, list[Claim]]) -> Claim | None:
    """ "| 0.6.3 | 0.802 | 0.412 | 0.808, 0.808, 0.793, ... |": values of one series listed in one row (or line) that
    states their mean beside them, the mean within their range as a mean of them must be: the runs that mean sums up,
    never each a result of its own to pair by position with the other side's. The stated mean, else None."""
    line = claims[0].source.line
    if line not in means or any(c.source.line != line for c in claims) or len(claims) < 2:
        return None
    nums = [float(c.value) for c in claims if isinstance(c.value, float)]
    return next((m for m in means[line] if min(nums) <= float(m.value or 0) <= max(nums) and m not in claims), None)


def _samples_of_stated_mean(claims: Sequence[Claim], means: dict[int, list[Claim]]) -> bool:
    return _stated_mean_of(claims, means) is not None


def _numbered_apart(claims: Sequence[Claim]) -> bool:
    """Each value numbered as a different run of its side ("Before, run 1:" .. "Before, run 3:" each over its own
    paste): the runs of one series however far apart their pastes stand, where unnumbered values must be near."""
    ids = [next((str(v) for k, v in c.config.items() if canonical_key_name(k) in RUN_ID_KEYS), None) for c in claims]
    return None not in ids and len(set(ids)) == len(ids)


def _carried(c: Claim) -> dict[str, object]:
    """What a claim says, less where it says it."""
    return c.model_dump(exclude={"source"})


def without_restatements(items: Sequence[T], claim: Callable[[T], Claim], series: Callable[[T], Hashable]) -> list[T]:
    """The items less each that restates an earlier one of its series word for word (a headline row a details table
    opens with again): one value stated twice, not two values nothing tells apart. A restatement carries all its
    original does (value, stderr, reference, metric and setup as printed, side) on a line neither the original's nor
    its neighbour: a second table or a summary, never the next entry of one list, where two equal values may be two
    settings the reader missed. Two different values of one setup stay two (ambiguous: count_twins)."""
    kept: dict[Hashable, list[tuple[int, dict[str, object]]]] = {}
    first: dict[Hashable, Claim] = {}
    out: list[T] = []
    for it in items:
        c, key = claim(it), series(it)
        if key not in first:  # (most series hold one value: nothing to compare, nothing dumped)
            first[key] = c
            out.append(it)
            continue
        earlier = kept.setdefault(key, [(first[key].source.line, _carried(first[key]))])
        said = _carried(c)
        if any(abs(c.source.line - line) > 1 and said == d for line, d in earlier[:MAX_RUNS]):
            continue
        earlier.append((c.source.line, said))
        out.append(it)
    return out


def distinct_run_groups(
    items: Sequence[T], claim: Callable[[T], Claim], series: Callable[[T], Hashable]
) -> list[list[T]]:
    """run_groups over the items less their word-for-word restatements (without_restatements)."""
    return run_groups(without_restatements(items, claim, series), claim, series)


def run_groups(items: Sequence[T], claim: Callable[[T], Claim], series: Callable[[T], Hashable]) -> list[list[T]]:
    """The items grouped by series where a series' items are repeated runs (see the module), each other item alone;
    in the order of each group's first item."""
    groups: dict[Hashable, list[T]] = {}
    for it in items:
        groups.setdefault(series(it), []).append(it)
    means = _stated_means([claim(it) for it in items]) if len(groups) < len(items) else {}
    out: list[list[T]] = []
    for group in groups.values():
        if _are_runs([claim(it) for it in group], means):
            out.append(group)
        else:
            out.extend([it] for it in group)
    first = {id(it): i for i, it in enumerate(items)}
    return sorted(out, key=lambda g: first[id(g[0])])


def folded_run_groups(
    items: Sequence[T], claim: Callable[[T], Claim], series: Callable[[T], Hashable]
) -> list[tuple[list[T], Claim]]:
    """distinct_run_groups, each with the one claim it stands for: a lone value's own, a side's runs' mean
    (mean_of_runs), and a row's stated mean the runs beside it sum up ("| 0.802 | 0.412 | 0.808, 0.808, ... |") that
    mean as stated, with their count, range and standard error: the series' centre with its runs, which then are no
    series of their own (one row, not a "mean" row and a "scores" row judged apart)."""
    groups = distinct_run_groups(items, claim, series)
    means = _stated_means([claim(it) for it in items]) if any(len(g) > 1 for g in groups) else {}
    alone = {id(claim(g[0])) for g in groups if len(g) == 1}  # (a stated mean is a value of its own series)
    runs_of: dict[int, list[Claim]] = {}
    folded: set[int] = set()
    for k, g in enumerate(groups):
        runs = [claim(it) for it in g]
        if len(g) > 1 and (m := _stated_mean_of(runs, means)) is not None and id(m) in alone and id(m) not in runs_of:
            runs_of[id(m)] = runs
            folded.add(k)
    out: list[tuple[list[T], Claim]] = []
    for k, g in enumerate(groups):
        c = claim(g[0])
        if k in folded:
            continue  # (said by its stated mean's row: n, range and standard error beside the mean)
        if len(g) == 1 and id(c) in runs_of:
            out.append((g, _with_runs(c, runs_of[id(c)])))
        else:
            out.append((g, c if len(g) == 1 else mean_of_runs([claim(it) for it in g])[0]))
    return out


def _with_runs(mean: Claim, runs: Sequence[Claim]) -> Claim:
    """The stated mean with the runs it sums up: their count and values (runs_spread), and their standard error where
    the text states none of the mean's own."""
    nums = [float(c.value) for c in runs if isinstance(c.value, float)]
    se = _mean_se(nums)[1]
    listed = ", ".join(f"{v:g}" for v in nums)
    return mean.model_copy(
        update={
            "stderr": mean.stderr if mean.stderr is not None else se,
            "printed": f"mean of {len(nums)} repeats ({listed})",
        }
    )


def _mean_se(nums: Sequence[float]) -> tuple[float, float]:
    mean = sum(nums) / len(nums)
    sd = (sum((v - mean) ** 2 for v in nums) / (len(nums) - 1)) ** 0.5
    return mean, sd / len(nums) ** 0.5


def mean_of_runs(runs: Sequence[Claim], with_reference: bool = False) -> tuple[Claim, float | None]:
    """The runs as one claim, their mean with its standard error (and, `with_reference` and every run paired with its
    base run, the base runs' mean as its reference), and the standard error of that reference mean (else None)."""
    nums = [float(c.value) for c in runs if isinstance(c.value, float)]
    mean, se = _mean_se(nums)
    refs = [c.reference for c in runs if isinstance(c.reference, float)]
    ref, ref_se = _mean_se(refs) if with_reference and len(refs) == len(runs) else (None, None)
    claim = runs[0].model_copy(
        update={
            "value": mean,
            "high": None,
            "stderr": se,
            "reference": ref,
            "printed": f"mean of {len(nums)} repeats ({', '.join(f'{v:g}' for v in nums)})",
        }
    )
    return claim, ref_se


def runs_as_points(items: Sequence[tuple[H, Claim]]) -> list[tuple[H, Claim]]:
    """One revision's values of a trend by their series: a series' repeated runs one value, their mean with its
    standard error (what compare judges, so trend and compare give one verdict), every other value as it is. A
    side's run is never a point of its own, nor run k of one revision the next point after run k of the one before."""
    out: list[tuple[H, Claim]] = []
    for group in distinct_run_groups(items, lambda it: it[1], lambda it: it[0]):
        out.append(group[0] if len(group) == 1 else (group[0][0], mean_of_runs([c for _, c in group])[0]))
    return out


AMBIGUOUS_REASON = "{n} values of this series in {rev} that the text does not tell apart: listed, not averaged"
"""Why a value is judged against nothing: its revision states the series more than once and no setting, word or
lead-in tells which value is which (a sweep whose setting the reader missed), and none says they are runs."""


TWINS_PAIRED = "paired by order among {n} values not told apart"


def count_twins(items: Sequence[T], series: Callable[[T], Hashable]) -> list[int]:
    """For each item, how many items of the sequence share its series (1: it stands alone)."""
    counts: dict[Hashable, int] = {}
    for it in items:
        counts[series(it)] = counts.get(series(it), 0) + 1
    return [counts[series(it)] for it in items]


def repeats_note(c: Claim) -> str:
    """ "mean of 3 repeats" for a value that is the mean of a side's runs (mean_of_runs), else ""."""
    printed = c.printed or ""
    return printed.split(" (", 1)[0] if printed.startswith("mean of ") and " repeats" in printed[:40] else ""


def runs_spread(c: Claim) -> str:
    """ "n=3, 2506.2..2537" for a value that is the mean of a side's runs (mean_of_runs): how many runs, and the
    lowest and highest of them, which a reader weighs the centre's change against; else ""."""
    if not repeats_note(c):
        return ""
    listed = (c.printed or "").partition(" (")[2].rstrip(")").split(", ")
    try:
        nums = [float(v) for v in listed[:MAX_RUNS]]
    except ValueError:
        return ""
    return f"n={len(nums)}, {min(nums):g}..{max(nums):g}" if nums else ""


def runs_listed(c: Claim) -> str:
    """ "  mean of 3 repeats (500, 540, 580)" beside a trend's point that folds a side's runs, else ""."""
    return f"  {c.printed}" if repeats_note(c) else ""


def pair_twins(
    olds: list[T],
    news: list[T],
    twins: Callable[[T], int],
    address: Callable[[T], Hashable],
    pick: Callable[[T, list[T]], int] | None = None,
) -> tuple[list[tuple[T, T]], tuple[list[T], list[T]], tuple[list[T], list[T]]]:
    """The values of one key that share their address with others of their revision (`twins` > 1) paired by position
    with as many of the other revision's at that address (the sweep stated again in the same order), or the first of
    them (or the one `pick` names) with the other's one value there (as a text states a result, then states it again);
    each other such value is left unpaired, for no pass to pair by its words. Returns the pairs, the olds and news no
    twin's address holds (for the other passes) and the ambiguous olds and news left."""
    twinned = {address(it) for it in (*olds, *news) if twins(it) > 1}
    by_addr: dict[Hashable, tuple[list[T], list[T]]] = {}
    for side, items in ((0, olds), (1, news)):
        for it in items:
            if address(it) in twinned:
                by_addr.setdefault(address(it), ([], []))[side].append(it)
    pairs: list[tuple[T, T]] = []
    left: tuple[list[T], list[T]] = ([], [])
    for o, n in by_addr.values():
        k = len(o) if len(o) == len(n) else 1 if 1 in (len(o), len(n)) else 0
        if pick is not None and k:
            # (each value pairs with the first of the other side's that fits it best, not its position's: a note
            # cell's count stated under the score's key in one version only; compare.pair_fit)
            o, n = _fit_order(o, n, pick) if len(o) <= len(n) else _fit_order(n, o, pick)[::-1]
        pairs.extend(zip(o[:k], n[:k], strict=True))
        left[0].extend(o[k:])
        left[1].extend(n[k:])
    alone = ([a for a in olds if address(a) not in twinned], [b for b in news if address(b) not in twinned])
    return pairs, alone, left


def _fit_order(few: list[T], many: list[T], pick: Callable[[T, list[T]], int]) -> tuple[list[T], list[T]]:
    """`many` reordered so that each of `few` stands across the one `pick` names among those still free."""
    free, chosen = list(many), []
    for a in few:
        chosen.append(free.pop(pick(a, free)))
    return few, chosen + free
