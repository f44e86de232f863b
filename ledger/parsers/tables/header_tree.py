"""A table's header as a tree: the rows under the printed header that are header too.

Markdown has one header row, so a table of several prints the others as its first body rows:

    | Concurrency | Mean TTFT (ms) |       | Change | Output tok/s |       | Change |
    |             | Before         | After |        | Before       | After |        |

    | Model       | H200 |   | B200 |   |
    | TP Size     | 4    | 8 | 4    | 8 |

A blank header cell, or one holding a filler mark ("-", "″"), continues the group named to its left. A first
body row whose cells are all side words ("Before", "After", "Δ") or setting words ("TP4", "FP8") names the
sub-columns: each joins its group's name ("Mean TTFT Before (ms)"), so the sides pair as they do in a one-row
header. A leading row whose label is a setting ("TP Size", "ISL", "Concurrency") gives each column's setup.
Neither kind of row holds results: both leave the body, and the settings become `Table.column_setup`.
"""

from __future__ import annotations

import itertools
import re

from ledger.parsers.reader.blocks import Row, Table
from ledger.parsers.tables.cells import clean, is_filler, is_numeric_cell
from ledger.parsers.tables.headers import (
    ARROW_SIDES_RE,
    arrow_sides,
    head_without_unit,
    looks_metric,
    side_core,
    unit_of_header,
)
from ledger.parsers.tables.setting_keys import setting_keys, setup_key
from ledger.parsers.tables.title_blocks import fold_title_blocks
from ledger.parsers.tables.wrapped_halves import unfold_halves
from ledger.vocab.counted_tasks import count_cell
from ledger.vocab.doc_tables import documentation_table
from ledger.vocab.setting_heads import gemm_dim_key, length_value, whole_numbers
from ledger.vocab.setup import config_key, is_config_label, model_names, qualifiers
from ledger.vocab.setup_keys import canonical_key_name
from ledger.vocab.support import value_of_mark

SIDE_CELL_RE = re.compile(
    r"^(?:before|after|baseline|base|main|master|original|this pr|pr|new|old|ours|candidate|proposed|patched|"
    r"ref(?:erence)?|"
    r"Δ|delta|diff|change|improvement|speed-?up|gain|ratio|with|without|w/o|w/|upstream|branch|%)$",
    re.IGNORECASE,
)
_DELTA_WORD_RE = re.compile(r"(?:Δ|delta|diff|change|improvement|speed-?up|gain|ratio|%)", re.IGNORECASE)
MAX_SUB_ROWS = 3
_MAX_LABEL_COLS = 3
"""Row-label columns a stacked header leaves empty before its key cells ("| | | **GPU** | H200 |")."""


def _head(cell: str) -> str:
    """A header cell's name; "" for a blank one or a dash placeholder ("| **fp8** | - |": the arm to its left
    spans the column)."""
    name = clean(cell)
    return "" if is_filler(name) else name


def _sub_header_row(row: Row, header: list[str]) -> bool:
    """Side or setting words under a header that leaves cells blank for them to fill."""
    cells = [clean(c) for c in row.cells]
    words = [c for c in cells[1:] if c]
    if len(words) < 2 or any(is_numeric_cell(c) for c in words):
        return False
    heads = [_head(h) for h in header[1:]]
    # blank cells continue a group; so does a group's name printed over each of its columns
    if not any(not h for h in heads) and not any(a == b for a, b in itertools.pairwise(heads)):
        return False
    return all(SIDE_CELL_RE.match(c) or (len(c) <= 24 and _cell_settings(c)) for c in words)


_KEY_VALUE_RE = re.compile(r"^(?P<key>[A-Za-z][\w.-]{0,24})\s?=\s?(?P<value>[\w.+-]{1,20})$")
_DASH_RE = re.compile(r"^(?:[-—–]{1,3}|n/?a)$", re.IGNORECASE)
"""A cell saying no value stands there ("—" under a change column, "n/a"): no setting of its column."""


