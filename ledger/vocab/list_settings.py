"""Settings written in a list's short forms, each read only where the list's shape says what it is: "c256/n2560"
and "c8-c128" (a sweep's loads), "4x H200, TP4, C1, 256 output tokens" (the load and the output length between the
commas of a lead-in), "GSM8K strict 0.95; GSM8K flexible 0.94" (lm-eval's two gsm8k filters by their first word).
Alone, "C1" names a configuration and "256 output tokens" counts what a run produced as often."""

from __future__ import annotations

import re

from ledger.vocab.serving_datasets import DATASET_STARTS, SERVING_DATASETS
from ledger.vocab.setup_word import DIGIT_OPENS, SetupWord
from ledger.vocab.setup_word import make_word as _word

LIST_ITEM_WORDS: tuple[SetupWord, ...] = (
    # "c256/n2560": a serving run's concurrency and its number of prompts
    _word("concurrency", "concurrency", r"c(\d{1,5})/n\d{1,7}", ("/n",), ("c",)),
    # "at matched c8-c128", "c16 to c64": the concurrencies a sweep spans, each end in the shorthand (a lone "c8"
    # says nothing: configurations are named so too)
    _word(
        "concurrency",
        "concurrency",
        r"c(\d{1,5})(?: ?[-–] ?| to )c(?P<high>\d{1,5})",
        # (the joint, the second "c" and its first digit: "-c" alone would hide "con" of "--max-concurrency")
        tuple(f"{joint}c{d}" for joint in ("-", "- ", "–", "– ", " to ") for d in "0123456789"),
        ("c",),
    ),
    # "4x H200, TP4, C1, 256 output tokens, legacy runner": a length as an item of a list of settings, between its
    # commas (a total the run produced counts more, "1000 requests, 256000 output tokens", and stands after a count)
    _word(
        "osl",
        "osl",
        r"(?<=, )(\d{2,5}|\d{1,3}k) output tokens(?=[,:;]|\.?$)",
        ("tokens",),
        (),
        DIGIT_OPENS,
    ),
    # "Phi-3-mini, sonnet, 200 prompts, ...": the data set the count's item follows, read before the count takes its
    # words (vocab.setup's own dataset word reads "sonnet, 200 prompts" whole, where no list item is read first)
    _word(
        "dataset",
        "dataset",
        rf"(?<=, )({SERVING_DATASETS})"
        r"(?=, (?:\d{1,3}(?:,\d{3}){1,2}|\d{1,7}) (?:prompts|requests)(?:[,;)]|\.?$))",
        DATASET_STARTS,
        DATASET_STARTS,
    ),
    # "concurrency=1, 10 prompts", "TP8, 1,000 requests": the prompts a serving run sent as an item of a list of
    # settings, after a comma and up to the next or the line's end (alone, "1000 requests" counts what a run completed
    # as often)
    _word(
        "num_prompts",
        "num_prompts",
        r"(?<=, )(\d{1,3}(?:,\d{3}){1,2}|\d{1,7}) (?:prompts|requests)(?=[,;)]|\.?$)",
        ("prompts", "requests"),
        (),
        DIGIT_OPENS,
    ),
    # "4x H200, TP4, C1, 256 output tokens": the load as an item of a list of settings, after a setting's number and
    # between commas (never one of a list of configurations, "C1, C2, C3", nor a lone "C1", which names one as often);
    # or after a setting read before it, whose words stand blanked ("BF16 KV, MTP=0, C1": the draft length's word is
    # read first, and its blanks are still the setting the load is listed after)
    _word(
        "concurrency",
        "concurrency",
        r"(?:(?<=\d, )|(?<=  , ))(?<!c\d, )(?<!c\d\d, )c(\d{1,4})(?=[,:])(?!, ?c\d)",
        tuple(f", c{d}" for d in "123456789"),
        ("c",),
    ),
    # "GSM8K strict 0.9522; GSM8K flexible 0.9515": lm-eval's two gsm8k filters by their first word, after the task
    # that has them (alone, "strict" and "flexible" are any sentence's words; "strict/flexible 0.9553" is both
    # filters' value, one claim each: SHARED_SETTINGS); canon_value gives the full names
    _word("filter", "filter", r"gsm8k[ :_-]{1,2}(strict|flexible)(?![\w/-])", ("strict", "flexible"), ("gsm8k",)),
)
"""Read among vocab.setup's words."""


