"""Terminal tables for claims (rich), kept out of the CLI module so it stays thin."""

from __future__ import annotations

from typing import Any

from ledger.neutral import terminal


def fmt_value(c: dict[str, Any]) -> str:
    v = c.get("value")
    if c.get("kind") == "tests":
        parts = [f"{c[k]} {k}" for k in ("passed", "failed", "skipped") if c.get(k) is not None]
        return ", ".join(parts)
    if c.get("kind") == "gate":
        return str(c.get("outcome") or "")
    if c.get("kind") == "commit":
        return str(c.get("sha") or "")
    if c.get("kind") in ("support", "constraint"):
        return f"{c.get('subject')} / {c.get('feature')}: {c.get('value') or c.get('outcome_text') or ''}"
    if v is None:
        return ""
    s = ("~" if c.get("approx") else "") + f"{v:g}"
    if c.get("high") is not None:
        s += f" - {c['high']:g}"
    if c.get("unit"):
        s += f" {c['unit']}"
    if c.get("reference") is not None:
        s += f" (ref {c['reference']:g})"
    return s


def claims_table(rows: list[dict[str, Any]], title: str | None = None) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=title, show_lines=False)
    for col in ("line", "kind", "metric", "value", "revision", "config"):
        table.add_column(col, overflow="fold")
    for c in rows:
        rev = c.get("revision") or {}
        table.add_row(
            *(
                escape(terminal(cell))
                for cell in (  # text is never markup
                    str((c.get("source") or {}).get("line", "")),
                    c["kind"],
                    str(c.get("metric") or ""),
                    fmt_value(c),
                    str(rev.get("label") or "") + (f" {rev['head']}" if rev.get("head") else ""),
                    ", ".join(f"{k}={v}" for k, v in (c.get("config") or {}).items()),
                )
            )
        )
    Console().print(table)
