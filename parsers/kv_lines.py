"""Benchmark output printed as "label: value" lines.

vLLM's "Serving Benchmark Result" block, SGLang's bench_serving, bench_one_batch and few-shot
gsm8k output, trtllm-bench's PERFORMANCE OVERVIEW and DECODING STATISTICS, speculative decoding
summaries, server log lines, pytest assertion output:

    Mean TTFT (ms):                          42.17
    Output token throughput (tok/s):         2210.3
    [AR] P50    : 1.82
    Mean acceptance length: 2.47
    Accuracy: 0.950  Invalid: 0.000  Latency: 20.1 s  Output throughput: 1234.5 token/s
    Decode 0. Batch size: 128, latency: 0.17131 s, throughput:    747.20 token/s
    Throughput: 89.27 requests/s, 22853.37 total tokens/s, 11426.69 output tokens/s
    GSM8K metric too low: 0.0114 < 0.7200 - 0.0800 = 0.6400

A line holds one or more pairs. A pair's label runs back from its colon to the previous pair's
value or to a separator (comma, semicolon, tab, two spaces, " / ", a sentence end); a log
prefix is skipped and a leading "Decode 0." names the group the line's pairs belong to. Values
followed by words that are not a unit are left to the prose reader ("gsm8k: 96.25 (ref 96.36)");
a comparison after a value ("< 0.72 - 0.08") gives its reference. After a value, more numbers
separated by commas belong to the same label (the throughputs above, per-position rates).

Configuration echoes (request rate, concurrency, number of prompts, token and request totals,
batch size, snake_case settings, trtllm-bench's ENGINE/REQUEST DETAILS sections, yaml blocks) are
not claims. A baseline ("Baseline: 215.84 s", "Before: 45.2 ms, After: 40.1 ms", "main: ...,
this PR: ...") is the reference of the next value with the same unit, on its line or on the next
line, and gets no claim of its own. A value cut off by the end of the document is skipped.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from ledger.memo import short_text_cache
from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.document import Block
from ledger.parsers.numbers import header_unit, normalise_unit, parse_duration, to_float
from ledger.parsers.pairs import Pair, continuations, line_prefix, list_names, pairs_in
from ledger.vocab.metrics import is_acceptance_name, is_gauge_name, kind_for_metric
from ledger.vocab.setup import BASELINE_LABEL_RE, is_config_label, qualifiers

NAME = "kv_lines"
VERSION = "2"
BLOCKS = frozenset({"code", "text", "item"})

_DIGIT_RE = re.compile(r"\d")
_COMMAND_RE = re.compile(
    r"^\s*(?:\$\s|>>>|#|--|python\d?(?:\.\d+)?\s|pytest\s|torchrun\s|mpirun\s|export\s|CUDA_|vllm\s|"
    r"sglang\s|trtllm-\w+\s|lm_eval\s|bash\s|sh\s|make\s|git\s|pip\d?\s|docker\s|srun\s|cd\s|buck\s)")
_COUNT_LABEL_RE = re.compile(
    r"\b(?:tokens?|requests?|prompts?|samples?|items?|queries|questions|proposals?|drafts?|iterations?|"
    r"sequences?|seqs?|req)\b|^#|concurren|batch", re.IGNORECASE)
_RATE_WORDS_RE = re.compile(r"throughput|latency|time|/s|per\b|speed|rate\b|duration|length|ttft|tpot|itl",
                            re.IGNORECASE)
_MEASURED_RE = re.compile(
    r"throughput|latency|ttft|tpot|itl|e2e|time|duration|speed|accuracy|score|acc\b|rate|length|"
    r"p\d{2}|mean|median|average|avg|min|max|std|tps|qps|memory|speedup|bandwidth|\[ar\]|diff|error|"
    r"exact|match|pass@|\bf1\b|ppl|perplexity|gsm8k|mmlu|tflops|gbps|usage\b",
    re.IGNORECASE,
)
_SNAKE_UNIT_RE = re.compile(r"_(ms|us|s|sec)$")
_TRAILING_BRACKET_RE = re.compile(r"\s*[(\[][^()\[\]]{1,30}[)\]]\s*$")
_ACCEPT_LEN_RE = re.compile(r"accept\w*\s+len", re.IGNORECASE)
_TRAILING_PAREN_RE = re.compile(r"\s*\([^()]{0,40}\)\s*$")
_UNIT_PAREN_RE = re.compile(r"\([^()]*\)$")
_NOT_METRIC_RE = re.compile(r"(?:https?|commit|pr|version|date)\b", re.IGNORECASE)
_LAST_WORD_RE = re.compile(r"\s*\S+$")


# pytest's assertion echo: "assert np.float64(0.0113) >= (0.72 - 0.08)"
_ASSERT_RE = re.compile(
    r"^\s*(?:E\s+)?assert\s+(?:[\w.]{1,40}\()?(?P<v>[-+]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d{1,3})?)\)?"
    r"\s*(?:>=|<=|>|<|==|≥|≤)\s*(?:\(\s*)?(?P<r>[-+]?\d[\d,]*(?:\.\d+)?)[\s\d.+\-*/=()]{0,60}$")


def _assert_claim(ctx: Context, no: int, text: str) -> Claim | None:
    """"assert np.float64(0.0113) >= (0.72 - 0.08)" under a line naming the metric ("GSM8K metric too low")."""
    m = _ASSERT_RE.match(text)
    if not m:
        return None
    above = ""
    for back in (1, 2):
        prev = ctx.doc.line(no - back)
        if prev.strip():
            labels = [p.label for p in pairs_in(prev) if p.value is not None]
            above = labels[-1] if labels else prev.strip()[-80:]
            break
    kind = kind_for_metric(above)
    if kind == "perf" and not _measured(above):
        return None
    ctx.take(no, m.start("v"), m.end())
    return ctx.claim(kind, no, text[m.start("v"):m.end()].strip(), metric=f"{above} (assert)".strip(),
                     value=to_float(m.group("v")), reference=to_float(m.group("r")))


# gptManagerBenchmark and similar: "[BENCHMARK] token_throughput(token/sec) 1036.8", "key(unit)  value"
_SPACED_RE = re.compile(
    r"^\s*(?:\[[A-Z]{2,20}\]\s+)?(?P<label>[A-Za-z][\w.-]{1,60}(?:\((?P<unit>[^()\s]{1,16})\))?)\s+"
    r"(?P<v>[-+]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d{1,3})?)\s*$")


# time(1) and the like: "real    0m41.207s" (a clock duration under a word, parted by a tab or blanks)
_SPACED_DURATION_RE = re.compile(r"^\s*(?P<label>[A-Za-z][\w.-]{1,30})(?:\t|\s{2,})"
                                 r"(?P<v>\d{1,4}h\d{1,2}m\d{1,2}(?:\.\d+)?s|\d{1,4}m\d{1,2}(?:\.\d+)?s)\s*$")


def _spaced_claim(ctx: Context, no: int, text: str, console: bool = False) -> Claim | None:
    """A "key value" line with no colon, in a code block: only snake_case or unit-bearing result keys, or a
    clock duration ("real    0m41.207s")."""
    dm = _SPACED_DURATION_RE.match(text)
    if dm and not _is_config(dm.group("label"), "s"):
        seconds = parse_duration(dm.group("v"))
        if seconds is not None:
            ctx.take(no, dm.start("label"), dm.end("v"))
            return ctx.claim("perf", no, text[dm.start("label"):dm.end("v")], metric=f"{dm.group('label')} time",
                             value=seconds, unit="s", printed=dm.group("v"))
    m = _SPACED_RE.match(text)
    if not m:
        return _worded_claim(ctx, no, text)
    label = m.group("label")
    core = _UNIT_PAREN_RE.sub("", label)
    v = m.group("v")
    if _is_config(core, None) or is_gauge_name(core):
        return None
    # a snake_case or unit-bearing result key; or any name over a measured fraction ("forward 5.81e-06") in output
    if not (((_SNAKE_RE.match(core) or m.group("unit")) and _measured(core)) or
            (console and ("." in v or "e" in v.lower()) and _open_world_label(core) and not _SNAKE_RE.match(core))):
        return None
    unit = m.group("unit") or _snake_unit(core)
    value = to_float(v)
    ctx.take(no, m.start("label"), m.end("v"))
    return ctx.claim(kind_for_metric(core, unit), no, text[m.start("label"):m.end("v")], metric=label, value=value,
                     unit=normalise_unit(unit) if unit else None)


# "Average tokens/sec including batches 9116.81": words naming a result, then its number, alone on a line of output
_WORDED_RE = re.compile(
    r"^\s*(?P<label>[A-Za-z][\w./%()-]{0,30}(?: [\w./%()-]{1,30}){1,7})\s+(?P<v>[-+]?\d[\d,]*(?:\.\d+)?)\s*$")
_UNIT_WORD_IN_LABEL_RE = re.compile(r"(?<![\w/])(tok(?:en)?s?/s(?:ec)?|req(?:uest)?s?/s|ms|us|s|GB/s|TFLOPS|GFLOPS)"
                                    r"(?![\w/])", re.IGNORECASE)


def _worded_claim(ctx: Context, no: int, text: str) -> Claim | None:
    m = _WORDED_RE.match(text)
    if not m or _skip_line(text) or " -" in m.group("label"):
        return None  # a command and its flags ("... --num-shots 20") are settings
    label = m.group("label")
    um = _UNIT_WORD_IN_LABEL_RE.search(label)
    unit = normalise_unit(um.group(1)) if um else None
    if _is_config(label, unit) or not (_measured(label) or unit):
        return None
    ctx.take(no, m.start("label"), m.end("v"))
    return ctx.claim(kind_for_metric(label, unit), no, text[m.start("label"):m.end("v")].strip(), metric=label,
                     value=to_float(m.group("v")), unit=unit)


_PAIR_VALUE_RE = re.compile(r":\s+[-+~]?\d")


def _among_pairs(ctx: Context, no: int) -> bool:
    """A line between lines of "label: value" output (console output pasted without a fence)."""
    return any(_PAIR_VALUE_RE.search(ctx.doc.line(k)) for k in (no - 1, no + 1))


def _skip_line(text: str) -> bool:
    s = text.strip()
    return not s or bool(_COMMAND_RE.match(s)) or s.count(" --") >= 2 or "█" in s


_NUMERIC_DIFF_RE = re.compile(r"(?:abs|rel|max|mean)[_ ]?(?:abs[_ ]?)?(?:diff|err(?:or)?)\b", re.IGNORECASE)
_EXTREME_RESULT_RE = re.compile(
    r"(?:max|min|peak)(?:\b|_).{0,30}?(?:ttft|tpot|itl|e2el?|latency|throughput|time|diff|err)", re.IGNORECASE)
# snake_case keys are settings (a YAML or argparse dump) unless they name a result
_SNAKE_RE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")
_SNAKE_RESULT_RE = re.compile(
    r"throughput|latency|ttft|tpot|itl|e2el|accuracy|acc(?:_norm)?$|score|exact_match|diff|err(?:or)?$|"
    r"acceptance|accept_len|speedup|duration|elapsed|_ms$|_us$|_sec$|_s$|tok_s|tokens_per_s|tps|qps|tflops|gbps",
    re.IGNORECASE)


def _snake_unit(label: str) -> str | None:
    """"mean_ttft_ms" -> "ms": a unit spelled into a snake_case key."""
    m = _SNAKE_UNIT_RE.search(label) if _SNAKE_RE.match(label) else None
    return m.group(1) if m else None


@short_text_cache(4096)  # labels repeat from line to line and document to document
def _measured(label: str) -> bool:
    """The label names a measured quantity (_MEASURED_RE, a long case-blind alternation, or an acceptance name)."""
    return _MEASURED_RE.search(label) is not None or is_acceptance_name(label)


@short_text_cache(4096)
def _is_config(label: str, unit: str | None) -> bool:
    """Run inputs and workload counts: "Successful requests", "Batch size", "Number of draft tokens"."""
    core = _TRAILING_BRACKET_RE.sub("", label)
    if is_acceptance_name(core):
        return False  # "Mean Request AR", "Accepted length": a result, whatever counter word it holds
    if _SNAKE_RE.match(core):
        return not _SNAKE_RESULT_RE.search(core)  # "gpu_memory_utilization: 0.9" is a setting
    if _EXTREME_RESULT_RE.match(core):
        return False  # "Max ITL (ms)", "Min TTFT": an extreme of a measured series, not a max_* setting
    if is_config_label(core):
        return True
    if unit is not None and unit.lower() in ("tokens", "token", "tok"):
        # "Average Input Length (tokens)", "Accepted: 1234 tokens": workload; an acceptance length is a result
        return not _ACCEPT_LEN_RE.search(label)
    if unit is not None:
        return False  # "With the draft model: 101.12 s" is a measured time
    return bool(_COUNT_LABEL_RE.search(core)) and not _RATE_WORDS_RE.search(label)


def _baseline_before(ctx: Context, line: int, unit: str | None) -> float | None:
    """A "Baseline …: 215.84 s" on one of the two lines above, with the same unit."""
    for back in (1, 2):
        prev = ctx.doc.line(line - back)
        if not prev.strip():
            continue
        pairs = [p for p in pairs_in(prev) if p.value is not None]
        if len(pairs) == 1 and is_baseline_label(pairs[0].label) and _unit_of(pairs[0]) == unit:
            return pairs[0].value  # a line of its own: "Baseline (non-speculative): 215.84 s"
        break
    return None


_BASELINE_END_RE = re.compile(r"(?:^|\s)(?:before|baseline|main|master|old|original|ref(?:erence)?)$", re.IGNORECASE)
_NEW_LABEL_RE = re.compile(r"^(?:after|now|new|this pr|pr|ours|optimi[sz]ed|with (?:the )?(?:fix|change|pr))$",
                           re.IGNORECASE)


def _paired_later(ctx: Context, no: int, text: str, base: Pair, unit: str | None) -> bool:
    """A value with the baseline's unit follows it, on its line or on the next line (which pairs with it)."""
    if any(q.value is not None and q.label_start > base.end and _unit_of(q) == unit for q in pairs_in(text)):
        return True
    for k in (no + 1, no + 2):
        nxt = ctx.doc.line(k)
        if nxt.strip():
            pairs = [q for q in pairs_in(nxt) if q.value is not None]
            return len(pairs) >= 1 and _unit_of(pairs[0]) == unit and not is_baseline_label(pairs[0].label)
    return False


