"""Metric names in prose: which words name a measurement, where a clause starts, and what kind of claim a
name makes (accuracy, acceptance, perf).

Apart from prose.py because every part of the prose reader asks these (the number guards, the value's name,
the slash lists) and tables.py's cells read as prose lean on them too; they hold the names and nothing else.
"""

from __future__ import annotations

import bisect
import functools
import re

from ledger.parsers.grammar.revision_labels import is_sha
from ledger.vocab.first_chars import dispatched
from ledger.vocab.metrics import (
    LOAD_WORDS,
    MEASURE_PREFIX_BEFORE_RE,
    PROSE_METRIC_NAMES,
    SPEED_MEASURE_WORDS,
    is_benchmark_name,
)
from ledger.vocab.perplexity_corpora import CORPUS_BEFORE_RE, CORPUS_PERPLEXITY
from ledger.vocab.speed_names import NAME_MODIFIERS
from ledger.vocab.text import ARROW, lower_for_words
from ledger.vocab.units import is_measure_unit


def _by_first_letter(alternatives: list[str]) -> str:
    """Regex alternatives regrouped by first letter ("isl|input|osl" -> "i(?:sl|nput)|o(?:sl)"), so the engine
    tries one branch per letter instead of every alternative at every position. The same texts match.

    Within a letter the order is kept; alternatives that do not open with a letter ("\\bAL\\b", "#") go last,
    and a bare letter ("k") is tried after the longer alternatives of its letter. Which alternative matches
    first is unchanged when neither matters (true of the metric names; see any_of for the others).
    """
    groups: dict[str, list[str]] = {}
    rest: list[str] = []
    for alt in alternatives:
        assert alt.count("(") == alt.count(")"), alt  # whole alternatives only
        if alt[:1].isalpha() and alt[1:2] not in ("?", "*", "+", "{"):
            groups.setdefault(alt[0].lower(), []).append(alt[1:])
        else:
            rest.append(alt)
    out = []
    for first, rests in groups.items():
        tails = [r for r in rests if r]
        optional = "?" if len(tails) < len(rests) else ""  # the bare letter is an alternative too
        out.append(first + ("(?:" + "|".join(tails) + ")" + optional if tails else ""))
    return "|".join(out + rest)


def any_of(alternatives: str) -> str:
    """`alternatives` ("isl|osl|bs|sizes?|...", no "|" inside a group) regrouped by first letter, for patterns
    whose match is only asked yes / no (regrouping may change which alternative wins first)."""
    return _by_first_letter(alternatives.split("|"))


_METRIC_NAMES = list(PROSE_METRIC_NAMES)
# Grouped by first letter, behind a lookahead on those letters: one set test at most positions. The names
# that open with \b (f1, AL, itl, ppl) never match where another name of their letter does.
METRIC_RE = re.compile(
    "(?=[" + "".join(sorted({(n[2] if n.startswith("\\b") else n[0]).lower() for n in _METRIC_NAMES})) + "])"
    "(?:" + _by_first_letter(_METRIC_NAMES) + ")",
    re.IGNORECASE,
)
# The same names for lowered text, case-sensitive, every alternative opening with its letter (a \b before
# it becomes a look-behind): the engine then jumps between those letters. Without CASE_ODD characters,
# lowering keeps the length, what \w, \d and \s match, and what these literals match ignoring case.
METRIC_LOWER_PATTERN = _by_first_letter(
    [
        n[2].lower() + rf"(?<=\b{n[2].lower()})" + n[3:].lower() if n.startswith("\\b") else n.lower()
        for n in _METRIC_NAMES
    ]
)
# (every alternative opening with its letter, the one that opens with a look-behind too: vocab.first_chars)
_METRIC_LOWER_RE = re.compile(dispatched(METRIC_LOWER_PATTERN) or METRIC_LOWER_PATTERN)
assert not any(re.search(r"\\[A-Z]", n) for n in _METRIC_NAMES)  # lowering keeps every escape
"""The names for lowered text (the readers that look for one in a lowered window build on it)."""
# ("[;.][*_]{0,2}(?:\s|$)|\s—\s|:\s", opening with one class the engine skips to: each alternative then looks
# behind at it)
# (a sentence may end inside emphasis: "costs nothing.** With ..." breaks as "costs nothing. With ...")
_CLAUSE_BREAK_RE = re.compile(r"[;.\s:](?:(?<=[;.])[*_]{0,2}(?:\s|$)|(?<=\s)—\s|(?<=:)\s)")
# A metric named before a colon governs the list after it ("acceptance length on the long pass keys:
# bf16 7.857, FP8 7.500"), so metric lookup stops only at sentence and semicolon breaks ("[;.][*_]{0,2}(?:\s|$)|\s—\s",
# as above).
METRIC_BREAK_RE = re.compile(r"[;.\s](?:(?<=[;.])[*_]{0,2}(?:\s|$)|(?<=\s)—\s)")
_QUALIFIER_BEFORE_RE = re.compile(r"\b(?:on|over|for|in)\s+(?:the\s+)?(?:[\w-]+\s+)?$", re.IGNORECASE)


