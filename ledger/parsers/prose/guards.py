"""The guards that tell a number in prose is no result: a setting ("ISL 8192", "--max-num-seqs 256",
"`tp=2`"), a count ("8 GPUs", "300 rows"), a capacity ("a 184 GiB device"), a threshold ("< 0.72"), a link's
target, a progress bar's rate, a year.

Apart from prose.py because they are asked of every number before any pairing and hold no claim logic:
is_config_number's tests, one per kind of number that is not a measurement, each with its pattern.
"""

from __future__ import annotations

import bisect
import functools
import re

from ledger.parsers.grammar.numbers import Number, normalise_unit
from ledger.parsers.prose.acceptance_ceiling import acceptance_ceiling
from ledger.parsers.prose.bars import compared_bound
from ledger.parsers.prose.counted_ratios import compared_factor, counted, names_its_change
from ledger.parsers.prose.hardware_specs import capability_before, peak_spec
from ledger.parsers.prose.intervals import interval_bound, lone_spread, range_of_no_result
from ledger.parsers.prose.item_numbers import enumerator
from ledger.parsers.prose.link_names import in_link_not_value
from ledger.parsers.prose.metrics import METRIC_LOWER_PATTERN, METRIC_RE, any_of
from ledger.parsers.prose.name_numbers import in_a_name
from ledger.parsers.prose.pipeline_stages import pipeline_stages
from ledger.parsers.prose.set_sizes import set_size
from ledger.parsers.prose.size_changes import measured_size
from ledger.parsers.prose.workload_items import in_workload_item
from ledger.vocab.acceptance_words import named_after
from ledger.vocab.assigned_sizes import sent_rate
from ledger.vocab.ci_jobs import ci_run_id
from ledger.vocab.config_names import CONFIG_NAMES
from ledger.vocab.context_words import context_length_after
from ledger.vocab.explaining_numbers import explains, storage_needed
from ledger.vocab.length_pairs import in_length_pair
from ledger.vocab.metrics import SPREAD_WORDS, STDERR_WORDS, is_benchmark_name, names_a_metric
from ledger.vocab.protocol_windows import set_to_last
from ledger.vocab.rank_words import RANK_BEFORE_VALUE_RE
from ledger.vocab.requirements import required_bound
from ledger.vocab.setup import BAR_WORDS, HARDWARE_NAME_RE
from ledger.vocab.spec_tuples import in_spec_tuple
from ledger.vocab.speed_names import TOKEN_RATES, stage_rate
from ledger.vocab.text import ARROW, CASE_ODD, CHANGE_AFTER_SHARE_RE, RUN_COUNT_NOUNS
from ledger.vocab.units import (
    MEASURED_VERB_RE,
    canonical_unit,
    is_bandwidth_unit,
    is_count_unit,
    is_measure_unit,
    is_performance_unit,
    is_size_unit,
    is_time_unit,
    is_timing_unit,
)
from ledger.vocab.word_gate import WordGate

CONFIG_BEFORE_RE = re.compile(
    r"(?:\b(?:" + any_of(CONFIG_NAMES) + r")\s*[:=]?\s*)$",
    re.IGNORECASE,
)
_CONFIG_BEFORE_LOW_RE = re.compile(CONFIG_BEFORE_RE.pattern)
"""Its case-sensitive copy, for the lowered window (it is written in lower case: the same matches; a case-blind
engine compares every character in both cases, at every word boundary of the window)."""


def _lowered(window: str) -> str | None:
    """A short window around a number lowered for a case-sensitive copy of a pattern, None where lowering could
    change what the case-blind pattern matches (lower_for_words' odd characters): not remembered, each number's
    window being a text of its own."""
    return window.lower() if window.isascii() or not any(map(window.__contains__, CASE_ODD)) else None


def config_before(before: str) -> bool:
    """Whether a setting's name ends the short window `before` a number (CONFIG_BEFORE_RE), asked of the lowered
    window."""
    low = _lowered(before)
    found = CONFIG_BEFORE_RE.search(before) if low is None else _CONFIG_BEFORE_LOW_RE.search(low)
    # ("tried it on an M4 Max: 61.2 tok/s": the word closes a chip's name, where no setting is named)
    return found is not None and not any(d.start() < found.start() < d.end() for d in HARDWARE_NAME_RE.finditer(before))


def metric_right_before(window: str) -> bool:
    """Whether a measure's name ends the window before a number (_METRIC_RIGHT_BEFORE_RE), asked of the lowered
    window."""
    low = _lowered(window)
    found = _METRIC_RIGHT_BEFORE_RE.search(window) if low is None else _METRIC_RIGHT_BEFORE_LOW_RE.search(low)
    return found is not None


def capacity_after(after: str) -> bool:
    """Whether the window after a number names what holds it (_CAPACITY_AFTER_RE: "GiB device", "of them"), asked
    of the lowered window."""
    low = _lowered(after)
    return (_CAPACITY_AFTER_RE.match(after) if low is None else _CAPACITY_AFTER_LOW_RE.match(low)) is not None


