"""One value of a sentence as a candidate claim: its metric (named before it, after it, by the list's
lead-in or the row), its unit, its reference, and the setup written before it in its clause.

Apart from prose.py because claims_in_text decides which numbers pair with which, and this module decides
what one value is; the console branch names a value as tool output prints it (see prose_labels).
"""

from __future__ import annotations

import re

from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import RATE_QUALIFIER, Number, normalise_unit
from ledger.parsers.prose.clause_settings import named_after as other_settings
from ledger.parsers.prose.clause_settings import own_clause_start
from ledger.parsers.prose.engine_clauses import clause_engine
from ledger.parsers.prose.guards import COUNT_NOUN_RE, config_before
from ledger.parsers.prose.labels import (
    CONSOLE_METRIC_BEFORE_RE,
    FINE_FLOAT_RE,
    WORD_BEFORE_RE,
    lead_label,
    log_line_label,
    pair_label_before,
    perf_label,
)
from ledger.parsers.prose.metrics import (
    AT_METRIC_RE,
    CHANGE_METRIC_AFTER_RE,
    GAIN_METRIC_AFTER_RE,
    GENERIC_NAME_RE,
    METRIC_AFTER_RE,
    METRIC_BREAK_RE,
    METRIC_RE,
    NAME_AFTER_UNIT_RE,
    POINTS_METRIC_AFTER_RE,
    SCORE_ON_METRIC_RE,
    SIGNED_METRIC_AFTER_RE,
    SIGNED_OF_METRIC_RE,
    clause_start,
    metric_before,
)
from ledger.parsers.prose.own_measure import (
    became_subject,
    counted_measure,
    fragment_measure,
    joined_subject,
    names_nothing,
    narrated_measure,
    pointed_set,
    sentence_fragment,
    sided_kernel_time,
    stated_after,
    unit_measure,
)
from ledger.parsers.prose.part_scores import with_part
from ledger.parsers.prose.referred_measures import LAST_METRIC, referred_measure
from ledger.parsers.reader.figure_parens import figure_parens, others_bracket
from ledger.vocab.acceptance_words import named_after
from ledger.vocab.metrics import (
    GENERIC_SCORE,
    MEASURE_NOUN_END_RE,
    MEASURE_NOUN_RE,
    SPEED_MEASURE_WORDS,
    names_a_rate,
    names_known_measure,
    prose_kind,
)
from ledger.vocab.not_variants import VALUE_REMARK_WORD_RE
from ledger.vocab.outcomes import find_outcome
from ledger.vocab.score_verbs import SCORE_VERB_END_RE
from ledger.vocab.setup import model_names, qualifiers
from ledger.vocab.setup_keys import UNSAID
from ledger.vocab.setup_names import setup_named
from ledger.vocab.sides import side_alone, side_of
from ledger.vocab.text import CHANGE_VERB_RE, REPORTER_WORDS_RE, RUNS_NAMED_RE, SETTING_OPENING_RE
from ledger.vocab.units import (
    ATTAINED_VERB_RE,
    RATIO_UNITS,
    is_idle_timing,
    is_measure_unit,
    is_size_unit,
    is_time_unit,
    measure_of_unit,
)
from ledger.vocab.workload import named_arm

# the words of a rate the number grammar read with its qualifier ("401.50 output tokens/s", or hyphenated into one unit
# of the unit table, "641.20 output-token/s")
_RATE_WORDS_RE = re.compile(rf"{RATE_QUALIFIER}[\s-]\S{{1,12}}$")


def _rate_words(n: Number, unit: str | None) -> str | None:
    """ "The run gave 403.50 output tokens/s": the rate's own words name it."""
    rate = _RATE_WORDS_RE.search(n.text) if unit is not None else None
    return rate.group(0) if rate is not None else None


_PRONOUN_END_RE = re.compile(r"(?:^|\s)(?:it|this|that|they|which)$", re.IGNORECASE)


