"""A value's measure named by its own words, where the words before it cannot name it: the measure written right
after the value ("+40% executed instructions", "-0.39% req/s", "@ 1.37 QPS"), or the one its unit says.

Apart from candidates.py because these rules read only the value and what touches it; candidates asks them when
the clause before the value is narration (NARRATION_RE), a rate after "@", a share of a rate, or words that only
count or point at what was measured ("one 2.0 ms pass per forward", "It takes 1.1 ms").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ledger.parsers.grammar.numbers import Number, normalise_unit
from ledger.vocab.text import CHANGE_VERBS, NARRATION_RE
from ledger.vocab.units import RATIO_UNITS, is_measure_unit, is_size_unit, is_time_unit, measure_of_unit

# "+35% shared-memory traffic, so ...": a noun phrase of one to four words, up to the clause's end
_NOUN_AFTER_RE = re.compile(
    r"[*_]{0,2}\s(?P<what>(?!(?:the|a|an|of|in|on|at|for|to|by|vs|than|and|or|with|from|over|faster|slower|"
    r"better|worse|more|less|higher|lower)\b)[A-Za-z][\w-]{1,30}(?:\s(?!(?:and|or|vs|than|of|in|on|at)\b)[A-Za-z][\w-]{1,30}){0,3}?)"
    r"(?=\s?[,;)]|\.(?:\s|$)|\s[—–-]\s|$)"
)
# "-0.39% req/s": a share followed by the unit of the measure it changed
_UNIT_AFTER_RE = re.compile(r"[*_]{0,2}\s(?P<unit>[A-Za-z][A-Za-z/]{0,14})(?![\w/])")
# "1902 ms TTFT @ 1.37 QPS": the value a pair states after "@"
_AT_BEFORE_RE = re.compile(r"@\s{0,2}[~≈]?$")
# "that band's geomean", "this group's p99": which set the measure is taken over, said by pointing back
_POINTED_SET_RE = re.compile(r"^(?:that|this|the\ssame|each|every)\s[\w-]{1,30}'s\s(?=\S)", re.IGNORECASE)


def printed_unit(n: Number) -> str | None:
    """The unit as the value prints it ("QPS" of "1.37 QPS")."""
    m = re.search(r"[A-Za-z%×][\w/%×]*$", n.text.strip())
    return m.group(0) if m else None


def stated_after(text: str, n: Number, unit: str | None) -> str | None:
    """The measure a value's neighbours state: "@ 1.37 QPS" names itself by its unit (the left of "@" is
    another measure); "-0.39% req/s" is a change of that rate ("req/s change")."""
    if is_measure_unit(unit) and unit != "%" and _AT_BEFORE_RE.search(text, max(0, n.start - 4), n.start):
        return printed_unit(n)
    if unit == "%" and (u := _UNIT_AFTER_RE.match(text, n.end, n.end + 18)):
        rate = normalise_unit(u.group("unit").lower())
        if is_measure_unit(rate) and rate != "%":
            return f"{u.group('unit')} change"
    return None


def narrated_measure(label: str | None, text: str, n: Number, unit: str | None) -> str | None:
    """When the words before a value narrate ("and clustered at the boundary: 0.969x", "was tried and rejected: +40%
    executed instructions"), the measure the words right after it name, else the one its unit says."""
    if not label or NARRATION_RE.search(label) is None:
        return None
    after = _NOUN_AFTER_RE.match(text, n.end, n.end + 130)
    if after is not None:
        return after.group("what")
    return measure_of_unit(unit)


# "Startup got **faster** (7m10s -> 5m50s)": a subject, a verb of becoming and a comparative, the values after it; the
# subject is what was measured, the rest of the clause says only which way it went
_BECAME_RE = re.compile(
    r"(?:(?:the|our|its)\s)?(?P<subject>[A-Za-z][\w/-]{1,30}(?:\s[A-Za-z][\w/-]{1,30}){0,2}?)\s"
    r"(?:got|gets|became|becomes|is|was|went|goes|grew|ran|runs)\s(?:(?:much|slightly|noticeably|way|far|a\slot|a\sbit|a\slittle)\s)?"
    r"(?:faster|slower|shorter|longer|quicker|higher|lower|better|worse|smaller|larger|bigger)",
    re.IGNORECASE,
)
_MARKUP_RE = re.compile(r"[*_`]+")
# a subject that names a time already ("TTFT got lower"); else a phase ("Startup", "Warmup") whose time it is
_TIMED_RE = re.compile(r"(?:time|latency|duration|ttft|tpot|itl|e2el|delay)$", re.IGNORECASE)


def became_subject(label: str | None, unit: str | None) -> str | None:
    """The measure of a value in a unit of measure named by a clause "<subject> got <comparative>" (see _BECAME_RE):
    the subject, a phase's time where the value is a time and the subject names no time; None for any other."""
    # (a ratio's or a share's comparative is what it measures: "Two shapes got slower: 0.92x" is a slow-down)
    m = (
        _BECAME_RE.fullmatch(_MARKUP_RE.sub("", label[:120]).strip())
        if label and is_measure_unit(unit) and unit not in RATIO_UNITS
        else None
    )
    if m is None:
        return None
    subject = m.group("subject")
    return f"{subject} time" if is_time_unit(unit) and not _TIMED_RE.search(subject) else subject


def pointed_set(metric: str | None) -> str | None:
    """ "that band's geomean" -> "geomean": the words that point back at a set name no part of the measure."""
    if metric is None:
        return None
    m = _POINTED_SET_RE.match(metric)
    return metric[m.end() :] if m else metric


# the words that count what a value measures or point back at it, and name no measure ("one 2.0 ms pass", "a single
# 1.5 ms computation", "It takes 1.1 ms", "Now each 4 ms step")
_NAMELESS_WORDS = frozenset(
    {
        *("a", "an", "the", "one", "single", "each", "every", "both", "it", "this", "that", "they", "these", "those"),
        *("which", "now", "then", "so", "and", "only", "just", "still"),
    }
)
_NAMELESS_MAX = 5
# "0.6 ms launch per decoder step", "1.5 ms spent per mamba2 layer": what one timed unit of work is, a word or two
# naming it after "per" (a second word only before a noun of work: "per step remain" is one word, then a verb)
_WORK_NOUNS = (
    r"(?:layers?|steps?|forwards?|pass(?:es)?|tokens?|iterations?|requests?|calls?|batch(?:es)?|blocks?|launch(?:es)?"
    r"|kernels?|sequences?|samples?|queries|query|experts?|heads?)"
)
_PER_WORK_RE = re.compile(
    r"(?:\s[A-Za-z][\w-]{0,20}){0,3}\sper\s"
    r"(?P<what>(?:[A-Za-z][\w-]{0,20}\s(?=" + _WORK_NOUNS + r"\b))?[A-Za-z][\w-]{0,20})"
)
# "31.5 s per 500 requests": the time a counted batch of work took, named right after the value
_PER_COUNT_RE = re.compile(r"\sper\s(?P<what>\d[\d,]{0,9}\s" + _WORK_NOUNS + r")(?![\w-])")
# "a 14 ms pause inside a 210 ms decode step": a value counted by an article, then the noun of what it measures (one
# to three words, to a preposition or the clause's end)
_ARTICLE_BEFORE_RE = re.compile(r"(?:^|\s)(?:a|an|one)\s[~≈]?$", re.IGNORECASE)
_NOUN_WORD = (
    r"(?!(?:and|or|vs|than|per|of|in|on|at|to|for|by|from|with|more|less|faster|slower|longer|shorter)\b)"
    r"[a-z][\w-]{1,30}"
)
_COUNTED_NOUN_RE = re.compile(
    r"\s(?P<what>" + _NOUN_WORD + r"(?:\s" + _NOUN_WORD + r"){0,2}?)"
    r"(?=\s(?:in|inside|within|during|on|of|at|for|across|from|to|and|or|with|vs|than|while|when)\b|\s?[,;:()]|"
    r"\.(?:\s|$)|\s[—–-]\s|$)"
)
_WORK_NOUN_END_RE = re.compile(r"\b" + _WORK_NOUNS + r"$")


def names_nothing(label: str) -> bool:
    """The label is only words that count or point ("one", "a single", "It"): no name of a measure."""
    words = label.lower().split()
    return 0 < len(words) <= _NAMELESS_MAX and all(w.strip("*_`,") in _NAMELESS_WORDS for w in words)


# the words a name never ends with: an article, a preposition, a conjunction ("= 1.106, matching the +10.6%": the
# sentence runs on through the value, the words before it are half a clause); a comparison's lead or a bound's cut
# short ("Compared to 3.9 tokens/s in the other engine", "making it up to 28x faster": the words name no measure;
# "decode up 6.4%" names its measure, "it up" nothing)
_OPEN_END_RE = re.compile(
    r"(?:^|\s)(?:the|a|an|of|to|for|with|from|by|at|in|on|and|or|but|so|than|as|matching|like|is|are|was|were|"
    r"compared|relative|it up)$",
    re.IGNORECASE,
)
# a clause inside the words ("a base run where the autotuner fires inside the timed loop"): a sentence about the run
_RELATIVE_RE = re.compile(r"\s(?:where|whose|when|while|because|since|if|until)\s", re.IGNORECASE)
# "the 500-request", "the nightly-head tiling figure": a determiner, then modifiers with no noun of a measure after
# them, a count's compound or a word for any number
_DETERMINED_RE = re.compile(r"(?:the|a|an|this|that|our|its|their)\s", re.IGNORECASE)
_NO_HEAD_RE = re.compile(r"(?<![\w-])(?:\d[\w.]{0,12}-[A-Za-z]{1,20}|figures?|numbers?|values?|results?|ones?)$", re.I)
# the run a time was taken of, one or many ("the 500-request run goes from 41.30 s"): its time is its duration
_RUN_WORD_RE = re.compile(r"\b(?:runs?|trials?|passes)\b", re.IGNORECASE)


# an inline tag the words end with ("... is up to <u>2.8x</u>": the underline opened right before the value)
_TAG_END_RE = re.compile(r"\s?</?[a-z]{1,6}>$", re.IGNORECASE)


def sentence_fragment(label: str) -> bool:
    """The words before a value are a piece of a sentence, no name (_OPEN_END_RE, _RELATIVE_RE, _NO_HEAD_RE); the
    caller asks first that they hold no measure's name."""
    label = _TAG_END_RE.sub("", label) if label.endswith(">") else label
    return bool(
        _OPEN_END_RE.search(label)
        or _RELATIVE_RE.search(label)
        or (_DETERMINED_RE.match(label) and _NO_HEAD_RE.search(label))
    )


def fragment_measure(label: str, clause: str, text: str, n: Number, unit: str | None) -> str | None:
    """What a value measures where the words before it are a fragment: a run's time is its duration, else the unit
    says (unit_measure); None where it says nothing (a share, a count), never the fragment."""
    if is_time_unit(unit) and (_RUN_WORD_RE.search(label) or _RUN_WORD_RE.search(clause)):
        return "duration"
    return unit_measure(text, n, unit)


def counted_measure(text: str, n: Number, unit: str | None) -> str | None:
    """A time or size named by the words right after it: "31.5 s per 500 requests" is the time per 500 requests; "a
    14 ms pause", "a 210 ms decode step" (an article counts the value, a noun follows) the pause, the decode step's
    time. None where the words after it are no such name."""
    if not (is_time_unit(unit) or is_size_unit(unit)):
        return None
    if is_time_unit(unit) and (per := _PER_COUNT_RE.match(text, n.end, n.end + 40)) is not None:
        return f"time per {per.group('what')}"
    if not _ARTICLE_BEFORE_RE.search(text, max(0, n.start - 6), n.start):
        return None
    noun = _COUNTED_NOUN_RE.match(text, n.end, n.end + 100)
    if noun is None or text.startswith(" per ", noun.end()):
        return None  # ("one 0.6 ms launch per decoder step": the time per step, unit_measure's)
    what = noun.group("what")
    return f"{what} time" if is_time_unit(unit) and _WORK_NOUN_END_RE.search(what) else what


def unit_measure(text: str, n: Number, unit: str | None) -> str | None:
    """What the value's unit says it measures where no word names it: a time is the time per the unit of work the
    words after it name ("0.6 ms launch per decoder step": "time per decoder step"), else measure_of_unit's."""
    per = _PER_WORK_RE.match(text, n.end, n.end + 90) if is_time_unit(unit) else None
    return f"time per {per.group('what')}" if per is not None else measure_of_unit(unit)


# "accuracy stays the same while performance improves by about 7%": a clause joined to the one before it, its own
# subject then its verb of change right before the value. The value measures that subject, never the measure the
# first clause named (a contrast, or a second result: "memory is flat, whereas the prefill step gets 12% quicker")
# (or a comma: "the prefill share rises 0.6%, decode/chip rises 2.4%", each clause its own subject and verb)
_JOINED_RE = re.compile(r"(?<![\w-])(?:while|whereas|but|although|though|and)\s|,\s", re.IGNORECASE)
_SUBJECT_VERB_RE = re.compile(
    r"(?:(?:the|its|our|overall)\s)?(?P<subject>[A-Za-z][\w/-]{1,30}(?:\s[A-Za-z][\w/-]{1,30}){0,2}?)"
    # ("RPS is improved by": the auxiliary is the verb's, no word of the subject)
    r"\s(?:(?:is|are|was|were|has\sbeen|have\sbeen|had\sbeen)\s)?(?:" + CHANGE_VERBS + r"|gets|got|becomes|became|"
    # ("decoding speeds up by about 25%": the subject's speed-up)
    r"(?P<sped>speeds?\sup|sped\sup))"
    r"(?:\s(?:by|about|roughly|around|approximately|nearly|almost|some|up\sto|over|only|just|another))*\s[~≈+]?",
    re.IGNORECASE,
)
_PRONOUNS = frozenset(("it", "this", "that", "they", "these", "those", "which", "everything", "nothing"))
_JOINED_WINDOW = 100


def joined_subject(text: str, pos: int, before: str | None) -> str | None:
    """The subject of the clause a value at `pos` ends, where a conjunction joins that clause to one naming the
    measure `before` (None: to a clause whose subject names none) and the subject is no pronoun ("it is 8% faster":
    the words after say what); else None."""
    start = max(0, pos - _JOINED_WINDOW)
    joined = None
    for m in _JOINED_RE.finditer(text, start, pos):
        joined = m  # (the last: the clause the value ends)
    if joined is None or (before is not None and before.lower() in text[joined.end() : pos].lower()):
        return None
    own = _SUBJECT_VERB_RE.fullmatch(text, joined.end(), pos)
    if own is None or own.group("subject").lower() in _PRONOUNS:
        return None
    return f"{own.group('subject')} speedup" if own.group("sped") else own.group("subject")


# a sentence a side's label opens ("Main: launched `a` and `b` kernels, takes about 5µs", "This PR: one launch of the
# fused `c_kernel`, about 3µs"): the code it names is what that side runs, which differs by side, being the change
_SIDE_LEAD_RE = re.compile(r"[\s*_>-]{0,4}(?P<side>[A-Za-z][\w .-]{0,24}?)[*_]{0,2}:\s")
_CODE_RUN_RE = re.compile(r"`[A-Za-z_][\w.:]{1,80}`|\bkernels?\b|\blaunch(?:es|ed)?\b", re.IGNORECASE)


def sided_kernel_time(metric: str, text: str, unit: str | None, side: Callable[[str], bool]) -> bool:
    """The time a side's sentence gives after words naming the kernels that side launches (see _SIDE_LEAD_RE) is the
    step's kernel time, one measure on every side: the kernels named are what the sides differ in, no measure's
    name (`side` tells a side's label)."""
    lead = _SIDE_LEAD_RE.match(text)
    return (
        is_time_unit(unit) and lead is not None and side(lead.group("side")) and _CODE_RUN_RE.search(metric) is not None
    )
