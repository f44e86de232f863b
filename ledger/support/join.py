"""`ledger support`: which engines serve architecture X with feature F, and on what evidence.

    answer = support("ledger.db", subject="Qwen3NextForCausalLM")     # features x engines
    answer = support("ledger.db", feature="sliding window")          # architectures x engines
    for m in answer.matrices:
        m.title, m.rows, m.engines, m.cell(row, engine).statements
    answer.rows()                                                    # one plain dict per statement

Every support and listing cell of every document's newest version is one `Statement`: its engine (the
cell's, the document's, its repository's; else the document's name), its subject as an architecture
class (marks removed, grouped forms expanded, a model name mapped to its class where some document gives
both), its feature under the canonical name (each engine's spellings joined), its value and note, and its
source (document, line). Names the vocabulary does not know are kept as printed. A cell of a matrix holds
the statements of one engine about one (subject, feature); when they do not agree, every one of them is
shown and marked (`disagreement`). `evidence=True` adds, beside each cell about an architecture, the claims
of that engine's pull requests that name the architecture and the feature (ledger/support/evidence.py).

This is the one function the command and the web view call; the answer is plain dataclasses.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ledger.errors import UsageError
from ledger.support.answer import Cell, Evidence, Matrix, Mode, Statement, SupportAnswer, engine_of
from ledger.vocab.engines import ENGINES, engine_named, short_name
from ledger.vocab.support import (
    LISTED,
    Aliases,
    architectures,
    class_head,
    feature,
    feature_named,
    is_class_name,
    models_in,
    name_key,
    name_key_spaced,
)
from ledger.vocab.support_hardware import HARDWARE_KEY

if TYPE_CHECKING:
    from ledger.db.opened import OpenLedger

__all__ = ["Cell", "Evidence", "Matrix", "Statement", "SupportAnswer", "support"]


def support(
    ledger: OpenLedger | str | os.PathLike[str],
    *,
    subject: str | None = None,
    feature: str | None = None,
    engine: str | None = None,
    value: str | None = None,
    document: str | None = None,
    evidence: bool = False,
    version: int | None = None,
) -> SupportAnswer:
    """The support join over the open ledger (`ledger.open_ledger(path)`; a path, as before there was one to give,
    is opened for this call); see the module docstring. `version`: `document`'s cells as that version of it printed
    them ("which archs had KV INT8 in v1?"), with the other documents' newest beside them."""
    from ledger.db.opened import opened
    from ledger.db.reads import resolve_document
    from ledger.db.support import support_cells
    from ledger.query import _bad_values

    with opened(ledger) as book, _bad_values():
        db = book.reader
        for given in (subject, feature, engine, value):
            if given is not None:
                given.encode("utf-8")  # undecodable bytes of an argument (lone surrogates): a usage error
                if "\x00" in given:
                    raise UsageError("a filter value holds a NUL character")
        doc_id = int(resolve_document(db, document)["id"]) if document else None
        if version is not None and doc_id is None:
            raise UsageError("--version needs --document: a version is one document's")
        raw = support_cells(db)
        if version is not None and doc_id is not None:
            raw = [r for r in raw if int(r["document_id"]) != doc_id] + support_cells(db, doc_id, version)
        statements = join(raw)
        engines = _engine_order(s.engine for s in statements)
        chosen = [s for s in statements if doc_id is None or s.source["document_id"] == doc_id]
        chosen = _select(chosen, subject=subject, feature_query=feature, engine=engine, value=value)
        mode: Mode = "cell" if subject and feature else "subject" if subject else "feature" if feature else "cells"
        matrices = _matrices(chosen, mode, engines)
        for m in matrices:
            for c in m.cells.values():
                if c.disagreement:
                    for s in c.statements:
                        s.disagreement = True
        ordered = (
            [
                s
                for m in matrices
                for r in m.rows
                for e in m.engines
                for s in (m.cells[(r, e)].statements if (r, e) in m.cells else ())
            ]
            if matrices
            else chosen
        )
        if evidence and matrices:
            from ledger.support.evidence import attach_evidence

            attach_evidence(db, matrices, _aliases(raw))
        return SupportAnswer(mode, engines, matrices, ordered)


# ---- from stored cells to statements -------------------------------------------------------------------------


