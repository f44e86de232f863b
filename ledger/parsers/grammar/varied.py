"""What the rows of one table or the result items of one list vary, and the lines that state a result: a key some
rows name and others do not is those rows' own, never the section's or the document's.

    | Run              | tok/s |        H100 is named by every row: it varies nothing and may be the section's;
    | H100, TP2        | 1210  |        TP is named by one row only: that row's, never a setting of the others
    | H100             | 1190  |
"""

from __future__ import annotations

import re
from itertools import pairwise

from ledger.memo import short_text_cache
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.section_results import states_check, unit_measure
from ledger.parsers.reader.blocks import Block, Document, Table
from ledger.vocab.board_counts import counts_boards
from ledger.vocab.doc_tables import documentation_table
from ledger.vocab.metrics import is_acceptance_name, is_accuracy_name, named_benchmark
from ledger.vocab.setup_keys import CHECKPOINT_KEYS
from ledger.vocab.text import has_digit

WORKLOAD_KEYS = frozenset(("isl", "osl", "concurrency", "batch_size"))
"""Keys a section states for its own runs: "2048 input, 256 output, concurrency 32" under "### Perf" is not the
setup of the "### Eval" table above it, where the model and the GPU usually are the same."""


VariedSpan = tuple[int, int, frozenset[str]]
"""A table's or a list's first and last line, and the keys some of its rows (or result items) name and others not."""


def table_spans(doc: Document) -> tuple[set[int], list[VariedSpan], set[int]]:
    """The lines of the tables' body rows, the keys some rows of each table name and others do not (by table, see
    VariedSpan), and the header lines whose columns state setups of their own ("| ISL/OSL | 4 GPUs<br/>TP2,PP2 | 8
    GPUs<br/>TP4,PP2 |": the PP2 both share is those columns' own, not the document's)."""
    lines: set[int] = set()
    spans: list[VariedSpan] = []
    grids: set[int] = set()
    for b in doc.blocks:
        if b.kind != "table" or b.end <= b.start or (b.table is not None and _states_one_run(b.table)):
            continue  # (boards and their compute capability, an API's reference, "| Item | Value |": nothing varies)
        if b.table is not None and _columns_own_setup(b.table.header):
            grids.add(b.start)
        counts: dict[str, int] = {}
        rows = 0
        for no in range(b.start + 1, b.end + 1):
            lines.add(no)
            text = doc.line(no)
            if not text.strip(" |:-\t"):
                continue  # the rule under the header
            rows += 1
            for k in line_setup(text[:2000]):
                counts[k] = counts.get(k, 0) + 1
        if varied := frozenset(k for k, n in counts.items() if n < rows):
            spans.append((b.start, b.end, varied))
    return lines, spans, grids


_VALUE_COLUMN_RE = re.compile(r"^[\s*_`]{0,4}values?[\s*_`]{0,4}$", re.IGNORECASE)


def _states_one_run(table: Table) -> bool:
    """A table that documents (compute capabilities, an API's reference) or lists one run's settings ("| Item | Value
    |" over "| Topology | 1P2D PD-disaggregation |"): each row names another key, no key varies across runs in it."""
    head = table.header
    return documentation_table(head) or (len(head) == 2 and _VALUE_COLUMN_RE.match(head[1]) is not None)


# a list item that states a result: a benchmark's name, or a number in a unit of measure ("GSM8K: 0.8812",
# "Decode: 41.2 tok/s")
# (seconds in lower case only: a capital "S" after digits ends a part number, "Xeon Gold 6454S", no duration)
_ITEM_RESULT_RE = re.compile(
    r"\d(?:\.\d+)?\s?(?:ms|us|µs|(?-i:s)|tok/s|tokens/s|t/s|req/s|it/s|GB/s|TB/s|TFLOPS|%|x)(?![\w/])", re.IGNORECASE
)


def table_titles(doc: Document) -> frozenset[int]:
    """The short lines that title the table right under them ("Orin Results" over a copy's tab-separated table, its
    heading lost): what they state is that table's setup (its lead-in scope), not the section's."""
    blocks = doc.blocks
    return frozenset(
        b.start
        for b, nxt in pairwise(blocks)
        if b.kind == "text"
        and not b.in_code
        and b.start == b.end
        and len(b.text) <= 40
        and not b.text.rstrip().endswith(".")
        and nxt.kind == "table"
        and nxt.start - b.end <= 2
    )


