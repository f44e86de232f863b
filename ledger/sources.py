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
    """Files named, and the text files under folders named, in a stable order: each folder's entries
    sorted by name, a subfolder's files where its name sorts (the order of sorted Path objects).
    Hidden files and folders (".git") are skipped, and symlinked folders are not followed (no loops)."""
    for raw in paths:
        if os.path.isdir(raw):
            yield from _walk_folder(raw)
        else:
            yield raw


def _walk_folder(folder: str) -> Iterator[str]:
    # os.scandir, not Path.rglob: a folder of 100,000 files is listed in a tenth of the time, without
    # a Path object per file held until the sort.
    try:
        with os.scandir(folder) as it:
            entries = sorted(it, key=lambda e: e.name)
    except OSError:
        return
    for e in entries:
        if e.name.startswith("."):
            continue
        if e.is_dir(follow_symlinks=False):
            yield from _walk_folder(e.path)
        elif e.is_file() and os.path.splitext(e.name)[1].lower() in TEXT_SUFFIXES:
            yield e.path
