"""A number the words of a context's length follow ("for 4096 context lengths", "over 2048-token contexts", "8k
context"): the length of the window a run or an evaluation read, a setting of its results and never one of them. The
setup words (vocab.setup, the isl word) read the same spellings as the runs' isl. A sentence that describes how
results were evaluated ("We evaluate perplexity on C4 for 4096 context lengths") states the window of the scores it
governs, no serving load: an accuracy result keeps it (parsers.base)."""

from __future__ import annotations

import re

# (the number's own end first: "4096" then "-token" or a blank; "ctx servers" are prefill servers, counted)
_CONTEXT_AFTER_RE = re.compile(
    r"(?:[ -]tokens?)?[ -]?(?:ctx|contexts?)\b(?![ _-]?(?:servers?|workers?|instances?))", re.IGNORECASE
)


def context_length_after(text: str, end: int) -> bool:
    """The words after `end` (where a number ends) name the context length it is: "4096 context lengths"."""
    return _CONTEXT_AFTER_RE.match(text, end, end + 40) is not None


WINDOWED_RE = re.compile(r"perplexit(?:y|ies)|\bppl\b|\bkld\b|wikitext", re.IGNORECASE)
"""Accuracy measures taken over a window of tokens: the length a section states is theirs."""
_CONTEXT_WORD_RE = re.compile(r"\b(?:ctx|contexts?)\b", re.IGNORECASE)
# (an evaluation named as such; "we measured throughput at 4096 context" may speak of a server's window)
_EVALUATES_RE = re.compile(r"\bevaluat(?:e|ed|es|ing|ions?)\b", re.IGNORECASE)


def describes_windowed_evaluation(line: str) -> bool:
    """The line says how results were evaluated over a window ("Perplexity is measured on WikiText-2 at 2k context",
    "Evaluation data: C4 for 4096 context lengths"): the context length it states is that evaluation's window (a
    serving run's "4096 input tokens" names no context)."""
    head = line[:600]
    if _CONTEXT_WORD_RE.search(head) is None:
        return False
    return WINDOWED_RE.search(head) is not None or _EVALUATES_RE.search(head) is not None
