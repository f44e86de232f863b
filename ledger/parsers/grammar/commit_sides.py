"""One sentence naming both sides, each with its commit, joined by "and" or a comma rather than "vs":

    We ran the base branch at commit `3c4d5e6` and this branch at commit `7a8b9c0d`.   <- head 7a8b9c0d, base 3c4d5e6
    Main at 1a2b3c4, the PR at 5d6e7f8:

The results under it were measured on the candidate's commit, on top of the base's. The first sha alone would make
the base's commit the head of every candidate value (a wrong revision, worse than none). pair_sides reads the "vs"
shapes; this reads the rest.
"""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.grammar.revision_labels import is_sha, may_hold_sha
from ledger.vocab.sides import side_of

_SHA = r"[0-9a-f]{7,40}"
# a side's name (up to three words), "at" / "on" / "@" and an optional "commit" / "sha" / "head" (or that noun alone:
# "main commit 701d1fb"), then its commit; or the name with its commit in parentheses
_SIDE_AT_RE = re.compile(
    r"(?<![\w-])(?P<name>[A-Za-z][\w-]{0,20}(?:\s[A-Za-z][\w-]{0,20}){0,2})\s{1,3}"
    r"(?:(?:at|on|@)\s{1,3}(?:(?:commit|sha|head|revision)\s{1,3})?|(?:commit|sha|head|revision)\s{1,3})"
    r"\[?`?(?P<sha>" + _SHA + r")`?\]?(?![\w])"  # (also as a link's text: [`701d1fb`](.../commit/701d1fb))
    r"|(?<![\w-])(?P<pname>[A-Za-z][\w-]{0,20}(?:\s[A-Za-z][\w-]{0,20}){0,2})\s{0,3}\(`?(?P<psha>" + _SHA + r")`?\)"
    # ("upstream `191172fa74` versus submitted head `1b7c4297e1`": a side's word right before its code span)
    r"|(?<![\w-])(?P<cname>[A-Za-z][\w-]{0,20})\s{1,3}`(?P<csha>" + _SHA + r")`"
    # ("compared 5e6f7a8b9c (base) with 0c1d2e3f4a (this PR)": a commit, then its side in parentheses)
    r"|(?<![\w-])`?(?P<ssha>" + _SHA + r")`?\s{0,3}\((?P<sname>[A-Za-z][\w -]{0,24})\)",
    re.IGNORECASE,
)
# "[`191172fa74`](https://github.com/o/r/commit/191172fa74...)": a link, read as its text (the sha as printed)
_LINK_RE = re.compile(r"\[(?P<text>[^\[\]\n]{1,80})\]\([^()\s]{1,300}\)")
_SENTENCE_END_RE = re.compile(r"[.!?](?:\s|$)")
_NAMED = (("name", "sha"), ("pname", "psha"), ("cname", "csha"), ("sname", "ssha"))
_HEAD_NOUN_RE = re.compile(r"\shead\s", re.IGNORECASE)


def commit_sides(text: str) -> Revision | None:
    """The candidate's revision (head and base) a sentence naming both sides with their commits states, or None."""
    if not may_hold_sha(text[:1000]):
        return None  # (asked of every paragraph that names no revision: most hold no sha at all)
    if "](" in text:
        text = _LINK_RE.sub(lambda m: m.group("text"), text[:2000])  # (the markup hid the side word before a sha)
    for sentence in _sentences(text[:1000]):
        found = []
        for m in _SIDE_AT_RE.finditer(sentence):
            name, sha = next((m.group(n), m.group(h)) for n, h in _NAMED if m.group(h))
            # ("submitted head `1b7c4297e1`": a commit called a head is the candidate's, whatever word names it)
            side = side_of(name) or ("head" if _HEAD_NOUN_RE.search(m.group(0)) else None)
            if is_sha(sha):
                found.append((side, name, sha.lower()))
        if len(found) != 2 or {found[0][0], found[1][0]} != {"base", "head"}:
            continue
        head, base = found if found[0][0] == "head" else found[::-1]
        return Revision(label=_label(head[1]), head=head[2], base=base[2])
    return None


def _sentences(text: str) -> list[str]:
    out, start = [], 0
    for m in _SENTENCE_END_RE.finditer(text):
        out.append(text[start : m.end()])
        start = m.end()
    return [*out, text[start:]]


_LEAD_WORDS_RE = re.compile(r"^(?:and|the|then|with|ran|we|i|compared|against|versus|vs\.?)\s+", re.IGNORECASE)


def _label(name: str) -> str:
    """The side's words without the sentence's glue ("and this branch" -> "this branch")."""
    name = name.strip()
    while (m := _LEAD_WORDS_RE.match(name)) is not None and m.end() < len(name):
        name = name[m.end() :]
    return name
