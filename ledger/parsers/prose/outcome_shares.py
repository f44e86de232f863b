"""A share a sentence names by the bad outcome written right after it ("0.010 / 64% invalid", "0.1% invalid",
"3% timed out"): the share of answers or requests that went wrong, a measure of its own (fewer is better), never the
score or the speed the words before it name ("GSM8K (100Q): **0.010 / 64% invalid**" holds a score and a share)."""

from __future__ import annotations

import re

from ledger.vocab.metrics import BAD_OUTCOMES

# the bad outcome right after the share, its markup closed between ("**0.010 / 64% invalid**", "64%** invalid")
_OUTCOME_AFTER_RE = re.compile(r"[*_`]{0,2}\s?(?P<what>" + BAD_OUTCOMES + r")", re.IGNORECASE)


def bad_outcome_shares(out: list[dict], text: str) -> list[dict]:
    """Name each share of `out` (claims read in `text`) followed by a bad outcome's word after that word: its own
    measure, an accuracy-kind quality better the lower (vocab.metrics LOWER_IS_BETTER_RE), no reference borrowed;
    `out` itself back."""
    for c in out:
        if c.get("unit") != "%" or c.get("end", -1) < 0:
            continue
        m = _OUTCOME_AFTER_RE.match(text, c["end"])
        if m is not None and m.group("what").strip():
            c["metric"], c["kind"], c["reference"] = m.group("what").strip().lower(), "accuracy", None
    return out
