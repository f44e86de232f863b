"""The two lengths of a serving run stated as a pair: "8192 input / 1024 output tokens", "ISL/OSL 1024/2048",
"1k/1k", "8k1k", "2k in and 512 out". The setup words (vocab.setup) read them before the single words, so that a
second length is never taken for the first name's."""

from __future__ import annotations

import re

from ledger.vocab.canonical import canonical_number
from ledger.vocab.serving_datasets import SERVING_DATASETS
from ledger.vocab.setup_keys import canonical_key_name

LENGTH = r"\d{1,6}(?:\.\d{1,2}k|k?)(?!\.\d)"
"""A token length as writers print one ("1024", "8k", "1.5k": thousands with a fraction), for patterns read
case-blind; never the whole part of a decimal without its "k" ("ISL=1.5" is no length, and cut at its point it
would be a wrong one)."""

# "8192 input / 1024 output tokens", "2048 input and 256 output tokens": the two lengths stated as a pair (a lone
# "5 output tokens" counts what a run produced; "3200 output tokens/s" is a rate)
PAIRED_RE = re.compile(
    r"(?<![a-z0-9])(?:isl ?/ ?osl|in(?:put)? ?/ ?out(?:put)?(?:[ _-]?(?:len(?:gth)?s?|tokens))?)"
    rf"(?: ?[=:] ?| )(?P<isl>{LENGTH}) ?/ ?(?P<osl>{LENGTH})(?![\w.])",
    re.IGNORECASE,
)
""""ISL/OSL=1K/2K", "ISL/OSL 1024/2048", "input/output 128/128", "in/out lengths 2048/128": both lengths under one
paired name, in the order of the names."""
# "input_output_len: 8192,512", "isl_osl=1024/128": the benchmark harness's one key for both lengths, as its test
# names and configs write it (without it, "output_len: 8192" inside the key reads the first length as the output's)
KEYED_RE = re.compile(
    r"(?<![a-z0-9])(?:isl_osl|input_output(?:_len(?:gth)?s?)?|seq_len_in_out) ?[=:] ?"
    rf"(?P<isl>{LENGTH}) ?[,/] ?(?P<osl>{LENGTH})(?![\w.])",
    re.IGNORECASE,
)
# "2048/256 TTFT", "random 8192/1024", "2048/256 concurrency 16": two lengths beside a serving word (alone,
# "1278/1319" is a count of correct answers, "800/800 requests" of completed ones)
SERVING_LENGTHS_RE = re.compile(
    r"(?<![\w./])(?P<isl>\d{3,6})/(?P<osl>\d{2,6})(?![\w./%])"
    # (not a rate's "tok/s": "2210/5030 tok/s at concurrency 4 and 32" are two throughputs)
    r"(?=\s{1,3}(?:ttft|tpot|itl|e2el|output|input|throughput|latency|concurrency|conc|tok(?!/))\b"
    # ("8192/1024 instead of 1K/1K": two lengths set against the shorthand pair they replace; "2048/256 @ conc 64",
    # "2048/256 @ c64", "1024/1024 c=4": the load the pair was run at)
    r"|\s{0,3}@\s{0,3}(?:conc|c ?=? ?\d)|,?\s{1,3}c ?=? ?\d"
    r"|\s{1,3}(?:instead\s{1,3}of|rather\s{1,3}than)\s{1,3}\d{1,3}[kK]/\d)",
    re.IGNORECASE,
)
# "random 8192/1024", "sharegpt 3000/400": two lengths right after the dataset a serving benchmark drew them from
DATASET_LENGTHS_RE = re.compile(
    rf"(?<![\w-])(?:{SERVING_DATASETS})[ _:-]{{1,3}}(?P<isl>\d{{3,6}})/(?P<osl>\d{{2,6}})(?![\w./%])", re.IGNORECASE
)
# "input 4096 / output 512", "input len 1024, output len 128": the words first
NAMED_LENGTHS_RE = re.compile(
    rf"(?<![\w.])(?:input|prompt)(?:[ _-]len(?:gth)?)?[ =:]{{1,3}}(?P<isl>{LENGTH}) ?(?:/|and|,) ?"
    rf"output(?:[ _-]len(?:gth)?)?[ =:]{{1,3}}(?P<osl>{LENGTH})(?![\w.])",
    re.IGNORECASE,
)
# "(prefill 537, decode 130)": a workload's two lengths named by the phase each feeds (never "prefill 8192, decode
# 900 tok/s", two rates)
PHASE_LENGTHS_RE = re.compile(
    rf"(?<![\w.])prefill[ =:]{{1,3}}(?P<isl>{LENGTH}) ?(?:/|and|,) ?decode[ =:]{{1,3}}(?P<osl>{LENGTH})"
    r"(?![\w.])(?! ?(?:tok|t/s|ms\b|s\b|%|x\b|/s))",
    re.IGNORECASE,
)
# "1k/1k", "8k/1k", "2k/512": the serving benchmarks' shorthand for input/output lengths (the first in thousands,
# so no date or fraction reads as one)
# "128k ISL, 8k OSL", "16k ISL / 1k OSL": both lengths printed before their names (never with a number after the
# second name: "TP 8 ISL 1024 OSL 128" names its lengths after them)
BEFORE_NAMES_RE = re.compile(
    rf"(?<![\w.])(?P<isl>{LENGTH})[ _-]?isl ?(?:[/,+]|and)? ?(?P<osl>{LENGTH})[ _-]?osl(?![a-z0-9])(?! ?[=:]? ?\d)",
    re.IGNORECASE,
)
# ("1k/1k/256": the lengths and a third setting, the concurrency or batch the run was given, not read as either)
SHORT_LENGTHS_RE = re.compile(
    r"(?<![\w./])(?P<isl>\d{1,3}(?:\.\d{1,2})?[kK])/(?P<osl>\d{1,4}(?:\.\d{1,2}[kK]|[kK]?))"
    r"(?:/\d{1,5}(?![\w/.]))?(?![\w/]|\.\w)"
)
# "1k1k", "8k1k": the same lengths glued, as serving dashboards name their workloads
# (the look-behind after the first digit: a pattern that opens with a digit lets the engine skip to the digits, one
# that opens with a look-behind is tried at every character of every line holding a "k")
GLUED_LENGTHS_RE = re.compile(r"(?P<isl>\d(?<![\w./-]\d)\d{0,2}[kK])(?P<osl>\d{1,3}[kK])(?![\w/-]|\.\w)")
SLASHED_DIGITS_RE = re.compile(r"\d[kK]?/\d")
"""What both slashed length patterns hold ("1k/1k", "2048/256"): case-sensitive and opening with a digit, the
engine skips to the digits."""
# ("64 random input tokens, exactly 512 output tokens": how a request was drawn, between a length and its name)
LENGTHS_RE = re.compile(
    rf"(?<![\w.])(?P<isl>{LENGTH})[ -](?:(?:random|fixed|synthetic)[ -])?(?:input|prompt)(?:[ -]tokens?)? ?"
    r"(?:/|and|,|\+) ?(?:exactly |about |~)?"
    rf"(?P<osl>{LENGTH})[ -](?:(?:random|fixed|synthetic)[ -])?output(?:[ -]tokens?)?(?![/\w])",
    re.IGNORECASE,
)

