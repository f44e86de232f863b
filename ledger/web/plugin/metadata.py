"""What datasette's own pages say about the ledger's tables: each column's meaning and unit, the label a row is
shown by where another table points at it, full-text search on the views, and the columns a reader looks at first.

    metadata("ledger")            {"databases": {"ledger": {"tables": {...}}}}: datasette's metadata shape
    first_columns("claims")       ("metric", "value", "unit", "reference", "revision_label", "config", ...)

A column means the same in every table and view that has it, so the descriptions are one dictionary. The views
(ledger/db/schema.py VIEWS) name their claim `claim_id`, so `_search` reaches them through the claims' FTS index.
"""

from __future__ import annotations

from html import escape
from typing import Any

_SAME_UNIT = "in the unit of `unit`"
COLUMNS: dict[str, str] = {
    "id": "This row's id.",
    "claim_id": "The claim's id (claims.id); its line links to the stored text.",
    "document_id": "The document (documents.id), shown by its key.",
    "version_id": "The version of the document's text the claim was read from (document_versions.id).",
    "document": "The document's key: owner/name#N for a pull request or a comment of it, a URL, or path:<file>.",
    "pr_document": "The pull request the row belongs to (a comment's PR, else the document itself).",
    "key": "The document's identity: owner/name#N for a pull request, a URL, or path:<file>.",
    "repo": "The repository, owner/name.",
    "pr": "The pull-request number.",
    "version": "The version of the document's text: 1, 2, ... in ingestion order.",
    "latest": "1 when the row is of the document's newest version, else 0.",
    "ordinal": "The claim's position in its document's extraction order.",
    "kind": "What the claim is: accuracy, acceptance, perf, tests, gate, commit, support, constraint, ...",
    "metric": "What was measured, as the document names it (gsm8k, Mean TTFT (ms), acceptance length); "
    "for a gate, the gate or test.",
    "value": f"The number as printed (the low end of a range), or a support cell's word (yes, no, n/a); {_SAME_UNIT}.",
    "high": f"The high end of a stated range (4,787 - 4,827), {_SAME_UNIT}.",
    "approx": "1 when the text marks the value approximate (~370, about 1.3 GiB).",
    "unit": "The unit of value, high, reference, stderr and stddev as printed (tok/s/GPU, ms, GiB, %, x); empty "
    "when none is printed: an accuracy is then in % (96.25) or a fraction (0.9625), as stated.",
    "reference": f"The baseline the text pairs with the value: 96.25 (ref 96.36), the left side of 158 -> 30 ms; "
    f"{_SAME_UNIT}.",
    "stderr": f"The standard error the text states for the value, {_SAME_UNIT}.",
    "stddev": f"The standard deviation the text states for the value, {_SAME_UNIT}.",
    "outcome": "A gate's outcome: pass, fail, waived, skipped, not_run or not_verified.",
    "outcome_text": "The outcome as the text words it (clean, failed (waived; main fails too)).",
    "sha": "A commit hash as printed, lower case (for a CI run: the commit it ran on).",
    "passed": "Tests passed (a count).",
    "failed": "Tests failed (a count).",
    "skipped": "Tests skipped (a count).",
    "subject": "A support cell's architecture or model.",
    "feature": "A support cell's feature (its column or table).",
    "engine": "The engine the claim or document speaks for (TensorRT-LLM, vLLM, SGLang).",
    "revision_id": "The revision the claim was measured on (revisions.id).",
    "revision_label": "The revision the claim was measured on, as the text heads it (Final head, Before the rebase).",
    "revision": "The revision the claim was measured on, as the text heads it (Final head, Before the rebase).",
    "revision_head": "The head commit of the claim's revision, as printed.",
    "head": "The head commit the revision names, as printed.",
    "revision_base": "The base commit of the claim's revision (what it was rebased on), as printed.",
    "base": "The base commit the revision names (what it was rebased on), as printed.",
    "config": "The setup stated for the value, a JSON object of strings (gpu, tp, isl, osl, kv_cache, draft_len).",
    "gate": "The CI job or check.",
    "line": "The first line of the stored text the claim was read from (1-based; links to it).",
    "line_end": "The last line of the stored text the claim was read from.",
    "text": "The claim's source text, exactly as stored.",
    "section": "The headings above the claim, outermost first (a JSON list in claims).",
    "note": "A footnote or remark the text attaches to the claim.",
    "printed": "The value exactly as printed.",
    "parser": "The extractor that read the claim.",
    "source_path": "The file the text was read from.",
    "extra": "Claim fields added after this schema, a JSON object.",
    "architecture": "The architecture named beside a support row.",
    "models": "The model names given beside a support row.",
    "title": "The document's title.",
    "label": "The revision as the text heads it.",
    "n_lines": "Lines of the stored text (a count).",
    "n_claims": "Claims read from this version (a count).",
    "sha256": "The SHA-256 of the stored text (UTF-8).",
}

