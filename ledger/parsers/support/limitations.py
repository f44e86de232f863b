"""What a docs page's "Limitations" section says its feature does not support: the section's statements are about
the feature the heading above it names, whether or not a sentence repeats it.

    ## TurboQuant / ### Limitations
    - **MLA not supported**: ...                          -> support no, subject TurboQuant, feature MLA
    - Pipeline parallelism is not supported with X.       -> feature "Pipeline parallelism (X)"
    - The packed cache does not support prefix caching.   -> subject "packed cache", feature prefix caching

Outside such a section a "not supported" clause is a rule of use only where it names the models it is for
(support.rules): a PR's "this path does not support fp8 yet" is no statement of a product's support.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.vocab.word_gate import WordGate

_LIMITS_HEAD_RE = re.compile(
    r"^(?:known\s|current\s)?(?:limitations?|restrictions?|caveats?|unsupported(?:\sfeatures?)?|not\ssupported)$",
    re.IGNORECASE,
)
# "**MLA not supported**: ...", "Pipeline parallelism is not supported with the 3-bit cache."
_NOT_SUPPORTED_RE = re.compile(
    r"(?:^|(?<=[.;]\s))(?:[-*+]\s{1,4})?(?:\*\*|__)?(?P<feat>[A-Za-z][\w.+/()-]{0,40}(?:\s[\w.+/()-]{1,40}){0,5}?)"
    r"\s(?:(?:is|are)\s)?(?:not|never)\s(?:yet\s)?supported(?:\syet)?"
    r"(?:\s(?:with|for|on|in|when|under)\s(?:the\s)?(?P<qual>[A-Za-z0-9][^.:;*_]{1,80}?))?(?:\*\*|__)?\s?(?=[.:;]|$)",
    re.IGNORECASE,
)
# "The packed cache does not support prefix caching yet."
_DOES_NOT_SUPPORT_RE = re.compile(
    r"(?:^|(?<=[.;]\s)|(?<=\n)|(?<=\s)(?=>\s)|(?<=\}\s))(?:>\s?)?(?:[-*+]\s{1,4})?(?:the\s)?(?P<subj>[A-Za-z][\w.+/-]{0,40}(?:\s[\w.+/-]{1,40}){0,3}?)"
    r"\s(?:does|do|can)(?:\snot|n['’]t)\s(?:yet\s)?support\s(?:the\s)?(?P<feat>[A-Za-z0-9][^.:;,]{1,80}?)(?:\syet)?\s?"
    r"(?=[.:;,]|$)",
    re.IGNORECASE,
)


def limitation_topic(section: tuple[str, ...]) -> str | None:
    """The feature a "Limitations" heading's statements are about: the heading it sits under ("### Limitations" under
    "## TurboQuant"), or None outside such a section."""
    if len(section) < 2 or not _LIMITS_HEAD_RE.match(section[-1].strip(" *_#:")):
        return None
    return section[-2].strip(" *_#:") or None


def limitation_statements(text: str, topic: str) -> Iterator[tuple[str, str, int, int]]:
    """(subject, feature, start, end) of each thing the text says `topic` (or the subject it names) does not
    support."""
    for m in _NOT_SUPPORTED_RE.finditer(text):
        feat, qual = m.group("feat").strip(), (m.group("qual") or "").strip()
        yield topic, f"{feat} ({qual})" if qual else feat, m.start("feat"), m.end()
    for m in _DOES_NOT_SUPPORT_RE.finditer(text):
        yield m.group("subj").strip(), m.group("feat").strip(), m.start("subj"), m.end()


# the sentence's subject, at its start, after a list's bullet, a quote's mark or a bold lead's colon
_SUBJECT = (
    r"(?:^|(?<=[.;]\s)|(?<=:\s)|(?<=\n)|(?<=\s)(?=>\s)|(?<=\}\s))(?:>\s?)?(?:[-*+]\s{1,4})?(?:the\s)?"
    r"(?P<subj>[A-Za-z][\w.+/-]{0,40}(?:\s[\w.+/-]{1,40}){0,3}?)"
)
_THING = r"(?:the\s)?(?P<{}>[A-Za-z0-9][^.:;,]{{0,60}}?)"
# "X currently only supports the eager engine, not the FastPath engine"
_ONLY_SUPPORTS_RE = re.compile(
    _SUBJECT
    + r"\s(?:(?:currently|now|still)\s)?only\ssupports?\s"
    + _THING.format("yes")
    + r"(?:,?\s(?:but\s|and\s)?not\s"
    + _THING.format("no")
    + r")?\s?(?=[.:;,]|$)",
    re.IGNORECASE,
)
# "X is supported only by the eager engine", "X is only supported on Hopper"
_SUPPORTED_ONLY_RE = re.compile(
    _SUBJECT
    + r"\s(?:is|are)\s(?:(?:currently|now)\s)?(?:only\ssupported|supported\sonly)\s(?:by|on|with|in|for)\s"
    + _THING.format("yes")
    + r"\s?(?=[.:;,]|$)",
    re.IGNORECASE,
)
# (asked of every one-line sentence by the support reader's precondition; a case-blind alternation with no fixed first
# character is tried at every character: searched only where "support" stands, see vocab.word_gate)
ONLY_HINT_RE = WordGate(re.compile(r"only\ssupport|supported\sonly|n['’]t\ssupport|not\ssupport", re.IGNORECASE))


def support_statements(text: str) -> Iterator[tuple[str, str, str, int, int]]:
    """(subject, feature, value, start, end) of what an admonition or a Limitations section says a subject supports
    only ("X only supports A, not B": A yes, B no) or does not support ("The A engine doesn't support B": no)."""
    for m in _DOES_NOT_SUPPORT_RE.finditer(text):
        yield m.group("subj").strip(), m.group("feat").strip(), "no", m.start("subj"), m.end()
    for m in _ONLY_SUPPORTS_RE.finditer(text):
        yield m.group("subj").strip(), m.group("yes").strip(), "yes", m.start("subj"), m.end()
        if m.group("no"):
            yield m.group("subj").strip(), m.group("no").strip(), "no", m.start("subj"), m.end()
    for m in _SUPPORTED_ONLY_RE.finditer(text):
        yield m.group("subj").strip(), m.group("yes").strip(), "yes", m.start("subj"), m.end()