# "2K input/output", "1024 input/output tokens", "1k in/out": one length for both sides
SAME_LENGTHS_RE = re.compile(
    r"(?<![\w.])(?P<isl>\d{1,6}[kK]?)[ -](?:input|in) ?/ ?(?:output|out)\b(?![/-])", re.IGNORECASE
)

# "2k in and 512 out", "4k and 2k out", "8192 in / 1024 out", "8192-in/1024-out": the lengths by the short words
# (never "3 out of 5")
IN_OUT_RE = re.compile(
    r"(?P<isl>\d(?<![\w.]\d)(?:\d{2,5}|\d{0,2}[kK]))(?:[ -]in)? ?(?:/|and|,|\+) ?"
    r"(?P<osl>\d{2,6}|\d{1,3}[kK])[ -]out\b(?! of)",
    re.IGNORECASE,
)


def in_length_pair(text: str, start: int) -> bool:
    """Whether the number at `start` is one of a stated pair of lengths ("8192/1024 concurrency 24", "2k/512"): a
    setting, however the sentence around it reads. Looks in a short window (a cost bounded per number)."""
    a = max(0, start - 8)
    window = text[a : start + 40]
    for m in (SERVING_LENGTHS_RE.search(window), SHORT_LENGTHS_RE.search(window)):
        if m is not None and m.start() <= start - a < m.end():
            return True
    # ("2048 in / 512 out": the short words' pair, either length; the first and its joint stand up to 13 characters
    # before the second, the joint and the second up to 20 after the first's start)
    b = max(0, start - 14)
    return any(start - b in (m.start("isl"), m.start("osl")) for m in IN_OUT_RE.finditer(text[b : start + 24]))


