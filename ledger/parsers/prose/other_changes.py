"""Evidence a thread gives of other pull requests' changes, not of its own: the numbers a sentence narrating another
change goes on with ("PR #1234 moved cuDNN 9.21 -> 9.22 ... since then:" over "- TTFT: 200 ms -> 260 ms"), and the
rows of a table labelled with links to other pull requests (a diagnosis whose arms are each another PR's CI run).
They are kept as printed with model.OTHER_CHANGE_NOTE, so no comparison or report takes them for this change's
regressions or failures; their references stay what the text pairs them with (that change's before and after)."""

from __future__ import annotations

from ledger.model import OTHER_CHANGE_NOTE, Claim
from ledger.parsers.grammar.tied_revisions import own_number
from ledger.parsers.reader.document import Document
from ledger.vocab.other_runs import linked_pull, narrated_change
from ledger.vocab.sides import side_of

_NOTED = frozenset({"perf", "accuracy", "acceptance", "gate", "tests"})


def other_changes(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, those another pull request's evidence noted so (see the module)."""
    if not any(c.kind in _NOTED for c in claims):
        return claims
    lines = _other_lines(doc, own_number(doc))
    if not lines:
        return claims
    return [_noted(c, lines[c.source.line]) if c.kind in _NOTED and c.source.line in lines else c for c in claims]


def _noted(c: Claim, number: str) -> Claim:
    note = f"{OTHER_CHANGE_NOTE} (#{number})"
    return c.model_copy(update={"note": f"{note}; {c.note}" if c.note else note})


def _other_lines(doc: Document, own: str | None) -> dict[int, str]:
    """Line -> the other pull request whose evidence it holds: a narrating sentence's paragraph and the list or
    table right under it; a table row whose label cell links one other pull request (not one its words name this
    change's side: "[this PR](.../pull/N)")."""
    out: dict[int, str] = {}
    blocks = doc.blocks
    k = 0
    while k < len(blocks):
        b = blocks[k]
        k += 1
        if b.in_code:
            continue
        if b.kind == "table":
            for no in range(b.start, b.end + 1):
                label = doc.line(no).strip().strip("|").split("|", 1)[0]
                if (number := linked_pull(label, own)) is not None and side_of(label) != "head":
                    out[no] = number
            continue
        if b.kind not in ("text", "item") or (number := narrated_change(b.text, own)) is None:
            continue
        out.update(dict.fromkeys(range(b.start, b.end + 1), number))
        while k < len(blocks) and blocks[k].kind in ("item", "table") and not blocks[k].in_code:
            out.update(dict.fromkeys(range(blocks[k].start, blocks[k].end + 1), number))  # (its list goes on)
            k += 1
    return out
