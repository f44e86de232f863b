"""Benchmark output printed as "label: value" lines.

vLLM's "Serving Benchmark Result" block, SGLang's bench_serving and few-shot gsm8k output,
trtllm-bench's PERFORMANCE OVERVIEW and DECODING STATISTICS, speculative decoding summaries:

    Mean TTFT (ms):                          42.17
    Output token throughput (tok/s):         2210.3
    [AR] P50    : 1.82
    Mean acceptance length: 2.47
    Accuracy: 0.950  Invalid: 0.000  Latency: 20.1 s  Output throughput: 1234.5 token/s

Configuration echoes (request rate, concurrency, number of prompts, token totals) are not claims.
A "Baseline: 215.84 s" line is the reference of the next value with the same unit.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from parsers.base import Context
from parsers.document import Block
from parsers.numbers import find_numbers, header_unit, parse_duration
from parsers.vocab import BASELINE_LABEL_RE, is_config_label, kind_for_metric

NAME = "kv_lines"
VERSION = "1"
BLOCKS = frozenset({"code", "text", "item"})

# label: value [unit]; the label has no colon; the value ends the line (or the next pair starts)
_PAIR_RE = re.compile(
    r"(?P<label>[A-Za-z\[][^:=\t|]{0,90}?)\s*[:=]\s*(?P<value>[-+−~]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d+)?"
    r"(?:\s?(?:-|–)\s?\d[\d,]*(?:\.\d+)?)?(?:h\d+m|m\d+(?:\.\d+)?s)?)"
    r"(?P<rest>\s*[^\s,;|]{0,16})"
)
_SPLIT_RE = re.compile(r"\s{2,}|\t|,\s+|;\s+|\|\s*")


def _pairs(text: str) -> Iterator[tuple[str, str, str, int, int]]:
    """(label, value text, unit text, start, end) of each label: value pair on a line."""
    pos = 0
    while pos < len(text):
        m = _PAIR_RE.search(text, pos)
        if not m:
            return
        label = m.group("label").strip()
        # "Accuracy: 0.950 Invalid: 0.000": a label starts after the previous value
        label = _SPLIT_RE.split(label)[-1].strip()
        rest = m.group("rest").strip()
        yield label, m.group("value"), rest, m.end("label") - len(m.group("label").lstrip()), m.end()
        pos = m.end()


def _value_claims(block: Block, ctx: Context) -> Iterator[Claim]:
    pending_ref: tuple[float, str | None] | None = None
    for no in range(block.start, block.end + 1):
        text = ctx.doc.line(no)
        if no in ctx.taken or (":" not in text and "=" not in text):
            continue
        if text.lstrip().startswith(("$", "python", "--", "export ", "CUDA_", "#", ">>>")):
            continue
        for label, vtext, rest, start, end in _pairs(text):
            if len(label) < 2 or label.lower().startswith(("http", "commit", "pr ", "version")):
                continue
            if not ctx.is_free(no, start, end):
                continue
            dur = parse_duration(vtext)
            nums = find_numbers(vtext + (" " + rest if rest else ""))
            if dur is None and not nums:
                continue
            unit = header_unit(label)
            metric = re.sub(r"\s*[(\[][^()\[\]]{1,24}[)\]]\s*$", "", label).strip() if unit else label
            if dur is not None:
                value, high, approx, printed_unit = dur, None, False, "s"
            else:
                n = nums[0]
                value, high, approx, printed_unit = n.value, n.high, n.approx, n.unit
            unit = unit or printed_unit
            if is_config_label(metric):
                continue
            if BASELINE_LABEL_RE.match(metric):
                pending_ref = (value, unit)
                continue
            ref = None
            if pending_ref is not None and pending_ref[1] == unit:
                ref = pending_ref[0]
                pending_ref = None
            kind = kind_for_metric(metric + " " + " ".join(ctx.section_at(no)[-1:]), unit)
            if kind == "perf" and unit is None and not _looks_measured(metric):
                continue
            ctx.take(no, start, end)
            yield ctx.claim(kind, no, text[start:end].strip(), metric=metric, value=value, high=high,
                            approx=approx, unit=unit, reference=ref,
                            printed=vtext.strip() if dur is not None else None)


_MEASURED_RE = re.compile(
    r"throughput|latency|ttft|tpot|itl|e2e|time|duration|speed|accuracy|score|acc\b|rate|length|"
    r"p\d{2}|mean|median|average|avg|min|max|std|tps|qps|memory|speedup|bandwidth|\[ar\]",
    re.IGNORECASE,
)


def _looks_measured(metric: str) -> bool:
    return bool(_MEASURED_RE.search(metric))


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    yield from _value_claims(block, ctx)
