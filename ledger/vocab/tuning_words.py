"""The training step a quantised checkpoint went through after packing, as a lead-in or a caption names it
("AQLM models tuned via PV-tuning:", "refined with QAT-distill"): a setting of the checkpoint, so a table of tuned
rows and a table of plain rows of one model and scheme are two setups, never one stated twice."""

from __future__ import annotations

import re

from ledger.vocab.setup_word import make_word

# a determiner or a manner after "with"/"by" names no step ("tuned with the new config", "tuned by hand")
_NOT_A_STEP = r"the|a|an|our|its|it|this|these|those|same|new|more|less|care|hand|default|each|every|all"
TUNED_WORDS = r"tuned |refined |distilled "
"""What a line holds before any tuning step can be read in it (vocab.setup's cheap gate)."""
TUNING = make_word(
    "tuning",
    "tuning",
    r"(?:fine[ -]?)?(?:tuned|refined|distilled) (?:via|with|by|using) "
    rf"(?!(?:{_NOT_A_STEP})(?![\w-]))([a-z][a-z0-9]*(?:-[a-z0-9]+){{0,3}})",
    ("tuned", "refined", "distilled"),
    ("tuned", "refined", "fine", "distilled"),
)


ITERS_KEY = "iters"
"""The tuning steps a quantiser ran ("iters 0": rounding only, "iters 200"): another checkpoint at each count."""
# a run's label naming its tuning steps: "qwen3-8b (AR<=0.13.1) iters 0", "pr branch + iters=200"
_ITERS_RE = re.compile(r"(?<![\w-])(?:iters|iterations)\s?[=:]?\s?(\d{1,5})(?![\w.])", re.IGNORECASE)


def label_knobs(label: str) -> dict[str, str]:
    """The tuning knobs a run's label states ("qwen3-8b (AR<=0.13.1) iters 0" -> {"iters": "0"}); {} for none."""
    m = _ITERS_RE.search(label[:200])
    return {} if m is None else {ITERS_KEY: m[1]}
