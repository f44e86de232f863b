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

import bisect
import functools
import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.document import Block
from ledger.parsers.numbers import Number, find_numbers, to_float
from ledger.vocab.metrics import is_acceptance_name
from ledger.vocab.setup import MACHINE_LABEL_RE, qualifiers
from ledger.vocab.text import lower_for_words
from ledger.vocab.units import is_count_unit, is_measure_unit, is_size_unit

NAME = "prose"
VERSION = "1"
BLOCKS = frozenset({"text", "item", "heading"})

def _by_first_letter(alternatives: list[str]) -> str:
    """Regex alternatives regrouped by first letter ("isl|input|osl" -> "i(?:sl|nput)|o(?:sl)"), so the engine
    tries one branch per letter instead of every alternative at every position. The same texts match.

    Within a letter the order is kept; alternatives that do not open with a letter ("\\bAL\\b", "#") go last,
    and a bare letter ("k") is tried after the longer alternatives of its letter. Which alternative matches
    first is unchanged when neither matters (true of the metric names; see _any_of for the others).
    """
    groups: dict[str, list[str]] = {}
    rest: list[str] = []
    for alt in alternatives:
        assert alt.count("(") == alt.count(")"), alt  # whole alternatives only
        if alt[:1].isalpha() and alt[1:2] not in ("?", "*", "+", "{"):
            groups.setdefault(alt[0].lower(), []).append(alt[1:])
        else:
            rest.append(alt)
    out = []
    for first, rests in groups.items():
        tails = [r for r in rests if r]
        optional = "?" if len(tails) < len(rests) else ""  # the bare letter is an alternative too
        out.append(first + ("(?:" + "|".join(tails) + ")" + optional if tails else ""))
    return "|".join(out + rest)


def _any_of(alternatives: str) -> str:
    """`alternatives` ("isl|osl|bs|sizes?|...", no "|" inside a group) regrouped by first letter, for patterns
    whose match is only asked yes / no (regrouping may change which alternative wins first)."""
    return _by_first_letter(alternatives.split("|"))


_METRIC_NAMES = [
    "gsm8k", "gsm-8k", "mmlu(?:-pro)?", "mmmu", "gpqa", r"human[- ]?eval", "mbpp", "math-?500", r"aime\d*",
    "hellaswag", "winogrande", "ifeval", "longbench", "ruler", "pass ?keys?", "accuracy", "exact[_ ]match",
    "score[sd]?", r"pass@\d", r"\bf1\b", "acceptance (?:length|rate)s?", "accept(?:ance|ed)? len(?:gth)?",
    r"\bAL\b", "acceptance", "throughput", "latency", "ttft", "tpot", r"\bitl\b", "e2el?", "tok/s",
    "speed-?up", "bandwidth", "perplexity", r"\bppl\b",
]
# Grouped by first letter, behind a lookahead on those letters: one set test at most positions. The names
# that open with \b (f1, AL, itl, ppl) never match where another name of their letter does.
_METRIC_RE = re.compile(
    "(?=[" + "".join(sorted({(n[2] if n.startswith("\\b") else n[0]).lower() for n in _METRIC_NAMES})) + "])"
    "(?:" + _by_first_letter(_METRIC_NAMES) + ")",
    re.IGNORECASE,
)
# The same names for lowered text, case-sensitive, every alternative opening with its letter (a \b before
# it becomes a look-behind): the engine then jumps between those letters. Without CASE_ODD characters,
# lowering keeps the length, what \w, \d and \s match, and what these literals match ignoring case.
_METRIC_LOWER_RE = re.compile(_by_first_letter([
    n[2].lower() + rf"(?<=\b{n[2].lower()})" + n[3:].lower() if n.startswith("\\b") else n.lower()
    for n in _METRIC_NAMES
]))
assert not any(re.search(r"\\[A-Z]", n) for n in _METRIC_NAMES)  # lowering keeps every escape


# only ever asked yes / no (see _any_of)
_CONFIG_BEFORE_RE = re.compile(
    r"(?:\b(?:" + _any_of(
        r"isl|osl|bs|sizes?|batch(?:[_ ]size)?|max[_\w]*|concurrency|con|draft(?: length)?|tp|ep|pp|dp|"
        r"tp_size|ep_size|rank|top-?k|k|p|g|n|seed|layers?|heads?|head_dim|dim|block|page|bucket|buckets|"
        r"tokens_per_block|num_[a-z_]+|fraction|step|version|v|sm|sm_|rc|at|first|last|every|"
        r"whole|round|rounds|#|pr|issue|nvbugs?|ticket|below|above|past|under|width|"
        r"mtp|eagle|shape|m|n|k|seq|len|length|input|output|prompt|prompts|samples|questions|requests|"
        r"epoch|iter|iteration|run|runs|gpu|gpus|node|nodes|card|cards|x") + r")\s*[:=]?\s*)$",
    re.IGNORECASE,
)
# "acceptance length 1.97": a metric name right before the number wins over "length" as a config word
_METRIC_RIGHT_BEFORE_RE = re.compile(r"(?:" + _METRIC_RE.pattern + r")\s*[:=]?\s*$", re.IGNORECASE)
# a console label: a metric's name, its unit in brackets, then the number ("bandwidth (GB/s) 45.1", "PPL = 3.4")
_CONSOLE_METRIC_BEFORE_RE = re.compile(
    r"(?:" + _METRIC_RE.pattern + r")(?:\s?[(\[](?P<unit>[^()\[\]\s]{1,12})[)\]])?\s*[:=]?\s*$", re.IGNORECASE)
