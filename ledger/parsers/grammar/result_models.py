"""The document's model where no line states it as the document's: the one model its prose names only beside its
results, or the one draft checkpoint it names (grammar.document_default reads every other)."""

from __future__ import annotations

from ledger.parsers.grammar.default_reach import Statement
from ledger.parsers.reader.blocks import Document
from ledger.parsers.reader.line_kinds import is_command_line
from ledger.vocab.model_spellings import one_model


def unnamed_model(doc: Document, said: list[Statement], drafts: list[str], seen: dict[str, list[str]]) -> None:
    """Into `seen` (the values each key is stated with for the whole document), where it names no model: the one
    model the prose names beside results (_named_beside_results), else the one draft checkpoint named
    ("org/Hunyuan-7B-Instruct_eagle3" alone: the draft of the model it names; several drafts, each a row's own,
    name no one model)."""
    _named_beside_results(doc, said, seen)
    if len(set(drafts)) == 1 and "model" not in seen:
        seen["model"] = drafts


def _named_beside_results(doc: Document, said: list[Statement], seen: dict[str, list[str]]) -> None:
    """The one model a document names only beside its results or over their blocks, on two lines at least ("On H100
    the acme/Foo-MoE model sees TTFT drop 5%" in the motivation, "On H100 the acme/Foo-MoE model:" over the
    benchmark), into `seen`: the blocks that name no model (the accuracy check between them) ran on it too. Named on
    one line, it is that line's own ("Llama 3 8B on one H100: 912 tok/s" beside a sweep on another setup); named by
    a table's rows or a command, it is theirs."""
    named = [(no, v) for no, k, v, _ in said if k == "model"]
    if "model" in seen or len({no for no, _ in named}) < 2:
        return
    prose = {no for b in doc.blocks if b.kind in ("text", "item") and not b.in_code for no in range(b.start, b.end + 1)}
    if any(no not in prose or is_command_line(doc.line(no).strip()) for no, _ in named):
        return
    models = [v for _, v in named]
    if len(set(models)) == 1 or one_model(models):
        seen["model"] = models