def length_pair(s: str, low: str | None) -> re.Match[str] | None:
    """The first pair of lengths `s` states, by the patterns above in turn (`low`: `s` lowered for words, None
    when it holds characters the lowering cannot map one to one); its groups "isl" and, but for one length for both
    sides, "osl"."""
    # each length pattern needs its words (case-blind), the worded ones both "output" and "input" or "prompt", the
    # slashed ones a digit on each side of the "/" ("tok/s" and paths are everywhere): a line without is not searched
    worded = low is None or ("output" in low and ("input" in low or "prompt" in low))
    find = _kept if low is None or "instead" in low or "rather" in low or "place" in low else _first
    return (
        (find(PAIRED_RE, s) if low is None or "isl" in low or ("/" in s and "in" in low and "out" in low) else None)
        or (find(KEYED_RE, s) if low is None or "_o" in low or "_in_out" in low else None)
        or (find(BEFORE_NAMES_RE, s) if low is None or "osl" in low else None)
        or (find(LENGTHS_RE, s) if worded else None)
        or (find(NAMED_LENGTHS_RE, s) if worded else None)
        or (find(PHASE_LENGTHS_RE, s) if low is None or ("prefill" in low and "decode" in low) else None)
        or (find(IN_OUT_RE, s) if low is None or "out" in low else None)
        or (
            (find(SHORT_LENGTHS_RE, s) or find(SERVING_LENGTHS_RE, s) or find(DATASET_LENGTHS_RE, s))
            if "/" in s and SLASHED_DIGITS_RE.search(s)
            else None
        )
        or (find(GLUED_LENGTHS_RE, s) if low is None or "k" in low else None)
        or (find(SAME_LENGTHS_RE, s) if "/" in s and (low is None or "in" in low) else None)
    )


# "8192/1024 instead of 1K/1K", "rather than 2k/2k": the pair a sentence says the run did not use
REJECTED_BEFORE_RE = re.compile(
    r"(?:instead\s{1,3}of|rather\s{1,3}than|in\s{1,3}place\s{1,3}of)\s{1,3}(?:the\s{1,3})?"
    r"(?:(?:default|usual|old|previous|original)\s{1,3})?$",
    re.IGNORECASE,
)


def _first(pattern: re.Pattern[str], s: str) -> re.Match[str] | None:
    return pattern.search(s)


def _kept(pattern: re.Pattern[str], s: str) -> re.Match[str] | None:
    """The first match of `pattern` in `s` that is no alternative the sentence turned down."""
    return next(
        (m for m in pattern.finditer(s) if not REJECTED_BEFORE_RE.search(s, max(0, m.start() - 24), m.start())), None
    )


# "recipes/gb200-fp4/1k1k/max-tpt.yaml", "dsr1-fp4-gb200-8k1k.yaml": glued lengths as one part of a path or file name
_PATH_LENGTHS_RE = re.compile(r"(?<=[/_-])(?P<isl>\d{1,3}[kK])(?P<osl>\d{1,3}[kK])(?=[/_.-])")


def path_lengths(s: str, board: str) -> re.Match[str] | None:
    """The lengths a config's path or file name glues into one of its parts, where the same path names the board the
    run used (`board`, as the setup words read it): a recipe's link sets up its run ("[config](.../gb200-fp4/1k1k/
    max-tpt.yaml)"); a path that names no board may be anything's (a dataset's, a checkpoint's)."""
    if "k" not in s and "K" not in s:
        return None
    name = board.lower().rsplit("x", 1)[-1] if board[:1].isdigit() else board.lower()
    for m in _PATH_LENGTHS_RE.finditer(s):
        a, b = s.rfind(" ", 0, m.start()) + 1, s.find(" ", m.end())
        token = s[a : b if b >= 0 else len(s)].lower()
        if ("/" in token or "." in token) and name.replace(" ", "") in token:
            return m
    return None


def confirmed_lengths(own: dict[str, str], lent: dict[str, str]) -> bool:
    """Whether a claim's own printed length (`own`, its config) is the length another section states as one of a
    pair (`lent`): "Sweep 8K-input / 1K-output" in a summary over a table whose "input len" column prints 8192 says
    the table's workload, so the output length its columns leave unstated is the summary's too."""
    for key, value in own.items():
        name = canonical_key_name(key)
        if name in ("isl", "osl") and name in lent and "isl" in lent and "osl" in lent:
            mine, theirs = canonical_number(value), canonical_number(lent[name])
            if mine is not None and mine == theirs:
                return True
    return False


# a run at the data set's own lengths named beside a run at a forced one ("at natural lengths and forced 512-token
# output", "both native lengths and a fixed 1000-token output"): the sentence names two runs, and the forced length is
# one arm's, never the setup of every result it leads in
_NATURAL_LENGTHS_RE = re.compile(
    r"\b(?:natural|native|default|original|dataset(?:'s)?(?: own)?|unforced|variable)[ -](?:output |sequence )?"
    r"lengths?\b",
    re.IGNORECASE,
)
_ARMS_JOINED_RE = re.compile(r"\b(?:and|vs\.?|versus|then|plus|as well as)\b", re.IGNORECASE)


def natural_lengths_beside(text: str) -> bool:
    """The text names a run at the data's own lengths and, joined to it, another run ("at natural lengths and forced
    512-token output"): a length it states is that other run's alone."""
    return "ength" in text and _NATURAL_LENGTHS_RE.search(text) is not None and bool(_ARMS_JOINED_RE.search(text))


PHASE_LENGTH_KEYS = {"prompt": "isl", "prefill": "isl", "generation": "osl", "decode": "osl"}
"""The length a console line's count of tokens is, by the phase it names ("Prompt: 120 tokens, 310.4 tokens-per-sec",
mlx_lm.generate's report): the run's input or output length, set for every result its report prints."""