CLAUSE_WINDOW = 300
"""How far back a clause is searched: bounds the work per number, so a line costs O(length)."""


def clause_start(text: str, pos: int, breaks: re.Pattern[str] = _CLAUSE_BREAK_RE) -> int:
    start = max(0, pos - CLAUSE_WINDOW)
    for m in breaks.finditer(text, start, pos):
        start = m.end()
    return start


def holds_metric(text: str) -> bool:
    """Whether a measure's name stands in `text` (METRIC_RE), asked of the lowered text's case-sensitive copy
    where lowering keeps its length (as _metric_index does)."""
    low = lower_for_words(text)
    return (METRIC_RE.search(text) if low is None else _METRIC_LOWER_RE.search(low)) is not None


@functools.lru_cache(maxsize=16)
def _metric_index(text: str) -> tuple[list[tuple[int, int]], list[int]]:
    """The spans of every metric name in text, found in one pass (a per-number search would cost
    O(n * window)). Where lower_for_words allows, in the lowered text (same length, same spans) with a
    case-sensitive pattern, which the engine scans for the names' first letters much faster."""
    low = lower_for_words(text)
    found = METRIC_RE.finditer(text) if low is None else _METRIC_LOWER_RE.finditer(low)
    spans: list[tuple[int, int]] = []
    for m in found:
        if _inside_sha(text, *m.span()):
            continue
        a, b = _whole_identifier(text, *m.span())
        if spans and a < spans[-1][1]:
            continue  # (a name inside the identifier the one before was widened to)
        spans.append((a, b))
    return spans, [a for a, _ in spans]


_ID_BEFORE_RE = re.compile(r"[A-Za-z0-9]{0,30}_(?:[A-Za-z0-9]{1,30}_){0,4}$")
_ID_AFTER_RE = re.compile(r"(?:_[A-Za-z0-9]{1,30}){1,5}")


def _whole_identifier(text: str, a: int, b: int) -> tuple[int, int]:
    """ "`output_token_throughput`: 4.07 -> 2.75": a name joined by underscores into an identifier names the value by
    the whole identifier, never by its last word ("throughput")."""
    if text[a - 1 : a] == "_" and (m := _ID_BEFORE_RE.search(text, max(0, a - 160), a)) is not None:
        a = m.start()
    if (m := _ID_AFTER_RE.match(text, b)) is not None:
        b = m.end()
    return a, b


_WORD_BEFORE_NAME_RE = re.compile(r"(?<![\w-])([A-Za-z][\w-]{0,30})[ \t]{1,2}$")


def measures_after_words(text: str) -> dict[str, str]:
    """Each word the text writes right before a measure's name -> that name with the word, as first printed
    ("saturated" -> "saturated throughput"); keys lowered. One pass over the names (_metric_index)."""
    out: dict[str, str] = {}
    for a, b in _metric_index(text)[0]:
        if (m := _WORD_BEFORE_NAME_RE.search(text, max(0, a - 34), a)) is not None:
            out.setdefault(m.group(1).lower(), f"{m.group(1)} {text[a:b]}")
    return out


