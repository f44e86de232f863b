"""Values a lead-in says are repeated runs of one measurement, each numbered as one run (config `trial`).

    Main branch (3 trials):                 <- the lead-in (a side's label, or a sentence ending with a colon)
    ```
    Request throughput (req/s): 12.31       <- trial 1
    Request throughput (req/s): 12.40       <- trial 2
    Request throughput (req/s): 12.28       <- trial 3
    ```

The lead-in is the paragraph right above a list or a code block that ends with a colon and names runs ("3 trials",
"three repeats", "5 runs": vocab.metrics.RUN_NAME_RE). Under it, the values of one measure, unit and setup stated on
more than one line are that measurement repeated; compare reads them as one series, their mean with their spread
(compare.trials). Without such a lead-in, values of one measure the reader cannot tell apart stay apart: a sweep whose
setting the text left unread is no set of runs, and its mean is no value the text states.

A run may as well be named one by one, each its own label over its values: a list item or a line opening with its
number ("- run 2: output throughput 1851 tok/s") under its side, or a lead-in naming one run ("Before, run 2:") over
its paste. Each value there is that run (config `trial` = its number); compare reads a side's numbered runs of one
measure as one series wherever its pastes stand (compare.trials).
"""

from __future__ import annotations

import bisect
import itertools
import re

from ledger.model import Claim
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.metrics import RUN_NAME_RE
from ledger.vocab.sides import ONE_RUN_RE

_MAX_GAP = 2
"""A lead-in stands at most this many lines above its block (a blank line between them)."""


# "Averaged across the two runs per arm:": each value below is already the runs' mean, the items are its settings
_MEANS_OF_RUNS_RE = re.compile(
    r"\b(?:averag(?:e[ds]?|ing)|mean|median)\s(?:\S{1,20}\s){0,2}?(?:over|across|of)\s", re.I
)


# "run 2:", "**Trial 3** -": a line or list item opening with the one run its values are
_OPENS_RUN_RE = re.compile(r"[ \t]{0,4}[*_`]{0,2}" + ONE_RUN_RE.pattern + r"[*_`]{0,2}[ \t]{0,2}[:：)\-–—]", re.I)


def _one_run(lead: Block) -> str | None:
    """The number of the one run a lead-in names ("Before, run 2:"), None where it names none or several."""
    if lead.kind != "text" or lead.in_code or not lead.text.rstrip(" *_`").endswith(":"):
        return None
    text = lead.text[-300:]
    if any(not m.group()[-1].isdigit() for m in RUN_NAME_RE.finditer(text)):
        return None  # ("seed 42, 3 runs:": a count of the runs under it, each numbered by its place)
    found = [m.group("n") for m in itertools.islice(ONE_RUN_RE.finditer(text), 2)]
    return found[0] if len(found) == 1 else None


def _says_runs(lead: Block) -> bool:
    text = lead.text[-300:].rstrip(" *_`")
    return (
        lead.kind == "text"
        and not lead.in_code
        and text.endswith(":")
        and RUN_NAME_RE.search(text) is not None
        and _MEANS_OF_RUNS_RE.search(text) is None
    )


def _lead_spans(doc: Document) -> tuple[list[tuple[int, int]], list[tuple[int, int, str]]]:
    """The line spans (first, last) of the lists and code blocks whose lead-in names runs, and those (first, last,
    number) of each one run a lead-in or the line itself names by its number. One pass over the blocks."""
    out: list[tuple[int, int]] = []
    one: list[tuple[int, int, str]] = []
    blocks = doc.blocks
    k = 1
    while k < len(blocks):
        b = blocks[k]
        if b.in_code or b.kind not in ("item", "code"):
            if not b.in_code and b.kind == "text" and (m := _OPENS_RUN_RE.match(b.text)) is not None:
                one.append((b.start, b.end, m.group("n")))  # ("Run 2: 1851 tok/s", a line of its own)
            k += 1
            continue
        j = k + 1
        if b.kind == "item":
            while j < len(blocks) and blocks[j].kind == "item" and not blocks[j].in_code:
                j += 1  # (the list's items, up to the first block that is not one)
        end = blocks[j - 1].end
        while j < len(blocks) and blocks[j].in_code and blocks[j].start <= end:
            j += 1  # (the lines read inside the code block belong to it)
        lead = blocks[k - 1]
        if b.start - lead.end <= _MAX_GAP and (n := _one_run(lead)) is not None:
            one.append((b.start, end, n))
        elif b.start - lead.end <= _MAX_GAP and _says_runs(lead):
            out.append((b.start, end))
        elif b.kind == "item":
            one.extend((i.start, i.end, m.group("n")) for i in blocks[k:j] if (m := _OPENS_RUN_RE.match(i.text)))
        k = j
    return out, one


def declared_repeats(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, those of one measure, unit and setup on several lines under a lead-in naming runs each given its
    place among them as `trial` (a value already numbered keeps its number)."""
    spans, one = _lead_spans(doc)
    if one:
        _number_named_runs(claims, one)
    if not spans:
        return claims
    starts = [s[0] for s in spans]  # (in document order, none overlapping)
    groups: dict[tuple[object, ...], list[Claim]] = {}
    for c in claims:
        if c.kind not in ("accuracy", "acceptance", "perf") or "trial" in c.config:
            continue
        i = bisect.bisect_right(starts, c.source.line) - 1
        span = spans[i] if i >= 0 and c.source.line <= spans[i][1] else None
        if span is not None:
            label = c.revision.label if c.revision is not None else None
            key = (span, (c.metric or "").lower(), c.unit, label, tuple(sorted(c.config.items())))
            groups.setdefault(key, []).append(c)
    for runs in groups.values():
        if len(runs) > 1 and len({c.source.line for c in runs}) == len(runs):
            for i, c in enumerate(runs, 1):
                c.config["trial"] = str(i)
    return claims


def _number_named_runs(claims: list[Claim], spans: list[tuple[int, int, str]]) -> None:
    """Each measured value on the lines of a run named by its number (`spans`: first, last, number) is that run."""
    starts = [s[0] for s in spans]  # (in document order, none overlapping)
    for c in claims:
        if c.kind not in ("accuracy", "acceptance", "perf") or "trial" in c.config:
            continue
        i = bisect.bisect_right(starts, c.source.line) - 1
        if i >= 0 and c.source.line <= spans[i][1]:
            c.config["trial"] = spans[i][2]
