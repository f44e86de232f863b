"""A workload's statement: a cell or label that states a setup and nothing else ("ISL 8192 / OSL 1024, 50 prompts @
conc 50", "TP8 EP8") names the workload its row was measured under, not what was measured."""

from __future__ import annotations

import re

from ledger.vocab.setup import blank_setup_words, qualifiers

# what a workload's statement holds beside its setup words: its size in prompts or requests, and the joints
_WORKLOAD_FILLER_RE = re.compile(
    r"(?:\d{1,7} ?)?(?:prompts?|requests?|reqs?|samples?|users?)\b|\b(?:at|and|with|random)\b|[\s@,;:/+&()|-]+",
    re.IGNORECASE,
)


def setup_only(text: str) -> bool:
    """The text states a setup and nothing else ("ISL 8192 / OSL 1024, 50 prompts @ conc 50", "TP8 EP8"): a table's
    cell of it names the workload its row was measured under, not what was measured."""
    if len(text) > 200 or not qualifiers(text):
        return False
    return not _WORKLOAD_FILLER_RE.sub("", blank_setup_words(text)).strip()


_JOINTS_RE = re.compile(r"\b(?:at|and|with)\b|[\s@,;:/+&()|-]+", re.IGNORECASE)


def workload_setup(text: str) -> dict[str, str]:
    """The setup a workload's statement gives (see setup_only): its setup words, and the statement itself as the
    `workload` where it says more than they do ("50 prompts"), so that two sizes of one workload stay apart."""
    out = qualifiers(text)
    if _JOINTS_RE.sub("", blank_setup_words(text)).strip():
        out["workload"] = text
    return out
