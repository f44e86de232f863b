"""A value whose label is a setting: "* K=2: 201.69, speedup: 1.51x" under "Output tokens/s on H100 BS1".

The label names the run (K=2 speculative tokens), not the measure: the setting goes to the claim's config and the
measure comes from the unit, printed beside the value or, failing that, on the line above that names one.
"""

from __future__ import annotations

import re

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.grammar.pairs import pairs_in
from ledger.parsers.grammar.setup_scopes import SETTING_LABEL_RE as _SETTING_LABEL_RE
from ledger.parsers.grammar.setup_scopes import label_settings
from ledger.parsers.kv.labels import is_baseline_label
from ledger.vocab.metrics import kind_for_metric

_UNIT_RE = re.compile(r"\b(?:tok(?:en)?s?/s(?:ec)?|tok/s|req/s|ms|us|GB/s|TFLOPS)\b", re.IGNORECASE)
_VALUE_AFTER_COLON_RE = re.compile(r":\s{0,4}\S")
# the run without speculation a speculative variant is measured against
_PLAIN_RUN_RE = re.compile(
    r"^(?:vanilla|non-speculative|no[ -]spec\w{0,10}|autoregressive|w/o spec\w{0,10})\b", re.IGNORECASE
)
LOOK_BACK = 24
"""How many lines above a setting-labelled value its measure is looked for."""


def setting_label_claim(ctx: Context, no: int, text: str) -> Claim | None:
    """The claim of a line that opens "K=2: 201.69 [unit]", or None; marks its span taken."""
    m = _SETTING_LABEL_RE.match(text)
    if m is None or not ctx.is_free(no, m.start("key"), m.end("num")):
        return None
    unit = m.group("unit")
    if unit is not None and not _UNIT_RE.fullmatch(unit):
        return None  # "K=2: 3 drafts": a count, not a measure this reads
    measure = _measure_above(ctx, no)
    if unit is None and measure is None:
        return None
    if unit is None and measure is not None:
        unit = measure[1]
    unit = normalise_unit(unit) if unit else None
    metric = measure[0] if measure is not None else (unit or "")
    config = label_settings(text)
    ctx.take(no, m.start("key"), m.end("unit") if m.group("unit") else m.end("num"))
    return ctx.claim(
        kind_for_metric(metric, unit),
        no,
        text[m.start("key") : m.end()].strip(),
        metric=metric,
        value=float(m.group("num")),
        unit=unit,
        config=config,
        reference=_baseline_above(ctx, no, unit),
    )


def _baseline_above(ctx: Context, no: int, unit: str | None) -> float | None:
    """The value of a baseline line above the variants ("vanilla (`org/model`): 133" over "EAGLE:" and its
    "K=2: 201.69" items), in their unit or in none: what each variant's value is measured against."""
    for prev in range(no - 1, max(0, no - LOOK_BACK), -1):
        line = ctx.doc.line(prev)
        if not line.strip() or line.rstrip().endswith(":") or _SETTING_LABEL_RE.match(line):
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
        if not line.strip() or _VALUE_AFTER_COLON_RE.search(line):
            continue
        um = _UNIT_RE.search(line[:300])
        if um is not None:
            return line[: um.end()].strip(" #*_:-"), um.group(0)
    return None
