"""Reading documents from disk or stdin: decoding, size limits, binary detection."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ledger.errors import BinaryInput, EmptyInput, NotFound, TooLarge, UsageError

DEFAULT_MAX_BYTES = 20 * 1024 * 1024
"""Larger files are refused (override with LEDGER_MAX_BYTES or --max-bytes)."""
TEXT_SUFFIXES = (".md", ".markdown", ".txt", ".text", ".rst", "")


@dataclass
class SourceText:
    """A document's text and where it came from."""

    path: str
    text: str
    sha256: str
    warnings: list[str] = field(default_factory=list)


def max_bytes() -> int:
    """The size limit: LEDGER_MAX_BYTES when set (a positive whole number of bytes), else the default."""
    raw = os.environ.get("LEDGER_MAX_BYTES", "").strip()
    if not raw:
        return DEFAULT_MAX_BYTES
    if not raw.isdigit() or int(raw) <= 0:
        raise UsageError(f"LEDGER_MAX_BYTES={raw[:40]!r}: expected a positive whole number of bytes")
    return int(raw)


def decode(data: bytes, path: str, limit: int | None = None) -> SourceText:
    """Bytes to text: UTF-8 (BOM dropped); invalid bytes replaced, with a warning."""
    limit = max_bytes() if limit is None else limit
    if len(data) > limit:
        raise TooLarge(path, f"{len(data):,} bytes is over the {limit:,}-byte limit (set LEDGER_MAX_BYTES)")
    warnings = []
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 with a byte-order mark (its NULs are not binary)
        text = data.decode("utf-16", errors="replace")
        warnings.append(f"{path}: UTF-16 text (byte-order mark), decoded"
                        + ("; undecodable bytes replaced with U+FFFD" if "\ufffd" in text else ""))
    elif b"\x00" in data[:8192]:
        raise BinaryInput(path, "binary file (NUL bytes), not a text document")
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            text = data.decode("utf-8-sig", errors="replace")
            warnings.append(f"{path}: not valid UTF-8 (first bad byte at offset {exc.start}); "
                            "undecodable bytes replaced with U+FFFD")
    if not text.strip():
        raise EmptyInput(path, "empty document")
    return SourceText(path=path, text=text, sha256=hashlib.sha256(text.encode()).hexdigest(),
                      warnings=warnings)


def read_path(path: str | Path, limit: int | None = None) -> SourceText:
    p = Path(path)
    if not p.exists():
        raise NotFound(str(path), "no such file")
    if p.is_dir():
        raise NotFound(str(path), "is a directory (give its files, or use ingest, which walks folders)")
    limit = max_bytes() if limit is None else limit
    size = p.stat().st_size
    if size > limit:
        raise TooLarge(str(path), f"{size:,} bytes is over the {limit:,}-byte limit (set LEDGER_MAX_BYTES)")
    return decode(p.read_bytes(), str(path), limit)


def walk(paths: list[str]) -> Iterator[str]:
    """Files named, and the text files under folders named, in a stable order."""
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            for f in sorted(p.rglob("*")):
                if f.is_file() and not f.name.startswith(".") and f.suffix.lower() in TEXT_SUFFIXES:
                    yield str(f)
        else:
            yield raw
