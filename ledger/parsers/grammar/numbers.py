"""The number grammar shared by every extractor: values, ranges, units, approximation marks.

Every pattern here is a flat alternation or a bounded repeat, so matching is linear in the
input (no nested quantifiers that can backtrack).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.memo import short_text_cache
from ledger.parsers.grammar.packed_values import in_value_list
from ledger.parsers.grammar.share_ranges import CHANGE_FROM_RE, share_range_top
from ledger.vocab.text import DIGIT_SEARCH
from ledger.vocab.trie import trie_pattern
from ledger.vocab.units import UNITS

# A number as people print it: 1,721 / 96.25 / .5 / 1e-3. Thousands groups only in threes.
_NUM = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\d+|\.\d+)(?:[eE][-+]?\d{1,3}(?![\w.]))?"
_SIGN = r"[-+−–]"  # ASCII minus, plus, U+2212 minus, en dash used as minus


_UNIT_RE = trie_pattern(UNITS, lookahead=True)
UNIT_PATTERN = _UNIT_RE
"""Every unit spelling as one pattern (a trie of alternatives), for readers that look for a unit in words."""
# ("roughly a 40%-45% uplift": the article between the word and its number; "~ +6.4%": a blank after the mark)
_APPROX = r"[~≈∼][ \t]?|(?:about|around|approximately|roughly)\s(?:an?\s)?|approx\.?\s|nearly\s|near\s|almost\s"
# A clock duration: 1m0.832s, 16m51s, 2h3m, "41m 7s" (one blank between parts); 1:02:03 is not (ambiguous with times).
_DURATION = r"(?:(?P<dh>\d+)h ?)?(?:(?P<dm>\d+)m)(?: ?(?P<ds>\d+(?:\.\d+)?)s)?"

# (?=[~≈∼arn]): the first characters of _APPROX's alternatives, one set test before trying them in turn
NUMBER_RE = re.compile(
    # ("nearly **3,924 tok/s**", "around `7%`": bold or code opening a number after its word; "**300.9** TPS")
    rf"(?:(?=[~≈∼arn])(?P<approx>{_APPROX})(?:\*\*|__|`)?)?"
    rf"(?P<sign>{_SIGN})?"
    rf"(?P<num>{_NUM})"
    # (a range's dash has blanks on both sides or none: "PP128- 710.82" is a label's dash, then a value)
    rf"(?:(?P<sp>\s)?(?P<to>-|–|—|\.\.|to|~)(?(sp)\s|(?!\s))(?P<sign2>{_SIGN})?(?P<high>{_NUM}))?"
    rf"(?:(?:\*\*)?\s?(?P<unit>{_UNIT_RE}))?",
    re.IGNORECASE,
)
_LEAD = 20
_PREFIX_END = frozenset("~≈∼-+−–.*_`")
"""Longer than any approximation word, sign and leading "." before a number's first digit."""
_APPROX_LAST = frozenset("tTdDyYxXrR.aAnN~≈∼")  # ("roughly a 40%": the article's last letter too; "~ 8")
"""The characters _APPROX's marks and words end with before their blank (no other matches them ignoring case)."""
_DATE_SEPARATORS = ("-", "/")
_DURATION_MARKS = ("h", "m")
DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{4}/\d{2}/\d{2}")
DURATION_RE = re.compile(rf"(?<![\w.]){_DURATION}(?!\w|\.\w)")


@dataclass(slots=True)
class Number:
    """A number found in text, with the span of everything that belongs to it."""

    value: float
    high: float | None
    unit: str | None
    approx: bool
    signed: bool
    """The text printed an explicit sign (+5.13 %, -20%): a delta rather than a level."""
    start: int
    end: int
    text: str
    num_start: int
    """Where the digits (or sign) start, after any approximation word."""
    printed: str | None = None
    """The printed form of a converted value: "16m51s" is stored as 1011 seconds."""
    bound: str | None = None
    """A bound printed before the number: "<", ">", "<=", ">=" ("test time < 30m")."""


_THOUSANDS_RE = re.compile(r"^[-+−–]?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?:[eE][-+]?\d{1,3})?\s*%?$")