# "acceptance length 1.97": a metric name right before the number wins over "length" as a config word
_IN_OUT_AFTER_RE = re.compile(r"[ -](?:in|out)\b", re.IGNORECASE)
"""A length's short word right after its number ("1024 in", "512 out"), which in_length_pair reads with the pair."""
_METRIC_RIGHT_BEFORE_RE = re.compile(r"(?:" + METRIC_RE.pattern + r")\s*[:=]?\s*$", re.IGNORECASE)
_METRIC_RIGHT_BEFORE_LOW_RE = re.compile(r"(?:" + METRIC_LOWER_PATTERN + r")\s*[:=]?\s*$")
"""Its case-sensitive form for the lowered window (the names' lowered copy, as holds_metric asks)."""
NAMED_THRESHOLD_RE = WordGate(
    re.compile(
        r"(?<![\w-])(?:" + BAR_WORDS + r"\s*\(?\s*"
        r"(?:of|is|was|=|:|at|set to|[<>]=?|[≤≥])?|tolerance\s*(?:of|is|=|set to))\s*[~≈]?$",
        re.IGNORECASE,
    )
)  # (searched before every number of prose: only where a bar's word stands)
# ("tolerance: +1.46% throughput": after a colon, the measured change; "; SEM ~1 pt)": a standard error, alone;
# "(σ ≈ 3 pp at N = 200)": a spread estimated, no result)
_DISPERSION_BEFORE_RE = re.compile(
    r"(?:^|[;,(]\s*|\s)(?:range|spread|variance|(?:sample\s+)?" + SPREAD_WORDS + r")\s*[:=]\s*$"
    r"|(?:^|[;,(]\s*|\s)σ\s*[~≈]?\s*$"
    r"|[;,]\s*" + STDERR_WORDS + r"\s*[:=~≈]?\s*$",
    re.IGNORECASE,
)
_DISPERSION_ENDS = frozenset(":=~≈m.rM.Rσ")
"""How every match of _DISPERSION_BEFORE_RE ends but for blanks: its joint, or a standard error's last letter."""


def dispersion_before(text: str, start: int) -> bool:
    """Whether a spread's name ends the 40 characters before `start` (_DISPERSION_BEFORE_RE); asked before every
    number of prose, the window's last character tells first whether it can."""
    a = max(0, start - 40)
    last = text[a:start].rstrip()[-1:]
    return last in _DISPERSION_ENDS and _DISPERSION_BEFORE_RE.search(text, a, start) is not None


# "passed the raw 96.0 gate", "the usual 95% tolerance", "the 50% acceptance rate threshold": a bar named after its
# number (at most three words between, none a comparison's: "60% faster than the bar" compares)
THRESHOLD_AFTER_RE = re.compile(
    r"\s?%?\s+(?:(?!(?:than|vs|over|below|above|under|of|the|per)\b)[a-z][\w-]{0,20}\s+){0,3}?(?:gate|threshold|bar|"
    r"cut-?off|tolerance)\b",
    re.IGNORECASE,
)
# "Lowered the acceptance-rate threshold for X from `0.50` to `0.492`": a bar's old and new value
BAR_CHANGE_RE = WordGate(
    re.compile(
        r"\b(?:threshold|tolerance|cut-?off)\b[^.;:\n]{0,80}?\bfrom\s{1,3}[`*_]{0,2}"
        r"(?:[~≈]?\d[\d.]{0,12}%?[`*_]{0,2}\s{1,3}(?:to|->|→)\s{1,3}[`*_]{0,2})?$",
        re.IGNORECASE,
    )
)  # (searched 140 characters back from every number of prose: only where a bar's word stands)
# "fix the simulated acceptance length at 2.15", "a pinned acceptance length of 3.1", "golden acceptance rate: 0.7";
# a rate per draft position set the same way, each of them: "forced acceptance (0.8 0.5)", "synthetic accept mode(0.9"
_SET_ACCEPTANCE_BEFORE_RE = re.compile(
    r"\b(?:simulated|simulate|pinned|golden|fixed|forced)\s(?:accept(?:ance|ed)[ _-](?:length|len|rate)s?)"
    r"(?:\s(?:to|of|at|is|was|set to|pinned to|fixed at)|\s?[:=])?\s?[`*_]{0,2}[~≈]?$"
    r"|\b(?:simulated|pinned|fixed|forced|synthetic)\s(?:speculative\s)?accept(?:ance|ed)?"
    r"(?:[ _-](?:length|len|rate|ratio|mode)s?)?\s?[(:=]?\s?(?:0?\.\d{1,3}[ ,/]{1,2}){0,7}$",
    re.IGNORECASE,
)
_ONE_IN_RE = re.compile(r" in \d")
COUNT_NOUN_RE = re.compile(  # only ever asked yes / no (see any_of)
    r"^\s*(?:(?!(?:at|in|on|for|with|per|of|over|to|from|by|under|across|and|or|vs)\s)[a-z0-9_.-]+\s+){0,1}?"
    r"(?:"
    + any_of(
        r"rows?|samples?|requests?|prompts?|gpus?|cores?|sockets?|layers?|cases?|launches|"
        r"launch|heads?|columns?|steps?|iterations?|runs?|rounds?|reps?|repeats?|repetitions?|trials?|seeds?|commits?|"
        r"files?|buckets?|experts?|pages?|"
        r"queries|query|shapes?|threads?|blocks?|bytes?|tokens?|tok\b|counts?|nodes?|cards?|ops?|kernels?|"
        r"patches|patch|gates?|tests?|models?|items?|entries|times|drafts?|workers?|ranks?|sequences?|"
        r"seqs?|users?|clients?|words?|chars?|characters|lines?|images?|videos?|frames?|q\b|kv\b|"
        r"weeks?|days?|months?|years?|people|members?|comments?|reviews?|issues?|prs?|stages?|passes|"
        r"questions?|problems?|shots?|examples?|subjects?|tasks?|"
        r"categories|category|splits?|subsets?|domains?|languages?"  # ("across 12 categories": a data set's parts)
    )
    + r")\b",
    re.IGNORECASE,
)

