"""The token speeds an offline run's progress bar ends with:

    Processed prompts: 100%|███| 500/500 [00:21<00:00, 23.1it/s, est. speed input: 9120.4 toks/s, output: 1402.7 toks/s]

vLLM's offline generate prints its throughput inside the bar, and a PR that compares two offline runs (an lm_eval
run on vllm, a Before/After paste) compares these two speeds. The rest of the bar is no result: the count is the
work's size, the elapsed time and the items per second are the bar's progress, as on any other tqdm bar (which
stays no claim). Only the speeds the bar names as estimated input and output token rates are read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import normalise_unit

_NUMBER = r"\d{1,3}(?:,\d{3}){1,4}(?:\.\d{1,6})?|\d{1,12}(?:\.\d{1,6})?"
# "it/s, est. speed input: 9120.40 toks/s, output: 1402.77 toks/s]": each side's label, value and unit
_SPEEDS_RE = re.compile(
    r"/s,[ \t]{0,4}est\.[ \t]{0,4}speed[ \t]{1,4}(?P<rest>input:.*)$",
    re.IGNORECASE,
)
_SPEED_RE = re.compile(
    r"(?P<label>input|output):[ \t]{0,4}(?P<value>" + _NUMBER + r")[ \t]{0,2}(?P<unit>toks?/s|tokens/s)",
    re.IGNORECASE,
)


def speed_claims(ctx: Context, no: int, text: str) -> Iterator[Claim]:
    """The input and output throughput a progress bar on line `no` estimates, when the line is such a bar."""
    if "est." not in text or "%|" not in text:
        return
    m = _SPEEDS_RE.search(text)
    if m is None:
        return
    for s in _SPEED_RE.finditer(text, m.start("rest")):
        start, end = s.start(), s.end()
        if not ctx.is_free(no, start, end):
            continue
        ctx.take(no, start, end)
        yield ctx.claim(
            "perf",
            no,
            text[start:end],
            metric=f"{s.group('label').lower()} throughput",
            value=float(s.group("value").replace(",", "")),
            unit=normalise_unit(s.group("unit")),
        )