@short_text_cache(4096)
def is_baseline_label(label: str) -> bool:
    """"Baseline (non-speculative)", "Before", "main", "TTFT before": the value a later one is compared with."""
    core = _TRAILING_PAREN_RE.sub("", label).strip()
    return bool(BASELINE_LABEL_RE.match(core) or _BASELINE_END_RE.search(core))


def _unit_of(p: Pair) -> str | None:
    unit = header_unit(p.label) or p.unit
    return normalise_unit(unit) if unit else None


def _accuracy_above(ctx: Context, line: int) -> bool:
    """The nearest line above with pairs (within two) prints an accuracy ("Accuracy: 0.950")."""
    for back in (1, 2):
        prev = ctx.doc.line(line - back)
        if not prev.strip():
            continue
        return any(p.value is not None and kind_for_metric(p.label) == "accuracy" for p in pairs_in(prev))
    return False


# trtllm-bench section banners: "= ENGINE DETAILS", "= PERFORMANCE OVERVIEW"; sub-headers carry a unit:
# "-- Request Latency Breakdown (ms) ----"
_BANNER_RE = re.compile(r"^\s*=+\s+(?P<title>[A-Za-z][A-Za-z0-9 +/()&,.-]{2,60}?)\s*=*\s*$")
_SUBHEAD_RE = re.compile(r"^\s*-{2,}\s*(?P<title>[A-Za-z][^-]{2,60}?)\s*-{3,}\s*$")
_CONFIG_BANNER_RE = re.compile(r"engine|runtime|request details|dataset|settings|config|world|backend|environment|"
                               r"arguments|parameters", re.IGNORECASE)
