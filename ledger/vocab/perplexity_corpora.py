"""The texts a perplexity is measured on, named alone: a quantiser's table scores a checkpoint on "Wikitext2 | PTB |
C4", one perplexity per corpus, and a header "c4(ppl)" names its measure in brackets where another names a unit.
Wikitext names a perplexity by itself (vocab.metric_table); the others are a perplexity only beside one."""

from __future__ import annotations

import re
from collections.abc import Sequence

# ("C4" alone is also a load, concurrency 4: a corpus only in a table that scores a perplexity)
_CORPUS_RE = re.compile(
    r"^(?:ptb|penn[ _-]?tree[ _-]?bank|c4|wiki(?:text)?[ _-]?(?:2|103)|lambada|the[ _-]pile|pile|redpajama)$",
    re.IGNORECASE,
)
_NAMES_PERPLEXITY_RE = re.compile(r"perplexity|(?<![a-z])ppl(?![a-z])|wikitext", re.IGNORECASE)
# "from 8.20 to 6.40 Wiki2 PPL": a corpus, short, before the perplexity it names (not "wikitext": a measure itself)
CORPUS_PERPLEXITY = r"(?:ptb|c4|wiki[ _-]?(?:2|103)|lambada|pile|redpajama)[ _-](?:ppl|perplexity)"
# "WikiText 2", "wikitext-103", "Wiki 2": a corpus whose name ends in its number, no value of its own
_VERSIONED_CORPUS_RE = re.compile(r"(?<![a-z])wiki(?:text)?[ _-]?$", re.IGNORECASE)
# "c4(ppl)", "PTB (perplexity)": the measure's name in the brackets a unit goes in
MEASURE_BRACKET_RE = re.compile(r"\(\s?(?:ppl|perplexity)\s?\)\s*$", re.IGNORECASE)


def corpus_perplexity(name: str, heads: Sequence[str]) -> str:
    """The measure a column named `name` (its header without its unit) holds, among a table's headers `heads`: "PTB"
    beside "Wikitext2" is the PTB perplexity ("PTB perplexity", the corpus its variant as compare keeps it), any
    other name itself."""
    if (
        _CORPUS_RE.match(name.strip())
        and not _NAMES_PERPLEXITY_RE.search(name)  # ("Wikitext2" names its perplexity already)
        and any(_NAMES_PERPLEXITY_RE.search(h[:80]) for h in heads)
    ):
        return f"{name.strip()} perplexity"
    return name


def corpus_number(text: str, start: int, end: int) -> bool:
    """The number at text[start:end] ends a corpus's name ("WikiText 2 PPL 7.85": the 2 names WikiText-2)."""
    return text[start:end] in ("2", "103") and _VERSIONED_CORPUS_RE.search(text, max(0, start - 10), start) is not None


# "WikiText 2 perplexity", "C4 PPL": the corpus named right before the perplexity it was measured on
CORPUS_BEFORE_RE = re.compile(
    r"(?<![\w-])(?:wiki(?:text)?[ _-]?(?:2|103)|ptb|c4|lambada|pile|redpajama)[ _-]$", re.IGNORECASE
)
