"""GitHub's answers into stored documents: a pull request's description versions, its comments (and, from
the bulk reader, reviews and review comments) as documents linked to it, its commits and heads, and the
validators of the requests that read them, all in one transaction per pull request.

Texts are parsed before the transaction (`prepare_text`, through the same `ledger.ingest.prepare` step ingest
uses), so the write lock is held only for writing. Everything here writes only what differs: storing an
unchanged pull request again leaves the database as it was.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from ledger.errors import EmptyInput, FetchError, InputError, LedgerError
from ledger.github.models import validated
from ledger.github.text import normalise, replace_surrogates
from ledger.identity import PullRef, comment_key

_ID_IN_URL = re.compile(r"#(?:issuecomment|pullrequestreview|discussion_r)-?(\d{1,15})$")

if TYPE_CHECKING:
    from sqlite_utils import Database

    from ledger.db.pulls import CacheEntry, Commit
    from ledger.db.writes import PreparedVersion


@dataclass(frozen=True)
class Edit:
    """One text of the description: when it was written, by whom, and the full text after the edit."""

    at: str
    editor: str | None
    text: str


@dataclass
class Conversation:
    """A text linked to the PR: an issue comment, a review's body or a review comment."""

    key: str
    kind: str
    """comment, review or review-comment (the documents' `kind`)."""
    identity: dict[str, Any]
    meta: dict[str, Any]
    """author, authored_at (and state for a review): document columns."""
    prep: PreparedVersion | None
    """None for an empty text (a review with no body): the document is kept, without a version."""


@dataclass
class PullWrite:
    """What one fetch of a pull request read: None for each part GitHub said is unchanged (a 304)."""

    ref: PullRef
    data: dict[str, Any] | None = None
    """The pull request as `models.Pull` reads it."""
    versions: list[PreparedVersion] = field(default_factory=list)
    conversation: list[Conversation] | None = None
    commits: list[Commit] | None = None
    entries: list[CacheEntry] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Written:
    status: Literal["new", "updated", "unchanged"]
    document_id: int
    new_versions: int
    new_comments: int


def prepare_text(
    text: str,
    key: str,
    identity_kw: dict[str, Any],
    parser_version: str,
    edited_at: str | None,
    editor: str | None,
    warnings: list[str] | None = None,
) -> PreparedVersion | None:
    """Parse one GitHub text into a PreparedVersion; None for an empty text. A lone surrogate becomes U+FFFD
    with a warning; a parser bug costs this text (an InputError), never the PR."""
    from ledger.db.writes import DocumentIdentity
    from ledger.ingest.prepare import prepare_version
    from ledger.ingest.sources import decode
    from ledger.model import ParseWarning

    text, surrogates = replace_surrogates(normalise(text))
    try:
        src = decode(text.encode("utf-8"), key)
    except EmptyInput:
        return None
    if surrogates:
        note = f"{surrogates} lone surrogate{'s' if surrogates != 1 else ''} (not text) replaced with U+FFFD"
        src.warnings.append(ParseWarning(None, note))
        if warnings is not None:
            warnings.append(f"{key}: {note}")
    try:
        prep = prepare_version(
            src,
            DocumentIdentity(key=key, **identity_kw),
            parser_version,
            fmt="markdown",
            name=key,
            source_path=identity_kw.get("url") or key,
        )
    except LedgerError:
        raise
    except Exception as exc:  # a parser bug costs this text (a warning), never the PR or the batch
        raise InputError(key, f"could not be parsed ({type(exc).__name__}: {str(exc)[:200]})") from None
    prep.edited_at = edited_at
    prep.editor = editor
    return prep


def description_versions(
    ref: PullRef, data: dict[str, Any], edits: list[Edit], exact: bool, pv: str, warnings: list[str]
) -> list[PreparedVersion]:
    """The description's versions oldest first: its edits, then the current body when it is not the last
    edit's text. `exact`: the edit history was read, so a body never edited was written when the PR was
    opened, by its author; otherwise the body is at least as new as the last edit and no newer than the
    PR's last update."""
    identity = {"repo": ref.repo, "pr": ref.number, "url": data.get("html_url"), "title": data.get("title")}
    texts = list(edits)
    body = normalise(str(data.get("body") or ""))
    if body.strip() and (not texts or texts[-1].text != body):
        never_edited = exact and not texts
        at = str((data.get("created_at") if never_edited else data.get("updated_at")) or data.get("created_at") or "")
        texts.append(Edit(at, login(data.get("user")) if never_edited else None, body))
    preps = []
    for e in texts:
        try:
            prep = prepare_text(e.text, ref.key, identity, pv, e.at or None, e.editor, warnings)
        except InputError as exc:
            warnings.append(str(exc))
            continue
        if prep is not None:
            preps.append(prep)
    return preps