@short_text_cache(4096)  # the document default and list_spans both ask it of every list item
def states_result(text: str) -> bool:
    return bool(
        any(_stands_alone(text, m) for m in _ITEM_RESULT_RE.finditer(text))  # (not "MI300X"'s "0X", "2x H100")
        or unit_measure(text)  # ("Achieved 120 tps": a whole number in any unit of rate or time the vocabulary knows)
        or (has_digit(text) and (named_benchmark(text) or is_accuracy_name(text) or is_acceptance_name(text)))
        or states_check(text)  # ("Clean SM100 build: passed.": a check's outcome, its board its own)
    )


def states_value(text: str) -> bool:
    """A sentence states a measured value: a number standing on its own (not the digits of "MI325X" or "40B") in a
    unit of measure, or a decimal beside a benchmark's or a score's name ("where MMLU reaches 79.1"). A count ("our
    2 fixes"), a PR number or a name's digits state none."""
    text = text[:2000]
    if unit_measure(text) or any(_stands_alone(text, m, counted=True) for m in _ITEM_RESULT_RE.finditer(text)):
        return True
    return _DECIMAL_RE.search(text) is not None and bool(
        named_benchmark(text) or is_accuracy_name(text) or is_acceptance_name(text)
    )


# (opening with its digit and looking behind it after: the engine skips to digits instead of trying the look-behind at
# every character)
_DECIMAL_RE = re.compile(r"\d(?<![\w.]\d)\d{0,8}\.\d{1,9}\b")


def _stands_alone(text: str, m: re.Match[str], counted: bool = False) -> bool:
    """Whether the number of the measure `m` stands on its own: no letter glued before its digits, and (unless
    `counted` may stand) no count of the boards named after it ("- On 2x H100 TP=2": a plan's item counts two
    boards and reports no speedup; vocab.board_counts). A sentence's "on 4x MI355X" stays a measuring line: the
    section readers count its results by it where their unit ("tok/s/GPU") goes unread."""
    at = m.start()
    if not counted and counts_boards(text, at, m.end()):
        return False
    while at > 0 and (text[at - 1].isdigit() or text[at - 1] in ".,"):
        at -= 1
    return at == 0 or not text[at - 1].isalpha()


def list_spans(doc: Document) -> list[VariedSpan]:
    """The keys some result items of each list name and others do not, as a table's rows would ("- Qwen3.5 DP4EP4
    AIME25: 0.90" beside "- Kimi K2.5 EAGLE3 B200 AIME25: 0.93": DP4 is the first run's, EAGLE3 and B200 the
    second's, none the document's). A list of settings ("- GPU: H100") states no result and varies nothing."""
    spans: list[VariedSpan] = []
    run: list[Block] = []
    for b in [*doc.blocks, None]:
        if b is not None and b.kind == "item" and not b.in_code and (not run or b.level == run[0].level):
            run.append(b)
            continue
        rows = [r for r in run if states_result(r.text[:300])]
        if len(rows) > 1:
            counts: dict[str, int] = {}
            values: dict[str, set[str]] = {}
            for r in rows:
                for k, v in line_setup(r.text[:2000]).items():
                    counts[k] = counts.get(k, 0) + 1
                    values.setdefault(k, set()).add(v.lower())
            # (an item silent on the checkpoint runs the PR's: "- Add an accuracy test for DSR1 NVFP4 (gsm8k 94.24)"
            # beside "- Achieved 120 tps ... at B200x4" varies the board and the load, not the model)
            varied = frozenset(
                k for k, n in counts.items() if (n < len(rows) and k not in CHECKPOINT_KEYS) or len(values[k]) > 1
            )
            if varied:
                spans.append((rows[0].start, rows[-1].end, varied))
        run = [b] if b is not None and b.kind == "item" and not b.in_code else []
    return spans


def _columns_own_setup(header: list[str]) -> bool:
    """Whether a table's header cells state setups of their own: two that differ, or one column's that the other
    named columns do not state ("| | **fp8** | - | **Wint4Afp8** |": the fp8 is that arm's, not the document's)."""
    setups = [line_setup(h[:300]) for h in header[1:] if h.strip(" -*")]
    named = {tuple(sorted(s.items())) for s in setups} - {()}
    # ("| batch | 4K ctx speedup |": a length a column is measured at is that column's, however few they are)
    return (
        len(named) > 1
        or (len(named) == 1 and len(setups) > 1 and any(not s for s in setups))
        or any(WORKLOAD_KEYS & s.keys() for s in setups)
    )