# "fp8 gather = ~870us" (a name apart from its "=", a time after it) is measured; "ttft_slo=200ms", a flag, given
_SPACED_TIMING_RE = re.compile(r"[A-Za-z]\w{0,40} = ~?$")
_TIMED_UNIT_BEFORE_RE = re.compile(r"\b(?:step|iter|iteration|epoch|round|run)\s?[:=]?\s?$", re.IGNORECASE)
_SETTING_BEFORE_RE = re.compile(r"[A-Za-z_][\w.]{0,60}\s?=\s?[\"']?$|--[\w-]{1,40}[ =]$")
_RUNS_BEFORE_RE = re.compile(r"\b\d{1,6}\s" + RUN_COUNT_NOUNS + r"[\s:,]{1,3}$")
_KEEP_BEFORE_RE = WordGate(
    re.compile(
        r"\b(?:keep|keeps|kept|retain|retains|retained|prune|prunes|pruned|use|uses|sample|samples)\s(?:only\s|just\s)?$",
        re.IGNORECASE,
    )
)
# "GSM8K ×5, radix on:": how many times a benchmark was run (what follows are the runs), not a result of it
_REPEATS_BEFORE_RE = re.compile(r"(?<![\w.-])(?P<name>[A-Za-z][\w.-]{1,40})[ \t]?×[ \t]?$")
_LEVEL_AFTER_RE = re.compile(
    r"\s?(?:confidence|CIs?\b|credible|significance|percentile|(?P<iv>intervals?\b))", re.IGNORECASE
)
# the parenthesis of a model's card: its parameter count before the size ("35.51 B params, 15.89 GiB")
_MODEL_CARD_BEFORE_RE = re.compile(r"\((?:[^()]{0,60}[\s,])?(?:params|parameters)\s?,\s?$", re.IGNORECASE)
# "49.072 GiB (3.816 BPW)": the bits per weight a model file's size is printed with (configuration, not a result)
_BPW_AFTER_RE = re.compile(r"\s?\(\s?\d{1,2}(?:\.\d{1,4})?\s?bpw\s?\)", re.IGNORECASE)
# "PR 24148", "PRs #12 and 13", "this PR and 24148": a change's number, named after the word for changes
_PR_BEFORE_RE = re.compile(r"\b(?:PRs?|MRs?|pull requests?)\b[^()\d\n]{0,12}?#?$", re.IGNORECASE)
# "our 2 fixes", "3 commits", "the 4 PRs": a count of changes or files, no measurement
_WORK_COUNT_AFTER_RE = re.compile(
    r"\s(?:(?:small|other|more|separate|related)\s)?(?:fix(?:es)?|PRs|commits?|changes|patch(?:es)?|bugs?|files|"
    r"issues|reviewers?)\b",
    re.IGNORECASE,
)
_CAPACITY_AFTER_RE = re.compile(
    # ("Q3_K_M (58GB file)", "below the 32GB ceiling": the checkpoint's size, the card's, never a measured one)
    r"\s*(?:device|gpu|card|node|hbm|memory budget|capacity|limit|file|ceiling)s?\b|"
    r"\s*(?:ram|vram|g?ddr\d?|unified memory|of (?:gpu |device )?memory|inter-?node|"
    r"interconnect|nvlink|infiniband|(?:target|prefix|kv) cache)\b|"
    # "64 KB smem", "400Gbps bandwidth between nodes", "(97249 MiB, 96691 MiB free)"
    r"\s*(?:smem|shared memory|sram|tmem|l[12] cache|free\b)|"
    r"\s*(?:bandwidth\s+)?between\s+(?:the\s+)?(?:nodes|gpus|hosts|machines|ranks)\b|"
    r"\s*(?:[\w-]{1,12}\s+){0,2}(?:ram|vram)\s+limit\b|"
    r"\s*of\s+(?:them|these|those)\b|\s*(?:[a-z-]{1,12}\s+)?(?:sigma|σ|flips?)\b",
    re.IGNORECASE,
)
_CAPACITY_AFTER_LOW_RE = re.compile(_CAPACITY_AFTER_RE.pattern.replace("σ", "[σς]"))
"""Its case-sensitive copy for the lowered window: written in lower case, its "σ" (which takes "Σ" and "ς" too)
as the two a lowered "Σ" becomes."""
# "the prefix cache holds 16 GB", "fits in 24 GB", "a card with 80 GB": what a memory can hold, not what a run used
_CAPACITY_BEFORE_RE = re.compile(
    r"\b(?:holds?|holding|fits?\s+(?:in|into|within)|(?:cards?|gpus?|devices?|nodes?|"
    r"machines?|hosts?)\s+with|budget\s+of|capacity\s+of|"
    # "allocated 2.1 GB per layer", "reserves 3 GB", "a scratch buffer per layer, 640 MB at 256 requests": what the
    # code sets aside, a size it chose, no measured footprint
    r"allocat(?:es|ed|ing)|reserv(?:es|ed|ing))\s+(?:up\s+to\s+|only\s+|about\s+)?$|"
    # "standard DDR5-4800 server DRAM (768 GB)": the machine's memory, its size in the parenthesis
    r"\b(?:dram|ddr\d(?:-\d{3,4})?)\s?\(\s?$|"
    r"\b(?:buffers?|workspaces?)\b[^.;:\d]{0,30}[,\u2014\u2013-]\s?$",
    re.IGNORECASE,
)


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
_TIME_BEFORE_RE = re.compile(
    r"\b(?:time|took|takes|duration|elapsed|wall|minutes?|run(?:time)?|in)\b[^.;]{0,30}$", re.IGNORECASE
)
_ANSI_BEFORE_RE = re.compile(r"(?:\x1b|\^\[)\[[\d;]{0,20}$")


