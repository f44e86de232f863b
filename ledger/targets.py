"""What compare, trend and report compare, loaded: files (extracted now), claims files, ledger documents.

    with ledger.open_ledger("ledger.db") as book:
        comparison = run_compare(["acme/engine#40"], book=book)
        trend = run_trend("gsm8k", [], book=book)          every document of the ledger

`ledger compare` and `ledger trend` as library functions: the targets are named as a user names them, loaded
here (a document file parsed now, a claims file read, a ledger document read through the open ledger's one
connection) and handed to ledger.compare, which never sees a file, a path or the database
(tests/test_architecture.py checks that no chain of imports takes compare to a parser).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ledger.compare.keys import MEASURED_KINDS
from ledger.compare.revisions import CI_LABEL
from ledger.compare.run import Comparison, Loaded, checked_kinds, checked_options, compare_loaded
from ledger.compare.trend import Trend, trend_of
from ledger.errors import InputError, UsageError
from ledger.messages import REPORT_MARKER, warning_line
from ledger.model import Claim

if TYPE_CHECKING:
    from ledger.compare.noise import NoiseModel
    from ledger.db.opened import OpenLedger

__all__ = [
    "claims_from_dicts",
    "load_stored",
    "load_target",
    "read_claims_file",
    "run_compare",
    "run_trend",
    "target_name",
]


def run_compare(
    targets: list[str],
    *,
    book: OpenLedger,
    noise: NoiseModel | None = None,
    from_: str | None = None,
    to: str | None = None,
    by: str = "auto",
    order: str = "auto",
    input_format: str | None = None,
    kinds: list[str] | None = None,
    model: str | None = None,
    repo: str | None = None,
    stored_only: bool = False,
) -> Comparison:
    """`ledger compare`: one document's revisions or several documents (ledger.compare.run.compare_loaded).
    `stored_only`: targets name ledger documents only, never files (the web view, the main line's PRs)."""
    from ledger.references import load_registered

    kinds = checked_options(by, kinds)
    loaded = [
        load_target(t if stored_only else target_name(t, repo), book, input_format, stored_only=stored_only)
        for t in targets
    ]
    return compare_loaded(
        loaded,
        registered=load_registered(book),
        noise=noise,
        from_=from_,
        to=to,
        by=by,
        order=order,
        kinds=kinds,
        model=model,
    )


def run_trend(
    metric: str,
    targets: list[str],
    *,
    book: OpenLedger,
    where: list[str] | None = None,
    kinds: list[str] | None = None,
    order: str = "auto",
    input_format: str | None = None,
    noise: NoiseModel | None = None,
    mix: bool = False,
    stored_only: bool = False,
) -> Trend:
    """`ledger trend`: a metric's values across the targets' revisions (every ledger document when no target is
    given, each read through the book's one connection). `stored_only`: targets name ledger documents only."""
    kinds = checked_kinds(kinds)
    if targets:
        loaded = [
            load_target(t if stored_only else target_name(t), book, input_format, stored_only=stored_only)
            for t in targets
        ]
    else:
        if not book.exists():
            raise UsageError(f"no targets given and no ledger at {book.path}")
        from ledger.db.targets import document_ids

        loaded = [load_stored(book, str(i)) for i in document_ids(book.reader)]
    return trend_of(metric, loaded, where=where, kinds=kinds, order=order, noise=noise, mix=mix)


def target_name(target: str, repo: str | None = None) -> str:
    """A target as users type it: a file as given; a PR as `owner/name#N`, a PR URL, or `#N` / `N` with
    `repo`, named by its document key; anything else as given (a document id, key or path in the ledger)."""
    if Path(target).exists() or target == "-":
        return target
    from ledger.identity import parse_pull

    t = target.strip()
    if repo and t.isdigit():
        t = f"#{t}"
    try:
        return parse_pull(t, repo).key
    except UsageError:
        return target


def load_target(target: str, book: OpenLedger, fmt: str | None = None, *, stored_only: bool = False) -> Loaded:
    """A file path (extracted now) or a ledger document (all its stored versions). `stored_only`: a ledger
    document only, whatever file the name also names (the web view, and document ids, which are never paths)."""
    p = Path(target)
    if not stored_only and p.is_file() and p.suffix.lower() in (".jsonl", ".ndjson", ".json"):
        return Loaded(p.name, [(None, read_claims_file(target))])
    if not stored_only and (p.is_file() or target == "-"):
        from ledger.ingest.extracting import extract_file

        result = extract_file(target, fmt=fmt)
        return Loaded(
            p.name,
            [(None, list(result.claims))],
            warnings=[warning_line(target, w) for w in result.warnings[:3]],
            lines=result.document.lines if result.document else [],
        )
    if not book.exists():
        raise UsageError(
            f"{target!r} is not a file, and there is no ledger at {book.path} to look it up in "
            "(ingest it first, or give --db)"
        )
    return load_stored(book, target)


def load_stored(book: OpenLedger, ref: str) -> Loaded:
    """The ledger document `ref` names: every stored version's claims, and its comments with results."""
    from ledger.db.targets import stored_document

    doc = stored_document(book.reader, ref)
    versions = [(v, claims_from_dicts(rows)) for v, rows in doc.versions]
    comments = []
    for child in doc.children:
        if str(child.get("starts_with") or "").lstrip("\ufeff").startswith(REPORT_MARKER):
            continue  # the ledger's own report comment is not evidence
        cl = claims_from_dicts(child["claims"])
        if any(
            c.kind in MEASURED_KINDS and not (c.revision and (c.revision.label or "").lower() == CI_LABEL) for c in cl
        ):
            who = f"{child['kind'] or 'comment'} by {child['author']}" if child.get("author") else str(child["key"])
            at = f" {str(child['authored_at'])[:10]}" if child.get("authored_at") else ""
            comments.append((who + at, child.get("authored_at"), cl))
    return Loaded(
        doc.key,
        versions,
        claims_from_dicts(doc.linked),
        doc.heads,
        stored=True,
        comments=comments,
        version_times=doc.version_times,
        lines=doc.text.splitlines(),
    )


def claims_from_dicts(rows: list[dict[str, Any]]) -> list[Claim]:
    """Stored rows (the claims contract's shape) as claims; a row the model refuses is left out."""
    out = []
    for r in rows:
        try:
            out.append(Claim.model_validate(r))
        except ValueError:
            continue
    return out


def read_claims_file(path: str) -> list[Claim]:
    """Claims in the contract's shape: JSON lines (`ledger extract --format jsonl`) or one JSON array."""
    from ledger.ingest.sources import read_path

    text = read_path(path).text
    try:
        if text.lstrip().startswith("["):
            raw = json.loads(text)
        else:
            raw = [json.loads(line) for line in text.splitlines() if line.strip()]
    except ValueError as exc:
        raise InputError(path, f"not JSON claims: {exc}") from None
    if not isinstance(raw, list):
        raise InputError(path, "expected a JSON array or JSON lines of claims")
    out: list[Claim] = []
    for i, item in enumerate(raw, 1):
        try:
            out.append(Claim.model_validate(item))
        except ValueError as exc:
            first = str(exc).splitlines()[:3]
            raise InputError(path, f"claim {i} does not fit the claims contract: {' '.join(first)}") from None
    return out
