"""Lengths a document joins with slashes as the points of one sweep ("the 1K/2K/4K/8K/16K/32K sweep"): a pair of
those points elsewhere in its prose ("the values at 4K/8K were not stable") is two of the sweep's points, not one
run's input and output lengths, which the serving shorthand "1k/8k" names in a text that lists no such sweep. The
setup readers read such a pair blanked (its columns kept); the claims are read from the lines as printed."""

from __future__ import annotations

import re
from collections.abc import Callable

# three points or more, each a count of tokens in thousands or millions ("1K/2K/4K", "128K/256K/512K/1M")
_CHAIN_RE = re.compile(r"(?<![\w./])\d{1,4}(?:\.\d)?[kKM](?:/\d{1,4}(?:\.\d)?[kKM]){2,40}(?![\w/])")
# two of them, alone (never a third after: that is a chain, or a serving pair with its load, "1k/1k/256")
_PAIR_RE = re.compile(r"(?<![\w./])(?P<a>\d{1,4}(?:\.\d)?[kKM])/(?P<b>\d{1,4}(?:\.\d)?[kKM])(?![\w/]|\.\w)")


SWEPT = "reader.sweep_pairs"
"""The key of Document.derived under which the pairs are kept, by line: {line: {(first, second), ...}}."""


def drop_swept_pair(swept: dict[int, frozenset[tuple[str, str]]], line: int, config: dict[str, str]) -> None:
    """`config` of a result on `line`, in place, without the input and output lengths a sweep's pair gave it."""
    pairs = swept.get(line)
    if pairs and (config.get("isl", "").lower(), config.get("osl", "").lower()) in pairs:
        del config["isl"], config["osl"]


def sweep_pairs(
    count: int, line: Callable[[int], str], prose: set[int]
) -> dict[int, tuple[str, frozenset[tuple[str, str]]]]:
    """Line number (from 1, of `count`, each read by `line`) -> the line with its slashed pairs of sweep points
    blanked, and the pairs, lower-cased, for the prose lines (`prose`) that hold one; {} where the document lists
    no sweep of lengths."""
    points: set[str] = set()
    for no in range(1, count + 1):
        text = line(no)
        if "/" in text:
            points.update(p.lower() for m in _CHAIN_RE.finditer(text[:4000]) for p in m.group(0).split("/"))
    if not points:
        return {}
    out: dict[int, tuple[str, frozenset[tuple[str, str]]]] = {}
    for no in sorted(prose):
        text = line(no)
        if "/" not in text or len(text) > 4000:
            continue
        found = [m for m in _PAIR_RE.finditer(text) if {m.group("a").lower(), m.group("b").lower()} <= points]
        for m in found:
            text = text[: m.start()] + " " * (m.end() - m.start()) + text[m.end() :]
        if found:
            out[no] = (text, frozenset((m.group("a").lower(), m.group("b").lower()) for m in found))
    return out