# a label that ends in a unit, right before its value: "B200 p1 TPS/user: `429.18`", "c1 tok/s/user: `212.4`"
_UNIT_LABEL_RE = re.compile(
    r"(?P<label>[A-Za-z0-9][\w .-]{0,30}?(?P<unit>[A-Za-z]{1,8}(?:/[A-Za-z]{1,8}){1,2}))\s?:\s?[`*]{0,2}$"
)


def _referred(ctx: Context, line: int, metric: str | None, unit: str | None, text: str, pos: int) -> str | None:
    """ "- At Conc 32 it is 66.8 ms." under "- At Conc 1 the mean TPOT stays at 14.2 ms.": "it" is that measure; "This
    PR improves PP performance. It is still about 10% lower ...": the measure the sentence before names."""
    pm = _PRONOUN_END_RE.search(metric) if metric else None
    if metric is None or pm is None:
        return metric
    start = clause_start(text, pos, METRIC_BREAK_RE)
    if start >= 2 and (named := metric_before(text, start - 2) or _measure_phrase(text, start - 2)) is not None:
        return named
    last = ctx.memo.get(LAST_METRIC)
    if last is not None and 0 <= line - last[0] <= 3 and last[2] == unit:
        return str(last[1])
    return metric[: pm.start()].strip() or metric


def _console_label(text: str, pos: int, unit: str | None) -> str | None:
    """A console value's name where no metric's word stands before it: a pair's subject, the line's label, the clause's
    words, with the unit ("majority@8 96.67%": a share's name needs no "%")."""
    metric = pair_label_before(text, pos) or lead_label(text) or perf_label(text, pos)
    return f"{metric} {unit}" if metric and unit and unit != "%" else metric


