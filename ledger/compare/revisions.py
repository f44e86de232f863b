"""The sides of a comparison: revisions of one document, their order, and the window to compare.

A `Snapshot` is one side of a comparison: a revision section of a description ("Final head
13c21f460b"), one version of a document, or a whole document / PR. `split_revisions` cuts one
document's claims into its revision sections (CI-bot runs, label "CI", are kept apart for the
stated-versus-tested list) and orders them oldest to newest: labels that each stamp a date or a release
by it (compare.label_times); numbered labels ("Round 2") by number;
otherwise a vote of the label words ("Final head" near the top and "Earlier validation" near the
bottom mean the text lists the newest first) and of head/base links (a head built on another
section's head is newer). `compare` judges two snapshots; `compare_series` lines up many: each
series row is followed from revision to revision, every step is judged, and the row's verdict
compares its first and last stated values (a series stated once is "new" when that is the newest
revision, else "missing").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ledger.compare.branches import branch_bases, pr_build
from ledger.compare.fingerprints import fingerprint, had_cells
from ledger.compare.keys import COMPARED_KINDS, claim_key
from ledger.compare.label_times import dated_in_place, time_order
from ledger.errors import UsageError
from ledger.identity import names_a_repository_file
from ledger.model import Claim
from ledger.vocab.ci_triggers import CI_VERDICT_RE
from ledger.vocab.outcomes import CI_LABEL as CI_LABEL
from ledger.vocab.outcomes import CI_SOURCE, CI_TALLY_SOURCE
from ledger.vocab.sides import own_base, rebase_state, side_alone, side_of, sides_of


@dataclass(frozen=True)
class RevisionRef:
    """One side of a comparison, as shown to the user."""

    name: str
    label: str | None = None
    head: str | None = None
    base: str | None = None
    document: str | None = None
    version: int | None = None
    whole: bool = False
    """The revision is one version's whole text under the one label it states ("The tested quickserve version is
    `v1.1`"): a page's version by its release, never one of several release sections a version keeps."""
    since: int | None = None
    """The page's version this version's text has stated unchanged since (its earlier versions folded into it)."""
    branch: bool = False
    """A pull request's own build beside a timeline's dated builds: off the main line (compare.branches)."""
    branch_base: str | None = None
    """The main-line build a branch is judged against (its name), None where none comes before it."""

    def matches(self, selector: str) -> bool:
        s = selector.strip().lower()
        if not s:
            return False
        if self.version is not None and s.lstrip("v") == str(self.version):
            return True
        if self.head and len(s) >= 4 and (self.head.startswith(s) or s.startswith(self.head)):
            return True
        return bool(self.label and self.label.lower() == s) or self.name.lower() == s


@dataclass
class Snapshot:
    """The claims of one revision (or document version) to compare."""

    ref: RevisionRef
    claims: list[Claim]


_NEWEST_WORDS = re.compile(r"\b(final|latest|current|head|now|after|last|merged|new)\b", re.IGNORECASE)
_OLDEST_WORDS = re.compile(r"\b(before|earlier|initial|first|original|old|previous|prior|pre-)", re.IGNORECASE)


