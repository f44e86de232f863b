"""A title that names what it holds and then its side ("Mistral-7B-Q6_K, master", "Qwen3 8B - this PR"): the side is
the revision of the results under it, the subject is their setup (read by the setup readers), never the label.

    <details>
    <summary>Mistral-7B-Q6_K, master</summary>     <- revision "master" over the folded table, to "</details>"
    | PP | TG | N_KV | S_TG t/s | ...
    </details>
    <details><summary>Mistral-7B-Q6_K, this PR</summary>   <- revision "this PR": compare pairs it with "master"

A folded block's title is no heading of the document (reader.scanner keeps it in the section path only), so its
side holds over what it folds alone: from the summary to its "</details>", or to the next heading or comment when
the block is never closed.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.named_revisions import named_at
from ledger.parsers.reader.document import Document
from ledger.parsers.reader.scanner import SUMMARY_RE
from ledger.vocab.sides import side_alone, side_of
from ledger.vocab.text import has_hex_run

_SEPARATORS = (",", ";", " - ", " – ", " — ", ": ")
"""What sets a subject and its side apart in a title ("Llama 8B, main branch", "Llama 8B - PR")."""


def titled_side(title: str) -> Revision | None:
    """The side a title names after its subject ("Mistral-7B-Q6_K, master" -> "master", "Llama 8B (main branch)"
    -> "main branch"), or the side the title is alone ("this PR"); None when it names a commit (the label readers
    read those) or its last part names no side alone ("Speed vs. master MMQ")."""
    text = title.strip(" *_`")
    if not text or len(text) > 80 or has_hex_run(text):
        return None
    if text.endswith(")") and (open_at := text.rfind("(")) > 0:
        subject, tail = text[:open_at], text[open_at + 1 : -1]  # the side in brackets after its subject
    else:
        cut = max((at + len(sep) for sep in _SEPARATORS if (at := text.rfind(sep)) > 0), default=0)
        subject, tail = text[:cut], text[cut:]
    tail = tail.strip(" *_`")
    if not tail or not side_alone(tail) or side_of(subject) is not None:
        return None  # ("with fix (this PR)": the subject a side of its own, the whole title is the label)
    return Revision(label=tail, head=None, base=None)


def folded_side_scopes(doc: Document, named: Mapping[str | int, Revision]) -> list[RevisionScope]:
    """The scopes of the folded blocks whose titles name a side (see the module), each with the head the text gave
    that side by name (`named`, grammar.named_revisions: "both [main](.../commit/4d3c2b1a...) and ...")."""
    out: list[RevisionScope] = []
    blocks = doc.blocks
    for k, b in enumerate(blocks):
        if b.kind != "text" or b.in_code or "<summary" not in b.text.lower():
            continue
        m = SUMMARY_RE.search(b.text)
        if m is None or (rev := titled_side(m.group("title"))) is None:
            continue
        end = len(doc.lines)
        for later in itertools.islice(blocks, k + 1, None):
            if later.kind in ("heading", "comment") or (
                later.kind == "text" and not later.in_code and "</details>" in later.text.lower()
            ):
                end = later.start - 1 if later.kind != "text" else later.start
                break
        known = named_at(named, b.start).get((rev.label or "").lower())
        rev = known if known is not None and known.head else rev
        out.append(RevisionScope(start=b.start, end=end, revision=rev))
    return out
