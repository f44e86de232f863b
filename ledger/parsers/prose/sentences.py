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

This module holds the extractor and claims_in_text, which reads a text's numbers and turns them into claims; the
rest of the reader is one module per job (issue 12: modules of about 400 lines at most):
    prose_metrics     metric names, clause starts, the kind of claim a name makes
    prose_guards      the numbers that are no result (settings, counts, capacities, thresholds, years)
    prose_labels      what names a value no metric names (console labels, the clause's words)
    prose_pairing     the pass over a text's numbers: settings, pairs with a reference, values alone
    prose_candidates  one value as a candidate claim: its metric, unit, reference, the setup before it
    prose_lists       slash lists and their setups, parallel lists, ratio lines
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.grammar.build_links import build_link, chain_values, stage_side
from ledger.parsers.grammar.numbers import Number, find_numbers
from ledger.parsers.grammar.pr_runs import pr_before_value
from ledger.parsers.grammar.result_files import selected_field
from ledger.parsers.grammar.revision_labels import may_hold_sha
from ledger.parsers.grammar.sides import clause_side, has_clause_side, lead_label_side, sides_named
from ledger.parsers.grammar.stated_heads import stated_head_at
from ledger.parsers.grammar.value_sides import (
    commit_before_value,
    segment_side,
    side_before_value,
    sides_before_values,
)
from ledger.parsers.kv.siblings import sibling_label
from ledger.parsers.prose.bar_scope import scope_bars, tolerance_marks
from ledger.parsers.prose.bare_sizes import least_sizes, with_bare_sizes
from ledger.parsers.prose.build_measures import section_build_measure
from ledger.parsers.prose.change_ranges import change_ranges
from ledger.parsers.prose.clause_measures import clause_measures
from ledger.parsers.prose.contrast_pairs import contrast_pairs
from ledger.parsers.prose.elided_changes import elided_changes, elided_measures
from ledger.parsers.prose.fraction_scores import fraction_scores
from ledger.parsers.prose.grid_leads import cell_leads
from ledger.parsers.prose.inline_sides import inline_sides
from ledger.parsers.prose.lead_tasks import clause_tasks
from ledger.parsers.prose.lists import (
    both_metrics,
    label_setup,
    own_setup,
    parallel_config,
    paren_counts,
    ratio_claims,
    slash_setup,
    subject_slash_metrics,
    switch_conditions,
    test_id_setup_before,
    trailing_setup,
)
from ledger.parsers.prose.metrics import METRIC_RE, holds_metric
from ledger.parsers.prose.multiplier_verbs import with_verb_ratios
from ledger.parsers.prose.outcome_shares import bad_outcome_shares
from ledger.parsers.prose.own_labels import own_labels
from ledger.parsers.prose.pair_ratios import pair_ratios
from ledger.parsers.prose.pairing import NumberPass, spread_units
from ledger.parsers.prose.position_lists import position_runs
from ledger.parsers.prose.prefixed_ratios import with_prefixed_ratios
from ledger.parsers.prose.rank_lists import numbered_lists
from ledger.parsers.prose.reduced_by import stated_moves
from ledger.parsers.prose.referred_measures import LAST_METRIC
from ledger.parsers.prose.respective_values import respective_setups
from ledger.parsers.prose.restated_counts import restated_counts
from ledger.parsers.prose.sentence_setup import carry_sentence_setup
from ledger.parsers.prose.setup_chains import chain_claims, chain_steps
from ledger.parsers.prose.shared_nouns import shared_change_nouns
from ledger.parsers.prose.short_model_forms import short_model_forms
from ledger.parsers.prose.sibling_units import unborrowed_measures
from ledger.parsers.prose.sided_pairs import both_sides, fold_sided_pairs
from ledger.parsers.prose.wrapped_lines import wrapped_context
from ledger.parsers.reader.document import Block
from ledger.parsers.reader.line_kinds import is_device_banner, is_pytest_progress, unsized_bar
from ledger.vocab.metrics import RUN_NAME_RE, named_benchmark, prose_kind
from ledger.vocab.setup import MACHINE_LABEL_RE
from ledger.vocab.sides import AGREES_WITH, side_of
from ledger.vocab.text import ARROW
from ledger.vocab.units import RATIO_UNITS, is_size_unit, measure_of_unit
from ledger.vocab.word_gate import WordGate

NAME = "prose"
VERSION = "1"
BLOCKS = frozenset({"text", "item", "heading"})

# (and a bar cut to its percentage, "100%|" alone on a line: what a copied log keeps of tqdm's bar)
_PROGRESS_RE = re.compile(r"[█▏▎▍▌▋▊▉]|\|\s*\d+/\d+\s*\[\d+:\d+|^\s{0,8}\d{1,3}%\|\s*$")


def claims_in_text(
    ctx: Context,
    line: int,
    text: str,
    offset: int = 0,
    subject: str | None = None,
    default_metric: str | None = None,
    console: bool = False,
    around: Callable[[], tuple[str, str]] | None = None,
) -> Iterator[Claim]:
    """Claims in `text`, which stands at column `offset` of `line` (a cell or a whole line).
    `default_metric` is the metric a list's lead-in names ("Disaggregated serving, gsm8k:") for values that name none
    themselves. `console`: a line of tool output, where a number without a unit of measure is a claim only right after
    a metric's name ("Running: 0 reqs" after "throughput: 16.0 tokens/s" is a gauge, not a throughput), and a bare
    measurement is named by the line's leading label. `around` gives the words a wrapped sentence brings in from the
    lines before and after (prose.wrapped_lines), as context; asked only of a text with numbers (most have none)."""
    spans = ctx.spans.get(line)
    if spans and _digits_taken(text, offset, spans):
        return  # every number here overlaps what another reader claimed: none is free (see Context.is_free)
    nums = _numbers(text)
    if nums and "=" in text and ":" in text:  # what ratio_claims' pattern needs
        yield from ratio_claims(ctx, line, text, offset, subject, default_metric)
    if around is not None and nums and any(words := around()):
        text, offset, nums = _with_context(text, offset, words)
    if not nums:
        return
    if "±" in text or "+/-" in text or "+-" in text:
        nums = spread_units(nums, text)
    if not (read := NumberPass(ctx, line, text, offset, subject, default_metric, console, nums).read()).out:
        return  # (most texts read no value: every step below reads the values, none makes one)
    out = change_ranges(read.out, text) if len(read.out) > 1 else read.out  # (a range has two ends)
    out = chain_values(out, text)  # ("carol 07-03 (hotpatch image) 0.892": the date names the build, no value)
    # a bar stated beside a result is an extra key of its (claims contract); a tolerance bounds a change either way
    scope_bars(out, text, tolerance_marks(text, read.thresholds))
    # what a value's neighbours say about it, once all are read
    if len(out) > 1 and _OFFICIAL_HINT_RE.search(text):
        out = _official_references(out, text)
    parallel_config(out, text)
    out = least_sizes(fraction_scores(paren_counts(out, text), text), text)  # ("1,288/1,319 = 97.65%": one score)
    trailing_setup(out, text)
    short_model_forms(out, text, ctx.doc)  # ("on DeepSeek-V3.2 (DS TTFT ~flat at +0.3%)": DS is that model)
    if len(out) > 1:
        shared_change_nouns(out, text)  # ("~8% PP and ~1% TG improvement at 32k": both improvements, both at 32k)
    elided_changes(out, text)
    test_id_setup_before(out, text)
    own_setup(out, text)
    cell_leads(out, text)  # ("N=8K/b=8: 14.69 -> 8.85 us": the grid cell those values were timed at)
    label_setup(out, text)
    switch_conditions(out, text)
    slash_setup(out, text, subject)
    respective_setups(out, text)  # ("int8/int4 kv, RPS rose 30% and 40% respectively"; "X/Y passed; 70% / 71%")
    if not console:
        carry_sentence_setup(out, text)  # ("... Llama3.1 8b FP16, a 6% gain. Perf goes from 13.5 -> 14.2 ...")
    subject_slash_metrics(out, subject)
    own_labels(out, text)  # ("strict-match 72.4% / flexible-extract 73.6%": each value its own label's)
    out = both_metrics(out, text)
    clause_measures(out, text, ctx.section_at(line))  # (ratios' nouns, a factor's reduced measure, sizes, times)
    elided_measures(out, text)  # ("saturated +5.0%" where the sentence says "saturated throughput")
    clause_tasks(bad_outcome_shares(out, text), text)  # ("64% invalid": no score; "GSM8K, 5-shot: ... 0.91": gsm8k's)
    out = stated_moves(out, text)  # ("reduces mean TPOT by 35.4%", "TTFT improved -5.4%", "7% lower than main")
    out = restated_counts(out, text)  # ("by 2.1 points, or 28 more correct answers": one change, counted twice)
    unborrowed_measures(out, text)  # ("TPOT 61.5 ms, 249 tok/s/gpu": the rate is no TPOT)
    pair_ratios(out, text)  # ("15.3 -> 12.1 ms/step (1.26x)": the decode latency's speed-up)
    position_runs(out, text)  # ("per-position ~0.72 / 0.50 / 0.36", "rate (pos 3) is 0.48": each a position's)
    numbered_lists(out, text)  # ("run 1 gave 1843 tok/s, run 2 gave ...": each a run; "rank 0 waited 420 s": a rank's)
    if not console:
        _unit_measures(out)  # ("35 t/s on a laptop instead of 20 t/s": no words name it)
    out = inline_sides(contrast_pairs(out, text), text, console)  # ("X, whereas Y"; "0.000 on stock to 0.925 fixed")
    # ("previous 14.1 ms, ours 12.0 ms": both sides named right before their values)
    sided = not console and out and (has_clause_side(text) or len(sides_before_values(text)) == 2)
    sides = [_clause_revision(ctx, line, text, c["start"]) if sided else None for c in out]
    sides = [_inline_side(ctx, line, c) or r for c, r in zip(out, _own_sides(out, sides, text, console), strict=True)]
    if sided and len(out) > 1:
        out, sides = fold_sided_pairs(out, sides, text)
    sides = sides if console else _settled_sides(ctx, line, out, sides, text)
    if sided and len(out) > 1 and (lead := lead_label_side(text)) is not None and RUN_NAME_RE.search(lead[1]):
        _number_runs(out)  # ("Main (3 trials): 0.81, 0.83, 0.82": the side says its values are repeated runs)
    for c, rev in zip(out, sides, strict=True):
        if not console and c["metric"] and holds_metric(c["metric"]):
            ctx.memo[LAST_METRIC] = (line, c["metric"], c["unit"])
        ctx.take(line, offset + c["start"], offset + c["end"])
        side: dict[str, Any] = {"revision": rev} if rev is not None else {}
        yield ctx.claim(
            c["kind"],
            line,
            text[c["start"] : c["end"]].rstrip("`"),  # (a value's code span closed after it: "`7%`")
            metric=c["metric"],
            value=c["value"],
            high=c["high"],
            approx=c["approx"],
            unit=c["unit"],
            reference=c["reference"],
            stderr=c.get("stderr"),
            stddev=c.get("stddev"),
            printed=c.get("printed"),
            outcome_text=c.get("outcome_text"),  # ("2.1x slower than main": the text's own verdict)
            note=c.get("note"),
            config=c["config"],
            **side,
        )


def _unit_measures(out: list[dict]) -> None:
    """Each value no words named, named by what its unit measures (a ratio's words are read later)."""
    for c in out:
        if c["metric"] is None and c["unit"] not in RATIO_UNITS:
            c["metric"] = measure_of_unit(c["unit"])


def _numbers(text: str) -> list[Number]:
    """The text's numbers, with the ratios and sizes the number reader leaves ("doubles throughput": 2x; "x2.75 in
    decoding"; "190G DRAM": 190 GB)."""
    return with_verb_ratios(text, with_prefixed_ratios(text, with_bare_sizes(text, find_numbers(text))))


def _with_context(text: str, offset: int, around: tuple[str, str]) -> tuple[str, int, list[Number]]:
    """The text inside the words around it, its offset moved to match, and the numbers of the text's own span; the
    text alone where a number runs over its edge (nothing the context says is then read into it)."""
    before, after = around
    joined = before + text + after
    lo, hi = len(before), len(before) + len(text)
    nums = _numbers(joined)
    if any(n.start < lo < n.end or n.start < hi < n.end for n in nums):
        return text, offset, _numbers(text)
    return joined, offset - lo, [n for n in nums if lo <= n.start and n.end <= hi]


_OFFICIAL_HINT_RE = WordGate(re.compile(r"\b(?:official|reported|published|upstream)\b", re.IGNORECASE))
# "The official AIME2025 score was 0.83": a baseline stated in the sentence after the result it qualifies
_OFFICIAL_RE = re.compile(
    r"\b(?:official|reported|published|upstream)\s+(?:(?P<name>[\w.+-]{2,30})\s+)?"
    r"(?:score|result|number|accuracy|value)\s+(?:is|was|of|=|:)\s*$",
    re.IGNORECASE,
)


# "0.797, which matches the number 79.9 in the official tech report": the number a result is said to agree with,
# the one a report states (the report is named after it)
_AGREED_RE = re.compile(
    r"(?:match(?:es|ed)?|agrees?\swith|" + AGREES_WITH + r")\s(?:the\s)?(?:(?:official|reported|published)\s)?"
    r"(?:number|score|figure|value|result|accuracy)\s(?:of\s)?$",
    re.IGNORECASE,
)
_REPORT_AFTER_RE = re.compile(r"[^.;()]{0,40}?\b(?:official|reported|published|upstream)\b", re.IGNORECASE)


def _official_references(out: list[dict], text: str) -> list[dict]:
    """ "0.797 on AIME2025. The official AIME2025 score was 0.83": 0.83 is the reference of 0.797 (the result the
    name points back to, in the sentence before), not a claim of its own; so is 79.9 in "0.797, which matches the
    number 79.9 in the official tech report" (the value before it in its sentence)."""
    keep: list[dict] = []
    for c in out:
        agreed = _AGREED_RE.search(text, max(0, c["start"] - 60), c["start"])
        if agreed and _REPORT_AFTER_RE.match(text, c["end"]):
            before = [p for p in keep[-4:] if p["end"] <= agreed.start() and p["reference"] is None]
            if before and ". " not in text[before[-1]["end"] : agreed.start()]:  # (a value of its own sentence)
                before[-1]["reference"] = c["value"]
                continue
        m = _OFFICIAL_RE.search(text, max(0, c["start"] - 80), c["start"])
        sentence = text.rfind(". ", max(0, m.start() - 200), m.start()) if m else -1
        prior = (
            [p for p in keep[-4:] if p["end"] <= sentence + 1 and p["reference"] is None] if m and sentence >= 0 else []
        )
        if m and m.group("name"):
            prior = [p for p in prior if m.group("name").lower() in text[p["start"] : p["end"] + 30].lower()]
        if prior:
            prior[-1]["reference"] = c["value"]
            continue
        keep.append(c)
    return keep


def _number_runs(out: list[dict]) -> None:
    """ "Main (3 trials): gsm8k 0.81, 0.83, 0.82": each value of a measure listed more than once is one trial, by its
    place in the list (config `trial`, no setup: compare.trials reads the side's runs as one series)."""
    seen: dict[tuple[Any, Any], list[dict]] = {}
    for c in out:
        seen.setdefault((c["metric"], c["unit"]), []).append(c)
    for runs in seen.values():
        for i, c in enumerate(runs if len(runs) > 1 else (), 1):
            c["config"].setdefault("trial", str(i))


def _own_sides(out: list[dict], sides: list[Revision | None], text: str, console: bool) -> list[Revision | None]:
    """The sides of the values `out`, their clauses' (`sides`) checked: none where the clause names what the change is
    stated against ("PP is 2% slower than on master": not the side it ran on), a commit named right before a value
    its own ("+31.5% over the [`b1c2d3e4` build](...) at 903.4": that value's revision alone)."""
    sides = [None if r is not None and _is_against(r, c) else r for c, r in zip(out, sides, strict=True)]
    if console:
        return sides
    # ("release build 0.815 -> hotfix image (Jan-11) 0.806", "Jan-11 (`v1.4.2`) = 0.809": each link's build)
    sides = [r or build_link(text, c["start"]) for c, r in zip(out, sides, strict=True)]
    if not may_hold_sha(text):
        return sides
    return [commit_before_value(text, c["start"]) or r for c, r in zip(out, sides, strict=True)]


def _settled_sides(
    ctx: Context, line: int, out: list[dict], sides: list[Revision | None], text: str
) -> list[Revision | None]:
    """The sides of the values `out` once their pairs are folded: another PR whose run gave a value as its sentence
    names it ("The previous run (PR #7731) completed ... at 912.40 tok/s": grammar.pr_runs; a side with its commit
    stays), and a value measured the same on both sides (sided_pairs.both_sides)."""
    pairs = zip(out, sides, strict=True)
    sides = [r if r is not None and r.head else pr_before_value(text, c["start"], r, c["end"]) or r for c, r in pairs]
    if (around := ctx.revision_at(line)) is None or not around.head:  # ("Re-ran on the latest head (e4d5c6b7a8)")
        sides = [r or stage_side(text, c["start"]) for c, r in zip(out, sides, strict=True)]  # ("the final stack gave")
    both_sides(out, sides, text, ctx.named_at(line))
    return sides


def _is_against(rev: Revision, c: dict[str, Any]) -> bool:
    against = c["config"].get("against")
    return bool(against and rev.label and rev.label.lower() in against.lower())


def _clause_revision(ctx: Context, line: int, text: str, pos: int) -> Revision | None:
    """ "On current main we see 0.812, and with this PR 0.846": the side the value's clause names. A side
    stated around the line (a label with its head) wins unless the sentence itself compares two sides."""
    side = side_before_value(text, pos) or segment_side(text, pos) or clause_side(text, pos)
    if side is None:
        return None
    label = (side.label or "").lower()
    there = ctx.named_at(line)
    named = there.get(label) or there.get(label.split()[-1] if label else "")
    if named is not None and named.head and not side.head:
        return named  # "with this PR" where the text defined the head: "base `36484e4`, head `170aa20`"
    if side.head:
        return side  # "with this PR (abcdef1234) it reads 0.913": the clause's own commit wins over the label above
    around = ctx.revision_at(line)
    if around is not None and len(sides_named(text)) < 2 and len(sides_before_values(text)) < 2:
        return None
    if side_of(side.label) == "head" and (head := stated_head_at(ctx.doc, line)) is not None:
        return side.model_copy(update={"head": head})  # ("on the PR's head" after "The PR's head commit is X")
    return side


def _inline_side(ctx: Context, line: int, c: dict) -> Revision | None:
    """The side the words after a value of an inline pair named (prose.inline_sides), as the text defined it where it
    did ("with this PR" over a stated head), else None."""
    label = c.pop("inline_side", "")
    if not label:
        return None
    named = ctx.named_at(line).get(label.lower())
    return named if named is not None and named.head else Revision(label=label)


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


_HEADING_RESULT_RE = re.compile(
    r"[:=]\s*[~≈]?\d[\d,]*(?:\.\d+)?\s?(?:%|x|[A-Za-zµ/]{1,12})(?:\s|$)|"
    # "#### RN: round-to-nearest reaches 6.4 TB/s", "### <command> - 1.8%~2.8% faster": a heading that reports
    r"\b(?:reaches|reached|achieves|achieved|hits|delivers|gets)\s+(?:up\s+to\s+)?[~≈]?\d|"
    r"\d(?:\.\d+)?\s?[%x](?:\s?[~-]\s?\d{1,4}(?:\.\d+)?\s?[%x])?\s+(?:faster|slower|speed-?up|better|"
    r"improvement|reduction|lower|higher)\b",
    re.IGNORECASE,
)


# ("Request Rate 200: throughput went up, 184.01 -> 199.89" labels a result with its setup: it says more)
_MORE_AFTER_LABEL_RE = re.compile(r"[,;=]|" + ARROW + r"|\bvs\b")
_LABEL_LINE_RE = re.compile(r"^\s*(?:[-*+]\s+)?[*_`]{0,2}(?P<label>[A-Za-z][\w ./()-]{0,40}?)[*_`]{0,2}\s?:[*_]{0,2}\s")
_WEIGHTS_LABEL_RE = re.compile(r"(?:model|checkpoint|weights|draft model)\s*$", re.IGNORECASE)


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    if block.kind == "heading" and block.level != 1 and not _HEADING_RESULT_RE.search(block.text):
        # a PR title ("..., giving up to 0.85% e2e speedup") states results; section headings name things, unless
        # they print one: "## Eagle decoding speed (SGLang): 297 token/s"
        return
    text = ctx.doc.line(block.start)
    # (a bar's blocks are beyond ASCII; the other progress form needs a "|")
    if block.start in ctx.taken or (("|" in text or not text.isascii()) and _PROGRESS_RE.search(text)):
        return  # a progress bar's rates and counts are not results
    if block.in_code and (is_pytest_progress(text) or unsized_bar(text)):
        return  # (a download's "test.jsonl: 732kB [00:00, 33.3MB/s]" too: the work done so far)
    lm = _LABEL_LINE_RE.match(text)
    if lm and MACHINE_LABEL_RE.match(lm.group("label").strip()) and not _MORE_AFTER_LABEL_RE.search(text, lm.end()):
        return  # "RAM: 4 x 32GB", "- **GPU**: 2*RTX 4090": a line describing the machine or the run's inputs
    if lm and (MACHINE_LABEL_RE.match(label := lm.group("label").strip()) or _WEIGHTS_LABEL_RE.match(label)):
        # "GPU: 3x AMD Radeon AI PRO R9700 (32 GB), Vulkan", "Model: Bar-7B (14 GB on disk)": a size is the part's
        # spec, whatever else the line says
        for n in find_numbers(text):
            if is_size_unit(n.unit):
                ctx.take(block.start, n.start, n.end)
    if is_device_banner(text):
        return  # (in a copied page's unfenced paste too)
    if block.in_code:
        if _BARE_VALUE_LINE_RE.fullmatch(text):
            yield from _value_under_line(ctx, block.start, text)
            return
        yield from claims_in_text(ctx, block.start, text, console=True)
        return
    parent = _parent_item(block, ctx)
    if parent is not None and (steps := chain_steps(text)) is not None:
        yield from chain_claims(ctx, block.start, text, steps, parent)  # ("54.21 (32 cores) → 74.36 (dual-socket)")
    around = partial(wrapped_context, ctx, block.start)
    # ("History: release build 0.815 -> hotfix image 0.806" under an MMLU table: the table's measure)
    metric = _lead_in_metric(parent) or section_build_measure(ctx, block, text)
    yield from claims_in_text(ctx, block.start, text, default_metric=metric, around=around)


_BARE_VALUE_LINE_RE = re.compile(r"\s*[-+]?\d+\.\d+(?:[eE][-+]?\d{1,3})?\s*")
_VALUE_AFTER_LABEL_RE = re.compile(r"(?<![=!<>])(?::|=(?!=))\s*[-+~]?\.?\d")  # "== 10000" compares, it states nothing
_NAMING_LINE_RE = re.compile(r"[A-Za-z][^\n]{2,200}")


def _value_under_line(ctx: Context, line: int, text: str) -> Iterator[Claim]:
    """A number alone on its line in tool output ("torch.sin ... torch.half" then "0.4649"): the measure of the
    line above it, when that line names something and states no value of its own."""
    borrowed = sibling_label(ctx, line)
    if borrowed is not None:  # "0.952" where the other side's block prints "Accuracy: 0.951"
        yield from _bare_value(ctx, line, text, borrowed)
        return
    above = ctx.doc.line(line - 1).strip().lstrip("$#> ").strip()
    if (
        not _NAMING_LINE_RE.fullmatch(above)
        or above.startswith(("```", "~~~"))
        or line - 1 in ctx.taken
        or _VALUE_AFTER_LABEL_RE.search(above)
    ):
        return
    # ("cat results/qwen_pr.json | jq .output_throughput" over "1633.90": the field it printed)
    yield from _bare_value(ctx, line, text, selected_field(above) or above[:120])


def _bare_value(ctx: Context, line: int, text: str, metric: str) -> Iterator[Claim]:
    nums = find_numbers(text)
    if len(nums) != 1 or not ctx.is_free(line, nums[0].start, nums[0].end):
        return
    n = nums[0]
    ctx.take(line, n.start, n.end)
    yield ctx.claim(prose_kind(metric, None), line, text.strip(), metric=metric, value=n.value, config={})


def _parent_item(block: Block, ctx: Context) -> str | None:
    """The text of a sub-list item's parent item, its line's end stripped; None for any other block."""
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
            return raw.rstrip()
    return None


def _lead_in_metric(tail: str | None) -> str | None:
    """The metric a sub-list's parent item `tail` ends with: "Disaggregated serving (...), gsm8k:"."""
    if tail is None:
        return None
    if not tail.endswith(":"):
        # "- `test_llm_api.py::TestX::test_gsm8k_full_accuracy`" over its runs: the test's benchmark
        if "test" in tail:
            return named_benchmark(tail)
        # "* [x] Fix the accuracy drop" over "* 0.41 -> 0.47 after ...": the one measure it names
        names = {m.group(0).lower() for m in METRIC_RE.finditer(tail[:300])}
        return next(iter(names)) if len(names) == 1 else None
    m = _LEAD_IN_METRIC_RE.search(tail)
    return m.group(1) if m else None


_LEAD_IN_METRIC_RE = re.compile(r"(?:^|[,(]\s*)(" + METRIC_RE.pattern + r")\s*:$", re.IGNORECASE)

_ITEM_LINE_RE = re.compile(r"^([ \t]*)(?:[-*+•◦▪‣]|\d{1,3}[.)])[ \t]+")
