"""Columns a ratio or comparison header names: "2cta/1cta" beside "1cta (TFLOPS)" and "2cta (TFLOPS)", "Cake vs
FlashKDA" beside "Cake API" and "FlashKDA raw"; the column it names second (or the one a PR's title does not add)
is the baseline of the first.

Apart from roles.py because it reads the header words alone, by their first word, to name two other columns."""

from __future__ import annotations

import re

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import cell_facts, clean
from ledger.parsers.tables.headers import unit_of_header
from ledger.vocab.units import is_time_unit

# "2cta/1cta" beside "1cta (TFLOPS)" and "2cta (TFLOPS)": a ratio column naming two other columns
_RATIO_HEAD_RE = re.compile(r"([A-Za-z0-9][\w.-]{0,20})\s?/\s?([A-Za-z0-9][\w.-]{0,20})")


# "Cake vs FlashKDA", "Cake vs #4605 backend": a change column naming two value columns by their first words
VS_HEAD_RE = re.compile(
    r"([A-Za-z0-9#][\w.#-]{0,20})\s(?:vs\.?|versus)\s([A-Za-z0-9#][\w.#-]{0,20})"
    r"(?:\s[\w.-]{1,20})?"
)


def vs_baseline(table: Table, roles: list[str], values: list[int], deltas: list[int]) -> None:
    """Of three or more value columns, the one the first "A vs B" change column names second is A's baseline
    ("Cake API | FlashKDA raw | Cake vs FlashKDA | #4605 at this head | Cake vs #4605"); a later comparison
    (the second baseline) stays a value of its own."""
    found = ratio_columns(table, values, VS_HEAD_RE)
    found = [f for f in found if f[0] in deltas]
    if found:
        roles[found[0][2]] = "baseline"


def first_word(head: str) -> str:
    """A header's first word, lowercased ("fi(us)" -> "fi"): how a ratio header names a column."""
    words = re.split(r"[\s(]", clean(head), maxsplit=1)
    return words[0].lower() if words else ""


def ratio_words(head: str) -> tuple[str, str] | None:
    """The two words an "A/B" header names, lowercased, whether or not each is a column's."""
    m = _RATIO_HEAD_RE.fullmatch(head)
    return (m.group(1).lower(), m.group(2).lower()) if m else None


def ratio_columns(table: Table, cols: list[int], pattern: re.Pattern[str] | None = None) -> list[tuple[int, int, int]]:
    """(ratio column, numerator column, denominator column) for each "A/B" header (or `pattern`'s, "A vs B")
    naming two of `cols`."""
    pattern = pattern or _RATIO_HEAD_RE
    heads = table.header
    by_word: dict[str, int] = {}
    for i in sorted(cols):
        if i < len(heads):
            by_word.setdefault(first_word(heads[i]), i)
    out = []
    for ci, h in enumerate(heads):
        m = pattern.fullmatch(clean(h))
        if m:
            a, b = by_word.get(m.group(1).lower()), by_word.get(m.group(2).lower())
            if a is not None and b is not None and a != b and ci not in (a, b):
                out.append((ci, a, b))
    return out


def ratio_baseline(table: Table, roles: list[str], title: str = "") -> None:
    """The first ratio column's denominator is the baseline of its numerator ("2cta/1cta": 1cta), where no
    header names one; the other ratios ("2cta/cublas") stay comparisons of their own."""
    if "baseline" in roles or "/" not in "".join(table.header):
        return
    found = ratio_columns(table, [i for i, r in enumerate(roles) if r in ("value", "baseline")])
    if found:
        ci, a, b = found[0]
        named = [_named_in(title, first_word(table.header[i])) for i in (a, b)]
        # "fi/cudnn" under a PR titled "cuDNN as a backend ...": the side the title adds is the new one; where the
        # printed ratios are one side's time over the other's, they say which side was sped up, whatever the title
        faster = _faster_side(table, ci, a, b) if _speedup_of_times(table, roles, ci, a, b) else None
        if faster is not None:
            roles[b if faster == a else a] = "baseline"
        elif named == [False, True] or (named != [True, False] and _speedup_of_times(table, roles, ci, a, b)):
            roles[a] = "baseline"
        else:
            roles[b] = "baseline"


def _named_in(title: str, word: str) -> bool:
    return len(word) >= 2 and re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", title, re.IGNORECASE) is not None


def _speedup_of_times(table: Table, roles: list[str], ci: int, a: int, b: int) -> bool:
    """A ratio of two times printed as a speed-up ("Source ms | Export ms | Source/export" over "1.07x"), with no
    delta column to say which side is new: the old time over the new one (a bare "Public/raw" of 1.0066 is a
    parity check, the new over the old)."""
    cells = [clean(r.cells[ci]) for r in table.rows if ci < len(r.cells) and clean(r.cells[ci])]
    return "delta" not in roles and bool(cells) and all(c.endswith(("x", "×")) for c in cells) and _times(table, a, b)


def _faster_side(table: Table, ci: int, a: int, b: int) -> int | None:
    """The column whose time the printed speed-ups divide ("DSv3 (us) | cuBLAS (us) | DSv3/cuBLAS" over "1.73 |
    4.34 | 2.52x": cuBLAS's time over DSv3's, DSv3's speed-up, so DSv3 is the candidate; "Source ms | Export ms |
    Source/export" over "10.7 | 10.0 | 1.07x": the source's time over the export's, the export the candidate), where
    every row with all three numbers agrees; None where the numbers say neither."""
    votes = set()
    for row in table.rows:
        if max(a, b, ci) >= len(row.cells):
            continue
        nums = [cell_facts(row.cells[i])[2] for i in (a, b, ci)]
        if any(n is None or n[0] <= 0 for n in nums):
            continue
        ta, tb, ratio = (n[0] for n in nums if n is not None)
        over_a, over_b = _close(ratio, tb / ta), _close(ratio, ta / tb)
        if over_a == over_b:
            return None  # (1.00x of two equal times says nothing; a ratio matching neither, that it is not one)
        votes.add(a if over_a else b)
    return votes.pop() if len(votes) == 1 else None


def _close(printed: float, computed: float) -> bool:
    """A printed ratio is the computed one, to its two printed decimals (5% either way for rounded times)."""
    return abs(printed - computed) <= max(0.05 * computed, 0.006)


def _times(table: Table, a: int, b: int) -> bool:
    """Both columns hold times: their headers' units, else their cells'."""
    return all(
        is_time_unit(unit_of_header(clean(table.header[i])) or _cell_unit(table, i))
        for i in (a, b)
        if i < len(table.header)
    )


def _cell_unit(table: Table, i: int) -> str | None:
    units = {facts[3] for r in table.rows if i < len(r.cells) and (facts := cell_facts(r.cells[i])[2])}
    return units.pop() if len(units) == 1 else None


# "Speedup (INT8 v.s. FP16)": the run a change is taken against, after its "vs"
_AGAINST_RE = re.compile(r"\b(?:vs\.?|v\.s\.|versus|against|over)\s{1,3}(?P<base>[\w.+-]{2,30})", re.IGNORECASE)


def against_a_third(change: str, a: str, b: str) -> bool:
    """The change column names the run it is taken against, and that run is neither value column ("INT8 Latency |
    FP8 Latency | Speedup (INT8 v.s. FP16)": both are measured against an FP16 run the table does not print)."""
    m = _AGAINST_RE.search(change)
    base = m.group("base").lower() if m else ""
    return bool(base) and base not in a.lower() and base not in b.lower()
