"""The arm a PR's title names, of two value columns that name arms and no side: the candidate.

    # Make cutlass the default grouped GEMM for MoE prefill

    | Eval  | cutlass | triton | Δ       |
    | gsm8k | 0.918   | 0.927  | −0.9 pp |

Neither header says "this PR" or "new", and the first column is not always the baseline: the title names what the PR
brings (cutlass), so that column is the value and the other its reference. A title that names both arms, neither, or
the named one as what the PR moves off ("Replace triton with ...", "faster than FlashInfer") decides nothing; nor
does a header that names a model (two models side by side are no change and its baseline)."""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Table
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.ratio_heads import first_word
from ledger.vocab.setup import model_names

# a word that makes the arm named after it the side the PR is set against or leaves ("vs triton", "from FA3")
_AWAY_BEFORE_RE = re.compile(
    r"\b(?:vs\.?|versus|than|over|against|from|replac(?:e|es|ing)|instead\sof|relative\sto|compared\s(?:to|with))"
    r"\s(?:the\s)?(?:[\w-]{1,20}\s)?$",
    re.IGNORECASE,
)


def _named_at(title: str, word: str) -> int | None:
    """Where the title names `word` as a word of its own, None where it does not (or names it under two letters)."""
    if len(word) < 2:
        return None
    m = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", title, re.IGNORECASE)
    return None if m is None else m.start()


def title_named_arm(table: Table, cols: list[int], title: str) -> int | None:
    """Of two value columns `cols`, the position (0 or 1) of the one whose first header word the title names as what
    the PR brings; None where the title names both or neither, names it as the side set against, or a header names a
    model."""
    if len(cols) != 2 or not title or any(i >= len(table.header) for i in cols):
        return None
    heads = [clean(table.header[i]) for i in cols]
    if any(not h or model_names(h) for h in heads):
        return None
    words = [first_word(h) for h in heads]
    if words[0] == words[1]:
        return None
    at = [_named_at(title[:300], w) for w in words]
    if (at[0] is None) == (at[1] is None):
        return None
    k = 0 if at[0] is not None else 1
    start = at[k] or 0
    return None if _AWAY_BEFORE_RE.search(title, max(0, start - 48), start) else k
