"""A chain of results each measured under its own setup, an arrow between each ("KTransformers: 54.21 (32 cores) →
74.36 (dual-socket, 2×32 cores) → 255.26 (AMX kernel)" under "Prefill Speed (tokens/s):"): each value a result of
the measure its list's lead-in names (in that lead-in's unit), its parenthesis its own setup, and no value the
reference of the next: the steps add a setting each, no before and after of one run.

Apart from the sentence reader's pairs ("158 -> 30 ms": a value and its reference) because a parenthesis after each
value says each is a run of its own."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.vocab.board_counts import cores_of
from ledger.vocab.setup_keys import UNSAID
from ledger.vocab.text import ARROW, holds_arrow
from ledger.vocab.units import is_measure_unit

# one step: a number, its parenthesis, then an arrow or the chain's end
_STEP_RE = re.compile(
    r"(?<![\w.])(?P<num>\d{1,6}(?:\.\d{1,4})?)[ \t]?\((?P<setup>[^()\n]{2,100})\)[ \t]*(?P<arrow>" + ARROW + r")?"
)
# "Decode Speed (tokens/s):": the lead-in's measure and its unit
_LEAD_RE = re.compile(r"^[\s*_-]{0,6}(?P<name>[A-Za-z][\w .-]{1,40}?)[ \t]?\((?P<unit>[^()]{1,20})\)[\s*_]{0,4}:$")


def chain_steps(text: str) -> list[re.Match[str]] | None:
    """The steps of the chain `text` holds, two or more, each after the arrow that ends the step before it; None for
    any other text."""
    if not holds_arrow(text):
        return None
    steps: list[re.Match[str]] = []
    for m in _STEP_RE.finditer(text[:2000]):
        if steps and (steps[-1].group("arrow") is None or text[steps[-1].end() : m.start()].strip()):
            return None  # (a value after no arrow, or words between: no chain of steps)
        steps.append(m)
    return steps if len(steps) >= 2 and steps[-1].group("arrow") is None else None


def chain_claims(ctx: Context, line: int, text: str, steps: list[re.Match[str]], lead: str) -> Iterator[Claim]:
    """The claims of the chain's steps, named by the lead-in `lead` ("Decode Speed (tokens/s):"); none where the
    lead-in names no measure in a unit."""
    lm = _LEAD_RE.match(lead.strip())
    unit = normalise_unit(lm.group("unit")) if lm is not None else None
    if lm is None or not is_measure_unit(unit):
        return
    setups = [_step_setup(m.group("setup")) for m in steps]
    stated = {k for s in setups for k in s}
    for m, own in zip(steps, setups, strict=True):
        if not ctx.is_free(line, m.start("num"), m.end("num")):
            continue
        ctx.take(line, m.start("num"), m.end("num"))
        setup = m.group("setup").strip()
        # (a key another step states is none of this step's: "dual-socket" in the next is not the first's, read
        # from the line by the setup scopes)
        own = {**dict.fromkeys(stated, UNSAID), **own}
        yield ctx.claim(
            "perf",
            line,
            m.group("num"),
            metric=lm.group("name").strip(),
            value=float(m.group("num")),
            unit=unit,
            config={**own, "setting": setup},  # (its own setup; the words no key reads tell it apart)
        )


def _step_setup(words: str) -> dict[str, str]:
    """The setup a step's parenthesis names: its settings and the CPU cores it ran on."""
    setup = line_setup(words.strip())
    if (cores := cores_of(words)) is not None:
        setup["cores"] = cores
    return setup
