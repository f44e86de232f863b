"""The role of each column of a table, from its header and its cells: label, config, spread, value, delta,
baseline, mixed or text; which value column has no baseline named but is one (two value columns and a delta,
a new side named in one header, a grid's two groups). Which baseline column each value column is measured
against is base_pairs'.

Apart from tables.py because roles are worked out once per table, before any row is read, from the whole
table; the rows only look them up.
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import find_numbers
from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import cell_facts, clean, is_numeric_cell, packed_numbers, units_all
from ledger.parsers.tables.delta_check import orient_by_deltas
from ledger.parsers.tables.fraction_cells import fraction_value
from ledger.parsers.tables.headers import (
    ARROW_SIDES_RE,
    HEAD_UNIT_RE,
    VS_RE,
    arrow_sides,
    head_without_unit,
    looks_metric,
    side_core,
    sided_arrow_column,
    slash_sides,
    unit_of_header,
)
from ledger.parsers.tables.leading_settings import leading_settings
from ledger.parsers.tables.precision_columns import precision_baseline
from ledger.parsers.tables.ratio_heads import against_a_third, ratio_baseline, vs_baseline
from ledger.parsers.tables.release_columns import release_baseline
from ledger.parsers.tables.row_ids import naming_words, row_id_column, unread_column
from ledger.parsers.tables.setting_keys import fractions_under_a_count, names_setting, product_column, setting_keys
from ledger.parsers.tables.stated_bases import first_column_base, own_bases_kept
from ledger.parsers.tables.stem_columns import DELTA_HEADER_RE, repeated_sides, stem_baselines
from ledger.parsers.tables.swept_heads import swept_setting
from ledger.parsers.tables.title_arms import title_named_arm
from ledger.vocab.input_labels import count_column_key, limit_column
from ledger.vocab.metrics import SPREAD_WORDS, STDERR_WORDS, is_acceptance_name, is_accuracy_name, last_metric_named
from ledger.vocab.negated_arms import negated_arm
from ledger.vocab.not_measured import WORK_COUNT_HEAD_RE
from ledger.vocab.outcomes import boolean_outcome, find_outcome, success_count_column
from ledger.vocab.setting_cells import settings_cell
from ledger.vocab.setting_heads import (
    abbreviated_setting,
    batched_bench_keys,
    expert_columns,
    length_keys,
    names_arm,
    serving_columns,
    whole_numbers,
)
from ledger.vocab.setup import BAR_WORDS, is_config_label, is_input_name, is_workload_label, qualifiers
from ledger.vocab.setup_labels import MEASURE_COLUMN_RE, NAMED_SETTING_KEYS, setup_label_key
from ledger.vocab.sides import POST_SIDE, PRE_SIDE, column_sides, control_label, reference_implementation, side_of
from ledger.vocab.units import ends_in_rate, is_size_unit, is_timing_unit

_NEW_HEADER_RE = re.compile(
    r"this pr|\bpr\b|after|new|opt(?:imi[sz]ed)?|ours|patched|fix|with\b|candidate|proposed|\b" + POST_SIDE,
    re.IGNORECASE,
)
_BASE_HEADER_RE = re.compile(
    r"^(?:baseline|base|before|main|original|ref(?:erence)?|w/o|without|old|previous|prior|earlier|upstream|default|"
    + PRE_SIDE
    + r")\b(?!-\w)",
    re.IGNORECASE,
)  # "base-new_indices/B" is a variant built on the baseline, measured against it
_ITEMS = r"(?:predictions?|answers?|responses?|examples?|samples?|questions?|items?)"
# "Valid Predictions", "Correct", "Total answers": what an eval counted (its share is the result)
_TALLY_HEAD_RE = re.compile(
    r"^(?:(?:valid|invalid|correct|incorrect|wrong|parsed|scored)(?:\s" + _ITEMS + r")?|"
    r"(?:(?:total|num(?:ber of)?|#)\s?)?" + _ITEMS + ")$",
    re.IGNORECASE,
)
_SIDE_NAME_RE = re.compile(r"(?<![\w-])(?:branch|this pr|baseline|candidate|before|after)$", re.IGNORECASE)
_CONFIG_HEADERS_RE = re.compile(
    r"^(?:questions|n-?shot|version|stderr|std|filter|#|count|samples|num|isl|osl|bs|batch|"
    r"concurrency|tp|ep|pp|dp|gpus?|nodes?|seq|input|output|prompt|tokens|shape|m|n|k|mkn|dtype|"
    r"kv[ _-]?(?:cache[ _-]?)?(?:dtype|type|precision)|kv[ _-]?cache|"
    r"model|dataset|quant|precision|backend|date|commit|sha|hardware|config|setting|rate|request rate|"
    # a cell of a run's settings ("tp1 / bs 128 / prompts 5000"), a board's compute capability ("8.0")
    r"(?:test |run |bench(?:mark)? )?settings|parameters|params|(?:compute |cuda )?capability|sm|"
    # a validation table's sweep list ("1 2 3 4 8 16"), its mode and the bar it was held to ("96.5 +/- 0.5")
    r"concurrencies|batch[ _-]sizes|mode|(?:pass |acceptance |success )?criteri(?:a|on)|"
    r"max|min seq|layers?|hidden|heads|head[_ ]?(?:dim|size)|experts?|"
    # training runs' shape (Megatron / DeepSpeed): hidden dim, attention heads, layers, grad-accumulation steps,
    # micro / global batch, model parallel, steps
    r"hd|hs|ah|nl|gas|mbz|mbs|gbs|mp|zero[ -]?stage|micro[ _-]?batch|global[ _-]?batch|grad(?:ient)?[ _-]?accum\w*|"
    r"steps)\b",
    re.IGNORECASE,
)


REVISION_HEAD_RE = re.compile(r"^(?:revision|rev|commit|sha|build|head|git (?:sha|commit))$", re.IGNORECASE)
_SHA_CELL_RE = re.compile(r"^`?[0-9a-f]{7,40}`?$")
KEYED_NUMBER_RE = re.compile(r"^[A-Za-z][\w-]{0,15}\s?=\s?(?P<n>\d[\d,]*(?:\.\d+)?)$")
"""A setting's value written with its flag ("mc=4", "bs=16") in a column whose header names the setting."""
_UNBOUNDED_RE = re.compile(r"^(?:inf|infinity|∞|unlimited)$", re.IGNORECASE)
_PR_HEAD_RE = re.compile(r"^#\d")
_BAR_HEAD_RE = re.compile(r"^(?:old|previous|current|new|updated)\s(?:" + BAR_WORDS + "|baselines?)$", re.IGNORECASE)
_BRACKET_UNIT_RE = re.compile(r"\s?\[[^\[\]]{1,12}\]$")
_STAT_HEADER_RE = re.compile(
    r"^(?:avg|average|mean|median|min|max|minimum|maximum|p\d{1,2}(?:\.\d)?|"
    r"\d{1,2}(?:\.\d)?(?:th|%)? ?(?:pct|percentile)|total|sum)(?: ?\([^()]{1,24}\))?$",
    re.IGNORECASE,
)
# ("Stderr" beside an lm-eval score, "SEM": the standard error of the value column before it, as a spread is its
# standard deviation; row_info tells the two apart)
_SPREAD_HEADER_RE = re.compile(f"^(?:{SPREAD_WORDS}|{STDERR_WORDS})" + r"(?![a-z])", re.IGNORECASE)
# "new_std", "baseline std", "Runs 2-5 Standard Dev."
_SPREAD_TAIL_RE = re.compile(r"(?<=[a-z0-9])[_ ]" + SPREAD_WORDS + "$", re.IGNORECASE)


