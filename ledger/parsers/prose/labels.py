"""What names a value whose clause names no metric: a console line's label ("bandwidth (GB/s) 45.1",
"RMS_NORM(...):  81920 runs"), the subject of a pair in brackets (llama.cpp's "( 20.00 ms per token"), the
clause's own words ("Decode step at batch 64: 9.6 ms").

Apart from prose.py because tool output and plain sentences name their numbers in these ways the same, and
the rules are about labels, not about pairing values.
"""

from __future__ import annotations

import re

from ledger.parsers.prose.metrics import METRIC_RE, clause_start
from ledger.vocab.metrics import GENERIC_SCORE, MEASURE_NOUN_END_RE, MEASURE_NOUN_RE, STAT_RE
from ledger.vocab.score_verbs import SCORE_VERB_END_RE
from ledger.vocab.speed_names import SPEED_MEASURE_WORDS
from ledger.vocab.text import ARROW, CHANGE_VERBS, FORECAST_BEFORE_RE, RUN_COUNT_NOUNS, without_lead_symbols
from ledger.vocab.units import is_measure_unit, is_time_unit

# a console label: a metric's name, its unit in brackets, then the number ("bandwidth (GB/s) 45.1", "PPL = 3.4")
CONSOLE_METRIC_BEFORE_RE = re.compile(
    r"(?:" + METRIC_RE.pattern + r")(?:\s?[(\[](?P<unit>[^()\[\]\s]{1,12})[)\]])?\s*[:=]?\s*$", re.IGNORECASE
)


# "5.810260772705078e-06", "0.4649": a measured fraction ("1e4", "1e+05" are sizes written short)
FINE_FLOAT_RE = re.compile(
    r"[-+]?\d+\.\d{3,}(?:[eE][-+]?\d{1,3})?|[-+]?\d+(?:\.\d+)?[eE]-\d{1,3}|[-+]?\d+\.\d+[eE]\+?\d{1,3}"
)
WORD_BEFORE_RE = re.compile(r"(?<![\w.])([A-Za-z][A-Za-z_-]{2,30})\s+$")


# the verb between a name and its value: "Prompt eval is now 31.5 ms/t", "the kernel now reaches ~140 tflops", "Time
# goes down from 70 s"
_LABEL_TAIL_RE = re.compile(
    r"(?:\s+(?:" + CHANGE_VERBS + r"|at|from|to|of|is|was|are|were|by|in|on|measured|takes?|took|averages?|now|"
    r"reach(?:es|ed)?|hits?|gets?|gives?|sits?|stays?|runs?|delivers?|drops?|rises?|"
    r"goes|went|becomes?|became|around|about|roughly|only|just|still|a|an)"
    # "TG128, 14 samples 32.9 tk/s": the count of runs the value is the mean of names nothing
    r"|,?\s\d{1,6}\s" + RUN_COUNT_NOUNS + r")+\s*$",
    re.IGNORECASE,
)
# a word counting the things measured, right before their value ("one 2.0 ms pass", "a single 1.5 ms call")
_COUNT_TAIL_RE = re.compile(r"(?:^|\s)(?:single|one|each|every|both)$", re.IGNORECASE)
# (a test-backend-ops op's parameters run to 200 characters and more: "FLASH_ATTN_EXT(hsk=128,...,permute=[0,2,1,3])")
_LEAD_LABEL_RE = re.compile(r"^\s*(?P<label>[A-Za-z_][\w.:-]{0,40}(?:\([^()]{0,400}\))?)\s*:\s")


_PAIR_LABEL_RE = re.compile(r"[A-Za-z][A-Za-z _-]{0,40}$")