def _bare_value_span(text: str, n: Number) -> bool:
    """The code span holds this number and nothing else but a sign, a % or an x ("`2.27`", "`-0.000020%`"):
    people set results in code too; a size or a setting spelled in code ("`512MiB`", "`tp=2`") is not that."""
    a = text.rfind("`", 0, n.start)
    b = text.find("`", n.end)
    if a < 0 or b < 0:
        return False
    inner = text[a + 1 : b].strip()
    if "." in inner and (cm := _COMPARED_SPAN_RE.fullmatch(inner)) is not None:
        return n.start == a + 1 + (len(text[a + 1 : b]) - len(text[a + 1 : b].lstrip())) + cm.start(1)
    if bool(_BARE_VALUE_RE.fullmatch(inner)) and (
        "." in inner or (inner.endswith("%") and CHANGE_AFTER_SHARE_RE.match(text, b + 1) is not None)
    ):
        return True  # ("around `7%` higher throughput": a change set in code for emphasis; "`90%`" alone a setting's)
    # "`4064.52 tokens/s`", "`2210 tok/s`": a value in its rate or time unit, the span nothing else (a size, "`512MiB`",
    # or a whole time, "`30s`", is a setting as often)
    return (
        is_performance_unit(n.unit)
        and not is_size_unit(n.unit)
        and ("." in inner or "/" in (n.unit or ""))
        and inner == text[n.num_start : n.end].strip()
    )


_BARE_VALUE_RE = re.compile(r"[-+~]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d{1,3})?\s?[%x×]?")
# "`429.18 < 522`": a CI gate's measured value against its floor, the first the value (the bar is a threshold)
_COMPARED_SPAN_RE = re.compile(r"([-+]?\d[\d,]*(?:\.\d+)?)\s?(?:<=|>=|<|>|≤|≥)\s?[-+]?\d[\d,]*(?:\.\d+)?")


def _arithmetic(text: str, n: Number) -> bool | None:
    """In "a + b = c" c is the result and a, b its operands: True for an operand, False for the result (also of
    "a × b = c"), None when n is in no such sum. (A factor is often a measurement per unit: "0.33 ms/call × 40
    layers", so only the terms of a sum are dropped.)"""
    head = text[max(0, n.start - 160) : n.start]
    clause = head[max(head.rfind(";"), head.rfind(". "), head.rfind("\n")) + 1 :]
    eq_before = clause.rfind("=")
    # (a sum prints its "=" apart; "FP8 + EAGLE at TP=2" glues a setting to it)
    if (
        eq_before >= 1
        and clause[eq_before - 1] in " )"
        and not clause[eq_before + 1 :].strip(" ~≈")
        and _has_operator(clause[:eq_before], "+×*")
    ):
        return False  # "... + some temporaries = 53GB": the sum, whatever the word before "="
    eq = text.find("=", n.end, n.end + 200)
    if eq < 0 or not _NUMBER_AFTER_EQ_RE.match(text, eq + 1) or _BREAK_RE.search(text, n.end, eq):
        return None
    left = clause[clause.rfind("=") + 1 :] + text[n.start : eq]
    return True if _has_operator(left, "+") else None


def _has_operator(text: str, ops: str) -> bool:
    """An operator of ops between blanks ("a + b", "(42GB) + (10GB)"), not a sign ("+5%")."""
    return any(f" {op} " in text or f"){op} " in text or f") {op}" in text for op in ops)