NO_FIGURE = frozenset(("-", "—", "–", "n/a", "N/A"))


def column_roles(table: Table, title: str = "") -> list[str]:
    """Each column's role; `title` is the PR's title (the side it names is the new one of a ratio's two)."""
    ncols = max([len(table.header)] + [len(r.cells) for r in table.rows])
    roles: list[str] = []
    row_id = row_id_column(table)
    heads = [clean(h) for h in table.header]
    columns = [[clean(r.cells[i]) for r in table.rows if i < len(r.cells)] for i in range(len(heads))]
    # llama-batched-bench's "PP | TG | B", a kernel table's "E" beside "K": settings under a bare letter
    # ("Output" over "64", "128": the run's output length, as in row_info's length columns)
    lengths = length_keys(heads, columns)  # (it reads the cells itself: "~12.5k" under "Context" is a length too)
    bench = {**batched_bench_keys(heads), **expert_columns(heads, columns), **serving_columns(heads, columns)}
    bench.update(lengths)
    first = 1 if numbered_rows(table) else 0
    for ci in range(ncols):
        # "Size [GiB]" is the setting "Size" in its unit: the role is the name's
        head = _BRACKET_UNIT_RE.sub("", clean(table.header[ci])) if ci < len(table.header) else ""
        # ("| - |": a dash where that row has no figure says nothing of what the column holds)
        cells = [c for r in table.rows if ci < len(r.cells) and (c := clean(r.cells[ci])) and c not in NO_FIGURE]
        # ("12/13" needles found of planted, after the rows' names: a score, fraction_cells; not a first column's)
        numeric = sum(is_numeric_cell(c) or (ci > first and fraction_value(c) is not None) for c in cells)
        numeric += _listed_values(table, ci) if ci > first else 0
        if ((abbreviated_setting(head) or ci in bench) and whole_numbers(cells)) or ci in lengths:
            roles.append("config")  # "Con." over "1", "16"; batched-bench's "TG" over "64": the run's setup
            continue
        if head and (_TALLY_HEAD_RE.match(head) or is_workload_label(head)) and whole_numbers(cells):
            # "Valid Predictions | 198": what an eval counted, beside the score it gave; "Processed Prompts | 1000",
            # "Successful requests | 500": the workload a run got through, its size and no result of it
            roles.append("config")
            continue
        if ci >= first and (success_count_column(head, cells) or unread_column(head, cells)):  # ("Job | `55012`")
            roles.append("text")  # "Completed | 700/700": how many requests came back, the row's outcome (a gate)
            continue
        if ci > first and cells and all(_verdict_cell(c) or boolean_outcome(head, c) for c in cells):
            roles.append("text")  # "Match | 16/16 PASS": every cell a verdict on its row's run, never its setup
            continue
        if ci < first:
            roles.append("text")  # "| # |" over 1, 2, 3: the rows' numbers, no setting and no result
            continue
        roles.append(
            _first_role(table, head, cells, numeric) if ci == first else _role(head, cells, numeric, roles[-1], row_id)
        )
    leading_settings(table, roles)
    naming_words(table, roles)  # ("| Context | Kind |" over "~12.5k | chat", "~12.5k | code": the kind is setup)
    _switched_arms(heads, columns, roles)
    _baselines(table, roles, ncols, title)
    return roles