def pair_label_before(text: str, pos: int) -> str | None:
    """ "prompt eval time =  200.00 ms / 10 tokens (  20.00 ms per token": a value in brackets after a pair
    is a measure of the pair's subject (llama.cpp's timings), not of the line's leading label. (Found with
    rfind in a bounded window: a line of many numbers stays linear.)"""
    lo = max(0, pos - 120)
    paren = text.rfind("(", lo, pos)
    if paren < 0 or any(ch in text[paren + 1 : pos] for ch in "()="):
        return None
    eq = text.rfind("=", lo, paren)
    if eq < 0 or not text[eq + 1 : paren].strip()[:1].isdigit() or any(ch in text[eq + 1 : paren] for ch in "()"):
        return None
    m = _PAIR_LABEL_RE.search(text[max(lo, eq - 42) : eq].rstrip())
    if m is None:
        return None
    label = m.group(0).strip(" _-")
    return re.sub(r"\s+(?:time|duration)$", "", label) or None


def lead_label(text: str) -> str | None:
    """The label a console line opens with: "RMS_NORM(type=f32,ne=[4096,1,1,1]):  81920 runs - ..."."""
    m = _LEAD_LABEL_RE.match(text)
    return m.group("label") if m else None


# "scorer: ", "perplexity: ", "llama_print_timings: ": the name of the tool that prints a log line, opening it
_LOG_PREFIX_RE = re.compile(r"^\s*[A-Za-z_][\w.-]{0,40}:\s")
_PER_AFTER_RE = re.compile(r"\s{0,2}(?:[A-Za-z]{1,8}\s)?per\s(?P<what>[A-Za-z][\w-]{0,20})")
_TIME_WORD_RE = re.compile(r"\b(?:time|duration|latency|took)$", re.IGNORECASE)


def log_line_label(text: str, pos: int, end: int, unit: str | None, named_at: int | None = None) -> str | None:
    """What a value of a tool's log line measures when the line opens with the tool's name ("scorer: loading data took
    812.4 ms" is a loading time, "perplexity: 0.38 seconds per pass" a time per pass, never a perplexity): the words
    between the prefix and the value, else the "per X" after it; "" for a forecast ("- ETA 0.40 minutes"), which
    measures nothing; None where the line has no prefix or names its value in neither place, or where a metric's
    name stands before the value (at `named_at`) after the line's start."""
    if named_at is not None and text[:named_at].strip():
        return None
    if FORECAST_BEFORE_RE.search(text, max(0, pos - 30), pos):
        return ""
    lead = _LOG_PREFIX_RE.match(text)
    if lead is None or lead.end() > pos:
        return None
    words = _LABEL_TAIL_RE.sub("", text[lead.end() : pos]).strip(" :,(-•*#=~")
    if words and _NAME_START_RE.match(words) and not any(ch.isdigit() for ch in words):
        timed = is_time_unit(unit) and not _TIME_WORD_RE.search(words)
        return f"{words} time" if timed else words
    per = _PER_AFTER_RE.match(text, end) if not words else None
    if per is not None:
        return f"{'time' if is_time_unit(unit) else unit} per {per.group('what')}"
    return None


_RATIO_AT_RE = re.compile(r"[~≈]?[-+]?\d[\d,]*(?:\.\d+)?\s?[x×](?![A-Za-z])")
# a ratio or a range of them ("1.8–2.6×", "2-3x")
_RATIO_RANGE_AT_RE = re.compile(
    r"[~≈]?\d[\d,]{0,12}(?:\.\d{1,6})?\s?(?:[-–—]\s?\d[\d,]{0,12}(?:\.\d{1,6})?\s?)?[x×](?![A-Za-z])"
)
_VALUE_ONLY_RE = re.compile(r"[~≈]?[-+]?\d[\d,]*(?:\.\d+)?\s?[A-Za-zµ%/]{0,8}[\s*_`]*")