def candidate(
    ctx: Context,
    line: int,
    text: str,
    offset: int,
    n: Number,
    subject: str | None,
    *,
    unit: str | None = None,
    reference: float | None = None,
    span_start: int | None = None,
    force: bool = False,
    default_metric: str | None = None,
    inherited: str | None = None,
    console: bool = False,
    before: str | None = None,
) -> dict | None:
    """`before`: the measure of the value read before it in the text, for a value with no unit whose words before
    hold values (a list of pairs, "...204 -> 205 ms (MTP3: 123 -> 43"): the list's measure."""
    unit = unit if unit is not None else n.unit
    if console:
        return _console_candidate(text, n, unit, reference, span_start, force)
    # ("0.812 accuracy with 3.12 mean acceptance", "66.1% of drafted": the value's own words name it)
    own = named_after(text, n.end) if unit in (None, "%") else None
    metric = own or stated_after(text, n, unit) or _own_name(text, n, unit)
    metric = metric or _share_of(text, n, unit)
    if metric is None or (is_time_unit(unit) and names_a_rate(metric, words=2)):
        metric = counted_measure(text, n, unit) or metric  # ("a 14 ms pause", "22.84 s per 1000 requests")
    if metric is None and inherited:
        metric = inherited
    if metric is None and subject and METRIC_RE.search(subject):
        metric = subject
    if metric is None:
        # "96.2 on gsm8k", and after a points figure "a 22-point GSM8K deficit"
        after_re = POINTS_METRIC_AFTER_RE if unit in ("point", "points", "pp") else METRIC_AFTER_RE
        am = after_re.match(text[n.end : n.end + 40])
        if am:
            metric = am.group(1)
    if metric is None and is_time_unit(unit):
        dm = _DURATION_OF_RE.match(text, n.end, n.end + 60)
        if dm:
            metric = f"{dm.group('what').strip()} duration"  # "1:15 minutes to run GSM8K eval"
    if metric is None:
        metric = default_metric or _rate_words(n, unit)
    # (the label's colon stands within the window's last five characters, ":" then a blank, two marks and a line's end:
    # a window without one is not searched, where the lazy label is tried at each of its forty starts)
    lo = max(0, n.start - 40)
    um = (
        _UNIT_LABEL_RE.search(text, lo, n.start)
        if unit is None and ":" in text[max(lo, n.start - 5) : n.start]
        else None
    )
    if (
        um is not None
        and (metric is None or _cut_unit(metric, um.group("unit")))
        and is_measure_unit(normalise_unit(um.group("unit").lower()))
    ):
        # "p1 TPS/user: `429.18 < 522`": the label is the value's unit, and names it
        unit, metric = normalise_unit(um.group("unit").lower()), um.group("label").strip()
    if metric is None:
        metric = referred_measure(ctx, line, text, n, unit, before)  # ("... gsm8k is 0.91." then "On A100 it is 0.89.")
    measured = is_measure_unit(unit)
    if not (measured or metric or force):
        return None
    if metric is None:
        metric = _label_metric(
            ctx, line, text, span_start if span_start is not None else n.start, n, unit, subject, before
        )
        metric = narrated_measure(metric, text, n, unit) or became_subject(metric, unit) or pointed_set(metric)
        if metric and sentence_fragment(metric) and not _names_a_measure(metric):
            # "the 500-request run goes from 41.30 s to 38.90 s", "= 1.106, matching the +10.6%": half a clause names
            # no measure; the unit may (a run's time its duration), a share's stays unnamed
            at = span_start if span_start is not None else n.start
            metric = fragment_measure(metric, text[clause_start(text, at) : at], text, n, unit)
        if metric and _holds_value(metric):  # ("612s vs 700s", "3,402 tok/s (TP2 tuned"): values name no measure
            metric = measure_of_unit(unit) or (before if unit is None else None)
        elif (
            metric is not None
            and unit not in RATIO_UNITS
            and _reports_a_run(metric, text[max(0, n.start - 3) : n.start].rstrip().endswith(":"))
            and (measure := measure_of_unit(unit))
        ):
            metric = measure  # "tried phi-4 q6_k on my laptop: 24 t/s": who ran what where, the unit says the measure
    if metric and is_time_unit(unit) and names_a_rate(metric):
        metric = measure_of_unit(unit)  # "`bench throughput` ... 41.20 s to 38.75 s": the run's time, not its rate
    named = setup_named(metric) if metric else {}
    if named and (measure := measure_of_unit(unit)):
        metric = measure  # "7B runs at 20.1 ms/t": the model's latency, not a measure called "7B"
    if reference is None:  # ("71.42 (stem: 63.10, ...)": a part's score is the measure's under the part's label)
        metric = with_part(metric, text, n.start)
    kind = prose_kind(metric or "", unit)
    if kind == "accuracy" and _SPEED_AFTER_RE.match(text, n.end, n.end + 24):
        kind = "perf"  # "bench_gsm8k.py - 9.4% faster": how much faster the run went, not its score
    start = span_start if span_start is not None else n.start
    config = {**_setup_before(text, start, subject, metric), **named, **_variant_after(text, n.end)}
    for key in other_settings(text, n.end):
        config[key] = UNSAID  # ("... at batch size 1 and 63% faster at larger batch sizes": not the first clause's 1)
    if kind == "accuracy" and metric and (own := qualifiers(metric).get("filter")):
        config["filter"] = own  # "strict-match 77.1, flexible-extract 78.0": each score under its own filter
    return _candidate_dict(kind, metric, n, unit, reference, start, config, text)


def _console_candidate(
    text: str, n: Number, unit: str | None, reference: float | None, span_start: int | None, force: bool
) -> dict | None:
    """A value in pasted console output: named by the label the tool prints before it, or by its log line."""
    measured = is_measure_unit(unit)
    right = CONSOLE_METRIC_BEFORE_RE.search(text, max(0, n.start - 60), n.start)
    word = None
    if not (measured or right or force) and FINE_FLOAT_RE.fullmatch(n.text.strip()):
        # "forward 5.810260772705078e-06": a measured fraction printed under a word, whatever the word
        wm = WORD_BEFORE_RE.search(text, max(0, n.start - 40), n.start)
        if wm and not config_before(wm.group(0)) and not COUNT_NOUN_RE.match(" " + wm.group(1)):
            word = wm.group(1)
    if not (measured or right or force or word) or is_idle_timing(n.value, unit):
        return None  # ("sample time = 0.00 ms / 1 runs (0.00 ms per token": a stage the run never went through)
    log = log_line_label(text, n.start, n.end, unit, right.start() if right else None)
    if log == "":
        return None  # "- ETA 0.40 minutes": a forecast
    metric = log or (_console_name(text, n, right) if right else word)
    if right and unit is None and right.group("unit"):
        unit = right.group("unit")  # "bandwidth (GB/s) 45.1": the unit the label prints
    if metric is None:
        metric = _console_label(text, span_start if span_start is not None else n.start, unit)
        if metric and _holds_value(metric):
            return None  # "#acc tokens = 392, dur(b,g,a) = 0.004, 3120.118, 22.505 ms": a list's last, no name
    start = span_start if span_start is not None else n.start
    return _candidate_dict(prose_kind(metric or "", unit), metric, n, unit, reference, start, {}, text)


