"""One table row's claims: each value, delta or mixed cell under its column's role, with its reference
(the baseline row's or the baseline column's cell, or "(ref 96.36)" in the cell), its spread, its setup
(the config columns, the label's qualifiers); cells of several values (packed, slash pair, runs, spaced)
give one claim each; cells with words are read as prose (prose.claims_in_text).

Apart from tables.py because the extractor decides which rows are results and which row is the baseline;
this module reads one row, with what every row of its table shares (row_info.TableInfo) worked out once.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import Any

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import find_numbers, to_float
from ledger.parsers.grammar.setup_scopes import setting_value
from ledger.parsers.prose import sentences as prose
from ledger.parsers.reader.document import Block, Row, Table
from ledger.parsers.tables.base_only import with_base_only
from ledger.parsers.tables.cell_metric import cell_metric, column_measure, label_setup
from ledger.parsers.tables.cell_parens import (
    cell_bar,
    cell_ref,
    paren_share,
    second_measure,
    share_name,
    share_note,
    trailing_paren,
    under_cell_setup,
)
from ledger.parsers.tables.cell_sentences import on_base_column, with_base_cell, with_row_setup
from ledger.parsers.tables.cell_shares import at_share, column_draft
from ledger.parsers.tables.cells import (
    SPACED_LIST_RE,
    VERDICT_CELL_RE,
    arrow_cell,
    cell_facts,
    cell_offsets,
    cell_value,
    clean,
    run_values,
    with_named_spread,
)
from ledger.parsers.tables.declared_pairs import slash_pair
from ledger.parsers.tables.fraction_cells import Reading as _Parsed  # (a numeric cell's: cells.cell_value)
from ledger.parsers.tables.fraction_cells import as_fraction, base_reading, with_fraction
from ledger.parsers.tables.headers import (
    ARROW_SIDES_RE,
    metric_name,
    unit_of_header,
)
from ledger.parsers.tables.reference_columns import spread_value
from ledger.parsers.tables.row_info import NO_CLAIM_ROLES, TableInfo
from ledger.parsers.tables.run_rows import cell_subject, runs_row
from ledger.parsers.tables.setting_keys import read_setting, sized_model
from ledger.parsers.tables.slash_claims import slash_claims
from ledger.parsers.tables.slash_named import baseline_cell, position_parts
from ledger.parsers.tables.verdict_cells import with_printed_verdict
from ledger.vocab.disagg_layout import with_role_cells
from ledger.vocab.metrics import column_kind, draft_position
from ledger.vocab.outcomes import find_outcome, verdict_word
from ledger.vocab.setup import checkpoint_only, label_checkpoint
from ledger.vocab.setup_keys import RUN_INDEX_KEY
from ledger.vocab.setup_labels import bench_test_setup, is_strategy_label


@dataclass(slots=True)
class _Cell:
    """One result cell of a row, with what every shape reader asks of it worked out once."""

    ci: int
    cell: str
    role: str
    cleaned: str
    numeric: bool
    parsed: _Parsed | None
    head: str
    off: int
    """Where the cell starts in its line's text (-1 when it was not found there)."""
    line: int
    """The cell's line: the row's, or its own where the row's cells stand on several (Row.lines)."""
    setup: dict[str, str]
    at: dict[str, Any]
    """{"revision": ...} when the column (or, for a delta, the table's one new side) names a revision."""

    @property
    def start(self) -> int:
        return max(self.off, 0)

    @property
    def end(self) -> int:
        return max(self.off, 0) + len(self.cell)