_NUMBER_AFTER_EQ_RE = re.compile(r"[ \t]{0,8}(?:[~≈][ \t]{0,8})?[-+]?\d")
_BREAK_RE = re.compile(r"[;\n]|\.\s")
# "set to 40%", "the default 10%", "settled for 30 seconds", "shard it to 10GB": a value chosen, not measured
_CHOSEN_BEFORE_RE = WordGate(
    re.compile(
        r"(?:\b(?:set|pinned|configured|defaults?)\s+(?:it\s+|them\s+)?(?:to|at)|"
        r"\bthe\s+default(?:\s+of)?|"
        r"\bdefault\s+(?:value\s+)?(?:of|is|was)|\bby\s+default|"
        r"\b(?:settle[sd]?|settling|wait(?:s|ed|ing)?|sleep(?:s|ing)?|slept|pause[sd]?|idled?|cool(?:s|ed)?\s+down)"
        r"\s+(?:for\s+)?|"
        r"\b(?:shard(?:s|ed)?|split(?:s|ting)?|chunk(?:s|ed)?|cap(?:s|ped)?|limit(?:s|ed)?|truncat(?:e[sd]?|ing))"
        r"\s+(?:it\s+|them\s+|the\s+[\w-]{1,20}\s+)?(?:to|into|at)(?:\s+most)?)\s*(?:[~≈]|about\s+)?$",
        re.IGNORECASE,
    )
)  # (searched where its words are: vocab.word_gate)
_BAR_WORD_RE = re.compile(
    r"\b(?:gate|gating|threshold|criteri(?:a|on)|target|must|should|required?|requirement|slo|sla|limit|bar"
    r"|pass(?:es)? if|accept(?:ed)? if|expect(?:ed)?)\b",
    re.IGNORECASE,
)
# a comparison's right side (never an arrow's: "158 -> 30 ms", "=> 30")
_BOUND_BEFORE_RE = re.compile(r"(?<![-=<>])(?:<=?|>=?|≤|≥)\s{0,2}[~≈]?\s{0,2}$")
# "threshold for bf16 tightened: 45% -> 50%", "the cutoff was raised to 0.7": a bar moved, not a result
_BAR_MOVED_RE = re.compile(
    r"(?<![\w-])" + BAR_WORDS + r"\b[^.;\n]{0,40}?\b(?:raised|lowered|tightened|relaxed|loosened|bumped|changed|"
    r"moved|increased|decreased|reduced|set)\b[^.;\d\n]{0,12}(?:\d[\d.]{0,8}\s?%?\s*(?:->|→|to)\s*)?$",
    re.IGNORECASE,
)


# an argument's snake_case name right after its number: a limit, a count or a size set ("3072 max_length")
_ARG_NAME_AFTER_RE = re.compile(
    r"\s(?:(?:max|min|num)_[a-z][a-z0-9_]{0,30}|[a-z][a-z0-9]{0,20}_(?:len|length|size|tokens))\b", re.IGNORECASE
)


def _chosen(text: str, n: Number) -> bool:
    """A value someone chose (_CHOSEN_BEFORE_RE, _BAR_MOVED_RE)."""
    window = max(0, n.start - 40)
    if _CHOSEN_BEFORE_RE.search(text, window, n.start):
        if RANK_BEFORE_VALUE_RE.search(text, window, n.start):
            return False  # ("rank 0 waited about 420 s": a rank's measured wait, never a pause someone set)
        # "the reference entry, set to 81": an expected result recorded for a test is a claim (corpus convention)
        return _EXPECTED_RE.search(text, max(0, n.start - 60), n.start) is None
    low = text[max(0, n.start - 80) : n.start].lower()
    return any(w in low for w in _BAR_HINTS) and _BAR_MOVED_RE.search(text, max(0, n.start - 80), n.start) is not None


_EXPECTED_RE = re.compile(r"\b(?:reference|expected)\b", re.IGNORECASE)
_BAR_HINTS = ("threshold", "cutoff", "cut-off", "bar", "mark")


# "L40S (48 GB)", "RTX PRO 6000 (97249 MiB, 96691 MiB free)", "M3 Ultra (80-core GPU, 192 GB)": a device's own size
_AFTER_DEVICE_RE = re.compile(
    r"[^()\n]{0,60}\(\s*(?:(?:[\d.,]{1,12}\s?[A-Za-z]{1,4}|\d{1,4}[- ]cores?(?:\s[A-Za-z]{2,4})?)\s*,\s*)?$",
    re.IGNORECASE,
)


# "H100 80GB", "A100-40GB", "H100 SXM 80GB": the memory that names the device's model
_MODEL_SIZE_RE = re.compile(r"(?:[ -](?:sxm\d?|pcie|nvl|hbm\d?e?))?[ -]?", re.IGNORECASE)


# "RX 9070 XT (gfx1201), 16 GB", "Ryzen 9 9900X, 64 GB": a machine's listing, its memory after its name
_LISTED_SIZE_RE = re.compile(r"(?:\s?[\w-]{1,10})?(?:\s?\([^()\n]{0,40}\))?\s?,\s?")


