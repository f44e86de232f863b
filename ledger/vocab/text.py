"""How a name is cleaned before the vocabulary's tables read it, and a case-blind substring test."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache

_MARKUP_RE = re.compile(r"[*`]|\[(?=[^\]]{0,200}\]\()|\]\([^)]{0,300}\)")

LOAD_NOUNS = r"requests?|prompts?|queries|samples|sequences|generations|completions"
"""What a serving run's load is counted in: a tally of them ("60 successful requests", "20 requests failed",
"300/320 requests completed") is the workload's, never a test's: the corpora's gold claims no successful or failed
request count of a serving run (corpus/gold/AUDIT.md, AUDIT-2.md; corpus2/gold/AUDIT.md)."""
RUN_COUNT_NOUNS = r"(?:samples|runs|repeats|repetitions|trials|iterations)"
"""What a count of repeated runs counts ("14 samples 32.9 tk/s": the value is their mean)."""
# "Three identical trials in a row gave 22.95 s", "the runs took 31.2 s": words that name the runs themselves, whose
# time is their duration
# (plural: "per iteration", "a second pass" name one step or one run's measure, not the runs)
RUNS_NAMED_RE = re.compile(r"\b" + RUN_COUNT_NOUNS + r"\b", re.IGNORECASE)
# "on my laptop", "I get", "we see", "tried X on Y", "can now run X": a person's words about a run they made (a user's
# report), which name who ran it and how, never what was measured
# (the verbs a person reports a run of: "Timed the decode kernel:", "Also tried it on an M4 Max:")
RUN_VERBS = r"tried|tested|checked|repeated|re-?ran|re-?run|ran|measured|benchmarked|timed|profiled"
REPORTER_WORDS_RE = re.compile(
    r"\b(?:I|I'm|I've|my|me|we|we're|we've|our|us|" + RUN_VERBS + r"|can\snow|could\snow)\b",
    re.IGNORECASE,
)
# a lead-in that opens on such a verb ("Measured decode throughput:"): what follows the verb, its object, may name
# the measure; the verb phrase is no measure's name
RUN_VERB_OPENING_RE = re.compile(
    r"(?:also\s)?(?:(?:I|we)\s)?(?:" + RUN_VERBS + r")\s(?:(?:the|our|its)\s)?", re.IGNORECASE
)
# "On an M2 Ultra", "with FP8 weights": a phrase that opens on where or how a run was made (its setting, no measure)
SETTING_OPENING_RE = re.compile(r"(?:on|with|using|under)\s", re.IGNORECASE)
# "ETA 0.40 minutes", "time remaining: 12 s": a forecast of what is left to run, never a measurement
FORECAST_BEFORE_RE = re.compile(
    r"\b(?:ETA|estimated\s(?:time\s)?(?:remaining|left)|time\s(?:remaining|left)|remaining)\s?[:=]?\s?$", re.IGNORECASE
)
# "3 trials/arm, cold private compile caches", "5 runs each", "warm caches": how a run was made (its repeats, the
# state of its caches), which names no revision nor side
RUN_DESCRIPTION_RE = re.compile(
    r"\b\d{1,4}\s?(?:sample|run|repeat|repetition|trial|iteration)s?\b|\b(?:cold|warm|hot)\b[\w -]{0,30}?\bcaches?\b",
    re.IGNORECASE,
)
CHANGE_VERBS = (
    r"(?:go(?:es)?|went|gone|going|comes?|came|is|was|are|were)\s+(?:down|up)|"
    r"reduced|reduces?|decreased|decreases?|increased|increases?|improved|improves?|dropped|drops?|declined|declines?|falls?|fell|rises?|rose|"
    r"shrinks?|shrank|grows?|grew|lowered|halved|doubled|climbs?|climbed|has|have|had|been|got"
)
"""The verbs a sentence says a measure moved with ("Time goes down from 70 s to 48 s", "memory is reduced from"): they
close the measure's name, never a part of it (with their auxiliaries, for the label readers' run of such words)."""
CHANGE_VERB_RE = re.compile(r"\b(?:" + CHANGE_VERBS + r")\b", re.IGNORECASE)
ARROW = r"(?:-->|->|→|=>|⇒|⟶|⟹|➜|➔|➡|\$\\(?:long)?(?:right)?arrow\$|\$\\Rightarrow\$|\$\\to\$)"
"""How a change is written from its old value to its new: "->", "→", "=>", and LaTeX's "$\\rightarrow$", "$\\to$"
(one pattern for every reader that pairs a value with the one it came from)."""
ARROW_MARKS = (">", "→", "⇒", "⟶", "⟹", "➜", "➔", "➡", "$\\")
"""What every spelling of ARROW holds: a text holding none holds no arrow."""


DIRECTION_MARKS = "↑↓⬆⬇🔼🔽"
"""The marks a header sets beside a measure's name to say which way is better ("Total tok/s/GPU ↑", "TTFT ms ↓", a
leaderboard's "acc ↑"): a reading hint, no word of the measure nor of its unit."""


