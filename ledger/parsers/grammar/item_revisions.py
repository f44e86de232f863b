"""The revision a list item names for the results of its list: "- main" over its paste, "passed on `c23c1e5`" (the
item), "- benchmarked kernel SHA: `d8a6cbea85`" (its list and section), "* upstream@1a2b3c4d" over the items nested
under it. Apart from grammar.revisions, which walks the blocks and opens each scope."""

from __future__ import annotations

import re
from dataclasses import replace

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.bare_sides import bare_side
from ledger.parsers.grammar.head_phrases import head_phrase, phrased_label
from ledger.parsers.grammar.revision_labels import (
    NOT_MEASURED_RE,
    branch_at_sha,
    line_label,
    may_hold_sha,
    measured_on,
    rebased_head,
)
from ledger.parsers.grammar.side_items import side_item
from ledger.parsers.grammar.sides import stated_on
from ledger.parsers.grammar.tied_revisions import head_item
from ledger.parsers.reader.document import Document
from ledger.vocab.head_moves import MEASURING_VERBS

_BULLET_RE = re.compile(r"^\s{0,8}[-*+•]\s{1,4}")


def item_scope(
    doc: Document,
    idx: int,
    known: tuple[dict[str | int, Revision], dict[int, RevisionScope]],
    last: int,
    held: RevisionScope | None,
) -> tuple[RevisionScope, bool] | None:
    """The revision a list item names, and whether it holds past the item: "- main" over its paste (that block),
    "passed on `c23c1e5`" (the item), "- benchmarked kernel SHA: `d8a6cbea85`" (its list and section, to `last`),
    "1. stock release" over its quoted results (those results: `known` holds the revisions named and the numbered
    arms); `held` is the scope open over the list."""
    block = doc.blocks[idx]
    named, arms = known
    if (numbered := arms.get(block.start)) is not None:
        return numbered, False
    if (side := _item_side(doc, idx, named)) is not None:
        return side, False
    if (at := _at_sha(doc, idx) or side_item(doc, idx)) is not None:
        return at, False  # ("- main@1a2b3c4d", "- Candidate commit: `e1f2a3b4`" over the results listed under it)
    on_base = phrased_label(block.text, line_label(block.text, False))
    if on_base is not None and on_base.base and not on_base.head:
        # "- Ran the eval on `7dcb4b4 + PR #14464`": the PR applied on that commit, over the items after it
        return RevisionScope(start=block.start, end=last, revision=on_base), True
    if (on := stated_on(block.text)) is not None:
        # ("- Ran the eval on `4f5e6d7`." over "- Result: MMLU 71.42": a run's item, the list's results after it)
        ran = _RAN_ITEM_RE.match(block.text) is not None and NOT_MEASURED_RE.search(block.text) is None
        end = _run_list_end(doc, idx) if ran else block.end
        return RevisionScope(start=block.start, end=end, revision=on), False
    measured = measured_on(block.text) or rebased_head(block.text) or head_item(doc, block, held)
    if measured is None and (phrase := head_phrase(block.text)) is not None and phrase.revision.head:
        measured = phrase.revision  # ("- re-ran after pushing `4d5e6f7`": the items after it)
    if measured is not None:
        # ("- Rebased onto current `main` (`4c4c9e1a20`) ... The new head is `b7d0aa3f11`.": the results after it)
        return RevisionScope(start=block.start, end=last, revision=measured), True
    return None


# a list item telling how its list's results were run: a measuring verb opens it ("Ran", "Measured", "Re-tested")
_RAN_ITEM_RE = re.compile(r"\s{0,8}(?:[-*+•]\s{1,4})?(?:[*_]{1,2})?(?:" + MEASURING_VERBS + r")\b", re.IGNORECASE)


def _run_list_end(doc: Document, idx: int) -> int:
    """The last line of the items after a run's item in its list, up to one that names a commit of its own (another
    run, a rebase, a revert): the results the run gave."""
    block, end = doc.blocks[idx], doc.blocks[idx].end
    for b in doc.blocks[idx + 1 :]:
        if b.kind != "item" or b.in_code or b.level < block.level or may_hold_sha(b.text):
            break
        end = b.end
    return end


def _at_sha(doc: Document, idx: int) -> RevisionScope | None:
    """A list item that opens with "branch@sha": the revision of the results on it, or, alone on its line, of the
    items nested under it ("* upstream@1a2b3c4d" over "- Final estimate: PPL = 3.41")."""
    block = doc.blocks[idx]
    got = branch_at_sha(_BULLET_RE.sub("", block.text).strip())
    if got is None:
        return None
    rev, alone = got
    end = block.end
    for b in doc.blocks[idx + 1 :] if alone else ():
        if b.kind != "item" or b.level <= block.level:
            break
        end = b.end
    return RevisionScope(start=block.start, end=end, revision=rev)


def _item_side(doc: Document, idx: int, named: dict[str | int, Revision]) -> RevisionScope | None:
    """A list item that is a side's name alone ("- main", "- this PR:"), right over a paste or a table: that
    block's side, as the same word on a line of its own is."""
    block = doc.blocks[idx]
    nxt = doc.blocks[idx + 1] if idx + 1 < len(doc.blocks) else None
    text = _BULLET_RE.sub("", block.text).strip().rstrip(":").strip()
    if nxt is None or len(text) > 40 or block.end != block.start:
        return None
    side = bare_side(replace(block, text=text), nxt, named)
    return RevisionScope(start=block.start, end=nxt.end, revision=side) if side is not None else None
