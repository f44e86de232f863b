"""The ledger database: migrations, refusals before any write, one-transaction versions, reads."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlite_utils import Database

from ledger.db import (
    ClaimFilter,
    DocumentIdentity,
    PreparedVersion,
    claims,
    open_database,
    open_readonly,
    write_version,
    write_versions,
)
from ledger.db import writes as db_writes
from ledger.db.documents import table_counts
from ledger.db.opened import OpenLedger
from ledger.db.reads import fts_query
from ledger.db.schema import MIGRATION_NAMES, SCHEMA_VERSION
from ledger.errors import DatabaseError, NotALedger, SchemaTooNew
from ledger.model import ParseWarning


def _claim(
    line: int, value: float | str | None, kind: str = "accuracy", metric: str | None = "gsm8k", **extra: Any
) -> dict[str, Any]:
    c: dict[str, Any] = {
        "kind": kind,
        "metric": metric,
        "value": value,
        "high": None,
        "approx": False,
        "unit": None,
        "reference": 71.8,
        "outcome": None,
        "outcome_text": None,
        "sha": None,
        "passed": None,
        "failed": None,
        "skipped": None,
        "subject": None,
        "feature": None,
        "revision": {"label": "Final head", "head": "b7a3e2d915", "base": "1f2e3d4c5b"},
        "config": {"mtp": "3", "kv_cache": "fp8"},
        "source": {
            "path": "pr.txt",
            "line": line,
            "line_end": line,
            "text": f"gsm8k {value} (ref 71.8)",
            "section": ["Test Coverage", "Final head"],
        },
        "stderr": None,
        "stddev": None,
        "printed": None,
        "note": None,
        "parser": "prose/1",
        "engine": None,
        "architecture": None,
        "models": None,
    }
    c.update(extra)
    return c


def _prep(
    text: str, key: str = "example/trtllm#4821", claim_list: list[dict[str, Any]] | None = None
) -> PreparedVersion:
    return PreparedVersion(
        identity=DocumentIdentity(key=key, repo="example/trtllm", pr=4821),
        sha256=hashlib.sha256(text.encode()).hexdigest(),
        text=text,
        parser_version="prose/1",
        claims=claim_list if claim_list is not None else [_claim(3, 71.19), _claim(4, 71.96, metric="MMLU")],
        format="rendered",
        source_path="pr.txt",
        sections=[(1, "heading", 2, "Test Coverage", ("Test Coverage",))],
        revisions=[("Final head", "b7a3e2d915", "1f2e3d4c5b", 2, 4)],
        warnings=[ParseWarning(4, "table row cut short (truncated input?)"), ParseWarning(None, "a note on the whole")],
    )


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_fresh_ledger_is_migrated_in_wal_mode(tmp_path: Path) -> None:
    ledger = open_database(tmp_path / "l.db")
    assert ledger.journal_mode == "wal"
    assert ledger.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == len(MIGRATION_NAMES)
    assert ledger.execute("PRAGMA busy_timeout").fetchone()[0] > 0
    names = set(ledger.table_names())
    assert {"documents", "document_versions", "sections", "revisions", "claims", "warnings", "claims_fts"} <= names
    indexes = {r[0] for r in ledger.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"idx_claims_metric_order", "idx_claims_kind", "idx_claims_document"} <= indexes
    assert "idx_claims_metric" not in indexes  # replaced by idx_claims_metric_order (migration 6)
    ledger.close()
    again = open_database(tmp_path / "l.db")
    assert again.execute("SELECT COUNT(*) FROM _sqlite_migrations").fetchone()[0] == len(MIGRATION_NAMES)


def test_newer_schema_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "l.db"
    open_database(path).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = _digest(path)
    with pytest.raises(SchemaTooNew, match="newer ledger"):
        open_database(path)
    assert _digest(path) == before


def test_unknown_applied_migration_means_too_new(tmp_path: Path) -> None:
    path = tmp_path / "l.db"
    open_database(path).close()
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES ('ledger', '9999_x', 'now')")
    conn.commit()
    conn.close()
    with pytest.raises(SchemaTooNew):
        open_database(path)
    with pytest.raises(SchemaTooNew):
        open_readonly(path)


def test_not_sqlite_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("these are my notes, not a database\n" * 20)
    before = _digest(path)
    with pytest.raises(NotALedger, match="not a SQLite database"):
        open_database(path)
    assert _digest(path) == before
    assert not (tmp_path / "notes.db-wal").exists()


def test_someone_elses_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)")
    conn.commit()
    conn.close()
    before = _digest(path)
    with pytest.raises(NotALedger, match="not a ledger"):
        open_database(path)
    assert _digest(path) == before


def test_read_commands_do_not_create_a_ledger(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="no ledger database"):
        open_database(tmp_path / "missing.db", create=False)
    assert not (tmp_path / "missing.db").exists()


def test_version_write_and_idempotence(tmp_path: Path) -> None:
    ledger = open_database(tmp_path / "l.db")
    first = write_version(ledger, _prep("text one"))
    assert (first.status, first.version, first.n_claims) == ("new", 1, 2)
    counts = table_counts(ledger)
    again = write_version(ledger, _prep("text one"))
    assert again.status == "unchanged" and again.version_id == first.version_id
    assert table_counts(ledger) == counts
    second = write_version(ledger, _prep("text two", claim_list=[_claim(3, 71.5)]))
    assert (second.status, second.version) == ("new_version", 2)
    assert table_counts(ledger)["document_versions"] == 2
    latest = claims(ledger, ClaimFilter())
    assert [c["value"] for c in latest] == [71.5]
    every = claims(ledger, ClaimFilter(all_versions=True))
    assert [c["value"] for c in every] == [71.19, 71.96, 71.5]
    assert [c["value"] for c in claims(ledger, ClaimFilter(version=1))] == [71.19, 71.96]


def test_a_warning_is_stored_as_its_line_and_message(tmp_path: Path) -> None:
    ledger = open_database(tmp_path / "l.db")
    write_version(ledger, _prep("text one"))
    assert ledger.execute("SELECT line, message FROM warnings ORDER BY id").fetchall() == [
        (4, "table row cut short (truncated input?)"),
        (None, "a note on the whole"),
    ]


def _old_ledger(path: Path, stop_before: str, text: str) -> Database:
    """A ledger migrated up to (not including) `stop_before`, holding one document with one version of `text`."""
    from ledger.db.schema import migrations

    old = Database(path)
    migrations.apply(old, stop_before=stop_before)
    old.execute("INSERT INTO documents (key, created_at) VALUES ('a#1', 'now')")
    old.execute(
        "INSERT INTO document_versions (document_id, version, sha256, ingested_at, parser_version, n_lines, "
        "n_claims, text) VALUES (1, 1, 'x', 'now', 'p', 1, 1, ?)",
        [text],
    )
    return old


def test_warnings_stored_before_migration_13_lose_the_line_their_message_repeated(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = _old_ledger(path, "0013_warning_message_without_line", "x")
    old.conn.executemany(
        "INSERT INTO warnings (version_id, line, message) VALUES (1, ?, ?)",
        [
            (7, "line 7: table row cut short (truncated input?)"),
            (12, "line 12: line 3: a message that names a line"),
            (None, "a.md: not valid UTF-8 (first bad byte at offset 4)"),
            (5, "line 50: not this warning's line"),
        ],
    )
    old.conn.commit()
    old.close()
    ledger = open_database(path)
    assert ledger.execute("SELECT line, message FROM warnings ORDER BY id").fetchall() == [
        (7, "table row cut short (truncated input?)"),
        (12, "line 3: a message that names a line"),
        (None, "a.md: not valid UTF-8 (first bad byte at offset 4)"),
        (5, "line 50: not this warning's line"),
    ]


def test_a_failed_write_leaves_nothing_of_the_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ledger = open_database(tmp_path / "l.db")
    write_version(ledger, _prep("text one"))
    counts = table_counts(ledger)
    real_rows = db_writes._claim_rows

    def rows_then_crash(*args: Any) -> Any:
        for i, row in enumerate(real_rows(*args)):
            if i == 1:
                raise RuntimeError("simulated crash in the middle of a document")
            yield row

    monkeypatch.setattr(db_writes, "_claim_rows", rows_then_crash)
    with pytest.raises(RuntimeError):
        write_version(ledger, _prep("text two"))
    assert table_counts(ledger) == counts
    assert ledger.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    monkeypatch.setattr(db_writes, "_claim_rows", real_rows)
    assert write_version(ledger, _prep("text two")).status == "new_version"


def test_claims_round_trip_in_contract_shape(tmp_path: Path) -> None:
    ledger = open_database(tmp_path / "l.db")
    support = _claim(
        7,
        "yes",
        kind="support",
        metric=None,
        subject="LlamaForCausalLM",
        feature="FP8 KV cache",
        note="Eagle3 drafts only",
        revision=None,
        config={},
    )
    added = _claim(9, 96.25, comparator=">=")  # a field added to the model later is kept
    original = [_claim(3, 71.19), support, added]
    write_version(ledger, _prep("round trip", claim_list=original))
    back = claims(ledger, ClaimFilter())
    for want, got in zip(original, back, strict=True):
        src = dict(got["source"])
        assert src.pop("document") == "example/trtllm#4821"
        assert src.pop("version") == 1
        assert len(src.pop("sha256")) == 64
        assert isinstance(src.pop("document_id"), int)
        assert {**got, "source": src} == want
    assert list(back[0]) == list(original[0])  # the contract's field order


def test_filters_are_parameterised(tmp_path: Path) -> None:
    ledger = open_database(tmp_path / "l.db")
    write_version(ledger, _prep("filters"))
    counts = table_counts(ledger)
    hostile = ["x' OR '1'='1", "'; DROP TABLE claims; --", '" OR 1=1 --', "%", "_", "\\", "NEAR(a b)", "*"]
    for value in hostile:
        f = ClaimFilter(
            metric=value if value != "*" else None,
            revision=value,
            kind=value,
            repo=value,
            config=[(value, value)],
            search=value,
            subject=value,
            feature=value,
        )
        assert claims(ledger, f) == []
    assert table_counts(ledger) == counts
    assert len(claims(ledger, ClaimFilter(config=[("mtp", "3"), ("kv_cache", "FP8")]))) == 2
    assert len(claims(ledger, ClaimFilter(config=[("mtp", "*")]))) == 2
    assert claims(ledger, ClaimFilter(config=[("mtp", "1")])) == []
    assert [c["metric"] for c in claims(ledger, ClaimFilter(metric="mmlu"))] == ["MMLU"]
    assert len(claims(ledger, ClaimFilter(metric="*m*"))) == 2
    assert len(claims(ledger, ClaimFilter(revision="final HEAD"))) == 2
    assert len(claims(ledger, ClaimFilter(revision="b7a3e2"))) == 2
    assert claims(ledger, ClaimFilter(revision="1f2e3d")) == []  # the base is not the measured commit


def test_full_text_search(tmp_path: Path) -> None:
    ledger = open_database(tmp_path / "l.db")
    write_version(ledger, _prep("fts"))
    assert len(claims(ledger, ClaimFilter(search="gsm8k"))) == 2
    assert len(claims(ledger, ClaimFilter(search="71.96"))) == 1
    assert claims(ledger, ClaimFilter(search='gsm8k" OR "x')) == []
    assert fts_query('a "b" c*') == '"a" """b""" "c*"'


def test_readonly_connection_refuses_writes(tmp_path: Path) -> None:
    path = tmp_path / "l.db"
    ledger = open_database(path)
    write_version(ledger, _prep("ro"))
    ledger.close()
    conn = open_readonly(path)
    assert conn.execute("SELECT COUNT(*) FROM claims").fetchone()[0] == 2
    assert conn.execute("SELECT rowid FROM claims_fts WHERE claims_fts MATCH 'gsm8k'").fetchall()
    for statement in (
        "INSERT INTO documents (key, created_at) VALUES ('x', 'y')",
        "DELETE FROM claims",
        f"ATTACH DATABASE '{tmp_path / 'other.db'}' AS other",
        "SELECT load_extension('libx')",
        "PRAGMA user_version = 42",
        "CREATE TEMP TABLE t (x)",
        "PRAGMA query_only = OFF",
    ):
        with pytest.raises(sqlite3.DatabaseError):
            conn.execute(statement)
    assert not (tmp_path / "other.db").exists()
    conn.close()


def test_two_writers_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "l.db"
    open_database(path).close()
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        try:
            ledger = open_database(path)
            for i in range(15):
                write_version(ledger, _prep(f"doc {i}", key=f"doc-{i}"))  # both write the same 15 texts
                write_version(ledger, _prep(f"own {n} {i}", key=f"own-{n}-{i}"))
            ledger.close()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    ledger = open_database(path)
    assert table_counts(ledger)["documents"] == 15 + 30
    assert table_counts(ledger)["document_versions"] == 45
    assert table_counts(ledger)["claims"] == 90


def test_many_first_opens_at_once_migrate_once(tmp_path: Path) -> None:
    for round_ in range(5):
        path = tmp_path / f"l{round_}.db"
        errors: list[BaseException] = []
        barrier = threading.Barrier(4)

        def opener(p: Path = path, gate: threading.Barrier = barrier, errs: list[BaseException] = errors) -> None:
            try:
                gate.wait()
                open_database(p).close()
            except BaseException as exc:
                errs.append(exc)

        threads = [threading.Thread(target=opener) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        ledger = open_database(path)
        assert ledger.execute("SELECT COUNT(*) FROM _sqlite_migrations").fetchone()[0] == len(MIGRATION_NAMES)


def test_a_batch_is_one_transaction_and_a_failing_document_costs_only_itself(tmp_path: Path) -> None:
    ledger = open_database(tmp_path / "l.db")
    bad = _prep("text two", key="example/trtllm#7", claim_list=[_claim(3, 71.19), _claim(4, [1, 2])])  # unbindable
    results = write_versions(ledger, [_prep("text one"), bad, _prep("text three"), _prep("text one")])
    assert [getattr(r, "status", None) for r in results] == ["new", None, "new_version", "unchanged"]
    assert isinstance(results[1], sqlite3.Error)
    # the failed document left no row at all: not its document, version, claims or index entries
    assert ledger.execute("SELECT count(*) FROM documents WHERE key = 'example/trtllm#7'").fetchone()[0] == 0
    assert table_counts(ledger)["document_versions"] == 2
    assert len(claims(ledger, ClaimFilter(search="gsm8k", all_versions=True))) == 4
    assert ledger.execute("SELECT count(*) FROM claims_fts").fetchone()[0] == 4


def test_a_ledger_from_before_migration_5_keeps_its_index_whole(tmp_path: Path) -> None:
    """Migration 5 swaps the per-row index trigger for one statement per version: claims stored under
    the trigger and claims written after it are each found once."""
    path = tmp_path / "old.db"
    old = _old_ledger(path, "0005_fts_per_version", "MMMU 51.2")
    old.execute(
        "INSERT INTO claims (document_id, version_id, ordinal, kind, metric, value, line, line_end, text) "
        "VALUES (1, 1, 0, 'accuracy', 'MMMU', 51.2, 1, 1, 'MMMU 51.2')"
    )
    old.conn.commit()
    old.close()
    ledger = open_database(path)
    assert ledger.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert ledger.execute("SELECT count(*) FROM sqlite_master WHERE name = 'claims_fts_ai'").fetchone()[0] == 0
    write_version(ledger, _prep("MMMU text", claim_list=[_claim(3, 52.0, metric="MMMU")]))
    found = claims(ledger, ClaimFilter(search="MMMU", all_versions=True))
    assert sorted(c["value"] for c in found) == [51.2, 52.0]
    assert ledger.execute("SELECT count(*) FROM claims_fts WHERE claims_fts MATCH 'MMMU'").fetchone()[0] == 2


def test_a_packed_version_stores_the_same_claims(tmp_path: Path) -> None:
    """A parser process sends claims as table rows (`pack`); what is stored must not depend on it."""
    ledger = open_database(tmp_path / "l.db")
    mixed = [
        _claim(3, 71.19),
        _claim(5, "yes", kind="support", revision=None, config={}),
        _claim(9, 1.5, comparator=">="),
    ]
    packed = _prep("same text", key="a#1", claim_list=[dict(c) for c in mixed]).pack()
    assert packed.claims == [] and packed.n_claims == 3
    write_version(ledger, packed)
    write_version(ledger, _prep("same text", key="b#1", claim_list=mixed))

    def stored(key: str) -> list[dict[str, Any]]:
        rows = claims(ledger, ClaimFilter(document=key))
        for c in rows:
            for k in ("document", "document_id"):
                c["source"].pop(k)
        return rows

    assert stored("a#1") == stored("b#1") and len(stored("a#1")) == 3
    assert ledger.execute("SELECT count(*) FROM revisions").fetchone()[0] == 2  # one per version


def test_count_claims_agrees_with_the_claims_read(tmp_path: Path) -> None:
    from ledger.db.reads import count_claims

    ledger = open_database(tmp_path / "l.db")
    write_version(ledger, _prep("one"))
    write_version(ledger, _prep("two", claim_list=[_claim(3, 70.0), _claim(5, "yes", kind="support", metric=None)]))
    for f in (
        ClaimFilter(),
        ClaimFilter(all_versions=True),
        ClaimFilter(metric="gsm8k", all_versions=True),
        ClaimFilter(kind="support"),
        ClaimFilter(search="gsm8k"),
        ClaimFilter(metric="nothing"),
        ClaimFilter(limit=1, all_versions=True),
    ):
        assert count_claims(ledger, f) == len(claims(ledger, ClaimFilter(**{**f.__dict__, "limit": None})))


def test_a_page_of_one_metric_is_read_in_index_order(tmp_path: Path) -> None:
    """`claims --metric X` shows a first page: the plan must walk the metric's index in claim order and
    stop, not sort every claim of the metric first (at 100k documents that is tens of thousands)."""
    from ledger.db.reads import _claims_where

    ledger = open_database(tmp_path / "l.db")
    write_version(ledger, _prep("one"))
    joins, where, params = _claims_where(ledger, ClaimFilter(metric="GSM8K"))
    plan = " | ".join(
        r[3]
        for r in ledger.execute(
            f"EXPLAIN QUERY PLAN SELECT c.id FROM claims c {joins} WHERE {' AND '.join(where)} "
            "ORDER BY c.document_id, v.version, c.ordinal LIMIT 50",
            params,
        )
    )
    assert "idx_claims_metric_order" in plan and "TEMP B-TREE FOR ORDER BY" not in plan, plan


# Issue 26: each claim's canonical setup is stored beside its printed config, and `--config` reads it.
def _setup_claims() -> list[dict[str, Any]]:
    return [
        _claim(
            3,
            12400.0,
            kind="perf",
            metric="output throughput",
            unit="tok/s",
            config={"model": "meta-llama/Llama-3.1-8B-Instruct", "gpu": "H100 SXM 80GB", "tp": "TP8"},
        ),
        _claim(
            4,
            12950.0,
            kind="perf",
            metric="output throughput",
            unit="tok/s",
            config={"model": "Llama 3.1 8B Instruct", "gpu": "8xH100-80GB-HBM3", "tp_size": "8"},
        ),
        _claim(
            5,
            15100.0,
            kind="perf",
            metric="output throughput",
            unit="tok/s",
            config={"model": "Qwen3-8B", "gpu": "H100", "tp": "8"},
        ),
    ]


def _values(ledger: Any, *pairs: tuple[str, str]) -> list[float]:
    return [c["value"] for c in claims(ledger, ClaimFilter(config=list(pairs)))]


def test_the_setup_index_holds_the_canonical_setup_and_config_the_printed_one(tmp_path: Path) -> None:
    from ledger.query import claims as query_claims

    ledger = open_database(tmp_path / "l.db")
    write_version(ledger, _prep("setups", claim_list=_setup_claims()))
    rows = ledger.execute(
        "SELECT c.line, s.key, s.value FROM claim_setup s JOIN claims c ON c.id = s.claim_id "
        "WHERE s.key IN ('model', 'gpu', 'gpu_count', 'tp') ORDER BY c.line, s.key"
    ).fetchall()
    assert rows == [
        (3, "gpu", "h100"),
        (3, "model", "llama3.1-8b-instruct"),
        (3, "tp", "8"),
        (4, "gpu", "h100"),
        (4, "gpu_count", "8"),
        (4, "model", "llama3.1-8b-instruct"),
        (4, "tp", "8"),
        (5, "gpu", "h100"),
        (5, "model", "qwen3-8b"),
        (5, "tp", "8"),
    ]
    assert claims(ledger, ClaimFilter())[0]["config"]["gpu"] == "H100 SXM 80GB"  # printed, as the contract says
    assert _values(ledger, ("model", "Llama-3.1-8B-Instruct"), ("gpu", "NVIDIA H100"), ("tp", "--tp-size 8")) == [
        12400.0,
        12950.0,
    ]
    assert _values(ledger, ("gpu", "8xH100")) == [12950.0]  # a count asked for is a count stated
    assert _values(ledger, ("model", "qwen3-8b"), ("gpu_count", "*")) == []
    assert _values(ledger, ("tp", "TP8")) == [12400.0, 12950.0, 15100.0]
    assert _values(ledger, ("tp", "TP8")) == [
        c["value"] for c in query_claims(OpenLedger(tmp_path / "l.db"), ClaimFilter(config=[("tp", "TP8")]))
    ]


def test_a_model_pairs_claims_are_found_by_either_model(tmp_path: Path) -> None:
    """ "MiniMax-M3.1/M3.2" in a title: one kernel shape measured for both models, stored as printed, found by each
    (and by the pair), by the index and by the Python match alike."""
    from ledger.compare.keys import matches_setup

    ledger = open_database(tmp_path / "l.db")
    pair = _claim(3, 18.0, kind="perf", metric="latency", unit="us", config={"model": "MiniMax-M3.1/M3.2"})
    write_version(ledger, _prep("pair", claim_list=[pair, *_setup_claims()]))
    for asked in ("MiniMax-M3.1", "minimax-m3.2", "MiniMax-M3.1/M3.2"):
        assert _values(ledger, ("model", asked)) == [18.0], asked
        assert [matches_setup(c, [("model", asked)]) for c in claims(ledger, ClaimFilter())].count(True) == 1
    assert _values(ledger, ("model", "MiniMax-M3")) == []


def test_a_ledger_from_before_the_setup_index_gets_one_and_stale_rules_are_rebuilt(tmp_path: Path) -> None:
    from ledger.db.setup import setup_index_current
    from ledger.query import claims as query_claims

    path = tmp_path / "old.db"
    old = _old_ledger(path, "0014_claim_setup", "x")
    old.conn.commit()
    old.close()
    ledger = open_database(path)
    write_version(ledger, _prep("setups", claim_list=_setup_claims()))
    ledger.execute("DELETE FROM claim_setup")
    ledger.execute("UPDATE setup_rules SET version = -1")  # as if older rules had made it
    ledger.conn.commit()
    assert not setup_index_current(ledger.conn)
    found = query_claims(
        OpenLedger(path), ClaimFilter(config=[("gpu", "H100 SXM"), ("model", "Llama 3.1 8B Instruct")])
    )
    assert [c["value"] for c in found] == [12400.0, 12950.0]  # read through this code's rules meanwhile
    write_version(ledger, _prep("another text", key="example/trtllm#4822"))
    assert setup_index_current(ledger.conn)
    assert _values(ledger, ("gpu", "H100 SXM"), ("model", "Llama 3.1 8B Instruct")) == [12400.0, 12950.0]
