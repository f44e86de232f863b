"""Running a comparison on loaded targets: the sides to compare, the verdicts, a metric's trend.

`compare_loaded` and `trend_of` take targets already loaded (`Loaded`: a document's versions' claims, by
ledger.targets, which reads files and the ledger) and return results that render as text or markdown and give
their JSON shape as `to_dict()` (ledger.compare.shapes).
Nothing here reads a file or the database, and nothing prints: what a user should be told beside the result
(a file's warnings, values left out) is returned in `notes`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ledger.compare.align import Row, compare_series
from ledger.compare.judge import REGRESSION, Pair, implausible
from ledger.compare.keys import claim_key, with_default_config
from ledger.compare.noise import NoiseModel
from ledger.compare.outcomes import own_revisions
from ledger.compare.outside import outside_side
from ledger.compare.page_versions import is_page_versions
from ledger.compare.references import (
    ReferenceCheck,
    RegisteredReference,
    check_references,
    judged_between,
    mark_other_engines,
    mark_superseded,
)
from ledger.compare.revisions import (
    RevisionRef,
    Snapshot,
    is_ci_run,
    names_results,
    revisions_across_versions,
    select_window,
    split_revisions,
    stated_ci_verdict,
)
from ledger.compare.support_cell import SupportChange
from ledger.compare.support_cells import KINDS as SUPPORT_KINDS
from ledger.compare.support_cells import support_changes
from ledger.compare.tested import TestedCommit, stated_vs_tested
from ledger.compare.unnamed_sides import unnamed_side_notes
from ledger.errors import UsageError
from ledger.model import NOT_MEASURED_NOTES, REBASED_ONTO_NOTE, STATED_HEAD_NOTE, WITHDRAWN_NOTE, Claim
from ledger.vocab.named_models import as_named_model
from ledger.vocab.one_precision import as_stated_member

BY = ("auto", "sections", "versions")
ORDER = ("auto", "document", "reverse")


@dataclass
class Loaded:
    """One target: its name and its versions' claims (one entry for a file)."""

    name: str
    versions: list[tuple[int | None, list[Claim]]]
    linked: list[Claim] = field(default_factory=list)
    """Claims of documents linked to this one (a PR's fetched comments: the CI bot's runs)."""
    heads: list[str] = field(default_factory=list)
    """The head sha GitHub reported when the PR was fetched."""
    stored: bool = False
    """A ledger document (files given on the command line are often versions of one description)."""
    warnings: list[str] = field(default_factory=list)
    """What extracting a file warned of (the first three)."""
    comments: list[tuple[str, str | None, list[Claim]]] = field(default_factory=list)
    """Linked documents with results (a PR's comments), oldest first: (name, when written, claims)."""
    version_times: dict[int, str] = field(default_factory=dict)
    """Stored version -> when its text was written."""
    lines: list[str] = field(default_factory=list)
    """The newest version's text, line by line (what a footnote mark points to)."""


def checked_kinds(kinds: list[str] | None) -> list[str] | None:
    """`--kind` values checked against the claims contract's kinds (a UsageError names a wrong one)."""
    from ledger.model import check_kinds

    try:
        return list(check_kinds(kinds)) or None
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _place(snaps: list[Snapshot], when: str | None, times: dict[int, str]) -> int:
    """Where a comment written at `when` goes: after the last revision whose text was written no later."""
    if not when:
        return len(snaps)
    at = 0
    for i, s in enumerate(snaps):
        t = times.get(s.ref.version) if s.ref.version is not None else None
        if t is None or t <= when:  # a revision of unknown time (an earlier comment) stays before
            at = i + 1
    return at


