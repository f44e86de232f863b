"""The ledger's exceptions, one hierarchy (and one warning, LedgerNote), turned into one-line messages at the edge.

    LedgerError
    ├── InputError            a document could not be read
    │   ├── NotFound          the path does not exist
    │   ├── BinaryInput       the file holds binary data (NUL bytes)
    │   ├── TooLarge          the file is over the size limit
    │   ├── NotRegular        a device, a FIFO or a socket: never read (no size, or no end)
    │   └── EmptyInput        the file has no text
    ├── DatabaseError         the ledger database cannot be used
    │   ├── NotALedger        the file is not SQLite, or not a ledger
    │   ├── SchemaTooNew      the database was written by a newer ledger
    │   ├── ReadOnlyStorage   a command that writes, given a ledger on storage it cannot write
    │   ├── Damaged           the file fails PRAGMA quick_check: nothing is added to it
    │   └── DiskFull          the disk filled up while writing: what was committed stays
    ├── UsageError            the arguments do not make sense together
    └── FetchError            GitHub could not be asked (network, refusal, rate limit); never names a token
        └── RateLimited       the rate limit is spent and resets later than we are willing to wait
"""

from __future__ import annotations


class LedgerError(Exception):
    """Base class: every error the library raises on purpose."""


class InputError(LedgerError):
    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path


class NotFound(InputError):
    pass


class BinaryInput(InputError):
    pass


class TooLarge(InputError):
    pass


class EmptyInput(InputError):
    pass


class NotRegular(InputError):
    """A path that names a device (/dev/zero), a FIFO or a socket: it has no size to check and may have no
    end, or wait forever for a writer, so it is refused without being read (stdin, `-`, is read up to the limit)."""


class DatabaseError(LedgerError):
    pass


class NotALedger(DatabaseError):
    pass


class SchemaTooNew(DatabaseError):
    pass


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
    pass


class FetchError(LedgerError):
    pass


class RateLimited(FetchError):
    pass