# what a verdict cell holds beside its outcome word: at most the count it passed ("16/16 PASS"), and marks
_VERDICT_REST_RE = re.compile(r"[\s*_`(),:.-]{0,8}(?:\d{1,6} ?/ ?\d{1,6})?[\s*_`(),:.-]{0,8}")


def _verdict_cell(cell: str) -> bool:
    """Whether a cell is a verdict alone ("PASS", "16/16 PASS", "✅"): no figure of the run beside it."""
    found = find_outcome(cell)
    return found is not None and _VERDICT_REST_RE.fullmatch(cell[: found[2]] + " " + cell[found[3] :]) is not None


_OFF_END_RE = re.compile(r"(?<=\w )off\s*$", re.IGNORECASE)
_SIGNED_PCT_RE = re.compile(r"^[*_]{0,2}[+\-−]\d{1,4}(?:\.\d{1,4})?\s?%[*_]{0,2}$")


def _switched_arms(heads: list[str], columns: list[list[str]], roles: list[str]) -> None:
    """ "Baseline | PR off | PR on": the PR with its feature switched off is an arm of the PR, measured against the
    baseline beside it as the arm switched on is, never that arm's reference (its own values would be lost); nor
    where its cells are signed changes ("+2.8%" under "PR off"), each against a baseline the table does not print."""
    offs = [i for i, h in enumerate(heads) if roles[i] == "baseline" and _OFF_END_RE.search(h) and side_of(h) == "head"]
    based = any(r == "baseline" and i not in offs for i, r in enumerate(roles))
    for i in offs:
        if based or (columns[i] and all(_SIGNED_PCT_RE.match(c) for c in columns[i])):
            roles[i] = "value"


