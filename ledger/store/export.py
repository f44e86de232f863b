"""`ledger export --format parquet DIR`: the ledger as Parquet files a columnar engine reads (DuckDB, Spark, Trino).

    export("ledger.db", "out/")                 # out/documents.parquet, versions, claims, revisions, support_cells
    export("ledger.db", "out/", since="2026-11-01")   # only what was written since (an incremental export)

One file per table, each with the export schema's version in its metadata (`ledger.export_schema`) and a
`manifest.json` beside them; the columns are documented in docs/export.md and fixed per EXPORT_SCHEMA_VERSION.
Every row names its ledger (`ledger`), so the exports of several ledgers can be read as one table. Needs the
`parquet` extra (pyarrow).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ledger.db.export import Batch
from ledger.errors import UsageError

if TYPE_CHECKING:
    from ledger.db.opened import OpenLedger

EXPORT_SCHEMA_VERSION = 34
"""Bumped whenever a column is added, removed, renamed or retyped (docs/export.md says what each version has)."""

SETUP_KEYS: tuple[str, ...] = (
    "model",
    "gpu",
    "quant",
    "kv_cache",
    "spec_algo",
    "draft_len",
    "concurrency",
    "isl",
    "osl",
    "n_shot",
    "filter",
    "tp",
    "samples",
    "task",
    "ep",
    "pp",
    "dp",
    "dep",
    "gpu_count",
    "nodes",
    "state",
    "backend",
    "batch_size",
    "attention",
    "moe_backend",
    "max_num_tokens",
    "max_batch_size",
    "chunked_prefill",
    "cuda_graph",
    "stat",
    "position",
    "cpu",
    "serving",
    "cp",
    "experts",
    "threads",
    "imatrix",
    "beam_size",
    "engine",
    "dcp",
    "pcp",
    "n_cpu_moe",
    "spec_steps",
    "spec_topk",
    "set_al",
    "dataset",
    "attention_dp",
    "overlap",
    "against",
    "heads",
    "dim_m",
    "dim_n",
    "dim_k",
    "max_tokens",
    "offload",
    "env",
    "batch_per_rank",
    "tokens_per_expert",
    "cluster_size",
    "micro_batch_size",
    "global_batch_size",
    "kernel",
    "num_prompts",
    "mem_fraction",
    "block_size",
    "min_tokens",
    "temperature",
    "top_p",
    "top_k",
    "shared_prefix_len",
    "question_len",
    "reasoning_effort",
    "tuning",
    "category",
    "sockets",
    "cores",
    "release",
    "chat_template",
    "fewshot_multiturn",
    "draft_tp",
    "iters",
    "replicas",
    "request_rate",
    "thinking_mode",
    "kv_heads",
    "head_dim",
    "causal",
    "routing",
    "phase",
    "op",
    "isa",
    "model_impl",
)
"""The canonical setup keys with a column of their own (`setup_<key>`): ledger.vocab.setup.HARD_KEYS (schema 2
added `cpu` and `serving`, schema 3 `cp`, schema 4 `experts`, schema 5 `threads` and `imatrix`, schema 6
`beam_size` and `engine`, schema 7 `dcp`, `pcp` and `n_cpu_moe`, schema 8 `spec_steps` and `spec_topk`, schema 9
`set_al`, schema 10 `dataset`, schema 11 `attention_dp`, `overlap` and `against`, schema 12 `heads`, `dim_m`,
`dim_n`, `dim_k`, `max_tokens`, `offload` and `env`, schema 13 `batch_per_rank`, `tokens_per_expert` and
`cluster_size`, schema 14 `micro_batch_size` and `global_batch_size`, schema 15 `kernel`, schema 16 `num_prompts`
and `mem_fraction`, schema 17 `block_size`, schema 18 `min_tokens`, `temperature`, `top_p` and `top_k`, schema 19
`shared_prefix_len` and `question_len`, schema 20 `reasoning_effort`, schema 21 `tuning`, schema 22 `category`,
schema 23 `sockets` and `cores`, schema 24 `release`, schema 25 `chat_template` and `fewshot_multiturn`, schema 26
`draft_tp` and `qps`, schema 27 `iters`, schema 28 `replicas`, schema 29 `request_rate`, schema 30 no `qps`: a
request rate by its initials is `request_rate`, schema 31 `thinking_mode`, schema 32 `kv_heads`, `head_dim` and
`causal`, schema 33 `routing`, `phase`, `op` and `isa`, schema 34 `model_impl`; a key added since is in the `setup`
JSON column until the schema's next version)."""

S, N, F, B, L = "string", "int64", "double", "bool", "list"
_KEYED = [("ledger", S)]
TABLES: dict[str, list[tuple[str, str]]] = {
    "documents": [
        *_KEYED,
        ("document_id", N),
        ("key", S),
        ("repo", S),
        ("pr", N),
        ("url", S),
        ("title", S),
        ("path", S),
        ("repo_path", S),
        ("engine", S),
        ("kind", S),
        ("parent_key", S),
        ("author", S),
        ("state", S),
        ("merged_at", S),
        ("labels", L),
        ("authored_at", S),
        ("head_sha", S),
        ("base_sha", S),
        ("github_updated_at", S),
        ("fetched_at", S),
        ("created_at", S),
        ("latest_version", N),
        ("n_versions", N),
    ],
    "versions": [
        *_KEYED,
        ("version_id", N),
        ("document_key", S),
        ("document_id", N),
        ("version", N),
        ("sha256", S),
        ("latest", B),
        ("ingested_at", S),
        ("extracted_at", S),
        ("edited_at", S),
        ("editor", S),
        ("parser_version", S),
        ("format", S),
        ("source_path", S),
        ("n_lines", N),
        ("n_claims", N),
        ("text", S),
    ],
    "claims": [
        *_KEYED,
        ("claim_id", N),
        ("document_key", S),
        ("document_id", N),
        ("version", N),
        ("version_id", N),
        ("latest", B),
        ("ordinal", N),
        ("kind", S),
        ("metric", S),
        ("value_number", F),
        ("value_text", S),
        ("high", F),
        ("approx", B),
        ("unit", S),
        ("reference", F),
        ("outcome", S),
        ("outcome_text", S),
        ("sha", S),
        ("passed", N),
        ("failed", N),
        ("skipped", N),
        ("subject", S),
        ("feature", S),
        ("revision_label", S),
        ("revision_head", S),
        ("revision_base", S),
        ("engine", S),
        ("architecture", S),
        ("models", S),
        ("stderr", F),
        ("stddev", F),
        ("printed", S),
        ("note", S),
        ("parser", S),
        ("source_path", S),
        ("line", N),
        ("line_end", N),
        ("text", S),
        ("section", L),
        ("config", S),
        ("setup", S),
        *((f"setup_{k}", S) for k in SETUP_KEYS),
        ("extra", S),
    ],
    "revisions": [
        *_KEYED,
        ("revision_id", N),
        ("document_key", S),
        ("document_id", N),
        ("version", N),
        ("version_id", N),
        ("latest", B),
        ("label", S),
        ("head", S),
        ("base", S),
        ("line", N),
        ("line_end", N),
    ],
    "support_cells": [
        *_KEYED,
        ("claim_id", N),
        ("document_key", S),
        ("document_id", N),
        ("version", N),
        ("engine", S),
        ("subject", S),
        ("feature", S),
        ("value", S),
        ("note", S),
        ("line", N),
        ("text", S),
        ("section", L),
    ],
}
"""Each file's columns and types (string, int64, double, bool, list: a list of strings)."""


@dataclass
class Exported:
    directory: str
    rows: dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        counts = ", ".join(f"{n:,} {t}" for t, n in self.rows.items())
        return f"{self.directory}: {counts} (export schema {EXPORT_SCHEMA_VERSION})"


def since_time(text: str | None) -> str | None:
    """`--since` as the ledger writes times (ISO 8601, UTC, microseconds); a time without a zone is UTC."""
    if text is None:
        return None
    raw = text.strip()
    try:
        at = datetime.fromisoformat(raw[:-1] + "+00:00" if raw.endswith(("Z", "z")) else raw)
    except ValueError:
        raise UsageError(f"--since {text[:60]!r}: expected a date or time (2026-11-01, 2026-11-01T12:00:00Z)") from None
    at = at.replace(tzinfo=timezone.utc) if at.tzinfo is None else at.astimezone(timezone.utc)
    return at.isoformat(timespec="microseconds")


def export(
    book: OpenLedger,
    directory: str | os.PathLike[str],
    *,
    since: str | None = None,
    name: str | None = None,
    on_rows: Callable[[int], None] | None = None,
) -> Exported:
    """Write the open ledger's tables to `directory` as Parquet (each file written whole, then moved into place),
    read through its connection."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise UsageError(
            "ledger export --format parquet needs pyarrow: pip install 'pr-evidence-ledger[parquet]'"
        ) from None
    from ledger.db.export import export_batches

    at = since_time(since)
    out = Path(directory)
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out}: not a folder")
    out.mkdir(parents=True, exist_ok=True)
    ledger_name = name or Path(book.path).stem
    conn = book.reader
    result = Exported(str(out))
    for table, columns in TABLES.items():
        schema = pa.schema(
            [(c, _ARROW[t](pa)) for c, t in columns],
            metadata={"ledger.export_schema": str(EXPORT_SCHEMA_VERSION), "ledger.table": table},
        )
        part = out / f".{table}.parquet.part"
        n = 0
        with pq.ParquetWriter(part, schema, compression="zstd") as writer:
            for batch in export_batches(conn, table, at):
                writer.write_batch(pa.RecordBatch.from_arrays(_arrays(pa, batch, columns, ledger_name), schema=schema))
                n += len(batch)
                if on_rows is not None:
                    on_rows(len(batch))
        os.replace(part, out / f"{table}.parquet")
        result.rows[table] = n
    manifest = {
        "export_schema": EXPORT_SCHEMA_VERSION,
        "ledger": ledger_name,
        "source": book.path,
        "exported_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "since": at,
        "rows": result.rows,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return result


_ARROW: dict[str, Callable[[Any], Any]] = {
    S: lambda pa: pa.string(),
    N: lambda pa: pa.int64(),
    F: lambda pa: pa.float64(),
    B: lambda pa: pa.bool_(),
    L: lambda pa: pa.list_(pa.string()),
}


def _lists(values: list[Any]) -> list[list[str] | None]:
    """JSON lists (a section path, labels) as lists of strings; most rows of a batch share a few texts."""
    memo: dict[str, list[str] | None] = {}
    out: list[list[str] | None] = []
    for text in values:
        if text is None:
            out.append(None)
            continue
        if text not in memo:
            try:
                items = json.loads(text)
            except ValueError:
                items = None
            memo[text] = [str(i) for i in items] if isinstance(items, list) else None
        out.append(memo[text])
    return out


def _arrays(pa: Any, batch: Batch, columns: list[tuple[str, str]], ledger_name: str) -> list[Any]:
    """One batch as arrow arrays in the schema's order: SQLite's values converted by arrow itself, the setup columns
    filled from each claim's (sparse) setup."""
    n = len(batch)
    filled: dict[str, list[Any]] = {"ledger": [ledger_name] * n}
    if batch.setups is not None:
        filled["setup"] = [json.dumps(s, ensure_ascii=False, sort_keys=True) if s else "{}" for s in batch.setups]
        for k in SETUP_KEYS:
            filled[f"setup_{k}"] = [None] * n
        for i, setup in enumerate(batch.setups):
            for k, v in setup.items():
                if k in _SETUP_COLUMNS:
                    filled[_SETUP_COLUMNS[k]][i] = v
    out = []
    for name, kind in columns:
        values = filled[name] if name in filled else batch.columns[name]
        if kind == L:
            out.append(pa.array(_lists(values), _ARROW[L](pa)))
        elif kind == B:
            out.append(pa.array(values, pa.int64()).cast(pa.bool_()))
        else:
            out.append(pa.array(values, _ARROW[kind](pa)))
    return out


_SETUP_COLUMNS = {k: f"setup_{k}" for k in SETUP_KEYS}
