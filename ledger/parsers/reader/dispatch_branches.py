"""The precisions a dispatch rule names as its branches, blanked for the setup readers:

    Keep CuTe DSL for one-token decode while falling back to TRTLLM-Gen for mixed batches and FP8 KV cache.

says which kernel serves FP8 KV cache; it states no KV cache dtype of the runs measured below. Only the precision
words of the "for ..." phrases after a dispatch verb (vocab.dispatch_words) are blanked, each at its place: a model or
a machine in the same sentence is still the run's."""

from __future__ import annotations

import re

from ledger.vocab.dispatch_words import DISPATCH_VERBS
from ledger.vocab.setup import DTYPE_PATTERN
from ledger.vocab.word_gate import LoweredLines, WordGate

# (searched only where one of its words stands: vocab.word_gate)
_VERB_RE = WordGate(re.compile(rf"(?<![\w-])(?:{DISPATCH_VERBS})(?![\w-])", re.IGNORECASE))
# "for mixed batches, multi-token verification, and FP8 KV cache": the branch's cases, to the clause's end
_FOR_PHRASE_RE = re.compile(r"(?<![\w-])for[ \t][^.;:!?\n]{1,300}", re.IGNORECASE)
_PRECISION_RE = re.compile(rf"(?<![\w-])(?:{DTYPE_PATTERN})(?![\w-])", re.IGNORECASE)
_PRECISION = WordGate(_PRECISION_RE)  # (asked of every prose line: its case-sensitive copy in the lowered line)
_SENTENCE_RE = re.compile(r"[^.!?\n]{1,2000}")


def branch_blanked(lines: list[str], skip: set[int], lowered: LoweredLines | None = None) -> dict[int, str]:
    """Line number (from 1) -> the line with the precisions of its dispatch rules blanked, for the prose lines that
    state one; `skip`: the lines read as code; `lowered`: the lines lowered already, where the caller has them. A
    sentence wrapped over lines is read whole: the rule's verb may end one line and its branch's precision open the
    next."""
    out: dict[int, str] = {}
    tail = ""  # the previous prose line's unfinished sentence
    # (the lines that may name a precision, found by one pass of its words over the document, not a test a line)
    named = _PRECISION.lines_holding(lines if lowered is None else lowered)
    for no, line in enumerate(lines, 1):
        if no in skip or len(line) > 4000 or not line.strip():
            tail = ""
            continue
        joined = f"{tail} {line}" if tail else line
        # (the line's precision first: the verb is looked for in up to 600 characters of the sentence so far, by
        # a pattern tried at every character, and most lines name no precision; 8% of reading numbered prose lines)
        if no in named and _PRECISION.holds(line) and _VERB_RE.search(joined) is not None:
            blanked = _SENTENCE_RE.sub(lambda s: _sentence_blanked(s.group()), joined)[len(joined) - len(line) :]
            if blanked != line:
                out[no] = blanked
        tail = joined[max(joined.rfind("."), joined.rfind("!"), joined.rfind("?")) + 1 :][-600:]
    return out


def _sentence_blanked(sentence: str) -> str:
    """One sentence with the precisions of every "for ..." phrase after its first dispatch verb blanked."""
    verb = _VERB_RE.search(sentence)
    if verb is None:
        return sentence
    head, rest = sentence[: verb.end()], sentence[verb.end() :]
    return head + _FOR_PHRASE_RE.sub(lambda p: _PRECISION_RE.sub(lambda d: " " * len(d.group()), p.group()), rest)