_INDEX_HEAD_RE = re.compile(r"^(?:#|no\.?|n°|idx|index)$", re.IGNORECASE)


def numbered_rows(table: Table) -> bool:
    """The first column numbers the rows ("#" over 1, 2, 3) and two more follow: the next one names them."""
    if len(table.header) < 3 or not _INDEX_HEAD_RE.match(clean(table.header[0]).strip(" *`")):
        return False
    firsts = [clean(r.cells[0]).strip(" *`") for r in table.rows if r.cells]
    return bool(firsts) and all(c.isdigit() for c in firsts)


def _first_role(table: Table, head: str, cells: list[str], numeric: int) -> str:
    """The first column's role: it names the row, unless it is a frame's input or measured times."""
    # the first column names the row, unless it is a frame's input ("batch_size | ... " of numbers; a
    # request rate sweep ends at "inf", no limit; "Concurrency" over "mc=4" spells the flag with it)
    unbounded = sum(bool(_UNBOUNDED_RE.match(c)) for c in cells)
    keyed = sum(bool(KEYED_NUMBER_RE.match(c)) for c in cells)
    inputs = (
        bool(head)
        and (
            (" " not in head and is_input_name(head))
            or is_config_label(head)
            or bool(setting_keys(head))
            or bool(_CONFIG_HEADERS_RE.match(head))
        )
        and bool(cells)
        and numeric + keyed + unbounded == len(cells)
        and numeric + keyed > 0
    )
    # "| naive_forward | fused_forward | speedup |" over "| 2.40 | 1.60 | 1.50x |": measured times, no names
    measured = (
        not inputs
        and bool(head)
        and bool(cells)
        and numeric == len(cells)
        and all("." in c for c in cells)
        # ("| Latency (s) | Speed (token/s) |" over "6.00 | 150.00": a measure and its unit, over measured times)
        and (len(table.header) >= 3 or (HEAD_UNIT_RE.search(head) is not None and looks_metric(head)))
    )
    return "config" if inputs else "value" if measured else "label"


def _all_setup_words(cells: list[str]) -> bool:
    filled = [c for c in cells if c.strip()]
    return bool(filled) and all(qualifiers(c) for c in filled)


_SWITCH_CELL_RE = re.compile(r"(?:on|off|yes|no|true|false|enabled?|disabled?|[✓✗✔✘❌✅])$", re.IGNORECASE)


