"""A clause that opens on an experiment of its own: "..., and a separate final-stack fixed-B28 A/B measured +4.52%",
"an earlier OSL860 pair reproduced +5.81%". Its settings are that run's, not the sentence's (grammar.clause_keys)."""

from __future__ import annotations

import re

# an article, at most a few bounded words ("separate final-stack fixed-B28"), then the run's noun; never "the"
# ("the same run" is the run already told of) (one lazy bounded repeat, tried at the clause's opening only: linear)
OWN_EXPERIMENT_RE = re.compile(
    r"[ \t*_`]{0,6}(?:an?|another|one)[ \t](?:[^,;.\n]{0,60}?[ \t-])?"
    r"(?:a/b|pair|experiment|repeat|rerun|run|sweep)(?![a-z0-9])",
    re.IGNORECASE,
)
