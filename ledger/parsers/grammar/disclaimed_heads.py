"""A head its own turn says the results were not measured on: the commit stands, its results are another run's.

    The current PR head (`9e8d7c6b`) also applies cleanly ...     <- a head stated (grammar.head_phrases)
    The A/B above predates this PR; it shows the mechanism,       <- disclaimed: the turn's results ran on an
    not the exact performance of `9e8d7c6b`.                         earlier build, not on that head

A head named in the disclaimer ("not the exact performance of X", "predates X", "not on this PR's head (X)") or,
where it says the results predate the change ("predates this PR"), the PR's head its turn states, opens no revision
over that turn's results (every value of the comment labelled with that head put the report's verdict on a build
nobody measured). The head may hold over later turns still (grammar.turn_heads): the disclaimer speaks of its own
turn's results only.
"""

from __future__ import annotations

import re

from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.reader.document import Document
from ledger.vocab.sides import side_of

_SHA = r"[`*_(]{{0,2}}(?P<{}>[0-9a-fA-F]{{7,40}})(?![\w-])"
# "not the exact performance of `fbd402e`", "not the numbers of X", "predates `fbd402e`", "not on this PR's head
# (`a1b2c3d`)", "predate this PR"
_DISCLAIM_RE = re.compile(
    r"\bnot\s(?:(?:the|its|an?)\s)?(?:(?:exact|actual|real|true|final)\s)?"
    r"(?:performance|numbers|results|figures|speed|timings?|measurements?)\s(?:of|for|on|at)\s(?:(?:the\s)?head\s)?"
    + _SHA.format("sha")
    + r"|\bpredat(?:es|ed|e|ing)\s(?:(?:the\s)?head\s)?"
    + _SHA.format("earlier")
    + r"|\bnot\s(?:on|from|at|with)\s(?:(?:this|the)\s)?(?:PR['’]s\s|branch['’]s\s)?(?:head|tip)\s"
    + _SHA.format("head")
    + r"|\b(?P<change>predat(?:es|ed|e|ing)\s(?:this|the)\s(?:PR|pull\srequest|change|patch|branch))\b",
    re.IGNORECASE,
)


def disclaimed(doc: Document, scopes: list[RevisionScope]) -> list[RevisionScope]:
    """`scopes` less those a head opens that its own turn disclaims (see the module)."""
    found: list[tuple[int, int, frozenset[str], bool]] = []
    for first, last in turn_bounds(doc):
        shas: set[str] = set()
        change = False
        for no in range(first, last + 1):
            line = doc.line(no)
            if "predat" not in line.lower() and "not " not in line.lower():
                continue
            for m in _DISCLAIM_RE.finditer(line[:2000]):
                shas |= {sha.lower()} if (sha := m.group("sha") or m.group("earlier") or m.group("head")) else set()
                change = change or m.group("change") is not None
        if shas or change:
            found.append((first, last, frozenset(shas), change))
    if not found:
        return scopes
    return [s for s in scopes if not _disclaims(found, s)]


def _disclaims(found: list[tuple[int, int, frozenset[str], bool]], scope: RevisionScope) -> bool:
    head = (scope.revision.head or "").lower()
    if not head:
        return False
    for first, last, shas, change in found:
        if not first <= scope.start <= last:
            continue
        named = any(head.startswith(s) or s.startswith(head) for s in shas)
        return named or (change and side_of(scope.revision.label) == "head")
    return False
