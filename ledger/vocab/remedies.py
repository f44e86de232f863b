"""The words of a sentence that names the setting one fix applied ("fixes the fp4 crash by setting
`max_batch_size=16`", "avoids the OOM by lowering the memory fraction to 0.5"): that setting is the remedy of one
fault, so one arm's, never the setup every result of the document ran with."""

from __future__ import annotations

import re

from ledger.vocab.word_gate import WordGate

# a fix's verb, then within its clause (a version's dot, "Llama3.3", ends none) "by" and the act of setting something
_FIX_BY_RE = re.compile(
    r"\b(?:fix(?:es|ed)?|work(?:s|ed)? ?around|avoid(?:s|ed)?|prevent(?:s|ed)?|resolv(?:es|ed))\b"
    r"(?:[^.;\n]|\.(?!\s)){0,160}?"
    r"\bby (?:setting|adding|passing|using|lowering|raising|capping|limiting|reducing|increasing)\b",
    re.IGNORECASE,
)
_FIX_BY = WordGate(_FIX_BY_RE)  # (asked of every paragraph: a look-behind opening it is tried at every character)


def states_remedy(text: str) -> bool:
    """Whether `text` names a setting as the means of one fix (see the module docstring)."""
    return _FIX_BY.search(text[:2000]) is not None
