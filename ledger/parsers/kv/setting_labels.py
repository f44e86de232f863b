"""A value whose label is a setting: "* K=2: 201.69, speedup: 1.51x" under "Output tokens/s on H100 BS1", a sweep's
"- concurrency 4: 512.3 tok/s", "- c=16 → 1630.8 tok/s", "TP4: 1830 tok/s", "ISL 2048 → 19.7 ms TPOT".

The label names the run (K=2 speculative tokens, concurrency 4), not the measure: the setting goes to the claim's
config and the measure is the one the line names after its value, else the one a line above names (a title with its
unit, a lead-in's measure), else its unit's (a rate is a throughput, a time a latency). The items of one list share
that measure, so they are one series across the setting. A value with no unit under no named measure is the
setting's value, configuration ("- tp: 8"); a point that failed to run ("- concurrency 20: OOM") holds no number.
"""

from __future__ import annotations

import re

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.grammar.pairs import pairs_in
from ledger.parsers.grammar.setup_scopes import label_settings, setting_label
from ledger.parsers.kv.labels import is_baseline_label
from ledger.parsers.prose.metrics import METRIC_RE, measure_after_pair
from ledger.vocab.metrics import kind_for_metric, names_a_metric
from ledger.vocab.setup import qualifiers
from ledger.vocab.sides import side_of
from ledger.vocab.text import ARROW, CHANGE_VERBS, has_digit
from ledger.vocab.units import is_measure_unit, measure_of_unit
from ledger.vocab.workload import setup_only

_UNIT_RE = re.compile(r"\b(?:tok(?:en)?s?/s(?:ec)?|tok/s|req/s|ms|us|GB/s|TFLOPS)\b", re.IGNORECASE)
_VALUE_AFTER_COLON_RE = re.compile(r":\s{0,4}\S")
# "- concurrency 4: 512.3 tok/s", "- c=16 → 1630.8 tok/s", "TP4: 1830 tok/s", "- Micro BS 4, global BS 1024: 12,480
# tokens/s": a label of settings, a colon or an arrow, the value and its unit (the label is settings only where
# vocab.setup reads it whole as them)
_KEYED_LINE_RE = re.compile(
    r"^\s{0,8}(?:[-*+]\s{1,4})?(?:\*\*)?(?P<label>[A-Za-z][\w.=-]{0,31}(?:,? [\w.=-]{1,31}){0,5})(?:\*\*)?"
    r"\s{0,2}(?::|"
    + ARROW
    + r")\s{0,4}(?:\*\*)?(?P<num>\d{1,3}(?:,\d{3}){1,4}(?![\d,])|\d{1,12}(?:\.\d{1,6})?)(?:\*\*)?"
    r"(?:\s{0,2}(?P<unit>[A-Za-zµ%][\w/%]{0,11}))?(?=[\s,;(]|$)"
)
# a number with its unit: a line that prints a value, never the title naming the measure of the lines under it
_VALUE_UNIT_RE = re.compile(r"\d\s{0,2}(?:" + _UNIT_RE.pattern + ")", re.IGNORECASE)
# the run without speculation a speculative variant is measured against
_PLAIN_RUN_RE = re.compile(
    r"^(?:vanilla|non-speculative|no[ -]spec\w{0,10}|autoregressive|w/o spec\w{0,10})\b", re.IGNORECASE
)
LOOK_BACK = 24
"""How many lines above a setting-labelled value its measure is looked for."""
LEAD_LOOK_BACK = 40
"""How far above its item a lead-in naming the measure is looked for: over both sides' nested lists ("Before this
PR:" and its items, a remark, then "After this PR:" and the same items again)."""


def setting_label_claim(ctx: Context, no: int, text: str) -> Claim | None:
    """The claim of a line that opens "K=2: 201.69 [unit]" or "concurrency 4: 512.3 tok/s", or None; marks its span
    taken. Code marks are read as spaces ("- `batch = 16`: `2.31`"), which keeps every span where it was."""
    written, text = text, text.replace("`", " ") if "`" in text else text  # (the claim keeps the text as written)
    # "- `batch = 16`: rose from `2.31` to `2.49`": the value its setting moved to, from its reference
    change = _CHANGE_RE.search(text) if " from " in text else None
    cut = 0
    if change is not None:
        text = f"{text[: change.start()]}: {text[change.end() :]}"
        cut = change.end() - change.start() - 2  # (how far the line's spans after the change's words stand)
    m = setting_label(text)
    config = label_settings(text) if m is not None else {}
    if m is None:
        m = _KEYED_LINE_RE.match(text)
        if m is None or not _setting_label(m.group("label")):
            return None
        config = qualifiers(m.group("label"))
    start = m.start("key") if "key" in m.re.groupindex else m.start("label")
    if not ctx.is_free(no, start, m.end("num") + cut):
        return None
    unit = m.group("unit")
    if unit is not None and not (_UNIT_RE.fullmatch(unit) or is_measure_unit(normalise_unit(unit))):
        return None  # "K=2: 3 drafts": a count, not a measure
    end = m.end("unit") if unit else m.end("num")
    measure = _measure_above(ctx, no)
    named = measure_after_pair(text, end) or (None if measure is not None else _lead_measure(ctx, no))
    if unit is None and measure is None and named is None:
        return None  # "- tp: 8": the setting's value, no result
    if unit is None and measure is not None:
        unit = measure[1]
    unit = normalise_unit(unit) if unit else None
    metric = named or (measure[0] if measure is not None else measure_of_unit(unit) or unit or "")
    if (parent := _parent_name(ctx, no, text)) is not None:
        config.setdefault("variant", parent)  # "- `triton`" over "  - `batch = 16`: `2.50`": that variant's run
    ctx.take(no, start, end + cut)
    return ctx.claim(
        kind_for_metric(metric, unit),
        no,
        written[start : m.end() + cut].strip(),
        metric=metric,
        value=float(m.group("num").replace(",", "")),  # ("12,480 tokens/s": thousands apart)
        unit=unit,
        config=config,
        reference=float(change["ref"]) if change is not None else _baseline_above(ctx, no, unit),
    )