_LISTED_VALUE_RE = re.compile(
    r"(?<![\w.])[-+~−]?\d{1,9}(?:,\d{3}){0,4}(?:\.\d+)?(?:[hm]\d{1,2}(?:\.\d+)?){0,2}\s?(?:%|[A-Za-zµ/]{1,8})?\)?[*_`]{0,2},\s"
)
_COLUMN_GAP_RE = re.compile(r" {2,}|\t")
_PAIR_TAIL_RE = re.compile(
    r"\s[~≈]?[-+−]?\d[\d,]{0,12}(?:\.\d{1,6})?\s?[A-Za-zµ/]{0,8}\s?"
    + ARROW
    + r"\s?[~≈]?[-+−]?\d[\d,]{0,12}(?:\.\d{1,6})?\s?"
    r"[A-Za-zµ/]{0,8}$"
)
"""A pair of values with an arrow between them closing a label ("whole forward 800 µs → 700 µs")."""
_NAME_START_RE = re.compile(r"[`*_]{0,2}[A-Za-z]")
_NO_NAME_RE = re.compile(
    r"(?:it|this|that|they|we|up(?: to)?|to|about|around|roughly|nearly|almost|over)", re.IGNORECASE
)
_JOINT_RE = re.compile(r"^(?:(?:and|then|or|but|while|so)\s+){1,2}", re.IGNORECASE)


# a value inside a label's words ("took 31.2 s / 29.8 s as the cache hit rate"), a slash or arrow after it
# ("44.1 to 45.0 s, the gain is 1.13x": a comma may close the value's unit)
_INNER_VALUE_RE = re.compile(
    r"(?<![\w.])[-+~−]?\d[\d,]{0,12}(?:\.\d{1,6})?\s?(?:(?:%|[A-Za-zµ/]{1,8}(?![\w]))[,;]?)?\s?[/→]?\s"
)
_RESTART_RE = re.compile(r"^(?:(?:as|while|when|and|then|so|with|the|a|an)\s){1,3}", re.IGNORECASE)


# a sentence's opening clause before its subject ("For example, with 8k prompts on two L40S cards, prefill ..."): a
# discourse marker or a setting's preposition; a bare "in" stays ("In decode, the step" names the phase measured)
_LEAD_IN_RE = re.compile(
    r"(?:for\s(?:instance|example)|e\.g\.|in\s(?:short|practice|particular|total|summary)|overall|here|again|"
    r"similarly|likewise|notably|at|with|on|under|when|using|running|across)\b",
    re.IGNORECASE,
)

_REFERRING_RE = re.compile(r"(?:the\s+same|it|this|that|these|those|they|we|you|there)\b", re.IGNORECASE)


def _without_lead_in(words: str) -> str:
    """The words after a sentence's lead-in clause, when they name something: "In short, at 16k tokens on a desktop
    CPU, PP" is PP's (the clause's setup is read by the setup readers, never kept in the name); a list of names
    ("Prefill, decode and sampling") opens with no lead-in and stays whole."""
    cut = words.rfind(", ")
    if cut < 0 or not _LEAD_IN_RE.match(words):
        return words
    rest = _JOINT_RE.sub("", words[cut + 2 :])
    if not _NAME_START_RE.match(rest) or _NO_NAME_RE.fullmatch(rest) or _REFERRING_RE.match(rest):
        return words  # ("With FP8 weights, the same run gives": what the words refer back to, the whole says)
    return rest


# a second clause joined to the first by a contrast ("quality holds steady while speed rises by about 6%")
_CONTRAST_RE = re.compile(r"[\s,](?:while|whereas|but|although|though)\s", re.IGNORECASE)


def _own_clause(words: str) -> str:
    """The words of the value's own clause, after the last contrast joining one to another: "quality holds steady
    while speed rises by about 6%" is a change of speed, the first clause says what did not change."""
    cut = max((m.end() for m in _CONTRAST_RE.finditer(words)), default=0)
    return words[cut:] if cut and _NAME_START_RE.match(words, cut) else words


