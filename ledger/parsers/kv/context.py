"""What the lines around a printed value say about it: a baseline beside it, an accuracy above it, the
section banner and the heading it stands under, the document's end cutting it short.

    Baseline (non-speculative): 215.84 s     <- the reference of the value below with the same unit
    With speculation: 101.12 s
    = ENGINE DETAILS                         <- every value under this banner is a setting
    -- Request Latency Breakdown (ms) ---    <- the unit of the bare values under this sub-header
    ChartQA                                  <- a benchmark named alone atop a paste: its keys are its scores
        "relaxed_correctness": 0.81,
    Loading GSM8K Platinum dataset ...       <- the data the scores under it were measured on: their task
    Accuracy: 0.849
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.grammar.pairs import Pair, pairs_in
from ledger.parsers.grammar.unit_labels import header_unit, label_unit
from ledger.parsers.kv.labels import is_baseline_label, measured, same_measure, side_named_measure
from ledger.parsers.kv.siblings import sibling_label
from ledger.parsers.reader.document import Block
from ledger.vocab.metrics import kind_for_metric, named_benchmark
from ledger.vocab.word_gate import WordGate

_MEMO = "kv_lines.banners"
"""The ctx.memo slot that holds a document's banner lines, found once."""


def heading_above(block: Block, ctx: Context) -> list[str]:
    """The heading a block's results are of; not the PR title (it names the change, "improve the moe kernel",
    not what a value under it measures)."""
    if not block.section:
        return []
    first = ctx.doc.blocks[0] if ctx.doc.blocks else None
    if (
        len(block.section) == 1
        and first is not None
        and first.kind == "heading"
        and first.level <= 1
        and first.text.strip() == block.section[0].strip()
    ):
        return []
    return list(block.section[-1:])


def block_section(block: Block, ctx: Context) -> str:
    """What a block's results are of: the heading above, and the line that introduces the block ("gpqa, 4 runs:").
    Asked where a claim's kind is read, not for every block handed to the reader (most of which claim nothing)."""
    return " ".join([*heading_above(block, ctx), ctx.lead_in(block)]).strip()


def baseline_before(ctx: Context, line: int, unit: str | None, label: str) -> float | None:
    """A "Baseline …: 215.84 s" on one of the two lines above, with the same unit, for the value labelled `label`."""
    for back in (1, 2):
        prev = ctx.doc.line(line - back)
        if not prev.strip():
            continue
        pairs = [p for p in pairs_in(prev) if p.value is not None]
        if (
            len(pairs) == 1
            and is_baseline_label(pairs[0].label)
            and _unit_of(pairs[0]) == unit
            and _same_brackets(pairs[0].label, label)
            and _of_measure(pairs[0].label, label)
        ):
            return pairs[0].value  # a line of its own: "Baseline (non-speculative): 215.84 s"
        break
    return None


def paired_later(ctx: Context, no: int, text: str, base: Pair, unit: str | None, code: bool) -> bool:
    """A value with the baseline's unit follows it, on its line or on the next line (which pairs with it; `code`:
    the lines are tool output, where any name labels a result)."""
    if any(q.value is not None and q.label_start > base.end and _unit_of(q) == unit for q in pairs_in(text)):
        return True
    for k in (no + 1, no + 2):
        nxt = ctx.doc.line(k)
        if nxt.strip():
            pairs = [q for q in pairs_in(nxt) if q.value is not None]
            return (
                len(pairs) >= 1
                and _unit_of(pairs[0]) == unit
                and not is_baseline_label(pairs[0].label)
                and _same_brackets(base.label, pairs[0].label)
                and _of_measure(base.label, pairs[0].label)
                # ("- baseline: 61.2" over "- new: 60.9" in prose: no measure names either, so no reader of output
                # claims the next value to take this one; the list's readers pair them, prose.baseline_items)
                and (unit is not None or code or measured(pairs[0].label) or measured(base.label))
            )
    return False


def _of_measure(base: str, label: str) -> bool:
    """A baseline that names its measure before its side's bracket is the base of that measure's values alone:
    "Mean PPL(base)" of "Mean PPL(Q)", never of the "Mean KLD" under it."""
    return side_named_measure(base) is None or same_measure(base, label)


