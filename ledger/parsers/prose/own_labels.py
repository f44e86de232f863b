"""Values each named by the label right before it, in a list that goes on after its first value.

    strict-match 72.40% / flexible-extract 73.60%     two scores, each its own label's, not the first one's
    strict-match 72.40%, flexible-extract 73.60%

The reader names a value by the nearest metric it knows before it, else by the line's leading label; a label the
metric vocabulary does not hold ("flexible-extract") then leaves the second value under the first one's name. Where
the first value is named by the label right before it, a value after a list mark (a slash, a comma, a semicolon)
and a label of its own is named by that label, and the setup its words state ("filter") is its own.
"""

from __future__ import annotations

import re
from itertools import pairwise

from ledger.vocab.canonical import canon_value
from ledger.vocab.list_settings import LISTED_FILTER_RE
from ledger.vocab.setup import qualifiers
from ledger.vocab.sides import side_of

# the mark between two values and the second one's label: "/ flexible-extract", ", exact_match:"
_NEXT_LABEL_RE = re.compile(r"\s{0,3}[/,;]\s{1,3}(?P<label>[A-Za-z][\w@-]{1,30})\s{0,2}[:=]?\s{0,2}[`*_]{0,2}$")
# a setting's name alone, a count or a method's name with its number ("MTP2", "TP4", "EP8"): no measure
_SETUP_ONLY_RE = re.compile(r"[A-Za-z]{1,8}-?\d{1,4}")
# the first value's own label right before it: "strict-match 72.40%", "strict-match: 72.40%"
_OWN_LABEL_RE = re.compile(r"(?<![\w@-])(?P<label>[A-Za-z][\w@-]{1,30})\s{0,2}[:=]?\s{0,2}[`*_]{0,2}$")


def own_labels(out: list[dict], text: str) -> None:
    """Rename each value a list mark and its own label follow the first value with (see the module); a filter's
    word there ("gsm8k strict 0.81, flexible 0.84") keeps the metric and gives the value its own filter."""
    for prev, c in pairwise(out):
        if "filter" in prev["config"] and (f := LISTED_FILTER_RE.match(text, prev["end"], c["start"])) is not None:
            c["config"] = {**c["config"], "filter": canon_value("filter", f.group("word"))}
            continue
        name = prev["metric"]
        if not name or c["metric"] != name or c["kind"] != prev["kind"]:
            continue
        own = _OWN_LABEL_RE.search(text, max(0, prev["start"] - 40), prev["start"])
        m = _NEXT_LABEL_RE.match(text, prev["end"], c["start"])
        # ("8B decode +9.1%, prefill +12.4%": the label's last word is the first value's own; its model the title's)
        if own is None or not _ends_with_word(name, own.group("label")) or m is None:
            continue
        label = m.group("label")
        if label == name or side_of(label) is not None:
            continue  # ("72.4 / main 81.2": a side, which the sides readers pair)
        words = qualifiers(label)
        if words and _SETUP_ONLY_RE.fullmatch(label):
            continue  # ("decode +9.1%, MTP2 +3.3%": a setting, no measure; the list's setup readers place it)
        c["metric"] = label
        c["config"] = {**{k: v for k, v in c["config"].items() if k not in qualifiers(name)}, **words}


def _ends_with_word(name: str, word: str) -> bool:
    return name == word or name.endswith(" " + word)
