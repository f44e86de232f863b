"""Reading documents from disk or stdin: decoding, size limits, binary detection, hostile paths (devices,
FIFOs, symlink loops, names that are not UTF-8, files rewritten while read)."""

from __future__ import annotations

import errno
import hashlib
import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.errors import BinaryInput, EmptyInput, InputError, NotFound, NotRegular, TooLarge, UsageError

if TYPE_CHECKING:  # `ledger sql` reads max_bytes from here and needs no pydantic (tests/test_cli_params.py)
    from ledger.model import ParseWarning

DEFAULT_MAX_BYTES = 20 * 1024 * 1024
"""Larger files are refused (override with LEDGER_MAX_BYTES or --max-bytes)."""
TEXT_SUFFIXES = (".md", ".markdown", ".txt", ".text", ".rst", "")


@dataclass
class SourceText:
    """A document's text and where it came from."""

    path: str
    text: str
    sha256: str
    warnings: list[ParseWarning] = field(default_factory=list)
    """How the bytes were read, where not as plain UTF-8 (a replaced byte, a name not UTF-8)."""


def max_bytes() -> int:
    """The size limit: LEDGER_MAX_BYTES when set (a positive whole number of bytes), else the default."""
    raw = os.environ.get("LEDGER_MAX_BYTES", "").strip()
    if not raw:
        return DEFAULT_MAX_BYTES
    if not raw.isdigit() or int(raw) <= 0:
        raise UsageError(f"LEDGER_MAX_BYTES={raw[:40]!r}: expected a positive whole number of bytes")
    return int(raw)


def display_name(path: str) -> str:
    """A path as text that can be stored and printed: a name's undecodable bytes (kept by os.fsdecode as
    lone surrogates, so the file can still be opened) written as `\\xff`."""
    if not _SURROGATE_RE.search(path):
        return path
    return os.fsencode(path).decode("utf-8", errors="backslashreplace")


_SURROGATE_RE = re.compile("[\ud800-\udfff]")


def _too_large(path: str, limit: int, size: int | None = None) -> TooLarge:
    said = f"{size:,} bytes is over" if size is not None else "over"
    return TooLarge(path, f"{said} the {limit:,}-byte limit (set LEDGER_MAX_BYTES)")


def decode(data: bytes, path: str, limit: int | None = None) -> SourceText:
    """Bytes to text: UTF-8 (BOM dropped); invalid bytes replaced, with a warning."""
    from ledger.model import ParseWarning

    limit = max_bytes() if limit is None else limit
    if len(data) > limit:
        raise _too_large(path, limit, None if len(data) == limit + 1 else len(data))
    warnings: list[ParseWarning] = []
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 with a byte-order mark (its NULs are not binary)
        text = data.decode("utf-16", errors="replace")
        warnings.append(
            ParseWarning(
                None,
                "UTF-16 text (byte-order mark), decoded"
                + ("; undecodable bytes replaced with U+FFFD" if "\ufffd" in text else ""),
            )
        )
    elif b"\x00" in data[:8192]:
        raise BinaryInput(path, "binary file (NUL bytes), not a text document")
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            text = data.decode("utf-8-sig", errors="replace")
            warnings.append(
                ParseWarning(
                    _line_at(data, exc.start),
                    f"not valid UTF-8 (first bad byte at offset {exc.start}); undecodable bytes replaced with U+FFFD",
                )
            )
    if not text.strip():
        raise EmptyInput(path, "empty document")
    return SourceText(path=path, text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), warnings=warnings)


READING_NOTES = (
    "UTF-16 text (byte-order mark)",
    "not valid UTF-8 (first bad byte",
    "the file name is not valid UTF-8",
    "changed while it was read",
)
"""How the warnings of reading bytes begin (decode, read_path), and a GitHub text's lone surrogates
(ledger/github/store.py): what the text's bytes said, which reading the stored text again cannot say."""


