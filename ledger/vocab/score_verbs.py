"""A score named by its verb alone: "passed all 14 tests, scoring 81.5%", "cleared 30 tests and then scored 64%",
"the new kernel scores 64.8%". The verb names no measure; the value is the run's score (metrics.GENERIC_SCORE), not a
series called "scoring", nor one named by what else the run did ("MMLU scores 66%" is named by its benchmark)."""

from __future__ import annotations

import re

# the verb closing the words before the value, opening their clause (or all of them)
SCORE_VERB_END_RE = re.compile(r"(?:^|,[ \t]{1,2}|\b(?:and|then|while)[ \t]{1,2})scor(?:ing|ed|es)$", re.IGNORECASE)

# a list's lead-in calling its items scores ("Referenced gsm8k accuracies:", "Measured mmlu scores:"): the items are
# the benchmark's scores, each under the configuration its label names
SCORE_LIST_LEAD_RE = re.compile(r"\b(?:accurac(?:y|ies)|scores?)\s{0,2}[*_]{0,2}:[*_]{0,2}\s*$", re.IGNORECASE)
