"""What `ledger support` answers, as plain dataclasses: each source's `Statement` about one (engine, subject,
feature), the `Cell`s and `Matrix`es they are shown in, the pull requests' `Evidence` beside a cell, and the
`SupportAnswer` holding them (ledger/support/join.py builds it; support_evidence.py adds the evidence;
support_render.py and the web view show it)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from ledger.vocab.engines import engine_for_repo, engine_for_url, engine_of_repo, short_name

Mode = Literal["subject", "feature", "cell", "cells"]


@dataclass
class Evidence:
    """A pull request's claim that names the cell's architecture and feature."""

    document: str
    """The PR's document key ("NVIDIA/TensorRT-LLM#9001")."""
    pr: int | None
    version: int
    line: int
    kind: str
    metric: str | None
    value: Any
    outcome: str | None
    text: str
    revision: dict[str, str | None] | None
    """The revision the claim was measured on: label, head, base."""


@dataclass
class Statement:
    """What one source says about one (engine, subject, feature)."""

    engine: str
    """The engine's short name; the document's key when no engine is known."""
    subject: str
    """The architecture class (or the subject as printed, when it names no class)."""
    feature: str
    """The canonical feature name (or the feature as printed)."""
    value: str
    note: str | None
    source: dict[str, Any]
    """document, document_id, version, path, line, line_end, text, section."""
    kind: str
    """support (a matrix cell or a note's statement) or listing (a row of a table of supported architectures)."""
    printed_subject: str
    printed_feature: str | None
    subject_kind: str
    """architecture, hardware (a column naming where a feature runs, "Volta", "CPU"), feature (a combination matrix's
    row) or other (a backend, a model family)."""
    models: str | None = None
    disagreement: bool = False
    """Another statement of the same engine (and backend) about the same cell says otherwise."""
    backend: str | None = None
    """The backend of the engine the statement answers for, as the heading above its table names it ("TurboMind",
    "PyTorch"); None for the engine as a whole."""
    evidence: list[Evidence] = field(default_factory=list)
    read_across: str | None = None
    """The axis the query asked on ("feature") when the page put the name on its other one: the statement turned, its
    row's name the feature and its column's the subject (`--feature FP8` over rows of methods, columns of hardware)."""


@dataclass
class Cell:
    row: str
    engine: str
    statements: list[Statement]
    evidence: list[Evidence] = field(default_factory=list)
    """PR claims of the engine naming the cell's architecture and feature (support(evidence=True))."""

    @property
    def values(self) -> list[str]:
        return list(dict.fromkeys(s.value for s in self.statements))

    @property
    def answers(self) -> list[tuple[str, str | None]]:
        """Each (value, backend) the statements give, in order: what the cell shows, one line each."""
        return list(dict.fromkeys((s.value, s.backend) for s in self.statements))

    @property
    def disagreement(self) -> bool:
        """Two statements for one backend (or for the engine as a whole) that differ: two backends' tables that
        differ answer for two backends and disagree on nothing."""
        seen: dict[str | None, str] = {}
        return any(seen.setdefault(b, v) != v for v, b in self.answers)

    def to_dict(self) -> dict[str, Any]:
        return {
            "row": self.row,
            "engine": self.engine,
            "values": self.values,
            "disagreement": self.disagreement,
            "statements": [asdict(s) for s in self.statements],
            "evidence": [asdict(e) for e in self.evidence],
        }


@dataclass
class Matrix:
    """One subject's features x engines (mode subject), or one feature's subjects x engines (mode feature)."""

    title: str
    rows: list[str]
    engines: list[str]
    cells: dict[tuple[str, str], Cell]
    rows_are: Literal["features", "subjects"] = "features"
    row_kinds: dict[str, str] = field(default_factory=dict)
    """For a feature's matrix, each subject's kind: architecture, other, feature (a combination)."""

    def cell(self, row: str, engine: str) -> Cell | None:
        return self.cells.get((row, engine))

    def to_dict(self) -> dict[str, Any]:
        """The matrix as JSON has it: its cells a list in row order, each naming its row and engine."""
        return {
            "title": self.title,
            "rows_are": self.rows_are,
            "rows": self.rows,
            "engines": self.engines,
            "row_kinds": self.row_kinds,
            "cells": [c.to_dict() for row in self.rows for e in self.engines if (c := self.cell(row, e)) is not None],
        }


@dataclass
class SupportAnswer:
    mode: Mode
    engines: list[str]
    """Every engine the ledger's support documents speak for, in a stable order: the columns."""
    matrices: list[Matrix]
    statements: list[Statement]
    """The statements the answer shows, in matrix order (every one, also in mode cells)."""

    def rows(self) -> list[dict[str, Any]]:
        """One plain dict per statement (`to_dict()["statements"]`, what `ledger support --format json` prints)."""
        return [asdict(s) for s in self.statements]

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape (the support page's `.json` twin): the mode, the engines, the matrices and the rows."""
        return {
            "mode": self.mode,
            "engines": self.engines,
            "matrices": [m.to_dict() for m in self.matrices],
            "statements": self.rows(),
        }


def engine_of(row: dict[str, Any]) -> str:
    """The engine a stored cell speaks for: its own, its document's, its repository's or URL's, its repository's
    name (a ledger written before documents took it); else the document's key (shown in its place)."""
    for name in (row.get("engine"), row.get("document_engine")):
        if name:
            return short_name(str(name)) or str(name)
    found = engine_for_repo(row.get("repo")) or engine_for_url(row.get("url"))
    return found.name if found else engine_of_repo(row.get("repo")) or str(row.get("document") or "?")