def to_float(text: str) -> float | None:
    """Parse a printed number ("1,721", "−7.37", "96.25%") to a float, None if it is not one."""
    t = text.strip()
    if "," in t and not _THOUSANDS_RE.search(t):
        return None  # "1,2,3" is a list, not 123
    t = t.replace(",", "").replace("−", "-").replace("–", "-").rstrip("%").strip()
    if t.startswith("+"):
        t = t[1:]
    try:
        return float(t)
    except ValueError:
        return None


def _num_value(num: str) -> float | None:
    """to_float for what _NUM matched (digits, thousands commas, a point, an exponent; no sign, blank or %)."""
    try:
        return float(num.replace(",", "") if "," in num else num)
    except ValueError:
        return None


def _unit_ok(text: str, end: int) -> bool:
    """A unit must end at a word boundary: "8xB200" is a configuration, not "8 x"."""
    if end >= len(text):
        return True
    nxt = text[end]
    return not (nxt.isalnum() or nxt == "_")


def find_numbers(text: str, start: int = 0, end: int | None = None, limit: int | None = None) -> list[Number]:
    """All free-standing numbers in text[start:end], left to right (the first `limit` of them).

    Numbers glued to identifiers are not numbers here: "MTP3", "sm_103", "bf16", "#20143",
    shas, versions "1.4.0rc2" and dotted paths are skipped. Several extractors read the same cell or
    line, so results are remembered for a while (the Numbers are shared: treat them as read-only).
    """
    return list(_find_numbers(text, start, end, limit))


# (4,096: the shared corpus asks 2,700 distinct texts, cells, lines and windows, and one miss in seven with 1,024
# kept were texts asked again after they had been dropped: 27M instructions)
@short_text_cache(4096)
def _find_numbers(text: str, start: int, end: int | None, limit: int | None) -> tuple[Number, ...]:
    out: list[Number] = []
    stop = len(text) if end is None else end
    pos = start
    while pos < stop and (limit is None or len(out) < limit):
        m = _next_match(text, pos, stop)
        if m is None:
            break
        # what the match is: a date or another notation, part of a name, or a measure (in this loop, not a
        # function of its own: it runs for every number of every text)
        sign, high_text = m.group("sign", "high")
        nsn, raw_end = m.span("num")
        step = _other_notation(text, m, nsn, raw_end, sign, high_text)
        if step is None:
            ns = m.start("sign") if sign else nsn
            num_end = m.end("high") if high_text else raw_end
            step = _in_a_name(text, m, ns, num_end) or _measure(text, m, ns, num_end)
        got, pos = step
        if got is not None:
            out.append(got)
    return tuple(out)


_Step = tuple[Number | None, int]
"""What one match gives: its Number (None where it is none) and where the search goes on."""


def _next_match(text: str, pos: int, stop: int) -> re.Match[str] | None:
    # every number holds a digit, at most _LEAD characters after where its match starts: jump
    # there with a plain scan instead of trying the full pattern at each character
    d = DIGIT_SEARCH[text.isascii()](text, pos, stop)
    if d is None:
        return None
    ds = d.start()
    # a match that starts before the digit ends its prefix right before it: an approximation mark or
    # word (blank-terminated), a sign or the "." of ".5"; anything else and the match starts at the digit
    # (a blank ends an approximation word only after its last letter: "about", "around", "nearly", "approx.")
    pre = text[ds - 1] if ds > pos else ""
    lead = pre and (pre in _PREFIX_END or (pre.isspace() and ds >= 2 and text[ds - 2] in _APPROX_LAST))
    return NUMBER_RE.search(text, max(pos, ds - _LEAD), stop) if lead else NUMBER_RE.match(text, ds, stop)