BANNER_LOOKBACK = 60


def _banner_index(ctx: Context) -> tuple[list[int], dict[int, tuple[bool, str]]]:
    """The document's banner and sub-header lines, found once: (line numbers in order, line -> (is a
    sub-header, title))."""
    index = ctx.memo.get(NAME)
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
        index = ctx.memo[NAME] = (list(found), found)
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


def _cut_short(ctx: Context, no: int, text: str, p: Pair) -> bool:
    """The document ends inside this value ("latency: 0" where the lines above print "0.11220 s")."""
    if p.unit is not None or p.end < len(text.rstrip()):
        return False
    if any(ctx.doc.line(k).strip() for k in range(no + 1, len(ctx.doc.lines) + 1)):
        return False
    prev = ctx.doc.line(no - 1)
    return any(q.label == p.label and q.unit is not None for q in pairs_in(prev))


_IDENTIFIER_LABEL_RE = re.compile(
    r"\b(?:id|pid|tid|port|rank|seed|epoch|step|steps|iter(?:ation)?s?|idx|index|version|build|commit|date|time ?stamp|"
    r"year|line|lines|line no|col|column|device|gpu|node|worker|thread|process|batch ?id|request ?id|run|trial|"
    r"shape|dim|size|num|count|total|n)\b", re.IGNORECASE)


