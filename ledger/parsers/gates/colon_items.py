"""A list item that names a check and gives its outcome after a colon:

    - lint: passed, including the C++ format and tidy checks
    - mypy: clean
    - `pre-commit run --all-files`: passed
    - unit tests: failed (2 known flakes)

The outcome word opens what follows the colon and ends its clause (a comma, a parenthesis, a dash or the end):
"Status: failed to reproduce" is a sentence, not a verdict. A count after the colon ("unit tests: 212 passed") is
a test count, read by the counts reader; an outcome in capitals after an identifier ("lint: PASSED") is a tool's
verdict, read by formats.verdicts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.gates.claims import gate
from ledger.vocab.outcomes import outcome_of

# (the name: a code span or a few words; the outcome word: one of the contract's, alone in its clause)
_NAME_AND_WORD = (
    # ("Pre-commit on the changed files and `git diff --check`: passed": words and code spans, a few of each)
    r"(?P<name>(?:`[^`\n]{2,80}`|[A-Za-z][\w./+#-]{0,40})(?: {1,2}(?:`[^`\n]{1,80}`|[\w./+#-]{1,40})){0,12}?)"
    r"\s?:\s{1,3}(?P<bold>\*\*)?"
    r"(?P<word>passed|passes|pass|clean|green|ok|success|succeeded|failed|fails|fail|skipped|waived|timed out)\**"
    r"(?=\s*(?:$|[,;(.—–]|\s-\s))"
)
_COLON_ITEM_RE = re.compile(r"^\s{0,8}[-*+]\s{1,3}(?:\[[xX ]\]\s{1,3})?" + _NAME_AND_WORD, re.IGNORECASE)
# "Kernel witness: **PASS**. One prompt was replayed ...": a paragraph opening with a check's verdict set apart in
# bold ("Note: ok, ..." is a sentence; "... finished with result: SUCCESS" a CI bot's line, read by its reader)
# ("**Current-head targeted validation: PASSED**", "Targeted validation on the current head: PASSED": the line set
# apart in bold whole, or a verdict in capitals ending it, says no more than the check's outcome)
_COLON_LINE_RE = re.compile(r"^\s{0,3}(?P<lead>\*\*)?" + _NAME_AND_WORD, re.IGNORECASE)
_VERDICT_END_RE = re.compile(r"\**\s{0,3}$")

_TOOL_ID_RE = re.compile(r"[A-Za-z_][\w./:\[\]@+-]{2,200}")


def colon_gates(ctx: Context, line: int, text: str, item: bool = True) -> Iterator[Claim]:
    """The gate a "- name: outcome" item (or, not `item`, a paragraph's "Name: **PASS**") states, if it is one."""
    m = _COLON_ITEM_RE.match(text) if item else _COLON_LINE_RE.match(text)
    if m is None or not (item or m.group("bold") or _set_apart(m, text)):
        return
    word = m.group("word")
    if word.isupper() and _TOOL_ID_RE.fullmatch(m.group("name")):
        return  # "lint: PASSED" is a tool's verdict line: formats.verdicts reads those
    outcome = outcome_of(word) or ("pass" if word.lower() == "succeeded" else None)
    if outcome is None:
        return
    rest = text[m.end() :].strip(" ,;.—–-")
    yield gate(
        ctx, line, text.strip(), m.group("name").replace("`", "").strip(), outcome, word, note=rest[:120] or None
    )


def _set_apart(m: re.Match[str], text: str) -> bool:
    """A paragraph's "Name: OUTCOME" is a verdict where nothing follows the outcome and the line is bold whole or
    the outcome is written in capitals ("Status: passed to the next stage" is a sentence)."""
    if _VERDICT_END_RE.fullmatch(text, m.end()) is None:
        return False
    return m.group("lead") is not None or m.group("word").isupper()