def _role(head: str, cells: list[str], numeric: int, before: str, row_id: bool) -> str:
    """A later column's role, from its header, its cells and the role of the column before it."""
    if cells and REVISION_HEAD_RE.match(head) and all(_SHA_CELL_RE.match(c) for c in cells):
        return "config"  # "| B1: PR | `d062a476...` |": the commit the row was measured on
    if is_acceptance_name(head) and (is_size_unit(unit_of_header(head)) or units_all(cells, is_size_unit)):
        return "config"  # "AR MiB" over "0.88": an all-reduce's message size, the row's setting (no acceptance)
    if product_column(head, cells):
        return "config"  # "TP x EP" over "2x2": the layout the row ran, no part of its name
    if limit_column(head, cells):
        return "config"  # "SLO TPOT" over "< 50ms": the bound every run of the row was held to, no result
    if count_column_key(head) and cells and all(c.isdigit() or c in NO_FIGURE for c in cells):
        return "config"  # "Measured selections" over "4": how many runs the row's result is over, no result
    # ("Olympiad 2024 (Pass@1)" among "QuizSet (EM)", "LongDoc (Acc.)": a name with a year is still a name)
    named = (
        before == "label"
        and not numeric
        and sum(bool(find_numbers(c)) for c in cells) <= len(cells) / 2
        and not any(settings_cell(c) for c in cells)
    )
    key = setup_label_key(head) if cells and numeric < len(cells) / 2 else None
    if (key in NAMED_SETTING_KEYS or (before == "label" and key not in (None, "model"))) and not _sides_alone(cells):
        return "config"  # "WT 1m" under "imatrix", "fp8" under "KV dtype" after a model: the setting its header names
    if cells and numeric < len(cells) / 2 and (named or not any(find_numbers(c) for c in cells)):
        if names_arm(head) and not _sides_alone(cells):
            return "config"  # "exllama" under "kernel" after "gptq | 4": the arm the row ran, wherever it stands
        if _sides_alone(cells) or MEASURE_COLUMN_RE.match(head):
            return "label"  # "| 2 | main | 1.91 |": each row's side; "| 3B | perplexity |" under "Measure": its measure
        if head and all(_SWITCH_CELL_RE.match(c.strip(" *_`")) for c in cells):
            return "config"  # "| Prefix cache | on |": a switch its header names, set on the row's runs
        # words: part of the row's name, or a setting named by its header ("causal | False")
        if (before != "label" or row_id) and head and " " not in head and (row_id or is_input_name(head)):
            return "config"  # after a row's id, its one-word columns are what the id spells out
        if before != "label" and setup_label_key(head) not in (None, "model"):
            return "config"  # "KV dtype | bf16": a setting its header names
        if before != "label" and _all_setup_words(cells):
            return "config"  # "Parallelism | TEP8", "| DEP8": every cell states setup words, whatever the header
        else:
            return "label" if before == "label" else "text"
    elif _BAR_HEAD_RE.match(head) and numeric:
        # "Old threshold | Week avg | New threshold": the bar a run was held to is the reference of what it
        # measured; the bar the PR sets (a new one) is a setting, never a result
        return "config" if _NEW_HEADER_RE.match(head) else "baseline"
    elif cells and any(settings_cell(c) for c in cells) and all(settings_cell(c) or not find_numbers(c) for c in cells):
        return "config"  # "`mtp_nextn=2`, `overlap=True`" under "Parameters": each row's settings
    elif _SPREAD_HEADER_RE.match(head) or _SPREAD_TAIL_RE.search(HEAD_UNIT_RE.sub("", head).strip()):
        return "spread"  # the standard deviation of the value column before it
    elif _STAT_HEADER_RE.match(head):
        return "value"  # avg | min | max | p99: every statistic cell is a result
    elif sided_arrow_column(head, cells) and not WORK_COUNT_HEAD_RE.search(ARROW_SIDES_RE.sub("", head)):
        return "value"  # "Output-limit hits, base → head" over "11 → 14": both sides measured, no setting
    elif (
        (_CONFIG_HEADERS_RE.match(head) or is_config_label(head) or is_input_name(head) or names_setting(head))
        and not swept_setting(head)  # "conc 64" over numbers: results at concurrency 64, not a setting column
        and not _MEASURE_HEAD_RE.search(head)
        and not _weighed(head)
        and not ends_in_rate(head)  # ("Output TPS": a rate, the output's)
        and not (units_all(cells, is_timing_unit) and not _RATE_SETTING_RE.search(head))
        and not _SETTING_HEAD_RE.match(head)
        and not (cells and all(c.endswith("%") for c in cells))
        and not _SIDE_NAME_RE.search(head)
        and not fractions_under_a_count(head, cells)
        and not _PR_HEAD_RE.match(head)
    ):
        # "tokens/sec" opens like "tokens" but is a rate; a "rate" of percentages is measured, not set; "ep+tp
        # branch" names the side a run was measured on, not a setting; "#4605 CuTe DSL at this head" names
        # another PR's build, measured beside this one (a count is "# prompts", never "#4605")
        return "config"
    elif DELTA_HEADER_RE.search(head) and not _BASE_HEADER_RE.match(head):
        return "delta"
    elif arrow_sides(head) is not None:
        # "2.950 -> 2.959" cells: the reference, then the value; "Step count old → new" counts what a run
        # did (its steps, requests), it measures nothing
        return "text" if WORK_COUNT_HEAD_RE.search(ARROW_SIDES_RE.sub("", head)) else "value"
    elif slash_sides(head) is not None:
        return "value"  # "1.07 / 0.98" cells: value and baseline in one
    elif _BASE_HEADER_RE.match(head) or side_core(head.replace("_", " "))[0] == "base":
        return "baseline"
    elif not head and before != "label" and cells and all(_signed_changes(c) for c in cells):
        return "delta"  # "| | main | PR | |" over "... | +8.7% |": the change of the pair before it, no third side
    elif cells and numeric < len(cells) / 2 and all(_machine_cell(c) for c in cells):
        return "config"  # "1 Atlas 800 A3 (64G × 16)" under "note": the machines the row ran on, no result
    elif cells and numeric < len(cells) / 2:
        return "mixed"
    else:
        return "value"


