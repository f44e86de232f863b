"""Headers that print part of what they mean once for several columns, spelled out for each. Value columns whose
headers each name one value of a setting, as a sweep prints them side by side:

    | hw   | quant | tp | c64 | c256 (tok/s/gpu) |      <- concurrency 64 and 256, both in tok/s/gpu
    | h200 | bf16  | 8  | 550 | 552              |

A header that states a setting with its value ("conc 64", "bs 8", "TP2") over numbers is a column of results
measured at that setting, not a setting column ("TP" over "8"), and a sweep's siblings share the one unit the last of
them prints. The short "c64" a serving sweep writes is spelled out ("conc 64") only where two siblings or more use
it, since a lone "c8" may name anything. And a statistic's bare column beside a measured one (`| p50 (us) | min |
max |`): the minimum and maximum of the same timing, in its unit.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from ledger.parsers.grammar.unit_labels import header_unit
from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean, is_numeric_cell
from ledger.vocab.metrics import is_acceptance_name
from ledger.vocab.setup import qualifiers
from ledger.vocab.units import STAT_WORD_RE

_SHORT_CONC_RE = re.compile(r"^c(?P<n>\d{1,5})(?P<rest>\s?\([^()]{1,24}\))?$", re.IGNORECASE)
# "| prompt | n=2 | n=3 |" under "Per-prompt accept rate": the draft length each column's runs used, as papers (k,
# gamma) and llama.cpp (n_max) name it, or in tokens ("| task | 2 tokens | 4 tokens |")
_DRAFT_HEAD_RE = re.compile(
    r"^`?(?:(?:n|k|n_max|gamma|γ) ?= ?(?P<n>\d{1,2})`?|(?P<t>\d{1,2}) (?:draft |spec(?:ulative)? )?tokens?)"
    r"(?P<rest>\s?\([^()]{1,24}\))?$",
    re.IGNORECASE,
)
_UNIT_TAIL_RE = re.compile(r"\s?\([^()]{1,24}\)$")


def with_swept_heads(table: Table, heading: Sequence[str], lead: str) -> Table:
    """The table with a sweep's short headers spelled out and its one printed unit given to every sibling; under a
    heading or lead-in naming acceptance, "n=2 | n=3" are draft lengths."""
    heads = [clean(h) for h in table.header]
    numeric = [_numeric(table, i) for i in range(len(heads))]
    heads = _spelled_out(heads, numeric, _SHORT_CONC_RE, "conc")
    if any("=" in h or "token" in h for h in heads) and any(map(is_acceptance_name, [*heading, lead])):
        heads = _spelled_out(heads, numeric, _DRAFT_HEAD_RE, "draft")
    swept = [i for i, h in enumerate(heads) if numeric[i] and swept_setting(h)]
    keys = {frozenset(qualifiers(_UNIT_TAIL_RE.sub("", heads[i]))) for i in swept}
    # (a tail that is a unit: "(tok/s/gpu)", never "(optimized)")
    units = {m.group(0) for i in swept if (m := _UNIT_TAIL_RE.search(heads[i])) and header_unit(heads[i])}
    if len(swept) >= 2 and len(keys) == 1 and len(units) == 1:
        unit = units.pop()
        heads = [h + unit if i in swept and not _UNIT_TAIL_RE.search(h) else h for i, h in enumerate(heads)]
    heads = _stat_units(_geforce_numbers(heads, numeric), numeric)
    if heads == [clean(h) for h in table.header]:
        return table
    return replace(table, header=heads)


def _rewritten(
    heads: list[str], numeric: list[bool], short_re: re.Pattern[str], spell: Callable[[re.Match[str]], str]
) -> list[str]:
    """The headers of value columns `short_re` matches, each written as `spell` spells its match."""
    out = list(heads)
    for i, h in enumerate(heads):
        if numeric[i] and (m := short_re.match(h)) is not None:
            out[i] = spell(m)
    return out


def _spelled_out(heads: list[str], numeric: list[bool], short_re: re.Pattern[str], word: str) -> list[str]:
    """The headers with two siblings or more of one short form ("c64 | c256", "n=2 | n=3") written as `word` and
    the number ("conc 64"), which the setup words read; a lone one may name anything."""
    if sum(1 for i, h in enumerate(heads) if numeric[i] and short_re.match(h)) < 2:
        return heads
    return _rewritten(
        heads, numeric, short_re, lambda m: f"{word} {m.group('n') or m.groupdict().get('t')}{m.group('rest') or ''}"
    )


# "| 3090Ti | 4090 |": a GeForce named by its number alone, beside a board the vocabulary knows
_GEFORCE_NUMBER_RE = re.compile(r"^(?P<pre>[A-Za-z][\w.]{0,10}: ?)?(?P<n>[2-5]0[5-9]0)$")


def _geforce_numbers(heads: list[str], numeric: list[bool]) -> list[str]:
    """The headers with a bare GeForce number ("4090", "V1: 4090") spelled as the board ("RTX 4090") where a
    sibling column names a board: a lone "4090" may count anything."""
    if not any("gpu" in qualifiers(h) for h in heads if not _GEFORCE_NUMBER_RE.match(h)):
        return heads
    return _rewritten(heads, numeric, _GEFORCE_NUMBER_RE, lambda m: f"{m.group('pre') or ''}RTX {m.group('n')}")


def _stat_units(heads: list[str], numeric: list[bool]) -> list[str]:
    """ "| p50 (us) | min | max |": a bare statistic's column takes the unit of the statistic's column before it."""
    out = list(heads)
    for i in range(1, len(out)):
        if not (numeric[i] and STAT_WORD_RE.fullmatch(out[i])):
            continue
        left = out[i - 1]
        m = _UNIT_TAIL_RE.search(left)
        if m and STAT_WORD_RE.fullmatch(left[: m.start()].strip()) and header_unit(left):
            out[i] = out[i] + m.group(0)
    return out


def swept_setting(head: str) -> bool:
    """The header states a setting with its value, or two ("TP=8/EP=8"), and nothing else but a unit ("conc 64",
    "TP2 (ms)"): the column holds results measured there, an arm of the run, never a column of settings."""
    core = _UNIT_TAIL_RE.sub("", head).strip()
    if not core or not any(ch.isdigit() for ch in core) or len(core) > 24:
        return False
    named = qualifiers(core)
    compact = core.replace(" ", "").lower()
    return 1 <= len(named) <= 2 and all(v.lower() in compact for v in named.values())


def _numeric(table: Table, i: int) -> bool:
    # (a dash is a cell left empty: "| - |" where that build has no figure)
    cells = [r.cells[i] for r in table.rows if i < len(r.cells) and clean(r.cells[i]) not in ("", "-", "—", "n/a")]
    return bool(cells) and all(is_numeric_cell(c) for c in cells)
