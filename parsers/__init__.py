"""Pure extraction: text in, claims out. No files, no network, no database.

    from parsers import extract
    result = extract(text, path="pr.md")
    result.claims, result.warnings
"""

from parsers.pipeline import Extraction, extract

__all__ = ["Extraction", "extract"]