def _listed_values(table: Table, ci: int) -> int:
    """The rows whose cell in the column packs one value for each setting their label lists ("prefill 2K / 8K"
    beside "9 000 / 8 000 t/s"): results, as a column's single values are."""
    return sum(
        1 for r in table.rows if ci < len(r.cells) and packed_numbers(r.cells[ci], len(clean(r.cells[0]).split(" / ")))
    )


def _signed_changes(cell: str) -> bool:
    """ "+8.7%", "**+10.0% / +7.5%**": signed shares alone, one to a setting where the row's label lists several."""
    parts = clean(cell).split(" / ")
    return len(parts) <= 8 and all(_SIGNED_PCT_RE.match(p.strip()) for p in parts)


def _machine_cell(cell: str) -> bool:
    """The cell names the hardware a run used and counts or sizes it at most ("2 Atlas 800 A2 (32G × 8)", "8x
    H100"): every number of it a whole count, a memory size or a multiple, none in a unit of measure (a score
    beside the machine it ran on, "91.84 on H100", is measured)."""
    return (
        "gpu" in qualifiers(cell)
        and _FRACTION_RE.search(cell) is None
        and all(n.unit in (None, "x") or is_size_unit(n.unit) for n in find_numbers(cell))
    )


_FRACTION_RE = re.compile(r"\d[.,]\d")


def _delta_groups(values: list[int], deltas: list[int]) -> list[tuple[list[int], int]]:
    """Each change column with the value columns between it and the change column before it, where every one of
    two or more such groups holds two value columns and no value column stands after the last change; else []."""
    groups: list[tuple[list[int], int]] = []
    start = -1
    for d in deltas:
        groups.append(([v for v in values if start < v < d], d))
        start = d
    if len(groups) < 2 or any(len(g) != 2 for g, _d in groups) or any(v > deltas[-1] for v in values):
        return []
    return groups


def _pair_baseline(table: Table, heads: list[str], values: list[int], deltas: list[int], title: str) -> int | None:
    """Of two value columns of one measure beside a change column, the baseline: the side after "vs" in the
    change's header, the one it does not name, the one no new side names, the one the PR's title does not name
    (title_arms), else the first; None for two measures or a change named after one of them ("PPL | ΔPPL")."""
    if (
        not _same_measure(table, values)
        or _own_deltas(heads, values, deltas)
        or against_a_third(clean(heads[deltas[0]]), clean(heads[values[0]]), clean(heads[values[1]]))
    ):
        return None
    dh = clean(heads[deltas[0]]).lower()
    h0, h1 = (clean(heads[i]).lower() for i in values)
    first_word = lambda h: h.split()[0] if h.split() else h  # noqa: E731
    vs = VS_RE.search(dh)
    w0, w1 = first_word(h0), first_word(h1)
    if vs and w0 and w1 and w0 != w1 and w0 in dh and w1 in dh:
        # "SGLang vs. vLLM Diff": the side after "vs" is the baseline
        return values[1] if dh.find(w1) > vs.start() > dh.find(w0) else values[0]
    if h0 and first_word(h0) in dh and first_word(h1) not in dh:
        return values[1]
    if h1 and first_word(h1) in dh and first_word(h0) not in dh:
        return values[0]
    new_first = _NEW_HEADER_RE.search(h0) or title_named_arm(table, values, title) == 0  # ("Switch to FA3": FA3's)
    return values[1] if new_first and not _NEW_HEADER_RE.search(h1) else values[0]


