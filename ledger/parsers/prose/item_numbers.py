"""The numbers that count a sentence's points: "(1) keeps accuracy intact and (2) halves the launch count"."""

from __future__ import annotations

from ledger.parsers.grammar.numbers import Number


def enumerator(text: str, n: Number) -> bool:
    """An item's number in a sentence that counts its points, known by its neighbour "(1)" or "(3)" in the same
    text; never a value (it gave "accuracy 2.0" on "... accuracy is preserved, and (2) ...")."""
    if n.unit is not None or n.high is not None or not n.text.isdigit() or not 1 <= n.value <= 20:
        return False
    if text[n.start - 1 : n.start] != "(" or text[n.end : n.end + 1] != ")":
        return False
    k = int(n.value)
    return any(text.find(f"({j})") >= 0 for j in (k - 1, k + 1) if j >= 1)
