"""Counts out of their population: "Failed requests: 2 of 1319 (main: 1 of 1319)".

A label that counts what went wrong (vocab.metrics.names_failure_count), a colon, then k of n (or k/n): the count k
is the claim's value, n its population (config `samples`, which compare's noise rule for counts reads), and a
parenthesis naming the other side with its own count ("(main: 1 of 1319)", "(baseline 0/1319)") gives the
reference. Where the parenthesis names the candidate ("(this PR: 2 of 1319)"), the count before it is the
reference and the parenthesis's the value. A percentage is no count of this kind: the prose reader takes it."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.metrics import kind_for_metric, names_failure_count
from ledger.vocab.sides import side_of

NAME = "population_counts"
VERSION = "1"
BLOCKS = frozenset({"text", "item", "code"})
LINE_MARKS = ("of", "/")  # (_LINE_RE's "of" needs no blank around it: "2of 13", "2\tof\t13")

_N = r"\d{1,3}(?:,\d{3})+|\d{1,9}"
# "- **Failed requests**: 2 of 1319", "Request failures: 0/1319"
_LINE_RE = re.compile(
    r"^\s{0,8}(?:[-*+]\s{1,4})?[*_`]{0,2}(?P<label>[A-Za-z][\w ./-]{0,60}?)[*_`]{0,2}\s?:[*_]{0,2}\s{0,4}"
    r"(?P<k>" + _N + r")\s{0,2}(?:out of|of|/)\s{0,2}(?P<n>" + _N + r")(?![\d.%])"
)
# "(main: 1 of 1319)", "(baseline 0/1319)", "(vs 1 of 1319 on main)": the other side's count
_OTHER_RE = re.compile(
    r"\s{0,3}\(\s{0,2}(?P<side>[A-Za-z][\w ./-]{0,40}?)\s{0,2}:?\s{1,3}(?P<k>" + _N + r")\s{0,2}(?:out of|of|/)\s{0,2}"
    r"(?P<n>" + _N + r")(?P<after>[\w ./-]{0,40})\)"
)


def _int(text: str) -> int:
    return int(text.replace(",", ""))


def admits(block: Block, text: str, doc: Document) -> bool:
    """A count's line is "label: k of n" (_LINE_RE): a colon stands in the block (its marks, " of" or "/", too)."""
    return ":" in text


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    for no, text in enumerate(ctx.doc.lines[block.start - 1 : block.end], start=block.start):
        m = _LINE_RE.match(text)
        if m is None or not names_failure_count(label := m.group("label").strip()):
            continue
        k, n = _int(m.group("k")), _int(m.group("n"))
        if k > n or not ctx.is_free(no, m.start("k"), m.end("n")):
            continue
        value, ref, size, end = k, None, n, m.end("n")
        o = _OTHER_RE.match(text, m.end()) if "(" in text[m.end() :] else None
        if o is not None and _int(o.group("k")) <= _int(o.group("n")):
            side = side_of(f"{o.group('side')} {o.group('after')}")
            if side == "base":
                ref, end = _int(o.group("k")), o.end()
            elif side == "head":  # "Failed requests: 1 of 1319 (this PR: 2 of 1319)": the PR's count is in parentheses
                value, ref, size, end = _int(o.group("k")), k, _int(o.group("n")), o.end()
        ctx.take(no, m.start("k"), end)
        yield ctx.claim(
            kind_for_metric(label),
            no,
            text[m.start("k") : end],
            metric=label,
            value=float(value),
            reference=None if ref is None else float(ref),
            config={"samples": str(size)},
        )
