"""The engine build a setup states, which the results under it were measured on:

    | vLLM | `0.28.1rc1.dev472+gd9105ea80` + this PR applied |    a version string carrying its commit, the PR on top
    | SGLang | branch `x`, commit `f4bdadbb06` |                   an environment table's row naming the commit
    - llama.cpp: b4567 (1a2b3c4d)                                 a setup item: a build tag and its commit
    Measured with vLLM 0.11.1.dev12+gd9105ea80 on 2 x H100.       a sentence naming the engine's version
    Server built from main@3c9e1f7a52 with this PR applied.       a sentence naming the commit built
    Checked on the image (build `a1b2c3d4e`); numbers below are from it.   a build the results are said to come from

The commit named is the head measured; where the text says the PR was applied to that build ("+ this PR", "with
this change on top") the run is the PR's side and the commit its base (the PR's own head unknown). A tool's version
("ROCM-SMI 4.1.0+5c2e7ab") names no engine, so no revision."""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.grammar.revision_labels import is_sha, may_hold_sha
from ledger.parsers.reader.document import Block
from ledger.vocab.engines import engine_named
from ledger.vocab.sides import BASE_SIDE_RE, CHANGE_ON_TOP_RE

# an engine's row naming its build: "branch `x`, commit `f4bdadbb06`", "commit: 3c9e1f7a", "sha 1a2b3c4d"; a build
# tag and its commit ("b4567 (1a2b3c4d)"), a branch at its commit ("main@3c9e1f7a")
ENGINE_COMMIT_RE = re.compile(
    r"\b(?:commit|sha|git|rev)\s{0,2}[:=#@]?\s{0,2}[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})(?![\w-])", re.IGNORECASE
)
_TAGGED_RE = re.compile(
    r"(?:\bb\d{3,6}\s{0,2}[(\[]\s{0,2}[*_`]{0,3}|@\s{0,2}[*_`]{0,3})(?P<sha>[0-9a-f]{7,40})(?![\w-])", re.IGNORECASE
)
# a version string carrying the commit it was built from: "0.28.1rc1.dev472+gd9105ea80" (a setuptools-scm local
# version), "v0.6.3+g1a2b3c4"; not inside a longer run of dotted parts, so no run of them is tried twice
_VERSION_RE = re.compile(r"(?<![\w.])v?\d{1,4}(?:\.[0-9a-z]{1,16}){1,5}\+g(?P<sha>[0-9a-f]{7,40})(?![\w-])", re.I)
# the engine's name just before a version in a sentence ("vLLM 0.11.1...", "sglang==0.6.2...")
_NAME_BEFORE_RE = re.compile(r"(?P<name>[A-Za-z][\w.+-]{1,30})[`*_]{0,2}(?:==|\s{1,3}(?:version\s{1,3})?)[`*_]{0,2}$")
# "- vLLM: `0.11.1.dev12+gd9105ea80`", "SGLang version = ...": a setup line naming the engine's build
_ENGINE_ITEM_RE = re.compile(
    r"\s{0,8}(?:[-*+]\s{1,4})?[*_`]{0,2}(?P<name>[A-Za-z][\w.+-]{1,30})[*_`]{0,2}"
    r"(?:\s(?:version|build))?[*_`]{0,2}\s?[:=]\s{0,3}(?P<rest>\S.{0,300})",
    re.IGNORECASE,
)
# "built from main@3c9e1f7a52", "server built at `3c9e1f7a52`": the commit a sentence says the build came from
_BUILT_FROM_RE = re.compile(
    r"\bbuilt\s(?:from|at|on)\s(?:(?:the\s)?commit\s)?(?:[\w./-]{1,40}\s?@\s?)?[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})(?![\w-])",
    re.IGNORECASE,
)
# "(build `56e290315`)", "nightly build 9e8d7c6b5a": a build named by its commit, in a sentence that says results came
# from it (_FROM_BUILD_RE: "the numbers below are from that image", "measured on"), not one it broke
_NAMED_BUILD_RE = re.compile(r"\bbuild\s{1,3}[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})(?![\w-])", re.IGNORECASE)
_FROM_BUILD_RE = re.compile(
    r"\b(?:numbers?|results?|figures?|scores?|measurements?|measured|benchmarked|re-?ran|ran|re-?tested|tested)\b",
    re.IGNORECASE,
)

# a build named as one side of a comparison ("main@3c9e1f7a vs this PR", "0.6.3+g1a2b3c4 against the branch")
_VERSUS_RE = re.compile(r"[`*_)\s,]{0,6}(?:vs\b|versus\b|against\b|compared\b)", re.IGNORECASE)


def _build_at(text: str, m: re.Match[str]) -> Revision | None:
    """The build `m` names in `text`: its commit the head measured, or the base where the PR was applied on it."""
    sha = m.group("sha").lower()
    if not is_sha(sha):
        return None
    if _VERSUS_RE.match(text, m.end()) is not None:
        return None  # ("main@3c9e1f7a vs this PR": the base of a comparison, no build both sides ran)
    if CHANGE_ON_TOP_RE.match(text, m.end()) is not None:
        return Revision(label="this PR", head=None, base=sha)
    return Revision(label=sha[:10], head=sha, base=None)


def _build_of(cell: str) -> Revision | None:
    """The build one cell (or a setup item's value) names for the engine it is the engine's row of."""
    text = cell[:300]
    if not may_hold_sha(text):
        return None
    m = ENGINE_COMMIT_RE.search(text) or _VERSION_RE.search(text) or _TAGGED_RE.search(text)
    return _build_at(text, m) if m is not None else None


def _sentence_build(text: str) -> Revision | None:
    """The build a sentence names: the engine's version string, or the commit it says the build came from."""
    m = _BUILT_FROM_RE.search(text)
    if m is None and (named := _NAMED_BUILD_RE.search(text)) is not None and _FROM_BUILD_RE.search(text):
        m = named
    if m is None and (v := _VERSION_RE.search(text)) is not None:
        name = _NAME_BEFORE_RE.search(text, max(0, v.start() - 40), v.start())
        m = v if name is not None and engine_named(name.group("name")) is not None else None
    if m is None or BASE_SIDE_RE.search(text, max(0, m.start() - 60), m.start()) is not None:
        return None  # ("The baseline was built from main@X": the base side's build, no revision of the turn)
    return _build_at(text, m)


def engine_build(b: Block) -> Revision | None:
    """The build an environment table names for the engine (one row of it, its first cell the engine's name), a
    setup item or a sentence does (see the module), else None."""
    if b.kind in ("item", "text"):
        text = b.text[:600]
        if b.in_code or not may_hold_sha(text):
            return None
        m = _ENGINE_ITEM_RE.match(text)
        if m is not None and engine_named(m.group("name").strip(".")) is not None:
            return _build_of(m.group("rest"))
        return _sentence_build(text)
    if b.kind != "table" or b.table is None:
        return None
    found: set[Revision] = set()
    for row in b.table.rows:
        if len(row.cells) < 2 or engine_named(row.cells[0].strip("`*_ ")) is None:
            continue
        found.update(r for cell in row.cells[1:] if (r := _build_of(cell)) is not None)
    return found.pop() if len(found) == 1 else None
