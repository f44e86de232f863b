"""What every row of one table shares (TableInfo), worked out once per table before its rows are read
(rows.row_claims), and the setup keys a column header names.

Apart from rows.py because this is read from the table's header and roles alone, never from a row's values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from ledger.model import Revision
from ledger.parsers.grammar.corner_settings import scheme_setting
from ledger.parsers.grammar.line_setup import model_in_cell, row_kernel
from ledger.parsers.grammar.named_revisions import listed_sides
from ledger.parsers.grammar.revision_labels import SHA_RE, is_sha
from ledger.parsers.reader.document import Row, Table
from ledger.parsers.tables.arrow_legend import legend_revisions
from ledger.parsers.tables.base_pairs import pair_columns
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.column_sorts import column_models, spread_columns, variant_heads
from ledger.parsers.tables.delta_check import gain_deltas, measure_of_change
from ledger.parsers.tables.engine_columns import pair_measure
from ledger.parsers.tables.eval_columns import unlisted_evals
from ledger.parsers.tables.head_settings import parenthesised_settings, without_settings
from ledger.parsers.tables.header_tree import side_free
from ledger.parsers.tables.headers import (
    arrow_sides,
    base_commit,
    change_word,
    column_revisions,
    head_without_unit,
    looks_metric,
    on_base_commit,
    side_core,
    unit_of_header,
)
from ledger.parsers.tables.roles import KEYED_NUMBER_RE, NO_FIGURE
from ledger.parsers.tables.row_ids import row_id_column
from ledger.parsers.tables.setting_keys import scheme_cell, setting_keys, setting_parts
from ledger.parsers.tables.stated_bases import header_references
from ledger.vocab.canonical import NUMERIC_KEYS, gpu_key, without_side_mark
from ledger.vocab.drafting_words import draft_method_cell, spec_on_cell
from ledger.vocab.input_labels import count_column_key
from ledger.vocab.load_cells import cell_load
from ledger.vocab.matmul_kernels import kernel_columns
from ledger.vocab.metrics import dataset_key_name, is_acceptance_name, named_benchmark
from ledger.vocab.model_bits import WIDTH_KEY, bits_tail, stated_bits
from ledger.vocab.model_cells import cell_variant, scheme_only
from ledger.vocab.perplexity_corpora import corpus_perplexity
from ledger.vocab.quantiser_pages import original_side
from ledger.vocab.setting_cells import listed_settings, settings_cell
from ledger.vocab.setting_heads import (
    at_lengths,
    batched_bench_keys,
    expert_columns,
    gemm_dim_columns,
    ggml_quant,
    header_lengths,
    header_parallel,
    length_keys,
    length_led,
    length_value,
    plain_count,
    serving_columns,
    whole_count,
)
from ledger.vocab.setup import config_key, qualifiers
from ledger.vocab.setup_keys import is_known_key, run_index_key, written_key
from ledger.vocab.setup_labels import names_configuration, row_kind_key
from ledger.vocab.setup_negation import spec_off_cell
from ledger.vocab.sides import named_by_side, side_of
from ledger.vocab.workload import setup_only

# the header of a column of evals: "Task", "Tasks", "Benchmark", "Eval", "Dataset"
_TASK_HEAD_RE = re.compile(r"^(?:tasks?|benchmarks?|evals?|evaluations?|datasets?)$", re.IGNORECASE)

# a column of each run's settings in one cell, as words ("tp1 / bs 128 / prompts 5000")
_SETTINGS_HEAD_RE = re.compile(
    r"^(?:(?:test|run|bench(?:mark)?)\s)?(?:settings|config(?:uration)?|parameters|params)$", re.I
)
_GENERIC_DELTA_RE = re.compile(
    r"^(?:change|improvement|delta|Δ|diff(?:erence)?|regression|%|% change)$",
    re.IGNORECASE,
)
_GATE_HEADER_RE = re.compile(r"^(?:gates?|checks?|tests?|test cases?)$", re.IGNORECASE)


NO_CLAIM_ROLES = frozenset(("label", "config", "baseline", "text", "spread"))
"""The roles of the cells a row is never read for a claim in (rows._RowReader; a cell past the roles is a value)."""


def _measure_words(head: str) -> str:
    """ "PR tok/s" -> "tok/s": the measure a side's column names, its side word left out (as its claims name it)."""
    side, core = side_core(head)
    kept = [w for w in head.split() if w.lower() in core.split()] if side else []
    return " ".join(kept) or head