def holds_arrow(text: str) -> bool:
    """Whether ARROW can match in `text` (a substring test per mark, not the pattern at every character)."""
    return any(map(text.__contains__, ARROW_MARKS))


MAX_NAME = 300
"""Metric names and config values are cut to this many characters before they are read."""


_NUMBER_WORDS = {"one": "1", "single": "1", "two": "2", "dual": "2", "double": "2", "four": "4", "quad": "4"}


_PRODUCT_RE = re.compile(r"(\d{1,4}) ?[x×*] ?(\d{1,4})")


def number_word(value: str) -> str:
    """A count written as a word ("dual", "single") or as a product ("2×32" cores, two sockets of 32), the whole
    value, as its number; any other value as it is."""
    if (m := _PRODUCT_RE.fullmatch(value.strip())) is not None:
        return str(int(m.group(1)) * int(m.group(2)))
    return _NUMBER_WORDS.get(value.strip().lower(), value)


def clean_name(text: str) -> str:
    """Lower case, markup stripped, blanks collapsed: "**GSM8K**" -> "gsm8k"."""
    text = text[:MAX_NAME]
    if "*" in text or "`" in text or "[" in text or "]" in text:  # the only characters _MARKUP_RE can match
        text = _MARKUP_RE.sub("", text)
    return " ".join(text.lower().split())


CASE_ODD = ("\u0130", "\u0131", "\u017f", "\u212a")
"""İ ı ſ K: the only characters beyond ASCII that match an ASCII letter ignoring case or lower to ASCII
(tests/test_gates.py checks every code point). Without them, an ASCII word is in text.lower() exactly
when an IGNORECASE pattern of that word finds it in text."""


@short_text_cache(8192)
def lower_for_words(text: str) -> str | None:
    """text lowered, for substring tests standing in for IGNORECASE patterns of ASCII words; None where
    such a test could disagree with the pattern (ask the pattern there)."""
    if text.isascii() or not any(map(text.__contains__, CASE_ODD)):
        return text.lower()
    return None


_ASCII_DIGIT_RE = re.compile(r"[0-9]")
_DIGIT_RE = re.compile(r"\d")
DIGIT_SEARCH = {True: _ASCII_DIGIT_RE.search, False: _DIGIT_RE.search}
"""`\\d`'s search, by whether the text is ASCII (str.isascii answers at once): there a range test a character finds
the same digits as the category's table (the number search asks it of every text, 7,000 times an extraction)."""


@short_text_cache(8192)
def has_digit(text: str) -> bool:
    """Whether the text holds a digit (what `\\d` finds, every decimal digit), remembered: every reader of a line asks
    it first (the pipeline of each block, the setup words and model names of each line, the line scopes, the value
    lines), and a pattern's search costs some two thousand instructions a call before it reads a character. An ASCII
    text is scanned for ASCII digits (a range test, not the category's table lookup per character)."""
    return (_ASCII_DIGIT_RE if text.isascii() else _DIGIT_RE).search(text) is not None


def has_digit_char(text: str) -> bool:
    """any(c.isdigit() for c in text), without a generator's step a character: `\\d`'s digits (has_digit, remembered)
    are the only ones in an ASCII text, and beyond ASCII str.isdigit holds more ("²"), asked of each character in C."""
    return has_digit(text) or (not text.isascii() and any(map(str.isdigit, text)))


_HEX_LOWER = bytes(1 if chr(i) in "0123456789abcdef" else 0 for i in range(256))
_HEX_ANY_CASE = bytes(1 if chr(i) in "0123456789abcdefABCDEF" else 0 for i in range(256))
_SEVEN = b"\x01" * 7


def has_hex_run(text: str, any_case: bool = False) -> bool:
    """Whether seven hex digits stand one after the other in `text` (what [0-9a-f]{7} finds; [0-9a-fA-F]{7} with
    `any_case`): its bytes mapped through a table, one mark a hex digit, and searched for seven marks. A pattern
    stops at every hex digit of every line (a to f are common letters) to count the run from there; a character
    beyond ASCII is bytes beyond it, none a mark. Remembered: every revision reader asks it of each line it reads
    (11,644 asks of 2,125 texts over the shared corpus), and a look-up costs less than the encoding."""
    return (_hex_run_any_case if any_case else _hex_run_lower)(text)


