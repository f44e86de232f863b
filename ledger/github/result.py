"""What a fetch tells of one pull request: its result line (versions, claims, comments, the heads it states
beside GitHub's), built from what the ledger holds of it once it is stored. Shared by `fetch` (one PR),
`sync` (a repository) and `offline` (gh's JSON, a github-to-sqlite database)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from sqlite_utils import Database

Status = Literal["new", "updated", "unchanged", "error"]


@dataclass
class FetchResult:
    """What happened to one pull request."""

    ref: str
    status: Status
    versions: int = 0
    new_versions: int = 0
    claims: int = 0
    """Claims of the newest description version."""
    comments: int = 0
    new_comments: int = 0
    github_head: str | None = None
    github_base: str | None = None
    stated_heads: list[str] = field(default_factory=list)
    stated_notes: dict[str, str] = field(default_factory=dict)
    """What each stated head is among the PR's commits ('PR commit 2 of 5', 'not a commit of this PR')."""
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    rate_limited: bool = False
    """The rate limit is spent: the batch stops asking GitHub."""

    @property
    def ok(self) -> bool:
        return self.status != "error"

    def heads(self) -> str:
        """`stated head 13c21f460b, GitHub head 257d5f0` (or what of it is known)."""
        parts = []
        if self.stated_heads:
            parts.append(
                "stated head "
                + ", ".join(
                    h + (f" ({self.stated_notes[h]})" if h in self.stated_notes else "") for h in self.stated_heads
                )
            )
        if self.github_head:
            g = self.github_head[:10]
            same = any(self.github_head.startswith(s) or s.startswith(g) for s in self.stated_heads)
            parts.append(
                f"GitHub head {g}"
                + (" (the same)" if same else "")
                + (f" base {self.github_base[:10]}" if self.github_base else "")
            )
        return ", ".join(parts)

    def summary(self) -> str:
        if self.status == "error":
            return f"error       {self.ref}: {self.error}"
        label = {"new": "new", "updated": "updated", "unchanged": "unchanged"}[self.status]
        new_v = f" (+{self.new_versions})" if self.new_versions else ""
        new_c = f" (+{self.new_comments})" if self.new_comments else ""
        heads = self.heads()
        return (
            f"{label:<12}{self.ref}  {self.versions} version{'s' if self.versions != 1 else ''}{new_v}, "
            f"{self.claims} claims, {self.comments} comment{'s' if self.comments != 1 else ''}{new_c}"
            + (f"  {heads}" if heads else "")
        )


def pull_result(
    db: Database, key: str, status: Status, doc_id: int, new_versions: int, new_comments: int, warnings: list[str]
) -> FetchResult:
    """The result line of one PR, from what the ledger now holds of it."""
    from ledger.db.pulls import comments_of, github_state, known_document

    doc = known_document(db, key) or {}
    doc_id = int(doc.get("id") or doc_id or 0)
    claims = int(doc.get("latest_claims") or 0)
    state = github_state(db, doc_id) if doc_id else {}
    stated: list[str] = []
    for r in state.get("stated", []):
        if r.get("head") and r["head"] not in stated:
            stated.append(str(r["head"]))
    notes = _commit_notes(db, doc_id, stated) if doc_id else {}
    return FetchResult(
        key,
        status,
        versions=int(doc.get("n_versions") or 0),
        new_versions=new_versions,
        claims=claims,
        comments=len(comments_of(db, doc_id)) if doc_id else 0,
        new_comments=new_comments,
        github_head=state.get("github_head"),
        github_base=state.get("github_base"),
        stated_heads=stated,
        stated_notes=notes,
        warnings=warnings,
    )


def _commit_notes(db: Database, doc_id: int, stated: list[str]) -> dict[str, str]:
    """Each stated head among the PR's commits (only when its commits were fetched)."""
    from ledger.db.pulls import has_commits, resolve_commit

    if not has_commits(db, doc_id):
        return {}
    notes: dict[str, str] = {}
    for sha in stated:
        found = resolve_commit(db, doc_id, sha)
        if found is None:
            notes[sha] = "not a commit of this PR"
        elif not found["current"]:
            notes[sha] = "a PR commit no longer in the PR"
        else:
            notes[sha] = f"PR commit {found['position']} of {found['n_current']}"
    return notes
