"""Printing stored claims and query rows: table, json, jsonl, csv, markdown.

jsonl is the claims contract, one claim a line, exactly as `ledger extract` prints it, with the
stored document's key, id, version number and content hash added under `source`. Text from a
document is never interpreted: every format goes through ledger/neutral.py (control and bidi characters
replaced in terminal tables and escaped in JSON, HTML, markdown syntax and GitHub's mentions, references
and bare URLs neutralised in markdown, a leading `'` on csv cells that would start a formula).
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TextIO

from ledger.neutral import csv_cell, json_text
from ledger.neutral import markdown as md_cell
from ledger.neutral import terminal as clean
from ledger.output.formats import Format, GroupBy
from ledger.output.terminal import fmt_value

__all__ = ["clean", "dumps_indented", "md_cell", "write_claims", "write_rows"]
CSV_COLUMNS: tuple[str, ...] = (
    "document",
    "document_id",
    "version",
    "sha256",
    "path",
    "line",
    "line_end",
    "kind",
    "metric",
    "value",
    "high",
    "approx",
    "unit",
    "reference",
    "outcome",
    "outcome_text",
    "sha",
    "passed",
    "failed",
    "skipped",
    "subject",
    "feature",
    "revision_label",
    "revision_head",
    "revision_base",
    "config",
    "section",
    "text",
    "stderr",
    "stddev",
    "printed",
    "note",
    "parser",
    "engine",
    "architecture",
    "models",
)


def revision_text(rev: dict[str, Any] | None) -> str:
    if not rev:
        return ""
    label, head, base = rev.get("label"), rev.get("head"), rev.get("base")
    s = label or head or ""
    if head and head != label:
        s += f" {head}"
    if base:
        s += f" (on {base})"
    return s


def config_text(cfg: dict[str, Any] | None) -> str:
    return ", ".join(f"{k}={v}" for k, v in (cfg or {}).items())


def flat_claim(c: dict[str, Any]) -> dict[str, Any]:
    """A claim as one flat row (csv): revision and source spread into columns, config as JSON."""
    src = c.get("source") or {}
    rev = c.get("revision") or {}
    row: dict[str, Any] = {
        "document": src.get("document"),
        "document_id": src.get("document_id"),
        "version": src.get("version"),
        "sha256": src.get("sha256"),
        "path": src.get("path"),
        "line": src.get("line"),
        "line_end": src.get("line_end"),
        "revision_label": rev.get("label"),
        "revision_head": rev.get("head"),
        "revision_base": rev.get("base"),
        "config": json.dumps(c.get("config") or {}, ensure_ascii=False),
        "section": " > ".join(src.get("section") or []),
        "text": src.get("text"),
    }
    for k in CSV_COLUMNS:
        if k not in row:
            row[k] = c.get(k)
    return row


def _group_key(c: dict[str, Any], group_by: GroupBy) -> str:
    if group_by is GroupBy.revision:
        return revision_text(c.get("revision")) or "(no revision)"
    if group_by is GroupBy.document:
        src = c.get("source") or {}
        return f"{src.get('document')} v{src.get('version')}"
    if group_by is GroupBy.kind:
        return str(c.get("kind"))
    return ""


def grouped(claims: Sequence[dict[str, Any]], group_by: GroupBy) -> list[tuple[str, list[dict[str, Any]]]]:
    """Claims split into groups in order of first appearance."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for c in claims:
        groups.setdefault(_group_key(c, group_by), []).append(c)
    return list(groups.items())


def dumps_indented(obj: Any, indent: int | None = 2, default: Callable[[Any], Any] | None = None) -> str:
    """Indented JSON as every json format of the CLI writes it: non-ASCII kept as is, except what a terminal
    acts on (C1 and bidi controls), which is escaped."""
    return json_text(json.dumps(obj, ensure_ascii=False, indent=indent, default=default))


def write_claims(
    claims: Sequence[dict[str, Any]], fmt: Format, group_by: GroupBy = GroupBy.none, out: TextIO | None = None
) -> None:
    out = out or sys.stdout
    if fmt is Format.jsonl:
        encode = json.JSONEncoder(ensure_ascii=False).encode  # one encoder for every line
        out.write(json_text("".join([encode(c) + "\n" for c in claims])))
    elif fmt is Format.json:
        out.write(dumps_indented(list(claims)) + "\n")
    elif fmt is Format.csv:
        write_csv([flat_claim(c) for c in claims], out, CSV_COLUMNS)
    elif fmt is Format.markdown:
        for title, rows in grouped(claims, group_by):
            if title:
                out.write(f"\n**{md_cell(title)}**\n\n")
            write_markdown([_display_row(c) for c in rows], out)
    else:
        multi_doc = len({(c.get("source") or {}).get("document") for c in claims}) > 1
        for title, rows in grouped(claims, group_by):
            table_rows = [_display_row(c, with_document=multi_doc) for c in rows]
            if group_by is GroupBy.revision:
                for r in table_rows:
                    r.pop("revision", None)
            write_table(table_rows, out, title=f"{title} ({len(rows)})" if title else None)
        if not claims:
            out.write("no claims match\n")


