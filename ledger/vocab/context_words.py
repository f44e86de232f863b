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


# "* 128K: TTFT -3.1%", "- **1M** (1,000,000 input tokens): ...": a list item led by a bare token count is the result
# at that input length, as a sweep over contexts lists its points (a "K" or "M" says tokens; a bare "8:" says nothing)
_LENGTH_LEAD_RE = re.compile(
    r"^\s{0,8}[-*+]\s{1,4}(?:\*\*|__)?(?P<n>\d{1,4}(?:\.\d{1,2})?)(?P<unit>[kK]|M)(?:\*\*|__)?"
    r"(?:\s{0,2}\((?P<exact>\d{1,3}(?:,\d{3}){1,3}|\d{4,10})\s(?:input\s|prompt\s|context\s)?tokens?\))?"
    r"(?:\*\*|__)?\s{0,2}:\s"
)


def lead_length(text: str) -> str | None:
    """The input length a list item's lead states by a bare token count ("* 256K: ..." -> "256k"; "- 1M (1,000,000
    input tokens): ..." -> "1000000", the count it spells out), else None."""
    m = _LENGTH_LEAD_RE.match(text)
    if m is None:
        return None
    if m.group("exact"):
        return m.group("exact").replace(",", "")
    if m.group("unit") == "M":  # (a million of them as the k's thousand is read: 1024 squared)
        return str(int(float(m.group("n")) * 1024 * 1024))
    return m.group("n") + "k"


# the phases a context length qualifies as the input they ran over: a prompt's prefill, the depth a decode step
# attends over ("1K Decode", see vocab.setting_heads), the time to a first token (a generation's own length is osl)
_PHASE = r"(?:prefill|prompt processing|pp|decode|ttft)"
# (one of a slashed pair, "2K / 8K", is no length of a value of its own)
_K_LENGTH = r"(?<!/)(?<!/ )~?(?P<{0}>\d{{1,4}}(?:\.\d{{1,2}})?[kK])(?! ?/ ?\d)"
# "4K prefill", "cold 64k prefill", "16k TTFT" (never "a 4k prefill chunk", the size of a step's work); "prefill
# @16k", "prefill at 32K", "prefill 4K tokens" (the "tokens" says it is a count, not a rate; "TTFT at 8k
# concurrency" is a load); "context ~16.3k", "16.3k context" (never "max context 32k", a limit); "(at 8k)" alone in
# a measure's name: the length its value was taken at
_NAMED_CONTEXT_RE = re.compile(
    r"(?<![\w.~])"
    + _K_LENGTH.format("a")
    + rf"[ -]{_PHASE}\b(?![ _-]?(?:chunks?|batch|size|budget|limit|steps?)\b)"
    + rf"|\b{_PHASE}(?: tok/s| t/s| throughput| speed)? ?(?:(?:@|at) ?"
    + _K_LENGTH.format("b")
    + r"(?![\w.])(?! (?!tokens|ctx|context)[a-z])|"
    + _K_LENGTH.format("c")
    + r" tokens\b)"
    + r"|(?<!max )(?<!max_)\b(?:ctx|context)[ :=]{1,3}"
    + _K_LENGTH.format("d")
    + r"(?![\w.])|(?<![\w.])~?(?P<e>\d{1,4}\.\d{1,2}[kK])[ -](?:ctx|context)\b"
    + r"|\(at "
    + _K_LENGTH.format("f")
    + r"\)",
    re.IGNORECASE,
)


def named_context(name: str) -> str | None:
    """The context length a measure's name states it was taken at ("cold 16k prefill" -> "16k", "prefill @ 8K"
    -> "8k", "context ~16.3k, prefill" -> "16.3k"), where it names one and only one; else None."""
    found = {next(g for g in m.groups() if g).lower() for m in _NAMED_CONTEXT_RE.finditer(name[:200])}
    return found.pop() if len(found) == 1 else None
