"""What a question takes as given. "Can an M3 Max reach 400 GB/s?" wonders about a setup, and states none; "Does the
cache change cause the GB300 DeepSeek-R1 throughput regression?" asks about a workload its definite noun phrase
presupposes ("the GB300 DeepSeek-R1 throughput regression": the regression under study was seen there)."""

from __future__ import annotations

import re

from ledger.vocab.change_words import GAIN_WORDS, LOSS_WORDS
from ledger.vocab.models import model_names

_EVENTS = "|".join(
    re.escape(w) + "s?" for w in (*LOSS_WORDS, *GAIN_WORDS, "drop", "gap", "hang", "crash", "failure", "mismatch")
)
# "the B200 Qwen3-235B throughput drop": "the", one to five words that modify, then the event the question is about
_DEFINITE_EVENT_RE = re.compile(rf"\bthe\s(?:[\w.+/-]{{1,40}}\s){{1,5}}(?:{_EVENTS})\b", re.IGNORECASE)


# "When FP8 KV cache is enabled, pass `--kv-cache-dtype fp8_e4m3` on both nodes.": what to do in a case, no run's
# setup (a case the reader may be in, then an instruction)
_CONDITIONAL_RE = re.compile(
    r"^[ \t>*_-]{0,6}(?:when|if|whenever|in\scase)\b[^,.;:?!]{1,160}[,:][ \t]{0,3}"
    r"(?:please\s|then\s|simply\s|also\s|you\s(?:can|should|must|may|need\sto)\s)?"
    r"(?:pass|use|set|add|enable|disable|specify|append|run|launch|make\ssure|ensure|remember\sto|export|include)\b",
    re.IGNORECASE,
)


def presupposed(line: str, title: bool = False) -> str:
    """A line as its setup is read: a question ("Can the M3 Max reach 400 GB/s?") but for the definite noun phrases
    that name the event under study ("the GB300 DeepSeek-R1 throughput regression"), the rest blanked (each at its
    place), since a question states no setup but the one it takes as given; any other line as it is. A PR's `title`
    asking about its change keeps the models it names ("Is this faster for Qwen3-14B?"): the title names the PR's
    subject, the model its thread measures, where a question in prose only wonders. A conditional instruction ("When
    FP8 KV cache is enabled, pass ...") states no setup at all."""
    if not line.rstrip().endswith("?"):
        return " " * len(line) if _CONDITIONAL_RE.match(line[:400]) else line
    question = line
    out = [" "] * len(question)
    for m in _DEFINITE_EVENT_RE.finditer(question):
        out[m.start() : m.end()] = question[m.start() : m.end()]
    for name in model_names(question) if title else ():
        at = question.find(name)
        if at >= 0:
            out[at : at + len(name)] = name
    return "".join(out)


# "Separate question: why is", "Unrelated question: why does this command give another number?", "Why is": a lead-in
# that asks about the paste under it (a question's word then its colon or the line's end, a question mark last, or
# "why" first); "Ran on 500 questions:" counts a data set's items and asks nothing
_ASKING_RE = re.compile(
    r"\bquestion[ \t]{0,3}(?::|$)|\?[ \t)*_]{0,4}$|^[ \t>*_-]{0,6}(?:why|how[ \t]come)\b", re.IGNORECASE
)


def asks_about(lead_in: str) -> bool:
    """Whether a paste's lead-in asks about it (see _ASKING_RE): the paste is what the question is about, not the
    setup of a run the text reports."""
    return _ASKING_RE.search(lead_in[-400:]) is not None
