"""The ledger's exceptions: one hierarchy (and one warning, LedgerNote), each a one-line message at the CLI's edge.

    LedgerError               every error the library raises on purpose (catch this one)
    ├── InputError            a document could not be read; carries .path
    │   ├── NotFound          the path does not exist
    │   ├── BinaryInput       the file holds binary data (NUL bytes)
    │   ├── TooLarge          the file is over the size limit
    │   ├── EmptyInput        the file has no text
    │   └── NotRegular        a device, FIFO or socket: refused without being read
    ├── DatabaseError         the ledger database cannot be used
    │   ├── NotALedger        the file is not SQLite, or not a ledger
    │   ├── SchemaTooNew      the database was written by a newer ledger
    │   ├── ReadOnlyStorage   a command that writes, given a ledger on storage it cannot write
    │   ├── Damaged           the file fails PRAGMA quick_check: nothing is added to it
    │   └── DiskFull          the disk filled up while writing: what was committed stays
    ├── UsageError            the arguments do not make sense together (a bad option, an unknown document)
    └── FetchError            GitHub could not be asked (network, refusal, rate limit); never names a token
        └── RateLimited       the rate limit is spent and resets later than we are willing to wait

    LedgerNote (UserWarning)  something to tell the user that is not an error, printed as `ledger: note: ...`

`str(error)` is the whole message, fit for one line ("PATH: reason"); the CLI prints it after
"ledger: " and exits 2 (see the README's exit codes). Nothing else escapes the library on purpose:
anything outside this tree is a bug.
"""

from __future__ import annotations


class LedgerError(Exception):
    """Base class: every error the library raises on purpose."""


class InputError(LedgerError):
    """A document (file, stdin, claims file, reference file) could not be read; `path` names it."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path


class NotFound(InputError):
    """The path does not exist (or is not a file)."""


class BinaryInput(InputError):
    """The file holds binary data (NUL bytes), not text."""


class TooLarge(InputError):
    """The file is over the size limit (`--max-bytes`, LEDGER_MAX_BYTES)."""


class EmptyInput(InputError):
    """The file has no text."""


class NotRegular(InputError):
    """A path that names a device (/dev/zero), a FIFO or a socket: it has no size to check and may have no
    end, or wait forever for a writer, so it is refused without being read (stdin, `-`, is read up to the limit)."""


class DatabaseError(LedgerError):
    """The ledger database cannot be used (a failed statement, a missing table, a read-only file)."""


class NotALedger(DatabaseError):
    """The file is not SQLite, or a SQLite database that is not a ledger; it is left as it was."""


class SchemaTooNew(DatabaseError):
    """The database was written by a newer ledger; this code refuses to read or migrate it."""


class ReadOnlyStorage(DatabaseError):
    """The ledger, or the folder it is in, cannot be written (a read-only mount, a folder of another user):
    a command that writes is refused before it starts; the read commands open it read-only."""


class Damaged(DatabaseError):
    """The ledger fails `PRAGMA quick_check` (a torn write, a bad disk, another tool): adding to it could bury
    the damage under new rows, so a command that writes refuses it; restoring a copy or `.recover` is the way."""


class DiskFull(DatabaseError):
    """The disk filled up during an ingest: the batch under way was rolled back, what was committed before it
    stays, and the inputs from `first` on were not stored (`done` results were given before; `results`: those
    of the batch under way that were stored before the disk filled, not yet given)."""

    def __init__(self, message: str, first: str = "", done: int = 0, results: list[object] | None = None) -> None:
        super().__init__(message)
        self.first = first
        self.done = done
        self.results = results or []


class LedgerNote(UserWarning):
    """Something a user should know that is not an error (a ledger opened read-only because its storage is):
    issued with `warnings.warn`; the CLI prints it as one line, `ledger: note: ...`."""


class UsageError(LedgerError):
    """The arguments do not make sense together: a bad option value, a document nothing matches."""


class FetchError(LedgerError):
    """GitHub could not be asked: network, refusal, malformed answer. The message never carries a token."""


class RateLimited(FetchError):
    """The rate limit is spent and resets later than the caller is willing to wait (`--max-wait`)."""
