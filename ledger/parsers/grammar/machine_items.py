"""The machine a page's hardware list names ("Hardware settings:" over "* Intra node: 8xA100-80GBs ... linked by
NVSwitch"): the board and count every result of that list's section ran on, its sub-sections' too.

Apart from setup.py because that one places scopes to the next heading of any level, and a page that lists its
machine once under "## Performance" states it for every "#### Performance of X" below."""

from __future__ import annotations

import bisect

from ledger.parsers.grammar.setup_scopes import line_setup
from ledger.parsers.reader.blocks import Document
from ledger.vocab.canonical import canonical_gpu


def machine_scopes(doc: Document) -> list[tuple[int, int, dict[str, str]]]:
    """(first line, last line, {"gpu": ...}) of each list item that names a count of boards ("8xA100-80GBs",
    "Intra node: 4xH200-141GBs with ..."), held to the end of the section of the heading above it (a heading of
    its level or higher closes it, as does the next comment of a thread). A bare board ("- GPU: H100") is left to
    the readers of build bullets."""
    heads = [b for b in doc.blocks if b.kind in ("heading", "comment") and not b.in_code]
    starts = [h.start for h in heads]
    # the first line of the head closing a section of each level (0-6) from each head on: one pass, not one a list
    closing = [[len(doc.lines) + 1] * (len(heads) + 1) for _ in range(7)]
    for j in range(len(heads) - 1, -1, -1):
        for level, row in enumerate(closing):
            shuts = heads[j].kind == "comment" or heads[j].level <= level
            row[j] = heads[j].start if shuts else row[j + 1]
    out: list[tuple[int, int, dict[str, str]]] = []
    for b in doc.blocks:
        if b.kind != "item" or b.in_code:
            continue
        gpu = line_setup(b.text[:300]).get("gpu")
        if gpu is None or canonical_gpu(gpu)[1] is None:
            continue
        i = bisect.bisect_left(starts, b.start)  # heads[i:] follow the item
        level = min(heads[i - 1].level, 6) if i > 0 and heads[i - 1].kind == "heading" else 0
        # (a thread's next comment closes it too: a reviewer's machine is that reviewer's)
        out.append((b.start, closing[level][i] - 1, {"gpu": gpu}))
    return out
