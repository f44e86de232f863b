"""A hard-wrapped paragraph that says which commit the results below were measured on, its sha on a later line than
its words ("All performance tables ... below describe the original delivery at" / "`a7ecfe97...`.", "Tested it as a
backport of head" / "`7b73de0d` onto v0.27.1 (`6e448d0e`)"): the lines are read as one sentence, and the commit holds
for the rest of its turn (the line reader sees each line alone)."""

from __future__ import annotations

import re

from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.head_phrases import head_phrase
from ledger.parsers.grammar.revision_labels import line_label, may_hold_sha, measured_there
from ledger.parsers.reader.document import Document
from ledger.vocab.head_moves import MEASURING_VERBS

_MAX_LINES = 4
"""A sentence wrapped over more lines than this is a paragraph of prose, not a statement of where results ran."""


# a measuring verb: the wrapped sentence naming a head tells what its turn's results ran on
_TESTED_RE = re.compile(r"\b(?:" + MEASURING_VERBS + r")\b", re.IGNORECASE)
# the words that say where the results come from, and those after them up to the commit's name
_VERB_RE = re.compile(
    r"\b(?:describes?|reflects?|taken|measured|collected|ran|run|come|are)(?:\s(?:on|at|from))?\s(?:the\s)?"
)


def wrapped_result_scopes(doc: Document) -> list[RevisionScope]:
    """The scopes of the wrapped sentences that name the commit of the results after them (see the module)."""
    out: list[RevisionScope] = []
    blocks = doc.blocks
    turn_ends = [b.start - 1 for b in blocks if b.kind == "comment"] + [len(doc.lines)]
    k = 0
    while k < len(blocks):
        b = blocks[k]
        run = [b]
        while (
            b.kind == "text"
            and not b.in_code
            and len(run) < _MAX_LINES
            and k + len(run) < len(blocks)
            and (nxt := blocks[k + len(run)]).kind == "text"
            and not nxt.in_code
            and nxt.start == run[-1].end + 1
            and not run[-1].text.rstrip().endswith((".", ":", "!", "?"))
        ):
            run.append(nxt)
        k += len(run)
        if len(run) < 2:
            continue
        joined = " ".join(r.text.strip() for r in run)
        if not may_hold_sha(joined):
            continue  # (most paragraphs name no commit: one scan for a hex run first)
        rev = line_label(joined, False) if measured_there(joined) else None
        if rev is None and _TESTED_RE.search(joined) and (phrase := head_phrase(joined)) is not None:
            rev = phrase.revision  # ("Tested it as a backport of head" / "`7b73de0d` onto v0.27.1 (`6e448d0e`)")
        if rev is None or not rev.head:
            continue
        if rev.label and (verb := _VERB_RE.search(rev.label)) and rev.label[verb.end() :]:
            rev = rev.model_copy(update={"label": rev.label[verb.end() :]})  # "the first delivery"
        end = next((e for e in turn_ends if e >= run[-1].end), len(doc.lines))
        out.append(RevisionScope(start=run[0].start, end=end, revision=rev))
    return out