def _console_name(text: str, n: Number, right: re.Match[str]) -> str:
    """The measure's name printed right before a console value; a score's generic name as prose reads the same words
    (metric_before), with the benchmark the words before it name ("MMLU weighted average accuracy: 65.06") and the
    statistic ("Average accuracy 67.71"), where that name ends in it."""
    name = right.group(0).strip(" :=")
    joined = metric_before(text, n.start) if GENERIC_NAME_RE.fullmatch(name) else None
    return joined if joined is not None and joined.lower().endswith(name.lower()) else name


def _candidate_dict(
    kind: str,
    metric: str | None,
    n: Number,
    unit: str | None,
    reference: float | None,
    start: int,
    config: dict,
    text: str = "",
) -> dict:
    """The candidate claim the prose readers pass on: the value as printed, its span and what names it (to the
    backtick closing a code span round it: "around `7%` higher throughput compared to X" goes on after it)."""
    return {
        "kind": kind,
        "metric": metric,
        "value": n.value,
        "high": n.high,
        "approx": n.approx,
        "unit": unit,
        "reference": reference,
        "start": start,
        "end": n.end + 1 if text.startswith("`", n.end) else n.end,
        "printed": n.printed,
        "config": config,
    }


# "~4% of FP8 elements flip vs ...", "~10-12% of tokens then land on a different expert,": a share of things, named by
# the clause that says what they do (to a comparison's word or the clause's end)
_SHARE_OF_RE = re.compile(
    r"\s{1,2}of\s(?:the\s)?(?P<what>[A-Za-z][\w-]{0,20}(?:\s(?!(?:vs|versus|than|against|compared)\b)[\w-]{1,20}){1,8}?)"
    r"(?=\s(?:vs\.?|versus|than|against|compared)\s|\s?[,;:)]|\.(?:\s|$)|$)"
)
# (the share opens its clause: in "Top-k sorting takes 27% of each decode step" the words before name what it is)
_CLAUSE_OPEN_RE = re.compile(r"(?:^|[:;,(]|\band)\s{0,3}[~≈]?\s?$")


def _share_of(text: str, n: Number, unit: str | None) -> str | None:
    """ "~4% of FP8 elements flip vs the old pattern", a share opening its clause: the share of what flips."""
    if unit != "%" or not _CLAUSE_OPEN_RE.search(text[max(0, n.start - 8) : n.start]):
        return None
    share = _SHARE_OF_RE.match(text, n.end, n.end + 90)
    return share.group("what") if share is not None else None


# "improves PP performance", "the decode speed": a measure named by what it measures and its generic noun (never "the
# performance" alone), as the sentence before a pronoun's names it
_MEASURE_PHRASE_RE = re.compile(
    r"\b(?!(?:the|a|an|its|our|this|that|overall|good|bad|better|worse)\s)((?:"
    + SPEED_MEASURE_WORDS
    + r"|[A-Za-z][\w-]{0,20})\s(?:performance|speed|throughput|latency))\b",
    re.IGNORECASE,
)


def _measure_phrase(text: str, end: int) -> str | None:
    """The last measure phrase (_MEASURE_PHRASE_RE) of the sentence ending at `end`."""
    found = [m.group(1) for m in _MEASURE_PHRASE_RE.finditer(text, clause_start(text, end, METRIC_BREAK_RE), end)]
    return found[-1] if found else None