def _pair_measure(header: list[str], of: int, base_of: Mapping[int, int]) -> str | None:
    """The measure column `of` shares with the column it is paired with ("0.7.2 out tok/s" beside "0.7.4 out tok/s":
    "out tok/s"), where it is one of a pair (engine_columns.pair_measure)."""
    partner = base_of.get(of, next((v for v, b in base_of.items() if b == of), None))
    return pair_measure(header[of], header[partner]) if partner is not None and partner < len(header) else None


class TableInfo:
    """What every row of one table shares, worked out once."""

    arms: Mapping[str, dict[str, str]] = MappingProxyType({})
    """The arm labels the document defines (grammar.arm_labels): a header opening with one names that arm."""
    _at_lengths: dict[str, str] | None = None
    """The lengths the rows' labels name after "@" (at_length), once asked."""
    _head_lengths: dict[str, str] | None = None
    """The lengths one header states for the whole table (table_lengths), once asked."""

    def __init__(self, table: Table, roles: list[str]) -> None:
        self.table = table
        self.base_cols = [i for i, r in enumerate(roles) if r == "baseline"]
        self.value_cols = [i for i, r in enumerate(roles) if r == "value"]
        self.mixed_cols = [i for i, r in enumerate(roles) if r == "mixed"]
        self.config_cols = [i for i, r in enumerate(roles) if r == "config"]
        self.delta_cols = [i for i, r in enumerate(roles) if r == "delta"]
        self.label_cols = [i for i, r in enumerate(roles) if r == "label"]
        self.spread_of, self.stderr_of = spread_columns(table, roles, self.value_cols, self.base_cols)
        self.slash: dict[int, tuple[int, int] | None] = {}
        self.base_of = pair_columns(table, self.value_cols, self.base_cols)
        # a change column that names no measure ("TTFT | Change | TPOT | Change") is the change of the one before it;
        # after several measures, of the one its arithmetic reproduces, else of the first (see delta_check)
        self.delta_measure = self._delta_measures()
        self.stated_ref = header_references(table, roles)
        """The reference a change column's header states for a value column ("Δ vs 61.0"), by column."""
        self.gain_of = gain_deltas(table, roles, self.base_of)
        """The change columns that are a falling measure's gain, positive where the PR is faster (delta_check)."""

        self.unlisted_evals = unlisted_evals(table, self.value_cols)
        """The value columns of evals no metric name lists, typed by a known eval beside them (tables.eval_columns)."""
        self.spec = any(is_acceptance_name(clean(h)) for h in table.header)
        """A speculative-decoding table: its bare "rate" is an acceptance rate."""
        self.bench: str | None = None
        """The benchmark the line above names, for columns that only say "Score" (see GENERIC_HEAD_RE)."""
        self.gate = bool(table.header) and bool(_GATE_HEADER_RE.match(clean(table.header[0])))
        self.heads: dict[str, tuple[str | None, str, dict[str, str]]] = {}
        self.head_settings: dict[str, dict[str, str]] = {}  # ("c=1" taken out of "c=1 TTFT ms": the cells' config's)
        self.variants = variant_heads([clean(table.header[i]) for i in self.value_cols if i < len(table.header)])
        """Value headers whose trailing parenthesis is all that tells them from another ("PR | PR (fused)")."""

        self.column_setup = table.column_setup
        self.column_groups = table.column_groups
        self.group_settings: dict[str, list[int]] = {}
        """The setting columns of each column group that has some ("With CP" over "TP | DP"; see cell_setup)."""
        for i in self.config_cols:
            if table.column_groups and i < len(table.column_groups) and table.column_groups[i]:
                self.group_settings.setdefault(table.column_groups[i], []).append(i)
        self._grouped: dict[tuple[int, str], dict[str, str]] = {}
        value_heads = {clean(table.header[i]) for i in self.value_cols if i < len(table.header)}
        self.column_models = column_models(value_heads)
        """A model card's columns, each a model's name ("Llama3.1 405B-Inst."): header -> model."""
        heads = [clean(h) for h in table.header]
        columns = [[clean(r.cells[i]) for r in table.rows if i < len(r.cells)] for i in range(len(heads))]
        self.bench_cols = batched_bench_keys(heads)
        """llama-batched-bench's PP / TG / B columns, by the setup key each holds (isl, osl, batch_size)."""
        self.length_cols = {
            **length_keys(heads, columns),
            **self.bench_cols,
            **expert_columns(heads, columns),
            **serving_columns(heads, columns),
            **gemm_dim_columns(heads, columns),
            **kernel_columns(heads, columns),
        }
        """The columns whose header names a setup key only with the table's help ("Input" over token counts)."""
        # the label columns that name a setting ("Model", "ISL/OSL", "il" over "3.5k"): the row's name is its setup too
        self.setting_labels = [
            i
            for i, r in enumerate(roles)
            if r == "label"
            and i < len(table.header)
            and (setting_keys(clean(table.header[i])) or i in self.length_cols)
        ]
        self.row_id = bool(self.label_cols) and self.label_cols[0] == 0 and row_id_column(table)
        """The first column is a free row id ("B200:standard:17:float32:indexed"): it names the row, not the
        metric, and the words spelled into it are not settings (its own columns state them)."""
        first = clean(table.header[0]) if self.label_cols == [0] and table.header and not self.row_id else ""
        self.row_kind = row_kind_key(first) if first else None
        at = self.label_cols[0] if self.label_cols else len(table.header)
        labels = [clean(r.cells[at]) for r in table.rows if at < len(r.cells)]
        self.side_rows = bool(labels) and all(named_by_side(label) and not looks_metric(label) for label in labels)
        """Every row is named by its side ("| origin tp |", its "| new tp |" row cut off): the sides that ran, no part
        of the measure."""
        self.task_col = (
            next((i for i in self.label_cols if i < len(heads) and _TASK_HEAD_RE.match(heads[i])), None)
            if not self.row_id
            else None
        )
        """The label column naming each row's eval ("| Task | FP16 | INT4 |" over GSM8K, ARC; "| Model | Task |"): the
        row's task is its own, not the one a command above ran (`--tasks gsm8k` says nothing of the ARC row)."""
        """The setup key the rows' names are under where the first column's header says what they ran ("Context",
        "Dataset"): those names are no part of the measure."""
        self.title_setup: dict[str, str] = {}
        """The setup the title line over the table names (see tables.results._title_setup)."""
        self.runs_by_rows = False
        """The rows name the runs (their model, precision, release) and the columns the benchmarks ("| qwen3-8b bf16 |
        0.79 |" under "math_500"): the column is the measure, the row's label its setup (tables.model_rows)."""
        self.measure: tuple[str, str | None] | None = None
        """The measure a section states for its tables (see tables.stated_measure): the name and unit of cells
        whose row and column name only their setup."""
        self.unit_measure: dict[int, str] = {}
        """The measure a lead-in names for the one value column headed by a unit alone ("decode throughput" over
        "| build | tok/s |"; grammar.lead_measures.unit_column_measure), by the column's index."""
        self.section_unit: str | None = None
        """The unit the heading over the table names ("## Output throughput per GPU (tok/s)"), for bare values."""
        self.col_revision: dict[int, Revision] = {}
        """The revision a value column's header names (a named side, a short sha, a branch)."""
        self.new_revision: Revision | None = None
        """The one revision the value columns name: the new side, which the row's deltas are measured on."""

    def _delta_measures(self) -> dict[int, str]:
        """The measure each change column that names none is the change of (by the column's index): the one before
        it (delta_check.measure_of_change), named as its pair shares it ("out tok/s" of "0.7.2 out tok/s" beside
        "0.7.4 out tok/s") or without its side's words."""
        header, out = self.table.header, {}
        for i in self.delta_cols:
            if not _GENERIC_DELTA_RE.match(change_word(clean(header[i]))) if i < len(header) else True:
                continue
            of = measure_of_change(self.table, i, self.delta_cols, self.value_cols, self.base_cols, self.base_of)
            if of is not None and of < len(header):
                out[i] = _pair_measure(header, of, self.base_of) or _measure_words(head_without_unit(clean(header[of])))
        return out

    def at_length(self, label: str) -> dict[str, str]:
        """The context a row's label names after "@" among siblings that name theirs (vocab.at_lengths), as isl."""
        if self._at_lengths is None:  # (once per table: every worded cell of every row asks)
            at = self.label_cols[0] if self.label_cols else 0
            self._at_lengths = at_lengths([clean(r.cells[at]) for r in self.table.rows if at < len(r.cells)])
        n = self._at_lengths.get(label.strip())
        return {"isl": n} if n else {}

    def named_by_kind(self, label: str) -> bool:
        """The row's label is what it ran under the first column's kind ("| Context |", "| Strategy |"), no
        measure's name (a strategy's may word one, "Low-latency", and still be the way the row ran)."""
        if self.row_kind is None or not label or named_benchmark(label):
            return False
        return self.row_kind == "variant" or not looks_metric(label)

    def row_key(self, label: str) -> str:
        """The setup key this row's label is under, its column's kind: under a configuration's header ("Config") a
        label that states no setting ("Static 1_1_2", "AutoSpec") names an arm, a variant, where one that states its
        settings ("ISL 1k / OSL 128") is the workload it ran."""
        head = clean(self.table.header[0]) if self.table.header else ""  # (row_kind is set only from this header)
        if self.row_kind == "workload" and names_configuration(head) and not qualifiers(label):
            return "variant"
        return self.row_kind or "row"

    def row_task(self, label: str, row: Row) -> dict[str, str]:
        """The task a row's task cell names (the benchmark's canonical name, else the cell's words), and the load a
        row's label names by its C and count ("Qwen2-7B-Instruct, C1 latency": vocab.load_cells)."""
        col = self.task_col
        name = clean(row.cells[col]).removesuffix(":").rstrip() if col is not None and col < len(row.cells) else ""
        name = dataset_key_name(name) or name
        return {**cell_load(label), **({"task": named_benchmark(name) or name.lower()} if name else {})}

    def bind_revisions(self, named: Mapping[str | int, Revision], headers: list[str], at: int) -> None:
        """The revisions the value columns' headers name (see headers.column_revisions), with the sides a list
        right over the table's header line `at` defines (named_revisions.listed_sides)."""
        heads = {ci: headers[ci] for ci in self.value_cols if ci < len(headers) and headers[ci]}
        # (a legend one header prints, "Output throughput (v0.25.1 → PR)", states the sides of every arrow column)
        cols = sorted({*self.value_cols, *self.mixed_cols})
        legend = legend_revisions(self.table, {ci: headers[ci] for ci in cols if ci < len(headers)}, named)
        self.col_revision = {**legend, **column_revisions(named, heads, listed_sides(named, at))}
        revs = set(self.col_revision.values())
        self.new_revision = next(iter(revs)) if len(revs) == 1 else None
        if len(revs) > 1:
            # "Opt1 vs B | Opt2 vs B": each change column is measured on the side it names first
            for ci in self.delta_cols:
                first = headers[ci].split(" vs", 1)[0] if ci < len(headers) and " vs" in headers[ci] else ""
                rev = next(iter(column_revisions(named, {ci: first}).values()), None) if first else None
                if rev is not None:
                    self.col_revision[ci] = rev
        # "| main (e467261e) | this branch |": the side beside a base column that names its commit ran on top of it
        # (after the one new revision is settled: the change cells take the side's whole revision, side_columns)
        for ci, bi in self.base_of.items():
            base = base_commit(headers[bi]) if ci in heads and bi < len(headers) else None
            if base is not None and (rev := on_base_commit(heads[ci], self.col_revision.get(ci), base)) is not None:
                self.col_revision[ci] = rev

    def cell_setup(self, row: Row, headers: list[str], ci: int, setup: dict[str, str]) -> dict[str, str]:
        """The row's `setup` as column `ci` holds it: with the settings its header rows give the column (TP Size
        | 4 | 8), and without those another column group states for its own run ("With CP" over "TP | TFLOPS /
        GPU": its TP is none of the "Without CP" cells'), with its own group's."""
        cols = self.column_setup
        own = cols[ci] if cols and ci < len(cols) else {}
        groups = self.column_groups or []
        group = groups[ci] if ci < len(groups) else ""
        # a column of no group ("Speedup" after the groups) ran as the one group that states settings did
        if len(self.group_settings) > (0 if group else 1) and len(self.group_settings) <= _MAX_GROUPS:
            key = (row.line, group)
            if key not in self._grouped:  # (once per group of a row: a wide row asks for each cell)
                others = frozenset(i for g, at in self.group_settings.items() if g != group for i in at)
                theirs = self.row_setup(row, headers, only=others)
                mine = self.row_setup(row, headers, skip=others)
                self._grouped[key] = {**{k: v for k, v in setup.items() if k not in theirs}, **mine}
            setup = self._grouped[key]
        return {**own, **setup} if own else setup

    def row_setup(
        self, row: Row, headers: list[str], only: frozenset[int] | None = None, skip: frozenset[int] = frozenset()
    ) -> dict[str, str]:
        """The setup a row states: its config columns' cells and the settings its label columns name, by
        the canonical key where the header names a setup key ("Max Concurrency" -> concurrency); of the columns
        `only` names where it names some, less those of `skip`."""
        out: dict[str, str] = {}
        for i in sorted(self.config_cols + self.setting_labels):
            if i in skip or (only is not None and i not in only):
                continue
            cell = clean(row.cells[i]) if i < len(row.cells) else ""
            head = headers[i] if i < len(headers) else ""
            if not cell or not head or cell in NO_FIGURE:
                continue  # ("| - |": that row has no value of the setting)
            if i in self.bench_cols:
                out[head] = cell  # batched-bench's own "PP", which its readers know it by, beside the length
            cell = without_side_mark(plain_count(cell))  # "5 000": 5000; "off (baseline)": off
            keys = (self.length_cols[i],) if i in self.length_cols else setting_keys(head)
            if keys == ("model",) and scheme_only(cell):
                keys = ("quant",)  # ("W4A16" under "Model": the scheme the page's one model was quantised with)
            if len(keys) > 1 and "quant" in keys and (scheme := scheme_setting(cell)) is not None:
                out.update(scheme)  # ("q3ks", "rtn (3bit)" under "Model / Quant": the heading's model in a scheme)
                continue
            parts = setting_parts(keys, cell)
            if len(keys) > 1 and len(parts) == len(keys):
                out.update(zip(keys, parts, strict=True))  # "ISL/OSL" over "1024/128": two settings
            elif len(keys) == 1 and (off := spec_off_cell(keys[0], cell)) is not None:
                out.update(off)  # "off (1)" under "MTP (kernel next_n)": no method, no draft
            elif len(keys) == 1 and (on := spec_on_cell(keys[0], head, cell)) is not None:
                out.update(on)  # "on" under "mtp": the method on, no draft length stated (never draft_len "on")
            elif len(keys) == 1 and (method := draft_method_cell(keys[0], qualifiers(cell))) is not None:
                out.update(method)  # "ngram" under "draft": the method that drafted, never draft_len "ngram"
            elif len(keys) == 1:
                cell = scheme_cell(head, length_value(keys[0], head, cell))  # "4,096 t" under "Seq. len.": 4096
                keyed = KEYED_NUMBER_RE.match(cell)  # "mc=4" under "Concurrency": 4
                words = qualifiers(cell)
                value = words.get(keys[0], keyed.group("n") if keyed else cell)  # "EP8": ep 8
                if keys[0] in NUMERIC_KEYS:
                    value = whole_count(value)  # "1.0" under a pandas frame's "batch_size": a batch of 1
                if keys[0] == WIDTH_KEY:  # ("Ours 4.25-bit" under "Average bits": 4.25; "FP16" states its quant)
                    value = stated_bits(cell) or ""
                if value:
                    out[gpu_key(keys[0], value)] = value
                if keys[0] == "model":
                    out["model"] = model_in_cell(cell)
                    out.update(row_kernel(cell))  # ("Wren 7B GEMV": the model, and the kernel it ran)
                    out.update(cell_variant(cell))  # ("X Prefix Cache TP8": the variant the row ran)
                    if "quant" not in words and (bits := bits_tail(cell)) is not None:
                        out["quant"] = bits[1]  # ("Qwen3 0.6B Q4", "Mistral 7B 8bit": MLX's quantised checkpoints)
                for k, v in words.items():
                    if v.lower() != value.lower():  # ("bf16" under KV dtype is no model precision too)
                        out.setdefault(k, v)  # "4x GB200, TP=4" under GPUs: the TP the cell states beside the board
            elif not is_known_key(config_key(head)) and (words := qualifiers(cell)) and setup_only(cell):
                for k, v in words.items():
                    out.setdefault(k, v)  # "GPTQ" under "Mode": the precision it names, no key of the header's own
            else:
                # ("Tried configs": the runs it is over; "#" over "2": which of a side's runs the row is)
                raw = config_key(head)
                out[count_column_key(head) or run_index_key(raw, cell) or written_key(raw)] = cell
                out.update(settings_cell(cell) or {})  # "mtp_nextn=2, overlap=True": the settings it lists
                if _SETTINGS_HEAD_RE.match(head):  # "tp1 / ratio 0.8 / bs 128 / prompts 5000" under "test settings"
                    for k, v in {**listed_settings(cell, all_settings=True), **qualifiers(cell)}.items():
                        out.setdefault(k, v)
                if not is_known_key(config_key(head)):  # ("bfloat16/paged" under "State" is the state's dtype)
                    for k, v in qualifiers(cell).items():
                        out.setdefault(k, v)  # "TEP8" under "Parallelism": tensor and expert parallel 8
        return out

    def head(self, head: str) -> tuple[str | None, str, dict[str, str]]:
        """(unit_of_header(head), head_without_unit(head), qualifiers(head)), once per column header (read only)."""
        got = self.heads.get(head)
        if got is None:
            bare = side_free(head)
            if (kept := _without_shas(bare)) != bare and kept.strip():
                bare = kept  # "t/s 0badc0de1": the commit is the column's revision, not a part of its measure
            name = bare if head in self.variants else head_without_unit(bare)
            name = corpus_perplexity(name, self.table.header)  # ("PTB" beside "Wikitext2": a perplexity too)
            # "TG (256) T/s": the length the bench ran is the column's setup
            setup = {**header_parallel(head), **cell_load(head), **qualifiers(head), **header_lengths(head)}
            setup = {**parenthesised_settings(head), **setup}  # "TurboQuant (quant_policy=42)": what its arm ran
            if (led := length_led(name)) is not None:
                name, setup = led[0], {**setup, **led[1]}  # "1K Decode": the decode rate at that length
            # ("single GPU": TP1; "C64 offline throughput": concurrency 64)
            if (arm := _ARM_PREFIX_RE.match(name)) is not None and setup and not side_of(arm.group(1)):
                rest = name[arm.end() :]
                if setup_only(rest):
                    # "V1: 3090Ti": the arm (a key of its own: "V1" and "V2" on one board are two setups), on that board
                    name, setup = rest, {**setup, "arm": arm.group(1)}
            name, self.head_settings[head] = without_settings(name, setup, self.arms)  # ("c=1 TTFT ms": TTFT at c 1)
            # ("MMLU FP16→AQLM" over "0.65→0.56": each cell's left number is the unquantised original's)
            self.head_settings[head] = {**self.head_settings[head], **original_side(arrow_sides(head))}
            if quant := ggml_quant(bare):
                setup["quant"] = quant  # "Q4_0_R8": the repacked type, not the q4_0 its name starts with
            got = self.heads[head] = (unit_of_header(bare), name, setup)
        return got

    def table_lengths(self, headers: list[str]) -> dict[str, str]:
        """The workload one value column's header states for the whole table ("Output tok/s (1k/1k) | Mean TTFT (ms)
        | Mean TPOT (ms)": every measure of a row was taken in that one run), where no other header states another
        pair; {} where several state one each (a column per workload) or none does."""
        if self._head_lengths is None:
            cols = [i for i in (*self.value_cols, *self.mixed_cols) if i < len(headers)]
            stated = [{k: v for k, v in self.head(headers[i])[2].items() if k in ("isl", "osl")} for i in cols]
            said = [one for one in stated if one]
            pair = said[0] if said and len(said) < len(stated) else {}
            self._head_lengths = pair if len(pair) == 2 and all(one == pair for one in said) else {}
        return self._head_lengths

    def change_arm(self, headers: list[str]) -> dict[str, str]:
        """The settings the table's one candidate column names in its header's parenthesis ("Compressed (kv=k4v2)"
        beside "Baseline (kv=fp16)"): a change column's cells are that arm's change against its base, run under it;
        {} where several columns have a base (each change its own) or none."""
        arms = [ci for ci in self.base_of if ci < len(headers)]
        return parenthesised_settings(headers[arms[0]]) if len(arms) == 1 else {}

    def settings_of(self, head: str) -> dict[str, str]:
        """The settings the header's measure name had taken out ("c=1" of "c=1 TTFT ms"; see head)."""
        self.head(head)
        return self.head_settings.get(head, {})


_MAX_GROUPS = 8
"""Column groups whose settings are kept apart: more is no page's header, and each costs a pass over the row."""
_ARM_PREFIX_RE = re.compile(r"([A-Za-z][\w.]{0,10}):\s?")


def _without_shas(head: str) -> str:
    """The header without the commits it names ("t/s 0badc0de1" -> "t/s")."""
    if not any(ch.isdigit() for ch in head):
        return head
    return " ".join(w for w in head.split() if not (SHA_RE.fullmatch(w.strip("`()")) and is_sha(w.strip("`()"))))