_NAMED_THRESHOLD_RE = re.compile(
    r"(?<![\w-])(?:(?:threshold|cut-?off|pass(?:ing)? (?:bar|mark))s?\s*\(?\s*"
    r"(?:of|is|was|=|:|at|set to|[<>]=?|[≤≥])?|tolerance\s*(?:of|is|=|set to))\s*[~≈]?$", re.IGNORECASE)
# ("tolerance: +1.46% throughput" reads on: after a colon the tolerance is the measured change)
_THRESHOLD_BEFORE_RE = re.compile(r"(?:[<>]=?|[≤≥])\s*\(?\s*$")
_PROGRESS_RE = re.compile(r"[█▏▎▍▌▋▊▉]|\|\s*\d+/\d+\s*\[\d+:\d+")
_COUNT_NOUN_RE = re.compile(  # only ever asked yes / no (see _any_of)
    r"^\s*(?:(?!(?:at|in|on|for|with|per|of|over|to|from|by|under|across|and|or|vs)\s)[a-z0-9_.-]+\s+){0,1}?"
    r"(?:" + _any_of(
        r"rows?|samples?|requests?|prompts?|gpus?|layers?|cases?|launches|"
        r"launch|heads?|columns?|steps?|iterations?|runs?|rounds?|commits?|files?|buckets?|experts?|pages?|"
        r"queries|query|shapes?|threads?|blocks?|bytes?|tokens?|tok\b|counts?|nodes?|cards?|ops?|kernels?|"
        r"patches|patch|gates?|tests?|models?|items?|entries|times|drafts?|workers?|ranks?|sequences?|"
        r"seqs?|users?|clients?|words?|chars?|characters|lines?|images?|videos?|frames?|q\b|kv\b|"
        r"weeks?|days?|months?|years?|people|members?|comments?|reviews?|issues?|prs?|stages?|passes|"
        r"questions?|problems?|shots?|examples?|subjects?|tasks?") + r")\b",
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
# "96.59 vs 95.83", "96.59 vs bf16-capped 95.83": one short word may name the baseline
_VS_RE = re.compile(r"^\s*(?:vs\.?|versus|against)\s+(?:[A-Za-z][\w.-]{0,24}\s+)?", re.IGNORECASE)
_REF_RE = re.compile(r"^\s*(?:\(\s*)?(?:ref(?:erence)?\.?|baseline|was|before|main)\s*(?::\s*)?$", re.IGNORECASE)
_CLAUSE_BREAK_RE = re.compile(r"[;.](?:\s|$)|\s—\s|:\s")
# A metric named before a colon governs the list after it ("acceptance length on the long pass keys:
# bf16 7.857, FP8 7.500"), so metric lookup stops only at sentence and semicolon breaks.
_METRIC_BREAK_RE = re.compile(r"[;.](?:\s|$)|\s—\s")
# "B (the stock number is A)", "B (was A)": a parenthetical that names the baseline
_PAREN_IS_RE = re.compile(r"^\s*\((?:[^();]{0,80}?\s)?(?:is|was)\s+$", re.IGNORECASE)
_BEFORE_AFTER_RE = re.compile(r"^\s*(?:before|previously|earlier|on main|baseline)\b", re.IGNORECASE)
_SLASH_RE = re.compile(r"\s*/\s*")
_QUALIFIER_BEFORE_RE = re.compile(r"\b(?:on|over|for|in)\s+(?:the\s+)?(?:[\w-]+\s+)?$", re.IGNORECASE)
_PARALLEL_RE = re.compile(
    r"\s*(?:at|with|for|on)\s+(?P<key>draft(?:[ _]len(?:gth)?)?|mtp|con(?:currency)?|batch(?:[ _]size)?|bs|tp)"
    r"\s*(?P<vals>\d{1,5}(?:\s*/\s*\d{1,5}){1,15})\b", re.IGNORECASE)
_PARALLEL_KEYS = {"draft": "draft", "mtp": "mtp", "con": "concurrency", "concurrency": "concurrency",
                  "batch": "batch_size", "bs": "batch_size", "tp": "tp"}
# "KV bytes per token, bf16 : FP8 : NVFP4 = 29976 : 16664 : 10840 (1 : 0.56 : 0.36)"
_RATIO_RE = re.compile(
    r"(?P<names>[\w.+-]{1,20}(?:\s?:\s?[\w.+-]{1,20}){1,7})\s?=\s?"
    r"(?P<vals>\d[\d,.]{0,15}(?:\s?:\s?\d[\d,.]{0,15}){1,7})"
    r"(?:\s?\((?P<norm>\d[\d.]{0,10}(?:\s?:\s?\d[\d.]{0,10}){1,7})\))?")


CLAUSE_WINDOW = 300
"""How far back a clause is searched: bounds the work per number, so a line costs O(length)."""


def _clause_start(text: str, pos: int, breaks: re.Pattern[str] = _CLAUSE_BREAK_RE) -> int:
    start = max(0, pos - CLAUSE_WINDOW)
    for m in breaks.finditer(text, start, pos):
        start = m.end()
    return start


@functools.lru_cache(maxsize=16)
def _metric_index(text: str) -> tuple[list[tuple[int, int]], list[int]]:
    """The spans of every metric name in text, found in one pass (a per-number search would cost
    O(n * window)). Where lower_for_words allows, in the lowered text (same length, same spans) with a
    case-sensitive pattern, which the engine scans for the names' first letters much faster."""
    low = lower_for_words(text)
    found = _METRIC_RE.finditer(text) if low is None else _METRIC_LOWER_RE.finditer(low)
    spans = [m.span() for m in found]
    return spans, [a for a, _ in spans]


def _metric_before(text: str, pos: int, limit: int = 120) -> str | None:
    start = max(_clause_start(text, pos, _METRIC_BREAK_RE), pos - limit)
    last = None
    spans, starts = _metric_index(text)
    for a, b in spans[bisect.bisect_left(starts, start):bisect.bisect_left(starts, pos)]:
        if b > pos:
            break
        # "the acceptance length on the long pass keys: 7.857": a metric after "on the" qualifies the first
        if last is not None and _QUALIFIER_BEFORE_RE.search(text, max(start, a - 30), a):
            continue
        last = text[a:b]
    return last


_SETTING_BEFORE_RE = re.compile(r"[A-Za-z_][\w.]{0,60}\s?=\s?[\"']?$|--[\w-]{1,40}[ =]$")
_CAPACITY_AFTER_RE = re.compile(r"\s*(?:device|gpu|card|node|hbm|memory budget|capacity|limit)s?\b|"
                                r"\s*(?:ram|vram|g?ddr\d?|unified memory|of (?:gpu |device )?memory|inter-?node|"
                                r"interconnect|nvlink|infiniband|(?:target|prefix|kv) cache)\b|"
                                r"\s*(?:[\w-]{1,12}\s+){0,2}(?:ram|vram)\s+limit\b|"
                                r"\s*of\s+(?:them|these|those)\b|\s*(?:[a-z-]{1,12}\s+)?(?:sigma|σ|flips?)\b",
                                re.IGNORECASE)
# "the prefix cache holds 16 GB", "fits in 24 GB", "a card with 80 GB": what a memory can hold, not what a run used
_CAPACITY_BEFORE_RE = re.compile(r"\b(?:holds?|holding|fits?\s+(?:in|into|within)|(?:cards?|gpus?|devices?|nodes?|"
                                 r"machines?|hosts?)\s+with|budget\s+of|capacity\s+of)\s+(?:up\s+to\s+|only\s+)?$",
                                 re.IGNORECASE)


@functools.lru_cache(maxsize=16)
def _backticks(text: str) -> list[int]:
    """Where the backticks of text stand, found once (counting them per number cost O(n) each: quadratic)."""
    return [i for i, ch in enumerate(text) if ch == "`"] if "`" in text else []


def _in_code_span(text: str, pos: int) -> bool:
    """Inside `inline code`: a setting or an identifier, not a result."""
    ticks = _backticks(text)
    before = bisect.bisect_left(ticks, pos)  # backticks before pos; one at or after pos closes the span
    return before % 2 == 1 and before < len(ticks)


# "[02:08<00:00,  1.61s/it, est. speed ...": a progress bar's elapsed time and its rate per iteration
_TQDM_BEFORE_RE = re.compile(r"\d{1,3}:\d{2}(?::\d{2})?<\d{1,3}:\d{2}(?::\d{2})?,?\s*$")


# "5.810260772705078e-06", "0.4649": a measured fraction ("1e4", "1e+05" are sizes written short)
_FINE_FLOAT_RE = re.compile(
    r"[-+]?\d+\.\d{3,}(?:[eE][-+]?\d{1,3})?|[-+]?\d+(?:\.\d+)?[eE]-\d{1,3}|[-+]?\d+\.\d+[eE]\+?\d{1,3}")
_WORD_BEFORE_RE = re.compile(r"(?<![\w.])([A-Za-z][A-Za-z_-]{2,30})\s+$")
_LINK_DEST_BEFORE_RE = re.compile(r"\]\([^\s()\]]*(?:\([^\s()]*)?$")
_SCALE_BEFORE_RE = re.compile(r"\b(?:scaled?|normali[sz]ed|mapped|rescaled)\s+(?:to|into|between|from)\s+(?:the\s+)?$|"
                              r"\b(?:on|in)\s+an?\s+$|\b(?:range|scale)\s+(?:of\s+)?$", re.IGNORECASE)
_TIME_BEFORE_RE = re.compile(r"\b(?:time|took|takes|duration|elapsed|wall|minutes?|run(?:time)?|in)\b[^.;]{0,30}$",
                             re.IGNORECASE)
_ANSI_BEFORE_RE = re.compile(r"(?:\x1b|\^\[)\[[\d;]{0,20}$")


def _bare_value_span(text: str, n: Number) -> bool:
    """The code span holds this number and nothing else but a sign, a % or an x ("`2.27`", "`-0.000020%`"):
    people set results in code too; a size or a setting spelled in code ("`512MiB`", "`tp=2`") is not that."""
    a = text.rfind("`", 0, n.start)
    b = text.find("`", n.end)
    if a < 0 or b < 0:
        return False
    inner = text[a + 1:b].strip()
    return bool(_BARE_VALUE_RE.fullmatch(inner)) and "." in inner


_BARE_VALUE_RE = re.compile(r"[-+~]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d{1,3})?\s?[%x×]?")


def _is_config_number(text: str, n: Number) -> bool:
    if "](" in text[max(0, n.start - 120):n.start] and _LINK_DEST_BEFORE_RE.search(text, max(0, n.start - 120),
                                                                                   n.start):
        return True  # "[head](javascript:alert(2))", "[log](ci/run/42)": a link's target, not its text
    if n.high is not None and _SCALE_BEFORE_RE.search(text, max(0, n.start - 30), n.start):
        return True  # "scores are scaled to 0-100", "on a 1-10 scale": the range a score is written in
    if n.unit == "m" and not _TIME_BEFORE_RE.search(text, max(0, n.start - 40), n.start):
        return True  # "a 300m model": an "m" is minutes only where the text speaks of time ("test time < 30m")
    if is_measure_unit(n.unit) and _CHANGE_AFTER_RE.match(text[n.end:n.end + 12]):
        return False  # "measured at 145.98 GB -> 162.68 GB": the left side of a change is a value
    before = text[max(0, n.start - 24):n.start]
    if "<" in before and _TQDM_BEFORE_RE.search(before):
        return True  # tqdm's "[02:08<00:00, 1.61s/it": progress, not a result
    if "[" in before and _ANSI_BEFORE_RE.search(before):
        return True  # a terminal colour code ("\x1b[1;36m", or "^[[1;36m" as a copy prints it)
    window = text[max(0, n.start - 64):n.start]
    if (("=" in window or "--" in window) and _SETTING_BEFORE_RE.search(text, max(0, n.start - 64), n.start)) \
            or (_in_code_span(text, n.start) and not _bare_value_span(text, n)):
        return True  # "moe_expert_parallel_size=2", "--max-num-seqs 256", "`512MiB`" (but "`2.27`" is a value)
    if _CAPACITY_AFTER_RE.match(text[n.end:n.end + 40]) or (
            is_size_unit(n.unit) and _CAPACITY_BEFORE_RE.search(text, max(0, n.start - 30), n.start)):
        return True  # "a 184 GiB device", "4 of them", "0.76 sigma": not a measured result
    # (both patterns need a comparison sign)
    if ("<" in before or ">" in before or "≤" in before or "≥" in before) and _THRESHOLD_BEFORE_RE.search(before) \
            and (n.unit is None or _BOUND_AFTER_VALUE_RE.search(before)):
        return True  # "0.0114 < 0.7200 - 0.0800": a threshold, not a result; "test time < 30m" is a bound
    if (_CONFIG_BEFORE_RE.search(before) and not n.approx
            and not _METRIC_RIGHT_BEFORE_RE.search(text[max(0, n.start - 40):n.start])
            and not (_AT_BEFORE_RE.search(before) and "." in n.text and n.unit is None)):
        return True  # "at con128", "ISL 8192"; but "lands at ~0.70" is a measurement
    after = text[n.end:n.end + 40]
    if n.unit in (None, "tokens", "tok", "b", "bytes") and _COUNT_NOUN_RE.match(after):
        return True
    if is_count_unit(n.unit):
        return True  # "2556 runs", "16384 kB/run", "128 tokens": the work a run did
    if n.unit in ("x", "×") and not _RATIO_WORD_RE.match(after) and _WORD_AFTER_RE.match(after):
        return True  # "1x GB300", "8× H100": a count of devices
    if n.unit in ("x", "X") and n.value >= 100 and n.value == int(n.value) and text[n.end - 2:n.end - 1].isdigit():
        return True  # "Ryzen 3900X", "RTX 4090X": a product's name, not a ratio
    return n.unit is None and 1900 <= n.value <= 2100 and n.value == int(n.value) and not n.high


def claims_in_text(ctx: Context, line: int, text: str, offset: int = 0,
                   subject: str | None = None, default_metric: str | None = None,
                   console: bool = False) -> Iterator[Claim]:
    """Claims in `text`, which stands at column `offset` of `line` (a cell or a whole line).

    `default_metric` is the metric a list's lead-in names ("Disaggregated serving, gsm8k:") for
    values that name none themselves. `console`: a line of tool output, where a number without a unit of
    measure is a claim only right after a metric's name ("Running: 0 reqs" after "throughput: 16.0 tokens/s"
    is a gauge, not a throughput), and a bare measurement is named by the line's leading label.
    """
    spans = ctx.spans.get(line)
    if spans and _digits_taken(text, offset, spans):
        return  # every number here overlaps what another reader claimed: none is free (see Context.is_free)
    nums = find_numbers(text)
    if not nums:
        return
    if "=" in text and ":" in text:  # what _ratio_claims' pattern needs
        yield from _ratio_claims(ctx, line, text, offset, subject, default_metric)
    skip: set[int] = set()
    prev_config = False
    last_claim: dict | None = None
    out: list[dict] = []
    thresholds: list[str] = []
    for i, n in enumerate(nums):
        if i in skip or not ctx.is_free(line, offset + n.start, offset + n.end):
            prev_config = False
            continue
        prev = nums[i - 1] if i else None
        gap_before = text[prev.end:n.start] if prev is not None else ""
        chained = prev_config and prev is not None and (
            _LIST_GAP_RE.fullmatch(gap_before) is not None
            or (n.unit is None and _TO_GAP_RE.fullmatch(gap_before) is not None))
        if chained and is_measure_unit(n.unit) and prev is not None and not is_measure_unit(prev.unit):
            chained = False  # "max_seq_len 8192 and 1-5% slower": the unit starts a value
        if _NAMED_THRESHOLD_RE.search(text, max(0, n.start - 32), n.start):
            thresholds.append(n.text)  # "pass threshold: 0.70", "(threshold 0.93)": the bar, not a result
            prev_config = True
            continue
        if _is_config_number(text, n) or chained:
            prev_config = True
            continue
        prev_config = False
        nxt = nums[i + 1] if i + 1 < len(nums) else None
        between = text[n.end:nxt.start] if nxt else ""
        # "A -> B", "from A to B": A is B's reference
        if nxt is not None and ctx.is_free(line, offset + nxt.start, offset + nxt.end) and (
                _ARROW_RE.fullmatch(between) or (
                _TO_RE.fullmatch(between) and _FROM_RE.search(text, max(0, n.start - 40), n.start))):
            unit = nxt.unit or n.unit
            ref = n.value
            skip.add(i + 1)
            last_claim = _candidate(ctx, line, text, offset, n=nxt, subject=subject, console=console, unit=unit,
                                    reference=ref,
                                    span_start=n.start, force=True, default_metric=default_metric)
            if last_claim:
                _link(out, last_claim, text)
                out.append(last_claim)
            continue
        # "287 vs 1,721 us": the unit printed once after the pair belongs to both sides
        if nxt is not None and _VS_RE.fullmatch(between) and (is_measure_unit(nxt.unit) or is_measure_unit(n.unit)):
            skip.add(i + 1)
            last_claim = _candidate(ctx, line, text, offset, n=n, subject=subject, console=console,
                                    unit=n.unit or nxt.unit,
                                    reference=nxt.value, force=True, default_metric=default_metric)
            if last_claim:
                last_claim["end"] = nxt.end
                _link(out, last_claim, text)
                out.append(last_claim)
            continue
        if last_claim is not None and prev is not None and _PLUS_MINUS_GAP_RE.fullmatch(gap_before):
            last_claim["stderr"] = n.value  # "~0.70 ± 0.05": the spread of the value before
            last_claim["end"] = n.end
            continue
        # "B (ref A)", "B vs A", "B, against A", "B (A before)", "B (the stock number is A)": A is B's reference
        if last_claim is not None and prev is not None and prev.end <= n.start:
            gap = text[prev.end:n.start]
            before_word = _OPEN_PAREN_GAP_RE.fullmatch(gap) and _BEFORE_AFTER_RE.match(text[n.end:n.end + 20])
            if (_VS_RE.fullmatch(gap) or _REF_RE.fullmatch(gap) or _PAREN_IS_RE.fullmatch(gap) or before_word or
                    _AGAINST_GAP_RE.fullmatch(gap)) and last_claim["reference"] is None:
                last_claim["reference"] = n.value
                last_claim["ref_explicit"] = bool(_REF_RE.fullmatch(gap))
                if not before_word:
                    last_claim["end"] = n.end
                if last_claim["unit"] is None and n.unit:
                    last_claim["unit"] = n.unit
                # "96.17 / 95.98 (ref 96.36)": the reference after a slash list serves the whole list
                for c in out:
                    if c.get("group") == last_claim.get("group") and c["reference"] is None:
                        c["reference"] = n.value
                continue
        inherited = None
        if out and _starts_clause(text, n.start):
            inherited = out[-1]
        last_claim = _candidate(ctx, line, text, offset, n=n, subject=subject, console=console,
                                default_metric=default_metric,
                                inherited=inherited["metric"] if inherited else None)
        if last_claim:
            if inherited is not None and last_claim["metric"] == inherited["metric"] and inherited.get("ref_explicit"):
                # "MMMU: 56.3 (ref 59.2); 59.1 with X": a variant of the same measurement, same reference
                last_claim["reference"] = inherited["reference"]
            _link(out, last_claim, text)
            out.append(last_claim)
    if thresholds:  # a bar stated beside the results is an extra key of theirs (claims contract)
        for c in out:
            c["config"] = {**c["config"], "threshold": thresholds[0]}
    _parallel_config(out, text)
    _slash_setup(out, text, subject)
    _subject_slash_metrics(out, subject)
    for c in out:
        ctx.take(line, offset + c["start"], offset + c["end"])
        yield ctx.claim(c["kind"], line, text[c["start"]:c["end"]], metric=c["metric"], value=c["value"],
                        high=c["high"], approx=c["approx"], unit=c["unit"], reference=c["reference"],
                        stderr=c.get("stderr"), printed=c.get("printed"), config=c["config"])


def _digits_taken(text: str, offset: int, spans: list[tuple[int, int]]) -> bool:
    """Every digit of `text` (at column `offset`) lies in a taken span (`spans` are sorted and merged)."""
    for d in _DIGIT_RE.finditer(text):
        col = offset + d.start()
        k = bisect.bisect_right(spans, (col, _FAR)) - 1  # the last span that starts at or before the digit
        if k < 0 or spans[k][1] <= col:
            return False
    return True


_FAR = 1 << 62


_DIGIT_RE = re.compile(r"\d")


def _link(out: list[dict], claim: dict, text: str) -> None:
    """Give claims joined by " / " one group id (a list of values of one measurement)."""
    if out and _SLASH_RE.fullmatch(text[out[-1]["end"]:claim["start"]]):
        claim["group"] = out[-1].get("group", id(out[-1]))
        out[-1]["group"] = claim["group"]
    else:
        claim["group"] = id(claim)


def _starts_clause(text: str, pos: int) -> bool:
    """The number opens a ";"-clause, bare or after a qualifier ("; with MTP3, 96.17")."""
    head = text[:pos]
    cut = head.rfind(";")
    if cut < 0:
        return False
    lead = head[cut + 1:].strip()
    return lead == "" or _QUALIFIER_LEAD_RE.fullmatch(lead) is not None


def _parallel_config(out: list[dict], text: str) -> None:
    """"1.971 / 3.704 at draft 1 / 3": each value of a slash list gets its position's qualifier."""
    i = 0
    while i < len(out):
        j = i
        while j + 1 < len(out) and out[j + 1].get("group") == out[i].get("group"):
            j += 1
        if j > i:
            m = _PARALLEL_RE.match(text, out[j]["end"])
            if m:
                vals = _SLASH_RE.split(m.group("vals"))
                if len(vals) == j - i + 1:
                    key = _PARALLEL_KEYS.get(re.split(r"[ _]", m.group("key").lower())[0], m.group("key").lower())
                    for c, v in zip(out[i:j + 1], vals, strict=True):
                        c["config"] = {**c["config"], key: v}
        i = j + 1


_ALTERNATIVES_RE = re.compile(r"(?<![\w/.+-])[\w.+-]{1,20}(?:\s?/\s?[\w.+-]{1,20}){1,7}(?![\w/])")


def _slash_setup(out: list[dict], text: str, subject: str | None) -> None:
    """"MTP2 over FP8 / NVFP4 KV: 2.950 / 2.910": a slash list of setups before a slash list of as many values
    (in the value's clause, or in the row's name) gives each value its own setup; the words around the list
    are shared (FP8 KV, then NVFP4 KV)."""
    i = 0
    while i < len(out):
        j = i
        while j + 1 < len(out) and out[j + 1].get("group") == out[i].get("group"):
            j += 1
        if j > i:
            lead = text[_clause_start(text, out[i]["start"], _METRIC_BREAK_RE):out[i]["start"]]
            for name in (lead, subject or ""):
                if "/" in name and _split_setups(out[i:j + 1], name):
                    break
        i = j + 1


def _split_setups(group: list[dict], name: str) -> bool:
    for m in _ALTERNATIVES_RE.finditer(name):
        parts = _SLASH_RE.split(m.group(0))
        if len(parts) != len(group):
            continue
        sides = [qualifiers(name[:m.start()] + p + name[m.end():]) for p in parts]
        keys = {k for q in sides for k in q if len({q.get(k) for q in sides}) == len(group)}
        if not keys:
            continue
        whole = qualifiers(name)  # (what the list read as one name gave: "FP8" left over as a quant)
        for c, q in zip(group, sides, strict=True):
            kept = {k: v for k, v in c["config"].items() if k not in whole or k in q}
            c["config"] = {**kept, **{k: q[k] for k in keys if k in q}}
        return True
    return False


def _subject_slash_metrics(out: list[dict], subject: str | None) -> None:
    """"MTP1 gsm8k / acceptance length | 96.36 / 1.969": the row's slash list names each value's metric."""
    if not subject or " / " not in subject:
        return
    names = [p.strip() for p in subject.split(" / ")]
    metrics = [_METRIC_RE.search(p) for p in names]
    if not all(metrics):
        return
    group = [c for c in out if c["metric"] == subject]
    if len(group) != len(names) or len({c.get("group") for c in group}) != 1:
        return
    for c, m in zip(group, metrics, strict=True):
        assert m is not None
        c["metric"] = m.group(0)
        c["kind"] = _kind(c["metric"], c["unit"])


def _ratio_claims(ctx: Context, line: int, text: str, offset: int, subject: str | None,
                  default_metric: str | None) -> Iterator[Claim]:
    """"X, a : b : c = 29976 : 16664 : 10840 (1 : 0.56 : 0.36)": one value per name, and the ratios."""
    if "=" not in text or ":" not in text:
        return  # the pattern needs its "=" and a ":" between names
    for m in _RATIO_RE.finditer(text):
        names = [x.strip() for x in m.group("names").split(":")]
        vals = [to_float(x) for x in m.group("vals").split(":")]
        if len(names) != len(vals) or any(v is None for v in vals):
            continue
        if not ctx.is_free(line, offset + m.start(), offset + m.end()):
            continue
        lead = text[_clause_start(text, m.start(), _METRIC_BREAK_RE):m.start()].strip(" ,:•-*")
        metric = lead or default_metric or subject
        unit = "bytes" if metric and re.search(r"\bbytes?\b", metric, re.IGNORECASE) else None
        kind = _kind(metric or "", unit)
        for name, v in zip(names, vals, strict=True):
            yield ctx.claim(kind, line, m.group(0), metric=metric, value=v, unit=unit, config={"variant": name})
        if m.group("norm"):
            ratios = [to_float(x) for x in m.group("norm").split(":")]
            if len(ratios) == len(names):
                for name, r in zip(names, ratios, strict=True):
                    if r is not None and r != 1.0:
                        yield ctx.claim("perf", line, f"({m.group('norm')})", metric=f"{metric}, ratio to {names[0]}",
                                        value=r, config={"variant": name})
        ctx.take(line, offset + m.start(), offset + m.end())


def _candidate(ctx: Context, line: int, text: str, offset: int, n: Number, subject: str | None, *,
               unit: str | None = None, reference: float | None = None, span_start: int | None = None,
               force: bool = False, default_metric: str | None = None,
               inherited: str | None = None, console: bool = False) -> dict | None:
    unit = unit if unit is not None else n.unit
    if console:
        measured = is_measure_unit(unit)
        right = _CONSOLE_METRIC_BEFORE_RE.search(text, max(0, n.start - 60), n.start)
        word = None
        if not (measured or right or force) and _FINE_FLOAT_RE.fullmatch(n.text.strip()):
            # "forward 5.810260772705078e-06": a measured fraction printed under a word, whatever the word
            wm = _WORD_BEFORE_RE.search(text, max(0, n.start - 40), n.start)
            if wm and not _CONFIG_BEFORE_RE.search(wm.group(0)) and not _COUNT_NOUN_RE.match(" " + wm.group(1)):
                word = wm.group(1)
        if not (measured or right or force or word):
            return None
        metric = right.group(0).strip(" :=") if right else word
        if right and unit is None and right.group("unit"):
            unit = right.group("unit")  # "bandwidth (GB/s) 45.1": the unit the label prints
        if metric is None:
            pos = span_start if span_start is not None else n.start
            metric = _pair_label_before(text, pos) or _lead_label(text) or _perf_label(text, pos)
            if metric and unit:
                metric = f"{metric} {unit}"
        return {
            "kind": _kind(metric or "", unit), "metric": metric, "value": n.value, "high": n.high,
            "approx": n.approx, "unit": unit, "reference": reference,
            "start": span_start if span_start is not None else n.start, "end": n.end, "printed": n.printed,
            "config": {},
        }
    at = _AT_METRIC_RE.match(text, n.end, n.end + 40) if "@" in text[n.end:n.end + 2] else None
    metric = at.group(1) if at else _metric_before(text, n.start)  # "81.07@MMLU, 83.74@GSM8K": its own name
    if metric is None and inherited:
        metric = inherited
    if metric is None and subject and _METRIC_RE.search(subject):
        metric = subject
    if metric is None:
        # "96.2 on gsm8k", and after a points figure "a 22-point GSM8K deficit"
        after_re = _POINTS_METRIC_AFTER_RE if unit in ("point", "points", "pp") else _METRIC_AFTER_RE
        am = after_re.match(text[n.end:n.end + 40])
        if am:
            metric = am.group(1)
    if metric is None and unit in _TIME_UNITS:
        dm = _DURATION_OF_RE.match(text, n.end, n.end + 60)
        if dm:
            metric = f"{dm.group('what').strip()} duration"  # "1:15 minutes to run GSM8K eval"
    if metric is None and default_metric:
        metric = default_metric
    measured = is_measure_unit(unit)
    if not (measured or metric or force):
        return None
    if metric is None:
        metric = _perf_label(text, span_start if span_start is not None else n.start) or subject
    kind = _kind(metric or "", unit)
    return {
        "kind": kind, "metric": metric, "value": n.value, "high": n.high, "approx": n.approx, "unit": unit,
        "reference": reference, "start": span_start if span_start is not None else n.start, "end": n.end,
        "printed": n.printed,
        "config": _setup_before(text, span_start if span_start is not None else n.start, subject, metric),
    }


_TIME_UNITS = frozenset(("s", "ms", "us", "µs", "min", "m", "h", "sec", "seconds", "minutes", "hours"))
_DURATION_OF_RE = re.compile(r"\s+(?:to|for)\s+(?:run|complete|finish|do|process|build|load)\s+"
                             r"(?:the\s+|a\s+|an\s+)?(?P<what>[A-Za-z][\w-]*"
                             r"(?:\s(?!(?:before|after|with|without|on|in|at|vs|and|or)\b)[A-Za-z0-9][\w-]*){0,3})")


def _setup_before(text: str, pos: int, subject: str | None, metric: str | None) -> dict[str, str]:
    """The setup written in the value's clause before it ("TP8EP8, MTP3, FP8 KV at con64: acceptance length 2.74"),
    then the row's or item's subject (which wins, and is kept as the context when it is not the metric)."""
    lead = text[_clause_start(text, pos, _METRIC_BREAK_RE):pos]
    config = {**qualifiers(lead), **qualifiers(subject)} if lead.strip() else qualifiers(subject)
    if subject and subject != metric:
        config["context"] = subject
    return config


def _kind(metric: str, unit: str | None) -> str:
    if is_acceptance_name(metric):
        return "acceptance"
    if is_measure_unit(unit) and unit not in ("%", "pp", "point", "points", "nats"):
        return "perf"
    if _ACCURACY_NAME_RE.search(metric):
        return "accuracy"
    return "perf"


_LABEL_TAIL_RE = re.compile(r"(?:\s+(?:at|from|to|of|is|was|are|were|by|in|on|measured|takes?|took|averages?))+\s*$",
                            re.IGNORECASE)


_HEADING_RESULT_RE = re.compile(r"[:=]\s*[~≈]?\d[\d,]*(?:\.\d+)?\s?(?:%|x|[A-Za-zµ/]{1,12})(?:\s|$)")
_LEAD_LABEL_RE = re.compile(r"^\s*(?P<label>[A-Za-z_][\w.:-]{0,40}(?:\([^()]{0,80}\))?)\s*:\s")


_PAIR_LABEL_RE = re.compile(r"[A-Za-z][A-Za-z _-]{0,40}$")


def _pair_label_before(text: str, pos: int) -> str | None:
    """ "prompt eval time =  200.00 ms / 10 tokens (  20.00 ms per token": a value in brackets after a pair
    is a measure of the pair's subject (llama.cpp's timings), not of the line's leading label. (Found with
    rfind in a bounded window: a line of many numbers stays linear.)"""
    lo = max(0, pos - 120)
    paren = text.rfind("(", lo, pos)
    if paren < 0 or any(ch in text[paren + 1:pos] for ch in "()="):
        return None
    eq = text.rfind("=", lo, paren)
    if eq < 0 or not text[eq + 1:paren].strip()[:1].isdigit() or any(ch in text[eq + 1:paren] for ch in "()"):
        return None
    m = _PAIR_LABEL_RE.search(text[max(lo, eq - 42):eq].rstrip())
    if m is None:
        return None
    label = m.group(0).strip(" _-")
    return re.sub(r"\s+(?:time|duration)$", "", label) or None


def _lead_label(text: str) -> str | None:
    """The label a console line opens with: "RMS_NORM(type=f32,ne=[4096,1,1,1]):  81920 runs - ..."."""
    m = _LEAD_LABEL_RE.match(text)
    return m.group("label") if m else None


def _perf_label(text: str, pos: int) -> str | None:
    """What a bare measurement is of: the clause's words before it ("Decode step at batch 64: 9.6 ms")."""
    start = _clause_start(text, pos)
    words = text[start:pos].strip(" :,(-•*#")
    if not words and start >= 2 and text[start - 2] == ":":
        # "KV memory: 128 KiB -> 64 KiB": the label before the colon names the value
        words = text[_clause_start(text, start - 2):start - 2].strip(" :,(-•*#")
    words = _LABEL_TAIL_RE.sub("", words).strip(" :,(-•*#")
    return words[-60:] or None


# ("Request Rate 200: throughput went up, 184.01 -> 199.89" labels a result with its setup: it says more)
_MORE_AFTER_LABEL_RE = re.compile(r"[,;=]|->|→|=>|\bvs\b")
_LABEL_LINE_RE = re.compile(r"^\s*(?:[-*+]\s+)?[*_`]{0,2}(?P<label>[A-Za-z][\w ./()-]{0,40}?)[*_`]{0,2}\s?:\s")


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    if block.kind == "heading" and block.level != 1 and not _HEADING_RESULT_RE.search(block.text):
        # a PR title ("..., giving up to 0.85% e2e speedup") states results; section headings name things, unless
        # they print one: "## Eagle decoding speed (SGLang): 297 token/s"
        return
    text = ctx.doc.line(block.start)
    # (a bar's blocks are beyond ASCII; the other progress form needs a "|")
    if block.start in ctx.taken or (("|" in text or not text.isascii()) and _PROGRESS_RE.search(text)):
        return  # a progress bar's rates and counts are not results
    lm = _LABEL_LINE_RE.match(text)
    if lm and MACHINE_LABEL_RE.match(lm.group("label").strip()) and not _MORE_AFTER_LABEL_RE.search(text, lm.end()):
        return  # "RAM: 4 x 32GB", "- **GPU**: 2*RTX 4090": a line describing the machine or the run's inputs
    if block.in_code:
        if _BARE_VALUE_LINE_RE.fullmatch(text):
            yield from _value_under_line(ctx, block.start, text)
            return
        yield from claims_in_text(ctx, block.start, text, console=True)
        return
    yield from claims_in_text(ctx, block.start, text, default_metric=_lead_in_metric(block, ctx))


_BARE_VALUE_LINE_RE = re.compile(r"\s*[-+]?\d+\.\d+(?:[eE][-+]?\d{1,3})?\s*")
_VALUE_AFTER_LABEL_RE = re.compile(r"(?<![=!<>])(?::|=(?!=))\s*[-+~]?\.?\d")  # "== 10000" compares, it states nothing
_NAMING_LINE_RE = re.compile(r"[A-Za-z][^\n]{2,200}")


def _value_under_line(ctx: Context, line: int, text: str) -> Iterator[Claim]:
    """A number alone on its line in tool output ("torch.sin ... torch.half" then "0.4649"): the measure of the
    line above it, when that line names something and states no value of its own."""
    above = ctx.doc.line(line - 1).strip().lstrip("$#> ").strip()
    if not _NAMING_LINE_RE.fullmatch(above) or above.startswith(("```", "~~~")) or line - 1 in ctx.taken or \
            _VALUE_AFTER_LABEL_RE.search(above):
        return
    nums = find_numbers(text)
    if len(nums) != 1 or not ctx.is_free(line, nums[0].start, nums[0].end):
        return
    n = nums[0]
    metric = above[:120]
    ctx.take(line, n.start, n.end)
    yield ctx.claim(_kind(metric, None), line, text.strip(), metric=metric, value=n.value, config={})


def _lead_in_metric(block: Block, ctx: Context) -> str | None:
    """The metric a sub-list's parent item ends with: "Disaggregated serving (...), gsm8k:"."""
    if block.kind != "item" or block.level == 0:
        return None
    for no in range(block.start - 1, max(0, block.start - 60), -1):  # bounded walk up the list
        raw = ctx.doc.line(no)
        bm = _ITEM_LINE_RE.match(raw)
        if not raw.strip():
            continue
        if bm is None:
            return None
        if len(bm.group(1).replace("\t", "    ")) // 2 < block.level:
            tail = raw.rstrip()
            if not tail.endswith(":"):
                return None
            m = _LEAD_IN_METRIC_RE.search(tail)
            return m.group(1) if m else None
    return None



# compiled once (a string pattern in a hot function costs a cache lookup per call)
_CHANGE_AFTER_RE = re.compile(r"\s*(?:->|→|=>)\s*[~≈]?\d")
_BOUND_AFTER_VALUE_RE = re.compile(r"\d[\w.%/]{0,8}(?:\s?[A-Za-zµ%/]{1,8})?\s*(?:[<>]=?|[≤≥])\s*\(?\s*$")
_AT_BEFORE_RE = re.compile(r"\bat\s*$")
_WORD_AFTER_RE = re.compile(r"\s*[A-Za-z]")
_LIST_GAP_RE = re.compile(r"\s*[/,]\s*|\s*(?:and|or)\s*|\s*[-+*=]\s*")
_TO_GAP_RE = re.compile(r"\s+(?:[a-z_-]{1,20}\s+){0,3}to\s+")
_PLUS_MINUS_GAP_RE = re.compile(r"\s*(?:±|\+/-|\+-)\s*")
_OPEN_PAREN_GAP_RE = re.compile(r"\s*\(\s*")
_AGAINST_GAP_RE = re.compile(r"\s*(?:,\s*)?against\s+")
_QUALIFIER_LEAD_RE = re.compile(r"(?:with|without|at|on|for|under)\b[^;:()]{0,40}?,?", re.IGNORECASE)
_POINTS_METRIC_AFTER_RE = re.compile(r"\s+(?:(?:on|in|for)\s+(?:the\s+)?)?(" + _METRIC_RE.pattern + ")",
                                     re.IGNORECASE)
_METRIC_AFTER_RE = re.compile(r"\s+(?:on|in|for)\s+(?:the\s+)?(" + _METRIC_RE.pattern + ")", re.IGNORECASE)
_AT_METRIC_RE = re.compile(r"\s?@\s?(" + _METRIC_RE.pattern + ")", re.IGNORECASE)
_ACCURACY_NAME_RE = re.compile(r"gsm8k|mmlu|mmmu|gpqa|eval|accuracy|exact|score|pass@|\bf1\b|\bmath|aime|pass ?key|"
                               r"hellaswag|winogrande|ruler|longbench|ppl|perplexity", re.IGNORECASE)
_LEAD_IN_METRIC_RE = re.compile(r"(?:^|[,(]\s*)(" + _METRIC_RE.pattern + r")\s*:$", re.IGNORECASE)

_ITEM_LINE_RE = re.compile(r"^([ \t]*)(?:[-*+•◦▪‣]|\d{1,3}[.)])[ \t]+")