def _other_notation(
    text: str, m: re.Match[str], nsn: int, raw_end: int, sign: str | None, high_text: str | None
) -> _Step | None:
    """A date (no number), a decimal comma, a clock reading or a clock duration: what the pattern alone misreads."""
    # a date has a "-" or "/" after its first four digits; a clock duration an "h" or "m" after its first digits
    date = DATE_RE.match(text, nsn) if text[nsn + 4 : nsn + 5] in _DATE_SEPARATORS else None
    if date:
        return None, date.end()
    if raw_end - nsn <= 3 and text[raw_end : raw_end + 1] in _GROUP_SEPARATORS and not high_text:
        spaced = _spaced_thousands(text, m, nsn)
        if spaced is not None:
            return spaced, spaced.end
    dec = _DECIMAL_COMMA_RE.match(text, nsn) if "," in text[nsn : raw_end + 1] else None
    if dec is not None and text[nsn - 1 : nsn] not in (",", ".") and not high_text:
        got = _decimal_comma(text, m, dec)
        if got is not None:
            return got, got.end
    clock = _CLOCK_RE.match(text, nsn) if not sign and text[raw_end : raw_end + 1] == ":" else None
    if clock is not None and clock.group("u") is None and not _TOOK_BEFORE_RE.search(text, max(0, nsn - 16), nsn):
        clock = None  # "12:30" alone is a time of day
    if clock is not None and not (nsn > 0 and (text[nsn - 1].isalnum() or text[nsn - 1] == ":")):
        return _clock(text, m, clock), clock.end()
    dur = DURATION_RE.match(text, nsn) if not sign and text[raw_end : raw_end + 1] in _DURATION_MARKS else None
    if dur is not None and not high_text:
        return _duration(text, m, dur), dur.end()
    return None


def _in_a_name(text: str, m: re.Match[str], ns: int, num_end: int) -> _Step | None:
    """Digits glued to an identifier, a version, a port or a name ("MTP3", "4-bit", "8B", "8xB200") are no
    measurement: the search skips the token; "a ~22-point deficit" is one, in points."""
    approx, sign, num, high_text, unit = m.group("approx", "sign", "num", "high", "unit")
    prev = text[ns - 1] if ns > 0 else " "
    after = text[num_end] if num_end < len(text) else " "
    glued = prev.isalnum() or prev in "_#.@\\" or (prev == "-" and ns >= 2 and text[ns - 2].isalnum())
    glued = glued or (prev == "/" and not in_value_list(text, ns))
    # "127.0.0.1:8192" (a port), "a 1-sample test", "4-bit" (a compound word): not measurements
    glued = glued or (prev == ":" and ns >= 2 and text[ns - 2].isalnum())
    pm = _HYPHEN_POINT_RE.match(text, num_end) if after == "-" else None
    if pm and not glued and not high_text:
        # "a ~22-point GSM8K deficit": points of a score, written as a compound adjective
        value = _num_value(num)
        if value is not None:
            return Number(
                value=-value if sign and sign in "-−–" else value,
                high=None,
                unit="point",
                approx=bool(approx),
                signed=bool(sign),
                start=m.start(),
                end=pm.end(),
                text=text[m.start() : pm.end()],
                num_start=ns,
                bound=_bound_before(text, m.start()),
            ), pm.end()
    glued = glued or (after == "-" and num_end + 1 < len(text) and text[num_end + 1].isalpha() and not unit)
    if (
        glued
        or (after.isalpha() and not unit)
        or after == "_"
        or (after == "." and num_end + 1 < len(text) and text[num_end + 1].isdigit())
    ):
        # skip the whole identifier-ish token
        return None, max(_TOKEN_TAIL_RE.match(text, num_end).end(), m.start() + 1)  # type: ignore[union-attr]
    if m.start("unit") == num_end and (unit == "B" or (unit == "S" and len(num) >= 3 and num.isdigit())):
        # "1.5B": a model's size, in its name (bytes print "GB"); "8060S": a product's number (seconds print "300s")
        return None, max(m.end(), m.start() + 1)
    if unit and not _unit_ok(text, m.end("unit")) and m.start("unit") == num_end:
        # unit letters glued to a word ("8xB200", "3rd"): the number is part of a name
        return None, max(_TOKEN_TAIL_RE.match(text, num_end).end(), m.start() + 1)  # type: ignore[union-attr]
    return None


