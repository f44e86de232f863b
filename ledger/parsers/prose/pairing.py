"""One pass over the numbers of a text, left to right (for sentences.claims_in_text): which numbers are settings,
which pair with the next one ("A -> B", "from A to B", "A vs B") or with the value before ("B (ref A)",
"~0.70 ± 0.05", "down from A"), and which stand alone as candidate claims (prose.candidates).

Apart from sentences.py because this pass is the part of the reader that carries state from number to number
(the last claim, whether the number before was a setting, the numbers a pair already used); sentences.py
decides which texts are read and turns the pass's candidates into claims.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import Number
from ledger.parsers.grammar.replaced_values import CAME_FROM_REACH, came_from
from ledger.parsers.grammar.setting_arrows import setting_arrow, setting_chain
from ledger.parsers.grammar.value_sides import side_before_value
from ledger.parsers.prose.arm_contrasts import arm_read, arms_after_values
from ledger.parsers.prose.bars import bar_after_value, declared_bar
from ledger.parsers.prose.candidates import candidate
from ledger.parsers.prose.change_ranges import ends_a_change_range
from ledger.parsers.prose.formula_terms import formula_constant
from ledger.parsers.prose.guards import BAR_CHANGE_RE, NAMED_THRESHOLD_RE, THRESHOLD_AFTER_RE, is_config_number
from ledger.parsers.prose.hypotheticals import hypothetical_before
from ledger.parsers.prose.lists import link
from ledger.parsers.prose.metrics import measure_after_pair, metric_before, words_again
from ledger.parsers.prose.parallel_lists import (
    ListPair,
    continue_list,
    list_pair,
    list_unit,
    slash_list_unit,
    slash_run_end,
)
from ledger.parsers.prose.setting_changes import setting_changed
from ledger.parsers.prose.sibling_units import name_conditions, own_arm_named, sibling_unit
from ledger.parsers.prose.statistic_lists import has_statistic, statistic_item
from ledger.vocab.expected_times import tool_time
from ledger.vocab.metrics import SPREAD_WORDS, STDERR_WORDS
from ledger.vocab.setup import qualifiers
from ledger.vocab.sides import AGREES_WITH, side_of
from ledger.vocab.text import ARROW
from ledger.vocab.units import canonical_unit, is_measure_unit, measure_of_unit

_ARROW_RE = re.compile(r"^\s*" + ARROW + r"\s*")
_TO_RE = re.compile(r"^\s+to\s+")
# ("from `2210 tok/s` to `2480 tok/s`": the code marks around each value are no words between them)
_FROM_RE = re.compile(r"\bfrom\s*[`*]{0,2}$", re.IGNORECASE)
# a range said in words before its ends ("spans 27.8 s to 28.4 s", "between 5 ms to 9 ms"): no before and after
_RANGE_WORD_RE = re.compile(
    r"\b(?:rang\w{0,3}|between|spans?|spanning|var(?:y|ies|ied|ying)|anywhere)\b", re.IGNORECASE
)


def _unit_pair(text: str, n: Number, nxt: Number) -> bool:
    """ "41.20 s to 38.75 s": each end printed with the same measure's unit is a before and an after, as a range
    prints its unit once at its end ("27.8 to 28.4 s"); not a share or a factor ("3% to 8%": a range of changes)."""
    return (
        n.unit is not None
        and n.unit == nxt.unit
        and n.unit not in ("%", "x", "×")
        and _RANGE_WORD_RE.search(text, max(0, n.start - 40), n.start) is None
    )


# "`4064.52 tokens/s` improved to `4303.55 tokens/s`", "412 ms dropped to 365 ms": the first the second's reference
_CHANGED_TO_RE = re.compile(
    r"^,?\s+(?:(?:has|have|was|were|is)\s+)?(?:improved|increased|decreased|dropped|declined|reduced|rose|fell|grew|"
    r"climbed|jumped|regressed|went\s+(?:up|down)|changed|moved)\s+to\s+$",
    re.IGNORECASE,
)
_SPAN_VERB_RE = re.compile(
    r"\b(?:range[sd]?|ranging|var(?:y|ies|ied|ying)|span(?:s|ning)?|anywhere)\s+from\s*$", re.IGNORECASE
)
# "96.59 vs 95.83", "96.59 vs bf16-capped 95.83": one short word may name the baseline
_VS_RE = re.compile(r"^\s*(?:,\s*)?(?:vs\.?|versus|against)\s+(?:[A-Za-z][\w.-]{0,24}\s+)?", re.IGNORECASE)
# ("**249 tok/s/gpu** (was 124": the value's emphasis closes before its reference's parenthesis)
_REF_RE = re.compile(
    r"^[*_`]{0,2}\s*(?:\(\s*)?(?:ref(?:erence)?\.?|baseline|was|previously|before|main)\s*(?::\s*)?$", re.IGNORECASE
)
# "B (the stock number is A)", "B (was A)": a parenthetical that names the baseline
_PAREN_IS_RE = re.compile(r"^\s*\((?:[^();]{0,80}?\s)?(?:is|was)\s+$", re.IGNORECASE)
_BEFORE_AFTER_RE = re.compile(r"^\s*(?:before|previously|earlier|on main|baseline)\b", re.IGNORECASE)
# ("TP 2, 4 and 8"; "all 24 points instead of 12": the alternative a setting replaced is a setting too)
_LIST_GAP_RE = re.compile(r"\s*[/,]\s*|\s*(?:and|or|instead\sof|rather\sthan)\s*|\s*[-+*=]\s*")
_TO_GAP_RE = re.compile(r"\s+(?:[a-z_-]{1,20}\s+){0,3}to\s+")
# ("96.36 (+/- 0.52)", "96.36 (± 0.52)": the spread in the value's own parentheses too)
_PLUS_MINUS_GAP_RE = re.compile(r"\s*(?:\(\s{0,2})?(?:±|\+/-|\+-)\s*")
# "69.90% (SEM 0.40%)", "71.2 (std: 0.4)": the spread of the value before, named in its parenthesis
_NAMED_SPREAD_GAP_RE = re.compile(
    rf"\s?%?\s?\(\s?(?:(?P<se>{STDERR_WORDS})|{SPREAD_WORDS})\s?[:=]?\s?(?:±\s?)?", re.IGNORECASE
)
_OPEN_PAREN_GAP_RE = re.compile(r"\s*\(\s*")
_AGAINST_GAP_RE = re.compile(rf"\s*(?:,\s*)?against\s+|[^,;()]{{0,30}},\s{AGREES_WITH}\s[^();\d]{{0,60}}\(\s?", re.I)
_QUALIFIER_LEAD_RE = re.compile(r"(?:with|without|at|on|for|under)\b[^;:()]{0,40}?,?", re.IGNORECASE)


def _same_measure(a: Number, b: Number) -> bool:
    """Two values in one unit, or the second's unit printed for both ("0.781 improved to 0.779", "412 dropped to 365
    ms"): "2 GPUs increased to 8" changes a setting, in no measured unit."""
    if a.unit is None:
        return b.unit is None or is_measure_unit(b.unit)
    return is_measure_unit(a.unit) and canonical_unit(a.unit, "perf") == canonical_unit(b.unit or a.unit, "perf")


