"""One table row's claims: each value, delta or mixed cell under its column's role, with its reference
(the baseline row's or the baseline column's cell, or "(ref 96.36)" in the cell), its spread, its setup
(the config columns, the label's qualifiers); cells of several values (packed, slash pair, runs, spaced)
give one claim each; cells with words are read as prose (prose.claims_in_text).

Apart from tables.py because the extractor decides which rows are results and which row is the baseline;
this module reads one row, with what every row of its table shares (TableInfo) worked out once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from ledger.memo import short_text_cache
from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import find_numbers, to_float
from ledger.parsers.grammar.setup_scopes import setting_value
from ledger.parsers.prose import sentences as prose
from ledger.parsers.reader.document import Block, Row, Table
from ledger.parsers.tables.cells import (
    FRACTION_PCT_RE,
    PACKED_RE,
    SLASH_CELL_RE,
    SPACED_LIST_RE,
    cell_facts,
    cell_value,
    clean,
    is_numeric_cell,
    is_range,
    run_values,
)
from ledger.parsers.tables.header_tree import setup_key, side_free
from ledger.parsers.tables.headers import (
    ARROW_SIDES_RE,
    GENERIC_HEAD_RE,
    SLASH_SIDES_RE,
    UNIT_WORDS,
    column_revisions,
    head_without_unit,
    looks_metric,
    metric_name,
    slash_sides,
    unit_of_header,
)
from ledger.parsers.tables.roles import pair_columns
from ledger.vocab.metrics import column_kind, is_acceptance_name
from ledger.vocab.outcomes import find_outcome
from ledger.vocab.setup import config_key, qualifiers

_CELL_REF_RE = re.compile(r"\(\s*(?:ref(?:erence)?\.?|baseline|vs\.?|was)\s*:?\s*([-+]?\d[\d,]*(?:\.\d+)?)\s*\)",
                          re.IGNORECASE)
_GATE_HEADER_RE = re.compile(r"^(?:gates?|checks?|tests?|test cases?)$", re.IGNORECASE)


class TableInfo:
    """What every row of one table shares, worked out once."""

    def __init__(self, table: Table, roles: list[str]) -> None:
        self.base_cols = [i for i, r in enumerate(roles) if r == "baseline"]
        self.value_cols = [i for i, r in enumerate(roles) if r == "value"]
        self.config_cols = [i for i, r in enumerate(roles) if r == "config"]
        self.label_cols = [i for i, r in enumerate(roles) if r == "label"]
        # a spread column ("Std (us)") is the standard deviation of the nearest value column to its left
        self.spread_of: dict[int, int] = {}
        for i, r in enumerate(roles):
            if r == "spread":
                # the spread of a baseline column ("old_mean | old_std") goes with the baseline: no claim
                left = [v for v in self.value_cols + self.base_cols if v < i]
                if left and max(left) in self.value_cols:
                    self.spread_of[max(left)] = i
        self.slash: dict[int, tuple[int, int] | None] = {}
        self.base_of = pair_columns(table, self.value_cols, self.base_cols)

        self.spec = any(is_acceptance_name(clean(h)) for h in table.header)
        """A speculative-decoding table: its bare "rate" is an acceptance rate."""
        self.bench: str | None = None
        """The benchmark the line above names, for columns that only say "Score" (see GENERIC_HEAD_RE)."""
        self.gate = bool(table.header) and bool(_GATE_HEADER_RE.match(clean(table.header[0])))
        self.heads: dict[str, tuple[str | None, str, dict[str, str]]] = {}
        # the label columns that name a setting ("Model", "ISL/OSL", "GPU"): the row's name is its setup too
        self.setting_labels = [i for i, r in enumerate(roles) if r == "label" and i < len(table.header)
                               and setting_keys(clean(table.header[i]))]
        self.column_setup = table.column_setup
        self.title_setup: dict[str, str] = {}
        """The setup the title line over the table names (see tables.results._title_setup)."""
        self.section_unit: str | None = None
        """The unit the heading over the table names ("## Output throughput per GPU (tok/s)"), for bare values."""
        self.col_revision: dict[int, Revision] = {}
        """The revision a value column's header names (a named side, a short sha, a branch)."""
        self.new_revision: Revision | None = None
        """The one revision the value columns name: the new side, which the row's deltas are measured on."""

    def bind_revisions(self, named: Mapping[str | int, Revision], headers: list[str]) -> None:
        """The revisions the value columns' headers name (see headers.column_revisions)."""
        heads = {ci: headers[ci] for ci in self.value_cols if ci < len(headers) and headers[ci]}
        self.col_revision = column_revisions(named, heads)
        revs = set(self.col_revision.values())
        self.new_revision = next(iter(revs)) if len(revs) == 1 else None

    def row_setup(self, row: Row, headers: list[str]) -> dict[str, str]:
        """The setup a row states: its config columns' cells and the settings its label columns name, by
        the canonical key where the header names a setup key ("Max Concurrency" -> concurrency)."""
        out: dict[str, str] = {}
        for i in sorted(self.config_cols + self.setting_labels):
            cell = clean(row.cells[i]) if i < len(row.cells) else ""
            head = headers[i] if i < len(headers) else ""
            if not cell or not head:
                continue
            keys = setting_keys(head)
            parts = _SETTING_SPLIT_RE.split(cell) if len(keys) > 1 else [cell]
            if len(keys) > 1 and len(parts) == len(keys):
                out.update(zip(keys, parts, strict=True))  # "ISL/OSL" over "1024/128": two settings
            elif len(keys) == 1:
                out[keys[0]] = qualifiers(cell).get(keys[0], cell)  # "EP8" under "Parallel": ep 8
            else:
                out[config_key(head)] = cell
        return out

    def head(self, head: str) -> tuple[str | None, str, dict[str, str]]:
        """(unit_of_header(head), head_without_unit(head), qualifiers(head)), once per column header (read only)."""
        got = self.heads.get(head)
        if got is None:
            bare = side_free(head)
            got = self.heads[head] = (unit_of_header(bare), head_without_unit(bare), qualifiers(head))
        return got


