"""Test counts a qualification report lists in prose: "Per SKU: 24/24 JIT/import, 59/59 GPU/API, 12/12 benchmark
correctness, and both registered regressions passed." (each "k/n <name>" of the list one count, passed k of n, named
by its own words), and "All 36 sanitizer summaries report `ERROR SUMMARY: 0 errors`" (36 passed, none failed), a
sentence a hand-wrapped item may carry over two lines."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from ledger.vocab.word_gate import WordGate

# one "k/n <name>" of a list: a count of a count ("10/10/8/8 by board", a date, "1/2.5" are none), then its name up
# to the list's next separator, the list's verb or the clause's end
_RATIO_ITEM_RE = re.compile(
    r"(?<![\w./])(?P<k>\d{1,6})\s?/\s?(?P<n>\d{1,6})(?![\w/]|\.\d)\s{1,3}"
    r"(?P<name>[A-Za-z][^,;:()\n]{0,60}?)"
    # ("48/48 kernel unit tests and 6/6 graph captures passed": "and" before the next count ends a name too)
    r"(?=\s{0,3}(?:,|;|\(|\.(?:\s|$)|$)|\s{1,3}(?:passed|pass|passing|green|succeeded)\b|"
    r"\s{1,3}and\s{1,3}\d{1,6}\s?/\s?\d)"
)
# the verb that says the listed counts passed ("..., and both regressions passed", "all green")
# (searched only where one of its words stands: vocab.word_gate)
_LIST_PASSED_RE = WordGate(re.compile(r"\b(?:passed|pass|passing|green|succeeded)\b", re.IGNORECASE))
_CLAUSE_END_RE = re.compile(r"\.(?:\s|$)|;")
# "All 36 sanitizer summaries report `ERROR SUMMARY: 0 errors`": every one of N runs with no error
# (searched only where one of its words stands: vocab.word_gate)
_ALL_CLEAN_RE = WordGate(
    re.compile(
        r"\ball\s{1,3}(?P<n>\d{1,3}(?:,\d{3})+|\d{1,7})\s{1,3}(?P<what>(?:[\w./+-]{1,40}\s{1,3}){0,3}?[\w./+-]{1,40})"
        r"\s{1,3}(?:reports?|reported|show(?:s|ed)?|ha(?:ve|d)|return(?:s|ed)?|end(?:s|ed)?\s{1,3}with)\s{1,3}"
        r"[`*\"]{0,2}(?:[A-Za-z][\w ]{0,30}:\s{0,3})?(?:0|zero|no)\s{1,3}(?:errors?|failures?)\b",
        re.IGNORECASE,
    )
)


def ratio_lists(text: str) -> Iterator[tuple[int, int, int, int, str]]:
    """(start, end, passed, total, name) of each "k/n <name>" of a list of two or more whose clause says they
    passed; a lone "k/n name" is _RATIO_RE's (pass_counts), which needs the verb right after it."""
    if "/" not in text or _LIST_PASSED_RE.search(text) is None:
        return
    items = [m for m in _RATIO_ITEM_RE.finditer(text) if int(m.group("k")) <= int(m.group("n"))]
    k = 0
    while k < len(items):
        run = [items[k]]  # the items of one clause
        while k + 1 < len(items) and not _CLAUSE_END_RE.search(text, run[-1].end(), items[k + 1].start()):
            k += 1
            run.append(items[k])
        k += 1
        end = _CLAUSE_END_RE.search(text, run[-1].end())
        tail = text[run[-1].end() : end.start() if end else len(text)]
        if len(run) < 2 or _LIST_PASSED_RE.search(tail) is None:
            continue
        for m in run:
            name = m.group("name").strip(" `*_")
            name = re.sub(r"\s+(?:passed|pass|passing)$", "", name)
            yield m.start(), m.end(), int(m.group("k")), int(m.group("n")), name


def all_clean(text: str) -> Iterator[tuple[int, int, int, str]]:
    """(start, end, count, what) of each "All N <things> report ... 0 errors" in `text` (lines joined by "\\n")."""
    if "0" not in text and "zero" not in text.lower() and " no " not in text.lower():
        return
    for m in _ALL_CLEAN_RE.finditer(text):
        yield m.start(), m.end(), int(m.group("n").replace(",", "")), " ".join(m.group("what").split())


# "  - MegaMoE kernels: 4/4" nested under "- Targeted pytest cases: 33 passed, 0 failed.": one group's share
_SUB_COUNT_RE = re.compile(
    r"^(?P<indent>\s{1,12})[-*+]\s{1,3}(?P<name>[^:\n]{2,60}?):\s{1,3}(?P<k>\d{1,6})\s?/\s?(?P<n>\d{1,6})\s*$"
)
_ITEM_INDENT_RE = re.compile(r"^(?P<indent>\s{0,12})[-*+]\s")


def sub_count(lines: list[str], index: int, counted: Callable[[str], bool]) -> tuple[int, int, str] | None:
    """(passed, total, name) of a nested "name: k/n" item at lines[index] whose parent item (the nearest item above
    it indented less) states a test count (`counted`); None for any other line."""
    m = _SUB_COUNT_RE.match(lines[index])
    if m is None or int(m.group("k")) > int(m.group("n")):
        return None
    depth = len(m.group("indent"))
    for above in range(index - 1, max(-1, index - 40), -1):
        im = _ITEM_INDENT_RE.match(lines[above])
        if im is None:
            if not lines[above].strip():
                return None  # (a blank line ends the list)
            continue
        if len(im.group("indent")) < depth:
            return (int(m.group("k")), int(m.group("n")), m.group("name").strip()) if counted(lines[above]) else None
    return None