_CHANGE_RE = re.compile(
    r":\s{0,4}(?:" + CHANGE_VERBS + r")\s{1,3}from\s{1,4}(?P<ref>\d{1,12}(?:\.\d{1,6})?)\s{0,4}to\s{1,4}(?=\d)",
    re.IGNORECASE,
)


def _baseline_above(ctx: Context, no: int, unit: str | None) -> float | None:
    """The value of a baseline line above the variants ("vanilla (`org/model`): 133" over "EAGLE:" and its
    "K=2: 201.69" items), in their unit or in none: what each variant's value is measured against."""
    for prev in range(no - 1, max(0, no - LOOK_BACK), -1):
        line = ctx.doc.line(prev)
        if not line.strip() or line.rstrip().endswith(":") or _is_keyed(line):
            continue  # the variant's lead-in, its sibling items
        if line.lstrip().startswith("#"):
            return None
        pairs = [p for p in pairs_in(line) if p.value is not None]
        if len(pairs) != 1:
            return None
        label = " ".join(pairs[0].label.split())
        punit = normalise_unit(pairs[0].unit) if pairs[0].unit else None
        if (is_baseline_label(label) or _PLAIN_RUN_RE.match(label)) and punit in (None, unit):
            return pairs[0].value
        return None
    return None


def _measure_above(ctx: Context, no: int) -> tuple[str, str] | None:
    """The measure a line above names with its unit ("Output tokens/s on H100 BS1" -> ("Output tokens/s",
    "tokens/s")): a title line, not one that prints a value of its own."""
    for prev in range(no - 1, max(0, no - LOOK_BACK), -1):
        line = ctx.doc.line(prev)
        if not line.strip() or _VALUE_AFTER_COLON_RE.search(line) or _VALUE_UNIT_RE.search(line[:300]):
            continue
        if line.lstrip()[:1] == "|":
            continue  # (a table's header names its own columns, no title of the lines below the table)
        um = _UNIT_RE.search(line[:300])
        if um is not None:
            return line[: um.end()].strip(" #*_:-"), um.group(0)
    return None


def _lead_measure(ctx: Context, no: int) -> str | None:
    """The measure the lead-in of a run of setting-keyed lines names ("Per-request latency at each batch size:"
    over "* bs=8: 41.2 ms" -> "latency"): the first line above the run's lines that is not one of them. Through a
    side's lead-in ("Before this PR:") and the bare names of the items the run is nested under ("- `triton`"), the
    sentence above them names it too ("We measured the mean acceptance length of ..." over both sides' lists), across
    the headings and remarks between that name none and print no number ("## Problem", "This shows the gap.")."""
    sided = False
    for prev in range(no - 1, max(0, no - LEAD_LOOK_BACK), -1):
        line = ctx.doc.line(prev)
        if not line.strip() or _is_keyed(line) or _NAME_ITEM_RE.match(line):
            continue
        lead = line.strip().strip("*_ ")
        if not (lead.endswith(":") or lead.startswith("#") or sided):
            return None
        named = METRIC_RE.search(lead[:200])
        if named is None and lead.endswith(":") and len(lead) <= 40 and side_of(lead):
            sided = True  # ("Before this PR:": which build, not what was measured)
            continue
        if named is None and sided and "|" not in lead and not has_digit(lead):
            continue  # ("## Problem" over a side's lists, a remark under the other side's: neither names a measure)
        return named.group(0) if named is not None else None
    return None


def _parent_name(ctx: Context, no: int, text: str) -> str | None:
    """The bare name of the item line `no` is nested under ("- `triton`" over "  - `batch = 16`: `2.50`"), if
    it is: the first line above indented less than it, among its keyed siblings."""
    indent = len(text) - len(text.lstrip())
    if indent == 0:
        return None
    for prev in range(no - 1, max(0, no - LOOK_BACK), -1):
        line = ctx.doc.line(prev)
        if not line.strip():
            return None
        if len(line) - len(line.lstrip()) < indent:
            m = _NAME_ITEM_RE.match(line)
            return line.strip().lstrip("-*+").strip().strip("`*_") if m is not None else None
        if not _is_keyed(line):
            return None
    return None


# "- `triton`", "* fused_mla", "- `trt_mla + trt_mla`" (a pair of backends joined): an item that is one name, the
# variant of the items nested under it
_NAME_ITEM_RE = re.compile(
    r"^\s{0,8}[-*+]\s{1,4}[`*_]{0,2}[A-Za-z][\w.+/-]{0,40}(?: \+ [A-Za-z][\w.+/-]{0,40}){0,3}[`*_]{0,2}\s{0,4}$"
)


def _is_keyed(line: str) -> bool:
    """The line is one of a run keyed by settings, with a value or a failure ("- concurrency 20: OOM")."""
    line = line.replace("`", " ") if "`" in line else line
    if setting_label(line) or ((m := _KEYED_LINE_RE.match(line)) and _setting_label(m.group("label"))):
        return True
    head = line.split(":", 1)[0] if ":" in line[:48] else ""
    return bool(head) and _setting_label(head.strip(" -*+"))


def _setting_label(label: str) -> bool:
    """The label states a setting and nothing else, and names no measure ("strict-match" is a filter and a score)."""
    return setup_only(label) and not names_a_metric(label)