def join(raw: list[dict[str, Any]]) -> list[Statement]:
    """Stored support and listing cells as statements, names joined through the vocabulary and the aliases the
    cells themselves give (a row naming a class beside its models)."""
    aliases = _aliases(raw)
    features_of_doc: dict[int, set[str]] = {}
    for r in raw:
        if r.get("feature"):
            features_of_doc.setdefault(int(r["document_id"]), set()).add(name_key_spaced(str(r["feature"])))
    out: list[Statement] = []
    for r in raw:
        eng = engine_of(r)
        printed = str(r.get("subject") or "")
        feat, printed_feature = _feature_of(r, eng)
        value = str(r.get("value") if r.get("value") is not None else r.get("outcome_text") or "")
        src = {
            "document": r["document"],
            "document_id": r["document_id"],
            "version": r["version"],
            "path": r.get("source_path"),
            "line": r["line"],
            "line_end": r["line_end"],
            "text": r["text"],
            "section": r.get("section") or [],
        }
        names = architectures(str(r["architecture"])) if r.get("architecture") else architectures(printed)
        for name in names or [printed]:
            cls = aliases.resolve(name)
            subject = cls or name
            as_feature = feature(subject, eng)
            if cls or is_class_name(subject):
                kind = "architecture"
            elif as_feature is not None or name_key_spaced(subject) in features_of_doc.get(
                int(r["document_id"]), set()
            ):
                kind = "feature"  # a combination matrix's row: the feature paired with the column's
                subject = as_feature.name if as_feature is not None else subject
            else:
                kind = "other"
            said = Statement(
                eng,
                subject,
                feat,
                value,
                r.get("note"),
                dict(src),
                str(r["kind"]),
                printed,
                printed_feature,
                kind,
                r.get("models"),
                backend=_backend_of(r),
            )
            out.append(_on_hardware(said, _hardware_of(r)))
    return out


def _hardware_of(row: dict[str, Any]) -> str | None:
    """The hardware a cell's column or row names ("| Feature | Volta | CPU |": its `gpu` setting), else None."""
    config = row.get("config")
    got = config.get(HARDWARE_KEY) if isinstance(config, dict) else None
    return str(got) if got else None


def _on_hardware(s: Statement, hardware: str | None) -> Statement:
    """A feature's cell on one hardware, read as that hardware's: the row is the feature, the column the subject
    ("which hardware runs CUDA graph" lists Volta, CPU; never "CUDA graph together with Volta"); a row naming the
    hardware ("| Hardware | FP8 |" over "| Hopper | ✅ |") is already its subject. An architecture's row keeps its
    shape (a model on Hopper: the architecture is the subject, the hardware its setting)."""
    if hardware is None or s.subject_kind == "architecture":
        return s
    if name_key(hardware) == name_key(s.printed_subject):
        return replace(s, subject_kind="hardware")
    if name_key(hardware) != name_key(s.printed_feature or ""):
        return s  # (a setting the cell's page states otherwise: no column of hardware)
    named = feature(s.printed_subject, s.engine)
    return replace(
        s,
        subject=hardware,
        feature=named.name if named is not None else s.printed_subject,
        printed_subject=hardware,
        printed_feature=s.printed_subject,
        subject_kind="hardware",
    )


def _backend_of(row: dict[str, Any]) -> str | None:
    config = row.get("config")
    got = config.get("backend") if isinstance(config, dict) else None
    return str(got) if got else None


def _feature_of(row: dict[str, Any], engine: str) -> tuple[str, str | None]:
    printed = row.get("feature")
    if row.get("kind") == "listing" or (printed and engine_named(str(printed))):
        return LISTED, printed  # a row of the engine's table, or a cell of the engine's column in a survey
    f = feature(str(printed) if printed else None, engine)
    if f is not None:
        return f.name, printed
    if printed and _TABLE_FEATURE_RE.search(str(printed)):
        return LISTED, printed  # a note's "rows in the supported-models table: A, B"
    return (str(printed).strip() if printed else "(no feature)"), printed


_TABLE_FEATURE_RE = re.compile(r"\b(?:table|matrix|list)$", re.IGNORECASE)


def _aliases(raw: Iterable[dict[str, Any]]) -> Aliases:
    a = Aliases()
    rows = list(raw)
    for r in rows:
        for name in architectures(str(r.get("subject") or "")):
            a.add_class(name)
        if r.get("architecture"):
            a.add_class(str(r["architecture"]))
    for r in rows:
        subject = str(r.get("subject") or "")
        if r.get("architecture") and is_class_name(str(r["architecture"])):
            a.add(subject, str(r["architecture"]))
        classes = [n for n in architectures(subject) if is_class_name(n)]
        if len(classes) == 1 and r.get("models"):
            a.add_all(models_in(str(r["models"])), classes[0])
    return a


def _engine_order(names: Iterable[str]) -> list[str]:
    seen = list(dict.fromkeys(names))
    known = [e.name for e in ENGINES if e.name in seen]
    return known + sorted(n for n in seen if n not in known)


# ---- choosing and laying out ---------------------------------------------------------------------------------


