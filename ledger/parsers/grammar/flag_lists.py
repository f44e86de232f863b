"""A line quoting a command's flags without its program: "Server args: `--max-model-len 9000 --max-num-seqs 96`",
"- Launch flags: `-tp 4 --enable-expert-parallel`": the settings of the server a section's runs were sent to, read as a
command's are. Not a benchmark's own flags ("HumanEval: `--temperature 0.2`": that eval's run, set up by its item),
nor a flag quoted among a sentence's words ("MMLU: 5-shot, `--num-threads 48`")."""

from __future__ import annotations

import re

from ledger.vocab.metrics import named_benchmark

# a short label, its colon, then one code span that opens with a flag and is all the line holds
_FLAG_LINE_RE = re.compile(
    r"\s{0,8}(?:[-*+]\s{1,4})?(?:\*\*|__)?(?P<label>[A-Za-z][\w /-]{0,40}?)(?:\*\*|__)?\s{0,2}:(?:\*\*|__)?\s{0,4}"
    r"`(?P<flags>--?[A-Za-z][^`]{0,2000})`[\s.]{0,3}"
)


def quoted_flags(text: str) -> str | None:
    """The flags a "Label: `--flag value ...`" line quotes, where its label names no benchmark; else None."""
    if "`-" not in text:
        return None  # (every line of a section is asked: most quote no flag)
    m = _FLAG_LINE_RE.fullmatch(text.rstrip())
    if m is None or named_benchmark(m.group("label")) is not None:
        return None
    return m.group("flags")
