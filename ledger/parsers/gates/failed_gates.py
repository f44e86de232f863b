"""A gate a sentence says a run failed, by the gate's name: "the first head failed the MMLU gate", "that build failed
the natural GSM8K check". The name stands between the verb and the gate's noun; the readers of "X failed" in
gates.prose see the run ("the first head") as the subject there, and no check.

Apart from prose.py, which holds the phrases whose check is the verb's subject."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.gates.claims import gate

# "failed the MMLU gate", "failed the natural GSM8K check": up to three words of name, each a bounded run (linear)
_FAILED_GATE_RE = re.compile(
    r"(?<![\w-])(?P<word>failed)\s(?:the\s|its\s|our\s)?"
    r"(?P<name>[A-Za-z`][\w.+`-]{0,30}(?:\s[\w.+`-]{1,30}){0,2}?)\s(?:gate|check|bar)(?![\w-])",
    re.IGNORECASE,
)


def failed_gates(ctx: Context, line: int, text: str) -> Iterator[Claim]:
    """A fail gate for each "failed the <name> gate" of `text`, named by <name>."""
    for m in _FAILED_GATE_RE.finditer(text) if "failed" in text.lower() else ():
        yield gate(ctx, line, text[m.start() : m.end()], m.group("name").strip("`"), "fail", m.group("word"))
