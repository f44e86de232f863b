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

_ARCH_TAIL = (
    r" (?:nvidia |amd |an? )?(?P<arch>blackwell|hopper|ampere|ada lovelace|cdna ?[234]|rdna ?[234])"
    r"(?![\w-]|[ /]{1,2}(?:parts?\b|only\b|and\b|or\b|\+)|\+|[ ](?:gpus?|cards?|parts?)[ ]only\b)"
)
_ARCH_RE = re.compile(r"\bon" + _ARCH_TAIL, re.IGNORECASE)
# a title's "for": "HIP: enable mul_mat_f for RDNA4" names the family the change is made for, and its author measures
# it there (in a sentence of the body, "for Hopper" may be any family the code serves: there only "on" says a run's)
_TITLE_ARCH_RE = re.compile(r"\b(?:on|for)" + _ARCH_TAIL, re.IGNORECASE)
# "can only run on Hopper", "works on Hopper", "is supported on Hopper": where code can run, no run's board
_CAPABILITY_RE = re.compile(
    r"\b(?:only|works?|supported|compatible|available|requires?|limited\sto|built|builds)\b[\w ]{0,24}$", re.IGNORECASE
)
_MEASURED = ("perf", "accuracy", "acceptance")


def _spelled(arch: str) -> str:
    """The family as its vendor spells it: "Blackwell", "CDNA3"."""
    low = arch.lower()
    return low.upper().replace(" ", "") if low[:4] in ("cdna", "rdna") else arch.title()


def _title_line(doc: Document) -> int:
    """The line of the page's title: its first heading, among its first blocks (a copied page opens with the
    repository's line, "owner/repo · pull request #1 · merged", above it); 0 for none."""
    return next((b.start for b in doc.blocks[:3] if b.kind == "heading"), 0)


def on_architecture(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The measured claims without a gpu, on the one architecture the document's text says they ran on (see the
    module)."""
    if not claims or any("gpu" in c.config for c in claims):
        return claims
    title = _title_line(doc)
    named = {
        _spelled(m.group("arch"))
        for no, line in enumerate(doc.lines, 1)
        if " on " in line or line.startswith("on ") or no == title
        for m in (_TITLE_ARCH_RE if no == title else _ARCH_RE).finditer(line[:2000])
        if not _CAPABILITY_RE.search(line[max(0, m.start() - 40) : m.start()])
    }
    if len(named) != 1:
        return claims  # (none, or two families: which result ran on which is not said)
    arch = named.pop()
    return [c.model_copy(update={"config": {**c.config, "gpu": arch}}) if c.kind in _MEASURED else c for c in claims]
