"""The arm a PR's title names, of two value columns that name arms and no side: the candidate.

    # Make cutlass the default grouped GEMM for MoE prefill

    | Eval  | cutlass | triton | Δ       |
    | gsm8k | 0.918   | 0.927  | −0.9 pp |

Neither header says "this PR" or "new", and the first column is not always the baseline: the title names what the PR
brings (cutlass), so that column is the value and the other its reference. A title that names both arms, neither, or
the named one as what the PR moves off ("Replace triton with ...", "faster than FlashInfer") decides nothing; nor
does a header that names a model (two models side by side are no change and its baseline).

The same holds for the two arms a header names in brackets over "a / b" cells ("TTFT (IFMOE / Triton)" over "0.72 s /
0.95 s"), and there a ratio column of the same table naming them ("IFMOE/Triton" over "1.33×") tells too: its
numerator is the candidate."""

from __future__ import annotations

import re

from ledger.parsers.base import Context
from ledger.parsers.reader.blocks import Table
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import SLASH_SIDES_RE
from ledger.parsers.tables.ratio_heads import first_word, ratio_words
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
    return None if words[0] == words[1] else _title_pick(words, title)


def _title_pick(words: list[str], title: str) -> int | None:
    """Which of two arm words (0 or 1) the title names as what the PR brings: the one it names, the other not, and
    not as the side set against ("vs triton"); else None."""
    at = [_named_at(title[:300], w) for w in words]
    if (at[0] is None) == (at[1] is None):
        return None
    k = 0 if at[0] is not None else 1
    start = at[k] or 0
    return None if _AWAY_BEFORE_RE.search(title, max(0, start - 48), start) else k


def pr_title(ctx: Context) -> str:
    """The PR's title: the first heading of a markdown body, the first line of a rendered copy."""
    got = ctx.memo.get("tables.title")
    if got is None:
        doc = ctx.doc
        if doc.format == "rendered":
            got = next((ln.strip() for ln in doc.lines[:5] if ln.strip()), "")
        else:
            got = next((b.text for b in doc.blocks if b.kind == "heading" and b.level <= 1), "")
        ctx.memo["tables.title"] = got
    return str(got)


def slash_arms(head: str, table: Table, title: str) -> tuple[int, int] | None:
    """For a header naming two arms in brackets ("TTFT (FA3 / FlashInfer)"): (index of the candidate, index of the
    reference) in its "a / b" cells, by the arm the title names, else by a ratio header of the table naming both
    (its numerator the candidate); None where neither tells, or the header names no two arms so."""
    m = SLASH_SIDES_RE.search(head) if "(" in head else None
    if m is None or m.group("open") is None:
        return None
    words = [m.group("a").lower(), m.group("b").lower()]
    if (k := _title_pick(words, title)) is not None:
        return (k, 1 - k)
    for other in table.header:
        ratio = ratio_words(clean(other)) if "/" in other and other != head else None
        if ratio is not None and sorted(w.lower() for w in ratio) == sorted(words):
            return (0, 1) if ratio[0].lower() == words[0] else (1, 0)
    return None