def reading_warning(message: str) -> bool:
    """A warning of reading the bytes, not of parsing the text (`ledger reextract` keeps these)."""
    return message.startswith(READING_NOTES) or ("lone surrogate" in message and "replaced with U+FFFD" in message)


_CHUNK = 1 << 20
"""Bytes asked of the OS per read."""
_read_chunk: Callable[[int, int], bytes] = os.read
_KINDS = (
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
)


def read_at_most(fd: int, n: int) -> bytes:
    """At most `n` bytes from `fd`, whatever it is (a file, a pipe, /dev/zero): never more, whatever it claims."""
    parts: list[bytes] = []
    left = n
    while left > 0:
        data = _read_chunk(fd, min(_CHUNK, left))
        if not data:
            break
        parts.append(data)
        left -= len(data)
    return b"".join(parts)


def _open_error(name: str, exc: OSError) -> InputError:
    if exc.errno == errno.ELOOP:
        return NotFound(name, "a symbolic link loop (too many levels of symbolic links)")
    if exc.errno in (errno.ENOENT, errno.ENOTDIR):
        return NotFound(name, "no such file")
    if exc.errno == errno.EISDIR:
        return NotFound(name, "is a directory (give its files, or use ingest, which walks folders)")
    return NotFound(name, exc.strerror or str(exc))


def _check_kind(name: str, st: os.stat_result) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise NotFound(name, "is a directory (give its files, or use ingest, which walks folders)")
    if not stat.S_ISREG(st.st_mode):
        kind = next((what for test, what in _KINDS if test(st.st_mode)), "not a file")
        raise NotRegular(name, f"not a regular file ({kind}); give a file, or - for stdin")


def _line_at(data: bytes, offset: int) -> int:
    """The 1-based line that byte `offset` stands on, counting line ends as the reader splits lines (LF, CRLF,
    a lone CR)."""
    head = data[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1


def read_path(path: str | Path, limit: int | None = None) -> SourceText:
    """One file, read once through one descriptor: at most `limit` + 1 bytes, hashed as read.

    Only a regular file is opened (a device or a FIFO is refused before it is opened, and again after, in
    case the path was swapped in between). A file whose size or modification time changed while it was
    read is kept as read, with a warning: the text and its hash are what this read saw, never a mixture
    of two reads. A name that is not valid UTF-8 is opened as it is and stored and shown escaped.
    """
    raw = os.fspath(path)
    name = display_name(raw)
    limit = max_bytes() if limit is None else limit
    try:
        _check_kind(name, os.stat(raw))
        fd = os.open(raw, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise _open_error(name, exc) from None
    try:
        before = os.fstat(fd)
        _check_kind(name, before)
        if before.st_size > limit:
            raise _too_large(name, limit, before.st_size)
        data = read_at_most(fd, limit + 1)
        after = os.fstat(fd)
    except OSError as exc:
        raise _open_error(name, exc) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise _too_large(name, limit)
    src = decode(data, name, limit)
    from ledger.model import ParseWarning

    if name != raw:
        src.warnings.insert(
            0,
            ParseWarning(None, "the file name is not valid UTF-8; stored and shown with its undecodable bytes escaped"),
        )
    if (after.st_size, after.st_mtime_ns) != (before.st_size, before.st_mtime_ns) or len(data) != before.st_size:
        src.warnings.append(
            ParseWarning(
                None,
                f"changed while it was read (size {before.st_size:,} -> "
                f"{after.st_size:,} bytes, {len(data):,} read); stored as read: "
                "ingest it again once it is written",
            )
        )
    return src


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
        elif os.path.splitext(e.name)[1].lower() in TEXT_SUFFIXES and _is_file(e):
            yield e.path


def _is_file(entry: os.DirEntry[str]) -> bool:
    """A regular file, or a name whose kind cannot be told (a symlink loop): reading it gives its one line."""
    try:
        return entry.is_file()
    except OSError:
        return True