def _device_listing(text: str, n: Number) -> bool:
    """A size in brackets after a device's name (_AFTER_DEVICE_RE), or the size that names its model, or one listed
    after it (_LISTED_SIZE_RE): what the device holds, not what a run used."""
    if n.unit == "GB" and n.high is None:
        for m in HARDWARE_NAME_RE.finditer(text, max(0, n.start - 16), n.start):
            if _MODEL_SIZE_RE.fullmatch(text, m.end(), n.start):
                return True
    if is_size_unit(n.unit) and n.high is None:
        for m in HARDWARE_NAME_RE.finditer(text, max(0, n.start - 80), n.start):
            if _LISTED_SIZE_RE.fullmatch(text, m.end(), n.start):
                return True
    if "(" not in text[max(0, n.start - 24) : n.start]:
        return False
    for m in HARDWARE_NAME_RE.finditer(text, max(0, n.start - 100), n.start):
        if _AFTER_DEVICE_RE.match(text[m.end() : n.start]):
            return True
    return False


def _measured_at(before: str, n: Number) -> bool:
    """ "lands at ~0.70", "at 41.2 s", "finished at 402.50 output tokens/s": after "at", what a run reached (a token
    rate; a request rate is what it was sent at); "TTFT ~flat at +0.3-0.9%": a signed share is a change measured,
    never a setting."""
    return _AT_BEFORE_RE.search(before) is not None and (
        ("." in n.text and n.unit is None)
        or (n.signed and n.unit == "%")
        or normalise_unit(n.unit or "").lower() in _DURATIONS
        or canonical_unit(n.unit, "perf") in TOKEN_RATES
    )


def _set_acceptance(text: str, n: Number) -> bool:
    """ "pin the simulated acceptance length to 2.3", "EAGLE (3,1,4)", "2.3 / 5": what a speculative run was set to."""
    low = text[max(0, n.start - 60) : n.start].lower()
    return (
        in_spec_tuple(text, n.start, n.end)
        or ("accept" in low and bool(_SET_ACCEPTANCE_BEFORE_RE.search(low)))
        or acceptance_ceiling(text, n)  # ("2.1-2.5 / 5 (1 bonus + 4 drafted)": the draft depth it was run at)
    )


def _model_file_size(text: str, n: Number) -> bool:
    """A size that is a checkpoint's, printed on its card ("Model: X (Q4_K - Medium, 35.51 B params, 15.89 GiB)") or
    beside its bits per weight as llama.cpp prints a quantised model ("GLM-X-IQ3_KS 49.072 GiB (3.816 BPW)")."""
    card = _MODEL_CARD_BEFORE_RE.search(text, max(0, n.start - 80), n.start)
    return card is not None or _BPW_AFTER_RE.match(text, n.end, n.end + 24) is not None


# ("this PR 47.5 ms", "PR: 1.1ms", "PR 0.915": the PR's side, a value with a unit or decimals; no PR's number)
_SIDE_PR_BEFORE_RE = re.compile(r"\bpr\s?:?\s?$", re.IGNORECASE)


def _labelled_measure(text: str, before: str, n: Number) -> bool:
    """A measured value its words set out: "decode step: 7.9 ms", "With this PR: 1.1ms per forward" (no pull
    request's number), "runs 1.2x quicker" (a comparative after it)."""
    return bool(
        (is_timing_unit(n.unit) and _TIMED_UNIT_BEFORE_RE.search(before[-24:]))
        or ((is_measure_unit(n.unit) or "." in n.text) and _SIDE_PR_BEFORE_RE.search(before[-16:]))
        or compared_factor(text, n)
    )


def _confidence_level(text: str, n: Number) -> bool:
    """A share naming how sure an interval is ("95% CI", "95% confidence"), not a result; before "interval" only a
    level of one half or more ("the approximate 95% interval for the change"; "a 12% interval gain" is a change)."""
    return (lv := _LEVEL_AFTER_RE.match(text, n.end, n.end + 30)) is not None and (
        not lv.group("iv") or 50 <= n.value < 100
    )


_COUNT_UNITS = (None, "tokens", "tok", "b", "bytes")


def _load_setting(text: str, n: Number) -> bool:
    """How the load was made: "- **Dataset:** X replay (1.5x replay speed, 40% cache ratio)" (prose.workload_items,
    unless a measure is named right before the value), "at a request rate of 40 req/s" (the rate sent at)."""
    return in_workload_item(text, n, metric_right_before(text[max(0, n.start - 40) : n.start])) or sent_rate(
        text, n.start
    )


