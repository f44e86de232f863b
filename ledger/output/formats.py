"""The output formats of the read commands, as option types: kept apart from ledger/output/rows.py so the
command line can declare its options without importing the printing code (csv, json, rich)."""

from __future__ import annotations

from enum import Enum


class Format(str, Enum):
    table = "table"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"
    markdown = "markdown"


class GroupBy(str, Enum):
    none = "none"
    revision = "revision"
    document = "document"
    kind = "kind"
