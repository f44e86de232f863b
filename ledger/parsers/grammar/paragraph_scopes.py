"""What a paragraph's setup scope holds beyond its line's words, and where a paragraph ends: the lines of prose that
follow one another without a blank line (a list item's wrapped lines, each a block of its own)."""

from __future__ import annotations

import re

from ledger.parsers.grammar.model_alias import aliased_model
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.label_batches import label_batch
from ledger.vocab.setup import model_names
from ledger.vocab.setup_negation import baselines_precision

# a paragraph opened by a leg's label: "L2 Mistral-7B ...", "Run 3: ...", "**R1** ..." (a number of two digits at
# most and a word boundary after it, so "H100 ..." or "Qwen3.5 ..." open no leg)
_LEG_RE = re.compile(r"[*_]{0,2}([A-Za-z]{1,6})[ -]?(\d{1,2})(?![\d.])[*_]{0,2}[ :.)]")


def legs_end(blocks: list[Block], k: int, end: int) -> int:
    """Where the setup paragraph k states ends when it opens with a leg's label ("R2 Finch-7B ... (n=15)"): before
    the paragraph that opens with the next leg's ("R3 op bench: ..."), a run of its own as a list's sibling item is
    (`end` otherwise, the end the scope had); a wrapped line of the paragraph is read from the paragraph's first."""
    while (
        k > 0 and blocks[k - 1].kind == "text" and blocks[k - 1].end + 1 == blocks[k].start and blocks[k].kind == "text"
    ):
        k -= 1
    if (m := _LEG_RE.match(blocks[k].text)) is None:
        return end
    word, nxt = m.group(1).lower(), int(m.group(2)) + 1
    for b in blocks[k + 1 :]:
        if b.start > end:
            break
        if b.kind == "text" and (o := _LEG_RE.match(b.text)) and o.group(1).lower() == word and int(o.group(2)) == nxt:
            return b.start - 1
    return end


def leg_model(blocks: list[Block], k: int) -> list[SetupScope]:
    """The model a leg's label opens paragraph k with ("L1 Qwen3-0.6B b1 greedy (...," over the wrapped lines that
    state its results), over that paragraph: the leg's subject, which no sentence reader takes from a bare name."""
    b = blocks[k]
    if b.kind != "text" or b.in_code or (m := _LEG_RE.match(b.text)) is None:
        return []
    if k > 0 and blocks[k - 1].kind == "text" and blocks[k - 1].end + 1 == b.start:
        return []  # (a wrapped line that happens to open so: no paragraph's start)
    names = model_names(b.text[m.end() : m.end() + 80])
    if not names or not b.text[m.end() :].lstrip(" *_`").startswith(names[0]):
        return []
    end = b.end
    for nxt in blocks[k + 1 :]:  # (the paragraph's lines, a lead-in's colon among them or not)
        if nxt.kind != "text" or nxt.start != end + 1:
            break
        end = nxt.end
    # ("L1 Qwen3-0.6B b1 greedy (...": the label's words after the model, to its first mark, hold the leg's batch)
    rest = b.text[m.end() :].lstrip(" *_`")[len(names[0]) : len(names[0]) + 40]
    return [SetupScope(b.start, end, {"model": names[0], **label_batch(_LABEL_END_RE.split(rest, 1)[0])})]


_LABEL_END_RE = re.compile(r"[(:;.]")


def run_end(blocks: list[Block], k: int) -> int:
    """The last line of the blocks from k on that follow one another without a blank line."""
    end = blocks[k].end
    for b in blocks[k + 1 :]:
        if b.start != end + 1 or b.kind != "text" or b.text.rstrip().endswith(":"):
            break
        end = b.end
    return end


def text_scope_words(
    doc: Document, blocks: list[Block], k: int, text: str, scope: SetupScope | None
) -> list[SetupScope]:
    """What the text's scope needs beyond its line's words: the model a short name stands for ("K3, TP8, ..." where
    the eval's header names kimi-k3), its end at the next leg's paragraph (legs_end); a precision named only in a
    baseline's noun phrase ("the bf16 FlashMLA baseline itself gains ...") taken out of it, to hold over its own
    paragraph alone (the scope it comes back as)."""
    if scope is None:
        return leg_model(blocks, k)
    for leg in leg_model(blocks, k):  # ("R1 Orca-3B b1 greedy:": the label's batch beside the words its line states)
        if "batch_size" in leg.values:
            scope.values.setdefault("batch_size", leg.values["batch_size"])
    scope.end = legs_end(blocks, k, scope.end)
    if "model" not in scope.values and (model := aliased_model(doc, text)) is not None:
        scope.values["model"] = model
    if "quant" in scope.values and baselines_precision(text, scope.values["quant"]):
        return [SetupScope(blocks[k].start, run_end(blocks, k), {"quant": scope.values.pop("quant")})]
    return []
