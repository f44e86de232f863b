"""The labels of a list item that describes the workload a run replayed ("- **Dataset:** ShareGPT replay (9,000
requests, 1.5x replay speed, 40% cache ratio)"): the item's numbers are how the load was made, its settings, never
what the run measured."""

from __future__ import annotations

import re

WORKLOAD_LABELS = frozenset(
    (
        "dataset",
        "datasets",
        "data set",
        "workload",
        "workloads",
        "trace",
        "traces",
        "traffic",
        "load",
        "load pattern",
        "benchmark dataset",
        "benchmark data",
        "replay",
    )
)
"""A workload item's label, lower case, one space between its words."""

COMPARED_WORDS_RE = re.compile(
    r"\b(?:over|than|vs|versus|against|compared|relative|baseline|main|master|gain|improvement|regression)\b",
    re.IGNORECASE,
)
"""Words by which a workload item states a comparison ("- Dataset: gsm8k, 9% promote over main"): its numbers are
then the results measured on that workload, not its settings."""