def spread_units(nums: list[Number], text: str) -> list[Number]:
    """ "30.5 ± 0.2 tk/s": the unit printed once after a value and its spread is the value's too."""
    out = list(nums)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if a.unit is None and b.unit and _PLUS_MINUS_GAP_RE.fullmatch(text, a.end, b.start):
            out[i] = replace(a, unit=b.unit)
    return out


def _same_measure_on(last: dict, n: Number, text: str) -> bool:
    """ "grows from 61.3 tok/s (Conc 1) to 402.6 tok/s (Conc 32)": a value in the unit of the one before it, in one
    sentence, is a measure of the same thing unless the words between name another (metric_before finds those)."""
    return (
        bool(n.unit)
        and last.get("unit") == n.unit
        and is_measure_unit(n.unit)
        and ". " not in text[last["end"] : n.start]
        and _NEW_NAME_GAP_RE.fullmatch(text, last["end"], n.start) is None
        and not own_arm_named(last, text, n.start)
    )


# "`stop_rate` 100%, `truncated_rate` 0%", "hit_rate 87.5%, evict_rate 2.1%": a list joint, then the next value's
# own key (in code marks, or a snake_case word: ", which saves 10us" goes on about the value before)
_NEW_NAME_GAP_RE = re.compile(r"\s?,\s?(?:`[^`\n]{1,40}`|[A-Za-z][A-Za-z0-9.-]{0,40}_[\w.-]{1,40}) ?[:=]? ?")


