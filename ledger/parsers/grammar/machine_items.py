"""The machine a page's hardware list names ("Hardware settings:" over "* Intra node: 8xA100-80GBs ... linked by
NVSwitch"): the board and count every result of that list's section ran on, its sub-sections' too.

Apart from setup.py because that one places scopes to the next heading of any level, and a page that lists its
machine once under "## Performance" states it for every "#### Performance of X" below. And the device a console
lists right over its bench's table ("Device 0: NVIDIA GeForce RTX 4090, ..."): that table's board."""

from __future__ import annotations

import bisect

from ledger.parsers.grammar.section_results import measures
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.setup_scopes import line_setup, section_reach
from ledger.parsers.reader.blocks import Block, Document
from ledger.vocab.canonical import canonical_gpu
from ledger.vocab.device_headings import listed_device


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


def device_scope(blocks: list[Block], k: int) -> SetupScope | None:
    """ "Device 0: NVIDIA GeForce RTX 4090, ..." printed right over a bench's table (in a fence or not): the board
    the table's rows ran on. The one device the console lines ending at block k list (listed_device), read over the
    run of lines with no blank between, up to 40 of them, so that a second device listed a line above counts."""
    nxt = blocks[k + 1] if k + 1 < len(blocks) else None
    if nxt is None or nxt.kind not in ("code", "table") or nxt.start - blocks[k].end > 2:
        return None
    j = k
    while j > 0 and k - j < 40 and blocks[j - 1].kind == "text" and blocks[j - 1].end == blocks[j].start - 1:
        j -= 1
    gpu = listed_device("\n".join(blocks[i].text for i in range(j, k + 1)))
    return SetupScope(blocks[k].start, blocks[k + 1].end, {"gpu": gpu}) if gpu else None
