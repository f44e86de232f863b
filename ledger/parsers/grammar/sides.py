"""Sides of a before/after comparison: the words that name the baseline and the candidate a value was measured on.

    - Baseline `c0ffee1`: main with #123        a side defined with its head, the sha before the colon
    - [4f1d2e3](.../commit/4f1d2e3a9b) (after):  a side named beside a commit link
    Prefill, this PR (abc1234) vs main (def5678):    two sides and their heads in one lead-in
    # BEFORE: attention backend FLASH_ATTN      a side opened by a comment inside console output
    With this fix, the long prompts ... Results:    a paragraph opening with its side, over the results
    On current main we see 0.812, and with this PR 0.846.    a side per clause of one sentence
    - **304 CPU tests passed on `c23c1e533`.**  a revision stated in the claim's own sentence

The side words (which name the base, which the candidate) are in ledger.vocab.sides.
"""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.vocab.sides import side_of
from ledger.vocab.word_gate import WordGate

_SHA = r"[0-9a-f]{7,40}"
# "Baseline `c9cc71a0d`: upstream with ...", "Candidate `9c63e7b2c`", "**Candidate** (`beef0042`):"
_SIDE_SHA_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?P<name>[A-Za-z][\w.-]{0,30}(?: [A-Za-z][\w.-]{0,20}){0,2}?)(?:[*_]{1,2})?\s*"
    r"\(?\s*[*_`]{0,3}(?P<sha>" + _SHA + r")[*_`]{0,3}\s*\)?\s*(?::|$|[,;-]\s)",
    re.IGNORECASE,
)
# "[4f1d2e3](.../commit/4f1d2e3a9b) (before)": a side word in parentheses right after a commit link
_LINK_SIDE_RE = WordGate(
    re.compile(
        # a markdown link or a bare URL: "https://github.com/o/r/commit/1a2b3c4d (before)"
        r"(?:\[[^\[\]]{1,40}\]\()?[^()\s\[\]]{0,200}/commits?/(?P<sha>" + _SHA + r")[^()\s]{0,40}\)?\s*[*_]{0,2}\s*"
        r"\((?P<name>[A-Za-z][\w .-]{0,30})\)",
        re.IGNORECASE,
    )
)
# "this PR (abc1234) vs main (def5678)": two sides and their heads
_PAIR_RE = WordGate(
    re.compile(
        r"(?P<a>[A-Za-z][\w-]{0,20}(?: [A-Za-z][\w-]{0,20}){0,2}?)\s*\(\s*`?(?P<sa>" + _SHA + r")`?\s*\)\s*"
        r"(?:vs\.?|versus|against|compared\s+(?:to|with))\s+"
        r"(?P<b>[A-Za-z][\w-]{0,20}(?: [A-Za-z][\w-]{0,20}){0,2}?)\s*\(\s*`?(?P<sb>" + _SHA + r")`?\s*\)",
        re.IGNORECASE,
    )
)
# "the branch at 7e3a9c1d and main at 5b2f08ae": sides named with their heads in one sentence
_AT_SIDE_RE = WordGate(
    re.compile(
        r"\b(?P<name>this\s+pr|pr|branch|main|master|baseline|candidate|base|head|before|after)\s+(?:is\s+)?(?:at|@)\s+"
        r"(?:commit\s+)?`?(?P<sha>" + _SHA + r")`?(?![\w-])",
        re.IGNORECASE,
    )
)
# "# BEFORE: attention backend FLASH_ATTN", "## after (this PR)": a side opened by a comment in console output
_COMMENT_SIDE_RE = re.compile(
    r"^\s*(?:#{1,3}|//|--)\s*(?P<name>(?:before|after)(?:\s+(?:the\s+|this\s+)?(?:pr|fix|patch|change))?|main|master|"
    r"this\s+pr|pr|with\s+(?:the\s+|this\s+)?"
    r"(?:pr|fix|patch|change)|without\s+(?:the\s+|this\s+)?(?:pr|fix|patch|change))\b\s*(?:[:(-]\s*(?P<detail>[^\n]{0,80}?)"
    r"\)?)?\s*$",
    re.IGNORECASE,
)
# a clause that names its side: "on current main", "with this fix", "before the change", "this PR gives"
_CLAUSE_SIDE_RE = WordGate(
    re.compile(
        r"\b(?:(?:on|against|from|in|using)\s+(?:the\s+)?(?:current\s+|latest\s+|upstream\s+)?(?P<base>main|master|trunk)"
        r"(?:\s+branch)?|(?P<before>(?:before|without)\s+(?:the|this|my)\s+(?:pr|fix|patch|change))|"
        r"(?P<head>(?:with|after|using)\s+(?:the|this|my)\s+(?:pr|fix|patch|change)|on\s+(?:this|the)\s+(?:pr|branch)))\b"
        # "41.3 req/s (main) to 44.9 req/s (this PR)": a side in parentheses right after its value
        r"|\((?:main|master|baseline|before|this\s+pr|this\s+branch|after)\)",
        re.IGNORECASE,
    )
)
# "With this fix, ... Results:": a paragraph that opens with its side
_LEAD_SIDE_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?P<side>(?:with|after|before|without)\s+(?:the|this|my)\s+(?:pr|fix|patch|change)|"
    # "after pr,  Mean TTFT (ms): 16.87, before pr ...": the side the line and the paste under it open with
    r"(?:after|before)\s+pr(?=\s{0,3}[,:])|"
    r"on\s+(?:the\s+)?(?:current\s+|latest\s+)?(?:main|master)(?:\s+branch)?)\b",
    re.IGNORECASE,
)
# "passed on `c23c1e533`", "measured at abc1234f": a revision stated in the claim's own sentence
_ON_SHA_RE = re.compile(
    r"\b(?:on|at|@)\s+(?:(?:the\s+)?commit\s+)?[*_]{0,2}`?(?P<sha>" + _SHA + r")`?(?![\w-])", re.IGNORECASE
)
_NUMBER_RE = re.compile(r"\d+(?:[.,]\d+)*")
# "rebased on abc1234", "on top of": the base a head was built on, not the revision measured
_BUILT_ON_RE = re.compile(r"(?:based|top of|main|master)\s+$|based\s+o|top\s+of\s", re.IGNORECASE)