def _change_in_paren_after(last: dict, n: Number, text: str) -> bool:
    """ "Duration: 88.2s vs 97.0s (-9.1%)", "Performance: 3,402 tok/s (TP2 tuned, +640% over baseline)": a signed
    change in the parenthesis that opens right after a value (its qualifiers may come first) is that value's
    measure's change, never named by the words and numbers before it."""
    if n.unit != "%" or not n.signed:
        return False
    gap = text[last["end"] : n.start]
    return (
        len(gap) <= 60 and gap.lstrip(" *_`").startswith("(") and ")" not in gap and "(" not in gap[gap.find("(") + 1 :]
    )


def _starts_clause(text: str, pos: int) -> bool:
    """The number opens a ";"-clause, bare or after a qualifier ("; with MTP3, 96.17")."""
    head = text[:pos]
    cut = head.rfind(";")
    if cut < 0:
        return False
    lead = head[cut + 1 :].strip()
    return lead == "" or _QUALIFIER_LEAD_RE.fullmatch(lead) is not None


def _sides_before(text: str, a: Number, b: Number) -> bool:
    """ "main 80 ms vs PR 72 ms": each value's side named before it, one of each kind; the sides say which is the
    candidate (sentences folds the pair by its sides), not the order around "vs"."""
    sides = [side_before_value(text, n.start) for n in (a, b)]
    return sorted(str(side_of(s.label) if s else None) for s in sides) == ["base", "head"]


_BENCH_TEST_RE = re.compile(r"(?:tg|pp)\d{1,6}")
_SLASH_GAP_RE = re.compile(r"\s*/\s*")


def _ratio_operands(text: str, ratio: Number | None, a: Number, b: Number, between: str) -> bool:
    """ "+1.310x (42.100ms / 32.137ms)": the two times a speed-up was taken from, old over new; the new one is
    the value, the old its reference (the ratio itself is a claim of its own)."""
    if ratio is None or ratio.unit not in ("x", "×") or not _SLASH_GAP_RE.fullmatch(between) or not b.value:
        return False
    if not text[ratio.end : a.start].strip(" *_`").endswith("("):
        return False
    return abs(a.value / b.value - abs(ratio.value)) <= 0.03 * abs(ratio.value)


