"""The quantisation method a quantiser's own page states for all its results (vocab.quantiser_pages): the package
its title names, and the first paragraph of prose under it (badges and HTML before it are no prose)."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.parsers.reader.blocks import Document
from ledger.vocab.quantiser_pages import other_method, own_method, title_method

_OPENING_BLOCKS = 40
"""How far under its title a page's opening paragraph may stand (its badges and links come first)."""


def page_quantiser(doc: Document, stated: Sequence[str] = ()) -> str | None:
    """The method the page's title and opening paragraph name as the package's own ("awq" for AutoAWQ's README),
    else None; None too where the page's lines (`stated`, their precisions) name another method for some run (a
    GPTQ row beside AWQ ones: the method is each row's own). Bits and dtypes ("int4", "FP16") name no method."""
    blocks = doc.blocks
    if not blocks or blocks[0].kind != "heading" or blocks[0].level != 1:
        return None
    if (method := title_method(blocks[0].text)) is None or other_method(method, stated):
        return None
    for b in blocks[1:_OPENING_BLOCKS]:
        if b.kind == "heading":
            return None
        text = b.text.strip()
        if b.kind == "text" and text[:1].isalpha():  # ("<p align=...>", "| [Roadmap] |": the page's links)
            return own_method(blocks[0].text, text[:1000])
    return None
