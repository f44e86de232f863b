"""Pull requests that others already read from GitHub: the JSON of the `gh` command, and the tables of a
github-to-sqlite database. No request is made; each PR is stored through `store.write_pull`, as a fetch
stores it, so ingesting the same file again writes nothing.

    ingest_gh_json(["pulls.json", "pr-4821.json"], "ledger.db")
    ingest_github_to_sqlite(["github.db"], "ledger.db", repo="vllm-project/vllm")

Accepted JSON: `gh api --paginate --slurp repos/O/R/pulls` (a list of pages of REST pull requests; without
--slurp, the concatenated pages), one REST pull request, `gh pr view N --json ...` (an object with
`number`, `body`, `author`, and any of `comments`, `reviews`, `commits`, `statusCheckRollup`, `labels`,
`headRefOid`, ...) or `gh pr list --json ...` (a list of those). A github-to-sqlite database gives its
`pull_requests` (with `users` and `repos` for names) and the `issue_comments` whose `issue_url` names
one of them. These sources carry no edit history: the description is stored as it is now, at its last
update. The PRs keep no `github_updated_at`, so a later `ledger fetch OWNER/REPO` reads them in full.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ledger.errors import FetchError, InputError, LedgerError, NotFound
from ledger.github.checks import checks_key, checks_version
from ledger.github.models import validated
from ledger.github.store import (
    Conversation,
    PullWrite,
    commit_row,
    description_versions,
    issue_comments,
    login,
    number_of,
    prepare_text,
    valid_commit,
    write_pull,
)
from ledger.github.text import neutral
from ledger.identity import PullRef, parse_repo, pull_from_url, review_key

if TYPE_CHECKING:
    from sqlite_utils import Database

    from ledger.github.result import FetchResult

_ISSUE_URL = re.compile(r"/repos/([A-Za-z0-9_.-]{1,100}/[A-Za-z0-9_.-]{1,100})/issues/(\d{1,9})$")
MAX_JSON_BYTES = 512 * 2**20


def ingest_gh_json(
    paths: Sequence[str],
    db: str | os.PathLike[str],
    *,
    repo: str | None = None,
    on_result: Callable[[FetchResult], None] | None = None,
) -> list[FetchResult]:
    """Store the pull requests of `gh` JSON files; one result per PR (an unreadable file is one error)."""
    from ledger.github.result import FetchResult

    if repo is not None:
        parse_repo(repo)
    results: list[FetchResult] = []

    def emit(r: FetchResult) -> None:
        results.append(r)
        if on_result is not None:
            on_result(r)

    with _ledger(db) as ledger_db:
        for path in paths:
            try:
                items = list(_pull_objects(_read_json(path)))
            except InputError as exc:
                emit(FetchResult(path, "error", error=str(exc)))
                continue
            if not items:
                emit(FetchResult(path, "error", error=f"{path}: no pull requests in this JSON"))
            for item in items:
                emit(_store(ledger_db, item, repo, path))
    return results


def ingest_github_to_sqlite(
    paths: Sequence[str],
    db: str | os.PathLike[str],
    *,
    repo: str | None = None,
    on_result: Callable[[FetchResult], None] | None = None,
) -> list[FetchResult]:
    """Store the pull requests (and their issue comments) of github-to-sqlite databases; `repo` keeps one."""
    from ledger.github.result import FetchResult

    if repo is not None:
        parse_repo(repo)
    results: list[FetchResult] = []

    def emit(r: FetchResult) -> None:
        results.append(r)
        if on_result is not None:
            on_result(r)

    with _ledger(db) as ledger_db:
        for path in paths:
            try:  # PR by PR: each is stored as soon as it is read, so memory holds one PR and its comments
                for item in _g2s_pulls(path, repo):
                    emit(_store(ledger_db, item, repo, path))
            except InputError as exc:
                emit(FetchResult(path, "error", error=str(exc)))
    return results


class _ledger:
    def __init__(self, db: str | os.PathLike[str]) -> None:
        self.path = db

    def __enter__(self) -> Database:
        from ledger.db import open_database

        self.db = open_database(self.path)
        return self.db

    def __exit__(self, *exc: object) -> None:
        self.db.close()


def _read_json(path: str) -> Any:
    p = Path(path)
    if not p.is_file():
        raise NotFound(path, "no such file")
    if p.stat().st_size > MAX_JSON_BYTES:
        raise InputError(path, f"over the {MAX_JSON_BYTES:,}-byte limit for a JSON file")
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(path, f"not UTF-8 (byte {exc.start})") from None
    decoder = json.JSONDecoder()
    values, at = [], 0
    try:
        while True:  # `gh api --paginate` without --slurp prints one JSON array per page, back to back
            while at < len(text) and text[at].isspace():
                at += 1
            if at >= len(text):
                break
            value, at = decoder.raw_decode(text, at)
            values.append(value)
    except RecursionError:
        raise InputError(path, "JSON nested too deeply") from None
    except ValueError as exc:
        raise InputError(path, f"not JSON ({exc})") from None
    return values[0] if len(values) == 1 else values


def _pull_objects(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from _pull_objects(v)


def _store(db: Database, item: dict[str, Any], repo: str | None, where: str) -> FetchResult:
    from ledger.db.pulls import known_document
    from ledger.github.result import FetchResult, pull_result
    from ledger.ingest.prepare import parser_version

    number = item.get("number")
    label = (
        f"{where}: #{number}"
        if isinstance(number, int)
        else f"{where}: pull_requests row id {item['_row']}"
        if item.get("_row") is not None
        else where
    )
    if item.get("_error"):
        return FetchResult(label, "error", error=neutral(f"{label}: {item['_error']}")[:500])
    try:
        ref = _ref(item, repo, label)
        w = (
            _gh_write(ref, item, parser_version())
            if "html_url" not in item
            else _rest_write(ref, item, parser_version())
        )
        w.warnings.extend(item.get("_warnings") or [])
        written = write_pull(db, w, known_document(db, ref.key))
        return pull_result(
            db, ref.key, written.status, written.document_id, written.new_versions, written.new_comments, w.warnings
        )
    except LedgerError as exc:
        return FetchResult(label, "error", error=neutral(str(exc))[:500])
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:
        return FetchResult(
            label,
            "error",
            error=neutral(f"{label}: not a pull request as gh writes one ({type(exc).__name__}: {exc})")[:500],
        )


def _ref(item: dict[str, Any], repo: str | None, label: str) -> PullRef:
    number = item.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or not 0 < number <= MAX_PR_NUMBER:
        raise FetchError(f"{label}: not a pull request (no number, or not one GitHub gives)")
    url = item.get("html_url") or item.get("url")
    found = pull_from_url(url) if isinstance(url, str) else None
    base = item.get("base")
    base_repo = base.get("repo") if isinstance(base, dict) else None
    named = base_repo.get("full_name") if isinstance(base_repo, dict) else None
    name = repo or (found.repo if found else None) or named
    if not isinstance(name, str):
        raise FetchError(f"{label}: the JSON does not say which repository; give --repo OWNER/NAME")
    return PullRef(parse_repo(name), number)


def _rest_write(ref: PullRef, item: dict[str, Any], pv: str) -> PullWrite:
    """A REST pull request (`gh api repos/O/R/pulls`, a github-to-sqlite row): the description, and the
    issue comments a github-to-sqlite database holds for it."""
    w = PullWrite(ref)
    w.data = validated("Pull", {k: v for k, v in item.items() if k != "comments"}, ref.key)
    w.versions = description_versions(ref, w.data, [], False, pv, w.warnings)
    if isinstance(item.get("comments"), list):
        w.conversation = issue_comments(ref, item["comments"], pv, w.warnings)
    return w


def _gh_write(ref: PullRef, item: dict[str, Any], pv: str) -> PullWrite:
    """`gh pr view --json ...`: GraphQL's field names, lists instead of connections."""
    state = item.get("state")
    rest = {
        "number": ref.number,
        "title": item.get("title"),
        "html_url": item.get("url"),
        "state": "open" if state == "OPEN" else "closed" if isinstance(state, str) else None,
        "user": item.get("author"),
        "body": item.get("body"),
        "labels": item.get("labels") or [],
        "created_at": item.get("createdAt"),
        "updated_at": item.get("updatedAt"),
        "merged_at": item.get("mergedAt"),
        "head": {"sha": item.get("headRefOid"), "ref": item.get("headRefName")},
        "base": {"sha": item.get("baseRefOid"), "ref": item.get("baseRefName")},
    }
    w = PullWrite(ref)
    w.data = validated("Pull", rest, ref.key)
    w.versions = description_versions(ref, w.data, [], False, pv, w.warnings)
    if isinstance(item.get("comments"), list):
        w.conversation = issue_comments(
            ref,
            [
                {
                    "id": number_of(c),
                    "body": c.get("body"),
                    "user": c.get("author"),
                    "html_url": c.get("url"),
                    "created_at": c.get("createdAt"),
                    "updated_at": c.get("updatedAt") or c.get("createdAt"),
                }
                if isinstance(c, dict)
                else c
                for c in item["comments"]
            ],
            pv,
            w.warnings,
        )
    for r in item.get("reviews") or [] if isinstance(item.get("reviews"), list) else []:
        conv = _gh_review(ref, r, pv, w.warnings)
        if conv is not None:
            w.conversation = (w.conversation or []) + [conv]
    if isinstance(item.get("commits"), list):
        w.commits = []
        for c in item["commits"]:
            authors = c.get("authors") if isinstance(c, dict) and isinstance(c.get("authors"), list) else []
            first = authors[0] if authors and isinstance(authors[0], dict) else {}
            shaped = (
                {
                    "sha": c.get("oid"),
                    "author": {"login": first.get("login")} if first.get("login") else None,
                    "commit": {
                        "message": c.get("messageHeadline"),
                        "committer": {"date": c.get("committedDate")},
                        "author": {"name": first.get("name")},
                    },
                }
                if isinstance(c, dict)
                else c
            )
            valid = valid_commit(shaped, ref.key, w.warnings)
            if valid is not None:
                w.commits.append(commit_row(valid))
    head = item.get("headRefOid")
    if isinstance(item.get("statusCheckRollup"), list) and isinstance(head, str):
        prep = checks_version(ref, head, item["statusCheckRollup"], pv, w.warnings)
        if prep is not None:
            w.conversation = (w.conversation or []) + [
                Conversation(
                    checks_key(ref, head),
                    "checks",
                    {"repo": ref.repo, "pr": ref.number, "url": None, "title": prep.identity.title},
                    {},
                    prep,
                )
            ]
    return w


