"""The statistic a table's caption says its cells are, after the measure it names:

    **Raw Throughput (tok/s) — 3-run average:**     <- the measure and its unit, then the statistic of the runs
    Config | BS=1 | BS=2
    -- | -- | --

A caption pasted from a sheet names the measure first and, in a last clause after a comma or a spaced dash, how its
figures were taken ("3-run average", "mean of 5 runs", "median"): the cells are that statistic of the measure (config
`stat`, and `repeats`, how many runs it is over, where said). Read off, that clause leaves the caption of one quantity
and its unit the table readers know ("Raw Throughput (tok/s):"). A caption wrapped in bold whole ("**...:**") is read
as its words. A last clause that is anything else (a model, a GPU, "by batch size") is not taken: the caption stays.
"""

from __future__ import annotations

import re

from ledger.vocab.run_stats import stat_setup

# the last clause of a caption, after a comma or a dash with spaces round it: short, no further separator in it
_LAST_CLAUSE_RE = re.compile(r"(?:,|\s[—–-])\s{0,3}(?P<clause>[^,—–]{1,40})$")
# a line in bold whole, its colon inside the bold or right after it
_BOLD_RE = re.compile(r"^(\*\*|__)(?P<inner>[^*_].{0,300}[^*_\s])\1(?P<colon>:?)$")


def unbolded(lead: str) -> str:
    """A caption wrapped in bold whole ("**Throughput (tok/s):**") as its words ("Throughput (tok/s):")."""
    text = lead.strip()
    m = _BOLD_RE.match(text)
    return m.group("inner").strip() + m.group("colon") if m is not None else text


def caption_statistic(lead: str) -> tuple[str, dict[str, str]]:
    """The caption without its closing statistic clause, and the setup that clause states ({"stat": "mean",
    "repeats": "3"} for "..., 3-run average:"); the caption unbolded and {} where its last clause names none. Only a
    caption ending in a colon: a sentence's last clause is no caption's."""
    text = unbolded(lead)
    if not text.endswith(":"):
        return text, {}
    body = text[:-1].rstrip()
    m = _LAST_CLAUSE_RE.search(body)
    found = stat_setup(m.group("clause")) if m is not None else {}
    if m is None or not found or not body[: m.start()].strip():
        return text, {}
    return f"{body[: m.start()].rstrip()}:", found
