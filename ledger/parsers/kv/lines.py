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

This module walks a block's lines and makes the claims of their pairs; lines without a colon are read in
ledger/parsers/kv/spaced.py, what a label names in ledger/parsers/kv/labels.py, what the lines around a value say (a
baseline, a banner, the document's end) in ledger/parsers/kv/context.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.formats.result_dicts import in_scored_record
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.grammar.pairs import Pair, continuations, line_prefix, pairs_in
from ledger.parsers.grammar.unit_labels import header_unit, label_unit, rate_named_unit, rate_unit
from ledger.parsers.grammar.value_lists import list_names
from ledger.parsers.kv.arms import arm_at, arm_key, arm_setting, keep_arm
from ledger.parsers.kv.context import (
    accuracy_above,
    baseline_before,
    benchmark_title,
    block_section,
    cut_short,
    data_above,
    data_lines,
    on_data,
    paired_later,
    section_banner,
    warn_cut_list,
)
from ledger.parsers.kv.labels import (
    OUTCOME_RATE_RE,
    SNAKE_RE,
    accepted_count,
    drafts_counted,
    field_row,
    is_baseline_label,
    is_config,
    is_rate_label,
    measured,
    open_world_label,
    same_measure,
    snake_unit,
    task_lead,
)
from ledger.parsers.kv.log_records import LOG_RECORD_RE, log_record_claim
from ledger.parsers.kv.own_names import continued_name, own_named
from ledger.parsers.kv.phases import counted_rate_claims, phase_clause, stopwatch_claims, with_report_lengths
from ledger.parsers.kv.progress_speeds import speed_claims
from ledger.parsers.kv.rank_pairs import rank_pairs
from ledger.parsers.kv.run_stats import arm_setup, part_setup, scores_spread, trailing_stat
from ledger.parsers.kv.setting_labels import setting_label_claim
from ledger.parsers.kv.side_series import other_side
from ledger.parsers.kv.slash_runs import slash_shared
from ledger.parsers.kv.spaced import after_flag, among_pairs, assert_claim, skip_line, spaced_claim
from ledger.parsers.kv.task_summaries import summary_claims
from ledger.parsers.kv.truth_lines import truth_claims
from ledger.parsers.kv.wrapped import wrapped_pair
from ledger.parsers.reader.document import Block
from ledger.vocab.metrics import is_gauge_name, kind_for_metric, names_a_length
from ledger.vocab.outcomes import names_tally
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_names import setup_named
from ledger.vocab.sides import side_alone
from ledger.vocab.test_ids import indent_of, test_key, test_setup
from ledger.vocab.text import has_digit
from ledger.vocab.units import is_idle_timing, is_timing_unit, measure_of_unit
from ledger.vocab.workload import named_arm

NAME = "kv_lines"
VERSION = "2"
BLOCKS = frozenset({"code", "text", "item"})

_NOT_METRIC_RE = re.compile(r"(?:https?|commit|pr|version|date|time_?stamp)\b", re.IGNORECASE)  # (a time of day)
_LAST_WORD_RE = re.compile(r"\s*\S+$")
# a sentence whose last word is a short name glued to "=" ("K=4 has higher AL than K=2"): a setting in prose
_LAST_NAME_RE = re.compile(r"[\s`(\[,\"'](?P<name>[A-Za-z][\w.-]{0,40})$")


def _wrapped_claim(ctx: Context, no: int, text: str) -> Claim | None:
    """The value that opens this line under the key that ended the line above (ledger/parsers/kv/wrapped.py),
    when the key names a measured result and is no error of another."""
    got = wrapped_pair(ctx.doc.line(no - 1), text)
    if got is None:
        return None
    key, value, start, end = got
    if not measured(key) or is_config(key, None) or _STDERR_KEY_RE.search(key) or not ctx.is_free(no, start, end):
        return None
    ctx.take(no, start, end)
    claim = ctx.claim(kind_for_metric(key), no, text[start:end], metric=key, value=value)
    ctx.memo.setdefault(NAME + ".by_label", {})[key] = claim  # its stderr may follow on this line
    return claim


def _span_claim(
    ctx: Context, no: int, span: tuple[int, int], kind: str, metric: str, value: float, unit: str | None
) -> Claim:
    """The claim of a span of line `no` a reader of its own found (a phase's time, the runs' mean), taken."""
    ctx.take(no, *span)
    return ctx.claim(kind, no, ctx.doc.line(no)[span[0] : span[1]], metric=metric, value=value, unit=unit)


def _setting_in_sentence(label: str) -> bool:
    """A sentence ending in a name glued to "=" ("higher AL than K=2", "than with draft_len=5"): the name is
    what the "=" sets, and it is a setting unless it names a result itself ("reported max_abs_diff = 0")."""
    m = _LAST_NAME_RE.search(label)
    # ("by passing `max_tokens=512`": an engine's argument, a limit, though tokens are a measure)
    return m is not None and (not measured(name := m.group("name")) or ("_" in name and is_config(name, None)))


# "max_abs_diff = 0", "max_abs= 3.9e-05": how far an output is from the reference's
_NUMERIC_DIFF_RE = re.compile(
    r"(?:abs|rel|max|mean)[_ ]?(?:abs[_ ]?)?(?:diff|err(?:or)?)\b|"
    r"^(?:max|mean|avg)_(?:abs|rel)$",
    re.IGNORECASE,
)
_NEW_LABEL_RE = re.compile(
    r"^(?:after|now|new|this pr|pr|ours|optimi[sz]ed|with (?:the )?(?:fix|change|pr))$", re.IGNORECASE
)
_QUALIFIER_LABEL_RE = re.compile(r"^(?:at|with|for|on|under|w/)\s+\S", re.IGNORECASE)
_QUALIFIER_TAIL_RE = re.compile(r"\s+(?:at|with|for|on|under|w/)\s+.*$", re.IGNORECASE)
# "ran the generic kernel: 4 CTAs on 170 SMs": the launch's shape after the colon, what it was given, no result
_LAUNCH_SHAPE_RE = re.compile(r"\s{1,2}(?:ctas?|sms|warps?|warpgroups?|thread\s?blocks?)\b", re.IGNORECASE)
_STDERR_KEY_RE = re.compile(r"(?:^|(?<=[_,\s-]))(?:stderr|std_?err|sem)(?=$|[_,\s:-])", re.IGNORECASE)
_NEW_SIDE_RE = re.compile(
    r"^(?:with\b|this pr|the pr|pr\b|after|now|new|ours|optimi[sz]ed|patched|fixed|branch)", re.IGNORECASE
)
_SPREAD_WORD_RE = re.compile(r"σ|\bstd|\bsigma|\bstdev|deviation", re.IGNORECASE)
_CONFIG_FENCE_RE = re.compile(r"^(?:ya?ml|toml|ini|cfg|conf|dockerfile|env)\b", re.IGNORECASE)  # json may hold results


@dataclass(slots=True)
class _Line:
    """What the pairs of one line share while they are read left to right."""

    no: int
    text: str
    group: str
    """"Decode 0." before the pairs: the group they belong to."""
    pairs: list[Pair]
    base: tuple[float, str | None, str] | None = None
    """A baseline pair's (value, unit, measure) waiting for the next value with its unit ("Before: 45.2 ms")."""
    metric: tuple[str, str] | None = None
    """(metric, kind) of the line's last claim, which a qualifier label ("at batch 2: 2.41") measures again."""
    phase: str = ""
    """"decoded 136 tokens in 28.9 seconds," or "GPQA:" before the pairs: the phase they measure, the benchmark."""
    _labels: list[str] | None = None
    _drafts: bool | None = None

    def labels(self) -> list[str]:
        """The labels of the line's pairs (found once: a line of fields may hold thousands)."""
        if self._labels is None:
            self._labels = [q.label for q in self.pairs]
        return self._labels

    def drafted_rate(self, label: str) -> bool:
        """ "rate" beside drafted-token counts: the acceptance rate (llama.cpp's per-prompt speculative counters)."""
        if not is_rate_label(label):
            return False
        if self._drafts is None:
            self._drafts = drafts_counted(self.labels())
        return self._drafts


class _BlockReader:
    """Reads one block's lines. The state here runs across lines: the kind of the last value (an unnamed value
    after an accuracy is an accuracy), the last claim with its unit (a baseline printed after it is its
    reference; kept in ctx.memo because items and text lines are blocks of their own), the section banner."""

    def __init__(self, block: Block, ctx: Context) -> None:
        self.block, self.ctx = block, ctx
        self.last_kind: str | None = None
        # "With this change: 31,673 tok/s" above "Without it: 29,665 tok/s" takes the second as its reference
        self.above: tuple[int, Claim, str | None, str] | None = ctx.memo.get(NAME + ".above")
        self.banner: tuple[bool, str | None] = (False, None)
        self.banner_line = 0  # the line self.banner was read for (0: none yet)
        self.test: tuple[int, str] | None = None  # "TestX::test_y:" over YAML: (indent, id) of its values' test
        self.bench = benchmark_title(ctx, block.start, block.end) if block.kind == "code" else None
        self.data = data_lines(ctx, block.start, block.end) if block.kind == "code" else []  # "Loading X dataset"
        self.arm = arm_at(ctx, block)  # "... perf per strategy:": the setting its labels are values of

    def claims(self) -> Iterator[Claim]:
        block = self.block
        for no, text in enumerate(self.ctx.doc.lines[block.start - 1 : block.end], start=block.start):
            yield from on_data(self._line(no, text), data_above(self.data, no))
        keep_arm(self.ctx, block, self.arm)

    def _forget_kind(self, text: str) -> None:
        # a blank line ends what the last value's kind says about the next unnamed one; a line of words does not
        self.last_kind = None if not text.strip() else self.last_kind

    def _line(self, no: int, text: str) -> Iterator[Claim]:
        ctx, block = self.ctx, self.block
        self.arm = arm_key(text, self.arm)
        if (key := test_key(text)) is not None or (self.test and text.strip() and indent_of(text) <= self.test[0]):
            self.test = key
        if block.kind != "item" and no > 1 and (claim := _wrapped_claim(ctx, no, text)) is not None:
            yield claim  # "'word_perplexity,none':" above, "7.812, ..." here
        if not has_digit(text):
            # every claim below needs a digit in its value (the block has one, most of its lines not)
            self._forget_kind(text)
            return
        phase = phase_clause(text)
        if phase is not None and ctx.is_free(no, phase.start, phase.end):
            # (its count of tokens is the work's size: no claim, no name)
            unit = normalise_unit(phase.unit)
            metric = f"{phase.name} time"
            yield _span_claim(
                ctx, no, (phase.start, phase.end), kind_for_metric(metric, unit), metric, phase.value, unit
            )
        for reader in (summary_claims, truth_claims, speed_claims, stopwatch_claims, counted_rate_claims):
            yield from reader(ctx, no, text)  # ("gsm8k: 1319 examples | 52.8s", "... [..., est. speed input: ...]")
        if block.kind != "code" and (setting := setting_label_claim(ctx, no, text)) is not None:
            yield setting  # "* K=2: 201.69, speedup: 1.51x", "- c=16 → 1630.8 tok/s": the run's setting, its value
        claim = self._unpaired_line(no, text)
        if claim is not None:
            yield claim
            return
        if (
            no in ctx.taken
            or (":" not in text and "=" not in text and ">" not in text)
            or skip_line(text)
            or after_flag(ctx, no)
        ):
            self._forget_kind(text)
            return
        record = LOG_RECORD_RE.match(text) if ("INFO" in text or "DEBUG" in text) and no not in ctx.taken else None
        if record is not None and (claim := log_record_claim(ctx, no, text, record)) is not None:
            yield claim
            return
        _floor, group = line_prefix(text)
        line = _Line(
            no, text, group, (ps := pairs_in(text)), phase=phase.name if phase is not None else task_lead(text, ps)
        )
        arm = {**arm_setup(line.pairs, text), **part_setup(text, line.pairs)}  # ("FP8 idx : Accuracy: ..")
        if "=" in text and (row := field_row(text)) is not None and not qualifiers(row):
            arm = {**arm, "row": row}  # each prompt's fields, one series per prompt ("torch.float16 ...": a setting)
        # ("GPU0: 81.2 ms, GPU1: 79.9 ms": each a rank's value of the line's measure)
        for claim in rank_pairs([claim for p in line.pairs for claim in self._pair(line, p)], text):
            claim.config.update(test_setup(self.test[1]) if self.test else arm)  # its test's setup over the text's
            if claim.kind == "accuracy" and self.bench is not None:
                claim.config.setdefault("task", self.bench)
            yield claim
        stat = trailing_stat(text, line.pairs) if line.metric is not None else None
        if stat is not None and line.metric is not None and ctx.is_free(no, stat.start, stat.end):
            metric, kind = f"{line.metric[0]} {stat.stat}", line.metric[1]  # "... 0.799   mean 0.801": the runs'
            claim = _span_claim(ctx, no, (stat.start, stat.end), kind, metric, stat.value, stat.unit)
            claim.config.update({**arm, "stat": stat.stat.lower()})
            yield claim

    def _unpaired_line(self, no: int, text: str) -> Claim | None:
        """The claim of a line read whole: an assertion's values, or a name and a value spaced apart."""
        ctx = self.ctx
        if no not in ctx.taken and "assert" in text:
            claim = assert_claim(ctx, no, text)
            if claim is not None:
                return claim
        if (
            no not in ctx.taken
            and ":" not in text
            and (self.block.kind == "code" or "\t" in text or "  " in text.strip() or among_pairs(ctx, no))
        ):
            return spaced_claim(ctx, no, text, console=self.block.kind == "code")
        return None

    def _pair(self, line: _Line, p: Pair) -> Iterator[Claim]:
        ctx, no, value = self.ctx, line.no, p.value
        if value is None or not self._may_be_result(line, p):
            return
        if self.banner_line != no:
            self.banner, self.banner_line = section_banner(ctx, no), no
        if self.banner[0]:
            ctx.take(no, p.label_start, p.end)  # "= ENGINE DETAILS": the run's settings
            return
        label = p.label
        unit = (
            label_unit(label, p.unit)
            or p.unit
            or snake_unit(label)
            or rate_unit(label)
            or rate_named_unit(label)
            or (self.banner[1] if measured(label) else None)
        )
        unit = normalise_unit(unit) if unit is not None else None
        if line.metric is not None and _QUALIFIER_LABEL_RE.match(label):
            # "acceptance length at batch 32: 2.27, at batch 2: 2.41": the same measure under another setup
            base = _QUALIFIER_TAIL_RE.sub("", line.metric[0]).strip() or line.metric[0]
            ctx.take(no, p.label_start, p.end)
            yield ctx.claim(
                line.metric[1],
                no,
                line.text[p.label_start : p.end],
                metric=f"{base} {label}",
                value=p.value,
                unit=unit,
                config=qualifiers(label) or None,
            )
            return
        if self._no_claim_of_its_own(line, p, value, unit):
            return
        metric = (
            f"{line.group or line.phase} {label}"
            if line.group or line.phase
            else scores_spread(label, unit, line.text[: p.label_start])
        )
        named = (setup_named(label) or arm_setting(self.arm, label) or named_arm(label)) if not line.group else None
        if named and (measure := measure_of_unit(unit)):  # the run's label: "- 8B: 98 tok/s", "- FP8 run: 1520 tok/s"
            for claim in self._result(line, p, measure, "perf", unit):
                claim.config.update(named)  # the label's own model wins over the one the text around it names
                yield claim
            return
        sided_base = line.base is not None and line.base[2] and _NEW_LABEL_RE.match(label)
        if not sided_base and side_alone(label) and (measure := measure_of_unit(unit)):
            # "- main (before; 3 runs): 41.2 tok/s", "- this branch: 43.0 tok/s": the label is the run's side
            yield from self._result(line, p, measure, "perf", unit)
            return
        if sided_base and line.base is not None:
            metric = f"{line.base[2]} {label}"  # "TTFT before: 45.2 ms / after: 40.1 ms" -> "TTFT after"
        # (llama.cpp's per-prompt speculative counters; "- 31B: 1.66 accepted tokens/round": the value's own words)
        metric, unit = ("acceptance rate", unit) if line.drafted_rate(label) else own_named(line.text, p, metric, unit)
        kind = self._kind(no, metric, label, unit)
        if kind is None:
            return
        if cut_short(ctx, no, line.text, p):
            ctx.warn(no, "value cut short at the end of the document")
            ctx.take(no, p.label_start, p.end)  # nor may prose read the cut digits
            return
        yield from self._result(line, p, metric, kind, unit)

    def _may_be_result(self, line: _Line, p: Pair) -> bool:
        """Whether a pair that has a value can hold a result at all: a real label that no reader took, and not a
        setting written "name=value". "PR: #1234" names a pull request, but "PR: 35.5 us" is the PR side's time: a
        side's name over a measure's unit."""
        if not p.clean or len(p.label) < 2:
            return False
        if not self.ctx.is_free(line.no, p.label_start, p.end) or (
            _NOT_METRIC_RE.match(p.label) and not (side_alone(p.label) and measure_of_unit(p.unit))
        ):
            return False
        # "tp=8", "M=64", "... higher AL than K=2": settings, not results
        return not (
            line.text[p.label_start + len(p.label) : p.value_start].strip() == "="
            and (not is_timing_unit(p.unit) and (not measured(p.label) or _setting_in_sentence(p.label)))
            and not line.drafted_rate(p.label)
        )

    def _no_claim_of_its_own(self, line: _Line, p: Pair, value: float, unit: str | None) -> bool:
        """Take a pair that only serves other claims (a setting, a count, a gauge, a stderr, a baseline), giving
        what it holds to the claim it serves; whether it was one."""
        ctx, no, label = self.ctx, line.no, p.label
        scored = self.bench is not None and value != int(value)  # ('"strict_anls": 0.71' under "DocVQA")
        if (
            (is_config(label, unit) and not line.drafted_rate(label) and not scored)
            or is_gauge_name(label)
            or (unit is None and names_tally(label))  # '"failures": 0' in a case's record: the runner's count line is
            or ("=" in line.text and accepted_count(label, value, line.labels()))
            or (self.block.kind == "code" and is_idle_timing(value, unit))
            or (unit is None and _LAUNCH_SHAPE_RE.match(line.text, p.end) is not None)
        ):
            ctx.take(no, p.label_start, p.end)  # a setting, a workload count, a state gauge or a counter
            return True
        sm = _STDERR_KEY_RE.search(label)
        if sm is not None:
            # "exact_match_stderr,strict-match": the error of the value its name leaves, never a claim
            base = (label[: sm.start()].rstrip("_ -") + label[sm.end() :]).strip(" _,")
            target = ctx.memo.get(NAME + ".by_label", {}).get(base)
            if target is not None and target.stderr is None:
                target.stderr = p.value
            ctx.take(no, p.label_start, p.end)
            return True
        if is_baseline_label(label) and paired_later(ctx, no, line.text, p, unit, self.block.kind == "code"):
            ctx.take(no, p.label_start, p.end)  # the next value's reference, not a claim
            line.base = (value, unit, _LAST_WORD_RE.sub("", label))
            return True
        above = self.above
        if (
            above is not None
            and is_baseline_label(label)
            and above[2] == unit
            and above[1].reference is None
            and no - above[0] <= 2
            and (_NEW_SIDE_RE.search(above[3]) or same_measure(above[3], label))
        ):
            above[1].reference = p.value  # the baseline printed after its new value
            ctx.take(no, p.label_start, p.end)
            self.above = ctx.memo[NAME + ".above"] = None
            return True
        return False

    def _kind(self, no: int, metric: str, label: str, unit: str | None) -> str | None:
        """The claim's kind; None for a bare number under a name that says nothing, where no reader of output
        may claim it."""
        # the label's own kind first (a heading's "kernel" never makes "Accuracy: 0.951" perf; "Invalid" takes it)
        kind = kind_for_metric(metric, unit)
        if kind == "perf" and not names_a_length(metric):  # ("chars" under "GPQA": the answers' length, no score)
            kind = kind_for_metric(f"{metric} {block_section(self.block, self.ctx)}", unit)
        if _NUMERIC_DIFF_RE.search(label):
            kind = "accuracy"  # "max_abs_diff = 0": a numerical deviation from the reference output
        elif unit is None and self.last_kind == "accuracy" and OUTCOME_RATE_RE.search(label):
            kind = "accuracy"  # "stop_rate: 0.998" under "accuracy: 0.912": the eval's answers, as "Invalid" is
        if unit is None and not measured(label):
            if self.last_kind == "accuracy" or accuracy_above(self.ctx, no) or in_scored_record(self.ctx, no):
                kind = "accuracy"  # "Invalid: 0.000" after "Accuracy: 0.950", '"zh": 0.7' in a scored record
            elif self.bench and SNAKE_RE.match(label):
                return "accuracy"  # '"strict_anls": 0.71' under "DocVQA": the benchmark's score, by its own name
            elif self.block.kind != "code" or not open_world_label(label):
                return None
            # console output: a number printed under a name is a result whatever the name ("Mean KLD",
            # "Same top p"), unless the closed vocabulary calls it a setting, a count or a gauge
        return kind

    def _result(self, line: _Line, p: Pair, metric: str, kind: str, unit: str | None) -> Iterator[Claim]:
        """A result pair's claims: its value with its reference and spread, or one claim per value of its list."""
        ctx, no, text, label, group = self.ctx, line.no, line.text, p.label, line.group
        ref = p.reference
        if ref is None and line.base is not None and line.base[1] == unit:
            ref, line.base = line.base[0], None  # "Before: 45.2 ms, After: 40.1 ms"
        if ref is None:
            ref = baseline_before(ctx, no, unit, label)
        ctx.take(no, p.label_start, p.end)
        self.last_kind = kind
        base, names = list_names(label)
        if names:
            unit = unit or (normalise_unit(u) if (u := header_unit(base)) else None)
        # claim fields by name
        spread: dict[str, Any] = (
            {} if p.spread is None else {"stddev" if _SPREAD_WORD_RE.search(label) else "stderr": p.spread}
        )
        if p.items is not None:  # "[0.157, 0.165, 0.463]": one claim per value of the list
            warn_cut_list(ctx, no, text, p.value_start)  # (grammar.value_lists: a list an excerpt cut open)
            named = len(names) == len(p.items)
            for k, (value, start, end) in enumerate(p.items):
                stat = names[k] if named else None
                cmetric = f"{group + ' ' if group else ''}{base} {stat}" if stat else f"{metric} ({k + 1})"
                yield ctx.claim(
                    kind,
                    no,
                    text[start:end],
                    metric=cmetric,
                    value=value,
                    unit=unit,
                    config={"stat": stat} if stat else ({"group": group} if group else None),
                )
            return
        conts = continuations(text, p)
        named = len(names) == len(conts) + 1
        first = f"{group + ' ' if group else ''}{base} {names[0]}" if named else metric
        cfg = {"stat": names[0]} if named else {}
        if group:
            cfg["group"] = group
        if p.bar is not None:
            cfg["threshold"] = p.bar
        claim = ctx.claim(
            kind,
            no,
            text[p.label_start : p.end],
            metric=first,
            value=p.value,
            high=p.high,
            approx=p.approx,
            unit=unit,
            reference=ref,
            printed=p.printed,
            config=cfg or None,
            **spread,
        )
        self.above = ctx.memo[NAME + ".above"] = (no, claim, unit, label)
        line.metric = (first, kind)
        ctx.memo.setdefault(NAME + ".by_label", {})[label] = claim
        series = slash_shared(  # ("61.2 / 350.7 / 1,212.9 tok/s at batch sizes 1 / 8 / 32": a batch size each)
            [claim, *_continued(ctx, no, text, conts, kind, metric, unit, (base, names) if named else None)],
            *(text, p, conts, None if named else metric),
        )
        if claim.unit is None and not named and p.items is None:
            series += other_side(ctx, no, text, conts[-1][4] if conts else p.end, series, metric)
        yield from series


def _continued(
    ctx: Context,
    no: int,
    text: str,
    conts: list[tuple[float, str | None, str, int, int]],
    kind: str,
    metric: str,
    unit: str | None,
    stats: tuple[str, list[str]] | None,
) -> list[Claim]:
    """The claims of the values after a pair's first ("…: 89.27 requests/s, 22853.37 total tokens/s"): each by
    the statistic its label names ("min/max/ave"), else by its own unit, else by its place."""
    out: list[Claim] = []
    for i, (value, cunit, qual, start, end) in enumerate(conts, start=2):
        ctx.take(no, start, end)
        if stats is not None:
            base, names = stats
            out.append(
                ctx.claim(
                    kind,
                    no,
                    text[start:end],
                    metric=f"{base} {names[i - 1]}",
                    value=value,
                    unit=cunit or unit,
                    config={"stat": names[i - 1]},
                )
            )
            continue
        cmetric, cunit = continued_name(text, start, end, metric, cunit or None, qual, i)
        out.append(
            ctx.claim(kind_for_metric(cmetric, cunit), no, text[start:end], metric=cmetric, value=value, unit=cunit)
        )
    return out


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    if block.kind == "code" and _CONFIG_FENCE_RE.match(block.info):
        return  # a configuration file: every number in it is a setting
    yield from with_report_lengths(block, ctx, _BlockReader(block, ctx).claims())  # ("Prompt: 120 tokens, ...")
