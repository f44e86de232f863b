"""A metric's trend: its values across the loaded targets' revisions (or documents), one series per comparable
setup, the latest value judged against the earlier ones. Like ledger.compare.run, nothing here reads a file or the
database, and nothing prints: what a user should be told beside the result is returned in `notes`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ledger.compare.judge import REGRESSION, Pair, latest_against_history
from ledger.compare.keys import Key, claim_key, compared_setup
from ledger.compare.noise import NoiseModel
from ledger.compare.revisions import RevisionRef, Snapshot, revisions_across_versions, split_revisions
from ledger.compare.run import Loaded, as_named_model_in, checked_kinds
from ledger.compare.trend_match import (
    MetricQuery,
    metric_query,
    own_baseline_changes,
    pick,
    query_notes,
    statistic_rank,
)
from ledger.compare.trend_workloads import documents_flags, workload_caveat
from ledger.compare.trials import runs_as_points
from ledger.errors import UsageError
from ledger.model import Claim
from ledger.vocab.canonical import canonical_items
from ledger.vocab.metrics import split_statistic
from ledger.vocab.name_hints import config_hints
from ledger.vocab.setup_keys import canonical_key_name


@dataclass
class Series:
    """One comparable series of a trend: its label, its points (where, claim) and the latest value judged."""

    label: str
    points: list[tuple[str, Claim]]
    latest: Pair | None
    documents: list[str] = field(default_factory=list)
    """The documents its points come from (more than one only when the setup names the model, or --mix)."""


@dataclass
class Trend:
    """What `ledger trend` found."""

    metric: str
    series: list[Series]
    notes: list[str] = field(default_factory=list)
    single: int = 0
    """Series with one point only: counted, not drawn (show_all draws them)."""
    single_series: list[Series] = field(default_factory=list)

    @property
    def has_regression(self) -> bool:
        return any(s.latest is not None and s.latest.verdict == REGRESSION for s in self.series)

    def drawn(self, show_all: bool = False) -> list[Series]:
        """The series shown: those of two or more points, and with `show_all` the one-point ones after them."""
        return [*self.series, *(self.single_series if show_all else [])]

    def to_dict(self, *, show_all: bool = False) -> dict[str, Any]:
        """The JSON shape: the metric, the series shown (`ledger trend --format json` prints this list), how many
        one-point series were left out (none with `show_all`) and the notes."""
        from ledger.compare.shapes import series_dict

        return {
            "metric": self.metric,
            "series": [series_dict(s) for s in self.drawn(show_all)],
            "single": 0 if show_all else self.single,
            "notes": list(self.notes),
        }

    def render(self, fmt: str = "table", *, show_all: bool = False, width: int | None = None) -> str:
        """table, markdown or json (the series of `to_dict()`, indented)."""
        if fmt == "json":
            from ledger.output.rows import dumps_indented

            return dumps_indented(self.to_dict(show_all=show_all)["series"])
        from ledger.compare.render import render_trend

        return render_trend(self.metric, self.drawn(show_all), fmt, single=0 if show_all else self.single, width=width)


def parse_where(where: list[str]) -> dict[str, str]:
    """`--where KEY=VALUE` filters as canonical setup keys and values (mtp=1 is draft_len=1)."""
    filters: dict[str, str] = {}
    for w in where:
        k, sep, v = w.partition("=")
        if not sep:
            raise UsageError(f"--where {w!r}: expected KEY=VALUE (mtp=1, kv_cache=fp8, gpu=b200)")
        ck = canonical_key_name(k)
        if ck == "draft_len":
            hints, _ = config_hints(f"{k}{v}")
            filters[ck] = hints.get(ck, v.strip().lower())
            continue
        # canonical, as the series' setups are: gpu=H100-80GB-HBM3 is gpu=h100, gpu=8xH100 also gpu_count=8
        filters.update(canonical_items(ck, v) or [(ck, v.strip().lower())])
    return dict(compared_setup(filters.items()))  # (gpu=1xH100: the board alone, as the series' keys hold it)


UNNAMED = "no side named"
"""The point name of a value no side label stands over, in a text that labels its other sides."""


def _trend_snapshots(doc: Loaded, order: str) -> list[Snapshot]:
    """The revisions a document's values are points of, oldest first: its revision sections, and for a document
    stored in several versions (a docs page across releases, an edited PR description) each version that changed
    its numbers."""
    if len(doc.versions) > 1:
        return revisions_across_versions(doc.versions, doc.name, order)
    claims = doc.versions[-1][1]
    snaps = split_revisions(claims, doc.name, order=order)
    unnamed = [c for c in claims if c.revision is None]
    if unnamed and any(s.ref.label or s.ref.head for s in snaps):
        # a value under no side label beside a labelled side ("this PR:") is a point too, whose side the text leaves
        # open: drawn by its line, never placed before or after the named sides (trend_of judges none against it)
        snaps.insert(0, Snapshot(RevisionRef(name=UNNAMED, document=doc.name), unnamed))
    return snaps


def _trend_points(
    claims: list[Claim], q: MetricQuery, kinds: list[str] | None, filters: dict[str, str], others: Counter[str]
) -> list[tuple[tuple[Key, str], Claim]]:
    """One revision's values of the metric asked for, by series (key and variant, as trend_match picks them), each
    series' repeated runs one point with their spread (compare.trials); `others` counts, by unit, the values of
    another quantity measured on an asked benchmark."""
    picked: list[tuple[tuple[Key, str], Claim]] = []
    for c in claims:
        if kinds and c.kind not in kinds:
            continue
        got = pick(q, *claim_key(c), kinds)
        if got is None:
            continue
        if isinstance(got, str):
            others[got] += 1
            continue
        if any(dict(got[0].config).get(k) != v for k, v in filters.items()):
            continue
        picked.append((got, c))
    return runs_as_points(picked)


def _by_statistic(
    groups: dict[tuple[Key, str, str], list[tuple[str, Claim]]],
) -> list[tuple[tuple[Key, str, str], list[tuple[str, Claim]]]]:
    """The series in the order they were met, each setup's statistics of a measure side by side (its mean, then its
    p99), so a query naming none shows them together."""
    first: dict[tuple[object, ...], int] = {}
    for key, variant, doc in groups:
        first.setdefault((split_statistic(key.metric)[1], key.kind, key.unit, key.config, variant, doc), len(first))
    return sorted(
        groups.items(),
        key=lambda kv: (
            first[(split_statistic(kv[0][0].metric)[1], kv[0][0].kind, kv[0][0].unit, kv[0][0].config, *kv[0][1:])],
            statistic_rank(kv[0][0]),
        ),
    )


def _side_by_side(
    groups: dict[tuple[Key, str, str], list[tuple[str, Claim]]],
    family: dict[tuple[Key, str, str], tuple[Key, str, str]],
) -> set[tuple[Key, str, str]]:
    """Values of one setup that one revision holds and nothing tells apart (the k-th of them made a series "#k" of
    its own) are, when no other revision continues them, one pair or more drawn side by side: one series, each
    point named by its line. Changed in place; the merged series returned (no verdict: none came after another)."""
    members: dict[tuple[Key, str, str], list[tuple[Key, str, str]]] = {}
    for g in groups:
        members.setdefault(family[g], []).append(g)
    merged = set()
    for gs in members.values():
        if len(gs) < 2 or any(len(groups[g]) != 1 for g in gs) or len({groups[g][0][0] for g in gs}) > 1:
            continue
        groups[gs[0]] = [(f"{at}, line {c.source.line}", c) for g in gs for at, c in groups[g]]
        for g in gs[1:]:
            del groups[g]
        merged.add(gs[0])
    return merged


def trend_of(
    metric: str,
    loaded: list[Loaded],
    *,
    where: list[str] | None = None,
    kinds: list[str] | None = None,
    order: str = "auto",
    noise: NoiseModel | None = None,
    mix: bool = False,
) -> Trend:
    """A metric's values across the loaded targets' revisions."""
    filters = parse_where(where or [])
    kinds = checked_kinds(kinds)
    q = metric_query(metric)
    others: Counter[str] = Counter()
    as_named_model_in(loaded)
    groups: dict[tuple[Key, str, str], list[tuple[str, Claim]]] = {}
    docs_of: dict[tuple[Key, str, str], list[str]] = {}
    family: dict[tuple[Key, str, str], tuple[Key, str, str]] = {}
    branch_at: set[str] = set()  # (a PR build off a timeline's main line: drawn, never the line's latest judged)
    for doc in loaded:
        for snap in _trend_snapshots(doc, order):
            seen: dict[tuple[Key, str], int] = {}
            for (key, variant), c in _trend_points(snap.claims, q, kinds, filters, others):
                cfg = dict(key.config)
                # Two values of one setup in one revision that the text does not call runs are two things
                # measured, never one's history: the k-th goes on with the next revision's k-th, as compare pairs them.
                nth = seen[(key, variant)] = seen.get((key, variant), -1) + 1
                base = variant
                if nth:
                    variant = f"{variant} #{nth + 1}".strip()
                # Across documents a series continues only under a stated model (or when asked to mix):
                # two PRs' "gsm8k" without one may be two models.
                across = mix or "model" in cfg
                g = (key, variant, "" if across else doc.name)
                family[g] = (key, base, g[2])
                at = snap.ref.name if len(loaded) == 1 or snap.ref.name == doc.name else f"{doc.name}: {snap.ref.name}"
                groups.setdefault(g, []).append((at, c))
                branch_at.update([at] if snap.ref.branch else [])
                docs_of.setdefault(g, [])
                if doc.name not in docs_of[g]:
                    docs_of[g].append(doc.name)
    notes = [w for doc in loaded for w in doc.warnings] + query_notes(q, [g[0] for g in groups], others)
    pairs = _side_by_side(groups, family)
    flags = documents_flags({doc.name: doc.lines for doc in loaded}) if len(loaded) > 1 else {}
    drawn: list[Series] = []
    single: list[Series] = []
    for (key, variant, doc_name), pts in _by_statistic(groups):
        docs = docs_of[(key, variant, doc_name)]
        label = key.label() + (f" {{{variant}}}" if variant else "")
        if doc_name and len(loaded) > 1:
            label += f" in {doc_name}"
        pair = (key, variant, doc_name) in pairs
        named = [c for at, c in pts if not at.endswith(UNNAMED) and at not in branch_at]
        if unnamed := sum(at.endswith(UNNAMED) for at, _ in pts):
            pts = [(f"{at}, line {c.source.line}" if at.endswith(UNNAMED) else at, c) for at, c in pts]
            notes.append(
                f"note: {label}: {unnamed} value(s) with {UNNAMED} in a text that names its other "
                "sides, drawn by their lines and never judged against the named ones"
            )
        changes = own_baseline_changes(key, variant, docs)
        caveat = workload_caveat(label, docs, flags)  # ("--ignore-eos" in one PR's command alone: two workloads)
        judged = not pair and len(named) > 1 and not changes and caveat is None
        notes.extend([caveat] if caveat else [])
        s = Series(label, pts, latest_against_history(key, named, noise) if judged else None, docs)
        if pair:
            notes.append(
                f"note: {label}: {len(pts)} values of one setup in one revision that no label tells apart, drawn "
                "side by side by their lines, never as a history"
            )
        if changes and len(named) > 1:
            notes.append(
                f"note: {label}: each document's change against its own baseline, drawn, never judged as a history"
            )
        (drawn if len(pts) > 1 else single).append(s)
        if mix and len(docs) > 1 and "model" not in dict(key.config):
            notes.append(
                f"note: {label}: mixed {len(docs)} documents in one series, none stating its model "
                "(--mix); their setups may differ"
            )
    unstated = sum(1 for (key, _, d) in groups if d and "model" not in dict(key.config))
    if not mix and len(loaded) > 1 and unstated > 1:
        notes.append(
            f"note: {unstated} series of {metric!r} name no model, kept apart by document "
            "(--mix joins them across documents)"
        )
    return Trend(metric, drawn, notes, len(single), single)


__all__ = ["Series", "Trend", "parse_where", "trend_of"]