_HEX = frozenset("0123456789abcdefABCDEF")
_SHA_TOKEN_RE = re.compile(r"[0-9a-f]{7,40}|[0-9A-F]{7,40}")


def _inside_sha(text: str, a: int, b: int) -> bool:
    """A name found inside a commit's hash ("e2e" in "build: 3f1ae2e3 (6120)") names no measure."""
    if not ((a and text[a - 1] in _HEX) or (b < len(text) and text[b] in _HEX)):
        return False
    lo, hi = a, b
    while lo and text[lo - 1].isalnum() and a - lo < 40:
        lo -= 1
    while hi < len(text) and text[hi].isalnum() and hi - b < 40:
        hi += 1
    token = text[lo:hi]
    return _SHA_TOKEN_RE.fullmatch(token) is not None and is_sha(token)


def metric_before(text: str, pos: int, limit: int = 120) -> str | None:
    start = max(clause_start(text, pos, METRIC_BREAK_RE), pos - limit)
    last = None
    end = -1  # where the previous name ended
    spans, starts = _metric_index(text)
    for a, b in spans[bisect.bisect_left(starts, start) : bisect.bisect_left(starts, pos)]:
        if b > pos:
            break
        if _AFTER_NUMBER_RE.search(text, max(0, a - 16), a) and is_measure_unit(text[a:b]):
            continue  # "from 61.3 tok/s (Conc 1) to 402.6": the unit of the value before names no value after it
        if text[b : b + 1] == ")" and _PAREN_AFTER_VALUE_RE.search(text, max(0, a - 24), a):
            continue  # "+12% (MT-Bench) to +16% (HumanEval)": the name in a value's own brackets is that value's
        if (u := _AFTER_VALUE_UNIT_RE.search(text, max(0, a - 60), a)) and is_measure_unit(u.group("unit")):
            # ("310 GB/s memory bandwidth, and decode went from 14.2 to 16.8 t/s": the modifiers between too)
            last = None  # "45.2 ms TTFT, 12.1 tok/s decode": the name after a value and its unit is that value's
            continue
        # "the acceptance length on the long pass keys: 7.857": a metric after "on the" qualifies the first; a
        # benchmark there is what a generic score was taken on ("the accuracy of Qwen3-8B on gsm8k": gsm8k's)
        if last is not None and _QUALIFIER_BEFORE_RE.search(text, max(start, a - 30), a):
            name = text[a:b]
            if GENERIC_NAME_RE.fullmatch(last) and not GENERIC_NAME_RE.fullmatch(name) and is_benchmark_name(name):
                last = f"{name} {last}"
            continue
        # "the gsm8k score is 0.912": a generic word right after a benchmark's name is that benchmark's
        # ("MMLU weighted average accuracy: 85.91": a few plain words between them too)
        joined = (
            last is not None
            and GENERIC_NAME_RE.fullmatch(text[a:b]) is not None
            and (0 <= a - end <= 1 or _PLAIN_GAP_RE.fullmatch(text, end, a) is not None)
        )
        last = f"{last}{text[end:b]}" if joined else text[a:b]
        if (
            not joined
            and last.lower() in ("throughput", "tput")
            and (kind := _THROUGHPUT_KIND_RE.search(text, max(start, a - 24), a))
        ):
            last = text[
                kind.start() : b
            ]  # "Output Token Throughput", never a bare "Throughput" beside "Total Token ..."
        elif not joined and (pre := MEASURE_PREFIX_BEFORE_RE.search(text, max(start, a - 36), a)) and pre.start() < a:
            last = text[pre.start() : b]  # "P99 TTFT", "Median E2E latency": the statistic and phase it is taken at
        elif (
            not joined
            and last.lower() in ("perplexity", "ppl")
            and (on := CORPUS_BEFORE_RE.search(text, max(0, a - 16), a))
        ):
            last = text[on.start() : b]  # "WikiText 2 perplexity", "C4 PPL": the corpus it is measured on
        end = b
    return last