class NumberPass:
    """Reads a text's numbers in order into candidate claims (`out`) and the thresholds stated beside them."""

    def __init__(
        self,
        ctx: Context,
        line: int,
        text: str,
        offset: int,
        subject: str | None,
        default_metric: str | None,
        console: bool,
        nums: list[Number],
    ) -> None:
        self.ctx, self.line, self.text, self.offset = ctx, line, text, offset
        self.subject, self.default_metric, self.console, self.nums = subject, default_metric, console, nums
        self.skip: set[int] = set()
        """Numbers a pair before them already used."""
        self.prev_config = False
        """The number before was a setting: a number listed or ranged after it ("TP 2, 4 and 8") is one too."""
        self.last_claim: dict | None = None
        """The last candidate made (None when the last attempt made none): what a reference or spread after
        it qualifies."""
        self.out: list[dict] = []
        self.thresholds: list[Number] = []
        """The bars stated among the numbers (prose.bar_scope gives each to the claims it is for)."""
        self.stat_unit: str | None = None
        self.has_stat = has_statistic(text)
        """The unit a statistic's list printed on its first item (statistic_lists)."""

    def read(self) -> NumberPass:
        for i, n in enumerate(self.nums):
            self._number(i, n)
        return self

    def _number(self, i: int, n: Number) -> None:
        if i in self.skip or not self.ctx.is_free(self.line, self.offset + n.start, self.offset + n.end):
            self.prev_config = False
            return
        prev = self.nums[i - 1] if i else None
        gap_before = self.text[prev.end : n.start] if prev is not None else ""
        if self._setting_chain(i) or self._statistic(n):
            return
        if self._is_setting(i, n, prev, gap_before) or self._change(n):
            return
        if (lists := list_pair(self.text, self.nums, i)) is not None and self._pair_lists(lists):
            return
        nxt = self.nums[i + 1] if i + 1 < len(self.nums) else None
        if (arm := arm_read(self.text, self.nums, i, self._free)) is not None:  # "eager median 41.2 tok/s vs graph
            self.skip.update(range(i + 1, arm.last + 1))  # median 55.9": the candidate arm's value, the other's its ref
            if arm.value is not None:
                claim = self._candidate(
                    arm.value,
                    unit=arm.unit,
                    reference=arm.reference,
                    force=True,
                    default_metric=arm.metric or self.default_metric,
                )
                self._keep({**claim, "end": max(arm.end, claim["end"])} if claim else None)
            return
        if nxt is not None and self._pair_with_next(i, n, prev, nxt):
            return
        if (
            self.last_claim is not None
            and prev is not None
            and self._qualifies_last(self.last_claim, i, n, prev, gap_before)
        ):
            return
        if prev is not None and _PLUS_MINUS_GAP_RE.fullmatch(gap_before):
            return  # "14 samples 32.9±0.4 tk/s": the spread of a value not claimed is no value of its own
        if self.last_claim is None and self._replaced_over_names(i, n):
            return
        self._alone(  # (a comma list's unit, or a slash list's over as many settings listed after it)
            n,
            list_unit(self.text, self.nums, i, self.ctx, (self.line, self.offset))
            or slash_list_unit(self.text, self.nums, i),
        )

    def _free(self, n: Number) -> bool:
        return self.ctx.is_free(self.line, self.offset + n.start, self.offset + n.end)

    def _replaced_over_names(self, i: int, n: Number) -> bool:
        """ "35 t/s on a 3080 laptop instead of 20 t/s": the value the last claim replaced, across numbers between that
        made no claim and measure nothing (a GPU's, a model's number): the last claim's reference."""
        last = self.out[-1] if self.out else None
        if last is None or last["reference"] is not None or not is_measure_unit(n.unit):
            return False
        if n.start - last["end"] > CAME_FROM_REACH:
            return False  # (checked first, and the numbers between walked back from i: a line of numbers stays linear)
        earlier = (self.nums[j] for j in range(i - 1, -1, -1))
        between = itertools.takewhile(lambda m: m.start >= last["end"], earlier)
        if any(m.unit is not None for m in between) or not came_from(self.text, last, n):
            return False
        last["reference"] = n.value
        self.last_claim = last
        return True

    def _keep(self, claim: dict | None) -> None:
        self.last_claim = claim
        if claim:
            link(self.out, claim, self.text)
            self.out.append(claim)

    def _candidate(
        self,
        n: Number,
        *,
        unit: str | None = None,
        reference: float | None = None,
        span_start: int | None = None,
        force: bool = False,
        default_metric: str | None = None,
        inherited: str | None = None,
    ) -> dict | None:
        return candidate(
            self.ctx,
            self.line,
            self.text,
            self.offset,
            n=n,
            subject=self.subject,
            unit=unit,
            reference=reference,
            span_start=span_start,
            force=force,
            default_metric=default_metric,
            inherited=inherited,
            console=self.console,
            before=self.out[-1]["metric"] if self.out else None,
        )

    def _is_setting(self, i: int, n: Number, prev: Number | None, gap_before: str) -> bool:
        """A threshold, a setting, a number chained to a setting, or a setting changed "from 4 to 8"."""
        text = self.text
        chained = (
            self.prev_config
            and prev is not None
            and (
                _LIST_GAP_RE.fullmatch(gap_before) is not None
                or (n.unit is None and _TO_GAP_RE.fullmatch(gap_before) is not None)
                # ("conc 256 -> 1024": the setting's other value, not a result an arrow points to)
                or (n.unit is None and _ARROW_RE.fullmatch(gap_before) is not None)
            )
        )
        if chained and is_measure_unit(n.unit) and prev is not None and not is_measure_unit(prev.unit):
            chained = False  # "max_seq_len 8192 and 1-5% slower": the unit starts a value
        if (
            NAMED_THRESHOLD_RE.search(text, max(0, n.start - 32), n.start)
            or (n.unit in (None, "%") and THRESHOLD_AFTER_RE.match(text, n.end, n.end + 60))  # ("8 min per gate")
            or BAR_CHANGE_RE.search(text, max(0, n.start - 140), n.start)
            or (prev is not None and bar_after_value(text[max(0, n.start - 24) : n.start]))  # ("0.95 >= 0.92")
            or declared_bar(text, n)  # ("floors of 1.4 for EAGLE and 2.5 for MTP")
        ):
            self.thresholds.append(n)  # "pass threshold: 0.70", "(threshold 0.93)": the bar, not a result
            self.prev_config = True
            return True
        # ("Job completed in 1h 2m": a job, "the build can take 10 min": set-up, "would collapse to ~1": a what-if)
        if (
            is_config_number(text, n)
            or formula_constant(text, n)
            or chained
            or tool_time(text, n.start, n.unit)
            or hypothetical_before(text, n.start)
        ):
            self.prev_config = True
            return True
        self.prev_config = False
        if (
            _FROM_RE.search(text, max(0, n.start - 40), n.start)
            and setting_changed(text, n.start, is_measure_unit(n.unit))  # (in ms only a bound's: "`max_wait_ms`")
        ):
            if n.high is None:
                self.skip.add(i + 1)  # "Tune `--decode-steps` from 4 to 8": both numbers are settings
            self.prev_config = True
            return True
        return False

    def _statistic(self, n: Number) -> bool:
        """ "the run-to-run spreads were 0.120 percentage points for X, 0.900 for Y": each a spread of its row, in
        the first item's unit (statistic_lists)."""
        if not self.has_stat or (stat := statistic_item(self.text, n)) is None:
            return False
        name, unit, row = stat
        unit = n.unit or unit or self.stat_unit
        self.stat_unit = unit
        claim = self._candidate(n, unit=unit, force=True, inherited=name)
        if claim is not None:
            claim["metric"] = name
            claim["config"] = {**qualifiers(row), "context": row} if row else {}
        self._keep(claim)
        return True

    def _setting_chain(self, i: int) -> bool:
        """ "64 → 256 → 512 gives 2,328 → 2,766 → 3,034 tok/s": each result at its own value of the setting, no
        reference (setting_arrows.setting_chain), the setting's chain no result."""
        if (chain := setting_chain(self.text, self.nums, i)) is None:
            return False
        key, values, results = chain
        last = self.nums[results[-1]]
        if not all(
            self.ctx.is_free(self.line, self.offset + self.nums[k].start, self.offset + last.end) for k in results
        ):
            return False
        self.skip.update(range(i + 1, results[-1] + 1))
        unit = last.unit
        # (the words before the chain name no measure of its own: the results' unit does)
        inherited = metric_before(self.text, self.nums[i].start) or measure_of_unit(unit)
        for k, value in zip(results, values, strict=True):
            claim = self._candidate(self.nums[k], unit=self.nums[k].unit or unit, force=True, inherited=inherited)
            if claim is not None and key is not None:
                claim["config"][key] = value
            self._keep(claim)
        return True

    def _change(self, n: Number) -> bool:
        # "goes from 373 to 530 TFLOP/s": a change, the new value with the old as its reference (a range is
        # "ranges from 10 to 20 ms")
        text = self.text
        if (
            n.high is None
            or " to " not in n.text
            or not _FROM_RE.search(text, max(0, n.start - 40), n.start)
            or _SPAN_VERB_RE.search(text, max(0, n.start - 40), n.start)
            or ends_a_change_range(text, n.end)
        ):
            return False
        self._keep(
            self._candidate(
                replace(n, value=n.high, high=None),
                unit=n.unit,
                reference=n.value,
                force=True,
                default_metric=self.default_metric,
            )
        )
        return True

    def _pair_lists(self, lists: ListPair) -> bool:
        """ "6.12/9.40 ms versus 6.80/10.05 ms": each value with the one at its position in the other list."""
        taken = (*lists.values, *lists.references)
        if not all(
            self.ctx.is_free(self.line, self.offset + self.nums[k].start, self.offset + self.nums[k].end) for k in taken
        ):
            return False
        self.skip.update(taken)
        first: dict | None = None
        for v, r, unit in zip(lists.values, lists.references, lists.units, strict=True):
            claim = self._candidate(
                self.nums[v],
                unit=unit,
                reference=self.nums[r].value,
                force=True,
                default_metric=self.default_metric,
                inherited=first["metric"] if first else None,
            )
            first = first or claim
            self._keep(claim)
        return True

    def _pair_with_next(self, i: int, n: Number, prev: Number | None, nxt: Number) -> bool:
        text = self.text
        between = text[n.end : nxt.start]
        if "`" in between or "*" in between:
            between = between.strip("`*")  # "`0.781` -> `0.779`": the values' marks are not the words between them
        # "A -> B", "from A to B", "A improved to B": A is B's reference
        if self.ctx.is_free(self.line, self.offset + nxt.start, self.offset + nxt.end) and (
            _ARROW_RE.fullmatch(between)
            or words_again(text, between, nxt.end)
            or (
                _TO_RE.fullmatch(between)
                and (_FROM_RE.search(text, max(0, n.start - 40), n.start) or _unit_pair(text, n, nxt))
                and not ends_a_change_range(text, nxt.end)
            )
            or (_CHANGED_TO_RE.fullmatch(between) and _same_measure(n, nxt))
            or _ratio_operands(text, prev, n, nxt, between)
        ):
            self.skip.add(i + 1)
            if _ARROW_RE.fullmatch(between) and (varied := setting_arrow(text, n.start)) is not None:
                # "from conc 16 -> 64 here (20 ms -> 55 ms)": each value at its side of the setting, no reference
                for num, value in ((n, varied[1]), (nxt, varied[2])):
                    unit = num.unit or nxt.unit
                    claim = self._candidate(num, unit=unit, force=True, default_metric=self.default_metric)
                    if claim is not None:
                        claim["config"][varied[0]] = value
                    self._keep(claim)
                return True
            self._keep(
                self._candidate(
                    nxt,
                    unit=nxt.unit or n.unit,
                    reference=n.value,
                    span_start=n.start,
                    force=True,
                    default_metric=self.default_metric,
                    inherited=measure_after_pair(text, nxt.end) if not (nxt.unit or n.unit) else None,
                )
            )
            return True
        # "287 vs 1,721 us": the unit printed once after the pair belongs to both sides
        if (
            _VS_RE.fullmatch(between)
            and (is_measure_unit(nxt.unit) or is_measure_unit(n.unit))
            and not _sides_before(text, n, nxt)
        ):
            # "45.32 ms versus 8.65/10.19/17.30 ms": one value against a list is a list cut in two (a line wrapped
            # in it): the list is the baseline's, and which of its members is this value's is not said
            end = slash_run_end(text, self.nums, i + 1)
            self.skip.update(range(i + 1, end + 1))
            reference = nxt.value if end == i + 1 else None
            claim = self._candidate(
                n, unit=n.unit or nxt.unit, reference=reference, force=True, default_metric=self.default_metric
            )
            if claim and reference is not None:
                claim["end"] = nxt.end
            self._keep(claim)
            return True
        return False

    def _qualifies_last(self, last: dict, i: int, n: Number, prev: Number, gap_before: str) -> bool:
        """`n` is the spread or the reference of the last claim, not a value of its own."""
        text = self.text
        if _PLUS_MINUS_GAP_RE.fullmatch(gap_before):
            last["stderr"] = n.value  # "~0.70 ± 0.05": the spread of the value before
            last["end"] = n.end + (text[n.end : n.end + 1] == ")" and "(" in gap_before)
            return True
        if (spread := _NAMED_SPREAD_GAP_RE.fullmatch(gap_before)) is not None:
            last["stderr" if spread.group("se") else "stddev"] = n.value
            close = text.find(")", n.end, n.end + 3)
            last["end"] = close + 1 if close >= 0 else n.end
            return True
        if last["reference"] is None and came_from(text, last, n):
            last["reference"] = n.value  # "now 31.5 ms/t on an M2 Ultra, down from 40.2 ms/t on master"
            return True
        # "B (ref A)", "B vs A", "B, against A", "B (A before)", "B (the stock number is A)": A is B's reference
        if prev.end > n.start:
            return False
        gap = text[prev.end : n.start]
        before_word = _OPEN_PAREN_GAP_RE.fullmatch(gap) and _BEFORE_AFTER_RE.match(text[n.end : n.end + 20])
        if (
            not (
                (_VS_RE.fullmatch(gap) and not _sides_before(text, prev, n))
                or _REF_RE.fullmatch(gap)
                or _PAREN_IS_RE.fullmatch(gap)
                or before_word
                or _AGAINST_GAP_RE.fullmatch(gap)
                or arms_after_values(text, gap, n.end)  # ("0.80 with fp8 KV cache vs 0.81 with auto")
            )
            or last["reference"] is not None
        ):
            return False
        end = slash_run_end(self.text, self.nums, i)
        self.skip.update(range(i + 1, end + 1))  # (a list as the reference is the baseline's: no values of its own)
        last["ref_explicit"] = bool(_REF_RE.fullmatch(gap))
        if not before_word:
            last["end"] = n.end
        if last["unit"] is None and n.unit:
            last["unit"] = n.unit
        # "96.17 / 95.98 (ref 96.36)": the reference after a slash list serves the whole list; "(ref 96.36 / 95.90)"
        # gives each member the one at its position, and a list of another length says nothing of which is whose
        group = [c for c in self.out if c.get("group") == last.get("group")]
        refs = [self.nums[k].value for k in range(i, end + 1)]
        if len(refs) == 1 or len(refs) == len(group):
            for c, ref in zip(group, refs * len(group) if len(refs) == 1 else refs, strict=False):
                if c["reference"] is None:
                    c["reference"] = ref
        return True

    def _alone(self, n: Number, list_unit: str | None = None) -> None:
        """A value of its own, which may take its measure from the clause or the list it continues, and its unit from
        the list it opens (`list_unit`: "-0.52, +0.11 and -0.49 points" prints the members' unit once)."""
        out = self.out
        inherited = None
        if (
            out
            and (
                _starts_clause(self.text, n.start)
                or _same_measure_on(out[-1], n, self.text)
                or _change_in_paren_after(out[-1], n, self.text)
            )
            # ("46.0 tok/s tg128; prefill 302 tok/s": the test a value's own words name is that value's alone)
            and not _BENCH_TEST_RE.fullmatch(out[-1]["metric"] or "")
        ):
            inherited = out[-1]
        borrowed = sibling_unit(out[-1] if out else None, self.text, n)
        if borrowed is not None:  # "12 sec with X, 25 for Y": the unit and measure of the list's first value
            claim = self._candidate(n, unit=borrowed[0], inherited=borrowed[1], force=True)
            if claim is not None:
                name_conditions(out[-1], claim, self.text)
                # the setup its first value's name gave ("7B runs at 20.1 ms/t on master and 18.4 ms/t with this PR")
                claim["config"] = {**out[-1]["config"], **claim["config"]}
        else:
            claim = self._candidate(
                n,
                unit=list_unit,
                default_metric=self.default_metric,
                inherited=inherited["metric"] if inherited else None,
            )
        continue_list(out, claim if list_unit is not None else None, self.text, n.start)
        if claim and inherited is not None and claim["metric"] == inherited["metric"] and inherited.get("ref_explicit"):
            # "MMMU: 56.3 (ref 59.2); 59.1 with X": a variant of the same measurement, same reference
            claim["reference"] = inherited["reference"]
        self._keep(claim)
