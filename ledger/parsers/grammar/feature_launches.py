"""Launches a page shows for one feature apart from the server its results ran on.

    ## Launch                                  the page's server: its settings may be the page's
    `python -m engine.serve --model M --tp 8 --dp 8`
    ## Speculative decoding                    a section named for a feature, with no results of its own:
    `python -m engine.serve --model M --tp 8 --speculative-num-steps 3`      how to serve with that feature
    ## Benchmarking results                    the scores ran on the first server, never with a draft length

A launch under a heading that names a feature (ledger/vocab/support.py's FEATURES: speculative decoding, PD
disaggregation, context parallelism ...) in a section that reports no result, after a launch outside such a section,
sets up its own section only (grammar.launch_reach): its settings count for no default of the document, above the
section or below it (a "## Context parallel" section added under the results with `--dp 2` leaves their dp as it
was).
"""

from __future__ import annotations

import bisect
import re

from ledger.parsers.grammar.launch_reach import launches
from ledger.parsers.grammar.setup_scopes import section_reach
from ledger.parsers.reader.blocks import Block, Document
from ledger.vocab.support import LISTED, feature

_WORD_RE = re.compile(r"[A-Za-z0-9][\w./+-]{0,40}")
_MAX_WORDS = 12
"""Words of a heading read for a feature's name (a heading is short; a longer line is no name)."""
_BACK = 32
"""Closed sections looked back over for the one that holds a block (past them: none, read as the page's)."""
_SPAN = 4
"""The most words a feature's name takes ("prefill decode disaggregation")."""


def feature_launch_lines(doc: Document, measuring: set[int]) -> set[int]:
    """Every line of the code blocks of the sections that launch a server for one feature apart (see the module);
    `measuring`: the lines that report results."""
    reach = section_reach(doc)
    heads = sorted(reach)
    named = {b.start: b.text for b in doc.blocks if b.kind == "heading" and not b.in_code}
    results = sorted(measuring)
    codes = [(c.start, c.end) for c in doc.blocks if c.kind == "code"]
    starts = [first for first, _ in codes]
    out: set[int] = set()
    done: set[int] = set()  # the sections already read
    served = False  # a launch outside a feature's section came first
    for b in doc.blocks:
        if b.kind != "code" or not _launches(doc, b):
            continue
        k, stop = bisect.bisect_right(heads, b.start) - 1, max(-1, bisect.bisect_right(heads, b.start) - 1 - _BACK)
        while k > stop and reach[heads[k]] < b.start:
            k -= 1  # (the innermost heading whose section holds the block; a few closed sub-sections back at most)
        k = k if k > stop else -1
        head = heads[k] if k >= 0 else 0
        last = reach[head] if head else len(doc.lines)
        r = bisect.bisect_left(results, head)
        measured = r < len(results) and results[r] <= last
        if head and served and not measured and names_feature(named.get(head, "")):
            if head not in done:  # (every command the section shows: the router its two servers sit behind too)
                done.add(head)
                for first, end in codes[bisect.bisect_left(starts, head) : bisect.bisect_right(starts, last)]:
                    out.update(range(first, end + 1))
        elif not head or not names_feature(named.get(head, "")):
            served = True
    return out


def names_feature(heading: str) -> bool:
    """Whether a heading names a feature of serving ("Speculative decoding", "DSA context parallel"), not the
    listing of models."""
    words = _WORD_RE.findall(heading[:200])[:_MAX_WORDS]
    for i in range(len(words)):
        for j in range(i + 1, min(i + _SPAN, len(words)) + 1):
            f = feature(" ".join(words[i:j]))
            if f is not None and f.name != LISTED:
                return True
    return False


def _launches(doc: Document, block: Block) -> bool:
    """Whether a code block holds a command that launches a server."""
    return any(launches(doc.setup_line(no)) for no in range(block.start, block.end + 1))