def _measure(text: str, m: re.Match[str], ns: int, num_end: int) -> _Step:
    """A number with its unit and the top of its range, where the match is one."""
    approx, sign, num, unit = m.group("approx", "sign", "num", "unit")
    mend = m.end()
    if unit and not _unit_ok(text, m.end("unit")):
        # "3 samples", "8 GPUs": a number without a unit (a unit glued to a word was a name: _in_a_name)
        unit = None
        mend = num_end
    value = _num_value(num)
    if value is None:
        return None, m.end()
    if sign and sign in "-−–":
        value = -value
    high: float | None = None
    if m.group("high"):
        high, unit, mend = _high(text, m, ns, value, unit, mend)
    unit, high, mend = _unit_after(text, value, high, unit, mend, bool(sign))
    if unit == "%" and high is None and not sign and text.startswith(" to ", mend):
        high, mend = share_range_top(text, ns, value, mend)
    return Number(
        value=value,
        high=high,
        unit=normalise_unit(unit) if unit else None,
        bound=_bound_before(text, m.start()),
        approx=bool(approx),
        signed=bool(sign),
        start=m.start(),
        end=mend,
        text=text[m.start() : mend],
        num_start=ns,
    ), (mend if mend > m.start() else m.start() + 1)


def _high(
    text: str, m: re.Match[str], ns: int, value: float, unit: str | None, mend: int
) -> tuple[float | None, str | None, int]:
    """The top of the range the match reads ("3-4 ms"), with the unit and end that go with it; where the second
    number is no top, the match ends at the first and the unit printed after the second is not the first's."""
    sign2, high_text = m.group("sign2", "high")
    high = _num_value(high_text)
    if high is not None and sign2 and sign2 in "-−–":
        high = -high
    if high is not None and m.group("to") == "to" and CHANGE_FROM_RE.search(text, max(0, ns - 80), ns):
        # "goes from 373 to 530 TFLOP/s": a value before and after a change, two numbers, not a range
        return None, None, m.end("num")
    if high is not None and high < value and not sign2:
        # "3-4" is a range, "2024-06" or "20-5" is not one we trust
        return None, None, m.end("num")
    return high, unit, mend


def _unit_after(
    text: str, value: float, high: float | None, unit: str | None, mend: int, signed: bool
) -> tuple[str | None, float | None, int]:
    """What follows the match and still belongs to the number: a rate unit after a qualifier word, a range
    written with the unit on both ends."""
    if unit is None and text[mend : mend + 1].isspace():  # (the pattern opens with a blank)
        # "1548.84 output tokens/s", "22853.37 total tokens/s": a rate unit after a qualifier word
        qm = _QUALIFIED_RATE_RE.match(text, mend)
        if qm and _unit_ok(text, qm.end()):
            unit, mend = qm.group("unit"), qm.end()
    # (the pattern opens with a range mark, after at most one blank, or with " to ")
    if (
        unit
        and high is None
        and (
            text[mend : mend + 1] in _RANGE_MARKS
            or (text[mend : mend + 1].isspace() and text[mend + 1 : mend + 2] in _RANGE_MARKS)
            or (signed and text.startswith(" to ", mend))
        )
    ):
        # "1.2%~2%", "3ms-5ms": the unit on both ends; "+1.5% to +36%": each end signed ("3% to 5%" may be a pair)
        rm = _UNIT_RANGE_RE.match(text, mend)
        if rm and rm.group("unit").lower() == unit.lower() and _unit_ok(text, rm.end()):
            hv = to_float(f"{rm.group('sign2') or ''}{rm.group('num')}")
            if hv is not None and (signed if rm.group("sign2") else hv > value):
                high, mend = hv, rm.end()
    return unit, high, mend


_TOKEN_TAIL_RE = re.compile(r"[\w.-]*")
"""Letters, digits, "_", "." and "-" (\\w is str.isalnum() or "_"): the rest of an identifier-ish token."""
_HYPHEN_POINT_RE = re.compile(r"-points?\b", re.IGNORECASE)
RATE_QUALIFIER = r"(?:output|input|total|generated|generation|prompt|decode|prefill|gen)"  # the tokens a rate counts
_QUALIFIED_RATE_RE = re.compile(
    rf"\s{RATE_QUALIFIER}\s"
    r"(?P<unit>(?:tokens/s|tokens/sec|token/s|tok/s|toks/s|tps|req/s|requests/s)(?:/gpu|/user)?)",
    re.IGNORECASE,
)
_RANGE_MARKS = ("~", "∼", "–", "-")
# ("65% - 66%": a hyphen with a blank on both sides too, never on one side only, where it may be a minus sign)
_UNIT_RANGE_RE = re.compile(
    rf"(?:\s?[~∼–]\s?|-|\s-\s|\sto\s(?={_SIGN}))(?P<sign2>{_SIGN})?(?P<num>{_NUM})\s?(?P<unit>{_UNIT_RE})",
    re.IGNORECASE,
)
_BOUND_RE = re.compile(r"(<=|>=|≤|≥|<|>)\s{0,2}$")