def _gh_review(ref: PullRef, r: Any, pv: str, warnings: list[str]) -> Conversation | None:
    if not isinstance(r, dict):
        warnings.append(f"{ref.key}: a review that is not an object is skipped")
        return None
    who = login(r.get("author"))
    number = number_of(r)
    if number is None:
        warnings.append(f"{ref.key}: a review without an id is skipped")
        return None
    key = review_key(ref, number)
    identity = {
        "repo": ref.repo,
        "pr": ref.number,
        "url": r.get("url") if isinstance(r.get("url"), str) else None,
        "title": f"review by {who or 'unknown'} ({str(r.get('state') or '').lower()})",
    }
    body = r.get("body")
    if body is not None and not isinstance(body, str):
        warnings.append(f"{key}: the review's body is not text; that review is skipped")
        return None
    at = r.get("submittedAt") if isinstance(r.get("submittedAt"), str) else None
    try:
        prep = prepare_text(body or "", key, identity, pv, at, who, warnings)
    except InputError as exc:
        warnings.append(str(exc))
        prep = None
    state = r.get("state")
    return Conversation(
        key,
        "review",
        identity,
        {"author": who, "authored_at": at, "state": state.lower() if isinstance(state, str) else None},
        prep,
    )


# ---- github-to-sqlite ------------------------------------------------------------------------------------


