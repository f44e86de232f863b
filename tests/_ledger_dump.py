"""A ledger's content without its row ids and write times: what two ledgers must agree on to hold the same data
(tests/test_store_reextract.py, tests/test_store_merge.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ledger.parsers import registry

ROOT = Path(__file__).resolve().parents[1]


def content(path: Path | str) -> dict[str, Any]:
    """Every document, version, section, revision, claim (with its setup rows and full-text entry) and warning,
    named by document key and version number instead of ids."""
    conn = sqlite3.connect(path)
    try:

        def q(sql: str) -> list[tuple[Any, ...]]:
            return sorted(conn.execute(sql).fetchall(), key=repr)

        at = "JOIN document_versions v ON v.id = t.version_id JOIN documents d ON d.id = v.document_id"
        return {
            "documents": q(
                "SELECT d.key, d.repo, d.pr, d.url, d.title, d.path, d.engine, d.kind, p.key, lv.version "
                "FROM documents d LEFT JOIN documents p ON p.id = d.parent_id "
                "LEFT JOIN document_versions lv ON lv.id = d.latest_version_id"
            ),
            "versions": q(
                "SELECT d.key, v.version, v.sha256, v.parser_version, v.format, v.source_path, v.n_lines, "
                "v.n_claims, v.text, v.edited_at, v.editor FROM document_versions v "
                "JOIN documents d ON d.id = v.document_id"
            ),
            "sections": q(f"SELECT d.key, v.version, t.line, t.kind, t.level, t.title, t.path FROM sections t {at}"),
            "revisions": q(
                f"SELECT d.key, v.version, t.label, t.head, t.base, t.line, t.line_end FROM revisions t {at}"
            ),
            "warnings": q(f"SELECT d.key, v.version, t.line, t.message FROM warnings t {at}"),
            "claims": q(
                f"SELECT d.key, v.version, t.ordinal, t.kind, t.metric, t.value, t.high, t.approx, t.unit, "
                f"t.reference, t.outcome, t.outcome_text, t.sha, t.passed, t.failed, t.skipped, t.subject, "
                f"t.feature, r.label, r.head, r.base, r.line, t.revision_label, t.revision_head, "
                f"t.revision_base, t.config, t.source_path, t.line, t.line_end, t.text, t.section, t.stderr, "
                f"t.stddev, t.printed, t.note, t.parser, t.engine, t.architecture, t.models, t.extra "
                f"FROM claims t {at} LEFT JOIN revisions r ON r.id = t.revision_id"
            ),
            "setups": q(
                f"SELECT d.key, v.version, t.ordinal, s.key, s.value FROM claim_setup s "
                f"JOIN claims t ON t.id = s.claim_id {at}"
            ),
            "fts": q("SELECT rowid, text FROM claims_fts WHERE claims_fts MATCH 'tok OR gsm8k OR supported'"),
            "fts_ids": q("SELECT COUNT(*) FROM claims WHERE id IN (SELECT rowid FROM claims_fts)"),
        }
    finally:
        conn.close()


def without_fts_ids(c: dict[str, Any]) -> dict[str, Any]:
    """The content less the full-text rows' ids (claim ids differ between ledgers; their count must not)."""
    return {k: v for k, v in c.items() if k != "fts"} | {"fts": len(c["fts"])}


def older_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """Until the test ends, extraction runs every other extractor: a parser version of its own, fewer claims."""
    monkeypatch.setattr(registry, "EXTRACTORS", registry.EXTRACTORS[::2])