def _is_sha(token: str) -> bool:
    return any(c.isdigit() for c in token) and any(c.isalpha() for c in token)


def _clean(label: str) -> str:
    return " ".join(label.replace("`", "").strip(" *_#:,;-").split())


def defined_side(text: str) -> Revision | None:
    """A side a bullet or line defines with its head: "Baseline `c0ffee1`: ...", "[sha](link) (before)"."""
    if "/commit" in text:
        lm = _LINK_SIDE_RE.search(text)
        if lm and _is_sha(lm.group("sha")) and side_of(lm.group("name")):
            return Revision(label=_clean(lm.group("name")), head=lm.group("sha").lower(), base=None)
    m = _SIDE_SHA_RE.match(text)
    if m and _is_sha(m.group("sha")) and side_of(m.group("name")):
        return Revision(label=_clean(m.group("name")), head=m.group("sha").lower(), base=None)
    return None


def pair_sides(text: str) -> tuple[Revision, Revision] | None:
    """ "this PR (abc1234) vs main (def5678)": (the candidate side, the base side), each with its head."""
    if "(" not in text:
        return None
    m = _PAIR_RE.search(text)
    if not m or not (_is_sha(m.group("sa")) and _is_sha(m.group("sb"))):
        return None
    a = Revision(label=_clean(m.group("a")), head=m.group("sa").lower(), base=None)
    b = Revision(label=_clean(m.group("b")), head=m.group("sb").lower(), base=None)
    if side_of(a.label) == "base" or side_of(b.label) == "head":
        a, b = b, a
    return a.model_copy(update={"base": b.head}), b


# "Frozen comparison: base `36484e4`, head `170aa20`": the two heads a comparison was run on, in that order
_BASE_HEAD_RE = re.compile(
    r"\bbase(?:line)?\s{0,3}[:=]?\s{0,3}[*_`]{0,2}(?P<base>" + _SHA + r")[*_`]{0,2}[^\n]{0,80}?\n?[^\n]{0,40}?"
    r"\bhead\s{0,3}[:=]?\s{0,3}[*_`]{0,2}(?P<head>" + _SHA + r")(?![\w-])",
    re.IGNORECASE,
)
_BASE_NAMES = ("base", "baseline", "main", "master", "before", "old", "upstream")
_HEAD_NAMES = ("head", "pr", "branch", "candidate", "after", "new", "patched")