def _cell_settings(cell: str) -> dict[str, str]:
    """The settings a sub-header cell names: setup words ("TP4", "FP8"), or one "key=value" as a launcher spells
    it ("dp-size=2": dp 2)."""
    found = qualifiers(cell)
    m = _KEY_VALUE_RE.match(cell)
    if found or m is None:
        return found
    return {canonical_key_name(config_key(m.group("key"))): m.group("value")}


def _settings_row(row: Row, kernel: bool = False) -> tuple[str, int] | None:
    """The setup key of a leading row that sets one per column ("TP Size | 4 | 8 | 4 | 8"), and the column of
    its label: the first, or the second under an empty first (a vendor's grid: "| | TP Size | 1 | 2 |"); `kernel`:
    the header sweeps a kernel's dimension ("| M | 32 | 128 |"), so a row of another is one too."""
    cells = [clean(c) for c in row.cells]
    # the label stands after the empty cells over the row-label columns ("| | | **Precision** | FP8 | FP8 |")
    at = next((i for i, c in enumerate(cells[: _MAX_LABEL_COLS + 1]) if c), 0)
    # ("| N | 4096 | 4096 |" under "| M | 32 | 128 |": a kernel's other dimension, fixed across the sweep)
    dim = gemm_dim_key(cells[at]) if kernel and cells and whole_numbers([c for c in cells[at + 1 :] if c]) else None
    if not cells or not (is_config_label(cells[at]) or setup_key(cells[at]) or dim):
        return None
    key = setup_key(cells[at]) or dim
    values = [c for c in cells[at + 1 :] if c]
    # one value is a "label | value" pair, unless the label stands right of the row-label column, as a grid of one
    # value column prints it ("| | TP Size | 4 |")
    if key is None or len(values) < (1 if at else 2) or any(len(v) > 40 for v in values):
        return None
    if sum(map(_names_a_column, values)) * 2 >= len(values):
        return None  # "| Model | Batch Size | Tokens/sec | Speedup |": the columns' names, printed under a group row
    if any(value_of_mark(v[:1]) is not None for v in values):
        return None  # "| CP | ✅ | ❌ |": a support matrix's row of a feature named like a setting; a mark sets nothing
    return key, at


def _names_row(cells: list[str]) -> bool:
    """A row of names: every cell filled, none a number."""
    names = [clean(c) for c in cells]
    return len(names) >= 2 and all(names) and not any(is_numeric_cell(c) for c in names)


def _names_a_column(cell: str) -> bool:
    """A cell that names a column rather than a setting's value: a setting's own name, a measure, a unit; not a
    number with its unit ("16tokens" under "Output length": the length, which no column is named by)."""
    if cell[:1].isdigit():
        return False
    return bool(is_config_label(cell) or setup_key(cell) or looks_metric(cell) or unit_of_header(f"({cell})"))


_KEY_LIST_RE = re.compile(r"\s?[,/&]\s?|\s(?:and|x)\s")


def _names_value_of(key: str, text: str) -> bool:
    """Whether a header cell is a value of `key` ("H200 141GB HBM3" of gpu, "Llama 3.3 70B" of model)."""
    return bool(model_names(text)) if key == "model" else key in qualifiers(text)


def _row_keys_row(row: Row) -> list[str] | None:
    """A row that names, in its first cells alone, the setup keys of the row labels under it ("| ISL, OSL | | |"
    over "| 128, 128 | ... |", "| **Model** | **Input/Output Lengths** | **TP Size** | | |"): the label columns'
    headers, printed as a body row."""
    cells = [clean(c) for c in row.cells]
    named = next((i for i, c in enumerate(cells) if not c), len(cells))
    if len(cells) < 3 or not 1 <= named <= _MAX_LABEL_COLS or any(cells[named:]):
        return None
    if named == 1:
        parts = [p for p in _KEY_LIST_RE.split(cells[0].rstrip(":")) if p]
        keys = parts and (all(setup_key(p) for p in parts) or setting_keys(cells[0]))
        return cells[:1] if len(cells[0]) <= 40 and keys else None
    return cells[:named] if all(len(c) <= 40 and setting_keys(c) for c in cells[:named]) else None


