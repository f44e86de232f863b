"""A score's breakdown in its own parentheses: "MMLU macro average 71.42 (stem: 63.10, humanities: 74.88)" states the
whole, then each part's score by the part's label. Named by the measure before the bracket alone, the three were one
series; a part's score is the measure's under its label ("MMLU stem"), as the golds name a sub-score (the benchmark,
then the part: "gsm8k strict-match", "Math500 Acc"); the whole keeps its own name.

Not a part: a side ("(main: 70.1)" is the value's reference), a spread ("(std: 0.4)"), a bar ("(target: 70)"), a
setting, model or device ("(TP2: 1300)", "(H100: 71.0)"), nor a measure of its own ("(TTFT: 15 ms)", read as itself).
"""

from __future__ import annotations

import re

from ledger.vocab.input_labels import BAR_WORDS
from ledger.vocab.metrics import SPREAD_WORDS, STDERR_WORDS, names_known_measure
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_names import setup_named
from ledger.vocab.sides import side_of

_REACH = 160
"""How far back a part's bracket may open (a breakdown of a few labelled scores)."""
# the figure a bracket follows: a digit, perhaps its percent or its unit, perhaps in code or bold
_FIGURE_BEFORE_RE = re.compile(r"\d(?:[ \t]?[A-Za-z%×/]{1,12})?[`*]{0,2}[ \t]?$")
# one part of the bracket, up to its value: "`stem`: ", "humanities = ", "social sciences: "
_PART_RE = re.compile(
    r"[ \t]{0,3}[`*]{0,2}(?P<label>[A-Za-z][\w.-]{0,30}(?: [A-Za-z][\w.-]{0,20}){0,2})"
    r"[`*]{0,2}[ \t]?[:=][ \t]?[`*]{0,2}"
)
_NOT_A_PART_RE = re.compile(rf"(?:{SPREAD_WORDS}|{STDERR_WORDS}|{BAR_WORDS})", re.IGNORECASE)


def part_label(text: str, start: int) -> str | None:
    """The part whose score starts at `start`, where it stands labelled in a bracket opened right after another
    figure; None elsewhere."""
    opened = text.rfind("(", max(0, start - _REACH), start)
    if opened < 1 or ")" in text[opened:start]:
        return None
    if _FIGURE_BEFORE_RE.search(text, max(0, opened - 24), opened) is None:
        return None
    piece = max(text.rfind(",", opened, start), text.rfind(";", opened, start), opened) + 1
    m = _PART_RE.fullmatch(text, piece, start)
    if m is None:
        return None
    label = m.group("label")
    if (
        side_of(label)
        or _NOT_A_PART_RE.fullmatch(label)
        or setup_named(label)
        or qualifiers(label)
        or names_known_measure(label)
    ):
        return None
    return label


def with_part(metric: str | None, text: str, start: int) -> str | None:
    """The metric of a value at `start`, its part's label added where the value is a part's score (part_label)."""
    label = part_label(text, start)
    if label is None or (metric and label.lower() in metric.lower()):
        return metric
    return f"{metric} {label}" if metric else label
