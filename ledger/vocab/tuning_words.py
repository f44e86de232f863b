"""The training step a quantised checkpoint went through after packing, as a lead-in or a caption names it
("AQLM models tuned via PV-tuning:", "refined with QAT-distill"): a setting of the checkpoint, so a table of tuned
rows and a table of plain rows of one model and scheme are two setups, never one stated twice."""

from __future__ import annotations

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
