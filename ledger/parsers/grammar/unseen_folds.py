"""A fold whose title the excerpt cut: the lines of a turn before a "</details>" that no "<details>" of the turn opened
belong to a folded block whose "<summary>" is unseen. A page that titles each fold by its run ("<summary>Foo-7B-
Q5_K.gguf</summary>") names that fold's model and precision there, so the unseen title named the cut fold's own: the
setup a later fold's title states, which the document default takes for the page's, is none of the cut fold's.

    Mean KLD: 0.0312 ± 0.0009         the cut fold's results: no model the text says
    </details>
    <details><summary>Foo-7B-Q5_K.gguf</summary>
    Mean KLD: 0.0081 ± 0.0003         this fold's: Foo-7B, q5_k
"""

from __future__ import annotations

import bisect
import re

from ledger.memo import last_document
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.reader.blocks import Document

_OPEN_RE = re.compile(r"<details\b", re.IGNORECASE)
_CLOSE_RE = re.compile(r"</details\s{0,4}>", re.IGNORECASE)
_SUMMARY_RE = re.compile(r"<summary>\s{0,4}(?P<title>[^<]{1,200}?)\s{0,4}</summary>", re.IGNORECASE)


@last_document  # (asked for every measured claim of the document)
def _unseen(doc: Document) -> tuple[list[int], list[int], list[frozenset[str]]]:
    """(first lines, last lines, keys): each cut fold's lines, from its turn's start to its unmatched "</details>",
    and the setup keys its turn's fold titles state."""
    firsts: list[int] = []
    lasts: list[int] = []
    keys: list[frozenset[str]] = []
    for start, end in turn_bounds(doc):
        depth, closes, titled = 0, [], set[str]()
        for no in range(start, end + 1):
            text = doc.line(no)
            if "details" not in text.lower() and "summary" not in text.lower():
                continue
            if (m := _SUMMARY_RE.search(text)) is not None:
                titled.update(line_setup(m.group("title")))
            depth += len(_OPEN_RE.findall(text))
            for _ in _CLOSE_RE.findall(text):
                if depth == 0:
                    closes.append(no)
                depth = max(0, depth - 1)
        if closes and titled:
            firsts.append(start)
            lasts.append(closes[-1])
            keys.append(frozenset(titled))
    return firsts, lasts, keys


def unseen_fold_keys(doc: Document, line: int) -> frozenset[str]:
    """The setup keys the fold titles of `line`'s turn state, where `line` stands in a fold whose title the excerpt
    cut (see the module): what the document default must not give it; else none."""
    firsts, lasts, keys = _unseen(doc)
    k = bisect.bisect_right(firsts, line) - 1
    return keys[k] if k >= 0 and line <= lasts[k] else frozenset()
