"""The ledger database: schema and migrations, one-transaction writes, and reads. It never parses.

from ledger.db import open_database, write_version, claims, ClaimFilter
db = open_database("ledger.db")
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ledger.db.connection import check_whole, open_database, open_readonly
    from ledger.db.documents import document_overview, documents
    from ledger.db.reads import ClaimFilter, claims, iter_claims, resolve_document
    from ledger.db.schema import SCHEMA_VERSION
    from ledger.db.writes import (
        DocumentIdentity,
        PreparedVersion,
        WriteResult,
        find_version,
        write_version,
        write_versions,
    )

_MODULE_OF = {
    "open_database": "ledger.db.connection",
    "open_readonly": "ledger.db.connection",
    "check_whole": "ledger.db.connection",
    "SCHEMA_VERSION": "ledger.db.schema",
    **dict.fromkeys(("ClaimFilter", "claims", "iter_claims", "resolve_document"), "ledger.db.reads"),
    **dict.fromkeys(("document_overview", "documents"), "ledger.db.documents"),
    **dict.fromkeys(
        ("DocumentIdentity", "PreparedVersion", "WriteResult", "find_version", "write_version", "write_versions"),
        "ledger.db.writes",
    ),
}


def __getattr__(name: str) -> Any:
    """Each name is imported from its module on first use: a read command (db.reads) then loads neither
    sqlite-utils nor the writer (db.connection, db.schema, db.writes import sqlite-utils)."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'db' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "SCHEMA_VERSION",
    "ClaimFilter",
    "DocumentIdentity",
    "PreparedVersion",
    "WriteResult",
    "check_whole",
    "claims",
    "document_overview",
    "documents",
    "find_version",
    "iter_claims",
    "open_database",
    "open_readonly",
    "resolve_document",
    "write_version",
    "write_versions",
]
