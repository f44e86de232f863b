"""A gate a sentence says a run failed, by the gate's name: "the first head failed the MMLU gate", "that build failed
the natural GSM8K check". The name stands between the verb and the gate's noun; the readers of "X failed" in
gates.prose see the run ("the first head") as the subject there, and no check.

Apart from prose.py, which holds the phrases whose check is the verb's subject."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.gates.claims import gate
from ledger.parsers.grammar.build_links import stage_side
from ledger.vocab.build_links import STAGE_REVISION

# "failed the MMLU gate", "failed the natural GSM8K check": up to three words of name, each a bounded run (linear)
_FAILED_GATE_RE = re.compile(
    r"(?<![\w-])(?P<word>failed)\s(?:the\s|its\s|our\s)?"
    r"(?P<name>[A-Za-z`][\w.+`-]{0,30}(?:\s[\w.+`-]{1,30}){0,2}?)\s(?:gate|check|bar)(?![\w-])",
    re.IGNORECASE,
)


# "The MMLU gate failed on the first head": the gate first, then the revision it failed on, named by its place
_GATE_FAILED_ON_RE = re.compile(
    r"(?<![\w-])(?:the|its|our)\s(?P<name>[A-Za-z`][\w.+`-]{0,30}(?:\s[\w.+`-]{1,30}){0,2}?)\s(?:gate|check)\s"
    r"(?P<word>failed)\s(?:on|for|with)\s(?:the|an?|that)\s(?P<rev>" + STAGE_REVISION + r")(?![\w-])",
    re.IGNORECASE,
)


def failed_gates(ctx: Context, line: int, text: str) -> Iterator[Claim]:
    """A fail gate for each "failed the <name> gate" of `text`, named by <name>, on the revision its subject names by
    its place ("the first head failed ..."), and for each "the <name> gate failed on the first head"."""
    if "failed" not in text.lower():
        return
    for m in _FAILED_GATE_RE.finditer(text):
        name, rev = m.group("name").strip("`"), stage_side(text, m.start())
        yield gate(ctx, line, text[m.start() : m.end()], name, "fail", m.group("word"), revision=rev)
    for m in _GATE_FAILED_ON_RE.finditer(text):
        rev = Revision(label=" ".join(m.group("rev").lower().split()), head=None, base=None)
        name = m.group("name").strip("`")
        yield gate(ctx, line, text[m.start() : m.end()], name, "fail", m.group("word"), revision=rev)