def is_config_number(text: str, n: Number) -> bool:
    # the windows _arithmetic reads; '"=" in text' read the whole line for every number of it: quadratic
    if text.find("=", max(0, n.start - 160), n.end + 200) >= 0:
        operand = _arithmetic(text, n)
        if operand is not None:
            return operand
    if _chosen(text, n) or in_a_name(text, n) or _set_acceptance(text, n) or _load_setting(text, n):
        return True
    if pipeline_stages(text, n) or text[max(0, n.start - 2) : n.start] == "#[" or lone_spread(text, n):
        return True  # "2 PP stages": a pipeline's size; "#[17474](...)": a PR's number; "(about ±0.005)": a tolerance
    if set_size(text, n) or enumerator(text, n) or explains(text, n.start, n.end, n.unit):
        return True  # "used a 4096 MB embedding pool", "(5-shot, full 1319)": sizes set up, not measured; "(2)"
    if (n.unit or "").strip() == "%" and _KEEP_BEFORE_RE.search(text, max(0, n.start - 30), n.start):
        return True  # "I keep only 25% of the draft vocabulary": a share the run was set to, not a result
    if (n.unit or "").strip() == "%" and _confidence_level(text, n):
        return True  # "(the 95% CIs of the mean do not overlap)": a confidence level, not a result
    if is_size_unit(n.unit) and _model_file_size(text, n):
        return True  # "Model: X (..., 35.51 B params, 15.89 GiB)", "X 49.072 GiB (3.816 BPW)": no result
    if "](" in text[max(0, n.start - 120) : n.end + 100] and in_link_not_value(text, n):
        return True  # "[log](ci/run/42)": a link's target, not its text; "[API 1](...)": the number names the link
    if (
        n.unit is None
        and "." not in n.text
        and (_PR_BEFORE_RE.search(text, max(0, n.start - 24), n.start) or _WORK_COUNT_AFTER_RE.match(text, n.end))
    ):
        return True  # "(this PR and 24148)", "PR #5512": another change's number; "our 2 fixes": changes counted
    if n.unit is None and "." not in n.text and "×" in text[max(0, n.start - 2) : n.start]:
        rm = _REPEATS_BEFORE_RE.search(text, max(0, n.start - 48), n.start)
        if rm is not None and is_benchmark_name(rm.group("name")):
            return True  # "GSM8K ×5": five runs of it, each printed below
    if n.unit is None and "_" in text[n.end : n.end + 24] and _ARG_NAME_AFTER_RE.match(text, n.end):
        return True  # "2048 input_length, 3072 max_length": a value given to a tool's argument, named after it
    if n.unit is None and (_ONE_IN_RE.match(text, n.end) or ci_run_id(text, n.start, n.text, n.unit)):
        return True  # "accepted on roughly 1 in 100 iterations": how often, as two counts; "run 29277682836": an id
    if capability_before(text, n.start) or peak_spec(text, n) or required_bound(text, n.start, n.end):
        return True  # what hardware can do ("can sustain 340 GB/s"); a bar a rerun must meet ("CV at most 2% needed")
    if n.high is None and dispersion_before(text, n.start):
        return True  # "Mean: 96.3; sample standard deviation: 0.11; range: 0.27": the spread of the runs
    if (n.high is not None and range_of_no_result(text, n)) or interval_bound(text, n):
        return True  # "scaled to 0-100", "93.10 mean [92.50–93.70]": a score's scale, a value's spread
    if n.unit == "m" and not _TIME_BEFORE_RE.search(text, max(0, n.start - 40), n.start):
        return True  # "a 300m model": an "m" is minutes only where the text speaks of time ("test time < 30m")
    if is_measure_unit(n.unit) and _CHANGE_AFTER_RE.match(text[n.end : n.end + 12]):
        return False  # "measured at 145.98 GB -> 162.68 GB": the left side of a change is a value
    before = text[max(0, n.start - 24) : n.start]
    compared = "<" in before or ">" in before or "≤" in before or "≥" in before  # (what the bounds' patterns need)
    if compared and _BOUND_BEFORE_RE.search(before) and _BAR_WORD_RE.search(text, max(0, n.start - 60), n.end + 40):
        # "the gate is mean TPOT <= 30 ms", "pass if gsm8k >= 0.90": the bar a result is held to, no result ("test
        # time < 30m" says how long the run took)
        return True
    if "<" in before and _TQDM_BEFORE_RE.search(before):
        return True  # tqdm's "[02:08<00:00, 1.61s/it": progress, not a result
    if "[" in before and _ANSI_BEFORE_RE.search(before):
        return True  # a terminal colour code ("\x1b[1;36m", or "^[[1;36m" as a copy prints it)
    window = text[max(0, n.start - 64) : n.start]
    if (
        # (the pattern ends at the number: its "=" among the window's last three characters, or a flag's blank)
        ("=" in window[-3:] or (window[-1:] == " " and "--" in window))
        and _SETTING_BEFORE_RE.search(text, max(0, n.start - 64), n.start)
        and not (is_timing_unit(n.unit) and _SPACED_TIMING_RE.search(window))
    ) or (_in_code_span(text, n.start) and not _bare_value_span(text, n)):
        return True  # "moe_expert_parallel_size=2", "--max-num-seqs 256", "`512MiB`" (but "`2.27`" is a value)
    if _held_size(text, n):
        return True
    # (both patterns need a comparison sign)
    if compared and compared_bound(before, n):
        return True  # "0.0114 < 0.7200 - 0.0800": a threshold, not a result; "test time < 30m" is a bound
    if (
        config_before(before)
        and not n.approx
        and not metric_right_before(text[max(0, n.start - 40) : n.start])
        # "TG128, 14 samples 32.90±0.44 tk/s": a measured value after the count of runs it is the mean of
        and not (is_measure_unit(n.unit) and _RUNS_BEFORE_RE.search(text, max(0, n.start - 30), n.start))
        and not _measured_at(before, n)
        and not stage_rate(before, n.unit)
        and not _stat_of_measure(text, before, n)
        and not _labelled_measure(text, before, n)
    ):
        return True  # "at con128", "ISL 8192"; but "lands at ~0.70" and "runs 1.2x quicker" are measurements
    if (
        n.unit is None
        and (sm := _SLASH_NUMBER_RE.match(text, n.end))
        and COUNT_NOUN_RE.match(text[sm.end() : sm.end() + 40])
        and not _RATE_AFTER_RE.match(text, sm.end())
    ):
        return True  # "2560/0 requests": requests that succeeded and failed, counts of the run
    if ("/" in text[n.start : n.end + 8] or _IN_OUT_AFTER_RE.match(text, n.end)) and in_length_pair(text, n.start):
        return True  # "Throughput point, 8192/1024 concurrency 24": the run's lengths, not a throughput
    if is_time_unit(n.unit) and set_to_last(text, before, n.start, n.end):
        return True  # "users for 60 s", "over 10 min", "10 s warmup", "timeout 300 s": what the run was set to last
    after = "" if named_after(text, n.end) else text[n.end : n.end + 40]  # ("2.05 accepted tokens/step": no count)
    if n.unit in _COUNT_UNITS and (COUNT_NOUN_RE.match(after) or context_length_after(text, n.end)):
        return True  # "128 requests": work counted; "for 4096 context lengths": the window read over, no result
    if is_count_unit(n.unit):
        return True  # "2556 runs", "16384 kB/run", "128 tokens": the work a run did
    if n.unit in ("x", "×") and counted(text, n, after):
        return True  # "1x GB300", "8× H100": a count of devices; "uses 90x `IQ3_KS`": of tensors of that type
    if n.unit in ("x", "X") and n.value >= 100 and n.value == int(n.value) and text[n.end - 2 : n.end - 1].isdigit():
        return True  # "Ryzen 3900X", "RTX 4090X": a product's name, not a ratio
    return n.unit is None and 1900 <= n.value <= 2100 and n.value == int(n.value) and not n.high