# the tokens a serving benchmark's throughput counts ("Output Token Throughput", "Request throughput"), right before it
_THROUGHPUT_KIND_RE = re.compile(
    r"(?<![\w-])(?:output|input|total|request|prefill|decode)(?:\stokens?)?\s$", re.IGNORECASE
)
# a value, its unit perhaps, and the bracket opening right after it: "+9% (", "1.9ms (", "0.71 ("
_PAREN_AFTER_VALUE_RE = re.compile(r"\d(?<![\w.]\d)[\d.,]{0,12} ?(?:%|[A-Za-zµ/]{1,8})? ?\($")
_AFTER_NUMBER_RE = re.compile(r"\d(?<![\w.]\d)[\d.,]{0,12} ?$")  # (the digit first: the engine skips to digits)
# (a share's name after it is often what the share is of: "the 45% acceptance rate threshold (observed 44.6%)")
_AFTER_VALUE_UNIT_RE = re.compile(
    r"\d(?<![\w.]\d)[\d.,]{0,12} ?(?P<unit>[A-Za-zµ/]{1,10}) (?:" + NAME_MODIFIERS + r" ){0,2}$", re.IGNORECASE
)
# a score's name that says nothing of which benchmark it is (a console's label is joined to one as prose is)
# (and lm-eval's filters: "gsm8k flexible-extract 95.1" is gsm8k's score under that filter)
# (and its plural: "GSM8K scores were 70.1% / 71.0%" are GSM8K's, one per arm)
GENERIC_NAME_RE = re.compile(
    r"scores?|accuracy|acc|exact match|pass rates?|results?|strict[-_ ]match|flexible[-_ ]extract", re.IGNORECASE
)
# one or two plain lower-case words, no list or comparison between ("weighted average", "strict-match")
_PLAIN_GAP_RE = re.compile(r" (?!(?:and|or|vs|than|but|with|on|in|of)\b)[a-z][a-z-]{1,20}(?: [a-z][a-z-]{1,20})? ")


POINTS_METRIC_AFTER_RE = re.compile(r"\s+(?:(?:on|in|for)\s+(?:the\s+)?)?(" + METRIC_RE.pattern + ")", re.IGNORECASE)
METRIC_AFTER_RE = re.compile(r"\s+(?:on|in|for)\s+(?:the\s+)?(" + METRIC_RE.pattern + ")", re.IGNORECASE)
# "12% more throughput", "~4% better latency", "3% lower end-to-end latency": a change named by the measure after it
CHANGE_METRIC_AFTER_RE = re.compile(
    r"\s?(?:more|higher|better|lower|less|faster|slower|greater|fewer|smaller|larger)\s((?:(?:end-to-end|e2e|overall|"
    r"average|mean|total|output|decode|prefill)\s)?(?:" + METRIC_RE.pattern + "|" + SPEED_MEASURE_WORDS + "))",
    re.IGNORECASE,
)
# "the full 4.4% e2e throughput win", "a 3% decode gain": a change named by the measure between it and the word
# saying it is one
GAIN_METRIC_AFTER_RE = re.compile(
    r"\s?((?:(?:end-to-end|e2e|overall|average|mean|total|output|decode|prefill)\s)?(?:"
    + METRIC_RE.pattern
    + "|"
    + SPEED_MEASURE_WORDS
    + r"))\s(?:win|gain|improvement|uplift|boost|speed-?up)s?\b",
    re.IGNORECASE,
)
# "**+4.3%** end-to-end serving throughput at TP4": a signed change named by the measure right after it (no word
# saying which way: the sign says it), the measure's own modifiers kept
# ("generated throughput": the completion tokens a run generated per second, as "output throughput")
MEASURE_MODIFIERS = (
    r"(?:end-to-end|e2e|overall|average|mean|total|output|input|decode|prefill|request|serving|token|generat(?:ed|ion)|"
    + LOAD_WORDS[3:]
)
# ("-9.5% 16k TTFT": the context length the measure was taken at stands among its modifiers)
SIGNED_METRIC_AFTER_RE = re.compile(
    r"[*_]{0,2}\s((?:(?:\d{1,4}[kK]|"
    + MEASURE_MODIFIERS
    + r")\s){0,3}(?:"
    + METRIC_RE.pattern
    + "|"
    + SPEED_MEASURE_WORDS
    + r"))(?![\w-])",
    re.IGNORECASE,
)
# "worth +7.8% / +10.6% of prefill": signed changes (a slash list of them) named by the measure after "of"
SIGNED_OF_METRIC_RE = re.compile(
    r"(?:[*_]{0,2}\s?/\s?[*_]{0,2}[-+]\d{1,4}(?:\.\d{1,3})?\s?%){0,6}[*_]{0,2}\s(?:of|in)\s(?:the\s)?((?:"
    + MEASURE_MODIFIERS
    + r"\s){0,2}(?:"
    + METRIC_RE.pattern
    + "|"
    + SPEED_MEASURE_WORDS
    + r"))(?![\w-])",
    re.IGNORECASE,
)
# "Perf goes from 13.5 -> 14.2 output throughput": the measure a pair with no unit names right after its new value
# (a common misspelling of throughput too: "thoughput", "througput", "throughtput")
_PAIR_MEASURE_AFTER_RE = re.compile(
    r"[*_]{0,2}\s((?:"
    + MEASURE_MODIFIERS
    + r"\s){0,3})(?:(?P<tput>th(?:ro|or|o|r)ug?h?t?put)|"
    + CORPUS_PERPLEXITY  # ("6.40 Wiki2 PPL": the corpus's perplexity)
    + "|"
    + METRIC_RE.pattern
    + r")"
    r"(?![\w-])",
    re.IGNORECASE,
)