def base_and_head(text: str) -> dict[str, Revision]:
    """ "base `36484e4`, head `170aa20`": the base and the head by every name a table's columns give them ("Current
    main", "PR with PTPC"), or nothing."""
    m = _BASE_HEAD_RE.search(text[:600])
    if m is None or not (_is_sha(m.group("base")) and _is_sha(m.group("head"))):
        return {}
    base, head = m.group("base").lower(), m.group("head").lower()
    out = {name: Revision(label="base", head=base, base=None) for name in _BASE_NAMES}
    out.update({name: Revision(label="head", head=head, base=base) for name in _HEAD_NAMES})
    return out


def sides_at(text: str) -> list[Revision]:
    """ "the branch at 7e3a9c1d and main at 5b2f08ae": each side with its head, when a sentence names two."""
    if " at " not in text and "@" not in text:
        return []
    found = {
        m.group("name").lower(): m.group("sha").lower() for m in _AT_SIDE_RE.finditer(text) if _is_sha(m.group("sha"))
    }
    if len(found) < 2 or len(set(found.values())) < 2:
        return []
    return [Revision(label=" ".join(name.split()), head=sha, base=None) for name, sha in found.items()]


def comment_side(text: str) -> Revision | None:
    """ "# BEFORE: backend A" inside console output: the side the runs under it were measured on."""
    m = _COMMENT_SIDE_RE.match(text)
    if m is None:
        return None
    return Revision(label=_clean(m.group("name")), head=None, base=None)


def lead_side(text: str) -> Revision | None:
    """ "With this fix, ... Results:", "On current main:": a paragraph that opens with the side of what follows."""
    m = _LEAD_SIDE_RE.match(text)
    return Revision(label=_side_label(m.group("side")), head=None, base=None) if m else None


def _side_label(phrase: str) -> str:
    """The side as printed ("Before the change"), except that "on current main" is the side "main"."""
    text = " ".join(phrase.strip("()").split())
    for word in ("main", "master"):
        if re.search(rf"\b{word}\b", text, re.IGNORECASE):
            return word
    return text


MAX_CLAUSE = 300
"""How far back a clause's side is looked for (a long line with many values stays linear)."""


def clause_side(text: str, pos: int) -> Revision | None:
    """The side the clause holding `pos` names: the one right after the value in its clause ("0.846 with this
    PR"), or, when none, the nearest side phrase before it in its sentence ("On main we see 0.812")."""
    low = max(0, pos - MAX_CLAUSE)
    start = max(text.rfind(". ", low, pos), text.rfind("; ", low, pos), low)
    # the side right after the value, in its clause, first: "20.1 ms on master and 18.4 ms with this PR"
    end = pos + 60
    stop = min(
        (k for k in (text.find(",", pos, end), text.find(". ", pos, end), text.find(";", pos, end)) if k >= 0),
        default=end,
    )
    last = _CLAUSE_SIDE_RE.search(text, pos, stop)
    if last is not None and len(_NUMBER_RE.findall(text, pos, last.start())) > 1:
        last = None  # "3.2s vs 3.6s on main": the side after names the nearer value, not this one
    if last is None:
        for m in _CLAUSE_SIDE_RE.finditer(text, start, pos):
            last = m
    return Revision(label=_side_label(last.group(0)), head=None, base=None) if last else None


def has_clause_side(text: str) -> bool:
    return _CLAUSE_SIDE_RE.search(text) is not None


def sides_named(text: str) -> set[str]:
    """The labels of the sides a text's clauses name ("on main ..., with this PR ...": two)."""
    return {_side_label(m.group(0)) for m in _CLAUSE_SIDE_RE.finditer(text)}


def stated_on(text: str) -> Revision | None:
    """ "304 CPU tests passed on `c23c1e533`.": the commit the sentence says it was measured on (its first
    sentence only: a later one may name another)."""
    end = text.find(". ")
    m = _ON_SHA_RE.search(text, 0, end if end > 0 else min(len(text), 300))
    if m and _is_sha(m.group("sha")) and not _BUILT_ON_RE.search(text, max(0, m.start() - 12), m.start() + 1):
        sha = m.group("sha").lower()
        return Revision(label=sha, head=sha, base=None)
    return None