def _after_last_value(words: str) -> str:
    """ "the runs took 31.2 s / 29.8 s as the cache hit rate": where the words before a value reach back over earlier
    values, what names it is after the last of them, when that names a measure ("cache hit rate")."""
    cut = 0
    for m in _INNER_VALUE_RE.finditer(words):
        cut = m.end()
    if not cut:
        return words
    rest = _RESTART_RE.sub("", words[cut:].strip())
    joint = max(rest.rfind(", and "), rest.rfind("; "))
    own = _RESTART_RE.sub("", rest[joint + 2 :].strip()) if joint >= 0 else ""
    if own and _NAME_START_RE.match(own) and not _NO_NAME_RE.fullmatch(own):
        # ("310 GB/s memory bandwidth, and decode went from 14.2": a clause of its own after the earlier value's
        # words names the later value, never the earlier value's measure)
        return own
    return rest if _NAME_START_RE.match(rest) and MEASURE_NOUN_END_RE.search(rest) else words


# a measure's word in a label: a metric's name, a measure's noun, a phase whose speed is measured ("2k prefill")
_MEASURE_WORD_RE = re.compile(
    r"(?:" + METRIC_RE.pattern + r")|" + MEASURE_NOUN_RE.pattern + "|" + SPEED_MEASURE_WORDS,
    re.IGNORECASE,
)


_UNIT_AFTER_RE = re.compile(r"\d\s?([A-Za-zµ/]{1,8})(?![\w/])")


def _item_label(text: str, start: int, words: str) -> str:
    """ "- 16k TTFT: kernel on **-12.0%** (1.76 vs 2.00 s)": where the words after a label's colon name no measure (the
    arm measured, a side, a sentence's opener) and the label names one, the value is the label's measure; a statistic
    there ("Prefill: eager median 118 ms") is the arm's measure, and stays."""
    if not words or start < 2 or text[start - 2] != ":" or _MEASURE_WORD_RE.search(words) or STAT_RE.search(words):
        return words
    if any(ch in words for ch in "`_") or any(is_measure_unit(m.group(1)) for m in _UNIT_AFTER_RE.finditer(words)):
        return words  # ("`stop_rate` 100%": a code name is the value's own; "14.2 GB, and packing": the list goes on)
    label = text[clause_start(text, start - 2) : start - 2].strip(" :,(-•*#_")
    return label if _MEASURE_WORD_RE.search(label) else words


_QUOTE_MARKS_RE = re.compile(r"^[ \t]{0,3}(?:>[ \t]?){1,4}(?=[ \t]*[^\d\s=])")


# "only 0.3% hit the 8192 cap", "2% of requests timed out": a share of the run's requests named by what they did, the
# words after it (those before it are another measure's: "median 231 generated tokens, only 0.3% hit ...")
_SHARE_DID_RE = re.compile(
    r"\d{1,3}(?:\.\d{1,4})? ?% (?P<did>"
    r"(?:of (?:the )?(?:requests|prompts|samples|sequences|runs|outputs|generations) )?"
    r"(?:hit|reached|exceeded|overran|timed out|were truncated|got truncated|ran into|fell back)\b[^,.;:()\n]{0,40})",
    re.IGNORECASE,
)


# "so B200 is now stable (~97%": a machine or model (a name with a digit) said to be sound again, its share in
# brackets after it: the score its eval gave, no measure the clause names
_STEADY_AGAIN_RE = re.compile(
    r"(?<![\w-])[A-Za-z][\w.-]{0,30}\d[\w.-]{0,30} (?:is|are|stays|remains) (?:now |again |back )?"
    r"(?:stable|steady|consistent|healthy|correct|fine)(?: again)? ?\($"
)
_SHARE_AT_RE = re.compile(r"[~≈]?\d{1,3}(?:\.\d{1,4})? ?%")