def row_claims(ctx: Context, block: Block, table: Table, row: Row, roles: list[str], headers: list[str],
                label: str, section: str, base_row: Row | None, info: TableInfo | None = None) -> Iterator[Claim]:
    if info is None:
        info = TableInfo(table, roles)
    gate = info.gate
    label_qualifiers: dict[str, str] | None = None  # qualifiers(label), once per row
    label_unit: list[str | None] = []  # [unit_of_header(label)] once asked
    row_kind: str | None = None  # the kind of the row's last value cell, for the delta cells after it
    setup = info.row_setup(row, headers)
    for i in info.label_cols:  # "| Model | ... |": a label column that names a setting gives it
        if i < len(row.cells) and i < len(headers) and headers[i]:
            got = setting_value(headers[i], clean(row.cells[i]))
            if got is not None:
                setup.setdefault(*got)
    offsets = row.offsets if row.offsets is not None else _find_offsets(row)
    for ci, cell in enumerate(row.cells):
        role = roles[ci] if ci < len(roles) else "value"
        if role in ("label", "config", "baseline", "text", "spread"):
            continue
        cleaned, numeric, parsed = cell_facts(cell)
        if not cleaned:
            continue
        cols = info.column_setup
        csetup = {**cols[ci], **setup} if cols and ci < len(cols) and cols[ci] else setup
        off = offsets[ci] if ci < len(offsets) else row.text.find(cell)
        head = headers[ci] if ci < len(headers) else ""
        if info.title_setup:
            # the table's title line: the setup its rows, columns and names do not restate
            own = {**csetup, **qualifiers(label), **info.head(head)[2]}
            csetup = {**{k: v for k, v in info.title_setup.items() if k not in own}, **csetup}
        if not numeric and role in ("value", "mixed") and "/" in cleaned and (packed := PACKED_RE.match(cleaned)):
            names = _packed_names(ctx, block, table, head, cleaned.count("/") + 1)
            if names and ctx.is_free(row.line, max(off, 0), max(off, 0) + len(cell)):
                # "0.25/1087/43.5%/2.12/26.5%" under a title "(ms / TFLOPS / MFU% / TBs / BW%)": one value per name
                ctx.take(row.line, max(off, 0), max(off, 0) + len(cell))
                for part, name in zip(packed.group(0).split("/"), names, strict=True):
                    pv = cell_value(part)
                    if pv is None:
                        continue
                    unit = pv[3] or (name if name.lower() in UNIT_WORDS else None)
                    metric = f"{label} {head} {name}".strip() if label else f"{head} {name}"
                    yield ctx.claim(column_kind(metric, section, unit), row.line, cell.strip(),
                                    metric=metric, value=pv[0], unit=unit,
                                    config={**qualifiers(label), **csetup, "row": label, "column": head, "part": name})
                continue
        rev = info.col_revision.get(ci) or (info.new_revision if role == "delta" else None)
        at: dict[str, Any] = {"revision": rev} if rev is not None else {}
        if not numeric and role in ("value", "mixed") and (am := _ARROW_CELL_RE.match(" ".join(cleaned.split()))) \
                and ctx.is_free(row.line, max(off, 0), max(off, 0) + len(cell)):
            # "2.950 -> 2.959": from the reference to the value, whatever the header calls its sides
            ctx.take(row.line, max(off, 0), max(off, 0) + len(cell))
            bare = ARROW_SIDES_RE.sub("", head).strip(" ,;:") or head
            unit = am.group(4) or am.group(2) or info.head(bare)[0]
            metric = metric_name(label, info.head(bare)[1] or bare, role)
            yield ctx.claim(column_kind(metric, section, unit), row.line, cell.strip(), metric=metric,
                            value=to_float(am.group(3)), unit=unit, reference=to_float(am.group(1)),
                            config={**qualifiers(label), **csetup, "row": label, "column": head}, **at)
            continue
        if not numeric and role == "value":
            sides = info.slash.get(ci, ...)
            if sides is ...:
                sides = info.slash[ci] = slash_sides(head)
            sm = SLASH_CELL_RE.match(cleaned) if sides is not None else None
            if sm is not None and sides is not None and ctx.is_free(row.line, max(off, 0), max(off, 0) + len(cell)):
                # "1.07 / 0.98" under "Req/s branch / main": the new side's value, the other side its reference
                nv, bv = (to_float(sm.group(1 + 2 * k)) for k in sides)
                bare = SLASH_SIDES_RE.sub("", head).strip() or head  # "Req/s branch / main" -> "Req/s"
                unit = sm.group(2 + 2 * sides[0]) or sm.group(2 + 2 * sides[1]) or info.head(bare)[0]
                metric = metric_name(label, info.head(bare)[1] or bare, role)
                ctx.take(row.line, max(off, 0), max(off, 0) + len(cell))
                side = SLASH_SIDES_RE.search(head)
                named = ctx.named.get(side.group("ab"[sides[0]]).lower()) if side else None
                extra: dict[str, Any] = {"revision": named} if named is not None else {}
                yield ctx.claim(column_kind(metric, section, unit), row.line, cell.strip(), metric=metric,
                                value=nv, unit=unit, reference=bv,
                                config={**qualifiers(label), **csetup, "row": label, "column": head}, **extra)
                continue
            runs = run_values(cleaned) if sm is None else None
            if runs and ctx.is_free(row.line, max(off, 0), max(off, 0) + len(cell)):
                # "1602 / 1611" under "PR" beside "1499 / 1503" under "control": one claim per run, paired run by run
                ctx.take(row.line, max(off, 0), max(off, 0) + len(cell))
                bi = info.base_of.get(ci)
                base_runs = run_values(clean(row.cells[bi])) if bi is not None and bi < len(row.cells) else None
                metric = metric_name(label, info.head(head)[1] or head, role)
                unit = info.head(head)[0]
                for k, v in enumerate(runs):
                    ref = base_runs[k] if base_runs and len(base_runs) == len(runs) else None
                    yield ctx.claim(column_kind(metric, section, unit), row.line, cell.strip(),
                                    metric=metric, value=v, unit=unit, reference=ref,
                                    config={**qualifiers(label), **csetup, "row": label, "column": head,
                                            "run": str(k + 1)})
                continue
        if not numeric and role in ("value", "mixed") and SPACED_LIST_RE.match(cleaned) and \
                ctx.is_free(row.line, max(off, 0), max(off, 0) + len(cell)):
            # "88.0% 75.5% 61.2%" under "pos accept": one value per position, in order
            ctx.take(row.line, max(off, 0), max(off, 0) + len(cell))
            metric = metric_name(label, info.head(head)[1] or head, role)
            for k, part in enumerate(cleaned.split()):
                pv = cell_value(part)
                if pv is not None:
                    yield ctx.claim(column_kind(metric, section, pv[3]), row.line, cell.strip(),
                                    metric=metric, value=pv[0], unit=pv[3],
                                    config={**qualifiers(label), **csetup, "row": label, "column": head,
                                            "position": str(k + 1)})
            continue
        if not numeric:
            if role in ("mixed", "value", "delta") and (find_numbers(cell) or find_outcome(cell)):
                # "74.45 (partials decay 92→74)" under a "score" column: the column names the metric
                head = headers[ci] if ci < len(headers) else ""
                subject = f"{head} ({label})" if head and label and looks_metric(head) and head.lower() not in \
                    label.lower() else (label or head or None)
                yield from prose.claims_in_text(ctx, row.line, cell, max(off, 0), subject=subject)
            continue
        if not ctx.is_free(row.line, max(off, 0), max(off, 0) + len(cell)):
            continue  # an earlier reader took it ("805 passed" is a test count)
        if parsed is None:
            continue
        value, high, approx, unit, stderr, printed = parsed
        head = headers[ci] if ci < len(headers) else ""
        head_unit, metric_head, head_qualifiers = info.head(head)
        if not unit and not head_unit:  # unit or head_unit or unit_of_header(label), the last once per row
            if not label_unit:
                label_unit.append(unit_of_header(label) or (info.section_unit if role == "value" else None))
            unit = label_unit[0]
        else:
            unit = unit or head_unit
        ref = None
        base_paren: str | None = None
        if role == "value":
            src = None
            if base_row is not None and ci < len(base_row.cells):
                src = base_row.cells[ci]
            elif ci in info.base_of:
                bi = info.base_of[ci]
                src = row.cells[bi] if bi < len(row.cells) else None
            if src is not None and is_numeric_cell(src):
                base_value = cell_value(src)
                ref = base_value[0] if base_value else None
                bpm = _PAREN_RE.search(src)
                base_paren = bpm.group(1) if bpm else None
        if ref is None:  # "96.25 (ref 96.36)" in one cell
            rm = _CELL_REF_RE.search(cleaned)
            ref = to_float(rm.group(1)) if rm else None
        if info.bench and GENERIC_HEAD_RE.match(metric_head):
            metric_head = f"{info.bench} {metric_head}"  # "**gsm8k** (200 examples)" over "| Backend | Score |"
        metric = metric_name(label, metric_head, role)
        kind = column_kind(metric, section, unit)
        if kind == "perf" and unit is None and role == "delta" and "%" in head:
            unit = "%"
        if role == "delta" and kind == "perf" and unit in (None, "%", "pp") and row_kind == "accuracy":
            kind = "accuracy"  # "SGLang vs. vLLM Diff" beside accuracy columns: a difference of accuracies
        if info.spec and role == "value" and metric_head.lower() in ("rate", "ratio", "accepted"):
            kind = "acceptance"  # "rate" beside "a.len" and "pos accept" is the draft's acceptance rate
        if role == "value":
            row_kind = kind
        if label_qualifiers is None:
            label_qualifiers = qualifiers(label)
        config = {**label_qualifiers, **head_qualifiers, **csetup, "row": label, "column": head}
        stddev = None
        if ci in info.spread_of:
            si = info.spread_of[ci]
            sv = cell_facts(row.cells[si])[2] if si < len(row.cells) else None
            stddev = sv[0] if sv else None
        if gate:
            config["gate"] = label  # "gate | gsm8k | acceptance length": the row names the gate
        # "-41.097s (1.77x faster)", "11.0 (+5.2%)", "71.2 (drifts 90→71)": numbers in parentheses after the
        # value are read as prose under the cell's metric (a reference "(ref 96.36)" belongs to the value)
        pm = _PAREN_RE.search(cell)
        if pm and (_PAREN_REF_RE.match(pm.group(1)) or FRACTION_PCT_RE.match(cleaned) or is_range(pm.group(1))):
            # "(ref 96.36)" belongs to the value; "1277/1314 (97.184%)" gave its share as the value; "1520
            # (1490–1544)" is the spread of the runs the value sums up, not a measure of its own
            pm = None
        ctx.take(row.line, max(off, 0), max(off, 0) + (pm.start() if pm and off >= 0 else len(cell)))
        yield ctx.claim(kind, row.line, cell.strip(), metric=metric, value=value, high=high, approx=approx,
                        unit=unit, reference=ref, stderr=stderr, stddev=stddev, printed=printed, config=config, **at)
        if pm and off >= 0:
            inner = pm.group(1)
            if base_paren is not None and is_numeric_cell(inner) and is_numeric_cell(base_paren):
                # "29.12 TFLOPS (0.6%)" beside a baseline "22.74 TFLOPS (0.5%)": the shares pair as the values do
                iv, bv2 = cell_value(inner), cell_value(base_paren)
                if iv is not None and bv2 is not None:
                    ctx.take(row.line, off + pm.start(), off + len(cell))
                    yield ctx.claim(column_kind(metric, section, iv[3]), row.line, inner.strip(),
                                    metric=f"{metric} ({iv[3] or 'share'})", value=iv[0], unit=iv[3],
                                    reference=bv2[0], config=config)
                    continue
            yield from prose.claims_in_text(ctx, row.line, inner, off + pm.start(1), subject=metric)
            ctx.take(row.line, off + pm.start(), off + len(cell))


