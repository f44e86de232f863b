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

This module holds the extractor and claims_in_text, which walks a text's numbers and pairs them; the rest of
the reader is one module per job (issue 12: modules of about 400 lines at most):
    prose_metrics     metric names, clause starts, the kind of claim a name makes
    prose_guards      the numbers that are no result (settings, counts, capacities, thresholds, years)
    prose_labels      what names a value no metric names (console labels, the clause's words)
    prose_candidates  one value as a candidate claim: its metric, unit, reference, the setup before it
    prose_lists       slash lists and their setups, parallel lists, ratio lines
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import Number, find_numbers
from ledger.parsers.grammar.sides import clause_side, has_clause_side, sides_named
from ledger.parsers.kv.siblings import sibling_label
from ledger.parsers.prose.candidates import candidate
from ledger.parsers.prose.guards import NAMED_THRESHOLD_RE, THRESHOLD_AFTER_RE, is_config_number
from ledger.parsers.prose.lists import link, parallel_config, ratio_claims, slash_setup, subject_slash_metrics
from ledger.parsers.prose.metrics import METRIC_RE, claim_kind
from ledger.parsers.prose.ratio_names import name_ratios
from ledger.parsers.prose.sibling_units import name_conditions, sibling_unit
from ledger.parsers.reader.document import Block
from ledger.vocab.metrics import named_benchmark
from ledger.vocab.setup import MACHINE_LABEL_RE
from ledger.vocab.units import canonical_unit, is_measure_unit

NAME = "prose"
VERSION = "1"
BLOCKS = frozenset({"text", "item", "heading"})

_PROGRESS_RE = re.compile(r"[█▏▎▍▌▋▊▉]|\|\s*\d+/\d+\s*\[\d+:\d+")
_ARROW_RE = re.compile(r"^\s*(?:->|→|=>|⇒|-->)\s*")
_TO_RE = re.compile(r"^\s+to\s+")
_FROM_RE = re.compile(r"\bfrom\s*$", re.IGNORECASE)
# "Tune `--decode-steps` from 4 to 8", "Set chunk size from 2048 to 4096": a setting changed, not a result
_SETTING_CHANGE_RE = re.compile(
    r"(?:--[a-z][\w-]{0,40}`?|\b(?:set|sets|tune[sd]?|tuning|bump(?:s|ed)?|switch(?:es|ed)?)\b)[^.;:,\d]{0,60}"
    r"\bfrom\s*$|\b(?:chunk|batch|block|page|bucket|tile|split|warmup)[ _-]?(?:size|len(?:gth)?|count)s?\s+from\s*$",
    re.IGNORECASE)
_MEASURE_WORD_RE = re.compile(r"throughput|latency|speed|ttft|tpot|accuracy|score|time\b|tok/s|tflops", re.IGNORECASE)
_SPAN_VERB_RE = re.compile(r"\b(?:range[sd]?|ranging|var(?:y|ies|ied|ying)|span(?:s|ning)?|anywhere)\s+from\s*$",
                           re.IGNORECASE)
# "96.59 vs 95.83", "96.59 vs bf16-capped 95.83": one short word may name the baseline
_VS_RE = re.compile(r"^\s*(?:vs\.?|versus|against)\s+(?:[A-Za-z][\w.-]{0,24}\s+)?", re.IGNORECASE)
_REF_RE = re.compile(r"^\s*(?:\(\s*)?(?:ref(?:erence)?\.?|baseline|was|before|main)\s*(?::\s*)?$", re.IGNORECASE)
# "B (the stock number is A)", "B (was A)": a parenthetical that names the baseline
_PAREN_IS_RE = re.compile(r"^\s*\((?:[^();]{0,80}?\s)?(?:is|was)\s+$", re.IGNORECASE)
_BEFORE_AFTER_RE = re.compile(r"^\s*(?:before|previously|earlier|on main|baseline)\b", re.IGNORECASE)


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
    if "=" in text and ":" in text:  # what ratio_claims' pattern needs
        yield from ratio_claims(ctx, line, text, offset, subject, default_metric)
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
        if NAMED_THRESHOLD_RE.search(text, max(0, n.start - 32), n.start) or \
                THRESHOLD_AFTER_RE.match(text, n.end, n.end + 40):
            thresholds.append(n.text)  # "pass threshold: 0.70", "(threshold 0.93)": the bar, not a result
            prev_config = True
            continue
        if is_config_number(text, n) or chained:
            prev_config = True
            continue
        prev_config = False
        if _FROM_RE.search(text, max(0, n.start - 40), n.start) and not is_measure_unit(n.unit) and \
                (sc := _SETTING_CHANGE_RE.search(text, max(0, n.start - 100), n.start)) and \
                not _MEASURE_WORD_RE.search(sc.group(0)):
            if n.high is None:
                skip.add(i + 1)  # "Tune `--decode-steps` from 4 to 8": both numbers are settings
            prev_config = True
            continue
        if n.high is not None and " to " in n.text and _FROM_RE.search(text, max(0, n.start - 40), n.start) and \
                not _SPAN_VERB_RE.search(text, max(0, n.start - 40), n.start):
            # "goes from 373 to 530 TFLOP/s": a change, the new value with the old as its reference (a range is
            # "ranges from 10 to 20 ms")
            last_claim = candidate(ctx, line, text, offset, n=replace(n, value=n.high, high=None), subject=subject,
                                   console=console, unit=n.unit, reference=n.value, force=True,
                                   default_metric=default_metric)
            if last_claim:
                link(out, last_claim, text)
                out.append(last_claim)
            continue
        nxt = nums[i + 1] if i + 1 < len(nums) else None
        between = text[n.end:nxt.start] if nxt else ""
        # "A -> B", "from A to B": A is B's reference
        if nxt is not None and ctx.is_free(line, offset + nxt.start, offset + nxt.end) and (
                _ARROW_RE.fullmatch(between) or (
                _TO_RE.fullmatch(between) and _FROM_RE.search(text, max(0, n.start - 40), n.start))
                or _ratio_operands(text, prev, n, nxt, between)):
            unit = nxt.unit or n.unit
            ref = n.value
            skip.add(i + 1)
            last_claim = candidate(ctx, line, text, offset, n=nxt, subject=subject, console=console, unit=unit,
                                    reference=ref,
                                    span_start=n.start, force=True, default_metric=default_metric)
            if last_claim:
                link(out, last_claim, text)
                out.append(last_claim)
            continue
        # "287 vs 1,721 us": the unit printed once after the pair belongs to both sides
        if nxt is not None and _VS_RE.fullmatch(between) and (is_measure_unit(nxt.unit) or is_measure_unit(n.unit)):
            skip.add(i + 1)
            last_claim = candidate(ctx, line, text, offset, n=n, subject=subject, console=console,
                                    unit=n.unit or nxt.unit,
                                    reference=nxt.value, force=True, default_metric=default_metric)
            if last_claim:
                last_claim["end"] = nxt.end
                link(out, last_claim, text)
                out.append(last_claim)
            continue
        if last_claim is not None and prev is not None and _PLUS_MINUS_GAP_RE.fullmatch(gap_before):
            last_claim["stderr"] = n.value  # "~0.70 ± 0.05": the spread of the value before
            last_claim["end"] = n.end
            continue
        if last_claim is not None and last_claim["reference"] is None and _came_from(text, last_claim, n):
            last_claim["reference"] = n.value  # "now 31.5 ms/t on an M2 Ultra, down from 40.2 ms/t on master"
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
        borrowed = sibling_unit(out[-1] if out else None, text, n)
        if borrowed is not None:  # "12 sec with X, 25 for Y": the unit and measure of the list's first value
            last_claim = candidate(ctx, line, text, offset, n=n, subject=subject, console=console,
                                   unit=borrowed[0], inherited=borrowed[1], force=True)
            if last_claim is not None:
                name_conditions(out[-1], last_claim, text)
        else:
            last_claim = candidate(ctx, line, text, offset, n=n, subject=subject, console=console,
                                   default_metric=default_metric,
                                   inherited=inherited["metric"] if inherited else None)
        if last_claim:
            if inherited is not None and last_claim["metric"] == inherited["metric"] and inherited.get("ref_explicit"):
                # "MMMU: 56.3 (ref 59.2); 59.1 with X": a variant of the same measurement, same reference
                last_claim["reference"] = inherited["reference"]
            link(out, last_claim, text)
            out.append(last_claim)
    if thresholds:  # a bar stated beside the results is an extra key of theirs (claims contract)
        for c in out:
            c["config"] = {**c["config"], "threshold": thresholds[0]}
    if len(out) > 1 and _OFFICIAL_HINT_RE.search(text):
        out = _official_references(out, text)
    parallel_config(out, text)
    slash_setup(out, text, subject)
    subject_slash_metrics(out, subject)
    name_ratios(out, text, lambda metric: METRIC_RE.search(metric) is not None)
    sided = not console and out and has_clause_side(text)
    for c in out:
        ctx.take(line, offset + c["start"], offset + c["end"])
        side: dict[str, Any] = {"revision": rev} if sided and (rev := _clause_revision(ctx, line, text, c["start"])) \
            else {}
        yield ctx.claim(c["kind"], line, text[c["start"]:c["end"]], metric=c["metric"], value=c["value"],
                        high=c["high"], approx=c["approx"], unit=c["unit"], reference=c["reference"],
                        stderr=c.get("stderr"), printed=c.get("printed"), config=c["config"],
                        **side)


_OFFICIAL_HINT_RE = re.compile(r"\b(?:official|reported|published|upstream)\b", re.IGNORECASE)
# "The official AIME2025 score was 0.83": a baseline stated in the sentence after the result it qualifies
_OFFICIAL_RE = re.compile(r"\b(?:official|reported|published|upstream)\s+(?:(?P<name>[\w.+-]{2,30})\s+)?"
                          r"(?:score|result|number|accuracy|value)\s+(?:is|was|of|=|:)\s*$", re.IGNORECASE)


def _official_references(out: list[dict], text: str) -> list[dict]:
    """"0.797 on AIME2025. The official AIME2025 score was 0.83": 0.83 is the reference of 0.797 (the result the
    name points back to, in the sentence before), not a claim of its own."""
    keep: list[dict] = []
    for c in out:
        m = _OFFICIAL_RE.search(text, max(0, c["start"] - 80), c["start"])
        sentence = text.rfind(". ", max(0, m.start() - 200), m.start()) if m else -1
        prior = [p for p in keep[-4:] if p["end"] <= sentence + 1 and p["reference"] is None] \
            if m and sentence >= 0 else []
        if m and m.group("name"):
            prior = [p for p in prior if m.group("name").lower() in text[p["start"]:p["end"] + 30].lower()]
        if prior:
            prior[-1]["reference"] = c["value"]
            continue
        keep.append(c)
    return keep


def _clause_revision(ctx: Context, line: int, text: str, pos: int) -> Revision | None:
    """"On current main we see 0.812, and with this PR 0.846": the side the value's clause names. A side
    stated around the line (a label with its head) wins unless the sentence itself compares two sides."""
    side = clause_side(text, pos)
    if side is None:
        return None
    label = (side.label or "").lower()
    named = ctx.named.get(label) or ctx.named.get(label.split()[-1] if label else "")
    if named is not None and named.head:
        return named  # "with this PR" where the text defined the head: "base `36484e4`, head `170aa20`"
    around = ctx.revision_at(line)
    if around is not None and len(sides_named(text)) < 2:
        return None
    return side


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


_CAME_FROM_RE = re.compile(r"\b(?:down|up|improved|dropped|reduced|rose|fell|was)\s(?:\w+\s)?from\s*~?$",
                           re.IGNORECASE)


def _came_from(text: str, claim: dict, n: Number) -> bool:
    """`n` is where the value of `claim` came from ("X, down from Y"): in the same sentence, the same unit."""
    gap = text[claim["end"]:n.start]
    return ". " not in gap and len(gap) <= 120 and _CAME_FROM_RE.search(text, max(claim["end"], n.start - 30),
                                                                          n.start) is not None \
        and (n.unit is None or claim["unit"] is None or canonical_unit(n.unit, "perf") ==
             canonical_unit(claim["unit"], "perf"))


def _starts_clause(text: str, pos: int) -> bool:
    """The number opens a ";"-clause, bare or after a qualifier ("; with MTP3, 96.17")."""
    head = text[:pos]
    cut = head.rfind(";")
    if cut < 0:
        return False
    lead = head[cut + 1:].strip()
    return lead == "" or _QUALIFIER_LEAD_RE.fullmatch(lead) is not None


_HEADING_RESULT_RE = re.compile(
    r"[:=]\s*[~≈]?\d[\d,]*(?:\.\d+)?\s?(?:%|x|[A-Za-zµ/]{1,12})(?:\s|$)|"
    # "#### RN: round-to-nearest reaches 6.4 TB/s", "### <command> - 1.8%~2.8% faster": a heading that reports
    r"\b(?:reaches|reached|achieves|achieved|hits|delivers|gets)\s+(?:up\s+to\s+)?[~≈]?\d|"
    r"\d(?:\.\d+)?\s?[%x](?:\s?[~-]\s?\d{1,4}(?:\.\d+)?\s?[%x])?\s+(?:faster|slower|speed-?up|better|"
    r"improvement|reduction|lower|higher)\b", re.IGNORECASE)


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
    borrowed = sibling_label(ctx, line)
    if borrowed is not None:  # "0.952" where the other side's block prints "Accuracy: 0.951"
        yield from _bare_value(ctx, line, text, borrowed)
        return
    above = ctx.doc.line(line - 1).strip().lstrip("$#> ").strip()
    if not _NAMING_LINE_RE.fullmatch(above) or above.startswith(("```", "~~~")) or line - 1 in ctx.taken or \
            _VALUE_AFTER_LABEL_RE.search(above):
        return
    yield from _bare_value(ctx, line, text, above[:120])


def _bare_value(ctx: Context, line: int, text: str, metric: str) -> Iterator[Claim]:
    nums = find_numbers(text)
    if len(nums) != 1 or not ctx.is_free(line, nums[0].start, nums[0].end):
        return
    n = nums[0]
    ctx.take(line, n.start, n.end)
    yield ctx.claim(claim_kind(metric, None), line, text.strip(), metric=metric, value=n.value, config={})


_SLASH_GAP_RE = re.compile(r"\s*/\s*")


def _ratio_operands(text: str, ratio: Number | None, a: Number, b: Number, between: str) -> bool:
    """"+1.310x (42.100ms / 32.137ms)": the two times a speed-up was taken from, old over new; the new one is
    the value, the old its reference (the ratio itself is a claim of its own)."""
    if ratio is None or ratio.unit not in ("x", "×") or not _SLASH_GAP_RE.fullmatch(between) or not b.value:
        return False
    if not text[ratio.end:a.start].strip(" *_`").endswith("("):
        return False
    return abs(a.value / b.value - abs(ratio.value)) <= 0.03 * abs(ratio.value)


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
                # "- `test_llm_api.py::TestX::test_gsm8k_full_accuracy`" over its runs: the test's benchmark
                return named_benchmark(tail) if "test" in tail else None
            m = _LEAD_IN_METRIC_RE.search(tail)
            return m.group(1) if m else None
    return None


# compiled once (a string pattern in a hot function costs a cache lookup per call)
_LIST_GAP_RE = re.compile(r"\s*[/,]\s*|\s*(?:and|or)\s*|\s*[-+*=]\s*")
_TO_GAP_RE = re.compile(r"\s+(?:[a-z_-]{1,20}\s+){0,3}to\s+")
_PLUS_MINUS_GAP_RE = re.compile(r"\s*(?:±|\+/-|\+-)\s*")
_OPEN_PAREN_GAP_RE = re.compile(r"\s*\(\s*")
_AGAINST_GAP_RE = re.compile(r"\s*(?:,\s*)?against\s+")
_QUALIFIER_LEAD_RE = re.compile(r"(?:with|without|at|on|for|under)\b[^;:()]{0,40}?,?", re.IGNORECASE)
_LEAD_IN_METRIC_RE = re.compile(r"(?:^|[,(]\s*)(" + METRIC_RE.pattern + r")\s*:$", re.IGNORECASE)

_ITEM_LINE_RE = re.compile(r"^([ \t]*)(?:[-*+•◦▪‣]|\d{1,3}[.)])[ \t]+")
