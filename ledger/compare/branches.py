"""A timeline's main line and its branches: the builds of one pull request ("verified green at 0.939 (PR #31063)",
"#29855 dev") set beside a bisect's dated nightlies and releases are no next point of the nightly line but branches
off it. The main line's builds give a series' first-to-last verdict; each branch is judged against its base, the
main-line build whose value it states as its reference, else the main-line build before it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.compare.label_times import label_date, label_release
from ledger.model import Claim
from ledger.vocab.build_links import NOW_BUILD_RE, PR_BUILD_RE, PR_BUILD_WORDS

_WORD_RE = re.compile(r"[a-z]{1,20}")


def pr_build(label: str) -> str | None:
    """The pull request number of a label that names only that PR's build ("PR #29855" and "#29855 dev" alike),
    else None: a label stamping a date or a release, or calling its build the present, is on the main line."""
    found = {m.group("n") for m in PR_BUILD_RE.finditer(label)}
    if len(found) != 1 or label_date(label) is not None or label_release(label) is not None:
        return None
    if NOW_BUILD_RE.search(label):
        return None
    rest = PR_BUILD_RE.sub(" ", label.lower())
    if any(w not in PR_BUILD_WORDS for w in _WORD_RE.findall(rest)) or re.search(r"\d", rest):
        return None  # ("PR #12 before the rebase", "PR #12 run 2": a state or a run of the PR, no build alone)
    return found.pop()


def branch_bases(labels: Sequence[str], claims: Sequence[Sequence[Claim]]) -> list[tuple[bool, int | None]] | None:
    """For a timeline's revisions (oldest first, by label and claims): whether each is a PR build off the main line,
    and the index of its base; None where no label names a PR build or fewer than two main-line builds are left."""
    branch = [pr_build(x) is not None for x in labels]
    main = [j for j, b in enumerate(branch) if not b]
    if not any(branch) or len(main) < 2:
        return None
    return [(b, _base_of(claims[i], claims, main, i) if b else None) for i, b in enumerate(branch)]


def _base_of(own: Sequence[Claim], claims: Sequence[Sequence[Claim]], main: Sequence[int], at: int) -> int | None:
    """The main-line build a branch is judged against: the one stating the value the branch states as its reference
    ("verified green at 0.939" against the current nightly's 0.887), else the last one before it, else none."""
    refs = {(c.metric, c.reference) for c in own if isinstance(c.reference, float)}
    stated = [j for j in main if any((c.metric, c.value) in refs for c in claims[j])]
    if stated:
        return stated[-1]
    before = [j for j in main if j < at]
    return before[-1] if before else None


def main_line(branch: Sequence[bool], cells: Sequence[Claim | None]) -> list[int]:
    """The revisions a series' first-to-last verdict reads: those stating it on the main line (every one that states
    it where only branches do)."""
    stated = [i for i, c in enumerate(cells) if c is not None]
    main = [i for i in stated if not branch[i]]
    return main or stated


def stated_base(cells: Sequence[Claim | None], stated: list[int]) -> int:
    """The revision a series' newest value is judged against: its first, or the one whose value the newest states as
    its own reference ("mainline x@4c1e9a7", "ours main@b7d03e5", "ours PR@e92a6c0" with the PR's row taken against
    the project's main): the change against its base, not against a build it was only set beside."""
    newest = cells[stated[-1]]
    ref = newest.reference if newest is not None else None
    if ref is None or len(stated) < 3:
        return stated[0]
    named = [i for i in stated[:-1] if (c := cells[i]) is not None and c.value == ref]
    return named[-1] if named else stated[0]


def branch_note(branch: bool, base: str | None, names: Sequence[str]) -> str:
    """What a revision list says after a PR build's name: the main-line build it is judged against (" (PR build off
    R6)"), so its place in the list is never read as the nightly line's next point; "" for a main-line build."""
    if not branch:
        return ""
    return f" (PR build off R{names.index(base) + 1})" if base in names else " (PR build off the main line)"
