"""A list that names each variant with its setup, beside a table whose rows are those variants:

    - fast: TP4 + MTP 3-1-4
    - bulk: TP4 + `--dp 4 --enable-dp-attention`

    | strategy | concurrency | TTFT (ms) |
    | fast     | 1           | 210       |

Each item's settings are its variant's, not its section's: the row "fast" runs with MTP, the row "bulk" with DP 4,
and neither with the other's. An item is a variant's only where a table row of the document carries its name. The
item's label is a name ("fast", "low-latency"), never a setup label ("GPU:",
"Model:") nor a setting itself ("TP8:"); the settings are what its text states.
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.commands import prose_flags
from ledger.parsers.grammar.setup_scopes import line_setup
from ledger.parsers.reader.blocks import Document
from ledger.vocab.setup import qualifiers, setup_label_key

_ITEM_RE = re.compile(
    r"^\s{0,3}(?:[-*+]\s{1,3})?[*_`]{0,2}(?P<label>[A-Za-z][\w.+-]{0,24}(?: [\w.+-]{1,20}){0,2})[*_`]{0,2}\s?:\s{1,3}"
    r"(?P<rest>\S.{0,300})$"
)
_GENERIC_RE = re.compile(
    r"^(?:setup|config(?:uration)?|settings?|hardware|environment|env|platform|machine|system|parameters?|"
    r"params|notes?|results?|summary|command|cmd|baseline|main|master|before|after|this pr|pr|branch|workload|"
    r"benchmarks?|dataset|engine|build|image|framework|versions?|nodes?|cluster|tests?|testing|run|runs|serving)$",
    re.IGNORECASE,
)
_MEMO = "grammar.variant_items"
_MARKUP_RE = re.compile(r"[*_`]")


def variant_item(text: str) -> tuple[str, dict[str, str]] | None:
    """A list item's (label, settings) when it names a variant with its setup, else None."""
    if ":" not in text:
        return None
    m = _ITEM_RE.match(text)
    if m is None:
        return None
    label = m.group("label").strip()
    if _GENERIC_RE.match(label) or setup_label_key(label) is not None or qualifiers(label):
        return None
    rest = m.group("rest")
    values = {**line_setup(rest), **prose_flags(rest, {})}
    return (label, values) if values else None


def variant_lines(doc: Document) -> frozenset[int]:
    """The lines of the document's variant items: they set no section's or document's setup."""
    return frozenset(line for line, _ in _items(doc).values())


def variant_items(doc: Document, memo: dict[str, object]) -> dict[str, tuple[int, dict[str, str]]]:
    """Every variant item of the document: its label (lower case) -> (line, settings); found once per document."""
    found = memo.get(_MEMO)
    if found is None:
        found = memo[_MEMO] = {**_table_variants(doc), **_items(doc)}
    return found  # type: ignore[return-value]


def _items(doc: Document) -> dict[str, tuple[int, dict[str, str]]]:
    """The items whose label a table row of the document names (a label no row names, "- Workload: ISL=8192",
    states its section's setup as any item does)."""
    rows = {
        _MARKUP_RE.sub("", r.cells[0]).strip().lower()
        for b in doc.blocks
        if b.kind == "table" and b.table is not None
        for r in b.table.rows
        if r.cells
    }
    out: dict[str, tuple[int, dict[str, str]]] = {}
    if not rows:
        return out
    for b in doc.blocks:
        item = variant_item(b.text) if b.kind == "item" and not b.in_code else None
        if item is not None and item[0].lower() in rows:
            out.setdefault(item[0].lower(), (b.start, item[1]))
    return out


_NUMBER_CELL_RE = re.compile(r"^[-+~]?\d[\d,]*(?:\.\d+)?\s?%?$")


def _row_name(cell: str) -> str:
    return _MARKUP_RE.sub("", cell).strip().lower()


def _table_variants(doc: Document) -> dict[str, tuple[int, dict[str, str]]]:
    """The rows of one table that name a variant with its setup, where a row of another table carries the name:

        | Recipe                  | GPUs           | KV dtype |        | Recipe       | Concurrency | tok/s |
        | `vllm/agg-gb200`        | 4x GB200, TP=4 | bf16     |   ...  | agg-gb200    | 4           | 258   |

    (a name may be a path whose last part the other table uses). The row's settings are what its other cells
    state; the using row's own cells win over them."""
    tables = [b for b in doc.blocks if b.kind == "table" and b.table is not None and b.table.rows]
    if len(tables) < 2:
        return {}
    # each row name -> the tables that carry it (one pass: a document of many tables stays linear)
    where: dict[str, set[int]] = {}
    for k, t in enumerate(tables):
        for r in t.table.rows if t.table is not None else []:
            if r.cells:
                where.setdefault(_row_name(r.cells[0]), set()).add(k)
    out: dict[str, tuple[int, dict[str, str]]] = {}
    for k, t in enumerate(tables):
        assert t.table is not None
        for r in t.table.rows:
            name = _row_name(r.cells[0]) if r.cells else ""
            short = name.rsplit("/", 1)[-1]
            hits = [n for n in (name, short) if where.get(n, set()) - {k}]
            # (a short name that is a setting itself, "fp8", "TP4 EP8", names a setting, not a variant; a longer one
            # may hold one: "agg-gb200-agentic")
            if not hits or (len(name) <= 10 and qualifiers(name)) or setup_label_key(name) is not None:
                continue
            if any(_NUMBER_CELL_RE.match(_row_name(c)) for c in r.cells[1:]):
                continue  # a row of results (a category "Reading" over its scores) defines no variant's setup
            values = _row_settings(t.table.header, r.cells)
            if values:
                for n in hits:
                    out.setdefault(n, (r.line, values))
    return out


def _row_settings(header: list[str], cells: list[str]) -> dict[str, str]:
    """What a row's cells after its name state, each read under its column's header ("KV dtype" over "bf16" is the
    KV cache's dtype, not the weights')."""
    out: dict[str, str] = {}
    for i, cell in enumerate(cells[1:], start=1):
        values = line_setup(cell[:300])
        key = setup_label_key(_MARKUP_RE.sub("", header[i])) if i < len(header) else None
        if key is not None and len(values) == 1 and key not in values:
            values = {key: next(iter(values.values()))}
        for k, v in values.items():
            out.setdefault(k, v)
    return out