class _RowReader:
    """Reads one row's result cells. Each shape reader (`_packed`, `_arrow`, ...) is a generator that yields
    its claims and returns whether it took the cell, so the first shape that fits decides, in the order the
    shapes are tried, and a shape that does not fit leaves the cell to the next."""

    def __init__(
        self,
        ctx: Context,
        block: Block,
        table: Table,
        row: Row,
        roles: list[str],
        headers: list[str],
        label: str,
        section: str,
        base_row: Row | None,
        info: TableInfo,
    ) -> None:
        self.ctx, self.block, self.table, self.row = ctx, block, table, row
        self.roles, self.headers, self.label, self.section = roles, headers, label, section
        self.base_row, self.info = base_row, info
        self.label_qualifiers: dict[str, str] | None = None  # qualifiers(label), once per row
        self.label_unit: list[str | None] = []  # [unit_of_header(label)] once asked
        self.row_kind: str | None = None  # the kind of the row's last value cell, for the delta cells after it
        self.named_by_setup = False  # every label cell of the row is a setting it states (see _setup)
        self.setup = self._setup()
        self.offsets = row.offsets if row.offsets is not None else cell_offsets(row.text, row.cells)

    def _setup(self) -> dict[str, str]:
        setup = self.info.row_setup(self.row, self.headers)
        named = 0
        for i in self.info.label_cols:  # "| Model | ... |": a label column that names a setting gives it
            if i < len(self.row.cells) and i < len(self.headers) and self.headers[i].strip():
                got = setting_value(self.headers[i], clean(self.row.cells[i]))
                if got:  # ("Wren 7B GEMV": the model, and the kernel it ran)
                    setup.update((k, v) for k, v in got.items() if k not in setup)
                    named += 1
                elif i in self.info.setting_labels and read_setting(setup, self.headers[i], clean(self.row.cells[i])):
                    named += 1  # "| ISL / OSL |" over "1024 / 1024": the two settings row_setup read from it
            elif i < len(self.row.cells):  # a blank header over "7B 4bit 128g, HF": a checkpoint (_label_setup)
                named += checkpoint_only(clean(self.row.cells[i]))
        sized = not any(ch.isdigit() for ch in setup.get("model", ""))  # ("Qwen" alone names no model to compare)
        if sized and (model := sized_model(self.headers, [clean(c) for c in self.row.cells])):
            setup["model"] = model[0]  # "| Qwen | 7B |" under "Model Name | Size": one model, named in two columns
            named += len(set(model[1]) & set(self.info.label_cols))
        # ("| Model | TP | out tok/s |" over "delta-8b": a row named by its setup alone, which its setup keeps)
        self.named_by_setup = bool(self.info.label_cols) and named == len(self.info.label_cols)
        return setup

    def claims(self) -> Iterator[Claim]:
        for ci, cell in enumerate(self.row.cells):
            role = self.roles[ci] if ci < len(self.roles) else "value"
            if role in NO_CLAIM_ROLES:
                continue
            c = self._cell(ci, cell, role)
            if c is None:
                continue
            yield from self._read(c)

    def _read(self, c: _Cell) -> Iterator[Claim]:
        if (
            (yield from self._parts(c))
            or (yield from self._arrow(c))
            or (yield from self._slash_or_runs(c))
            or (yield from self._spaced(c))
        ):
            return
        # ("81.30% ±0.70" beside its reference column's "80.90% ±0.72": the value, its spread and its reference)
        if not c.numeric and (
            (c.role == "value" and c.ci in self.info.base_of) or (c.role == "mixed" and self.base_row is not None)
        ):
            c.parsed = c.parsed or spread_value(c.cleaned)  # (or beside its baseline row's: "53.07% ± 1.37 pp" above)
        if not c.numeric and c.parsed is None:
            yield from self._worded(c)
            return
        if self.ctx.is_free(c.line, c.start, c.end):  # else an earlier reader took it ("805 passed")
            yield from as_fraction(self._value(c), c.parsed)

    def _cell(self, ci: int, cell: str, role: str) -> _Cell | None:
        cleaned, numeric, parsed = with_fraction(cell_facts(cell))  # ("12/13" needles found: a score, if one)
        if not cleaned:
            return None
        verdict = VERDICT_CELL_RE.match(cell) if not numeric else None
        if verdict is not None:
            # "better -16.7%", "updated (WORSE +32.1%)": the change is the value, the word only judges it
            cell, cleaned, numeric, parsed = verdict.group("change"), *cell_facts(verdict.group("change"))
            role = "delta" if role == "mixed" else role
        info = self.info
        csetup = info.cell_setup(self.row, self.headers, ci, self.setup)  # (its header rows', its group's)
        off = self.offsets[ci] if ci < len(self.offsets) else self.row.text.find(cell)
        if verdict is not None and off >= 0:
            off += verdict.start("change")
        head = self.headers[ci] if ci < len(self.headers) else ""
        if info.title_setup:  # the table's title line: the setup its rows, columns and names do not restate
            own = {**csetup, **self._label_setup(), **info.head(head)[2]}
            csetup = {**{k: v for k, v in info.title_setup.items() if k not in own}, **csetup}
        rev = info.col_revision.get(ci) or (info.new_revision if role == "delta" else None)
        at: dict[str, Any] = {"revision": rev} if rev is not None else {}
        if verdict is not None and (word := verdict_word(verdict.group(0))):
            at["outcome_text"] = word  # the row's own judgement of its change, which a report follows
        line = self.row.lines[ci] if self.row.lines and ci < len(self.row.lines) else self.row.line
        return _Cell(ci, cell, role, cleaned, numeric, parsed, head, off, line, csetup, at)

    def _take_cell(self, c: _Cell) -> bool:
        """Claim the whole cell if no earlier reader did; whether it was free."""
        if not self.ctx.is_free(c.line, c.start, c.end):
            return False
        self.ctx.take(c.line, c.start, c.end)
        return True

    def _config(self, c: _Cell, **extra: str) -> dict[str, str]:
        return {
            **(self.info.change_arm(self.headers) if c.role == "delta" else {}),  # (its arm: "Compressed (kv=k4v2)")
            **self._label_setup(),
            **self.info.settings_of(c.head),
            **c.setup,
            "row": self.label,
            "column": c.head,
            **extra,
        }

    def _label_setup(self) -> dict[str, str]:
        """The setup words of the row's label (once per row); none in a row id, whose columns state them. A label
        packing a checkpoint ("7B 4bit 128g, HF") gives its settings, an engine the page's title line names its own."""
        if self.label_qualifiers is None:
            words = (
                {}
                if self.info.row_id
                else {
                    **label_setup(self.label, self.info.runs_by_rows),
                    **label_checkpoint(self.label, self.ctx.doc.line(1)),
                    **self.info.row_task(
                        self.label, self.row
                    ),  # ("| Task |" over "ARC": its task; "Qwen2-7B, C1 latency": conc 1)
                }
            )
            row = self.row.cells
            cells = [(self.headers[i], clean(row[i])) for i in self.info.label_cols if i < len(row)]
            words = with_role_cells(words, cells)  # "| Prefill | Decode |" over "TP8 | TP8/DP2": no run-wide tp
            # ("int8" under "kv type" is the cache's dtype, which its column said: no weights' precision too)
            cache = self.setup.get("kv_cache", "").lower()
            self.label_qualifiers = {k: v for k, v in words.items() if not (k == "quant" and v.lower() == cache)}
        return self.label_qualifiers

    def _parts(self, c: _Cell) -> Generator[Claim, None, bool]:
        # "70.02% / 28.74%" under "Pos0 / Pos1 acceptance", "0.25/1087/43.5%" under a title "(ms / TFLOPS / MFU%)":
        # each value the measure its position names (a change's too: "+10.0% / +7.5%" beside those values)
        if c.numeric or c.role not in ("value", "mixed", "delta"):
            return False
        base = baseline_cell(self.base_row, self.row, c.ci, self.info.base_of.get(c.ci))
        above = range(self.table.header_line - 1, max(0, self.block.start - 5), -1)
        titles = [self.ctx.doc.line(no) for no in above] if "/" in c.cleaned else []
        parts = position_parts(c.head, c.cleaned, base, self.label, c.role, titles)
        if not parts or not self._take_cell(c):
            return False
        for p in parts:
            yield self.ctx.claim(
                column_kind(p.metric, self.section, p.unit),
                c.line,
                c.cell.strip(),
                metric=p.metric,
                value=p.value,
                unit=p.unit,
                reference=p.reference,
                config=self._config(c, **p.extra),
                **c.at,
            )
        return True

    def _arrow(self, c: _Cell) -> Generator[Claim, None, bool]:
        # "2.950 -> 2.959": the reference, then the value; "750.29 → 885.10 (+17.97%)": the change is the column's too
        if c.numeric or c.role not in ("value", "mixed"):
            return False
        pm = trailing_paren(c.cell, c.cleaned, None) if c.cell.rstrip().endswith(")") and c.off >= 0 else None
        am = arrow_cell(c.cell[: pm.start()] if pm else c.cell)
        if not am or not self.ctx.is_free(c.line, c.start, c.end):
            return False
        self.ctx.take(c.line, c.start, c.start + pm.start() if pm else c.end)  # (the change is prose's to read)
        info = self.info
        bare = ARROW_SIDES_RE.sub("", c.head).strip(" ,;:") or c.head
        unit = am.unit or info.head(bare)[0]
        # (a row named by its setup alone, "| model | ubatch |" over "Foo-7B Q4_0 | 512", or by what it ran: run_rows)
        named = self.named_by_setup or runs_row(info, self.label, bare, c.role)
        metric = metric_name("" if named else self.label, info.head(bare)[1] or bare, c.role)
        yield self.ctx.claim(
            column_kind(metric, self.section, unit),
            c.line,
            c.cell.strip(),
            metric=metric,
            value=am.value,
            unit=unit,
            reference=am.reference,
            stderr=am.spread,  # ("0.2410 ± 0.0031 → 0.1120 ± 0.0042")
            config=self._config(c),
            **c.at,
        )
        for p in self._paren_claims(c, pm, None, metric, self._config(c)) if pm else ():
            yield p if p.revision is not None else p.model_copy(update=c.at)  # (the change the cell's sides make)
        return True

    def _slash_or_runs(self, c: _Cell) -> Generator[Claim, None, bool]:
        if c.numeric or c.role not in ("value", "mixed"):
            return False
        info = self.info
        # ("Paired values below are `main/pr`" over "0.410/0.455" under "Rate (req/s)": the statement's sides)
        pair = slash_pair(self.ctx, self.block, info.slash, c.ci, c.head, c.cleaned)
        if pair is None:
            return c.role == "value" and (yield from self._runs(c))
        # a slash pair an earlier reader took is not a list of runs either
        if not self._take_cell(c):
            return False
        # "1.07 / 0.98" under "Req/s branch / main": the new side's value, the other side its reference
        # ("Output rate base/head (tok/s)": the unit in the parenthesis the sides' words stood before)
        unit = pair.unit or info.head(pair.bare)[0] or unit_of_header(c.head)
        metric = metric_name(self.label, info.head(pair.bare)[1] or pair.bare, c.role)
        yield from slash_claims(self.ctx, pair, (c.line, c.cell.strip()), metric, unit, self.section, self._config(c))
        return True

    def _runs(self, c: _Cell) -> Generator[Claim, None, bool]:
        # "1602 / 1611" under "PR" beside "1499 / 1503" under "control": one claim per run, paired run by run
        runs = run_values(c.cleaned, self.info.runs_by_rows)
        if not runs or not self._take_cell(c):
            return False
        row = self.row
        bi = self.info.base_of.get(c.ci)
        base_runs = run_values(clean(row.cells[bi])) if bi is not None and bi < len(row.cells) else None
        # (a row naming the run, "qwen3-8b iters 0" under "math_500": the column's measure, the row its setup)
        metric = metric_name("" if self.info.runs_by_rows else self.label, self.info.head(c.head)[1] or c.head, c.role)
        unit = self.info.head(c.head)[0]
        for k, v in enumerate(runs):
            ref = base_runs[k] if base_runs and len(base_runs) == len(runs) else None
            yield self.ctx.claim(
                column_kind(metric, self.section, unit),
                c.line,
                c.cell.strip(),
                metric=metric,
                value=v,
                unit=unit,
                reference=ref,
                config=self._config(c, **{RUN_INDEX_KEY: str(k + 1)}),
            )
        return True

    def _spaced(self, c: _Cell) -> Generator[Claim, None, bool]:
        # "88.0% 75.5% 61.2%" under "pos accept": one value per position, in order
        if (
            c.numeric
            or c.role not in ("value", "mixed")
            or not SPACED_LIST_RE.match(c.cleaned)
            or not self._take_cell(c)
        ):
            return False
        metric = metric_name(self.label, self.info.head(c.head)[1] or c.head, c.role)
        for k, part in enumerate(c.cleaned.split()):
            pv = cell_value(part)
            if pv is not None:
                yield self.ctx.claim(
                    column_kind(metric, self.section, pv[3]),
                    c.line,
                    c.cell.strip(),
                    metric=metric,
                    value=pv[0],
                    unit=pv[3],
                    config=self._config(c, position=str(k + 1)),
                )
        return True

    def _worded(self, c: _Cell) -> Iterator[Claim]:
        # "74.45 (partials decay 92→74)" under a "score" column: the column names the metric
        if c.role in ("mixed", "value", "delta") and (find_numbers(c.cell) or find_outcome(c.cell)):
            subject, setup, unit = cell_subject(
                self.info, self.label, c.head, c.cell, c.role, self._label_setup(), c.setup
            )
            claims = with_printed_verdict(
                prose.claims_in_text(self.ctx, c.line, c.cell, c.start, subject=subject), c.cell
            )
            listed, setup, base_row, base_ci = on_base_column(
                list(claims), setup, (c.head, c.ci, c.role), c.at, self.info.base_of, (self.row, self.base_row)
            )
            yield from with_base_cell(  # (a worded value's reference: the baseline row's cell, else its column's)
                list(with_row_setup(listed, setup, unit, self.info.at_length(self.label))),
                base_row,
                base_ci,
                c.cell,
                c.role == "value",
            )

    def _value(self, c: _Cell) -> Iterator[Claim]:
        """A numeric cell: its value under the column's metric, with its reference, spread and setup."""
        if c.parsed is None:
            return
        value, high, approx, unit, stderr, printed = c.parsed
        info, label, role, head = self.info, self.label, c.role, c.head
        head_unit, metric_head, head_qualifiers = info.head(head)
        unit = self._unit(unit, head_unit, role) or self._base_unit(c)
        ref, base_paren = self._reference(c)
        metric_head = column_measure(info, c.ci, metric_head, role)  # ("Score" under "**gsm8k**", "Range")
        # ("| Context | OLD | NEW |": a row named by what it ran is measured in what its columns name)
        workload = info.named_by_kind(label)
        metric = cell_metric(
            info, c.ci, label, head, metric_head, head_unit, role, unit, workload=workload, by_setup=self.named_by_setup
        )
        model = info.column_models.get(head)
        kind, unit = self._kind(metric, metric_head, head, role, unit, c.ci)
        config = {
            **(info.change_arm(self.headers) if role == "delta" else {}),  # (its arm's: "Compressed (kv=k4v2)")
            **self._label_setup(),
            **(info.table_lengths(self.headers) if not c.setup.keys() & {"isl", "osl"} else {}),  # (one header's)
            **head_qualifiers,
            **info.settings_of(head),
            **c.setup,
            "row": label,
            "column": head,
            **cell_bar(c.cleaned),  # ("**0.953** (threshold 0.92)": the bar the value is held to)
            **column_draft(self.ctx, info.spec, head, c.line),  # ("this PR d=2" under "--draft-max N": its own)
        }
        if workload and info.row_kind:
            config[info.row_key(label)] = config.pop("row")
        if model and label:
            config["model"] = model
        stderr = stderr if stderr is not None else self._stddev(c.ci, self.info.stderr_of)
        note = trailing_paren(c.cell, c.cleaned, c.parsed[3] if c.parsed else None)
        stderr, stddev, pm = with_named_spread(stderr, self._stddev(c.ci), note)
        if info.gate and (lengths := bench_test_setup(label)):
            config.update({k: v for k, v in lengths.items() if k not in config})  # "| test | tok/s |" over "tg64"
        elif info.gate:
            config["gate"] = label  # "gate | gsm8k | acceptance length": the row names the gate
        self.ctx.take(c.line, c.start, c.start + (pm.start() if pm and c.off >= 0 else len(c.cell)))
        yield self.ctx.claim(
            kind,
            c.line,
            c.cell.strip(),
            metric=metric,
            value=value,
            high=high,
            approx=approx,
            unit=unit,
            reference=ref,
            stderr=stderr,
            stddev=stddev,
            printed=printed,
            config=config,
            **c.at,
        )
        if pm and c.off >= 0:  # ("4.45 t/s @ 85%": the share the value was reached at, a measure of its own)
            yield from (
                at_share(
                    self.ctx,
                    (c.line, c.off, c.cell, head),
                    pm,
                    base_paren,
                    (metric, self.section, info.spec),
                    config,
                    c.at,
                )
                if pm.group(0)[0] == "@"
                else self._paren_claims(c, pm, base_paren, metric, config)
            )

    def _unit(self, unit: str | None, head_unit: str | None, role: str) -> str | None:
        """The cell's unit, else its header's, else the label's (asked once per row), else, for a value, the
        section heading's."""
        if unit or head_unit:
            return unit or head_unit
        if not self.label_unit:
            # ("load (ms) / avg": the unit of the first of two label cells)
            of_label = next((u for part in self.label.split(" / ") if (u := unit_of_header(part))), None)
            self.label_unit.append(of_label or (self.info.section_unit if role == "value" else None))
        return self.label_unit[0]

    def _base_unit(self, c: _Cell) -> str | None:
        """The unit the baseline cell beside a bare value prints ("120.5 ms | **118.2**"): one measure, one unit."""
        bi = self.info.base_of.get(c.ci, -1) if c.role == "value" else -1
        src = self.row.cells[bi] if 0 <= bi < len(self.row.cells) else None
        parsed = cell_facts(src)[2] if src else None  # (else the unit its header prints: "TTFT main (ms) | TTFT pr")
        return (
            parsed[3]
            if parsed and parsed[3]
            else self.info.head(self.headers[bi])[0]
            if src and bi < len(self.headers)
            else None
        )

    def _reference(self, c: _Cell) -> tuple[float | None, str | None]:
        """The value's reference (the baseline row's or baseline column's cell, else "(ref 96.36)" in the
        cell) and the baseline cell's own parenthesis, which pairs with the cell's."""
        ref = None
        base_paren: str | None = None
        if c.role == "value" or (c.role == "mixed" and c.parsed is not None):
            src = None
            if self.base_row is not None and c.ci < len(self.base_row.cells):
                src = self.base_row.cells[c.ci]
            elif c.ci in self.info.base_of:
                bi = self.info.base_of[c.ci]
                src = self.row.cells[bi] if bi < len(self.row.cells) else None
            base_value = base_reading(src, clean(src)) if src is not None else None
            if src is not None and base_value is not None:
                ref = base_value[0]  # (also of a reference with its spread, "80.90% ±0.72"; a count of a total)
                bpm = second_measure(src)
                base_paren = bpm.group(1) if bpm else None
        if ref is None:  # "96.25 (ref 96.36)" in one cell, else the number a change column's header states
            ref = next((r for r in (cell_ref(c.cleaned), self.info.stated_ref.get(c.ci)) if r is not None), None)
        return ref, base_paren

    def _kind(
        self, metric: str, metric_head: str, head: str, role: str, unit: str | None, ci: int
    ) -> tuple[str, str | None]:
        """The claim's kind (and a delta's implied "%"), where the row's other cells change what the column
        alone would say; a score column of an eval no name lists, beside a known one's, is an accuracy."""
        kind = (
            column_kind(  # ("GSM8K" in a "High Throughput" row: the recipe's strategy, no measure's name)
                metric_head if is_strategy_label(self.label) else metric, self.section, unit
            )
            if ci not in self.info.unlisted_evals or role != "value"
            else "accuracy"
        )
        if kind == "perf" and unit is None and role == "delta" and "%" in head:
            unit = "%"
        if role == "delta" and kind == "perf" and unit in (None, "%", "pp") and self.row_kind == "accuracy":
            kind = "accuracy"  # "SGLang vs. vLLM Diff" beside accuracy columns: a difference of accuracies
        if (
            self.info.spec
            and role == "value"
            and (metric_head.lower() in ("rate", "ratio", "accepted") or (unit == "%" and draft_position(metric_head)))
        ):
            kind = "acceptance"  # "rate", "Position 0" beside "a.len", "Overall acceptance": a draft's acceptance rate
        if role == "value":
            self.row_kind = kind
        return kind, unit

    def _stddev(self, ci: int, columns: dict[int, int] | None = None) -> float | None:
        """The spread the column of `ci`'s spread (or `columns`': its standard error) holds in this row ("±0.0112")."""
        si = (self.info.spread_of if columns is None else columns).get(ci, len(self.row.cells))
        sv = cell_facts(self.row.cells[si].replace("±", "", 1))[2] if si < len(self.row.cells) else None
        return sv[0] if sv else None

    def _paren_claims(
        self, c: _Cell, pm: re.Match[str], base_paren: str | None, metric: str, config: dict[str, str]
    ) -> Iterator[Claim]:
        ctx, line, inner = self.ctx, c.line, pm.group(1)
        # "29.12 TFLOPS (0.6%)" beside a baseline "22.74 TFLOPS (0.5%)": the shares pair as the values do
        if (share := paren_share(inner, base_paren, c.parsed[3] if c.parsed else None)) is not None:
            ctx.take(line, c.off + pm.start(), c.off + len(c.cell))
            yield ctx.claim(
                column_kind(metric, self.section, share[1]),
                line,
                inner.strip(),
                metric=share_name(metric, share[1], inner, base_paren, c.parsed[3] if c.parsed else None),
                value=share[0],
                unit=share[1],
                reference=share[2],
                config=config,
            )
            return
        skip, keyed = share_note(inner, c.parsed[3] if c.parsed else None)
        at = c.off + pm.start(1)
        if keyed is not None:  # "73.56% (90483/123000, avg_toks_fwd=3.21)": the draft's acceptance length
            ctx.take(line, c.off + pm.start(), c.off + len(c.cell))
            name, value = keyed.group("name"), to_float(keyed.group("value"))
            yield ctx.claim("acceptance", line, keyed.group(0).strip(), metric=name, value=value, config=config)
            return
        for claim in prose.claims_in_text(ctx, line, inner[skip:], at + skip, subject=metric):
            # "19.5 (-2.50%)": the change was measured in the cell's row and column, under their setup
            claim.config = under_cell_setup(config, claim.config)
            yield claim
        ctx.take(line, c.off + pm.start(), c.off + len(c.cell))


def row_claims(
    ctx: Context,
    block: Block,
    table: Table,
    row: Row,
    roles: list[str],
    headers: list[str],
    label: str,
    section: str,
    base_row: Row | None,
    info: TableInfo | None = None,
) -> Iterator[Claim]:
    """The claims of one row's result cells (see _RowReader)."""
    info = info if info is not None else TableInfo(table, roles)
    yield from with_base_only(
        ctx,
        (row, base_row),
        info,
        headers,
        lambda r, b: _RowReader(ctx, block, table, r, roles, headers, label, section, b, info).claims(),
    )