# "1.0097 (linear) and 1.0186 (dynamic)": one word in parentheses right after a value tells its run from its sibling
def _cut_unit(metric: str, unit: str) -> bool:
    """ "tok/s" read as the measure of "c1 tok/s/user:": a name that stops inside the label's unit, which names more."""
    last = metric.rsplit(None, 1)[-1].lower()
    return "/" in last and unit.lower().startswith(last) and len(unit) > len(last)


def _own_name(text: str, n: Number, unit: str | None) -> str | None:
    """The measure a value's own words name: "81.07@MMLU, 83.74@GSM8K" after it; "up to 12% more throughput, ~4%
    better latency" after a change, "88.7% accuracy on GSM8K" after a score; else the nearest measure named before
    it."""
    if is_size_unit(unit) and (mem := _MEMORY_AFTER_RE.match(text, n.end, n.end + 24) or _memory_before(text, n)):
        return mem.group("name")  # "VRAM peak 3.8GB", "(27.5GiB VRAM)": the memory a run took, as it names it
    if unit is not None and unit.endswith("/s") and (test := _BENCH_TEST_AFTER_RE.match(text, n.end, n.end + 12)):
        return test.group("test")  # "46.0 tok/s tg128": llama-bench's test the rate was measured on
    at = AT_METRIC_RE.match(text, n.end, n.end + 40) if "@" in text[n.end : n.end + 2] else None
    if at is not None:
        return at.group(1)
    end = n.end + 1 if text.startswith("`", n.end) else n.end  # ("around `7%` higher throughput": its span closed)
    change = (
        CHANGE_METRIC_AFTER_RE.match(text, end, end + 60) or GAIN_METRIC_AFTER_RE.match(text, end, end + 60)
        if unit in ("%", "x")
        else None
    )
    if change is None and n.signed and unit in ("%", "x"):
        change = SIGNED_METRIC_AFTER_RE.match(text, end, end + 60)  # "**+4.3%** end-to-end throughput"
        change = change or SIGNED_OF_METRIC_RE.match(text, end, end + 120)  # "+7.8% / +10.6% of prefill"
    if change is None and unit in ("%", None):
        change = SCORE_ON_METRIC_RE.match(text, end, end + 60)  # "88.7% accuracy on GSM8K"
    if change is not None:
        return change.group(1)
    if unit not in (None, "%", "x") and is_measure_unit(unit) and (after := NAME_AFTER_UNIT_RE.match(text, n.end)):
        return after.group(1)  # "1902 ms TTFT", "18.5 ms TPOT": the value's own measure, whatever came before
    before = metric_before(text, n.start)
    if (before is None or is_measure_unit(before)) and (rate := _rate_words(n, unit)) is not None:
        return rate  # "…, 38.2 output tok/s": its own words, not a unit an earlier value printed
    if unit in ("%", "x") and (own := joined_subject(text, n.start, before)) is not None:
        return own  # ("accuracy holds while performance improves by 8%": performance's gain, not an accuracy)
    word = _CHANGE_WORD_RE.match(text, n.end, n.end + 16) if before is not None and unit in ("%", "x") else None
    if word is not None and before is not None:
        # "dataset gsm8k-lite, FULL GRAPH, 15% gain": the dataset the run served, not the measure that gained
        low = text[max(0, n.start - 120) : n.start].lower()
        named = low.rfind(before.lower())
        if named >= 0 and _DATASET_WORD_RE.search(low, max(0, named - 12), min(len(low), named + len(before) + 24)):
            return word.group(1).lower()
    if unit == "%" and before is not None and SCORE_VERB_END_RE.fullmatch(before) is not None:
        return GENERIC_SCORE  # ("then scored 64.0%": a share the run scored; "scores 7.12" may be a perplexity)
    return before