def split_revisions(claims: Sequence[Claim], document: str | None = None, order: str = "auto") -> list[Snapshot]:
    """One snapshot per revision section (CI runs left out), ordered oldest to newest.

    order: "auto" (read the labels: a "Final head" before an "Earlier validation" means the text lists
    newest first; a head whose base is another section's head comes after it), "document" or "reverse".
    """
    snaps: dict[tuple[str, str], Snapshot] = {}
    for c in claims:
        r = c.revision
        if r is None or (r.label or "").strip().lower() == CI_LABEL:
            continue
        k = (_side_key(r.label or "") if not r.head else (r.label or "").strip().lower(), (r.head or "").lower())
        if k not in snaps:
            name = r.label or r.head or "?"
            if r.head and r.head.lower() not in name.lower():
                name = f"{name} {r.head}"
            snaps[k] = Snapshot(RevisionRef(name=name, label=r.label, head=r.head, base=r.base, document=document), [])
        snaps[k].claims.append(c)
    named = [s for s in snaps.values() if names_results(s.ref.head, s.claims)]
    ordered = _without_reference_sides(named)
    if not ordered:
        rest = [c for c in claims if c.revision is None] + [
            c for s in snaps.values() if s not in named for c in s.claims
        ]
        return [Snapshot(RevisionRef(name=document or "document", document=document), rest)] if rest else []
    if order not in ("auto", "document", "reverse"):
        raise UsageError(f"unknown revision order {order!r} (auto, document, reverse)")
    timed = time_order([s.ref.label or "" for s in ordered]) if order == "auto" else None
    if timed is not None:
        # a bisect's builds by the dates or releases their labels stamp ("...-20260626" above "Jun-25 v0.5.13.post1")
        return [ordered[i] for i in timed]
    numbers = [_label_number(s.ref.label or "") for s in ordered]
    if order == "auto" and len(ordered) > 1 and None not in numbers and len(set(numbers)) == len(numbers):
        return [s for _, s in sorted(zip(numbers, ordered, strict=True), key=lambda t: t[0] or ())]
    states = [rebase_state(s.ref.label) for s in ordered]
    if order == "auto" and None not in states and len(set(states)) == 2:
        # "Rebased combined repeat:" above "Pre-rebase backup:": the PR before its rebase first, whatever the order
        return [s for _, s in sorted(zip(states, ordered, strict=True), key=lambda t: t[0] != "pre")]
    sides = sides_of([s.ref.label for s in ordered])
    if order == "auto" and None not in sides and len(set(sides)) == 2:
        # "main branch:" / "this PR:", "Candidate" above "Baseline": the base side first, whatever the text's order;
        # so too of two sides one names ("Overlapped Eagle:" above "Main Eagle:"): the other is the candidate
        return [s for _, s in sorted(zip(sides, ordered, strict=True), key=lambda t: t[0] != "base")]
    partly = dated_in_place([s.ref.label or "" for s in ordered]) if order == "auto" else None
    if partly is not None:
        # ("...-20260626" above "Jun-25 v0.5.13.post1" beside a timeline's "#29855 dev": the dated builds by date)
        return _with_branches([ordered[i] for i in partly])
    if order == "reverse" or (order == "auto" and _newest_first(ordered)):
        ordered.reverse()
    return ordered


def _with_branches(snaps: list[Snapshot]) -> list[Snapshot]:
    """A timeline's snapshots with each PR build marked a branch off the main line of its dated builds, its base
    named (compare.branches): "verified green at 0.939 (PR #31063)" is no next nightly."""
    bases = branch_bases([s.ref.label or "" for s in snaps], [s.claims for s in snaps])
    if bases is None:
        return snaps
    return [
        Snapshot(replace(s.ref, branch=True, branch_base=None if j is None else snaps[j].ref.name), s.claims)
        if b
        else s
        for s, (b, j) in zip(snaps, bases, strict=True)
    ]


def names_results(head: str | None, claims: Sequence[Claim]) -> bool:
    """Whether a revision section is one the results are on: it names a head, or a result stands under it. A label
    only a commit note carries ("rebased onto the latest release_v2 (a1b2c3d)": a base, no head) is no revision of
    the results the text states elsewhere; named as the thread's one revision, it would put them on a rebased head
    nobody measured."""
    return bool(head) or any(c.kind in COMPARED_KINDS for c in claims)


def _without_reference_sides(snaps: list[Snapshot]) -> list[Snapshot]:
    """The snapshots less those that are only another's reference side: every value of the section is the stated
    reference of a value of one other section ("upstream `llama.cpp` (build: 6000 (abcdef123))" under the PR's own
    table, each PR row paired with it). Such a section is what the other is judged against, not an earlier revision
    of it: kept as a revision, each of its pairs would be judged twice, against its baseline and as a step between
    revisions (a cross-engine gap read as the PR's regression). A section named the change's own base ("Main
    branch:" over "PR branch:", its values the other's references since parsers.grammar.side_references) is its
    earlier revision and stays one: compare judges its pairs as steps, once (references.judged_between). Of three
    or more sections, the one the newest states as its reference is its base already (compare.branches.stated_base:
    "mainline x@4c1e9a7", "ours main@b7d03e5", "ours PR@e92a6c0"), and taking it out would leave the other engine's
    section as the PR's earlier revision."""
    if len(snaps) != 2:
        return snaps
    paired = [{(c.metric, c.unit, c.reference) for c in s.claims if isinstance(c.reference, float)} for s in snaps]
    kept: list[Snapshot] = []
    for i, s in enumerate(snaps):
        values = [(c.metric, c.unit, c.value) for c in s.claims if isinstance(c.value, float)]
        if (
            values
            and not own_base(s.ref.label)
            and not paired[i]
            and any(all(v in other for v in values) for j, other in enumerate(paired) if j != i and other)
        ):
            continue
        kept.append(s)
    return kept


