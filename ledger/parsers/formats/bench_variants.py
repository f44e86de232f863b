"""A llama.cpp benchmark table that sets several variants beside one baseline column, each with its change:

    | type | ne11 | base t/s | branchless t/s | vs base | branchless + prefetch t/s | vs base | MMQ t/s (note) |

The column a base side names ("base t/s", "old t/s", "master t/s") is the baseline of every other named "<name> t/s"
column, each of which was measured on the variant its name gives; a "vs base" column is the change of the variant
column left of it (repeated once per variant, so never a setting of the row); a value column whose header ends in a
parenthesised note is still a value column, set beside the others and measured against none of them.

Apart from llama_bench because that module reads the tool's own layouts (llama-bench, batched-bench,
compare-llama-bench); this reads the variant table people build by hand from its numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ledger.model import Revision
from ledger.parsers.tables.headers import VS_RE
from ledger.vocab.sides import side_alone, side_of

# "cuBLAS t/s (for reference)", "MMQ t/s (forced at all ne11 - for comparison)": the note after the unit
_NOTE_RE = re.compile(r"\s{0,4}\([^()]{1,60}\)$")
# "<name> t/s": a variant's column, the name before the rate unit llama.cpp's tools print
_NAMED_RATE_RE = re.compile(r"^(?P<name>\S.{0,40}?)\s{1,4}t/s$", re.IGNORECASE)


@dataclass
class Variants:
    """What a variant table's header says of its columns, by column index."""

    base: int | None = None
    """The baseline column (its cells are the other columns' references, never claims of their own)."""
    sides: dict[int, Revision] = field(default_factory=dict)
    """The variant each named value column, and each change column after it, was measured on."""
    apart: set[int] = field(default_factory=set)
    """Value columns headed with a note ("(for comparison)"): measured beside the variants, against no baseline."""


def noted_value(head: str) -> bool:
    """The header is a named rate with a parenthesised note after it ("cuBLAS t/s (for reference)")."""
    m = _NOTE_RE.search(head)
    return m is not None and m.start() > 0 and _NAMED_RATE_RE.match(head[: m.start()]) is not None


def without_note(head: str) -> str:
    """The header without a named rate's note ("cuBLAS t/s (for reference)" -> "cuBLAS t/s")."""
    return head[: m.start()] if noted_value(head) and (m := _NOTE_RE.search(head)) is not None else head


def change_column(head: str) -> bool:
    """ "vs base", "vs. master": the change of the column before it against the baseline the header names."""
    m = VS_RE.match(head)
    return m is not None and m.start() == 0 and len(head) <= 40


def variant_columns(heads: list[str], roles: list[str]) -> Variants:
    """The baseline and the variants of a table whose value columns are "<name> t/s" (see the module), and the
    roles made to fit: the base column "baseline"; nothing where no column's name is a base side alone, or where
    fewer than one other named column stands beside it."""
    out = Variants()
    if "baseline" in roles:
        return out  # (compare-llama-bench's "t/s master | t/s PR": llama_bench pairs those itself)
    named = {
        i: m.group("name").strip()
        for i, h in enumerate(heads)
        if roles[i] == "value" and (m := _NAMED_RATE_RE.match(h)) is not None
    }
    bases = [i for i, name in named.items() if side_alone(name) and side_of(name) == "base"]
    others = [i for i, name in named.items() if i not in bases and side_of(name) != "base"]
    if len(bases) != 1 or not others:
        return out
    out.base = bases[0]
    roles[out.base] = "baseline"
    out.apart = {i for i, h in enumerate(heads) if roles[i] == "value" and noted_value(h)}
    owner: int | None = None
    for i in range(len(heads)):
        if i in others:
            owner = i
            out.sides[i] = Revision(label=named[i])
        elif roles[i] == "delta" and owner is not None:
            out.sides[i] = out.sides[owner]  # ("vs base" after "branchless t/s": branchless's change)
    return out
