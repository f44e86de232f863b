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


# a stated check's result that the change does or does not remedy what it was for ("Perf verification result: the fix
# does not recover perf", "Accuracy validation result: the patch restores the gsm8k score"): the check's outcome
_STATED_CHECK_RE = re.compile(
    r"\b(?P<name>(?:[A-Za-z][\w-]{0,20}\s){0,3}(?:verification|validation|check)\s(?:result|outcome))\s{0,2}:"
    r"\s{0,3}[*_]{0,2}\s{0,2}(?P<clause>[^.;:—–\n]{3,200})",
    re.IGNORECASE,
)
_NOT_REMEDIED_RE = re.compile(
    r"\b(?:does\s|did\s|do\s|can)not\s(?:fully\s)?(?:recover|restore|fix|resolve|remove|close)\b|"
    r"\b(?:doesn't|didn't|don't|can't|cannot|fails?\sto)\s(?:fully\s)?(?:recover|restore|fix|resolve|remove|close)\b",
    re.IGNORECASE,
)
_REMEDIED_RE = re.compile(
    r"\b(?:recover(?:s|ed)|restor(?:es|ed)|fix(?:es|ed)|resolv(?:es|ed)|remov(?:es|ed)|clos(?:es|ed))\b", re.IGNORECASE
)


def stated_checks(text: str) -> list[tuple[str, str, str, int, int]]:
    """Each check result a line states as remedying or not ("<X> verification result: the fix does not recover
    perf"): (check name, outcome "pass" / "fail", the clause as printed, start, end); a result that says neither
    (no remedy verb) is none."""
    out: list[tuple[str, str, str, int, int]] = []
    for m in _STATED_CHECK_RE.finditer(text[:2000]):
        clause = m.group("clause").strip(" *_")
        outcome = "fail" if _NOT_REMEDIED_RE.search(clause) else "pass" if _REMEDIED_RE.search(clause) else None
        if outcome is not None:
            out.append((m.group("name").strip(), outcome, clause, m.start("name"), m.end("clause")))
    return out