def _same_brackets(a: str, b: str) -> bool:
    """Two rows' labels do not end in brackets naming two measures: "Baseline (Decode)" is never the baseline of
    "Merged (TTFT)", while "Baseline (non-speculative)" over "With speculation" still is of that."""
    if not (a.endswith(")") and b.endswith(")")):
        return True
    return a[a.rfind("(") :].lower() == b[b.rfind("(") :].lower()


def _unit_of(p: Pair) -> str | None:
    unit = label_unit(p.label, p.unit) or p.unit
    return normalise_unit(unit) if unit else None


def accuracy_above(ctx: Context, line: int) -> bool:
    """The nearest line above with pairs (within two) prints an accuracy ("Accuracy: 0.950")."""
    for back in (1, 2):
        prev = ctx.doc.line(line - back)
        if not prev.strip():
            continue
        pairs = pairs_in(prev)
        if not pairs and _BARE_RE.fullmatch(prev):  # "0.952" whose sibling side block prints "Accuracy: 0.951"
            label = sibling_label(ctx, line - back)
            return label is not None and kind_for_metric(label) == "accuracy"
        return any(p.value is not None and kind_for_metric(p.label) == "accuracy" for p in pairs)
    return False


_BARE_RE = re.compile(r"\s*[-+]?\d+\.\d+\s*")


# trtllm-bench section banners: "= ENGINE DETAILS", "= PERFORMANCE OVERVIEW"; sub-headers carry a unit:
# "-- Request Latency Breakdown (ms) ----"
_BANNER_RE = re.compile(r"^\s*=+\s+(?P<title>[A-Za-z][A-Za-z0-9 +/()&,.-]{2,60}?)\s*=*\s*$")
# the other way to print a banner: its title alone on a line between two rules of "="
_RULE_RE = re.compile(r"^\s*={3,}\s*$")
_TITLE_RE = re.compile(r"^\s*(?P<title>[A-Za-z][A-Za-z0-9 +/()&,.-]{2,60}?)\s*$")
_SUBHEAD_RE = re.compile(r"^\s*-{2,}\s*(?P<title>[A-Za-z][^-]{2,60}?)\s*-{3,}\s*$")
_CONFIG_BANNER_RE = WordGate(
    re.compile(
        r"engine|runtime|request details|dataset|settings|config|world|backend|environment|"
        r"arguments|parameters",
        re.IGNORECASE,
    )
)
BANNER_LOOKBACK = 60


def _banner_index(ctx: Context) -> tuple[list[int], dict[int, tuple[bool, str]]]:
    """The document's banner and sub-header lines, found once: (line numbers in order, line -> (is a
    sub-header, title))."""
    index = ctx.memo.get(_MEMO)
    if index is None:
        found: dict[int, tuple[bool, str]] = {}
        for no, text in enumerate(ctx.doc.lines, start=1):
            if "--" in text:  # a sub-header is "--" dashes around its title
                sm = _SUBHEAD_RE.match(text)
                if sm:
                    found[no] = (True, sm.group("title"))
                    continue
            if "=" in text:  # a banner starts with "="
                bm = _BANNER_RE.match(text)
                if bm:
                    found[no] = (False, bm.group("title"))
                elif no > 2 and _RULE_RE.match(text) and _RULE_RE.match(ctx.doc.line(no - 2)):
                    tm = _TITLE_RE.match(ctx.doc.line(no - 1))
                    if tm:
                        found[no - 1] = (False, tm.group("title"))
        index = ctx.memo[_MEMO] = (list(found), found)
    return index


def section_banner(ctx: Context, line: int) -> tuple[bool, str | None]:
    """(inside a configuration section, the unit of the nearest sub-header) for a line of bench output."""
    unit: str | None = None
    marks, found = _banner_index(ctx)
    low = max(0, line - BANNER_LOOKBACK)  # the lines above, back to (not including) `low`
    for j in range(bisect.bisect_left(marks, line) - 1, -1, -1):
        k = marks[j]
        if k <= low:
            break
        is_sub, title = found[k]
        if is_sub:
            if unit is None:
                unit = header_unit(title)
            continue  # a sub-header line is never a banner (one starts with "-", the other with "=")
        return bool(_CONFIG_BANNER_RE.search(title)), unit
    return False, unit


