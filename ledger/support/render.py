"""Printing a support answer: matrices on the terminal, one row per statement in json, jsonl, csv and markdown.

A matrix cell shows each value its engine's sources give, with footnote marks (¹ ²) for notes printed below
the matrix and, for every value, where it stands: a source letter and a line ("no A:75,B:3"; the letters
are listed under the matrices). Two sources of one engine that disagree are both shown, marked "≠". With
--evidence, a cell counts the PR claims beside it ("+2 PR") and the claims are listed below. Document text
is never markup: cells are rich Text, control characters replaced.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, TextIO

from ledger.output.formats import Format
from ledger.output.rows import clean, dumps_indented, write_csv, write_markdown, write_table
from ledger.support.answer import Cell, Evidence, Statement, SupportAnswer

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_PLAIN = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
ROW_COLUMNS: tuple[str, ...] = (
    "engine",
    "subject",
    "feature",
    "value",
    "note",
    "document",
    "line",
    "line_end",
    "version",
    "path",
    "text",
    "section",
    "kind",
    "printed_subject",
    "printed_feature",
    "subject_kind",
    "models",
    "backend",
    "disagreement",
    "evidence",
)
"""The csv and markdown columns: a statement with its source spread out."""


def write_support(answer: SupportAnswer, fmt: Format, out: TextIO | None = None) -> None:
    out = out or sys.stdout
    if fmt is Format.json:
        out.write(dumps_indented(answer.to_dict()["statements"]) + "\n")
    elif fmt is Format.jsonl:
        encode = json.JSONEncoder(ensure_ascii=False).encode
        out.write("".join(encode(r) + "\n" for r in answer.rows()))
    elif fmt is Format.csv:
        write_csv([flat_row(s) for s in answer.statements], out, ROW_COLUMNS)
    elif fmt is Format.markdown:
        write_markdown([_markdown_row(s) for s in answer.statements], out)
    elif not answer.statements and not any(m.cells for m in answer.matrices):
        out.write("no support claims match\n")
    elif not answer.matrices:
        write_table([_listing_row(s) for s in answer.statements], out)
    else:
        write_matrices(answer, out)


def flat_row(s: Statement) -> dict[str, Any]:
    src = s.source
    return {
        "engine": s.engine,
        "subject": s.subject,
        "feature": s.feature,
        "value": s.value,
        "note": s.note,
        "document": src.get("document"),
        "line": src.get("line"),
        "line_end": src.get("line_end"),
        "version": src.get("version"),
        "path": src.get("path"),
        "text": src.get("text"),
        "section": " > ".join(map(str, src.get("section") or [])),
        "kind": s.kind,
        "printed_subject": s.printed_subject,
        "printed_feature": s.printed_feature,
        "subject_kind": s.subject_kind,
        "models": s.models,
        "backend": s.backend,
        "disagreement": s.disagreement,
        "evidence": "; ".join(map(evidence_text, s.evidence)),
    }


def _markdown_row(s: Statement) -> dict[str, Any]:
    return {
        "engine": s.engine,
        "subject": s.subject,
        "feature": s.feature,
        "value": s.value + (" (disagreement)" if s.disagreement else ""),
        "note": s.note or "",
        "source": f"{s.source.get('document')}:{s.source.get('line')}",
        "evidence": "; ".join(map(evidence_text, s.evidence)),
    }


def _listing_row(s: Statement) -> dict[str, Any]:
    return {
        "engine": s.engine,
        "subject": s.subject,
        "feature": s.feature,
        "value": s.value,
        "note": s.note or "",
        "source": f"{s.source.get('document')}:{s.source.get('line')}",
    }


def evidence_text(e: Evidence) -> str:
    what = e.metric or e.kind
    value = e.outcome if e.kind == "gate" else e.value
    rev = ""
    if e.revision:
        rev = " @ " + " ".join(str(x) for x in (e.revision.get("label"), e.revision.get("head")) if x)
    return f"{e.document} v{e.version}:{e.line} {e.kind} {what} {value if value is not None else ''}".rstrip() + rev


# ---- the terminal ------------------------------------------------------------------------------------------


class _Legend:
    """Source letters and numbered notes, shared by the matrices of one answer."""

    def __init__(self) -> None:
        self.docs: dict[str, tuple[str, str]] = {}
        self.notes: dict[str, int] = {}
        self.note_where: dict[str, str] = {}

    def tag(self, s: Statement) -> str:
        doc = str(s.source.get("document"))
        if doc not in self.docs:
            self.docs[doc] = (_letters(len(self.docs)), s.engine)
        return self.docs[doc][0]

    def note(self, s: Statement) -> str:
        if not s.note:
            return ""
        if s.note not in self.notes:
            self.notes[s.note] = len(self.notes) + 1
            self.note_where[s.note] = f"{self.tag(s)}:{s.source.get('line')}"
        return str(self.notes[s.note]).translate(_SUPERSCRIPT)


def _letters(i: int) -> str:
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out


def cell_text(cell: Cell | None, legend: _Legend) -> str:
    if cell is None:
        return "—"
    lines = []
    mark = "≠ " if cell.disagreement else ""
    for value, backend in cell.answers:
        said = [s for s in cell.statements if s.value == value and s.backend == backend]
        notes = ",".join(
            sorted(
                dict.fromkeys(n for n in (legend.note(s) for s in said) if n), key=lambda n: int(n.translate(_PLAIN))
            )
        )
        lines_of: dict[str, list[str]] = {}
        for s in said:
            lines_of.setdefault(legend.tag(s), []).append(str(s.source.get("line")))
        where = ",".join(f"{tag}:{','.join(dict.fromkeys(nos))}" for tag, nos in lines_of.items())
        scope = f" ({backend})" if backend else ""  # each backend's table answers for that backend only
        lines.append(f"{mark}{value}{notes}{scope} {where}")
    if cell.evidence:
        lines.append(f"+{len(cell.evidence)} PR")
    return "\n".join(lines) or "—"


def write_matrices(answer: SupportAnswer, out: TextIO) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(file=out, width=_width(out), highlight=False, soft_wrap=False)
    legend = _Legend()
    if (turned := next((s for s in answer.statements if s.read_across), None)) is not None:
        other = "subject" if turned.read_across == "feature" else "feature"
        asked = turned.read_across
        console.print(Text(f"(no {asked} matches; matched as a {other}: the page's rows and columns read across)"))
    for m in answer.matrices:
        axis = "features" if m.rows_are == "features" else "subjects"
        texts = {(row, e): cell_text(m.cell(row, e), legend) for row in m.rows for e in m.engines}
        table = Table(
            title=Text(clean(f"{m.title}: {axis} × engines"), style="bold"),
            show_lines=any("\n" in t for t in texts.values()),
            title_justify="left",
        )
        table.add_column(Text(axis[:-1]), overflow="fold", ratio=2)
        for e in m.engines:
            table.add_column(Text(clean(e)), overflow="fold", ratio=2)
        for row in m.rows:
            label = row if m.rows_are == "features" or m.row_kinds.get(row) != "feature" else f"+ {row}"
            table.add_row(Text(clean(label)), *(Text(_cell_clean(texts[(row, e)])) for e in m.engines))
        console.print(table)
        if any(c.disagreement for c in m.cells.values()):
            console.print(Text("≠ the engine's sources disagree: each value is shown with its source"))
        if m.rows_are == "subjects" and any(k == "feature" for k in m.row_kinds.values()):
            console.print(Text(f"+ a combination matrix's cell: {clean(m.title)} together with that feature"))
    _print_legend(console, legend, answer)


def _print_legend(console: Any, legend: _Legend, answer: SupportAnswer) -> None:
    from rich.text import Text

    if legend.docs:
        console.print(Text("sources:"))
        for doc, (tag, engine) in legend.docs.items():
            console.print(Text(clean(f"  {tag} = {doc} ({engine})")))
    if legend.notes:
        console.print(Text("notes:"))
        for note, n in legend.notes.items():
            console.print(Text(clean(f"  {str(n).translate(_SUPERSCRIPT)} [{legend.note_where[note]}] {note}")))
    shown = [(m, c) for m in answer.matrices for c in m.cells.values() if c.evidence]
    if shown:
        console.print(Text("evidence (claims of the engine's pull requests naming the architecture and the feature):"))
        for m, c in shown:
            subject, feat = (m.title, c.row) if m.rows_are == "features" else (c.row, m.title)
            console.print(Text(clean(f"  {c.engine} · {subject} · {feat}:")))
            for e in c.evidence:
                console.print(Text(clean(f"    {evidence_text(e)}")))


def _cell_clean(text: str) -> str:
    """clean() for each line: a cell keeps its own line breaks (one per value)."""
    return "\n".join(clean(line) for line in text.split("\n"))


def _width(out: TextIO) -> int | None:
    """The terminal's width; COLUMNS, else 160, when the output is not a terminal."""
    if out.isatty():
        return None
    raw = os.environ.get("COLUMNS", "")
    return int(raw) if raw.isdigit() and 40 <= int(raw) <= 1000 else 160