_NAMES_IN_BRACKETS_RE = re.compile(r"\((?P<names>[^()/]{1,20}(?:\s?/\s?[^()/]{1,20}){1,9})\)")


def _packed_names(ctx: Context, block: Block, table: Table, head: str, k: int) -> list[str] | None:
    """The names of a packed cell's k values: a "(a / b / c)" in its column's header, or in a title line above
    the header, within four lines of the table ("FWD (ms / TFLOPS / MFU% / TBs / BW%)")."""
    texts = [head] + [ctx.doc.line(no) for no in range(table.header_line - 1, max(0, block.start - 5), -1)]
    for text in texts:
        for m in _NAMES_IN_BRACKETS_RE.finditer(text[:400]):
            names = [n.strip() for n in m.group("names").split("/")]
            if len(names) == k and all(names):
                return names
    return None


def _find_offsets(row: Row) -> list[int]:
    """Where each cell starts in the row's text, the cells found in order (two equal cells, two places)."""
    out: list[int] = []
    pos = 0
    for cell in row.cells:
        k = row.text.find(cell, pos) if cell else -1
        out.append(k)
        if k >= 0:
            pos = k + len(cell)
    return out


_PAREN_RE = re.compile(r"\(([^()]{1,40})\)")
_ARROW_CELL_RE = re.compile(r"^([-+~]?\d[\d,]*(?:\.\d+)?) ?(%|x|[a-zA-Zµ/]{1,8})? ?(?:->|→|=>) ?"
                            r"([-+~]?\d[\d,]*(?:\.\d+)?) ?(%|x|[a-zA-Zµ/]{1,8})?$")
_SETTING_SPLIT_RE = re.compile(r"\s?[/,]\s?|\s(?:and\s)?")


_LENGTH_PAIR = {"input": "isl", "output": "osl", "in": "isl", "out": "osl", "input len": "isl", "output len": "osl"}


@short_text_cache(1024)  # asked for every row of a table, of the same few headers
def setting_keys(head: str) -> tuple[str, ...]:
    """The setup keys a column header names: ["isl", "osl"] for "ISL/OSL", ["model"] for "Model", [] for a
    header that names none."""
    key = setup_key(head)
    if key is not None:
        return (key,)
    parts = [p for p in _SETTING_SPLIT_RE.split(head_without_unit(head)) if p]
    # "Input/Output" over "128/2048": the two lengths; alone, "input" or "output" names no setting
    keys = [_LENGTH_PAIR.get(p.lower()) if len(parts) == 2 else None for p in parts]
    keys = keys if all(keys) else [setup_key(p) for p in parts]
    return tuple(k for k in keys if k) if len(parts) > 1 and all(keys) else ()
_PAREN_REF_RE = re.compile(r"\s*(?:ref|reference|baseline|vs|was)\b", re.IGNORECASE)