def _select(
    statements: list[Statement],
    *,
    subject: str | None,
    feature_query: str | None,
    engine: str | None,
    value: str | None,
) -> list[Statement]:
    out = statements
    if engine:
        want = short_name(engine.strip()) or engine.strip()
        out = [s for s in out if s.engine.lower() == want.lower()]
    if value:
        v = value.strip().lower()
        out = [s for s in out if s.value.lower() == v]
    if subject:
        kept = out
        # a feature by hardware cell answers its feature as a subject too ("--subject LoRA": LoRA on Volta), as a
        # combination cell answers either of its features
        both = out + [replace(_flipped(s), subject_kind="feature") for s in out if s.subject_kind == "hardware"]
        out = _match(both, subject, _subject_names, lambda s: (s.printed_subject, s.subject))
        if not out and not feature_query:
            out = _across(kept, subject, "subject")
    if feature_query:
        # a combination matrix is symmetric: a row of the queried feature pairs it with the column's feature too
        kept = out
        both = out + [_flipped(s) for s in out if s.subject_kind == "feature"]
        out = _match(both, feature_query, _feature_names(feature_query), lambda s: (s.printed_feature or "", s.feature))
        if not out and not subject:
            out = _across(kept, feature_query, "feature")
    return out


def _across(statements: list[Statement], query: str, asked: str) -> list[Statement]:
    """The statements that name `query` on the axis other than the one `asked` (subject or feature), read from that
    side: a page whose rows are methods and whose columns are hardware ("| Implementation | Ampere | Hopper |") puts
    FP8 where an architecture stands, and "which hardware serves FP8" is still its question. Only rows that name no
    architecture turn: an architecture's row is the contract's shape, its columns its features."""
    turnable = [s for s in statements if s.subject_kind != "architecture"]
    if asked == "feature":
        found = _match(turnable, query, _subject_names, lambda s: (s.printed_subject, s.subject))
    else:
        found = _match(turnable, query, _feature_names(query), lambda s: (s.printed_feature or "", s.feature))
    return [replace(_flipped(s), read_across=asked) for s in found]


def _flipped(s: Statement) -> Statement:
    """A combination cell read from the other side: (A row, B column) as (B, A)."""
    return replace(
        s,
        subject=s.feature,
        feature=s.subject,
        printed_subject=s.printed_feature or s.feature,
        printed_feature=s.printed_subject,
    )


def _match(statements: list[Statement], query: str, names: Any, printed: Any) -> list[Statement]:
    """Statements whose names equal the query (letters and digits compared case-blind), else those whose
    printed or canonical name holds it literally (a substring, case-blind)."""
    q = query.strip()
    k = name_key(q)
    exact = [s for s in statements if k and k in names(s)] if k else []
    if exact:
        return exact
    low = q.lower()
    return [s for s in statements if low and any(low in p.lower() for p in printed(s))]


def _subject_names(s: Statement) -> set[str]:
    names = {name_key(s.subject), name_key(s.printed_subject)}
    if is_class_name(s.subject):
        names.add(class_head(s.subject))
    names.update(name_key(m) for m in models_in(s.models))
    return names


def _feature_names(query: str) -> Any:
    f = feature(query)

    def names(s: Statement) -> set[str]:
        out = {name_key(s.feature), name_key(s.printed_feature or "")}
        if f is not None:
            mine = feature_named(name_key_spaced(s.feature))
            if mine is not None and (mine.name == f.name or mine.family == f.name):
                out.add(name_key(query))
        return out

    return names


def _matrices(statements: list[Statement], mode: Mode, engines: list[str]) -> list[Matrix]:
    if mode == "cells":
        return []
    by_title: dict[str, list[Statement]] = {}
    for s in statements:
        by_title.setdefault(s.feature if mode == "feature" else s.subject, []).append(s)
    out = []
    for title, group in by_title.items():
        cells: dict[tuple[str, str], Cell] = {}
        kinds: dict[str, str] = {}
        for s in group:
            row = s.subject if mode == "feature" else s.feature
            kinds.setdefault(row, s.subject_kind if mode == "feature" else "feature")
            cells.setdefault((row, s.engine), Cell(row, s.engine, [])).statements.append(s)
        rows = _row_order(
            list(dict.fromkeys(s.subject if mode == "feature" else s.feature for s in group)), kinds, mode
        )
        out.append(Matrix(title, rows, engines, cells, "subjects" if mode == "feature" else "features", kinds))
    return out


_KIND_ORDER = {"architecture": 0, "hardware": 1, "other": 1, "feature": 2}


def _row_order(rows: list[str], kinds: dict[str, str], mode: Mode) -> list[str]:
    """Features in the vocabulary's order (listed first, unknown ones after, as they came); subjects with the
    architectures first, then other subjects, then the features a combination matrix pairs with this one."""
    if mode == "feature":
        return sorted(rows, key=lambda r: _KIND_ORDER.get(kinds.get(r, "other"), 1))
    from ledger.vocab.support import FEATURES

    order = {f.name: i for i, f in enumerate(FEATURES)}
    return sorted(rows, key=lambda r: order.get(r, len(order)))