def _label_column_free(header: list[str]) -> bool:
    """The header's first cell names no column of rows: it is blank, or it labels the header row itself as a
    settings row's label does ("| GPU: | | B200 | |" over "| TP Size | | 4 | 8 |"), so a row of keys under it may
    name the row labels."""
    first = clean(header[0]) if header else ""
    return not first or setup_key(first.rstrip(":")) is not None


def _continue_labels(table: Table, cols: int) -> None:
    """Label cells left empty under a stacked header continue the row above ("| Llama 3.3 70B | 128/128 | 4 |"
    then "| | 2048/128 | 4 |"): a row span, as a rendered page prints it."""
    above: list[str] = []
    for row in table.rows:
        if not any(is_numeric_cell(c) for c in row.cells[cols:]):
            continue
        fresh = False  # a cell that starts a new span ends the spans right of it
        for ci in range(min(cols, len(row.cells), len(above))):
            if clean(row.cells[ci]):
                fresh = True
            elif not fresh:
                row.cells[ci] = above[ci]
        above = list(row.cells[:cols])


def _groups(header: list[str]) -> list[str]:
    """Each column's group: its own header, or for a blank one the nearest named column to its left (not the
    row-name column)."""
    out: list[str] = []
    for ci, h in enumerate(header):
        h = _head(h)
        out.append(h if h or ci < 2 else out[-1])
    return out


def _join(group: str, sub: str) -> str:
    """ "Mean TTFT (ms)" + "Before" -> "Mean TTFT (ms), Before" (the measure, then its side: see side_free); a
    delta word follows the bare metric ("Mean TTFT Change")."""
    if _DELTA_WORD_RE.match(sub):
        return f"{head_without_unit(group)} {sub}".strip()
    return f"{group}, {sub}" if group else sub


_METRIC_SIDE_RE = re.compile(r"^(?P<metric>.{1,60}?),[ \t]?(?P<side>[\w ]{1,12})$")
# "mean TPOT before | after | Δ": the measure, then the base side's word, with no comma
_METRIC_BASE_WORD_RE = re.compile(
    r"^(?P<metric>[^,]{1,60}?)[ \t](?P<side>before|baseline|base|main|master|old|original)$", re.IGNORECASE
)


def side_free(head: str) -> str:
    """ "decode tok/s, candidate" -> "decode tok/s": the measure a "metric, side" header names."""
    m = _METRIC_SIDE_RE.match(head)
    return m.group("metric").strip() if m and SIDE_CELL_RE.match(m.group("side").strip()) else head


def _name_side_columns(header: list[str]) -> list[str]:
    """ "decode tok/s, baseline | candidate": a column headed by a side word alone measures the metric the
    header to its left names with its own side."""
    out = list(header)
    for ci in range(2, len(out)):
        word = clean(out[ci])
        prev = clean(out[ci - 1])
        m = _METRIC_SIDE_RE.match(prev)
        if m is None and (bm := _METRIC_BASE_WORD_RE.match(prev)) and looks_metric(bm.group("metric")):
            m = bm  # ("Current main | This PR": "Current" measures nothing)
        if m and SIDE_CELL_RE.match(word) and not _DELTA_WORD_RE.match(word) and SIDE_CELL_RE.match(m.group("side")):
            out[ci] = f"{m.group('metric')}, {word}"
    for ci in range(2, len(out)):
        prev = clean(out[ci - 1])
        measure = ARROW_SIDES_RE.sub("", prev).strip(" ,;:") if arrow_sides(prev) else side_free(prev)
        if _DELTA_WORD_RE.fullmatch(clean(out[ci])) and measure != prev and measure:
            # "mean ITL (ms), a -> b | delta": the change of that measure
            out[ci] = f"{head_without_unit(measure)} {clean(out[ci])}"
    return out


