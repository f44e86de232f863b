"""The setup index: each claim's canonical setup (`ledger.vocab.canonical`, as compare reads it) in a table of its own.

A claim's `config` keeps the values as printed ("H100 SXM 80GB", "Llama 3.1 8B Instruct"); `claim_setup` holds one
row per canonical key of each claim (gpu=h100, model=llama3.1-8b-instruct), so `claims --config model=...` is an
indexed lookup that finds a setup whatever its spelling. `setup_rules` records the rules' version the rows were made
with: a write rebuilds a stale index, and a reader of a stale one matches in Python instead (`setup_index_current`).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ledger.vocab.canonical import SETUP_RULES_VERSION, canonical_items
from ledger.vocab.claim_setup import setup_items
from ledger.vocab.setup_keys import canonical_key_name

if TYPE_CHECKING:  # a reader imports this module and needs no sqlite_utils
    from sqlite_utils import Database

SetupRow = tuple[tuple[str, str], ...]


def setup_of(claim: dict[str, Any]) -> SetupRow:
    """A contract-shaped claim's canonical setup (`ledger.vocab.claim_setup`)."""
    config = claim.get("config")
    try:
        return setup_items(str(claim.get("kind")), claim.get("metric"), config if isinstance(config, dict) else None)
    except (TypeError, ValueError):  # a value no parser writes (a list in config): no setup rather than no write
        return ()


def insert_setups(conn: sqlite3.Connection, version_id: int, setups: Iterable[SetupRow]) -> None:
    """The setup rows of one version's claims, by their ordinal (the claims are written already)."""
    conn.executemany(
        "INSERT OR IGNORE INTO claim_setup (claim_id, key, value) SELECT id, ?, ? FROM claims "
        "WHERE version_id = ? AND ordinal = ?",
        [(k, v, version_id, ordinal) for ordinal, setup in enumerate(setups) for k, v in setup],
    )


def rebuild_setups(db: Database) -> None:
    """Every claim's setup row made again by this code's rules (a migration, or a write to a stale index)."""
    conn = db.conn
    conn.execute("DELETE FROM claim_setup")
    cur = conn.execute("SELECT id, kind, metric, unit, config FROM claims")
    while batch := cur.fetchmany(5000):
        rows = []
        for cid, kind, metric, unit, config in batch:
            try:
                cfg = json.loads(config or "{}")
            except ValueError:
                cfg = {}
            rows += [(cid, k, v) for k, v in setup_of({"kind": kind, "metric": metric, "unit": unit, "config": cfg})]
        conn.executemany("INSERT OR IGNORE INTO claim_setup (claim_id, key, value) VALUES (?, ?, ?)", rows)
    conn.execute("DELETE FROM setup_rules")
    conn.execute("INSERT INTO setup_rules (version) VALUES (?)", [SETUP_RULES_VERSION])


def setup_index_current(conn: sqlite3.Connection | Any) -> bool:
    """The ledger's setup index was made by this code's rules (False for an older schema without one)."""
    try:
        row = conn.execute("SELECT version FROM setup_rules").fetchone()
    except sqlite3.OperationalError:
        return False
    return row is not None and row[0] == SETUP_RULES_VERSION


def keep_current(db: Database) -> None:
    """Rebuild a stale index inside the caller's transaction (after an upgrade changed the rules)."""
    if not setup_index_current(db.conn):
        rebuild_setups(db)


def canonical_pairs(key: str, value: str) -> list[tuple[str, str]]:
    """What a `key=value` filter asks of the setup index: "gpu=8xH100" is gpu h100 and gpu_count 8, "tp=TP8" is tp
    8; value `*` is the key with any value."""
    ck = canonical_key_name(key)
    return [(ck, "*")] if value.strip() == "*" else canonical_items(ck, value)


def config_term(key: str, value: str, indexed: bool, where: list[str], params: list[Any]) -> None:
    """A `key=value` filter: the config as printed, or (with a current setup index) the canonical setup, so
    gpu=H100 finds "H100 SXM 80GB" and model=Llama-3.1-8B-Instruct finds "meta-llama/Llama-3.1-8B-Instruct"."""
    if value == "*":
        raw = "EXISTS (SELECT 1 FROM json_each(c.config) j WHERE j.key = ?)"
        raw_params: list[Any] = [key]
    else:
        raw = "EXISTS (SELECT 1 FROM json_each(c.config) j WHERE j.key = ? AND j.value = ? COLLATE NOCASE)"
        raw_params = [key, value]
    wanted = canonical_pairs(key, value) if indexed else []
    if not wanted:
        where.append(raw)
        params.extend(raw_params)
        return
    terms = []
    for wk, wv in wanted:
        if wk == "model" and wv != "*":
            # a model pair ("kimi-k2.5/kimi-k2.6": the canonical model holds no other "/") is each of its models too
            terms.append(
                "EXISTS (SELECT 1 FROM claim_setup s WHERE s.claim_id = c.id AND s.key = ? AND (s.value = ? "
                "OR instr('/' || s.value || '/', '/' || ? || '/') > 0))"
            )
            raw_params += [wk, wv, wv]
            continue
        terms.append(
            "EXISTS (SELECT 1 FROM claim_setup s WHERE s.claim_id = c.id AND s.key = ?"
            + (")" if wv == "*" else " AND s.value = ?)")
        )
        params_k: list[Any] = [wk] if wv == "*" else [wk, wv]
        raw_params += params_k
    where.append(f"({raw} OR ({' AND '.join(terms)}))")
    params.extend(raw_params)