def _bound_before(text: str, start: int) -> str | None:
    """ "< 30m", ">= 0.95": the comparison sign right before a number (not an arrow "->", "=>")."""
    w = text[max(0, start - 4) : start]
    if "<" not in w and ">" not in w and "≤" not in w and "≥" not in w:
        return None  # no comparison sign in the window the pattern looks at
    m = _BOUND_RE.search(text, max(0, start - 4), start)
    if not m or (m.group(1) == ">" and m.start() > 0 and text[m.start() - 1] in "-=>"):
        return None
    return {"≤": "<=", "≥": ">="}.get(m.group(1), m.group(1))


# "1,85", "13,25", "5,57350826": a decimal comma (a thousands group has three digits, and a list goes on)
_DECIMAL_COMMA_RE = re.compile(r"(?P<int>\d{1,6}),(?P<frac>\d{1,2}|\d{4,12})(?![\d,])")
_UNIT_AFTER_RE = re.compile(rf"\s?(?P<unit>{_UNIT_RE})", re.IGNORECASE)


def _alone(text: str, start: int, end: int) -> bool:
    """The number is all the text holds, markup aside: a table cell."""
    # (a cell's markup is short: look no further than a few characters either side, so a long line stays linear)
    return start <= 8 and len(text) - end <= 8 and not text[:start].strip(" *_`") and not text[end:].strip(" *_`")


def _decimal_comma(text: str, m: re.Match[str], dec: re.Match[str]) -> Number | None:
    """The number a decimal comma writes, where nothing else can be meant: alone in its text (a table cell,
    markup aside) or with a unit after it ("1,85 s"); "TP 1,2" stays two numbers."""
    um = _UNIT_AFTER_RE.match(text, dec.end())
    unit = um.group("unit") if um and _unit_ok(text, um.end()) else None
    if unit is None and not _alone(text, m.start(), dec.end()):
        return None
    value = float(f"{dec.group('int')}.{dec.group('frac')}")
    return _rewritten(text, m, value, unit, um.end() if unit and um else dec.end())


def _rewritten(text: str, m: re.Match[str], value: float, unit: str | None, end: int) -> Number:
    """The number a notation the pattern misreads writes (a decimal comma, spaced thousands), from the match's
    start to `end`, its sign and approximation mark kept."""
    sign = m.group("sign")
    return Number(
        value=-value if sign and sign in "-−–" else value,
        high=None,
        unit=normalise_unit(unit) if unit else None,
        approx=bool(m.group("approx")),
        signed=bool(sign),
        start=m.start(),
        end=end,
        text=text[m.start() : end],
        num_start=m.start("num"),
        bound=_bound_before(text, m.start()),
    )


_GROUP_SEPARATORS = frozenset(" \u00a0\u202f\u2009")
"""A blank between groups of three digits: a plain or no-break space, a narrow or thin space."""
_NARROW_SPACES = frozenset("\u202f\u2009")
# each repeat takes one blank and exactly three digits, so a digit run is split only one way (linear)
_SPACED_RE = re.compile(r"\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3}(?!\d))+(?:\.\d+)?(?![\w.,])")


def _spaced_thousands(text: str, m: re.Match[str], nsn: int) -> Number | None:
    """ "12 345.6" as one number where nothing else can be meant: groups parted by a narrow or thin space, or
    by a plain space in a text that is only the number (a table cell, markup aside) or with a unit right after
    it ("from 12 345 ms"); "Sizes 64 128 256" stays three numbers."""
    before = text[nsn - 1] if nsn else " "
    if before.isalnum() or before in ".,_@=#":  # ("pass@4 100.00%": a name's index, then a value)
        return None
    sm = _SPACED_RE.match(text, nsn)
    if sm is None:
        return None
    um = _UNIT_AFTER_RE.match(text, sm.end())
    unit = um.group("unit") if um and _unit_ok(text, um.end()) else None
    narrow = all(ch in _NARROW_SPACES for ch in sm.group(0) if not ch.isdigit() and ch != ".")
    if not (narrow or unit or _alone(text, m.start(), sm.end())):
        return None
    value = float("".join(ch for ch in sm.group(0) if ch.isdigit() or ch == "."))
    return _rewritten(text, m, value, unit, um.end() if unit and um else sm.end())


