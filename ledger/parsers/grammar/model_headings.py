"""Headings that only add a model to what a lead line above them states:

    Scores for GSM8K (5-shot) on one A100:     the lead: its shot count and board hold for every table below,
    ### Qwen3-8B                               across the headings that name the model each table ran,
    | Filter | this PR | main | ...            which add the model and end nothing
    ### Orca-3.1-mini
    | Filter | this PR | main | ...

Apart from setup.py because it reads the run of headings after a line, not the line itself.
"""

from __future__ import annotations

import bisect

from ledger.memo import last_document, short_text_cache
from ledger.parsers.grammar.heading_setup import section_heading_setup
from ledger.parsers.reader.blocks import Block, Document

# what a model's heading may state beside the model: "### Qwen3-8B (SGLang)", "### Orca-7B FP8"
_BESIDE_MODEL = frozenset(("model", "engine", "quant"))


@last_document  # (asked of each paragraph right over a model's heading)
def _shown_starts(doc: Document) -> list[int]:
    """The first lines of the tables and code blocks: the runs a section shows."""
    return [b.start for b in doc.blocks if b.kind in ("table", "code")]


@short_text_cache(2048)
def model_heading(title: str) -> bool:
    """A heading naming a model and nothing else of the setup but its engine or precision ("### Qwen3-8B")."""
    values = section_heading_setup(title)
    return "model" in values and values.keys() <= _BESIDE_MODEL


def lead_end(doc: Document, heads: list[Block], starts: list[int], lead: Block, last: int) -> int:
    """The last line the paragraph `lead` holds to: the line before the next head (`heads`, at `starts`), or, where
    that head and the ones after it are headings of a model, deeper than the lead's own section, and the lead shows
    no run before them, the line before the first head that is not one (a comment's, a deeper setup's, a section's
    of the lead's level)."""
    line = lead.start
    i = bisect.bisect_right(starts, line)
    end = heads[i].start - 1 if i < len(heads) else last
    if lead.kind != "text" or i >= len(heads) or heads[i].kind != "heading" or not model_heading(heads[i].text):
        return end
    level = _level_above(heads, i)
    shown = _shown_starts(doc)
    if heads[i].level <= level or bisect.bisect_right(shown, heads[i].start) > bisect.bisect_right(shown, line):
        return end  # ("H100, 5-shot:" over its own table, then "### Qwen3-8B": the lead's is that table)
    k = i
    while k < len(heads) and _adds_model(heads[k], level):
        k += 1
    return heads[k].start - 1 if k < len(heads) else last


def _level_above(heads: list[Block], i: int) -> int:
    """The level of the section the lead before heads[i] stands in: its heading's, 0 at the top of a turn."""
    for j in range(i - 1, -1, -1):  # (back to the nearest: no copy of the heads before it)
        h = heads[j]
        if h.kind == "comment":
            return 0
        if h.kind == "heading":
            return h.level
    return 0


def _adds_model(head: Block, level: int) -> bool:
    return head.kind == "heading" and head.level > level and model_heading(head.text)
