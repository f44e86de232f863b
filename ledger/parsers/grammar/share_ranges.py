"""Two numbers joined by "to": a range ("15% to 40% faster", one change told as its low and high) or a value before
and after a change ("went from 373 to 530"). The number grammar (grammar.numbers) asks these."""

from __future__ import annotations

import re

# a verb of change, then "from" right before the number (its object may come between: "raises the forward
# pass from 420 to 440"); "sizes from 1 to 64" has no such verb and stays a range
CHANGE_FROM_RE = re.compile(
    r"\b(?:go(?:es)?|went|going|gone|improv(?:e[sd]?|ing)|increas(?:e[sd]?|ing)|rais(?:e[sd]?|ing)|"
    r"drop(?:s|ped|ping)?|decreas(?:e[sd]?|ing)|reduc(?:e[sd]?|ing)|rose|ris(?:es?|ing)|fell|falls?|falling|"
    r"jump(?:s|ed|ing)?|climb(?:s|ed|ing)?|gr(?:ow|ows|ew|own|owing)|bump(?:s|ed)?|boost(?:s|ed|ing)?|cuts?|"
    r"mov(?:e[sd]?|ing)|chang(?:e[sd]?|ing)|regress(?:es|ed)?|shr(?:inks?|ank|unk)|sped|speeds?|lower(?:s|ed)?|"
    r"br(?:ings?|ought)|push(?:es|ed)?|slid|slips?|slipped)\b[^.;:!?\n]{0,60}\bfrom\s+$",
    re.IGNORECASE,
)
# " to 40% faster": a share range's top, then the word of the change the range is of
_SHARE_RANGE_RE = re.compile(
    r"\sto\s(?P<num>\d{1,6}(?:\.\d{1,4})?)\s?(?P<unit>%)(?:\s(?P<what>higher|lower|more|less|better|worse|faster|"
    r"quicker|slower|smaller|larger|shorter|longer|speed-?ups?|improvements?|gains?|reductions?|increases?|decreases?|"
    r"savings?|uplifts?|boosts?)\b)?",
    re.IGNORECASE,
)
_BY_BEFORE_RE = re.compile(r"\bby\s(?:about\s|approximately\s|roughly\s|around\s|up\sto\s|~\s?)?$", re.IGNORECASE)


def share_range_top(text: str, ns: int, value: float, mend: int) -> tuple[float | None, int]:
    """ "15% to 40% faster": one change told as a range (its top and end), where "from 3% to 5%" is a value before
    and after a change."""
    rm = _SHARE_RANGE_RE.match(text, mend)
    if rm is None or (rm.group("what") is None and not _BY_BEFORE_RE.search(text, max(0, ns - 30), ns)):
        return None, mend  # ("lifts it by 15% to 40%": the change's amount, its word before it)
    hv = float(rm.group("num"))
    if hv <= value or CHANGE_FROM_RE.search(text, max(0, ns - 80), ns):
        return None, mend
    return hv, rm.end("unit")