def _snapshots(loaded: list[Loaded], by: str, order: str) -> tuple[list[Snapshot], list[Claim]]:
    """The snapshots to compare (oldest first) and every claim involved (for the stated-vs-tested list)."""
    if len(loaded) == 1:
        doc = loaded[0]
        if by == "auto" and (len(doc.versions) > 1 or doc.comments):
            snaps = revisions_across_versions(doc.versions, doc.name, order)
            for name, when, cl in doc.comments:  # a comment with results is a revision, in time order
                measured = [c for c in cl if not is_ci_run(c)]
                stated = next(
                    (
                        c.revision
                        for c in measured
                        if c.revision and (c.revision.label or c.revision.head) and names_results(c.revision.head, [c])
                    ),
                    None,
                )
                label = f"{stated.label or stated.head} ({name})" if stated else name
                snap = Snapshot(
                    RevisionRef(
                        name=label,
                        label=stated.label if stated else None,
                        head=stated.head if stated else None,
                        document=doc.name,
                    ),
                    measured,
                )
                snaps.insert(_place(snaps, when, doc.version_times), snap)
            return snaps, [*doc.versions[-1][1], *doc.linked]
        if by == "versions":
            snaps = [
                Snapshot(RevisionRef(name=f"{doc.name} v{v}" if v else doc.name, document=doc.name, version=v), cl)
                for v, cl in doc.versions
            ]
            return snaps, [*doc.versions[-1][1], *doc.linked]
        claims = doc.versions[-1][1]
        return split_revisions(claims, doc.name, order=order), [*claims, *doc.linked]
    snaps = []
    every: list[Claim] = []
    for doc in loaded:
        v, cl = doc.versions[-1]
        snaps.append(Snapshot(RevisionRef(name=doc.name, document=doc.name, version=v), cl))
        every.extend([*cl, *doc.linked])
    return snaps, every


