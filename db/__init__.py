"""The ledger database: schema and migrations, one-transaction writes, and reads. It never parses.

    from db import open_ledger, write_version, claims, ClaimFilter
    db = open_ledger("ledger.db")
"""

from db.connection import open_ledger, open_readonly
from db.reads import ClaimFilter, claims, document_overview, documents, iter_claims, resolve_document
from db.schema import SCHEMA_VERSION
from db.writes import DocumentIdentity, PreparedVersion, WriteResult, find_version, write_version, write_versions

__all__ = [
    "SCHEMA_VERSION",
    "ClaimFilter",
    "DocumentIdentity",
    "PreparedVersion",
    "WriteResult",
    "claims",
    "document_overview",
    "documents",
    "find_version",
    "iter_claims",
    "open_ledger",
    "open_readonly",
    "resolve_document",
    "write_version",
    "write_versions",
]