@short_text_cache(4096)
def _hex_run_lower(text: str) -> bool:
    return _SEVEN in text.encode("utf-8", "surrogatepass").translate(_HEX_LOWER)


@short_text_cache(4096)
def _hex_run_any_case(text: str) -> bool:
    return _SEVEN in text.encode("utf-8", "surrogatepass").translate(_HEX_ANY_CASE)


def _class_of(code: int) -> int:
    ch = chr(code)
    if ch.isdigit():
        return ord("d")
    if ch in "bB":
        return ord("b")
    if ch in "mMT":
        return ord("m")
    if ch in "xX":
        return ord("x")
    if ch.isalpha():
        return ord("a")
    return code if ch in "./,:-%" else ord(" ")


_CLASS_TABLE = bytes(_class_of(i) if i < 128 else ord(" ") for i in range(256))
"""Each ASCII character as its class: "d" a digit; "b", "m", "x" the letters a size or a count is written with
(b, B; m, M, T; x, X); "a" any other letter; the punctuation of numbers as itself; " " anything else."""


def class_signature(text: str) -> bytes | None:
    """An ASCII text as the classes of its characters (_CLASS_TABLE), one byte each, so that a pattern of classes
    ("\\d\\.\\d") is read as a pattern of literals ("d\\.d"), which the engine skips to with a plain scan instead
    of testing each character against a class; None beyond ASCII (where "\\d" takes other digits too)."""
    return text.encode("ascii").translate(_CLASS_TABLE) if text.isascii() else None


NUMBER_WORDS: dict[str, int] = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
}
"""Counts people spell out ("Nine targeted tests passed")."""
# "both mild and clustered at the phase boundary", "fallback was also tried and rejected": a clause that tells what
# happened (a verb in the past after "and", or a passive), which names no measure even when a colon follows it
NARRATION_RE = re.compile(
    r"\b(?:and|then)\s(?:also\s)?[a-z]{2,20}ed\b|\b(?:was|were|been|got)\s(?:[a-z]{2,12}\s)?[a-z]{2,20}ed\b",
    re.IGNORECASE,
)


# "ISL 68,656", "32,768 tokens": a number's thousands separated by commas (groups of three digits after the first of
# one to three); the run is taken whole, so that "64,128,256" is one candidate and judged as a list below (its first
# digit opens the pattern and the look-behinds follow it: the engine skips to digits, not tries every character)
_GROUPED_RE = re.compile(r"\d(?<![\d.]\d)(?<!\d,\d)\d{0,2}(?:,\d{3})+(?!\d|,\d)")


def _power_of_two(digits: str) -> bool:
    n = int(digits)
    return not digits.startswith("0") and n > 0 and n & (n - 1) == 0


def joined_thousands(text: str) -> str:
    """The text with each number written with thousands separators as one number ("ISL 68,656" -> "ISL 68656"), so
    that a setting is read whole, not as its first group ("68"); a run of powers of two ("concurrency 64,128,256")
    is a sweep's list and stays (a group opening with 0, "1,024", is never a list's item)."""
    if "," not in text:
        return text
    return _GROUPED_RE.sub(lambda m: m[0] if all(map(_power_of_two, m[0].split(","))) else m[0].replace(",", ""), text)


CHANGE_AFTER_SHARE_RE = re.compile(
    r"\s(?:[A-Za-z][\w-]{0,20}\s){0,2}?(?:higher|lower|faster|slower|more|less|better|worse|improvement|"
    r"speed-?up|gain|regression|drop|increase|decrease|reduction|uplift)\b",
    re.IGNORECASE,
)
"""The words a share goes on with where it states a change ("`7%` higher", "12% faster", "5% throughput gain")."""


# "✅ Weights processing is improved 12x", "- 🚀 Decode throughput: 1520 tok/s": a check mark or a pictograph before a
# name, a verdict's or a bullet's decoration (arrows and math operators excluded: "≥ 4096" stays)
_LEAD_SYMBOLS_RE = re.compile(
    r"^(?:[\u2300-\u23FF\u2500-\u2BFF\U0001F000-\U0001FAFF][\uFE0F\u200D]{0,2}[ \t*_]{0,3}){1,4}"
)


def without_lead_symbols(name: str) -> str:
    """The name without the status marks or pictographs that open it (at most four)."""
    return _LEAD_SYMBOLS_RE.sub("", name) if name and not name[0].isascii() else name