@dataclass
class Comparison:
    """What `ledger compare` found: one row per comparable series across the revisions, with the checks beside."""

    revisions: list[RevisionRef]
    """The sides compared, oldest first."""
    rows: list[Row]
    """One row per comparable series: its value in each revision and its verdict (first against last)."""
    references: list[ReferenceCheck]
    """Values against their stated or registered reference, in each revision."""
    tested: list[TestedCommit]
    measured: list[str]
    """The revisions the measured claims name (for the stated-versus-tested list)."""
    notes: list[str] = field(default_factory=list)
    """What the reader should be told beside the result (warnings, values left out, cautions)."""
    newest: list[Claim] = field(default_factory=list)
    """The claims of the newest revision (what a report lists gates from when there is one revision)."""
    outside: Snapshot | None = None
    """A document's results stated outside its revision sections (its headline table, its limitations), judged
    against their stated baselines; None when it has no revision sections or nothing outside them."""
    heads: list[str] = field(default_factory=list)
    """The head sha GitHub reported when the PR was fetched."""
    lines: list[str] = field(default_factory=list)
    """The newest text of a one-document comparison, line by line."""
    ci: list[Claim] = field(default_factory=list)
    """The CI runs' gates (label "CI"), in the order stated: the text's, then its comments' by time."""
    stated_heads: list[str] = field(default_factory=list)
    """The commits the newest text names as the PR's current head ("Current PR head: `eee09fba`"), in order."""
    support: list[SupportChange] = field(default_factory=list)
    """Every support cell of the revisions (a docs page's matrices), its value in each and its verdict."""
    rebased_onto: list[str] = field(default_factory=list)
    """The commits the newest text says the PR was rebased onto ("Draft rebased onto upstream main `a72c046`")."""
    withdrawn: list[Claim] = field(default_factory=list)
    """The results their author took back further on (model.WITHDRAWN_NOTE): kept out of every verdict, said."""
    stated_ci: list[Claim] = field(default_factory=list)
    """CI verdicts the text states on a named head, no bot's run ("The L0 pipeline on head `3e4f5a6b`: PASSED")."""

    @property
    def compared(self) -> bool:
        """Two or more revisions with something lined up, or values judged against their references."""
        return (len(self.revisions) > 1 and bool(self.rows or self.support)) or bool(self.references)

    @property
    def regressions(self) -> list[Row]:
        return [r for r in self.rows if r.overall is not None and r.overall.verdict == REGRESSION]

    @property
    def has_regression(self) -> bool:
        """A regression between the revisions, or a value below its reference beyond noise."""
        return bool(self.regressions) or any(r.verdict == REGRESSION and r.can_fail for r in self.references)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape (`ledger compare --format json`): revisions, summary, rows, references, tested."""
        from ledger.compare.shapes import comparison_dict

        return comparison_dict(self)

    def render(self, fmt: str = "table", *, show_all: bool = False, width: int | None = None) -> str:
        """table (fit to the terminal's width), markdown or json (`to_dict()`, indented)."""
        if fmt == "json":
            from ledger.output.rows import dumps_indented

            return dumps_indented(self.to_dict())
        from ledger.compare.render import render_comparison

        return render_comparison(self, fmt, show_all=show_all, width=width)


def checked_options(by: str, kinds: list[str] | None) -> list[str] | None:
    """`by` and `kinds` checked before anything is loaded (a UsageError names a wrong one); the kinds to keep."""
    if by not in BY:
        raise UsageError(f"unknown --by {by!r} ({', '.join(BY)})")
    return checked_kinds(kinds)


def compare_loaded(
    loaded: list[Loaded],
    *,
    registered: list[RegisteredReference] | None = None,
    noise: NoiseModel | None = None,
    from_: str | None = None,
    to: str | None = None,
    by: str = "auto",
    order: str = "auto",
    kinds: list[str] | None = None,
    model: str | None = None,
) -> Comparison:
    """Compare loaded targets: one document's revisions (its revision sections over all its stored versions;
    `by="versions"`: its versions, `by="sections"`: the newest version's sections) or several documents.
    `registered`: the ledger's registered accuracy references, beside the ones the claims state."""
    noise = noise or NoiseModel()
    kinds = checked_options(by, kinds)
    notes = [w for doc in loaded for w in doc.warnings]
    # (the newest version's: what a reader is told was taken back, before they leave the targets)
    withdrawn = [
        c for d in loaded if d.versions for c in d.versions[-1][1] if (c.note or "").startswith(WITHDRAWN_NOTE)
    ]
    notes += _leave_unmeasured(loaded)
    for doc in loaded:  # a gate whose words name the commit it failed on belongs to that commit
        doc.versions = [(v, own_revisions(cl)) for v, cl in doc.versions]
    if model:
        for doc in loaded:
            doc.versions = [(v, with_default_config(cl, {"model": model})) for v, cl in doc.versions]
    # one document's "fp4" against another's (or an older version's) "nvfp4", where no other FP4 format is stated
    stated = [p for doc in loaded for _, cl in doc.versions for c in cl for p in (c.config or {}).items()]
    for doc in loaded:
        doc.versions = [(v, as_stated_member(cl, stated)) for v, cl in doc.versions]
    as_named_model_in(loaded)
    snaps, every = _snapshots(loaded, by, order)
    snaps = select_window(snaps, from_, to) if (from_ or to) and snaps else snaps
    if (from_ and to) and len(snaps) > 2:
        snaps = [snaps[0], snaps[-1]]
    registered = registered or []
    notes += _implausible_note(snaps)
    if len(loaded) == 1 and by != "versions":
        notes += unnamed_side_notes(snaps, loaded[0].versions[-1][1])
    outside = _outside(loaded, snaps, by)
    refs = [r for s in [*snaps, *([outside] if outside else [])] for r in check_references(s, noise, registered)]
    if kinds:
        refs = [r for r in refs if r.key.kind in kinds]
    mark_superseded(refs, [s.ref.name for s in snaps])
    if len(loaded) == 1:
        mark_other_engines(refs, [*every, *(c for s in snaps for c in s.claims)], loaded[0].name, loaded[0].lines)
    tested, measured = stated_vs_tested(every, [h for doc in loaded for h in doc.heads])
    revisions = [s.ref for s in snaps]
    rows = compare_series(snaps, noise, versions=is_page_versions([s.ref for s in snaps])) if len(snaps) > 1 else []
    refs = judged_between(refs, rows)
    rows = [r for r in rows if not kinds or r.key.kind in kinds]
    if len(loaded) > 1 and all(d.stored for d in loaded):
        notes += _unstated_model_note([r.overall for r in rows if r.overall is not None])
    ci = [c for c in every if c.kind == "gate" and is_ci_run(c)]
    return Comparison(
        revisions,
        rows,
        refs,
        tested,
        measured,
        notes,
        snaps[-1].claims if snaps else [],
        outside,
        [h for doc in loaded for h in doc.heads],
        loaded[0].lines if len(loaded) == 1 else [],
        ci,
        _stated_heads(loaded),
        [] if kinds and not set(kinds) & set(SUPPORT_KINDS) else support_changes(snaps),
        _stated_heads(loaded, REBASED_ONTO_NOTE),
        withdrawn,
        [c for c in every if c.kind == "gate" and not is_ci_run(c) and stated_ci_verdict(c)],
    )


def as_named_model_in(loaded: list[Loaded]) -> None:
    """Each version's models named by a path read as the name another version gives them (vocab.named_models)."""
    texts = iter(as_named_model([cl for doc in loaded for _, cl in doc.versions]))
    for doc in loaded:
        doc.versions = [(v, next(texts)) for v, _ in doc.versions]


def _measured(claims: list[Claim], out: Counter[str]) -> list[Claim]:
    """The claims but those whose note says they measure nothing of the change, counted in `out` by note."""
    kept = []
    for c in claims:
        note = next((n for n in NOT_MEASURED_NOTES if c.note and c.note.startswith(n)), None)
        if note is None:
            kept.append(c)
        else:
            out[note] += 1
    return kept


def _leave_unmeasured(loaded: list[Loaded]) -> list[str]:
    """Take out of the targets the values that measure nothing of the change (a tool's sample output, numbers their
    author took back: model.NOT_MEASURED_NOTES), and say how many."""
    gone: Counter[str] = Counter()
    for doc in loaded:
        doc.versions = [(v, _measured(cl, gone)) for v, cl in doc.versions]
        doc.comments = [(name, when, _measured(cl, gone)) for name, when, cl in doc.comments]
        doc.linked = _measured(doc.linked, gone)
    return [f"{n} value(s) {note}: not judged" for note, n in gone.items()]


def _stated_heads(loaded: list[Loaded], note: str = STATED_HEAD_NOTE) -> list[str]:
    """The heads each target's newest text states the PR is at (a commit claim's STATED_HEAD_NOTE), or the commits
    whose claims carry another `note` (REBASED_ONTO_NOTE: the bases it says the PR was rebased onto)."""
    newest = [c for doc in loaded if doc.versions for c in doc.versions[-1][1]]
    return list(dict.fromkeys(c.sha for c in newest if c.kind == "commit" and c.sha and c.note == note))


def _outside(loaded: list[Loaded], snaps: list[Snapshot], by: str) -> Snapshot | None:
    """One document's results outside its revision sections (None for several documents, or by versions)."""
    if len(loaded) != 1 or by == "versions":
        return None
    return outside_side(loaded[0].versions[-1][1], loaded[0].name, snaps)


def _implausible_note(snaps: list[Snapshot]) -> list[str]:
    why = [
        f"{s.ref.name} line {c.source.line}: {w}"
        for s in snaps
        for c in s.claims
        if c.kind in ("accuracy", "acceptance") and (w := implausible(c, claim_key(c)[0]))
    ]
    if not why:
        return []
    more = f" (and {len(why) - 3} more)" if len(why) > 3 else ""
    return [f"note: left out {len(why)} value(s) their metric cannot take: {'; '.join(why[:3])}{more}"]


def _unstated_model_note(pairs: list[Pair]) -> list[str]:
    """Across documents a metric may come from different models: warn once when no judged pair names one."""
    judged = [p for p in pairs if p.verdict in ("regression", "improvement", "within noise") and p.key.kind != "gate"]
    if judged and not any("model" in dict(p.key.config) for p in judged):
        return [
            "note: no compared claim names its model; across documents check they measured the same one "
            "(or give --model)"
        ]
    return []


__all__ = [
    "Comparison",
    "Loaded",
    "RegisteredReference",
    "as_named_model_in",
    "checked_kinds",
    "checked_options",
    "compare_loaded",
]
