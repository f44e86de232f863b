"""The words that name one rank of a distributed run before its value ("rank 0 waited about 420 seconds",
"GPU1: 79.9 ms", "worker 2 took 255 s"): the process or device a per-rank list states each value of."""

from __future__ import annotations

import re

RANK_WORD = r"(?:rank|gpu|device|worker)"
RANK_BEFORE_VALUE_RE = re.compile(
    r"\b" + RANK_WORD + r"[ _#-]?(?P<n>\d{1,3})\b(?:\s?[:=,]|\s(?:waited|waits|took|takes|spent|spends|was|is|"
    r"needed|needs|ran|at|in|of|only|about|around|roughly|for)\b){0,3}\s{0,2}[~≈]?$",
    re.IGNORECASE,
)
"""A rank's number and its verb right before a value, matched at the end of the words before it."""
ONE_RANK_RE = re.compile(r"\b" + RANK_WORD + r"[ _#-]?\d{1,3}\b", re.IGNORECASE)
"""A rank named by its number anywhere in a text ("GPU0", "rank 1")."""
WAIT_VERB_RE = re.compile(r"\bwait(?:ed|s|ing)?\b", re.IGNORECASE)
"""A verb saying the values are times spent waiting ("rank 0 waited 420 s"): the measure is a wait time."""
WAIT_MEASURE = "wait time"
