"""The revision a lead-in names over the block under it: a side it names ("this PR:", "Before, TP8:"), or a commit
link that closes the paragraph right above a table's lead-in ("I wrote the same thing separately:
https://github.com/o/r/commit/0123abcd...", then "Decode t/s gain over master on an rx7900xtx:" over the table): the
commit the table's results ran on, as it would be inside the lead-in itself ("Numbers from my branch at commit
<link>, decode speed ...:")."""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.grammar.revision_labels import SIDE_LABEL_RE, clean_label
from ledger.parsers.grammar.setup_sides import setup_side
from ledger.parsers.reader.document import Document
from ledger.parsers.reader.line_kinds import ends_in_colon
from ledger.vocab.head_moves import NOT_MEASURED_COMMIT_RE
from ledger.vocab.sides import SIDE_QUALIFIER_RE, TAIL_SIDE_SEPARATORS, side_alone, side_of
from ledger.vocab.text import has_hex_run

# a bare commit URL or a markdown link to one; its sha (a link's target holds the whole sha)
_LINK_RE = re.compile(
    r"(?:\[[^\[\]]{1,60}\]\(\s?)?<?https?://[^\s<>()]{1,200}/commits?/(?P<sha>[0-9a-f]{7,40})(?![\w])[^\s<>()]{0,40}>?\)?"
)
_TAIL = " \t.`*_)>"
MAX_LEAD = 160
"""Characters of a lead-in read for the side it closes on."""
MAX_TEXT = 600
"""Characters of the paragraph above read: a lead of its own, not a page of prose."""


def linked_above(doc: Document, idx: int) -> Revision | None:
    """The revision the paragraph right above the lead-in `doc.blocks[idx]` names by the one commit link that closes
    it, or None (a lead-in that ends in a colon only; the paragraph links no other commit, nor says the link is some
    other commit than the one measured: a revert's, the one that broke it)."""
    block = doc.blocks[idx]
    if idx == 0 or not ends_in_colon(block.text):
        return None
    prev = doc.blocks[idx - 1]
    if prev.kind != "text" or prev.in_code or prev.end != block.start - 2 or len(prev.text) > MAX_TEXT:
        return None
    text = prev.text.rstrip(_TAIL)
    links = list(_LINK_RE.finditer(text))
    if not links or len({m.group("sha")[:7] for m in links}) != 1 or links[-1].end() < len(text):
        return None
    if NOT_MEASURED_COMMIT_RE.search(text, 0, links[0].start()):
        return None
    sha = links[-1].group("sha").lower()
    return Revision(label=sha[:10], head=sha, base=None)


def side_label(text: str) -> Revision | None:
    """The side a lead-in names over its block ("this PR:"; "`master` branch:", a code span the name it holds), or
    names before the setup of its runs ("Before, TP8:": the setup readers read the setup from the same line)."""
    sm = SIDE_LABEL_RE.match(text.replace("`", ""))
    if sm is not None:
        return Revision(label=clean_label(sm.group("label")), head=None, base=None)
    return setup_side(text) or _tail_side(text)


def _tail_side(text: str) -> Revision | None:
    """The side a lead-in closes on after its subject ("Radeon AI PRO R9700 run, stock master:"): the side's name,
    its state word cut ("stock"); None where the subject names a side of its own."""
    core = text.strip(" *_`").removesuffix(":").rstrip(" *_`")
    if len(core) > MAX_LEAD or has_hex_run(core):
        return None
    cut = max((at + len(sep) for sep in TAIL_SIDE_SEPARATORS if (at := core.rfind(sep)) > 0), default=0)
    if cut == 0:
        return None
    tail = core[cut:].strip(" *_`")
    tail = tail[q.end() :] if (q := SIDE_QUALIFIER_RE.match(tail)) is not None else tail
    if not tail or not side_alone(tail) or side_of(core[:cut]) is not None:
        return None
    return Revision(label=clean_label(tail), head=None, base=None)
