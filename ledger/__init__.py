"""The PR-evidence ledger: structured claims from pull-request evidence, stored with provenance.

    import ledger
    with ledger.open_ledger("ledger.db") as book:      (the ledger held open: one connection until the end)
        print(book.compare("example/trtllm#4821").render(show_all=True))

Names are imported on first use: `import ledger` (and `ledger --version`) loads none of the library.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ledger.version import __version__

if TYPE_CHECKING:
    from ledger.api import Ledger, open_ledger
    from ledger.errors import (
        DatabaseError,
        FetchError,
        InputError,
        LedgerError,
        NotALedger,
        NotFound,
        SchemaTooNew,
        UsageError,
    )
    from ledger.model import Claim, ParseWarning


_MODULE_OF: dict[str, str] = {
    "Ledger": "ledger.api",
    "open_ledger": "ledger.api",
    "Claim": "ledger.model",
    "ParseWarning": "ledger.model",
    **dict.fromkeys(
        (
            "LedgerError",
            "InputError",
            "NotFound",
            "DatabaseError",
            "NotALedger",
            "SchemaTooNew",
            "UsageError",
            "FetchError",
        ),
        "ledger.errors",
    ),
}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'ledger' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_MODULE_OF])


__all__ = [
    "Claim",
    "DatabaseError",
    "FetchError",
    "InputError",
    "Ledger",
    "LedgerError",
    "NotALedger",
    "NotFound",
    "ParseWarning",
    "SchemaTooNew",
    "UsageError",
    "__version__",
    "open_ledger",
]