def _label_metric(
    ctx: Context,
    line: int,
    text: str,
    pos: int,
    n: Number,
    unit: str | None,
    subject: str | None,
    before: str | None,
) -> str | None:
    """The words before the value name it (perf_label), a pronoun the measure it refers to; a bare extreme ("peak 66
    tok/s") is that extreme of the measure the unit says, "peak throughput", never a measure called "peak". `before`:
    the measure of the value read before it in the text."""
    metric = _referred(ctx, line, perf_label(text, pos) or subject, unit, text, pos)
    if (
        metric
        and side_alone(metric)
        and (named := _label_before_side(text, pos, metric) or before or unit_measure(text, n, unit))
    ):
        # "Prefill time: baseline 52.0 ms, this PR 47.5 ms": the run's side names no measure; the label its word follows
        # does, or the value before it in the list; else the unit says what it is ("Original: 1.5ms spent per layer")
        return named
    if metric and not names_known_measure(metric) and sided_kernel_time(metric, text, unit, side_alone):
        return "kernel time"  # "Main: `a` and `b` kernels take 5µs" / "PR: the fused `c` kernel, 3µs": one measure
    if metric and _BARE_STAT_RE.fullmatch(metric) and (measure := measure_of_unit(unit)):
        return f"{metric} {measure}"
    if metric and _attained(metric) and (measure := measure_of_unit(unit)):
        # "- Achieved 120 tps", "H200 achieves nearly 12,000 tokens/sec": the verb, and a subject that is the run's
        # setup (a board, a model), name nothing: the unit says what the value measures ("Prefill achieves": its)
        head = metric.rpartition(" ")[0]
        return measure if not head or qualifiers(head) or model_names(head) else f"{head} {measure}"
    if metric and _ACTIVITY_RE.fullmatch(metric) and is_time_unit(unit) and _moved(metric, text, pos):
        return f"{metric} time"  # "Warm-up now drops from 12 s to 7 s": the time the warm-up takes
    if metric and is_time_unit(unit) and _runs_timed(metric, text[clause_start(text, pos) : pos]):
        return "duration"  # "Three identical trials in a row gave 22.95 s", "the runs took 31.2 s": the runs' time
    if metric and names_nothing(metric) and (measure := unit_measure(text, n, unit)):
        return measure  # "one 0.6 ms launch per step", "It takes 6.5 ms": a count or a pronoun names no measure
    if metric and _heading_line(ctx, line) and _says_what_changed(metric) and (measure := measure_of_unit(unit)):
        return measure  # "# Cache the rope tables across decode steps: 12.40 s to 11.10 s": a title says what it does
    if metric and _GERUND_RE.fullmatch(metric) and not names_known_measure(metric) and (of := measure_of_unit(unit)):
        # "Batching reaches 2210 tok/s": an activity is what the unit's measure is taken of, never a measure itself
        return f"{metric} {'time' if is_time_unit(unit) else of}"
    return metric


_GERUND_RE = re.compile(r"[A-Za-z]{3,20}ing")


def _attained(metric: str) -> bool:
    """The words are an attaining verb, or a subject naming no measure before one ("H200 achieves", "Prefill
    achieves"; "Decode throughput achieved" names its measure)."""
    head, _, verb = metric.rpartition(" ")
    return ATTAINED_VERB_RE.fullmatch(verb) is not None and (not head or not names_known_measure(head))


def _names_a_measure(label: str) -> bool:
    """A measure's noun, a metric's name or a known measure stands in the label."""
    return bool(MEASURE_NOUN_RE.search(label) or METRIC_RE.search(label) or names_known_measure(label))


def _heading_line(ctx: Context, line: int) -> bool:
    """The line is a heading's (the PR's title among them)."""
    heads = ctx.memo.get("heading lines")
    if heads is None:
        heads = ctx.memo["heading lines"] = frozenset(b.start for b in ctx.doc.blocks if b.kind == "heading")
    return line in heads


def _says_what_changed(label: str) -> bool:
    """A label of five words or more that names no measure: a sentence of what the change does, not what it measured."""
    return (
        len(label.split()) >= 5
        and not names_known_measure(label)
        and not METRIC_RE.search(label)
        and not MEASURE_NOUN_RE.search(label)
    )


def _label_before_side(text: str, pos: int, side: str) -> str | None:
    """The label a side's word follows ("Prefill time: baseline 52.0 ms" -> "Prefill time"), None where the words
    before it are no name (a value, another side, nothing)."""
    at = text.rfind(side, max(0, pos - 60), pos)
    label = perf_label(text, at) if at > 0 else None
    return label if label and not side_alone(label) and not _holds_value(label) else None


