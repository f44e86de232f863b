"""What each page shows, computed by the library functions the CLI calls; nothing here writes SQL.

    pr_page(book, "NVIDIA/TensorRT-LLM", 20144)            ledger show + report + claims --group-by revision + trend
    doc_page(conn, 1, 1, span)                              the stored text of a version, its claims' lines
    compare_page(book, targets, from_, to)                 ledger compare
    support_page(book, subject, feature)                   ledger support

A page's `.json` twin is its data before layout: `pr_data`, `compare_data` (`Comparison.to_dict()`), `trend_data`
(`Trend.to_dict()`), `support_data` (`SupportAnswer.to_dict()`), `index_page` as it is and
`document_page.doc_data`; the page functions lay the same data out.

`book` is the open ledger (ledger.api.Ledger) wrapping the web server's read-only connection (datasette's,
`mode=ro`), `conn` that connection itself (`book.reader`): the library calls (report, compare, trend, support, as
the CLI calls them) read through it too, and open nothing of their own. Each function returns plain
data for a template; `NotFound` means a 404 and `UsageError` a 400, both with one line of text. The charts of
the trend and PR pages are drawn by ledger.web.charts.

The report, compare, trend and support calls are in ledger.web.library; results are read as their `to_dict()`
(what `ledger compare --format json` prints), the shape scripts read too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import quote

from ledger.db.documents import ci_runs, claim_location, document_overview, documents, pr_document
from ledger.db.reads import ClaimFilter, claims, resolve_document
from ledger.errors import LedgerError, UsageError
from ledger.output.formats import GroupBy
from ledger.output.rows import config_text, grouped, revision_text
from ledger.output.terminal import fmt_value
from ledger.vocab.outcomes import CI_LABEL
from ledger.vocab.support import VALUES as SUPPORT_VALUES
from ledger.web import library, review
from ledger.web.charts import pr_charts, trend_charts
from ledger.web.links import PREFIX, doc_href

if TYPE_CHECKING:
    from ledger.api import Ledger
    from ledger.db.reads import Reader

OUTCOME_ORDER = ("fail", "waived", "not_verified", "not_run", "skipped", "pass")
"""Gates as a reviewer reads them: what failed first, what passed last."""


class NotFound(LedgerError):
    """The page names something the ledger does not hold (a 404)."""


def claim_href(c: dict[str, Any]) -> str | None:
    """The link to a stored claim's line (claims in the contract's shape, as db.reads gives them)."""
    src = c.get("source") or {}
    if src.get("document_id") is None or src.get("version") is None or src.get("line") is None:
        return None
    return doc_href(src["document_id"], src["version"], src["line"], src.get("line_end"))


def claim_row(c: dict[str, Any]) -> dict[str, Any]:
    src = c.get("source") or {}
    return {
        "kind": c.get("kind"),
        "metric": c.get("metric") or "",
        "value": fmt_value(c),
        "reference": c.get("reference"),
        "outcome": c.get("outcome"),
        "config": config_text(c.get("config")),
        "revision": revision_text(c.get("revision")),
        "line": src.get("line"),
        "text": src.get("text") or "",
        "section": " > ".join(src.get("section") or []),
        "href": claim_href(c),
    }


# ---- the pull request page -------------------------------------------------------------------------------------


def pr_data(book: Ledger, repo: str, number: int) -> dict[str, Any]:
    """What the PR page shows, as data (its `.json` twin): the document, its versions, the newest version's
    revisions, claim counts, warnings, CI runs and claims (the contract's shape), its comments with their claims,
    the report (`Report.to_dict()`) and the comparison it was built from (`Comparison.to_dict()`, None when fewer
    than two revisions were compared)."""
    conn = book.reader
    doc = pr_document(conn, repo, number)
    if doc is None:
        raise NotFound(f"no pull request {repo}#{number} in this ledger")
    overview = document_overview(conn, str(doc["id"]))
    from ledger.db.pulls import comments_of

    linked = comments_of(cast(Any, conn), int(doc["id"]))
    for d in linked:
        d["claims"] = claims(conn, ClaimFilter(document=str(d["id"])))
    key = str(doc["key"])
    comparison, report = library.report(book, key)
    return {
        "document": doc,
        "versions": overview["versions"],
        "version": overview["version"],
        "revisions": overview["revisions"],
        "counts": overview["counts"],
        "warnings": overview["warnings"],
        "ci_runs": ci_runs(conn, key),
        "claims": claims(conn, ClaimFilter(document=str(doc["id"]))),
        "linked": linked,
        "report": report,
        "comparison": comparison,
    }


def pr_page(book: Ledger, repo: str, number: int) -> dict[str, Any]:
    """The PR page: its data (pr_data) laid out: revisions and CI runs linked to their lines, the review report,
    gates by outcome, claims by revision and the charts of the PR's series."""
    d = pr_data(book, repo, number)
    conn, doc, newest, comparison = book.reader, d["document"], d["claims"], d["comparison"]
    revisions = [
        {**r, "href": doc_href(doc["id"], d["version"], r["line"]) if r.get("line") else None} for r in d["revisions"]
    ]
    runs = [{**r, "href": doc_href(r["document_id"], r["version"], r["line"])} for r in d["ci_runs"]]
    gates = [c for c in newest if c.get("kind") == "gate" and not _of_ci_bot(c)]
    by_outcome = {o: [claim_row(c) for c in gates if c.get("outcome") == o] for o in OUTCOME_ORDER}
    by_outcome["unknown"] = [claim_row(c) for c in gates if c.get("outcome") not in OUTCOME_ORDER]
    link = _linker(conn, comparison, [doc])
    return {
        "doc": doc,
        "labels": doc["labels"],
        "versions": d["versions"],
        "version": d["version"],
        "revisions": revisions,
        "counts": d["counts"],
        "warnings": d["warnings"],
        "ci_runs": runs,
        "ci_commits": _ci_commits(runs, {"tested": d["report"].get("tested")}),
        "gates": by_outcome,
        "report": review.report_view(comparison, d["report"], link),
        # within a revision its results first: the commits it names follow them
        "groups": [
            (title, [claim_row(c) for c in sorted(rows, key=lambda c: c.get("kind") == "commit")])
            for title, rows in grouped(newest, GroupBy.revision)
        ],
        "n_claims": len(newest),
        "linked": [{**x, "claims": [claim_row(c) for c in x["claims"]]} for x in d["linked"]],
        "charts": pr_charts(book, str(doc["key"]), comparison),
    }


def _of_ci_bot(c: dict[str, Any]) -> bool:
    """A stored claim of a CI bot's run: its revision label is the bot's (vocab.outcomes.CI_LABEL)."""
    return ((c.get("revision") or {}).get("label") or "").strip().lower() == CI_LABEL


def _ci_commits(runs: Sequence[dict[str, Any]], comparison: dict[str, Any] | None) -> list[dict[str, Any]]:
    """One entry per commit CI ran on: its runs, their outcomes, and which measured revisions name it."""
    covered = {t["sha"]: t for t in ((comparison or {}).get("tested") or {}).get("ci_commits", [])}
    out: dict[str, dict[str, Any]] = {}
    for r in runs:
        sha = str(r.get("sha") or "?")
        entry = out.setdefault(
            sha,
            {
                "sha": sha,
                "runs": [],
                "outcomes": Counter(),
                "covered_by": (covered.get(sha.lower()) or {}).get("covered_by", []),
            },
        )
        entry["runs"].append(r)
        entry["outcomes"][r.get("outcome") or "unknown"] += 1
    for sha, t in covered.items():  # a head GitHub reported, with no CI run in the text
        if (t.get("source") or "").lower() != CI_LABEL and sha not in out:
            out[sha] = {
                "sha": sha,
                "runs": [],
                "outcomes": Counter(),
                "covered_by": t.get("covered_by", []),
                "github_head": True,
            }
    return list(out.values())


def _linker(conn: Reader, comparison: dict[str, Any] | None, docs: Sequence[dict[str, Any]]) -> review.Linker:
    revisions = review.revisions_of(comparison)
    latest = {str(d["key"]): document_overview(conn, str(d["id"]))["version"] for d in docs}
    by_key = {str(d["key"]): d for d in docs}
    where: dict[str, tuple[Any, Any]] = {}
    for r in revisions:
        d = by_key.get(r.get("document") or "") or (docs[0] if len(docs) == 1 else None)
        if d is not None:
            where[r["name"]] = (d["id"], r.get("version") or latest[str(d["key"])])
    only = (docs[0]["id"], latest[str(docs[0]["key"])]) if len(docs) == 1 else None

    def link(revision: str | None, line: Any) -> str | None:
        place = where.get(revision or "") or only
        return doc_href(place[0], place[1], line) if place and line else None

    return link


MAX_TARGETS = 20
"""Documents one compare page compares (and one trend page names)."""
MAX_TREND_DOCUMENTS = 1_000
"""A trend with no target loads every document, text and all: 100,000 of them were over 300 s and 5 GB."""


def _trend_asked(book: Ledger, metric: str, targets: Sequence[str]) -> None:
    """A UsageError unless the trend names a metric and at most MAX_TARGETS targets or, with none, the ledger
    holds at most MAX_TREND_DOCUMENTS documents."""
    if not metric.strip():
        raise UsageError("give a metric: ?metric=gsm8k")
    if len(targets) > MAX_TARGETS:
        raise UsageError(f"{len(targets)} targets: a trend page reads at most {MAX_TARGETS}")
    if not targets:
        n = book.reader.execute("SELECT count(*) FROM documents").fetchone()[0]
        if n > MAX_TREND_DOCUMENTS:
            raise UsageError(
                f"the ledger holds {n:,} documents and a trend page reads at most "
                f"{MAX_TREND_DOCUMENTS:,}: name the documents with ?target= (or run ledger trend)"
            )


def trend_page(book: Ledger, metric: str, where: Sequence[str], targets: Sequence[str]) -> dict[str, Any]:
    """`ledger trend METRIC [TARGET...]` as charts (charts.trend_charts)."""
    _trend_asked(book, metric, targets)
    return trend_charts(book, metric, where, targets)


def trend_data(book: Ledger, metric: str, where: Sequence[str], targets: Sequence[str]) -> dict[str, Any]:
    """The trend page's data (its `.json` twin): `Trend.to_dict(show_all=True)`, every series, the one-point
    ones too (`ledger trend --all --format json` prints its `series`)."""
    _trend_asked(book, metric, targets)
    return library.trend(book, metric, where, targets).to_dict(show_all=True)


# ---- compare -----------------------------------------------------------------------------------------------------


def _compared(book: Ledger, targets: Sequence[str]) -> list[dict[str, Any]]:
    """The documents a compare page names (a UsageError for none, too many, or one the ledger does not hold)."""
    if not targets:
        raise UsageError("give one or more targets: ?target=owner/name%23N (&target=... for several)")
    if len(targets) > MAX_TARGETS:
        raise UsageError(f"{len(targets)} targets: a page compares at most {MAX_TARGETS}")
    return [resolve_document(book.reader, t) for t in targets]


def compare_data(book: Ledger, targets: Sequence[str], from_: str | None, to: str | None) -> dict[str, Any]:
    """The compare page's data (its `.json` twin): `Comparison.to_dict()`, what `ledger compare --format json`
    prints (with nothing to compare, its one revision or none, no rows)."""
    docs = _compared(book, [t.strip() for t in targets if t.strip()])
    return library.compare(book, [str(d["key"]) for d in docs], from_, to).to_dict()


def compare_page(book: Ledger, targets: Sequence[str], from_: str | None, to: str | None) -> dict[str, Any]:
    """`ledger compare TARGET... --from --to`: verdicts with thresholds, each value linked to its line."""
    targets = [t.strip() for t in targets if t.strip()]
    conn = book.reader
    docs = _compared(book, targets)
    comparison = library.compare_dict(book, [str(d["key"]) for d in docs], from_, to)
    if comparison is None:
        return {"targets": targets, "comparison": None, "docs": docs}
    revisions = review.revisions_of(comparison)
    names = review.short_names(comparison)
    link = _linker(conn, comparison, docs)
    shown, folded = review.fold(review.verdict_rows(comparison, link), len(revisions))
    refs = [{**x, "href": link(x.get("revision"), x.get("line"))} for x in comparison.get("references") or []]
    return {
        "targets": targets,
        "docs": docs,
        "comparison": comparison,
        "rows": shown,
        "folded": folded,
        "references": refs,
        "revisions": [{**r, "short": names[r["name"]]} for r in revisions],
        "summary": comparison.get("summary") or {},
        "tested": comparison.get("tested") or {},
    }


# ---- support -----------------------------------------------------------------------------------------------------


def support_page(book: Ledger, subject: str | None, feature: str | None) -> dict[str, Any]:
    """`ledger support --subject --feature --evidence`: for an architecture its features x engines, for a feature
    its architectures x engines, each value linked to its line, disagreements marked, the engine's PR claims
    beside the cell; without either, every cell as a row. As the CLI prints them, each value carries where it
    stands ("A:75": source A, line 75) and the sources are listed under the matrices; each value is coloured by
    its kind (yes, no, partial, n/a, ...) and the page's legend names the colours."""
    answer = library.support(book, subject, feature)
    letters: dict[str, str] = {}  # document -> "A", "B", ... in order of first use, one list for the page

    def statement(s: Any, notes: dict[str, int] | None = None) -> dict[str, Any]:
        st = _statement(s)
        letter = letters.setdefault(str(st["document"]), _letter(len(letters)))
        return {
            **st,
            "source": f"{letter}:{st['line']}" if st["line"] else letter,
            "note_n": notes.setdefault(s.note, len(notes) + 1) if notes is not None and s.note else None,
        }

    matrices = []
    for m in answer.matrices:
        notes: dict[str, int] = {}  # each distinct footnote once under its matrix, cells marked with its number
        rows = []
        for row in m.rows:
            cells = []
            for engine in m.engines:
                cell = m.cell(row, engine)
                cells.append(
                    None
                    if cell is None
                    else {
                        "disagreement": cell.disagreement,
                        "statements": [statement(s, notes) for s in cell.statements],
                        "evidence": [{**asdict(e), "href": _evidence_href(e)} for e in cell.evidence],
                    }
                )
            rows.append({"name": row, "kind": m.row_kinds.get(row, ""), "cells": cells})
        matrices.append(
            {
                "title": m.title,
                "rows_are": m.rows_are,
                "engines": m.engines,
                "rows": rows,
                "notes": [(n, text) for text, n in notes.items()],
            }
        )
    statements = [statement(s) for s in answer.statements]
    shown = {st["value_class"] for st in statements}
    return {
        "subject": subject or "",
        "feature": feature or "",
        "mode": answer.mode,
        "engines": answer.engines,
        "matrices": matrices,
        "statements": statements,
        "n": len(answer.statements),
        "sources": [(letter, doc) for doc, letter in letters.items()],
        "legend": [v for v in (*SUPPORT_VALUES, "other") if _value_class(v) in shown],
    }


def support_data(book: Ledger, subject: str | None, feature: str | None) -> dict[str, Any]:
    """The support page's data (its `.json` twin): `SupportAnswer.to_dict()`, the matrices and the rows."""
    return library.support(book, subject, feature).to_dict()


def _letter(i: int) -> str:
    """A, B, ..., Z, AA, AB, ...: the name of the i-th source."""
    return _letter(i // 26 - 1) + chr(65 + i % 26) if i >= 26 else chr(65 + i)


def _value_class(value: str) -> str:
    """The css class of a support value: its canonical word (n/a -> na), else "other"."""
    v = value.strip().lower()
    return "value-" + (v.replace("/", "") if v in SUPPORT_VALUES else "other")


def _statement(s: Any) -> dict[str, Any]:
    src = s.source or {}
    href = (
        doc_href(src["document_id"], src["version"], src["line"], src.get("line_end"))
        if src.get("document_id") is not None and src.get("version") is not None and src.get("line")
        else None
    )
    return {
        "engine": s.engine,
        "subject": s.subject,
        "feature": s.feature,
        "value": s.value,
        "note": s.note,
        "value_class": _value_class(s.value),
        "backend": s.backend,
        "disagreement": s.disagreement,
        "document": src.get("document"),
        "line": src.get("line"),
        "href": href,
    }


def _evidence_href(e: Any) -> str | None:
    """A PR claim beside a support cell links to its PR's page (the evidence names its PR by key)."""
    repo, _, number = str(e.document).partition("#")
    return f"{PREFIX}/pr/{quote(repo, safe='/')}/{number}" if repo and number.isdigit() else None


# ---- documents ---------------------------------------------------------------------------------------------------


def claim_target(conn: Reader, claim_id: int) -> str:
    """Where /-/ledger/claim/ID redirects: the claim's line."""
    loc = claim_location(conn, claim_id)
    if loc is None:
        raise NotFound(f"no claim {claim_id} in this ledger")
    return doc_href(loc["document_id"], loc["version"], loc["line"], loc["line_end"])


MAX_INDEX_DOCUMENTS = 1_000
"""Documents the index lists (100,528 were a 19.6 MB page); the rest are counted, datasette's table has them all."""


def index_page(conn: Reader, table_href: str | None = None) -> dict[str, Any]:
    """The first MAX_INDEX_DOCUMENTS documents with links to their pages, and how many more `table_href` lists."""
    docs = documents(conn)
    more = max(0, len(docs) - MAX_INDEX_DOCUMENTS)
    del docs[MAX_INDEX_DOCUMENTS:]
    for d in docs:
        d["href"] = (
            f"{PREFIX}/pr/{quote(str(d['repo']), safe='/')}/{d['pr']}"
            if d.get("repo") and d.get("pr") and str(d["key"]) == f"{d['repo']}#{d['pr']}"
            else None
        )
        d["doc_href"] = f"{PREFIX}/doc/{d['id']}/v{d['versions']}" if d.get("versions") else None
    return {"documents": docs, "more": more, "table_href": table_href}


def parse_span(text: str | None) -> tuple[int, int] | None:
    """`?hl=171-173` (or `171`) as a line span; anything else is ignored."""
    if not text:
        return None
    a, _, b = text.partition("-")
    if not a.isdigit() or (b and not b.isdigit()) or len(a) > 9 or len(b) > 9:
        return None
    first, last = int(a), int(b or a)
    return (first, last) if first <= last else (last, first)
