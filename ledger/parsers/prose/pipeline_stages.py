"""A whole number before "PP" that counts a pipeline's stages, not percentage points: "2 PP stages", "4 PP ranks",
"from 2 PP to 4 PP". Points are a score's change ("+0.7 pp", "0.5pp higher"); a pipeline's size is a small whole
number, unsigned, named by what it splits or set beside another size of the same kind.

Apart from guards.py because it reads its own shapes around the number; guards asks it of every number in "pp".
Linear: each pattern is anchored at the number and bounded."""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number, normalise_unit

# "2 PP stages", "4 PP ranks", "2-PP groups": the pipeline's parts counted
_PARTS_AFTER_RE = re.compile(r"[ -]?(?:stages?|ranks?|groups?|ways?|degrees?|partitions?)\b", re.IGNORECASE)
# "from 2 PP to 4 PP", "2 PP vs 4 PP": two pipeline sizes compared (a change in points is never written so)
_OTHER_SIZE_AFTER_RE = re.compile(r"\s(?:to|and|or|vs\.?)\s\d{1,2}\s?pp\b", re.IGNORECASE)
_OTHER_SIZE_BEFORE_RE = re.compile(r"\b\d{1,2}\s?pp\s(?:to|and|or|vs\.?)\s$", re.IGNORECASE)


# "pp_size 1", "PP: 2", "pp-size=4": the size after the pipeline's setting name
_SIZE_BEFORE_RE = re.compile(r"(?<![\w-])pp(?:[ _-]size)?(?: ?[=:] ?| )$", re.IGNORECASE)


def pipeline_stages(text: str, n: Number) -> bool:
    """The number `n` is a pipeline parallel size: after the pipeline's setting name, or printed in "pp" unsigned,
    whole, at most two digits, and either followed by the parts it counts or compared with another such size."""
    if n.unit is None and not n.signed and _SIZE_BEFORE_RE.search(text[max(0, n.start - 12) : n.start]):
        return True
    if n.signed or normalise_unit(n.unit or "") != "pp" or n.high is not None or "." in n.text or n.value > 99:
        return False
    end = text[n.end : n.end + 40]
    return bool(
        _PARTS_AFTER_RE.match(end)
        or _OTHER_SIZE_AFTER_RE.match(end)
        or _OTHER_SIZE_BEFORE_RE.search(text[max(0, n.num_start - 16) : n.num_start])
    )