# a value printed with its unit inside a label's words ("3,402 tok/s", "612s"; "P99", "TP2", "Qwen3-8B" are names)
_VALUE_IN_NAME_RE = re.compile(r"(?<![\w.-])\d[\d,]{0,12}(?:\.\d{1,6})?\s?(?P<unit>%|[A-Za-zµ/]{1,8})(?![\w/])")


_PAIR_IN_NAME_RE = re.compile(r"\d\s?(?:->|→|⟶|vs\.?)\s?[~-]?\d")  # ("123 -> 43", "2 vs 3")


def _holds_value(metric: str) -> bool:
    """The words hold a value with a unit of measure or a pair of values: a fragment of the text around values, never
    a measure's name."""
    return _PAIR_IN_NAME_RE.search(metric) is not None or any(
        is_measure_unit(normalise_unit(m.group("unit").lower())) for m in _VALUE_IN_NAME_RE.finditer(metric)
    )


def _reports_a_run(label: str, colon: bool) -> bool:
    """The words before a value name no measure and are a sentence about the run: a person's report of it
    (REPORTER_WORDS_RE: "Same model on my desktop") or a clause stating its setup ("On one H100 the new kernel"); a
    short name holding a setup word ("fp8 gather", "llama3.1 8B decode") names the thing measured, and stays, as does
    a label set before its value by a colon ("- Decode step at batch 64: 9.6 ms"), unless a person's report."""
    if MEASURE_NOUN_RE.search(label) or METRIC_RE.search(label) or names_known_measure(label):
        return False
    if REPORTER_WORDS_RE.search(label) or (colon and SETTING_OPENING_RE.match(label) and named_arm(label)):
        return True  # ("On an M2 Ultra: 48.0 tok/s decode": where it ran, a setting phrase, names no measure)
    return not colon and label.count(" ") >= _SENTENCE_SPACES and bool(qualifiers(label) or model_names(label))


_SENTENCE_SPACES = 3
"""A label of four words or more that states setup is a clause about the run, no name."""


def _runs_timed(metric: str, clause: str) -> bool:
    """The label names the runs a time was taken of, no measure (an article alone left of "the runs took")."""
    if MEASURE_NOUN_END_RE.search(metric) or METRIC_RE.search(metric) or names_known_measure(metric):
        return False
    return bool(RUNS_NAMED_RE.search(metric) or (metric.lower() in ("the", "a", "an") and RUNS_NAMED_RE.search(clause)))


_BARE_STAT_RE = re.compile(r"peak|max(?:imum)?|best|min(?:imum)?|worst", re.IGNORECASE)


def _moved(name: str, text: str, pos: int) -> bool:
    """The name is the subject of a change verb before the value ("Warm-up now drops from 12 s"), and says not
    already that it is a duration ("Time", "Runtime") nor is a measure the vocabulary knows or a pronoun."""
    if name.lower().endswith(("time", "duration")) or _PRONOUN_END_RE.search(name) or names_known_measure(name):
        return False
    at = text.rfind(name, max(0, pos - 120), pos)
    return at >= 0 and CHANGE_VERB_RE.search(text, at + len(name), pos) is not None


# a phase or an activity named by one word ("Warm-up", "Compilation", "Startup"): what a duration is the time of
_ACTIVITY_RE = re.compile(r"[A-Za-z]{2,20}(?:-[A-Za-z]{2,20})?")
# "46.0 tok/s tg128", "280 tok/s pp512": the llama-bench test a rate was measured on, right after it
_BENCH_TEST_AFTER_RE = re.compile(r"\s(?P<test>(?:tg|pp)\d{1,6})(?![\w-])(?!\.\w)")
# "(27.5GiB VRAM)", "VRAM peak 3.8GB", "peak VRAM: 2.5 GB": a run's memory, named by the words beside its size
# ("(27.5GiB VRAM)", "190GB DRAM, at least 11GB VRAM": the memory it names, a clause's end after it)
_MEMORY_AFTER_RE = re.compile(r"\s?(?P<name>(?:peak\s)?[DV]?RAM(?:\speak|\susage|\sused)?)(?:\)|(?=[,.;]?(?:\s|$)))")
_MEMORY_BEFORE_RE = re.compile(r"(?P<name>(?:peak\s)?\bV?RAM(?:\speak|\susage|\sused)?)\s?[:=]?\s?~?$")


