"""Which way a support matrix runs: its rows are subjects and its columns features, or, on an engine's own list of
features ("| Feature | vLLM V0 Engine | vLLM V1 Engine |", "| Feature | Status |"), its rows are the features and
its columns the engine, a mode of it or the feature's status.

Read the usual way, such a page stored the feature as the subject and "vLLM V1 Engine" as a feature, so asking for
a feature never found its cells. The first header decides ("Feature", "Capability": ledger/vocab/support_axes.py),
and only where every support column names an engine's mode or a status: a combination matrix whose columns are
features too ("| Feature | CUDA Graph | ... |") keeps its rows as subjects, and a survey of engines ("| Feature |
vLLM | SGLang |") its cells as the engines' columns (ledger/ingest/engines.py keeps their engine).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ledger.parsers.reader.document import Table
from ledger.parsers.support.cells import clean_name
from ledger.parsers.support.engine import column_engine
from ledger.parsers.support.scopes import heading_backend
from ledger.vocab.engines import engine_named
from ledger.vocab.support_axes import FEATURE_HEADER_RE

Axis = tuple[str, dict[str, str] | None]
"""A column of an engine's feature list: (the subject its cells answer for, their setting: the mode as backend)."""


def engine_axes(
    table: Table,
    cols: list[int],
    is_status: Callable[[str], bool],
    engines: Mapping[int, str | None],
    scope: dict[str, str] | None,
) -> dict[int, Axis] | None:
    """For a feature list, each support column's (subject, setting); None for a matrix whose rows are subjects.
    `is_status(head)`: whether a header names a status ("Status"); `engines`: each column's engine (the column's,
    else the document's); `scope`: the setting the table's heading gives."""
    if not cols or not table.header or not FEATURE_HEADER_RE.match(clean_name(table.header[0])):
        return None
    out: dict[int, Axis] = {}
    for ci in cols:
        head = clean_name(table.header[ci]) if ci < len(table.header) else ""
        named = engine_named(head.split()[0]) if head and not column_engine(head) else None
        mode = heading_backend(head, named.name) if named is not None else None
        subject = engines.get(ci) or (named.name if named else None)
        if subject is None or not (is_status(head) or mode):
            return None  # a column of features, or of engines (a survey: each column speaks for its engine)
        out[ci] = (subject, {**(scope or {}), "backend": mode} if mode else scope)
    return out
