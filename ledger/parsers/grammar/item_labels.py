"""A list of results on one line, each item led by its own label ("decode +13.2%, prefill +16.8%, MTP3 +4.8%"): a
setting a later item's label names ("MTP3") is that item's, no setting of the line's other results (decode and
prefill were measured without the drafting its third item names). A setting the first item states, or one after
a value ("..., prefill +9% on H100"), stays the line's: a lead-in and a closing phrase speak for the whole list."""

from __future__ import annotations

import itertools
import re

from ledger.parsers.grammar.numbers import find_numbers
from ledger.vocab.board_counts import counts_boards
from ledger.vocab.setup import qualifiers
from ledger.vocab.units import is_measure_unit

_LABEL_WORDS = 3
_SENTENCE_END_RE = re.compile(r"[.!?][ \t]+[A-Z]")
# the joints of a list: ", ", "; ", ", and ", " and "
_JOINT_RE = re.compile(r"[,;][ \t]+(?:and[ \t]+)?|[ \t]+and[ \t]+")


def item_label_keys(text: str) -> frozenset[str]:
    """The setup keys only a later item's label names, in a line listing two values or more (see the module)."""
    if _JOINT_RE.search(text) is None:
        return frozenset()  # (one item: no later label; most lines, and their numbers are not read)
    # (results: a change's signed number, a measure's unit; "4 GPUs, MTP=1" counts what the run was set up with,
    # "1x L40S" its boards)
    nums = [
        n
        for n in find_numbers(text, limit=16)
        if (n.signed or (n.unit is not None and is_measure_unit(n.unit))) and not counts_boards(text, n.start, n.end)
    ]
    if len(nums) < 2 or _SENTENCE_END_RE.search(text, 0, nums[-1].start):
        return frozenset()  # (two sentences: "... 1995 tok/s. The same with TP=8 gives ...", later_runs' reading)
    cuts = [0, *(m.end() for m in _JOINT_RE.finditer(text)), len(text) + 1]
    labels: list[str] = []  # each valued item's words before its first value, from the last valued item's end
    since = 0  # (an item of words alone, "with MTP3, decode +4.8%", leads the next one)
    for a, b in itertools.pairwise(cuts):
        first = next((n.start for n in nums if a <= n.start < b), None)
        if first is not None:
            labels.append(text[since:first])
            since = b
    if len(labels) < 2:
        return frozenset()
    # (a label is a name, a word or three: "MTP3", "EAGLE3 decode"; "EP=8 and MTP=3 gives" is a clause)
    later = {k for label in labels[1:] if len(label.split()) <= _LABEL_WORDS for k in qualifiers(label)}
    return frozenset(later - qualifiers(labels[0]).keys())