def _memory_before(text: str, n: Number) -> re.Match[str] | None:
    return _MEMORY_BEFORE_RE.search(text, max(0, n.start - 24), n.start)


_CHANGE_WORD_RE = re.compile(
    r"\s?(gains?|promotes?|improvements?|speed-?ups?|uplifts?|boosts?|faster|slower)\b", re.IGNORECASE
)
_DATASET_WORD_RE = re.compile(r"\bdata ?sets?\b")


_VARIANT_AFTER_RE = re.compile(r" ?\((?P<word>[a-z][a-z-]{1,19})\)")


def _variant_after(text: str, end: int) -> dict[str, str]:
    m = _VARIANT_AFTER_RE.match(text, end, end + 24)
    if m is None:
        return {}
    word = m.group("word")
    if (
        VALUE_REMARK_WORD_RE.match(word)
        or side_of(word)
        or qualifiers(word)
        or is_measure_unit(word)
        or find_outcome(word)
    ):
        return {}  # a statistic, a side, a setup word, a unit or a verdict says something else of the value
    return {"variant": word}


_SPEED_AFTER_RE = re.compile(
    r"(?:\s?[~-]\s?\d{1,4}(?:\.\d+)?\s?[%x])?\s+(?:faster|slower|quicker|speed-?ups?)\b", re.IGNORECASE
)
_DURATION_OF_RE = re.compile(
    r"\s+(?:to|for)\s+(?:run|complete|finish|do|process|build|load)\s+"
    r"(?:the\s+|a\s+|an\s+)?(?P<what>[A-Za-z][\w-]*"
    r"(?:\s(?!(?:before|after|with|without|on|in|at|vs|and|or)\b)[A-Za-z0-9][\w-]*){0,3})"
)


def _setup_before(text: str, pos: int, subject: str | None, metric: str | None) -> dict[str, str]:
    """The setup written in the value's clause before it ("TP8EP8, MTP3, FP8 KV at con64: acceptance length 2.74"),
    then the row's or item's subject (which wins, and is kept as the context when it is not the metric)."""
    lead = text[
        own_clause_start(text, clause_start(text, pos, METRIC_BREAK_RE), pos) : pos
    ]  # (not the clause before's)
    config = {**qualifiers(lead), **qualifiers(subject)} if lead.strip() else qualifiers(subject)
    models = model_names(lead)
    if models and "model" not in config:
        config["model"] = models[-1]  # "for Mixtral-8x22B on two H100: 388 ms": the nearest before it
    # "reaches 611 TFLOP/s (fp8, M=16, B200)": the parenthesis that follows the value in its sentence
    owned = figure_parens(text)  # ("5% (empty cache) to 12% (a 32k context)": the 32k is the top end's alone)
    for m in _PAREN_AFTER_RE.finditer(text, pos, _sentence_end(text, pos)):
        if owned and others_bracket(text, owned, pos, m.start()):
            continue
        for key, value in qualifiers(m.group(1)).items():
            config.setdefault(key, value)
        for name in model_names(m.group(1))[:1]:
            config.setdefault("model", name)
    for key, value in clause_engine(text, pos).items():
        config.setdefault(key, value)  # ("vLLM reaches 812 ms ...; SGLang 640 ms": each part's engine, its values')
    if subject and subject != metric:
        config["context"] = subject
    return config


_PAREN_AFTER_RE = re.compile(r"\(([^()]{1,160})\)")
_SENTENCE_END_RE = re.compile(r"[.;!?](?:\s|$)")


def _sentence_end(text: str, pos: int) -> int:
    """Where the sentence holding `pos` ends (". ", "; ", or the text's end), looked for within 300 characters."""
    m = _SENTENCE_END_RE.search(text, pos, min(len(text), pos + 300))
    return m.start() if m else min(len(text), pos + 300)