def cut_short(ctx: Context, no: int, text: str, p: Pair) -> bool:
    """The document ends inside this value ("latency: 0" where the lines above print "0.11220 s")."""
    if p.unit is not None or p.end < len(text.rstrip()):
        return False
    if any(map(str.strip, ctx.doc.lines[no:])):  # (the lines after line `no`)
        return False
    prev = ctx.doc.line(no - 1)
    return any(q.label == p.label and q.unit is not None for q in pairs_in(prev))


_BENCH_TITLE_RE = re.compile(r"^\s{0,8}[A-Za-z][\w.-]{1,30}(?: [\w.-]{1,20}){0,2}\s*$")


def benchmark_title(ctx: Context, start: int, end: int) -> str | None:
    """The benchmark a paste names alone on its first line ("ChartQA" over '"relaxed_correctness": 0.81,'): each
    key under it, however it is spelled, is one of its scores."""
    for no in range(start, min(end, start + 2) + 1):
        text = ctx.doc.line(no)
        if text.lstrip().startswith(("```", "~~~")) or not text.strip():
            continue
        return named_benchmark(text) if _BENCH_TITLE_RE.match(text) else None
    return None


# "Loading GSM8K Platinum dataset from HuggingFace...", "[harness] Evaluating hellaswag (10042 items)": a console's
# line naming the data its next scores are measured on; a dataset word names it whatever it is called, "Evaluating"
# alone only a benchmark the vocabulary knows ("Evaluating model ..." names none)
_LEAD = r"^\s{0,8}(?:\[[^\]\n]{0,40}\]\s{0,3})?"
_DATASET_LINE_RE = re.compile(
    _LEAD + r"(?:loading|evaluating(?:\s{1,3}on)?)\s{1,3}(?:the\s{1,3})?"
    r"(?P<name>[A-Za-z][\w.+-]{0,30}(?:\s[\w.+-]{1,20}){0,3}?)"
    r"\s{1,3}(?:dataset|benchmark|eval(?:uation)?\s{1,3}set|test\s{1,3}set)(?![\w-])",
    re.IGNORECASE,
)
_EVALUATING_RE = re.compile(
    _LEAD
    + r"evaluating(?:\s{1,3}on)?\s{1,3}(?:the\s{1,3})?(?P<name>[A-Za-z][\w.+-]{0,30}(?:\s[A-Za-z][\w.+-]{0,20}){0,3})",
    re.IGNORECASE,
)


def data_lines(ctx: Context, start: int, end: int) -> list[tuple[int, str]]:
    """The lines of a paste naming the data its scores below are measured on, with that name ("GSM8K Platinum" as
    printed before its dataset word; the benchmark "Evaluating" names): (line, name), in order; each holds to the
    next."""
    out: list[tuple[int, str]] = []
    for no in range(start, end + 1):
        text = ctx.doc.line(no)
        low = text[:80].lower()
        if "oading" not in low and "valuating" not in low:
            continue
        if (m := _DATASET_LINE_RE.match(text)) is not None:
            out.append((no, m.group("name")))
        elif "valuating" in low and (m := _EVALUATING_RE.match(text)) and (bench := named_benchmark(m.group("name"))):
            out.append((no, bench))
    return out


def data_above(lines: list[tuple[int, str]], no: int) -> str | None:
    """The name the nearest of `lines` (data_lines) above line `no` gives, if any."""
    k = bisect.bisect_left(lines, (no, "")) - 1
    return lines[k][1] if k >= 0 else None


def on_data(claims: Iterable[Claim], task: str | None) -> Iterator[Claim]:
    """The claims of a paste's line, each given the task its dataset line above names (data_above): every figure
    of the run on that data, its latency and throughput as its score, never a serving benchmark's."""
    for claim in claims:
        if task is not None:
            claim.config.setdefault("task", task)
        yield claim


def warn_cut_list(ctx: Context, no: int, text: str, start: int) -> None:
    """Warn on line `no` when the list of values read from `start` has no closing "]": an excerpt cut it open, and
    only its whole items were read (grammar.value_lists)."""
    if "]" not in text[start:]:
        ctx.doc.warn(no, "a list of values cut open (no closing ']'): its whole items are read, not the last")