SHARED_SETTINGS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # "GSM8K strict/flexible 0.9553": both lm-eval filters of gsm8k scored the one value printed after them
    (
        "filter",
        re.compile(
            r"gsm8k[ :_-]{1,2}(strict|flexible)(?:[-_ ](?:match|extract))?\s?/\s?(strict|flexible)"
            r"(?:[-_ ](?:match|extract))?[\s:=`*]{0,4}$",
            re.IGNORECASE,
        ),
    ),
)
"""Two values of one setting key joined by a slash right before a value that both share (key, the pattern that
ends where the value opens, its two groups the two settings): the value is stated for each, one claim a setting
(parsers/prose/shared_settings.py). Alone, "a/b 0.95" is as often a ratio or a pair of sides: only the settings
listed here are read so."""


# "at batch sizes 1/8/16", "for concurrency 1, 4, 16", "at draft 1 / 3", "with TP 2 and 4": one setting named over a
# list of its values right after a list of as many results, one value each (prose.lists.parallel_config); the names
# of the settings so listed (a name alone, "at 1/8/16", says nothing of what was varied)
_LISTED_KEY = (
    r"draft(?:[ _]len(?:gth)?s?)?|mtp|con(?:c|currency|currencies)?(?:[ _](?:levels?|of))?|"
    r"batch(?:es|[ _]sizes?)?|bs|tp(?:[ _]sizes?)?"
)
_LISTED_JOINT = r"[ \t]{0,2}/[ \t]{0,2}|[ \t]{0,2},[ \t]{0,2}(?:and[ \t]{1,2})?|[ \t]{1,2}and[ \t]{1,2}"
SETTING_LIST_RE = re.compile(
    r"[ \t]{0,2},?[ \t]{0,2}(?:at|with|for|on|across|over|under)[ \t]{1,2}(?:the[ \t]{1,2})?"
    rf"(?P<key>{_LISTED_KEY})[ \t]{{0,2}}[:=]?[ \t]{{0,2}}"
    rf"(?P<vals>\d{{1,5}}(?:(?:{_LISTED_JOINT})\d{{1,5}}){{1,15}})(?!\w|[ \t]{{0,2}}[/,][ \t]{{0,2}}\d|\.\d)",
    re.IGNORECASE,
)
"""What SETTING_LIST_RE's `key` is the name of, by its first word."""
LISTED_KEYS = {
    "draft": "draft_len",
    "mtp": "draft_len",
    "con": "concurrency",
    "conc": "concurrency",
    "concurrency": "concurrency",
    "concurrencies": "concurrency",
    "batch": "batch_size",
    "batches": "batch_size",
    "bs": "batch_size",
    "tp": "tp",
}
_LISTED_SPLIT_RE = re.compile(_LISTED_JOINT)


def setting_list(text: str, at: int) -> tuple[str, list[str], int] | None:
    """The setting named once over a list of its values right at `at` ("at batch sizes 1/8/16": batch_size, 1, 8,
    16) and where it ends, else None."""
    m = SETTING_LIST_RE.match(text, at, at + 160)
    if m is None:
        return None
    key = LISTED_KEYS[re.split(r"[ _]", m.group("key").lower())[0]]
    return key, [v for v in _LISTED_SPLIT_RE.split(m.group("vals")) if v], m.end()


LISTED_FILTER_RE = re.compile(
    r"\s{0,3}[/,;]\s{1,3}(?:and\s)?(?P<word>strict|flexible)(?:[-_ ](?:match|extract))?\s{0,2}[:=]?\s{0,2}[`*_]{0,2}$",
    re.IGNORECASE,
)
"""The next of lm-eval's gsm8k filters listed after a first one's value ("gsm8k strict 0.81, flexible 0.84"): the
mark, then the filter's first word right before the next value (canon_value gives the full name)."""


# The requests a serving load sent, as its lead-in sets them; read before the concurrency they are named with
# ("8 requests at concurrency 1": the concurrency's word, read later, would take the words the count is told by)
LOAD_COUNT_WORDS: tuple[SetupWord, ...] = (
    # "`reqs = 8`, `con = 1`", "num_requests=250": the requests a load sent, set as a setting (a console's
    # "Successful requests: 1000" counts what completed, with a colon; "max_num_requests" is an engine's cap)
    _word(
        "num_prompts",
        "num_prompts",
        r"(?<!max_)(?<!max )(?:(?<!_)reqs|(?<!_)requests|num[_ ](?:requests|prompts)) ?= ?(\d{1,7})(?![\d.])",
        ("reqs", "requests", "prompts"),
        ("reqs", "requests", "num"),
    ),
    # "8 requests at concurrency 1": the requests a load sent, named with the concurrency they were sent at
    _word(
        "num_prompts",
        "num_prompts",
        r"(\d{1,3}(?:,\d{3}){1,2}|\d{1,7}) (?:prompts|requests)(?= (?:at|with) (?:a )?concurrency)",
        ("prompts", "requests"),
        (),
        DIGIT_OPENS,
    ),
)