# "1:15 minutes", "2:05:30 hours", "0:42 min": a clock reading with its unit word (a bare "12:30" is a time of day)
_CLOCK_RE = re.compile(
    r"(?P<a>\d{1,3}):(?P<b>[0-5]\d)(?::(?P<c>[0-5]\d))?(?P<frac>\.\d{1,6})?[ \t]?"
    r"(?P<u>hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)?(?![\w/:])",
    re.IGNORECASE,
)
# "it takes 9:58 with MTP": a clock reading without a unit word after a word of time taken
_TOOK_BEFORE_RE = re.compile(
    r"(?:takes?|took|taking|in|elapsed|after|finishes in|finished in)\s+(?:about\s+|~)?$", re.IGNORECASE
)


def _clock(text: str, m: re.Match[str], clock: re.Match[str]) -> Number:
    """A clock reading in seconds: "h:mm:ss" with three parts or an hours unit, else "m:ss"."""
    a, b = int(clock.group("a")), int(clock.group("b"))
    c = clock.group("c")
    frac = float(clock.group("frac") or 0)
    if c is not None:
        value = a * 3600 + b * 60 + int(c) + frac
    elif (clock.group("u") or "").lower().startswith("h"):
        value = a * 3600 + b * 60 + frac * 60
    else:
        value = a * 60 + b + frac
    return Number(
        value=float(value),
        high=None,
        unit="s",
        approx=bool(m.group("approx")),
        signed=False,
        start=m.start(),
        end=clock.end(),
        text=text[m.start() : clock.end()],
        num_start=m.start("num"),
        printed=clock.group(0),
        bound=_bound_before(text, m.start()),
    )


def _duration(text: str, m: re.Match[str], dur: re.Match[str]) -> Number:
    """A clock duration: "16m51s" and "1m0.832s" in seconds (printed form kept); a bare "30m" stays minutes."""
    printed = dur.group(0)
    if dur.group("dh") is None and dur.group("ds") is None:
        value, unit, conv = float(dur.group("dm")), "m", None
    else:
        value = float(dur.group("dh") or 0) * 3600 + float(dur.group("dm")) * 60 + float(dur.group("ds") or 0)
        unit, conv = "s", printed
    return Number(
        value=value,
        high=None,
        unit=unit,
        approx=bool(m.group("approx")),
        signed=False,
        start=m.start(),
        end=dur.end(),
        text=text[m.start() : dur.end()],
        num_start=m.start("num"),
        printed=conv,
        bound=_bound_before(text, m.start()),
    )


_UNIT_CASE = {
    u.lower(): u for u in ("GiB", "GB", "MiB", "MB", "KiB", "KB", "TiB", "TB", "TFLOPS", "TF", "GFLOPS", "GB/s", "TB/s")
} | {f"percentage{j}point{s}": "pp" for j in (" ", "-") for s in ("", "s")}  # (the noun and its adjective, as "pp")


def normalise_unit(unit: str) -> str:
    """Keep the unit as printed, but with one spelling per case-insensitive variant."""
    u = unit.strip().replace(" / ", "/")  # "tokens / sec" is "tokens/sec" set apart
    low = u.lower()
    if low in _UNIT_CASE:
        return _UNIT_CASE[low]
    if low in ("μs", "µs"):
        return "µs"
    if u == "B":
        return u  # "6.74 B" (billions of parameters) is not "b"
    if low.startswith(("tok", "tps", "req", "it/", "sample", "seq")):
        return u if u.islower() else low if u[:3].isupper() else u[:1].lower() + u[1:]  # ("TPS" is "tps", not "tPS")
    return u if len(u) > 2 else low


@short_text_cache(1024)
def parse_duration(text: str) -> float | None:
    """ "1m0.832s" -> 60.832, "16m51s" -> 1011.0; None when text is not such a duration."""
    m = DURATION_RE.fullmatch(text.strip())
    if not m:
        return None
    h = float(m.group("dh") or 0)
    mi = float(m.group("dm") or 0)
    s = float(m.group("ds") or 0)
    return h * 3600 + mi * 60 + s