def _sides_alone(cells: list[str]) -> bool:
    """Every cell names a side, and both sides are there ("main", "PR", "main", "PR"; "this branch", "nightly")."""
    return bool(column_sides(cells))


def _baselines(table: Table, roles: list[str], ncols: int, title: str) -> None:
    """Which value columns are baselines where no header says so: from the deltas, the sides the headers name,
    a reference implementation beside the project's own, a grid's two groups, the stems two columns share, and a
    ratio's named side."""
    release_baseline(table, roles)  # "| vLLM 0.10.2 | vLLM 0.11.0 |": the older release
    # two value columns and a delta column name no baseline: the one the delta does not name is it
    values = [i for i, r in enumerate(roles) if r == "value"]
    deltas = [i for i, r in enumerate(roles) if r == "delta"]
    heads = table.header + [""] * (ncols - len(table.header))  # a row may hold more cells than the header
    if "baseline" not in roles and len(values) == 2 and deltas:
        paired = _pair_baseline(table, heads, values, deltas, title)
        if paired is not None:
            roles[paired] = "baseline"
    if "baseline" not in roles and len(values) > 2:
        vs_baseline(table, roles, values, deltas)
        first_column_base(table, roles)  # "| release-0.6 | + paged KV |" over "48.0 | 55.2 (+15%)"
    if "baseline" not in roles and len(values) > 2 and deltas:
        # "BF16 tok/s | INT4 tok/s | Change | BF16 TPOT | INT4 TPOT | Change": each change column closes its pair
        for pair, delta in _delta_groups(values, deltas):
            paired = _pair_baseline(table, heads, pair, [delta], title)
            if paired is not None:
                roles[paired] = "baseline"
    repeated_sides(table, roles)  # ("STP x | MTP x | STP y | MTP y": STP, the first pair's baseline, is every pair's)
    # "14262 GFLOPS | PR GFLOPS": of two value columns of one metric, the one the new side names is the value
    if "baseline" not in roles and len(values) == 2:
        (s0, c0), (s1, c1) = (side_core(clean(table.header[i]) if i < len(table.header) else "") for i in values)
        c0, c1 = _NUMBER_WORD_RE.sub("", c0).strip(), _NUMBER_WORD_RE.sub("", c1).strip()
        # ("| Cell | PR | control |": the experiment's control arm beside the new side is its baseline)
        if {s0, s1} == {"new", None} and (c0 == c1 or control_label(c1 if s0 == "new" else c0)):
            roles[values[0] if s1 == "new" else values[1]] = "baseline"
    # "| Unfused | Fused |", "| Triton MoE Untuned | Triton MoE Tuned |": the arm without what the other adds
    negated = negated_arm(clean(heads[values[0]]), clean(heads[values[1]])) if len(values) == 2 else None
    if "baseline" not in roles and negated is not None:
        roles[values[negated]] = "baseline"
    # "PyTorch (TFLOPs) | vLLM (TFLOPs)": the reference implementation is the baseline of the project's own
    if "baseline" not in roles and len(values) == 2 and _same_measure(table, values):
        names = [head_without_unit(clean(table.header[i])) if i < len(table.header) else "" for i in values]
        ref = reference_implementation(*names)
        if ref is not None:
            roles[values[ref]] = "baseline"
    # "ours | ours | cublas | cublas" (a header over each group of a grid): the group the new side names is the
    # value, the other group the baseline, column by column
    if "baseline" not in roles and len(values) >= 4:
        names = [clean(table.header[i]) if i < len(table.header) else "" for i in values]
        groups = list(dict.fromkeys(names))
        if len(groups) == 2 and names.count(groups[0]) == names.count(groups[1]):
            sides = [side_core(g)[0] for g in groups]
            if sorted(sides, key=str) == sorted(["new", None], key=str):
                base = groups[1] if sides[0] == "new" else groups[0]
                for i, name in zip(values, names, strict=True):
                    if name == base:
                        roles[i] = "baseline"
    # ("| Task | BF16 | Block FP8 |": the full precision)
    if "baseline" not in roles and not precision_baseline(table, roles):
        stem_baselines(table, roles)
    ratio_baseline(table, roles, title)
    orient_by_deltas(table, roles)  # "With X | Without X | +50%" where the PR removes X
    own_bases_kept(table, roles)  # "tok/s (oob → opt) | gain | TTFT (oob → opt) | gain": each its own reference


