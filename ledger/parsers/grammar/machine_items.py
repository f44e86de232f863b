"""The machine a page's hardware list names ("Hardware settings:" over "* Intra node: 8xA100-80GBs ... linked by
NVSwitch"): the board and count every result of that list's section ran on, its sub-sections' too.

Apart from setup.py because that one places scopes to the next heading of any level, and a page that lists its
machine once under "## Performance" states it for every "#### Performance of X" below."""

from __future__ import annotations

import bisect

from ledger.parsers.grammar.section_results import measures
from ledger.parsers.grammar.setup_scopes import line_setup, section_reach
from ledger.parsers.reader.blocks import Document
from ledger.vocab.canonical import canonical_gpu


def machine_scopes(doc: Document) -> list[tuple[int, int, dict[str, str]]]:
    """(first line, last line, {"gpu": ...}) of each list item that names a count of boards ("8xA100-80GBs",
    "Intra node: 4xH200-141GBs with ..."), held to the end of the section of the heading above it (a heading of
    its level or higher closes it, as does the next comment of a thread). A bare board ("- GPU: H100") is left to
    the readers of build bullets."""
    reach = section_reach(doc)  # each heading's line -> its section's last line, sub-sections included
    heads = [b for b in doc.blocks if b.kind in ("heading", "comment") and not b.in_code]
    starts = [h.start for h in heads]
    comments = [h.start for h in heads if h.kind == "comment"]
    out: list[tuple[int, int, dict[str, str]]] = []
    for b in doc.blocks:
        if b.kind != "item" or b.in_code:
            continue
        gpu = line_setup(b.text[:300]).get("gpu")
        if gpu is None or canonical_gpu(gpu)[1] is None or measures(b.text[:300]):
            continue  # ("- Reached 95 tok/s ... on 2xH200": the machine of that item's result, no sibling's)
        above = heads[i - 1] if (i := bisect.bisect_left(starts, b.start)) > 0 else None
        if above is not None and above.kind == "heading":
            end = reach.get(above.start, len(doc.lines))
        else:  # under no heading of its turn: to the turn's end (a reviewer's machine is that reviewer's)
            k = bisect.bisect_right(comments, b.start)
            end = comments[k] - 1 if k < len(comments) else len(doc.lines)
        out.append((b.start, end, {"gpu": gpu}))
    return out