MAX_PR_NUMBER = 2**31 - 1
"""GitHub's issue and pull-request numbers are 32-bit; a larger one is not a pull request's (and past 2^63 it
would not even fit SQLite's INTEGER)."""


class _Undecodable(str):
    """A text cell that is not UTF-8, decoded with replacement marks so the row can be named and refused."""


def _text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return _Undecodable(raw.decode("utf-8", "replace"))


G2S_STATEMENT_SECONDS = 120.0
"""The longest one statement over a github-to-sqlite database may run (a full scan of millions of comments
takes seconds); past it the database is given up with a message, never waited on without end."""


def _g2s_pulls(path: str, repo: str | None) -> Iterator[dict[str, Any]]:
    """The pull requests of a github-to-sqlite database in the REST shape, each with its issue comments, one
    at a time."""
    if not Path(path).is_file():
        raise NotFound(path, "no such file")
    try:
        conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise InputError(path, f"cannot be opened ({exc})") from None
    conn.text_factory = _text  # one cell that is not UTF-8 costs its row, not the whole database
    deadline = [time.monotonic() + G2S_STATEMENT_SECONDS]
    conn.set_progress_handler(lambda: 1 if time.monotonic() > deadline[0] else 0, 10_000)
    try:
        yield from _g2s_rows(conn, path, repo, deadline)
    except sqlite3.DatabaseError as exc:
        if "interrupted" in str(exc):
            raise InputError(path, f"a query ran past {G2S_STATEMENT_SECONDS:g} s; given up") from None
        raise InputError(path, f"not a github-to-sqlite database ({exc})") from None
    finally:
        conn.close()


def _tables(conn: sqlite3.Connection) -> set[str]:
    """The database's tables: a view in a table's place may be endless, so it is never read."""
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}