def _own_deltas(heads: list[str], values: list[int], deltas: list[int]) -> bool:
    """ "PPL | ΔPPL | KLD": a delta column named after one value column is that column's change (against a
    reference row), so the two value columns are two metrics, not a value and its baseline."""
    names = [clean(heads[i]).lower() for i in values]
    for d in deltas:
        core = " ".join(DELTA_HEADER_RE.sub(" ", clean(heads[d]).lower()).split())
        if core in names:
            other = names[1 - names.index(core)]  # "SGLang | vLLM | SGLang advantage" names sides, not metrics
            if is_accuracy_name(other) or is_acceptance_name(other) or looks_metric(other):
                return True
    return False


# "TP=8 (μs)", "bs=64": a header that gives a setting its value names the run of a value column, it is no
# column of settings
# "Model size, Gb", "Checkpoint size (GB)": what the compressed model weighs, an outcome of the method; "Model size"
# alone (over "7B") or "Model Size (B)" is the model's parameter count, a setting
_WEIGHED_HEAD_RE = re.compile(r"^(?:model|checkpoint|weights?)[ _-](?:file[ _-])?size\b", re.IGNORECASE)


def _weighed(head: str) -> bool:
    return bool(_WEIGHED_HEAD_RE.match(head)) and is_size_unit(unit_of_header(head) or "")


_SETTING_HEAD_RE = re.compile(r"^\s*[A-Za-z_][\w.-]{0,20}\s?=\s?[\w.]{1,20}(?:\s|$)")
_MEASURE_HEAD_RE = re.compile(
    # "Samples / sec / GPU", "Model TFLOP / sec / GPU": a rate however it is spaced ("Tokens" and "Model" alone
    # open a setting's header)
    r"/ ?s(?:ec)?\b|per sec|throughput|latency|ttft|tpot|\bitl\b|\btime\b|speed|saving|usage|utili[sz]ation|"
    # "GPU Memory (GB)", "Max. CPU memory": what a run used, however it names the device ("GPU" is a setting's word)
    r"memory|\bvram\b|footprint|(?<=[a-z] )[x×]$",  # ("gpu x": the GPU's speed-up, "x" its times sign)
    re.IGNORECASE,
)


# "Request rate" over "4 req/s", "QPS": a setting that is itself a rate (any other setting's header over rates, or
# over times below a second, "Prompt" over "3,120 t/s", names a measured column)
_RATE_SETTING_RE = re.compile(r"\brate\b|\b[qr]ps\b", re.IGNORECASE)
_NUMBER_WORD_RE = re.compile(r"(?<![\w.])#?\d+(?![\w.])")


def _same_measure(table: Table, cols: list[int]) -> bool:
    """Two columns print the same kind of number: the same header unit and the same cell unit, and no two measures
    named apart ("TTFT | Change | TPOT | Change": each column a measure of its own)."""
    named = {last_metric_named(clean(table.header[ci])) if ci < len(table.header) else None for ci in cols}
    if len(named) > 1 and None not in named:
        return False
    units = []
    for ci in cols:
        head = clean(table.header[ci]) if ci < len(table.header) else ""
        cell_units = {v[3] for r in table.rows if ci < len(r.cells) and (v := cell_facts(r.cells[ci])[2])}
        units.append((unit_of_header(head), frozenset(cell_units)))
    return units[0] == units[1]