_RESULT_FIRST = ("metric", "value", "unit", "reference", "revision", "config", "text", "line")
FIRST_COLUMNS: dict[str, tuple[str, ...]] = {
    "claims": ("metric", "value", "unit", "reference", "revision_label", "config", "text", "line"),
    "pr_claims": _RESULT_FIRST,
    "metric_values": _RESULT_FIRST,
    "support_cells": ("subject", "feature", "engine", "value", "note", "text", "line"),
    "ci_runs": ("sha", "gate", "outcome", "outcome_text", "text", "line"),
}
"""The columns a reader of each table wants on its first screen, in order (the rest follow in table order)."""

_TABLES: dict[str, dict[str, Any]] = {
    "documents": {"label_column": "key", "description": "One row per document: a pull request, a comment, a page."},
    "revisions": {"label_column": "label", "description": "The revisions a version of a text names."},
    "claims": {
        "description": "Every claim of every version (the claims contract, flattened). `_search` searches "
        "their text, metric, note and section."
    },
    "pr_claims": {"description": "The newest version's claims of pull requests and their comments."},
    "metric_values": {"description": "Every numeric accuracy, acceptance and perf value of every version."},
    "support_cells": {"description": "Support-matrix cells of the newest versions, with their engine."},
    "ci_runs": {"description": "CI-bot runs: the commit each gate ran on and its outcome."},
}
_VIEWS = ("pr_claims", "metric_values", "support_cells", "ci_runs")


def _description_html(description: str, columns: dict[str, str]) -> str:
    """The table's description, then its columns' meanings folded (static/tables.css hides datasette's own list
    of them, which would push the rows off the first screen)."""
    items = "".join(f"<dt>{escape(c)}</dt><dd>{escape(text)}</dd>" for c, text in columns.items())
    return (f"<p>{escape(description)}</p>" if description else "") + (
        f'<details class="ledger-columns"><summary>What each of the {len(columns)} columns means</summary>'
        f"<dl>{items}</dl></details>"
    )


def first_columns(table: str | None) -> tuple[str, ...]:
    return FIRST_COLUMNS.get(table or "", ())


def metadata(database: str, columns: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    """datasette's metadata for the ledger served as `database`; `columns`: each table's and view's columns."""
    tables: dict[str, Any] = {}
    for name, names in columns.items():
        entry: dict[str, Any] = dict(_TABLES.get(name, {}))
        described = {c: COLUMNS[c] for c in names if c in COLUMNS}
        if described:
            entry["columns"] = described
            entry["description_html"] = _description_html(entry.get("description", ""), described)
        if name in _VIEWS:  # a view has no FTS of its own: search the claims' index by the row's claim
            entry.update(fts_table="claims_fts", fts_pk="claim_id")
        if entry:
            tables[name] = entry
    return {"databases": {database: {"tables": tables}}}


def reorder(
    table: str | None, display_columns: list[dict[str, Any]], display_rows: list[Any]
) -> tuple[list[dict[str, Any]], list[Any]]:
    """A table page's columns and cells with the table's first columns right after its key (the link to the row);
    the page's data (.json, .csv) keeps the table's own order."""
    first = first_columns(table)
    names = [c.get("name") for c in display_columns]
    if not first or len(set(names)) != len(names):
        return display_columns, display_rows
    keys = [n for c in display_columns if (n := c.get("name")) == "Link" or c.get("is_pk")]
    order = list(dict.fromkeys([*keys, *(n for n in first if n in names), *names]))
    at = {n: i for i, n in enumerate(names)}
    rows = []
    for row in display_rows:
        cells = {cell.get("column"): cell for cell in row}
        if set(cells) != set(names):  # a shape this code does not know: leave the page as datasette drew it
            return display_columns, display_rows
        ordered = [cells[n] for n in order]
        rows.append(type(row)(ordered) if hasattr(row, "cells") else ordered)
    return [display_columns[at[n]] for n in order], rows