def issue_comments(ref: PullRef, items: list[Any], pv: str, warnings: list[str]) -> list[Conversation]:
    """REST issue comments (or GraphQL ones in the same shape) as conversation documents; a malformed
    one is skipped with a warning, one whose text cannot be parsed keeps its document without a version."""
    out = []
    for i, raw in enumerate(items):
        cid = raw.get("id") if isinstance(raw, dict) else None
        try:
            c = validated(
                "Comment", raw, comment_key(ref, cid) if isinstance(cid, int) else f"{ref.key}/comment/#{i + 1}"
            )
        except FetchError as exc:
            warnings.append(f"{exc}; that comment is skipped")
            continue
        key = comment_key(ref, c["id"])
        author = login(c.get("user"))
        identity = {
            "repo": ref.repo,
            "pr": ref.number,
            "url": c.get("html_url"),
            "title": f"comment by {author or 'unknown'}",
        }
        try:
            prep = prepare_text(
                c.get("body") or "", key, identity, pv, c.get("updated_at") or c.get("created_at"), author, warnings
            )
        except InputError as exc:
            warnings.append(str(exc))
            prep = None
        out.append(Conversation(key, "comment", identity, {"author": author, "authored_at": c.get("created_at")}, prep))
    return out


def pull_meta(data: dict[str, Any]) -> dict[str, Any]:
    state = "merged" if data.get("merged_at") else str(data.get("state") or "").lower() or None
    labels = [str(lb.get("name")) for lb in data.get("labels") or [] if isinstance(lb, dict) and lb.get("name")]
    head, base = data.get("head") or {}, data.get("base") or {}
    return {
        "title": data.get("title"),
        "url": data.get("html_url"),
        "author": login(data.get("user")),
        "state": state,
        "merged_at": data.get("merged_at"),
        "labels": labels,
        "authored_at": data.get("created_at"),
        "head_sha": head.get("sha"),
        "base_sha": base.get("sha"),
        "kind": "pr",
        "github_updated_at": data.get("github_updated_at"),
    }


def login(user: Any) -> str | None:
    return str(user["login"]) if isinstance(user, dict) and user.get("login") else None


def valid_commit(raw: Any, key: str, warnings: list[str]) -> dict[str, Any] | None:
    """A PR commit as we read it; one whose details are malformed keeps its sha (what resolves a stated
    head), with a warning; one without a sha is skipped."""
    try:
        return validated("Commit", raw, f"{key}: commit")
    except FetchError as exc:
        try:
            bare = validated("CommitSha", raw, f"{key}: commit")
        except FetchError:
            warnings.append(f"{exc}; that commit is skipped")
            return None
        warnings.append(f"{exc}; kept its sha {bare['sha'][:12]} only")
        return {"sha": bare["sha"], "commit": None, "author": None}


def commit_row(c: dict[str, Any]) -> Commit:
    """A PR commit from `GET /pulls/{n}/commits`: sha, commit time, author login (or name), first line."""
    inner = c.get("commit") or {}
    committer = inner.get("committer") or {}
    author = login(c.get("author")) or (inner.get("author") or {}).get("name")
    message = str(inner.get("message") or "").split("\n", 1)[0][:300] or None
    return str(c["sha"]).lower(), committer.get("date"), author, message


def write_pull(db: Database, w: PullWrite, known: dict[str, Any] | None) -> Written:
    """Store what `w` read, in one transaction (or nothing); `known` is the PR's stored row, if any."""
    from ledger.db.pulls import cache_put, ensure_document, immediate, order_versions_by_time, record_head, sync_commits
    from ledger.db.writes import DocumentIdentity, write_version

    key = w.ref.key
    new_versions = new_comments = 0
    wrote = False
    with immediate(db):
        data = w.data
        if data is not None:
            doc_id, changed = ensure_document(
                db,
                DocumentIdentity(
                    key=key, repo=w.ref.repo, pr=w.ref.number, url=data.get("html_url"), title=data.get("title")
                ),
                pull_meta(data),
            )
            wrote |= changed
            for prep in w.versions:
                if write_version(db, prep).status != "unchanged":
                    new_versions += 1
            body = normalise(str(data.get("body") or ""))
            current = next((p.sha256 for p in reversed(w.versions) if p.text == body), None)
            wrote |= order_versions_by_time(db, doc_id, latest_sha=current)
            head, base = data.get("head") or {}, data.get("base") or {}
            if head.get("sha"):
                wrote |= record_head(db, doc_id, str(head["sha"]), base.get("sha"), head.get("ref"), base.get("ref"))
        else:
            doc_id = int((known or {})["id"])
        for c in w.conversation or []:
            _, changed = ensure_document(
                db, DocumentIdentity(key=c.key, **c.identity), {**c.meta, "kind": c.kind, "parent_id": doc_id}
            )
            wrote |= changed
            if c.prep is not None:
                written = write_version(db, c.prep)
                if written.status != "unchanged" and written.version == 1 and c.kind == "comment":
                    new_comments += 1
                wrote |= written.status != "unchanged"
        if w.commits is not None:
            wrote |= sync_commits(db, doc_id, w.commits)
        wrote |= cache_put(db, w.entries) > 0
    status: Literal["new", "updated", "unchanged"] = (
        "new" if known is None else ("updated" if wrote or new_versions else "unchanged")
    )
    return Written(status, doc_id, new_versions, new_comments)


def number_of(obj: dict[str, Any]) -> int | None:
    """A comment's or review's number: its databaseId, else the one in its URL, else one derived from its
    node id (gh prints node ids; the same node always gives the same number)."""
    if isinstance(obj.get("databaseId"), int):
        return int(obj["databaseId"])
    m = _ID_IN_URL.search(str(obj.get("url") or ""))
    if m:
        return int(m.group(1))
    node = obj.get("id")
    if isinstance(node, str) and node:
        return int(hashlib.sha256(node.encode()).hexdigest()[:12], 16)
    return None