def _open_world_label(label: str) -> bool:
    """A name that may label a result in tool output: words, not an identifier, a position or a size."""
    core = label.strip()
    return (2 <= len(core) <= 60 and any(ch.isalpha() for ch in core) and not _IDENTIFIER_LABEL_RE.search(core)
            and not _SNAKE_RE.match(core))


_QUALIFIER_LABEL_RE = re.compile(r"^(?:at|with|for|on|under|w/)\s+\S", re.IGNORECASE)
_QUALIFIER_TAIL_RE = re.compile(r"\s+(?:at|with|for|on|under|w/)\s+.*$", re.IGNORECASE)
_STDERR_KEY_RE = re.compile(r"(?:^|(?<=[_,\s-]))(?:stderr|std_?err|sem)(?=$|[_,\s:-])", re.IGNORECASE)
_NEW_SIDE_RE = re.compile(r"^(?:with\b|this pr|the pr|pr\b|after|now|new|ours|optimi[sz]ed|patched|fixed|branch)",
                          re.IGNORECASE)
_SPREAD_WORD_RE = re.compile(r"σ|\bstd|\bsigma|\bstdev|deviation", re.IGNORECASE)
_CONFIG_FENCE_RE = re.compile(r"^(?:ya?ml|toml|ini|cfg|conf|dockerfile|env)\b", re.IGNORECASE)  # json may hold results


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    if block.kind == "code" and _CONFIG_FENCE_RE.match(block.info):
        return  # a configuration file: every number in it is a setting
    # what the results are of: the heading above, and the line that introduces the block ("gpqa, 4 runs:")
    section = " ".join([*block.section[-1:], ctx.lead_in(block)]).strip()
    last_kind: str | None = None
    # the claim of the last line that held one, with its unit: "With this change: 31,673 tok/s" above "Without it:
    # 29,665 tok/s" takes the second as its reference
    # (items and text lines are blocks of their own: the memory lives in ctx.memo)
    above: tuple[int, Claim, str | None, str] | None = ctx.memo.get(NAME + ".above")
    banner: tuple[bool, str | None] | None = None
    banner_line = 0
    for no, text in enumerate(ctx.doc.lines[block.start - 1:block.end], start=block.start):
        if _DIGIT_RE.search(text) is None:
            # every claim below needs a digit in its value (the block has one, most of its lines not)
            last_kind = None if not text.strip() else last_kind
            continue
        if no not in ctx.taken and "assert" in text:
            claim = _assert_claim(ctx, no, text)
            if claim is not None:
                yield claim
                continue
        if no not in ctx.taken and ":" not in text and (block.kind == "code" or "\t" in text or
                                                        "  " in text.strip() or _among_pairs(ctx, no)):
            claim = _spaced_claim(ctx, no, text, console=block.kind == "code")
            if claim is not None:
                yield claim
                continue
        if no in ctx.taken or (":" not in text and "=" not in text and ">" not in text) or _skip_line(text):
            last_kind = None if not text.strip() else last_kind
            continue
        _floor, group = line_prefix(text)
        line_base: tuple[float, str | None, str] | None = None
        line_metric: tuple[str, str] | None = None  # (metric, kind) of this line's last claim
        for p in pairs_in(text):
            if p.value is None or not p.clean or len(p.label) < 2:
                continue
            if not ctx.is_free(no, p.label_start, p.end):
                continue
            label = p.label
            if _NOT_METRIC_RE.match(label):
                continue
            if text[p.label_start + len(label):p.value_start].strip() == "=" and not _measured(label):
                continue  # "tp=8", "M=64": settings, not results
            if banner is None or banner_line != no:
                banner, banner_line = section_banner(ctx, no), no
            if banner[0]:
                ctx.take(no, p.label_start, p.end)  # "= ENGINE DETAILS": the run's settings
                continue
            unit = header_unit(label) or p.unit or _snake_unit(label) or (
                banner[1] if _measured(label) else None)
            if unit is not None:
                unit = normalise_unit(unit)
            if line_metric is not None and _QUALIFIER_LABEL_RE.match(label):
                # "acceptance length at batch 32: 2.27, at batch 2: 2.41": the same measure under another setup
                base = _QUALIFIER_TAIL_RE.sub("", line_metric[0]).strip() or line_metric[0]
                ctx.take(no, p.label_start, p.end)
                yield ctx.claim(line_metric[1], no, text[p.label_start:p.end], metric=f"{base} {label}",
                                value=p.value, unit=unit, config=qualifiers(label) or None)
                continue
            if _is_config(label, unit) or is_gauge_name(label):
                ctx.take(no, p.label_start, p.end)  # a setting, a workload count or a state gauge
                continue
            sm = _STDERR_KEY_RE.search(label)
            if sm is not None:
                # "exact_match_stderr,strict-match": the error of the value its name leaves, never a claim
                base = (label[:sm.start()].rstrip("_ -") + label[sm.end():]).strip(" _,")
                target = ctx.memo.get(NAME + ".by_label", {}).get(base)
                if target is not None and target.stderr is None:
                    target.stderr = p.value
                ctx.take(no, p.label_start, p.end)
                continue
            if is_baseline_label(label) and _paired_later(ctx, no, text, p, unit):
                ctx.take(no, p.label_start, p.end)  # the next value's reference, not a claim
                line_base = (p.value, unit, _LAST_WORD_RE.sub("", label))
                continue
            if (above is not None and is_baseline_label(label) and above[2] == unit and above[1].reference is None
                    and no - above[0] <= 2 and _NEW_SIDE_RE.search(above[3])):
                above[1].reference = p.value  # the baseline printed after its new value
                ctx.take(no, p.label_start, p.end)
                above = ctx.memo[NAME + ".above"] = None
                continue
            metric = f"{group} {label}" if group else label
            if line_base is not None and line_base[2] and _NEW_LABEL_RE.match(label):
                metric = f"{line_base[2]} {label}"  # "TTFT before: 45.2 ms / after: 40.1 ms" -> "TTFT after"
            kind = kind_for_metric(f"{metric} {section}", unit)
            if _NUMERIC_DIFF_RE.search(label):
                kind = "accuracy"  # "max_abs_diff = 0": a numerical deviation from the reference output
            if unit is None and not _measured(label):
                if last_kind == "accuracy" or _accuracy_above(ctx, no):
                    kind = "accuracy"  # "Invalid: 0.000" after "Accuracy: 0.950"
                elif block.kind != "code" or not _open_world_label(label):
                    continue
                # console output: a number printed under a name is a result whatever the name ("Mean KLD",
                # "Same top p"), unless the closed vocabulary calls it a setting, a count or a gauge
            if _cut_short(ctx, no, text, p):
                ctx.warn(no, "value cut short at the end of the document")
                ctx.take(no, p.label_start, p.end)  # nor may prose read the cut digits
                continue
            ref = p.reference
            if ref is None and line_base is not None and line_base[1] == unit:
                ref, line_base = line_base[0], None  # "Before: 45.2 ms, After: 40.1 ms"
            if ref is None:
                ref = _baseline_before(ctx, no, unit)
            ctx.take(no, p.label_start, p.end)
            last_kind = kind
            base, names = list_names(label)
            if names:
                unit = unit or (normalise_unit(u) if (u := header_unit(base)) else None)
            spread: dict[str, float] = {}
            if p.spread is not None:
                spread = {"stddev" if _SPREAD_WORD_RE.search(label) else "stderr": p.spread}
            if p.items is not None:  # "[0.157, 0.165, 0.463]": one claim per value of the list
                named = len(names) == len(p.items)
                for k, (value, start, end) in enumerate(p.items):
                    stat = names[k] if named else None
                    cmetric = f"{group + ' ' if group else ''}{base} {stat}" if stat else f"{metric} ({k + 1})"
                    yield ctx.claim(kind, no, text[start:end], metric=cmetric, value=value, unit=unit,
                                    config={"stat": stat} if stat else ({"group": group} if group else None))
                continue
            conts = continuations(text, p)
            named = len(names) == len(conts) + 1
            first = f"{group + ' ' if group else ''}{base} {names[0]}" if named else metric
            cfg = {"stat": names[0]} if named else {}
            if group:
                cfg["group"] = group
            claim = ctx.claim(kind, no, text[p.label_start:p.end], metric=first, value=p.value, high=p.high,
                              approx=p.approx, unit=unit, reference=ref, printed=p.printed, config=cfg or None,
                              **spread)
            above = ctx.memo[NAME + ".above"] = (no, claim, unit, label)
            line_metric = (first, kind)
            ctx.memo.setdefault(NAME + ".by_label", {})[label] = claim
            yield claim
            for i, (value, cunit, qual, start, end) in enumerate(conts, start=2):
                ctx.take(no, start, end)
                if named:
                    yield ctx.claim(kind, no, text[start:end], metric=f"{base} {names[i - 1]}", value=value,
                                    unit=cunit or unit, config={"stat": names[i - 1]})
                    continue
                if not cunit:
                    cunit = None
                    cmetric = f"{metric} ({i})"  # the i-th of a list of values under one label
                else:
                    cmetric = f"{metric} ({qual} {cunit})" if qual else f"{metric} ({cunit})"
                yield ctx.claim(kind_for_metric(cmetric, cunit), no, text[start:end], metric=cmetric,
                                value=value, unit=cunit)