# ("`--n-cpu-moe` sweep, 8 points", "we swept all 24 points": the settings a sweep tried, never a score's points)
_SWEEP_BEFORE_RE = re.compile(
    r"(?:\bsweep(?:s|ed)?\s?[,:(]?\s?(?:of\s|over\s)?|\bswept\s(?:over\s)?(?:all\s|the\s)?|\ball\s(?:the\s)?)$",
    re.IGNORECASE,
)


_FULL_AFTER_RE = re.compile(r"\s?full\b", re.IGNORECASE)


def _held_size(text: str, n: Number) -> bool:
    """ "a 184 GiB device", "4 of them", "0.76 sigma": what holds a size or a count, not a measured result; nor
    "`--n-cpu-moe` sweep, 8 points", how many settings a sweep tried (no score's points)."""
    if n.unit == "%" and _FULL_AFTER_RE.match(text, n.end):
        return True  # "a GPU that is 92% full by design": how full it is kept, a gauge, no result
    if n.unit in ("point", "points") and not n.signed and n.value == int(n.value):
        return _SWEEP_BEFORE_RE.search(text, max(0, n.start - 24), n.start) is not None
    if capacity_after(text[n.end : n.end + 40]):
        # ("benched this rig at around 225-250GB/s RAM i/o": the memory's rate, measured)
        measured_rate = is_bandwidth_unit(n.unit) and MEASURED_VERB_RE.search(text, max(0, n.start - 60), n.start)
        return not measured_size(text, n) and not names_its_change(text, n) and not measured_rate
    return is_size_unit(n.unit) and bool(
        _CAPACITY_BEFORE_RE.search(text, max(0, n.start - 30), n.start)
        or _device_listing(text, n)
        or storage_needed(text, n.start, n.end)
    )


# "`logits_diff` warnings (max 0.0020)": the largest of a measure's values, a fraction no setting named "max" holds
_STAT_BEFORE_RE = re.compile(r"(?<![\w-])(?:max|min)\s?[:=]?\s?$", re.IGNORECASE)


def _stat_of_measure(text: str, before: str, n: Number) -> bool:
    """The bare word "max" or "min" before a fraction, a measure named just before it: that measure's extreme."""
    return (
        n.unit is None
        and "." in n.text
        and n.value < 1
        and _STAT_BEFORE_RE.search(before) is not None
        and names_a_metric(text[max(0, n.start - 80) : n.start])
    )


_SLASH_NUMBER_RE = re.compile(r"/\d{1,7}(?=\s)")
# ("2210/5030 tok/s": a rate's unit after the second number, whose words count nothing)
_RATE_AFTER_RE = re.compile(r"\s{1,2}[A-Za-z]{1,8}/(?:s|sec|second|step|iter|it)\b")


# compiled once (a string pattern in a hot function costs a cache lookup per call)
_CHANGE_AFTER_RE = re.compile(r"\s*" + ARROW + r"\s*[~≈]?\d")
_AT_BEFORE_RE = re.compile(r"\bat\s*$")
# "runs at 20.1 ms/t": a time after "at" is how fast it ran ("at 2 req/s" stays the load a run was given)
_DURATIONS = frozenset(("ms", "us", "µs", "ns", "ms/token", "ms/t", "ms per token"))
