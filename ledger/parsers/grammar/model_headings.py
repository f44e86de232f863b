"""Headings that only add a model or a side to what a lead line, or a command, above them states:

    Scores for GSM8K (5-shot) on one A100:     the lead: its shot count and board hold for every table below,
    ### Qwen3-8B                               across the headings that name the model each table ran,
    | Filter | this PR | main | ...            which add the model and end nothing
    ### Orca-3.1-mini
    | Filter | this PR | main | ...

    llama-sweep-bench -m X.gguf -b 4096        a command (no results of its own): its settings hold for the
    ### Main branch                            tables under the headings that name each side it ran on

Apart from setup.py because it reads the run of headings after a line, not the line itself.
"""

from __future__ import annotations

import bisect
from typing import Any

from ledger.memo import last_document, short_text_cache
from ledger.parsers.grammar.heading_setup import section_heading_setup
from ledger.parsers.grammar.setup_scopes import results_between
from ledger.parsers.reader.blocks import Block, Document
from ledger.vocab.sides import side_alone

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
    """The last line the paragraph or the block of commands `lead` holds to: the line before the next head (`heads`,
    at `starts`), or, where that head and the ones after it are headings of a model or a side, deeper than the lead's
    own section, and the lead shows no run before them, the line before the first head that is not one (a comment's,
    a deeper setup's, a section's of the lead's level)."""
    line = lead.start
    i = bisect.bisect_right(starts, line)
    end = heads[i].start - 1 if i < len(heads) else last
    if i >= len(heads) or not _adds(heads[i], 0) or not _leads(doc, lead):
        return end
    if _RUNS[0] is not heads:
        _RUNS[:] = [heads, {}, {}]  # (a new document's heads: the runs found for the last one hold nothing here)
    level = _level_above(heads, i)
    shown = _shown_starts(doc)
    if heads[i].level <= level or bisect.bisect_right(shown, heads[i].start) > bisect.bisect_right(shown, line):
        return end  # ("H100, 5-shot:" over its own table, then "### Qwen3-8B": the lead's is that table)
    k = _run_end(heads, i, level)
    return heads[k].start - 1 if k < len(heads) else last


# the heads the runs below were found in, then (i, level) -> the first head after i that adds nothing, and i -> the
# level of the section before heads[i]: every paragraph of a long page of model sections asks, each walk is done once
_RUNS: list[Any] = [None, {}, {}]


def _run_end(heads: list[Block], i: int, level: int) -> int:
    """The first head from heads[i] on that is no heading of a model or a side deeper than `level`."""
    ends: dict[tuple[int, int], int] = _RUNS[1]
    if (i, level) not in ends:
        k = i
        while k < len(heads) and _adds(heads[k], level):
            k += 1
        ends.update(((j, level), k) for j in range(i, k + 1))  # (a run from any head inside it ends where it does)
    return ends[(i, level)]


def _level_above(heads: list[Block], i: int) -> int:
    """The level of the section the lead before heads[i] stands in: its heading's, 0 at the top of a turn."""
    levels: dict[int, int] = _RUNS[2]
    if i not in levels:
        j = i - 1  # (back to the nearest heading or turn: the walks of two model headings never overlap)
        while j >= 0 and heads[j].kind not in ("heading", "comment"):
            j -= 1
        levels[i] = heads[j].level if j >= 0 and heads[j].kind == "heading" else 0
    return levels[i]


def _adds(head: Block, level: int) -> bool:
    """A heading deeper than `level` that names a model, a precision or a side and nothing else ("### Qwen3-8B",
    "### Main", "### Q4_K, main branch")."""
    if head.kind != "heading" or head.level <= level:
        return False
    return side_alone(head.text) or model_heading(head.text) or quant_heading(head.text)


@short_text_cache(2048)
def quant_heading(title: str) -> bool:
    """A heading naming a precision, alone or with the side it ran on ("### IQ1_S, main branch", "### Q4_K_R4 (PR)"):
    the variant its table ran, under the board and model a lead line above it states for every such table."""
    values = section_heading_setup(title)
    if "quant" not in values or not values.keys() <= _BESIDE_MODEL:
        return False
    core = title.strip(" #*_`:")
    name, comma, rest = core.partition(",")
    if not comma and (at := core.find("(")) > 0:
        name, rest = core[:at], core[at:]
    return len(name.split()) <= 2 and (not rest.strip() or side_alone(rest))


def _leads(doc: Document, lead: Block) -> bool:
    """A paragraph, or a code block of commands alone (a paste of results sets up its own lines, none below)."""
    if lead.kind == "code":
        return not results_between(doc, lead.start - 1, lead.end + 1)
    return lead.kind == "text" and not lead.in_code
