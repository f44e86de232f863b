"""A GPU architecture the text says the runs were on, where it names no board: "This change impacts Foo-70B FP8
performance on Blackwell." over a table of results measured on some Blackwell part. The family is the gpu of every
result with none of its own; a document that names a board for any result (`Two A40 cards`, under a heading "... on
Ampere") keeps the board, and the family is never read. Only after "on", as where a run ran, and never as a limit
or a list of families ("runs on Hopper parts only", "on Hopper GPUs only", "on Hopper and Blackwell"), nor after a
verb of what code can do ("can only run on Hopper", "works on Hopper"): those say what code supports.
"""

from __future__ import annotations

import re

from ledger.model import Claim
from ledger.parsers.reader.blocks import Document

_ARCH_RE = re.compile(
    r"\bon (?:nvidia |amd |an? )?(?P<arch>blackwell|hopper|ampere|ada lovelace|cdna ?[234]|rdna ?[234])"
    r"(?![\w-]|[ /]{1,2}(?:parts?\b|only\b|and\b|or\b|\+)|\+|[ ](?:gpus?|cards?|parts?)[ ]only\b)",
    re.IGNORECASE,
)
# "can only run on Hopper", "works on Hopper", "is supported on Hopper": where code can run, no run's board
_CAPABILITY_RE = re.compile(
    r"\b(?:only|works?|supported|compatible|available|requires?|limited\sto|built|builds)\b[\w ]{0,24}$", re.IGNORECASE
)
_MEASURED = ("perf", "accuracy", "acceptance")


def _spelled(arch: str) -> str:
    """The family as its vendor spells it: "Blackwell", "CDNA3"."""
    low = arch.lower()
    return low.upper().replace(" ", "") if low[:4] in ("cdna", "rdna") else arch.title()


def on_architecture(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The measured claims without a gpu, on the one architecture the document's text says they ran on (see the
    module)."""
    if not claims or any("gpu" in c.config for c in claims):
        return claims
    named = {
        _spelled(m.group("arch"))
        for line in doc.lines
        if " on " in line or line.startswith("on ")
        for m in _ARCH_RE.finditer(line[:2000])
        if not _CAPABILITY_RE.search(line[max(0, m.start() - 40) : m.start()])
    }
    if len(named) != 1:
        return claims  # (none, or two families: which result ran on which is not said)
    arch = named.pop()
    return [c.model_copy(update={"config": {**c.config, "gpu": arch}}) if c.kind in _MEASURED else c for c in claims]