def perf_label(text: str, pos: int) -> str | None:
    """What a bare measurement is of: the clause's words before it ("Decode step at batch 64: 9.6 ms")."""
    if (did := _SHARE_DID_RE.match(text, pos)) is not None:
        return did.group("did").strip()
    if _SHARE_AT_RE.match(text, pos) and _STEADY_AGAIN_RE.search(text, max(0, pos - 80), pos):
        return GENERIC_SCORE
    start = clause_start(text, pos)
    # ("> Decode TPUT +14.5%": a quoted line's marks are the quote's, no part of its label)
    end = pos - 1 if pos > start and text[pos - 1] == "`" else pos  # ("is `7%` faster": the value's code span)
    words = _QUOTE_MARKS_RE.sub("", text[start:end]).strip(" :,(-•*#=~")
    if (
        words
        and _VALUE_ONLY_RE.fullmatch(words)
        and start >= 2
        and text[start - 2] == ":"
        and _RATIO_AT_RE.match(text, pos, pos + 16)
    ):
        # "Wall Duration: 0.240 ms (+1.46x)": the ratio after a value is the label's change, not the value's
        label = text[clause_start(text, start - 2) : start - 2].strip(" :,(-•*#")
        return f"{label[-50:]} change" if label else None
    if not words and start >= 2 and text[start - 2] == ":":
        # "KV memory: 128 KiB -> 64 KiB": the label before the colon names the value
        words = text[clause_start(text, start - 2) : start - 2].strip(" :,(-•*#")
    words = _item_label(text, start, words)
    words = _LABEL_TAIL_RE.sub("", words).strip(" :,(-•*#=~")
    if (paren := words.rfind("(")) > words.rfind(")") and _RATIO_RANGE_AT_RE.match(text, pos, pos + 24):
        # "two shapes: N=512/K=4096, N=4096/K=256 (isolated 1.8–2.6×": a ratio inside a parenthesis is named by the
        # parenthesis' own words; the words outside it are what it comments on, its shapes or its items (a measured
        # value's words there may be its run's, "(MTP3: 123 -> 43", which its unit's measure names better)
        # ("(up to 1.3x)", "(it now reaches ~53%)": words that name nothing, the words outside name the value)
        inside = words[paren + 1 :].strip(" :,-")
        named = _NAME_START_RE.match(inside) and not _NO_NAME_RE.fullmatch(inside)
        words = inside if named else words[:paren].strip(" :,(-•*#=~")
    if (count := _COUNT_TAIL_RE.search(words)) is not None and count.start() > 0:
        # "The fused path is now a single 0.4 ms call": the subject names the value, the count word only says how many
        words = _LABEL_TAIL_RE.sub("", words[: count.start()]).strip(" :,(-•*#=~")
    words = _without_lead_in(_after_last_value(_own_clause(words)))
    if SCORE_VERB_END_RE.search(words) is not None:
        return GENERIC_SCORE  # ("passed all 14 tests without retries, scoring 81.5%": the score, not the run's deeds)
    if "  " in words or "\t" in words:
        # "... (SEM 1.40%)   pass@8 100.00%   majority@8 96.67%": output in columns, each value named by the words
        # of its own column
        last = _COLUMN_GAP_RE.split(words)[-1]
        if _NAME_START_RE.match(last):
            words = last
    if "," in words:
        # "`stop_rate` 100%, `truncated_rate` 0%": a list of named values, each named by the words after the
        # value before it
        cut = max((m.end() for m in _LISTED_VALUE_RE.finditer(words)), default=0)
        rest = words[cut:]
        # (a name, not the next number of a list, nor the end of a parenthesis the list stands in)
        if 0 < cut < len(words) and _NAME_START_RE.match(rest) and rest.count(")") <= rest.count("("):
            words = _JOINT_RE.sub("", rest)  # ("30 s, then decode reached 412 tok/s": decode)
    bracketed = text[max(0, pos - 4) : pos].rstrip(" −-+~≈").endswith("(")
    if bracketed and (pair := _PAIR_TAIL_RE.search(words[-80:])) is not None and pair.start() > 0:
        # "whole forward 800 µs → 700 µs (−12.5%)": the share in brackets is the named value's change
        return f"{words[: len(words) - len(words[-80:]) + pair.start()].strip(' :,(-')[-50:]} change"
    if len(words) > 60:  # the words nearest the value, whole ("...the dynamic cache", never "th the dynamic")
        tail = words[-60:]
        words = tail[tail.find(" ") + 1 :] if " " in tail else tail
    return without_lead_symbols(words) or None  # ("✅ Weights processing is improved 12x")
