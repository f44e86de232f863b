"""Pure extraction: text in, claims out. No files, no network, no database.

from ledger.parsers import extract
result = extract(text, path="pr.md")
result.claims, result.warnings
"""

from ledger.parsers.pipeline import Extraction, extract

__all__ = ["Extraction", "extract"]
