"""A change column named by the side it was measured on, then the side it is set against:

    | batch | decode tok/s, this PR vs main | ITL, this PR vs `main` | decode tok/s, `main` vs plain decoding |
    | 1     | +9.2%                         | -8.4%                  | +31.0%                                 |

Each change is measured on the side before "vs" (this PR, main): that side is its revision, by its words. The claim
keeps the measure before the comma ("decode tok/s"); where the side after "vs" is no side of the change (plain
decoding, greedy drafting) the measure keeps it ("decode tok/s vs plain decoding"), so that the PR's change against
main and main's change against another method stay two series. A cell that already has its revision or a reference
(a paired value) is left as it is.

Apart from side_columns.py, which reads the side columns a baseline column pairs: these columns pair with none.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.memo import short_text_cache
from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.tables.cells import clean
from ledger.vocab.sides import side_alone, side_of

# "<measure>, <side> vs <other>" (the measure and its comma optional); each part bounded, no nested repeats
_VS_HEAD_RE = re.compile(
    r"^(?:(?P<measure>[^,]{1,60}),\s{0,3})?(?P<side>[^,]{1,30}?)\s{1,3}(?:vs\.?|versus|against|relative\s to)\s{1,3}"
    r"(?P<other>[^,()\[\]]{1,40}?)\s{0,3}(?:[(\[][^()\[\]]{0,20}[)\]])?\s{0,3}$",
    re.IGNORECASE,
)


@short_text_cache(2048)  # (each header, again for every row under it)
def vs_side(header: str) -> tuple[str, str | None] | None:
    """(the side's words, the measure the claim keeps) of a header "measure, side vs other" whose side is a side's
    name alone (side_alone: "this PR", "`main`"); None for any other header ("Opt2 vs B", "speed-up vs fp16")."""
    m = _VS_HEAD_RE.match(clean(header).replace("`", ""))
    if m is None or not side_alone(m.group("side")):
        return None
    measure, other = (m.group("measure") or "").strip(), m.group("other").strip()
    if measure and side_of(other) is None:
        measure = f"{measure} vs {other}"
    return m.group("side").strip(), measure or None


def on_vs_sides(ctx: Context, claims: Iterator[Claim]) -> Iterator[Claim]:
    """Each unpaired value under a "measure, side vs other" column on that side's revision (the one the text defines
    by that name, with its commit, else the side's words), named by its measure."""
    for c in claims:
        header = str(c.config.get("column") or "")
        got = vs_side(header) if header and c.revision is None and c.reference is None else None
        if got is None:
            yield c
            continue
        side, measure = got
        rev = ctx.named_at(c.source.line).get(side.lower()) or Revision(label=side)
        yield c.model_copy(update={"revision": rev, **({"metric": measure} if measure else {})})