# "with this PR", "on this PR", "the PR": the side "this PR" spelled with its preposition or article
_SIDE_WORDS_RE = re.compile(r"^(?:(?:with|on|in|using|w/)\s+)?(?:the|this)\s+(pr|branch|change|patch)$")


def _side_key(label: str) -> str:
    """A label-only revision's key: one side however a sentence words it ("this PR" and "with this PR"); a
    candidate's side word alone ("PR", "With PR", "After", "New": the side of a table's column) is the PR's side."""
    low = " ".join(label.strip().lower().split())
    if (number := pr_build(low)) is not None:
        return f"pr #{number}"  # ("PR #29855" and "#29855 dev": one build named two ways)
    if (state := rebase_state(low)) is not None:
        return f"{state}-rebase"  # ("Prior to the rebase:" and "Pre-rebase numbers:" in one text: one state)
    m = _SIDE_WORDS_RE.match(low)
    if m:
        return f"this {m.group(1)}"
    return "this pr" if side_alone(low) and side_of(low) == "head" else low


_LABEL_NUMBER_RE = re.compile(
    r"\b(?:v|rev(?:ision)?|round|iteration|attempt|push|version|release|update|run)\s?#?(\d{1,4}(?:\.\d{1,4}){0,3})"
    r"(?:\.?(?P<stage>rc|a|b|alpha|beta|post|dev)(?P<n>\d{1,3}))?\b",
    re.IGNORECASE,
)
# a pre-release comes before its release, a post-release after it (PEP 440's order: dev, alpha, beta, rc, the release,
# post): "v0.10.0rc1" is older than "v0.10.1rc1" and than "v0.10.0"
_STAGE_RANK = {"dev": -4, "a": -3, "alpha": -3, "b": -2, "beta": -2, "rc": -1, "post": 1}


def _label_number(label: str) -> tuple[int, ...] | None:
    """The number of a numbered revision label ("v2", "Round 3", "Update #4"; a release's "v0.6.1" is (0, 6, 1, 0,
    0, 0), after "v0.5"; "v0.6.1rc1" just before it), else None: its parts padded to four, then its stage."""
    m = _LABEL_NUMBER_RE.search(label)
    if m is None:
        return None
    parts = [int(n) for n in m.group(1).split(".")]
    stage = m.group("stage")
    return (*parts, *[0] * (4 - len(parts)), _STAGE_RANK[stage.lower()] if stage else 0, int(m.group("n") or 0))


def _newest_first(snaps: Sequence[Snapshot]) -> bool:
    """Vote: do the labels and head/base links say the document lists its newest revision first? A newest word alone
    never says so: each turn of a thread calls its own head "current" or "latest" ("the latest stacked head X" on
    06-02, "Tested current head Y" on 06-09), so only an older one named below it ("Earlier validation") or a head
    built on a later one turns the text's order."""
    newest, other = 0, 0
    n = len(snaps)
    for i, s in enumerate(snaps):
        pos = i - (n - 1) / 2  # negative near the top
        label = s.ref.label or ""
        if _NEWEST_WORDS.search(label) and not _OLDEST_WORDS.search(label):
            newest += -1 if pos < 0 else 1 if pos > 0 else 0
        elif _OLDEST_WORDS.search(label):
            other += 1 if pos < 0 else -1 if pos > 0 else 0
    for i, s in enumerate(snaps):
        for j, t in enumerate(snaps):
            if i != j and s.ref.base and t.ref.head and same_sha(s.ref.base, t.ref.head):
                other += -1 if i < j else 1  # s builds on t: s is newer
    return other < 0 and newest + other < 0


