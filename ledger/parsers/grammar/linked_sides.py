"""Sides a sentence names by the text of a commit's link: the link's words are the side, its target the head.

    I ran the tool on both [main](.../commit/4d3c2b1a...) and [this branch](.../commit/a0b1c2d3...):
    <details><summary>main</summary> ...       <- the results of "main", measured on 4d3c2b1a

The sentence defines both names (grammar.named_revisions); a side's label further down (a folded block's title, a
bare side line, a column) takes its head from there. A sentence naming two sides so is no revision of its own: its
first link's commit is one side's, not the head of every result below it.

    EngineB [commit](https://github.com/other/engine-b/commit/fedcba98...):     <- a pin of EngineB's own code

A link whose words before it name the repository it points into pins that project's version (an engine a benchmark
repository compares, a library, an evaluation tool): no revision of the pull request, never a side, unless a side's
word stands in the lead ("main [commit](...)", "this PR at [commit](...)").
"""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.vocab.sides import side_alone, side_of

# "[commit](https://github.com/mlc-ai/mlc-llm/commit/502f68...)", or the address bare: the repository a commit is of
_REPO_COMMIT_RE = re.compile(
    r"(?:\[(?P<text>[^\[\]\n]{1,40})\]\()?https?://github\.com/(?P<owner>[\w.-]{1,40})/(?P<repo>[\w.-]{1,100})"
    r"/commits?/(?P<sha>[0-9a-f]{7,40})"
)
_NAME_BEFORE_RE = re.compile(r"(?P<name>[A-Za-z][\w.+-]{1,40})[\s*_`:]{0,6}$")
_NOT_NAMES = frozenset(("commit", "commits", "at", "on", "of", "from", "see", "sha", "head", "build", "version"))


def _squeezed(word: str) -> str:
    return "".join(ch for ch in word.lower() if ch.isalnum())


def pinned_shas(text: str) -> dict[str, str]:
    """Each commit a line pins a project's version by (see the module) -> the name the line gives that project
    ("MLC" of "MLC [commit](.../mlc-ai/mlc-llm/commit/...)"): the name right before the link, or the link's words,
    names the repository or its owner (three letters at least); no side's word between it and the link before."""
    out: dict[str, str] = {}
    if "/commit" not in text:
        return out
    at = 0
    for m in _REPO_COMMIT_RE.finditer(text[:600]):
        lead, at = text[at : m.start()], m.end()
        if side_of(lead) is not None or side_of(m.group("text") or "") is not None:
            continue
        before = _NAME_BEFORE_RE.search(lead[-60:])
        projects = (_squeezed(m.group("repo").removesuffix(".git")), _squeezed(m.group("owner")))
        for name in (before.group("name") if before else "", (m.group("text") or "").strip(" `*_")):
            key = _squeezed(name)
            if len(key) >= 3 and name.lower() not in _NOT_NAMES and any(p.startswith(key) for p in projects if p):
                out[m.group("sha").lower()] = name
                break
    return out


def pinned_project(text: str) -> str | None:
    """The project a line's first commit link pins (pinned_shas), by the name the line gives it, or None."""
    first = _REPO_COMMIT_RE.search(text[:600]) if "/commit" in text else None
    return pinned_shas(text).get(first.group("sha").lower()) if first is not None else None


_LINK_TAIL_RE = re.compile(r"[^()\s]{0,40}\)?")


def without_pins(text: str) -> str:
    """A lead pinning its projects with their commits' links, the links left out ("MLC [commit](...) + TVM
    [commit](...):" -> "MLC + TVM:"): the names of what ran, a variant's, as "MLC:" over the next block is."""
    if "/commit" not in text or pinned_project(text) is None:
        return text
    out, at = [], 0
    for m in _REPO_COMMIT_RE.finditer(text[:600]):
        tail = _LINK_TAIL_RE.match(text, m.end())
        out.append(text[at : m.start()].rstrip())
        at = tail.end() if tail is not None and m.group("text") is not None else m.end()
    return " ".join(" ".join([*out, text[at:]]).split()).replace(" :", ":")


# "[main](https://github.com/o/r/commit/4d3c2b1a...)": a link's words, then the commit its target names
_SIDE_LINK_RE = re.compile(r"\[(?P<name>[^\[\]\n]{1,40})\]\([^()\s]{0,200}/commits?/(?P<sha>[0-9a-f]{7,40})(?![\w-])")


def linked_sides(text: str) -> list[Revision]:
    """Each side whose name is a commit link's whole text, with that commit as its head (see the module): a side's
    name alone, or a short one holding a side's word ("incoming branch")."""
    if "/commit" not in text:
        return []
    out: list[Revision] = []
    for m in _SIDE_LINK_RE.finditer(text):
        name = " ".join(m.group("name").strip(" `*_").split())
        sha = m.group("sha").lower()
        named = side_alone(name) or (len(name.split()) <= 3 and side_of(name) is not None)
        if named and any(map(str.isdigit, sha)) and any(map(str.isalpha, sha)):
            out.append(Revision(label=name, head=sha, base=None))
    return out


def names_both_sides(text: str) -> bool:
    """The text names the base and the candidate each by a commit's link ("both [main](...) and [this branch](...)")."""
    return len({side_of(r.label or "") for r in linked_sides(text)} - {None}) == 2
