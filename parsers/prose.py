"""Numbers in sentences, bullets and mixed table cells.

    gsm8k 96.25 (ref 96.36)              accuracy 96.25, reference 96.36
    128 tokens 158 -> 30 ms              perf 30 ms, reference 158 (128 tokens is configuration)
    16K context rows 287 vs 1,721 us     perf 287 us, reference 1721
    about 1.3 GiB per layer              perf 1.3 GiB, approx
    acceptance length 1.971 / 3.704      two acceptance claims
    ISL 8192 / OSL 1024                  nothing: configuration

A number is a claim when it carries a unit of measure or stands in the clause of a metric's
name. Numbers after configuration words, counts of things ("8 GPUs", "300 rows") and years are
not claims. `A -> B`, `from A to B`, `B (ref A)`, `B vs A`, `B, against A` pair a value with
its reference.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from parsers.base import Context
from parsers.document import Block
from parsers.numbers import Number, find_numbers
from parsers.vocab import is_acceptance_name

NAME = "prose"
VERSION = "1"
BLOCKS = frozenset({"text", "item"})

MEASURE_UNITS = {
    "ms", "us", "µs", "ns", "s", "sec", "secs", "seconds", "min", "mins", "minutes", "h", "hours",
    "GiB", "GB", "MiB", "MB", "KiB", "KB", "TiB", "TB", "%", "x", "×", "pp", "nats", "tok/s", "tok/s/gpu",
    "tok/s/user", "tokens/s", "tokens/sec", "tok/sec", "req/s", "req/sec", "tps", "tps/user", "tps/gpu",
    "it/s", "GB/s", "TB/s", "TFLOPS", "samples/s", "seq/s", "toks/s", "reqs/s", "requests/s",
}
_METRIC_RE = re.compile(
    r"gsm8k|gsm-8k|mmlu(?:-pro)?|mmmu|gpqa|human[- ]?eval|mbpp|math-?500|aime\d*|hellaswag|winogrande|"
    r"ifeval|longbench|ruler|pass ?keys?|accuracy|exact[_ ]match|score[sd]?|pass@\d|\bf1\b|"
    r"acceptance (?:length|rate)s?|accept(?:ance|ed)? len(?:gth)?|\bAL\b|acceptance|"
    r"throughput|latency|ttft|tpot|\bitl\b|e2el?|tok/s|speed-?up|bandwidth|perplexity|\bppl\b",
    re.IGNORECASE,
)
_CONFIG_BEFORE_RE = re.compile(
    r"(?:\b(?:isl|osl|bs|batch(?:[_ ]size)?|max[_\w]*|concurrency|con|draft(?: length)?|tp|ep|pp|dp|"
    r"tp_size|ep_size|rank|top-?k|k|p|g|n|seed|layers?|heads?|head_dim|dim|block|page|bucket|buckets|"
    r"tokens_per_block|num_[a-z_]+|fraction|step|version|v|sm|sm_|rc|at|first|last|every|"
    r"whole|round|rounds|#|pr|issue|nvbugs?|ticket|below|above|past|under|width|"
    r"mtp|eagle|shape|m|n|k|seq|len|length|input|output|prompt|prompts|samples|questions|requests|"
    r"epoch|iter|iteration|run|runs|gpu|gpus|node|nodes|card|cards|x)\s*[:=]?\s*)$",
    re.IGNORECASE,
)
_COUNT_NOUN_RE = re.compile(
    r"^\s*(?:[a-z0-9_.-]+\s+){0,1}?(?:rows?|samples?|requests?|prompts?|gpus?|layers?|cases?|launches|"
    r"launch|heads?|columns?|steps?|iterations?|runs?|rounds?|commits?|files?|buckets?|experts?|pages?|"
    r"queries|query|shapes?|threads?|blocks?|bytes?|tokens?|tok\b|counts?|nodes?|cards?|ops?|kernels?|"
    r"patches|patch|gates?|tests?|models?|items?|entries|times|drafts?|workers?|ranks?|sequences?|"
    r"seqs?|users?|clients?|words?|chars?|characters|lines?|images?|videos?|frames?|q\b|kv\b|"
    r"weeks?|days?|months?|years?|people|members?|comments?|reviews?|issues?|prs?|stages?|passes|"
    r"questions?|problems?|shots?|examples?|subjects?|tasks?)\b",
    re.IGNORECASE,
)
_RATIO_WORD_RE = re.compile(
    r"\s*(?:slower|faster|speed-?up|improvement|less|more|higher|lower|better|worse|reduction|smaller|"
    r"larger|bigger|throughput|gain|over|vs|versus|than|the|of|on|in|at|for|with|from|compared|relative)\b",
    re.IGNORECASE,
)
_ARROW_RE = re.compile(r"^\s*(?:->|→|=>|⇒|-->)\s*")
_TO_RE = re.compile(r"^\s+to\s+")
_FROM_RE = re.compile(r"\bfrom\s*$", re.IGNORECASE)
_VS_RE = re.compile(r"^\s*(?:vs\.?|versus|against)\s+", re.IGNORECASE)
_REF_RE = re.compile(r"^\s*\(?\s*(?:ref(?:erence)?\.?|baseline|was|before|main)\s*:?\s*$", re.IGNORECASE)
_CLAUSE_BREAK_RE = re.compile(r"[;.](?:\s|$)|\s—\s|:\s")


def _clause_start(text: str, pos: int) -> int:
    start = 0
    for m in _CLAUSE_BREAK_RE.finditer(text, 0, pos):
        start = m.end()
    return start


def _metric_before(text: str, pos: int, limit: int = 80) -> re.Match[str] | None:
    start = max(_clause_start(text, pos), pos - limit)
    last = None
    for m in _METRIC_RE.finditer(text, start, pos):
        last = m
    return last


def _is_config_number(text: str, n: Number) -> bool:
    before = text[max(0, n.start - 24):n.start]
    if _CONFIG_BEFORE_RE.search(before):
        return True
    after = text[n.end:n.end + 40]
    if n.unit in (None, "tokens", "tok", "b", "bytes") and _COUNT_NOUN_RE.match(after):
        return True
    if n.unit in ("tokens", "tok"):
        return True
    if n.unit in ("x", "×") and not _RATIO_WORD_RE.match(after) and re.match(r"\s*[A-Za-z]", after):
        return True  # "1x GB300", "8× H100": a count of devices
    return n.unit is None and 1900 <= n.value <= 2100 and n.value == int(n.value) and not n.high


def claims_in_text(ctx: Context, line: int, text: str, offset: int = 0,
                   subject: str | None = None) -> Iterator[Claim]:
    """Claims in `text`, which stands at column `offset` of `line` (a cell or a whole line)."""
    nums = find_numbers(text)
    if not nums:
        return
    skip: set[int] = set()
    prev_config = False
    last_claim: dict | None = None
    out: list[dict] = []
    for i, n in enumerate(nums):
        if i in skip or not ctx.is_free(line, offset + n.start, offset + n.end):
            prev_config = False
            continue
        gap_before = text[nums[i - 1].end:n.start] if i else ""
        if _is_config_number(text, n) or (prev_config and re.fullmatch(r"\s*[/,]\s*|\s*(?:and|or)\s*", gap_before)):
            prev_config = True
            continue
        prev_config = False
        nxt = nums[i + 1] if i + 1 < len(nums) else None
        between = text[n.end:nxt.start] if nxt else ""
        # "A -> B", "from A to B": A is B's reference
        if nxt is not None and (_ARROW_RE.fullmatch(between) or (
                _TO_RE.fullmatch(between) and _FROM_RE.search(text[:n.start]))):
            unit = nxt.unit or n.unit
            ref = n.value
            skip.add(i + 1)
            last_claim = _candidate(ctx, line, text, offset, nxt, subject, unit=unit, reference=ref,
                                    span_start=n.start, force=True)
            if last_claim:
                out.append(last_claim)
            continue
        # "B (ref A)", "B vs A", "B, against A": A is B's reference
        if last_claim is not None and i > 0 and nums[i - 1].end <= n.start:
            gap = text[nums[i - 1].end:n.start]
            if (_VS_RE.fullmatch(gap) or _REF_RE.fullmatch(gap) or
                    re.fullmatch(r"\s*,?\s*against\s+", gap)) and last_claim["reference"] is None:
                last_claim["reference"] = n.value
                last_claim["end"] = n.end
                if last_claim["unit"] is None and n.unit:
                    last_claim["unit"] = n.unit
                continue
        last_claim = _candidate(ctx, line, text, offset, n, subject)
        if last_claim:
            out.append(last_claim)
    for c in out:
        ctx.take(line, offset + c["start"], offset + c["end"])
        yield ctx.claim(c["kind"], line, text[c["start"]:c["end"]], metric=c["metric"], value=c["value"],
                        high=c["high"], approx=c["approx"], unit=c["unit"], reference=c["reference"],
                        config=c["config"])


def _candidate(ctx: Context, line: int, text: str, offset: int, n: Number, subject: str | None, *,
               unit: str | None = None, reference: float | None = None, span_start: int | None = None,
               force: bool = False) -> dict | None:
    unit = unit if unit is not None else n.unit
    m = _metric_before(text, n.start)
    metric = m.group(0) if m else None
    if metric is None and subject and _METRIC_RE.search(subject):
        metric = subject
    if metric is None:
        am = re.match(r"\s+(?:on|in|for)\s+(?:the\s+)?(" + _METRIC_RE.pattern + ")", text[n.end:n.end + 40],
                      re.IGNORECASE)
        if am:
            metric = am.group(1)
    measured = unit in MEASURE_UNITS
    if not (measured or metric or force):
        return None
    if metric is None:
        metric = _perf_label(text, n) or subject
    kind = _kind(metric or "", unit)
    return {
        "kind": kind, "metric": metric, "value": n.value, "high": n.high, "approx": n.approx, "unit": unit,
        "reference": reference, "start": span_start if span_start is not None else n.start, "end": n.end,
        "config": {"context": subject} if subject and subject != metric else {},
    }


def _kind(metric: str, unit: str | None) -> str:
    if is_acceptance_name(metric):
        return "acceptance"
    if unit in MEASURE_UNITS and unit not in ("%", "pp", "nats"):
        return "perf"
    if re.search(r"gsm8k|mmlu|mmmu|gpqa|eval|accuracy|exact|score|pass@|f1|math|aime|pass ?key|"
                 r"hellaswag|winogrande|ruler|longbench|ppl|perplexity", metric, re.IGNORECASE):
        return "accuracy"
    return "perf"


def _perf_label(text: str, n: Number) -> str | None:
    start = _clause_start(text, n.start)
    words = text[start:n.start].strip(" :,(-•*")
    return words[-60:] or None


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    text = ctx.doc.line(block.start)
    if block.start in ctx.taken:
        return
    yield from claims_in_text(ctx, block.start, text)
