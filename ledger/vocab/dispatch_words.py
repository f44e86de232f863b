"""The verbs a sentence describes a code path's choice with: "keeps the fused kernel for BF16 KV cache and falls back
to the generic one for FP8 KV cache", "dispatches to CUTLASS for FP4 weights". The precision after such a verb's
"for" names one branch of the rule, a case the code handles, no setting the measured runs had."""

from __future__ import annotations

DISPATCH_VERBS = (
    r"fall(?:s|ing)?[ \t]back|fell[ \t]back|fallbacks?|dispatch(?:es|ed|ing)?|rout(?:e|es|ed|ing)|"
    r"keep(?:s|ing)?|kept|select(?:s|ed|ing)?|pick(?:s|ed|ing)?|switch(?:es|ed|ing)?[ \t]to|default(?:s|ed)?[ \t]to"
)
"""A dispatch rule's verbs (a run is set up with "use", "run", "enable"; a rule "keeps" or "falls back")."""
