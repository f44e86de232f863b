"""The ledger's exceptions: one hierarchy, each turned into a one-line message at the CLI's edge.

    LedgerError               every error the library raises on purpose (catch this one)
    ├── InputError            a document could not be read; carries .path
    │   ├── NotFound          the path does not exist
    │   ├── BinaryInput       the file holds binary data (NUL bytes)
    │   ├── TooLarge          the file is over the size limit
    │   └── EmptyInput        the file has no text
    ├── DatabaseError         the ledger database cannot be used
    │   ├── NotALedger        the file is not SQLite, or not a ledger
    │   └── SchemaTooNew      the database was written by a newer ledger
    ├── UsageError            the arguments do not make sense together (a bad option, an unknown document)
    └── FetchError            GitHub could not be asked (network, refusal, rate limit); never names a token
        └── RateLimited       the rate limit is spent and resets later than we are willing to wait

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


class DatabaseError(LedgerError):
    """The ledger database cannot be used (a failed statement, a missing table, a read-only file)."""


class NotALedger(DatabaseError):
    """The file is not SQLite, or a SQLite database that is not a ledger; it is left as it was."""


class SchemaTooNew(DatabaseError):
    """The database was written by a newer ledger; this code refuses to read or migrate it."""


class UsageError(LedgerError):
    """The arguments do not make sense together: a bad option value, a document nothing matches."""


class FetchError(LedgerError):
    """GitHub could not be asked: network, refusal, malformed answer. The message never carries a token."""


class RateLimited(FetchError):
    """The rate limit is spent and resets later than the caller is willing to wait (`--max-wait`)."""
