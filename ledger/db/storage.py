"""Where a ledger lives: whether its storage can be written, and how to open it read-only when it cannot.

Kept apart from ledger/db/connection.py (which imports sqlite-utils and the migrations) so that a read command
(ledger/db/reads.py) can ask without paying for those imports.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path
from urllib.parse import quote

from ledger.errors import LedgerNote

__all__ = ["WRITE_REFUSED", "reader_uri", "readonly_storage"]


def readonly_storage(path: Path) -> tuple[bool, bool]:
    """(read_only, immutable): whether the ledger or its folder cannot be written (a read-only mount, another
    user's folder), and whether its folder cannot, so that SQLite cannot make the -wal and -shm files a reader
    of a WAL database needs and must read it as immutable."""
    folder = path.resolve().parent
    folder_ro = folder.is_dir() and not os.access(folder, os.W_OK)  # a missing folder is another error
    file_ro = path.exists() and not os.access(path, os.W_OK)
    return folder_ro or file_ro, folder_ro


def reader_uri(path: Path) -> str | None:
    """The URI that opens a ledger on read-only storage read-only (`mode=ro`, and `immutable=1` when its folder
    cannot be written), with a LedgerNote saying so; None when the storage is writable (open it as usual)."""
    read_only, immutable = readonly_storage(path)
    if not read_only:
        return None
    note = f"{path}: on read-only storage: opened read-only"
    if immutable:
        note += ", as immutable (what another process changes meanwhile is not seen)"
        wal = Path(f"{path}-wal")
        if wal.exists() and wal.stat().st_size:
            note += f"; its write-ahead log ({wal.stat().st_size:,} bytes, not yet in the file) is not read"
    warnings.warn(note, LedgerNote, stacklevel=3)
    return f"file:{quote(str(path.resolve()))}?mode=ro" + ("&immutable=1" if immutable else "")


WRITE_REFUSED = (
    "on read-only storage (it or its folder cannot be written): this command writes to the ledger; "
    "the read commands still read it"
)
