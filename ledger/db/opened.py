"""An open ledger: the file and the one read connection every library call on it shares.

    with OpenLedger("ledger.db") as book:     (ledger.open_ledger gives its subclass, with a method per command)
        rows = ledger.query.claims(book, ClaimFilter(pr=4821))
        comparison = ledger.targets.run_compare(["acme/engine#40"], book=book)

The connection is opened on first use (`db.reads.open_reader`: checked, and migrated when older) and closed by
`close()` or at the end of the `with`; a command, a trend over a hundred documents or a web page reads through
that one connection instead of opening the file once per document. The web view wraps the read-only connection
datasette gives it (`OpenLedger(path, reader=conn)`), which stays datasette's: `close()` leaves it open.

Writers (ingest, fetch, merge, reextract) open their own read-write connection, and close the reader first (an
ingest forks its workers: no child inherits it); the next read opens it again. Nothing here opens the file with
`open()`: closing any descriptor of it would drop the locks this process's connections hold (README, Guarantees).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from ledger.db.reads import Reader

_Book = TypeVar("_Book", bound="OpenLedger")


class OpenLedger:
    """A ledger file and its shared read connection (opened on first use). Reading never creates the file."""

    def __init__(self, path: str | os.PathLike[str], *, reader: Reader | None = None) -> None:
        self.path = str(path)
        """The ledger file, as given."""
        self._reader = reader
        self._owned = reader is None  # a connection handed in (the web view's) is its owner's to close

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.path!r})"

    @property
    def reader(self) -> Reader:
        """The read connection, opened now if it is not yet (DatabaseError when there is no ledger at the path)."""
        if self._reader is None:
            from ledger.db.reads import open_reader

            self._reader = open_reader(self.path)
        return self._reader

    @property
    def is_open(self) -> bool:
        return self._reader is not None

    def exists(self) -> bool:
        """There is a ledger to read: a connection is open, or the file is there."""
        return self._reader is not None or Path(self.path).is_file()

    def close(self) -> None:
        """Close the read connection this object opened (a later read opens another); one handed in stays open."""
        if self._owned and self._reader is not None:
            reader, self._reader = self._reader, None
            reader.close()

    def __enter__(self: _Book) -> _Book:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


@contextmanager
def opened(ledger: OpenLedger | str | os.PathLike[str]) -> Iterator[OpenLedger]:
    """The open ledger given, or one opened on a path for this call only and closed after it: for a library function
    the README documented with a path before there was an open ledger to give it (ledger.support.join.support)."""
    if isinstance(ledger, OpenLedger):
        yield ledger
        return
    with OpenLedger(ledger) as book:
        yield book
