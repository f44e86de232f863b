"""What a paragraph's setup scope holds beyond its line's words, and where a paragraph ends: the lines of prose that
follow one another without a blank line (a list item's wrapped lines, each a block of its own)."""

from __future__ import annotations

from ledger.parsers.grammar.model_alias import aliased_model
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.setup_negation import baselines_precision


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
    the eval's header names kimi-k3); a precision named only in a baseline's noun phrase ("the bf16 FlashMLA baseline
    itself gains ...") taken out of it, to hold over its own paragraph alone (the scope it comes back as)."""
    if scope is None:
        return []
    if "model" not in scope.values and (model := aliased_model(doc, text)) is not None:
        scope.values["model"] = model
    if "quant" in scope.values and baselines_precision(text, scope.values["quant"]):
        return [SetupScope(blocks[k].start, run_end(blocks, k), {"quant": scope.values.pop("quant")})]
    return []
