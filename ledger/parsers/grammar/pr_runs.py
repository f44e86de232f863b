"""A value measured on another pull request that its own sentence names before it:

    The previous diagnostic run (PR #7731) completed 128/128 requests at 912.40 output tokens/s.
    An earlier [scheduler probe](https://github.com/acme/serve/pull/7702) finished at 870.15 output tokens/s.
    The bisect narrows the slowdown to PR #7690: parent 1010.60 output tok/s versus child 702.35.

Each value is that PR's run (revision "PR #7731"; a bisect's side keeps its word: "PR #7690 (child)"), not the
section's revision: the sentence says where it ran. Apart from grammar.value_sides (a side's word or a commit right
before a value): here the run is another PR's, named by its number or its link, then a verb that gives the value.
"""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.vocab.other_runs import PR_AFTER_VALUE_RE, PR_NAMED_RE, PR_RUN_NOUN_RE

# the words between the PR and its value that say the value is that run's: a verb giving it, "at", or a bisect's
# side word opening the value ("...: parent 1010.60 ... versus child 702.35")
_GIVES_RE = re.compile(
    r"\b(?:completed|finished|reached|reaches|ran|measured|gave|gives|got|achieved|hit|scored|showed|reported|had|"
    r"delivered|sustained|at|parent|child)\b",
    re.IGNORECASE,
)
# what takes the value from the PR named before it: another side's words ("this PR", "main", "ours"), a sentence's
# end, or the value's own comparison ("X is 5% faster than PR #7731": that PR's is the baseline, not this value's run)
_OTHER_SIDE_RE = re.compile(
    r"\b(?:this|our|my)[ \t](?:PR|pull request|change|patch|branch|fix)\b|\b(?:main|master|ours|baseline|than)\b|"
    r"[.;!?](?:[ \t]|$)",
    re.IGNORECASE,
)
# "this PR (PR #7731)": the text's own PR by its number, no other run
_OWN_BEFORE_RE = re.compile(r"\b(?:this|our|my)[ \t](?:PR|pull request|change|patch)[ \t]{0,2}\(?[ \t]{0,2}$", re.I)
# how a bare PR names the run: in parentheses after the run's noun ("The previous run (PR #7731)"), opening its
# sentence ("PR #7731 reached ..."), or the place the run was taken ("measured on PR #7731")
_RUN_BEFORE_RE = re.compile(r"(?:\([ \t]{0,2}|^[ \t>*_-]{0,6}|[.:][ \t]{1,3}|\b(?:on|at)[ \t]{1,3})$", re.I)
# a bisect that pins its change on the PR ("narrows the slowdown to PR #7690: parent X versus child Y")
_ONTO_RE = re.compile(r"\b(?:to|on)[ \t]{1,3}$", re.IGNORECASE)
_BISECT_RE = re.compile(r"[^.;\n]{0,40}?\b(?:parent|child)\b", re.IGNORECASE)
_SIDE_AT_RE = re.compile(r"\b(?P<side>parent|child)[ \t]{1,3}[*_`]{0,2}[~≈]?$", re.IGNORECASE)
_REACH = 240
"""How far before a value the PR its run was measured on is looked for."""


def pr_before_value(text: str, pos: int, side: Revision | None, end: int | None = None) -> Revision | None:
    """The other PR whose run gave the value at `pos`, as its sentence names it before the value (see the module), or
    in brackets right after it (at `end`: "verified green at 0.939 (PR #31063)"), with a bisect's side word when the
    value's clause names one (`side`); None where no PR is named so."""
    if "#" not in text and "/pull/" not in text:
        return None
    if end is not None and (after := PR_AFTER_VALUE_RE.match(text, end)) is not None:
        return Revision(label=f"PR #{after.group('n')}", head=None, base=None)
    low = max(0, pos - _REACH)
    last = None
    for m in PR_NAMED_RE.finditer(text, low, pos):
        last = m
    if last is None:
        return _run_noun_before(text, low, pos)
    if last is None or _OWN_BEFORE_RE.search(text, max(0, last.start() - 24), last.start()):
        return None
    before = text[max(0, last.start() - 24) : last.start()]
    bisect = _BISECT_RE.match(text, last.end()) is not None
    if not (last.group("ln") or _RUN_BEFORE_RE.search(before) or (bisect and _ONTO_RE.search(before))):
        return None  # ("Following PR #7702, decode runs at ...": what came before this run, not the run)
    between = text[last.end() : pos]
    if _OTHER_SIDE_RE.search(between) or not _GIVES_RE.search(between):
        return None
    label = f"PR #{last.group('n') or last.group('ln')}"
    # (the side the clause gave first: a folded pair's span opens at its parent's value, its side the child's)
    word = (side.label or "").lower() if side is not None else ""
    if word not in ("parent", "child") and (at := _SIDE_AT_RE.search(text, max(0, pos - 40), pos)) is not None:
        word = at.group("side").lower()
    return Revision(label=f"{label} ({word})" if word in ("parent", "child") else label, head=None, base=None)


def _run_noun_before(text: str, low: int, pos: int) -> Revision | None:
    """ "the #29855 dev validation had ... 0.941": a bare number named a run by its noun (vocab.other_runs), then a
    verb giving the value, no other side between."""
    last = None
    for m in PR_RUN_NOUN_RE.finditer(text, low, pos):
        last = m
    if last is None:
        return None
    between = text[last.end() : pos]
    if _OTHER_SIDE_RE.search(between) or not _GIVES_RE.search(between):
        return None
    return Revision(label=f"PR #{last.group('n')}", head=None, base=None)
