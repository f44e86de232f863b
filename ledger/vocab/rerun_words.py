"""The words by which a sentence says it ran a check again ("Reran after the rebase: gsm8k 0.951", "Re-tested on the
latest commit, same command: 0.948", "ran it again"): the run is the earlier one's, on another revision, so the
setup stated for the first run is the rerun's too (grammar.rerun_setups) unless it restates a key. A rerun only
asked for or promised ("could you rerun", "I'll re-run it"), denied ("not re-run since", vocab.head_moves.NOT_RERUN),
or a CI job's ("rerun the failed CI", "re-running tests") states no run of the check."""

from __future__ import annotations

import re

from ledger.vocab.head_moves import NOT_RERUN
from ledger.vocab.word_gate import WordGate

# (case-blind and opening with a bare word boundary: searched only where one of its words stands)
_RERUN_RE = WordGate(
    re.compile(
        r"\b(?:re-?ran|re-?runn?ing|re-?run|re-?tested|re-?testing|re-?evaluated|re-?measured|re-?benchmarked|"
        r"ran\s(?:it|this|that|them|the\s[\w-]{1,20}(?:\s[\w-]{1,20})?)\sagain|"
        r"same\s(?:exact\s)?(?:commands?|setup|settings|config|configuration|flags))\b",
        re.IGNORECASE,
    )
)
# what comes right before a rerun that only asks for one or promises it: "could you rerun", "I'll re-run", "to rerun"
_ASKED_BEFORE_RE = re.compile(
    r"\b(?:will|'ll|to|please|can|could|would|should|shall|must|need|needs|going|let's|lets|may|might)"
    r"(?:\s(?:you|we|i|someone|also|just|quickly|to))?\s$",
    re.IGNORECASE,
)
# a CI job rerun, not the check's: "rerun the failed CI", "re-running the tests", "rerun-failed-ci"
_CI_AFTER_RE = re.compile(
    r"[\s-](?:the\s)?(?:failed\s|failing\s|flaky\s)?(?:ci|jobs?|pipelines?|tests|workflows?|checks)\b|-failed",
    re.IGNORECASE,
)
# a table column of a reviewer's rerun of one side: "PR389 reproduced", "Baseline (repro)", "PR same-host rerun"
REPRODUCED_RE = re.compile(r"\b(?:reproduced|repro|re-?run|same[- ]host)\b", re.IGNORECASE)
# (searched only where one of its words stands: vocab.word_gate)
_NOT_RERUN_RE = WordGate(re.compile(NOT_RERUN, re.IGNORECASE))
_REACH = 600
"""How much of a paragraph is read for its rerun words (a rerun says so in its first sentences)."""


def states_rerun(text: str) -> bool:
    """Whether the paragraph says it ran its check again (see the module)."""
    text = text[:_REACH]
    if _NOT_RERUN_RE.search(text) is not None:
        return False
    for m in _RERUN_RE.finditer(text):
        asked = _ASKED_BEFORE_RE.search(text, max(0, m.start() - 24), m.start())
        if asked is None and _CI_AFTER_RE.match(text, m.end(), m.end() + 30) is None:
            return True
    return False


RERUN_KEYS = frozenset({"task", "n_shot", "samples", "engine"})
"""Beside a run's deployment and workload (grammar.line_setup.RUN_SETUP_KEYS), the keys a rerun of a check keeps:
what it evaluated, with how many shots over how many samples, on which engine."""