def measure_after_pair(text: str, end: int) -> str | None:
    """The measure named right after a pair's new value ("-> 14.2 output thoughput": "output throughput"), else None."""
    m = _PAIR_MEASURE_AFTER_RE.match(text, end, end + 60)
    if m is None:
        return None
    return f"{m.group(1)}throughput" if m.group("tput") else m.group(0).lstrip("*_ \t")


# "91.4% accuracy on GSM8K", "a 63.2 score on MMLU", "scores 0.912 on gsm8k": a score named by the benchmark after it
SCORE_ON_METRIC_RE = re.compile(
    r"\s?(?:(?:accuracy|score|pass rate|exact match)\s)?(?:on|in|for)\s(?:the\s)?(" + METRIC_RE.pattern + ")",
    re.IGNORECASE,
)
AT_METRIC_RE = re.compile(r"\s?@\s?(" + METRIC_RE.pattern + ")", re.IGNORECASE)
# "1902 ms TTFT @ 1.37 QPS", "18.5 ms TPOT": a measure named right after the value's unit, naming no next value
# ("12 ms TTFT 190 ms" is a list of labels over values)
# ("3.6 s mean TTFT", "24.9 ms p99 ITL": the statistic or the phase first, as the measure's own words)
NAME_AFTER_UNIT_RE = re.compile(
    r"[ \t]{1,2}((?:(?:p\d{1,3}|median|avg|" + MEASURE_MODIFIERS[3:] + r"[ \t]){0,2}(?:" + METRIC_RE.pattern + r"))"
    r"\b(?![ \t]{0,4}[:=]?[ \t]{0,4}[~≈]?\d)(?![-\w])",
    re.IGNORECASE,
)


# "31 tok/s single-stream -> 44 tok/s single-stream", "210 ms p50 → 150 ms p50", "1.35x gain -> 1.95x gain": the
# words after the old value, said again after the new one, and the arrow between
_WORDS_ARROW_RE = re.compile(r"^\s?(?P<words>[A-Za-z][\w-]{0,24}(?: [A-Za-z][\w-]{0,24}){0,2})\s?" + ARROW + r"\s*$")


def words_again(text: str, between: str, end: int) -> bool:
    """ "31 tok/s single-stream -> 44 tok/s single-stream": the words between the old value and the arrow are said
    again after the new value (`end`), so the two values are one measure's old and new."""
    m = _WORDS_ARROW_RE.match(between) if len(between) <= 90 else None
    if m is None:
        return False
    words = m.group("words").lower()
    after = text[end : end + len(words) + 3].lstrip().lower()
    return after.startswith(words) and not after[len(words) : len(words) + 1].isalnum()
