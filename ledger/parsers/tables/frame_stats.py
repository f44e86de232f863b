"""The statistic a table's caption or heading names for the latencies its columns or rows measure:

    Mean latency (ms):                 <- the statistic (and the unit) of every latency cell below
    | Concurrency | TTFT | TPOT | ITL | Output tok/s |

Each TTFT, TPOT and ITL cell is a mean ("Mean TTFT", in ms), as a column "Mean TTFT (ms)" would name it; the output
rate is no latency and takes nothing. A lead-in right over the table ("P99 (ms)", "**Median**") names it, else the
table's own sub-heading ("### P90 latency"). A cell whose name states a statistic of its own ("P99 TPOT (ms)", a row
"Mean") keeps it, and a statistic of runs ("Median of 3 runs:") is no statistic of the requests: it is
grammar.caption_stats's, and names nothing here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ledger.model import Claim
from ledger.parsers.grammar.caption_stats import unbolded
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.vocab.metrics import STATISTIC_MEASURES, normalise_metric
from ledger.vocab.run_stats import NAMES_STAT_RE, caption_stat
from ledger.vocab.units import is_time_unit

# a heading's numbering ("3. ", "2.1) ") before its words
_NUMBERING_RE = re.compile(r"^\d{1,2}(?:\.\d{1,2}){0,3}[.)]?\s{1,3}")


@dataclass(frozen=True)
class FrameStat:
    """A statistic the caption over a table names for its latencies."""

    stat: str
    """The statistic as printed ("P99", "Mean", "Median")."""
    unit: str | None
    """The unit the caption states, None where it states none."""


def frame_statistic(lead: str, section: Sequence[str]) -> FrameStat | None:
    """The statistic the table's lead-in names as its whole caption, else its sub-heading's (the title heads the
    whole page, never one table); None where neither is such a caption."""
    for text in (lead, section[-1] if len(section) > 1 else ""):
        words = _NUMBERING_RE.sub("", unbolded(text.strip().lstrip("#").strip())).rstrip(":").strip(" *_`")
        found = caption_stat(words) if words else None
        if found is None:
            continue
        unit = normalise_unit(found[1]) if found[1] else None
        if unit is not None and not is_time_unit(unit):
            return None  # ("P99 (tok/s)": no latency's caption)
        return FrameStat(found[0], unit)
    return None


def _takes_statistic(metric: str) -> bool:
    """A latency a serving benchmark reports by statistic ("TTFT", "E2E", "decode latency"), named with none."""
    if NAMES_STAT_RE.search(metric):
        return False
    name = normalise_metric(metric, "perf").name
    return name in STATISTIC_MEASURES or name == "e2e" or "latency" in name


def with_frame_statistic(claims: Iterator[Claim], frame: FrameStat | None) -> Iterator[Claim]:
    """The table's claims, each latency named by the statistic its caption states ("TTFT" -> "Mean TTFT") and in
    its unit where its cell prints none; other claims as they are."""
    for c in claims:
        if (
            frame is not None
            and c.kind == "perf"
            and c.metric
            and (c.unit is None or is_time_unit(c.unit))
            and _takes_statistic(c.metric)
        ):
            c = c.model_copy(update={"metric": f"{frame.stat} {c.metric}", "unit": c.unit or frame.unit})
        yield c
