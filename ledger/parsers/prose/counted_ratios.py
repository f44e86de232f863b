"""A number before "x": a ratio ("4x quicker", "1.2-6.3x across", "1.045x last-commit-only") or a count of the
thing after it ("8x H100", "uses 90x `IQ3_KS`", "on the 1x-H100 lane").

Apart from guards.py because the words that tell the two apart are a grammar of their own, asked of "x" values only.
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number
from ledger.vocab.setup import HARDWARE_NAME_RE

_RATIO_WORD_RE = re.compile(
    r"\s*(?:slower|faster|quicker|speed-?ups?|improvements?|less|more|higher|lower|better|worse|reduction|smaller|"
    r"larger|bigger|throughput|gains?|over|vs|versus|than|the|of|on|in|at|for|with|from|compared|relative|"
    # "beats eager by 4-15x and the compiled graph by 1.2-6.3x across every shape": no thing counted
    r"and|or|but|across|"
    # "by 2x while lowering memory by 3x": a clause joined after the ratio, no thing counted
    r"while|whilst|whereas|when|which|thanks|making|giving|"
    # "1.5x generation speed", "2x decode performance", "2x decode throughput": a ratio of the speed it names, not a
    # count of things; "1.8x overall output throughput": two such words before the speed
    r"(?:[A-Za-z-]{2,20}\s){0,2}(?:speed|performance|perf|throughput))\b",
    re.IGNORECASE,
)


_WORD_AFTER_RE = re.compile(r"\s*[A-Za-z]")
# "1×(4× H200)", "3×(`num_repeats=4`)": the factor written against a parenthesis that holds a count of devices or a
# setting is how many of that group a setup takes (nodes, repeats), a term of its arithmetic, never a measured ratio
# (a bare "2×(bs=1)" may still be a speed-up at that batch: the setting must be quoted as code)
_GROUP_AFTER_RE = re.compile(r"\((?:\d{1,4}\s?[x×]\s?[A-Za-z]|`[A-Za-z_][\w.-]{0,40}\s?=)")
_BOARD_JOINED_RE = re.compile(r"-(?:[A-Za-z]{1,12}[ -]?)?\d")


# "~5x KV cache memory reduction", "4x memory savings", "7% end-to-end latency overhead": a factor or a share of the
# change its noun names, a few words of the measure before the noun (no count of caches, no cache holding a size)
_CHANGE_NAMED_RE = re.compile(
    r"\s{1,2}(?:[A-Za-z][\w/-]{0,30}\s{1,2}){1,3}"
    r"(?:reductions?|savings?|improvements?|speed-?ups?|overheads?|increases?|decreases?|gains?)\b",
    re.IGNORECASE,
)


def names_its_change(text: str, n: Number) -> bool:
    """The words after a factor or a share end in the noun of the change it is ("~5x KV cache memory reduction")."""
    return n.unit in ("x", "X", "×", "%") and _CHANGE_NAMED_RE.match(text, n.end, n.end + 110) is not None


def counted(text: str, n: Number, after: str) -> bool:
    """ "8x H100": a count of what follows, no ratio; "which uses 90x `IQ3_KS` for the routed experts": how many
    tensors a recipe gives (a whole count, a name in code after it); "4-15x and", "1.03x tail-only run": ratios."""
    if names_its_change(text, n):
        return False
    if n.value == int(n.value) and text[n.end - 1 : n.end] != " " and _GROUP_AFTER_RE.match(text, n.end):
        return True  # "DP=4 on 1×(4× H200)", "mean of 3×(`num_repeats=4`)": a count of the group it multiplies
    if not _RATIO_WORD_RE.match(after) and _WORD_AFTER_RE.match(after) and not _ratio_label(n, after):
        return True
    if after.startswith("-") and HARDWARE_NAME_RE.search(after, 1, 24) is not None and _BOARD_JOINED_RE.match(after):
        return True  # "on the 1x-H100 lane", "a 2x-B200 node": the boards counted, joined to the count by a hyphen
    return (
        n.value == int(n.value)
        and _CODE_NAME_AFTER_RE.match(after) is not None
        and _USES_BEFORE_RE.search(text, max(0, n.start - 12), n.start) is not None
    )


def _ratio_label(n: Number, after: str) -> bool:
    """ "vs the 1.045x last-commit-only table": a fraction is no count, and a compound word after it labels its run
    ("1.5x shard" is a size, a multiple of the shard's)."""
    return n.value != int(n.value) and _COMPOUND_AFTER_RE.match(after) is not None


_COMPOUND_AFTER_RE = re.compile(r"\s{1,2}[A-Za-z]{1,20}-[A-Za-z][\w-]{0,30}")
# "which uses 90x `IQ3_KS` for the expert tensors": what a recipe uses, counted, a name in code after the count
_USES_BEFORE_RE = re.compile(r"\b(?:uses|using|used)\s{1,2}$", re.IGNORECASE)
_CODE_NAME_AFTER_RE = re.compile(r"\s{1,2}`[A-Za-z][\w.-]{0,40}`")


# "runs 1.2x quicker than A100": a factor a comparative of speed follows
_COMPARED_AFTER_RE = re.compile(r"[ \t]{0,2}(?:faster|quicker|slower|speed-?ups?)\b", re.IGNORECASE)


def compared_factor(text: str, n: Number) -> bool:
    """ "runs 1.2x quicker than A100": a factor a comparative follows is a speed-up measured, never the count the
    word before it would set ("runs 5")."""
    return n.unit in ("x", "X", "×") and _COMPARED_AFTER_RE.match(text, n.end, n.end + 16) is not None