_DASHES_RE = re.compile(r"^:?-{1,40}:?$")
_BANNER_SIDES_RE = re.compile(r"\(\s?(?P<a>[^()/]{1,30}?)\s?/\s?(?P<b>[^()/]{1,30}?)\s?\)[\s:]{0,3}$")
_RULE_LINE_RE = re.compile(r"^[\s=*#-]*$")


def _banner_sides(header: list[str], above: list[str]) -> list[str] | None:
    """ "PERFORMANCE OVERVIEW ( main / ep+tp branch)" over a table whose header is dashes ("-- | -- | --") or
    was a first row of values (a rendered copy drops the dashes): the banner names the two value columns, in
    order, and so their sides."""
    if len(header) != 3 or not (all(_DASHES_RE.match(clean(h)) for h in header) or _values_row(header)):
        return None
    for line in above:
        if _RULE_LINE_RE.match(line):
            continue  # the "=====" around a console banner, blank lines
        m = _BANNER_SIDES_RE.search(line.strip())
        if m is None:
            return None
        a, b = m.group("a").strip(), m.group("b").strip()
        if side_core(a)[0] is None and side_core(b)[0] is None:
            return None
        return ["", a, b]
    return None


def _pipes(line: str) -> list[int]:
    return [i for i, ch in enumerate(line) if ch == "|"]


def _spanning_groups(header: list[str], header_text: str, above: list[str]) -> list[str] | None:
    """A console table's group row over its header ("|  PP | S_PP t/s |" over "|  | original | this pr |"), each
    group cell as wide as the columns under it, so its borders stand on theirs: each column's name is its group's,
    joined with its own ("S_PP t/s, original"). None where the line above is no such row."""
    if not above or not any(not _head(h) for h in header) or len(above[0]) > 2000 or len(header_text) > 2000:
        return None
    up, low = _pipes(above[0]), _pipes(header_text)
    if len(up) < 3 or len(low) != len(header) + 1 or len(up) >= len(low) or not set(up) <= set(low):
        return None
    names = [clean(above[0][a + 1 : b]) for a, b in itertools.pairwise(up)]
    if not any(names) or any(is_numeric_cell(n) for n in names if n):
        return None
    out: list[str] = []
    for k, h in enumerate(header):
        # a column outside the group row's borders (the row starts or ends further in) has no group
        j = next((i for i in range(len(up) - 1) if up[i] <= low[k] and low[k + 1] <= up[i + 1]), None)
        group, sub = names[j] if j is not None else "", _head(h)
        out.append(_join(group, sub) if sub and group else sub or group)
    return out


def _values_row(cells: list[str]) -> bool:
    """A name and values ("Total Latency (ms): | 262159.4 | 260907.7"), not a header of names."""
    return bool(clean(cells[0])) and all(is_numeric_cell(c) for c in cells[1:])