def _display_row(c: dict[str, Any], with_document: bool = True) -> dict[str, Any]:
    src = c.get("source") or {}
    row: dict[str, Any] = {}
    if with_document:
        row["document"] = f"{src.get('document')} v{src.get('version')}"
    row.update(
        {
            "line": src.get("line"),
            "kind": c.get("kind"),
            "metric": c.get("metric") or "",
            "value": fmt_value(c),
            "revision": revision_text(c.get("revision")),
            "config": config_text(c.get("config")),
        }
    )
    return row


def write_rows(
    rows: Iterable[dict[str, Any]], fmt: Format, out: TextIO | None = None, title: str | None = None
) -> None:
    """Plain rows (sql results, support cells) in any format; jsonl, json and csv are written as the rows come
    (an iterator of a million rows is never held), table and markdown are laid out whole."""
    out = out or sys.stdout
    if fmt is Format.jsonl:
        for r in rows:
            out.write(json_text(json.dumps(r, ensure_ascii=False, default=_jsonable)) + "\n")
    elif fmt is Format.json:
        _write_json_array(rows, out)
    elif fmt is Format.csv:
        write_csv(rows, out)
    elif fmt is Format.markdown:
        if title:
            out.write(f"\n**{md_cell(title)}**\n\n")
        write_markdown(list(rows), out)
    else:
        write_table(list(rows), out, title=title)


def _write_json_array(rows: Iterable[dict[str, Any]], out: TextIO) -> None:
    """The text of dumps_indented(list(rows)), one row at a time."""
    first = True
    for r in rows:
        item = dumps_indented(r, default=_jsonable).replace("\n", "\n  ")
        out.write(("[\n  " if first else ",\n  ") + item)
        first = False
    out.write("[]\n" if first else "\n]\n")


def _jsonable(value: object) -> object:
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value).hex()
    return str(value)


def _columns(rows: Iterable[dict[str, Any]]) -> list[str]:
    cols: dict[str, None] = {}
    for r in rows:
        for k in r:
            cols.setdefault(k, None)
    return list(cols)


def write_csv(rows: Iterable[dict[str, Any]], out: TextIO, columns: Sequence[str] | None = None) -> None:
    """Rows as csv; without `columns`, a list's columns are every key of every row, an iterator's (sql rows,
    which all have the same keys) are its first row's."""
    if columns is None:
        if isinstance(rows, Sequence):
            columns = _columns(rows)
        else:
            rows = iter(rows)
            head = next(rows, None)
            columns = list(head or ())
            rows = itertools.chain([head] if head is not None else [], rows)
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for i, r in enumerate(rows):
        writer.writerow({k: ("" if v is None else csv_cell(_cell(v))) for k, v in r.items()})
        if i % 1024 == 1023:
            out.write(buf.getvalue())
            buf.seek(0)
            buf.truncate()
    out.write(buf.getvalue())


def write_markdown(rows: Sequence[dict[str, Any]], out: TextIO) -> None:
    cols = _columns(rows)
    if not cols:
        out.write("_no rows_\n")
        return
    out.write("| " + " | ".join(md_cell(c) for c in cols) + " |\n")
    out.write("|" + "|".join(" --- " for _ in cols) + "|\n")
    for r in rows:
        out.write("| " + " | ".join(md_cell(_short(r.get(c))) for c in cols) + " |\n")


def write_table(rows: Sequence[dict[str, Any]], out: TextIO, title: str | None = None) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    cols = _columns(rows)
    table = Table(show_lines=False)
    for c in cols:
        table.add_column(Text(clean(c)), overflow="fold")
    for r in rows:
        table.add_row(*(Text(clean(_short(_cell(r.get(c))))) for c in cols))
    console = Console(file=out, width=None if out.isatty() else 160, highlight=False)
    if title:
        console.print(Text(clean(title), style="bold"))
    if cols:
        console.print(table)


MAX_CELL = 2000
"""A table or markdown cell shows at most this many characters of a value (a stored document's text is
megabytes: laid out whole it takes minutes and is read by no one); jsonl, json and csv carry it whole."""


def _short(value: object) -> object:
    if isinstance(value, str) and len(value) > MAX_CELL:
        return f"{value[:MAX_CELL]}... ({len(value):,} characters)"
    return value


def _cell(value: object) -> object:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, bytes | bytearray | memoryview):
        return f"<{len(bytes(value))} bytes>"
    return value