def _g2s_rows(conn: sqlite3.Connection, path: str, repo: str | None, deadline: list[float]) -> Iterator[dict[str, Any]]:
    def statement(sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        deadline[0] = time.monotonic() + G2S_STATEMENT_SECONDS
        return conn.execute(sql, params)

    tables = _tables(conn)
    if "pull_requests" not in tables or not {"number", "body"} <= _columns(conn, "pull_requests"):
        raise InputError(path, "has no pull_requests table with number and body (github-to-sqlite pull-requests)")
    pr_cols = _columns(conn, "pull_requests")
    users = (
        {r[0]: r[1] for r in statement("SELECT id, login FROM users")}
        if "users" in tables and {"id", "login"} <= _columns(conn, "users")
        else {}
    )
    repos = (
        {r[0]: r[1] for r in statement("SELECT id, full_name FROM repos")}
        if "repos" in tables and {"id", "full_name"} <= _columns(conn, "repos")
        else {}
    )
    wanted = [
        c
        for c in (
            "id",
            "number",
            "title",
            "state",
            "user",
            "body",
            "created_at",
            "updated_at",
            "merged_at",
            "head",
            "base",
            "repo",
            "url",
        )
        if c in pr_cols
    ]
    # the comments' places only (PR -> rowids, in order); each PR's comments are read when it is
    where: dict[tuple[str, int], list[int]] = {}
    ic_cols = _columns(conn, "issue_comments") if "issue_comments" in tables else set()
    got = [c for c in ("id", "body", "user", "html_url", "created_at", "updated_at", "issue_url") if c in ic_cols]
    if {"id", "body", "issue_url"} <= ic_cols:
        for rowid, issue_url in statement("SELECT rowid, issue_url FROM issue_comments ORDER BY created_at, id"):
            m = _ISSUE_URL.search(str(issue_url or ""))
            if m:
                where.setdefault((m.group(1).lower(), int(m.group(2))), []).append(rowid)
    for row in statement(f"SELECT {', '.join(wanted)} FROM pull_requests ORDER BY number"):
        r = dict(zip(wanted, row, strict=True))
        url = r.get("url") if isinstance(r.get("url"), str) else None
        found = pull_from_url(url) if url else None
        name = repos.get(r.get("repo")) or (found.repo if found else None)
        if repo is not None and (name or "").lower() != repo.lower():
            continue
        item: dict[str, Any] = {
            "number": r["number"],
            "title": r.get("title"),
            "state": r.get("state"),
            "body": r.get("body"),
            "html_url": url,
            "user": {"login": users.get(r.get("user"))} if r.get("user") in users else None,
            "created_at": r.get("created_at"),
            "updated_at": r.get("updated_at"),
            "merged_at": r.get("merged_at"),
            "head": {"sha": r.get("head")} if isinstance(r.get("head"), str) else None,
            "base": {"sha": r.get("base"), "repo": {"full_name": name}} if name else None,
            "_row": r.get("id"),
        }
        undecodable = [k for k, v in r.items() if isinstance(v, _Undecodable)]
        if undecodable:
            item["_error"] = f"{', '.join(undecodable)} not UTF-8; row skipped"
        if isinstance(r["number"], int):
            rowids = where.get(((name or "").lower(), r["number"]), [])
            item["comments"], item["_warnings"] = _g2s_comments(statement, got, rowids, users, path)
        yield item
        deadline[0] = time.monotonic() + G2S_STATEMENT_SECONDS  # the bound is per row read, not per database


def _g2s_comments(
    statement: Callable[..., sqlite3.Cursor], got: Sequence[str], rowids: list[int], users: dict[Any, Any], path: str
) -> tuple[list[dict[str, Any]], list[str]]:
    """One PR's issue comments, read by their rowids (500 a statement), in the order they were written."""
    comments: list[dict[str, Any]] = []
    warnings: list[str] = []
    for chunk in (rowids[i : i + 500] for i in range(0, len(rowids), 500)):
        rows = statement(
            f"SELECT rowid, {', '.join(got)} FROM issue_comments WHERE rowid IN ({', '.join('?' * len(chunk))})", chunk
        ).fetchall()
        order = {rid: i for i, rid in enumerate(chunk)}
        for row in sorted(rows, key=lambda x: order[x[0]]):
            c = dict(zip(got, row[1:], strict=True))
            if isinstance(c.get("body"), _Undecodable):
                warnings.append(f"{path}: issue comment {c['id']}: its body is not UTF-8; skipped")
                continue
            comments.append(
                {
                    "id": c["id"],
                    "body": c["body"],
                    "user": {"login": users.get(c.get("user"))},
                    "html_url": c.get("html_url"),
                    "created_at": c.get("created_at"),
                    "updated_at": c.get("updated_at"),
                }
            )
    return comments, warnings