def build_header_tree(table: Table, above: list[str] | None = None, header_text: str = "") -> None:
    """Fold the header rows printed as body rows into the header and the column setup (see the module doc);
    `above` is the lines above the table, nearest first (a banner may name its columns)."""
    if table.headless or len(table.header) < 3 or documentation_table([clean(h) for h in table.header]):
        return  # (an option reference's rows are options, "`--dp-size` | int | Yes": none is a header row)
    unfold_halves(table)  # ("| Pair | Delta | Pair | Delta |": one table printed in two halves side by side)
    if not any(_head(h) for h in table.header) and table.rows and _names_row(table.rows[0].cells):
        # "| | | | |" over "| **Model** | **Input Prompt Length** | ...": the names, printed as the first row
        table.header, table.rows = [clean(c) for c in table.rows[0].cells], table.rows[1:]
    else:  # "| H100/8B/TP1 | | |" over "| ISL-OSL | before tok/s | after tok/s |": a title over each block
        fold_title_blocks(table, header_text)
    named = _banner_sides(table.header, above or [])
    if named is not None:
        if _values_row(table.header):
            table.rows = [Row(table.header_line, list(table.header), header_text), *table.rows]
        table.header = named
        table.banner_sides = (named[1], named[2])
        return
    if not table.rows:
        return
    spanned = _spanning_groups(table.header, header_text, above or [])
    if spanned is not None:
        table.header = spanned
    table.header = _name_side_columns(table.header)
    k = 0
    sub: list[str] | None = None
    setup: list[dict[str, str]] = [{} for _ in table.header]
    label_head: list[str] = []
    kernel = bool(table.header) and gemm_dim_key(clean(table.header[0])) is not None
    while k < min(MAX_SUB_ROWS + 1, len(table.rows) - 1):
        row = table.rows[k]
        if len(row.cells) != len(table.header):
            break
        if sub is None and _sub_header_row(row, table.header):
            sub = [clean(c) for c in row.cells]
            if not any(SIDE_CELL_RE.match(w) for w in sub[1:] if w):
                # "| | tp=1 | tp=2 | tp=1 |" under the arms: settings name each column's run, not its side; the
                # column keeps its arm's name
                for ci, w in enumerate(sub[1:], start=1):
                    setup[ci].update(_cell_settings(w))
                groups = _groups(table.header)
                table.header_parts = [(groups[ci] if w else "", w or groups[ci]) for ci, w in enumerate(sub)]
                sub = [""] * len(sub)
        elif not label_head and _label_column_free(table.header) and (names := _row_keys_row(row)) is not None:
            label_head = names  # (before the settings rows: "| Model | Input/Output Lengths | TP Size | |" sets none)
        elif (found := _settings_row(row, kernel)) is not None:
            key, at = found
            for ci, c in enumerate(row.cells[at + 1 :], start=at + 1):
                if clean(c) and not _DASH_RE.match(clean(c)):  # (a change column's "—" under it sets nothing)
                    # ("| Output length | 16tokens |": the length in tokens)
                    said = count_cell(clean(c)) if key == "samples" else {key: length_value(key, "", clean(c))}
                    setup[ci].update(said)
        else:
            break
        k += 1
    if k == 0:
        return
    groups = _groups(table.header)
    header = list(table.header)
    # the header's key cell: its first, or the first after the empty cells over the label columns
    hk = next((i for i, h in enumerate(header[: _MAX_LABEL_COLS + 1]) if clean(h)), 0)
    head_key = setup_key(clean(header[hk]).rstrip(":")) if any(setup) else None
    named = [g for g in groups[hk + 1 :] if g]
    if head_key is not None and named and all(_names_value_of(head_key, g) for g in named):
        # "| GPU | H100 | | H200 | |" over "| TP | 1 | 2 | 1 | 2 |": the header's first cell labels the header
        # row as the settings rows under it are labelled, so each group is a value of that key, and the row
        # labels below are something else (their own key, from a row like "| ISL, OSL | | |", or none)
        for ci in range(hk + 1, len(header)):
            if groups[ci]:  # "H200 141GB HBM3" is the H200 (its spelling stays in the column's name)
                setup[ci].setdefault(head_key, qualifiers(groups[ci]).get(head_key, groups[ci]))
        header[: hk + 1] = (label_head + [""] * (hk + 1))[: hk + 1]
    elif label_head:
        header[: len(label_head)] = label_head
    if len(label_head) > 1:
        _continue_labels(table, len(label_head))
    for ci in range(max(1, len(label_head)), len(header)):
        word = sub[ci] if sub is not None and ci < len(sub) else ""
        if word:
            header[ci] = _join(groups[ci], word)
        elif not _head(header[ci]):
            header[ci] = groups[ci]
        elif (
            sub is not None
            and _DELTA_WORD_RE.match(clean(header[ci]))
            and ci > 1
            and groups[ci - 1] != groups[ci]
            and not clean(table.header[ci - 1])
        ):
            header[ci] = _join(groups[ci - 1], clean(header[ci]))  # "Change" after a group is that group's
    table.header = header
    table.rows = table.rows[k:]
    if any(setup):
        table.column_setup = setup