def same_sha(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    return len(a) >= 7 and len(b) >= 7 and (a.startswith(b) or b.startswith(a))


def select_window(snaps: Sequence[Snapshot], from_sel: str | None, to_sel: str | None) -> list[Snapshot]:
    """The snapshots between --from and --to (label, sha prefix, version number or 1-based position)."""

    def find(sel: str) -> int:
        label = re.fullmatch(r"\s*[Rr](\d{1,4})\s*", sel)  # the labels the output prints: R1, R2, ...
        if label and 1 <= int(label.group(1)) <= len(snaps):
            return int(label.group(1)) - 1
        hits = [i for i, s in enumerate(snaps) if s.ref.matches(sel)]
        if not hits and sel.isdigit() and 1 <= int(sel) <= len(snaps):
            return int(sel) - 1
        if not hits:
            hits = [i for i, s in enumerate(snaps) if sel.lower() in s.ref.name.lower()]
        if len(hits) != 1:
            names = ", ".join(s.ref.name for s in snaps)
            raise UsageError(f"{sel!r} names {'no' if not hits else 'more than one'} revision (have: {names})")
        return hits[0]

    lo = find(from_sel) if from_sel else 0
    hi = find(to_sel) if to_sel else len(snaps) - 1
    if lo > hi:
        raise UsageError(f"--from {from_sel!r} comes after --to {to_sel!r}")
    return list(snaps[lo : hi + 1])


Id = tuple[object, ...]
"""Which revision a snapshot of `revisions_across_versions` is: a section's (label, head), a version's text
(None, version), or a version that is one revision under its one label (None, version, label, head): None, as
no label is, marks a version's own."""


def _section(x: Id) -> tuple[object, ...] | None:
    """The (label, head) a revision answers to, if any: a section's, or the one label of a version."""
    return x if x[0] is not None else x[2:] or None


def _place(ids: list[Id], keys: list[tuple[str, str]], pos: int, number: tuple[int, ...] | None) -> int:
    """Where a version's new revision section goes among the known ones: by its number among the numbered ones (a
    release "v0.5" before "v0.6.1", whatever order a page lists them in), else after the known revisions the version
    lists before it, else before those it lists after it, else after every revision so far."""
    known = [_section(x) for x in ids]
    numbered = [(i, n) for i, k in enumerate(known) if k and (n := _label_number(str(k[0])))]
    if number is not None and numbered:
        lower = [i for i, n in numbered if n <= number]  # (one number twice: the later written goes after)
        return max(lower) + 1 if lower else min(i for i, _ in numbered)
    before = [known.index(x) for x in keys[:pos] if x in known]
    after = [known.index(x) for x in keys[pos + 1 :] if x in known]
    return max(before) + 1 if before else min(after) if after else len(ids)


def revisions_across_versions(
    versions: Sequence[tuple[int | None, list[Claim]]], document: str | None = None, order: str = "auto"
) -> list[Snapshot]:
    """A document's revisions over all its stored versions, oldest first: the unit a reviewer compares.

    A revision section ("Initial head 4e1f0c9a2b": its label and head) is one revision in every version that
    has it; the newest version's numbers for it supersede older ones (edited in place). An edit that adds a
    section adds a revision: after the known revisions the version lists before it, else before those it lists
    after it, else (an edit that replaced every section) after every revision so far. The claims a version
    states under no revision are a revision of their own ("v2") when they differ from the previous version's,
    after it. A version whose results stand under one label and no head ("Tested with quickpack version 0.3.1")
    is one revision, its text included: the label says what the whole version was measured on, not which of its
    sections is which, so a later version restating it is a later revision (measured again), never an edit of
    the earlier one; folded into one, a changed value would vanish from trend and from compare alike.
    """
    out: list[Snapshot] = []
    ids: list[Id] = []  # parallel to out
    last_print: tuple[tuple[object, ...], ...] | None = None
    page = document is not None and names_a_repository_file(document)
    for v, claims in versions:
        listed = [s for s in split_revisions(claims, document, order=order) if s.ref.label or s.ref.head]
        keys = [((s.ref.label or "").strip().lower(), (s.ref.head or "").lower()) for s in listed]
        unlabelled = [c for c in claims if c.revision is None]
        # (a page's version all measured on the one build it names, "vLLM Ascend: v0.10.0rc1 (4604882)", is that
        # version's revision, after the earlier versions': a page's versions are in the order they were written)
        if len(listed) == 1 and (not listed[0].ref.head or (page and not unlabelled)):
            # (a release one table's note names, "to reproduce these, use v0.20", beside other tables of the same
            # measure it leaves unnamed: the table's release, never the version's name)
            name = f"{document} v{v}" if v is not None and _partial(listed[0], unlabelled) else None
            _add_version(out, ids, v, listed[0], unlabelled, in_order=page, name=name)
            last_print = fingerprint(unlabelled) if unlabelled else last_print
            continue
        for pos, (k, snap) in enumerate(zip(keys, listed, strict=True)):
            same = [i for i, x in enumerate(ids) if _section(x) == k]
            if same:
                # numbers edited in place supersede; a series the version states under another revision now (a
                # release page's table measured again on the next release) keeps its value in this one, and a
                # version's text, one revision with its label, stays
                old = out[same[-1]].claims
                restated = {claim_key(c) for c in snap.claims}
                moved = {
                    claim_key(c) for c in claims if c.revision is not None and c.revision != snap.claims[0].revision
                }
                kept = [c for c in old if c.revision is None or ((ck := claim_key(c)) not in restated and ck in moved)]
                out[same[-1]].claims = [*snap.claims, *kept]
                continue
            at = _place(ids, keys, pos, _label_number(snap.ref.label or ""))
            out.insert(at, Snapshot(replace(snap.ref, version=v), snap.claims))
            ids.insert(at, k)
        if (not unlabelled and not had_cells(last_print)) or fingerprint(unlabelled) == last_print:
            if page and unlabelled and v is not None:
                _restated(out, ids, document, v, unlabelled)
            continue  # (a page whose cells all went is a revision: every cell gone, not nothing to compare)
        texts = [i for i, k in enumerate(ids) if k[0] is None]
        at = texts[-1] + 1 if texts else len(out)
        name = f"{document} v{v}" if document and v is not None else (document or f"v{v}")
        out.insert(at, Snapshot(RevisionRef(name=name, document=document, version=v), unlabelled))
        ids.insert(at, (None, v))
        last_print = fingerprint(unlabelled)
    return out


def _partial(section: Snapshot, text: list[Claim]) -> bool:
    """Whether the version's text states, under no label, results of a measure its one label's results state: the
    label names the release of some of that measure's values (one table's), not of the version."""
    measures = {(c.kind, (c.metric or "").lower()) for c in section.claims if c.kind in COMPARED_KINDS}
    return any((c.kind, (c.metric or "").lower()) in measures for c in text if c.value is not None)


def _restated(out: list[Snapshot], ids: list[Id], document: str | None, v: int, claims: list[Claim]) -> None:
    """A page's version that states what its last version stated: that revision is now this version's text (its
    citations at the newest lines), named for the version it has stood unchanged since."""
    texts = [i for i, k in enumerate(ids) if k[0] is None and len(k) == 2]
    if not texts:
        return
    i = texts[-1]
    ref = out[i].ref
    since = ref.since if ref.since is not None else ref.version
    name = f"{document} v{v} (unchanged since v{since})"
    out[i] = Snapshot(replace(ref, name=name, version=v, since=since), claims)
    ids[i] = (None, v)


def _add_version(
    out: list[Snapshot],
    ids: list[Id],
    v: int | None,
    section: Snapshot,
    text: list[Claim],
    in_order: bool = False,
    name: str | None = None,
) -> None:
    """A version whose results stand under one label, as one revision with its text: after the revisions so far
    when the label names an earlier one too (each then named by its version) or the versions are a page's
    (`in_order`), else placed as a new section is. A version stating what the last revision of its label states
    adds nothing. `name`: the version's own name, where the label names only a part of its results (then no label
    names the revision)."""
    key = ((section.ref.label or "").strip().lower(), "")
    own = [*section.claims, *text]
    same = [i for i, x in enumerate(ids) if _section(x) == key]
    if same and fingerprint(out[same[-1]].claims) == fingerprint(own):
        return
    label = section.ref.label or ""
    for i in same:
        if out[i].ref.name == label and out[i].ref.version is not None:
            out[i].ref = replace(out[i].ref, name=f"{label} (v{out[i].ref.version})")
    ref = replace(section.ref, version=v, whole=True)
    if name is not None:
        ref = RevisionRef(name=name, document=ref.document, version=v)
    else:
        ref = replace(ref, name=f"{label} (v{v})" if (same or text) and v is not None else label)
    at = len(out) if same or in_order else _place(ids, [key], 0, _label_number(label))
    out.insert(at, Snapshot(ref, own))
    ids.insert(at, (None, v, *key))


def is_ci_run(c: Claim) -> bool:
    """A CI bot's finished run: on its commit (revision "CI"), or on one the bot did not name."""
    return (c.revision is not None and (c.revision.label or "").lower() == CI_LABEL) or c.config.get("source") in (
        CI_SOURCE,
        CI_TALLY_SOURCE,
    )


def stated_ci_verdict(c: Claim) -> bool:
    """A CI verdict the text states on the commit it names ("The L0 pipeline on head `3e4f5a6b` is green"): the state
    of that head where no bot's run says it."""
    return bool(c.outcome and c.revision and c.revision.head and CI_VERDICT_RE.search(c.metric or ""))
