"""A plugin's or a downstream project's page names two projects' versions, the engine it builds on and its own:

    **vLLM Version**: vLLM: 0.9.2 ([a5dd03c](.../vllm/commit/a5dd03c)), vLLM Ascend: main ([d13fb07](...))
    - **Upstream engine**: fastserve 2.4.0 (9ab12cd), **Acme-NPU**: v1.3rc2 (77e0f1a)

The page's results were measured on its own project's build: the entry whose name or commit link is the document's
repository (`Document.repo`), else the one entry not named as upstream, a base or a dependency, else the one whose
name extends another's (a plugin's "vLLM Ascend" beside "vLLM"), else the one pre-release build (a plugin's
"v0.10.0rc1" beside the "0.10.0" it pins); else none: what the text does not say is not guessed. The other entries
are the page's context: never its revision, never a commit it states. The own entry's release (or, for a branch,
its project's name) and commit hold from the line over the rest of its section.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.numbers import find_numbers
from ledger.parsers.grammar.revision_labels import is_sha, shas_in
from ledger.parsers.reader.blocks import Block, Document
from ledger.vocab.releases import PROJECT_VERSION_RE, UPSTREAM_ROLE_RE, pre_release
from ledger.vocab.text import has_digit_char
from ledger.vocab.units import is_measure_unit

# the repository a commit link after an entry's sha points into: "[a5dd03c](https://github.com/vllm-project/vllm/..."
_LINK_REPO_RE = re.compile(r"\]\(https?://github\.com/(?P<repo>[\w.-]{1,100}/[\w.-]{1,100})/commits?/")
_DERIVED = "project_versions"


@dataclass(frozen=True, slots=True)
class ProjectVersion:
    """One project named with its version on a version line."""

    name: str
    version: str
    sha: str | None
    repo: str | None
    """The "owner/name" its commit link points into, if it has one."""
    upstream: bool
    """Named as what the page builds on ("Upstream engine: ...")."""


@dataclass(frozen=True, slots=True)
class VersionLines:
    """A run of lines naming two projects or more with their versions."""

    start: int
    end: int
    own: ProjectVersion | None
    context: frozenset[str]
    """The other projects' shas (when the own entry is known): none of them a commit of the page's."""
    others: tuple[ProjectVersion, ...] = ()
    """The other projects' entries with a sha (when the own entry is known): the builds the page's own builds on."""


def _key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum()).removesuffix("version")


def _entries(text: str) -> list[ProjectVersion]:
    """The projects a line names with their versions, each with the words since the entry before it."""
    if not has_digit_char(text) or not (shas_in(text) or "version" in text.lower()):
        return []
    flat = text.replace("*", "").replace("`", "")
    out: list[ProjectVersion] = []
    last = 0
    for m in PROJECT_VERSION_RE.finditer(flat):
        if _measured(flat, m.start("version")):
            continue
        hexes = (m.group("sha") or "").lower()
        link = _LINK_REPO_RE.match(flat, m.end()) if hexes else None
        sha = hexes if hexes and (is_sha(hexes) or link) else None  # (a commit link's all-digit sha is one too)
        role = flat[last : m.end("name")]
        out.append(
            ProjectVersion(
                name=m.group("name").strip(),
                version=m.group("version"),
                sha=sha,
                repo=link.group("repo").lower() if link else None,
                upstream=UPSTREAM_ROLE_RE.search(role) is not None,
            )
        )
        last = m.end()
    return out


def _measured(text: str, at: int) -> bool:
    """ "The 1562.83 output-token/s reference", "that PR's 796.69 tok/s run": a number with a unit of measure after
    it is a result, never a project's version."""
    if not text[at : at + 1].isdigit():
        return False  # ("main", "v0.9.2": no measured number)
    got = find_numbers(text, at, min(len(text), at + 60), limit=1)  # (bounded: a long line costs its length once)
    return bool(got) and got[0].num_start == at and is_measure_unit(got[0].unit)


def _own(entries: list[ProjectVersion], repo: str | None) -> ProjectVersion | None:
    """The entry of the page's own project, where the repository, the words or the names say which it is."""
    if repo:
        mine = [e for e in entries if e.repo == repo.lower() or _key(e.name) == _key(repo.rsplit("/", 1)[-1])]
        if len(mine) == 1:
            return mine[0]
    tried = (
        [e for e in entries if not e.upstream] if any(e.upstream for e in entries) else [],
        _extending(entries),
        [e for e in entries if pre_release(e.version)],
    )
    return next((got[0] for got in tried if len(got) == 1), None)


def _extending(entries: list[ProjectVersion]) -> list[ProjectVersion]:
    """The entries whose name is another's and more ("vLLM Ascend" of "vLLM", a link into "vllm-ascend" beside one
    into "vllm"): each name's prefixes looked up among the names, so a line of many entries costs its length, not
    its length squared."""
    keys = [_key(e.name) for e in entries]
    repos = [(e.repo or "").rsplit("/", 1)[-1] for e in entries]
    key_set, repo_set = set(keys) - {""}, set(repos) - {""}
    return [
        e
        for e, k, r in zip(entries, keys, repos, strict=True)
        if any(k[:i] in key_set for i in range(1, len(k))) or any(r[:i] in repo_set for i in range(1, len(r)))
    ]


def version_lines(doc: Document) -> list[VersionLines]:
    """Every run of adjacent lines that names two projects or more with their versions (found once per document)."""
    return list(_indexed(doc)[0])


def _indexed(doc: Document) -> tuple[list[VersionLines], dict[int, VersionLines]]:
    """The runs and each of their lines' run (so a question about one line costs one lookup)."""
    got = doc.derived.get(_DERIVED)
    if got is None:
        runs = _find(doc)
        got = doc.derived[_DERIVED] = (runs, {n: vl for vl in runs for n in range(vl.start, vl.end + 1)})
    return got


def _find(doc: Document) -> list[VersionLines]:
    out: list[VersionLines] = []
    run: list[tuple[int, list[ProjectVersion]]] = []
    for b in doc.blocks:
        if b.kind not in ("text", "item") or b.in_code:
            continue
        entries = _entries(doc.line(b.start))
        if run and (not entries or b.start != run[-1][0] + 1):
            out += _closed(run, doc)
            run = []
        if entries:
            run.append((b.start, entries))
    return out + _closed(run, doc)


def _closed(run: list[tuple[int, list[ProjectVersion]]], doc: Document) -> list[VersionLines]:
    entries = [e for _, es in run for e in es]
    if len({_key(e.name) for e in entries}) < 2:
        return []
    own = _own(entries, doc.repo)
    others = tuple(e for e in entries if own is not None and e is not own and e.sha)
    context = frozenset(e.sha for e in others if e.sha)
    return [VersionLines(run[0][0], run[-1][0], own, context, others)]


def version_line_scopes(doc: Document) -> list[RevisionScope]:
    """The own project's build over the rest of the version line's section."""
    out: list[RevisionScope] = []
    heads = [b for b in doc.blocks if b.kind == "heading" and not b.in_code]
    for vl in version_lines(doc):
        own = vl.own
        if own is None:
            continue
        release = own.version[:1].isdigit() or own.version[1:2].isdigit()
        # (a branch's build is named by its branch, "main", as a release's by its release: the project's name says
        # nothing of which build; the commit tells two builds of one branch apart)
        label = f"v{own.version.lstrip('vV')}" if release else own.version.lower()
        out.append(RevisionScope(vl.start, _section_end(doc, heads, vl.start), Revision(label=label, head=own.sha)))
    return out


def _section_end(doc: Document, heads: list[Block], line: int) -> int:
    """The last line of the section `line` stands in: before the next heading of its level or above."""
    at = bisect.bisect_left([h.start for h in heads], line)
    level = heads[at - 1].level if at and doc.format == "markdown" else 0
    return next((h.start - 1 for h in heads[at:] if h.start > line and h.level <= level), len(doc.lines))


def on_version_line(doc: Document, block: Block) -> bool:
    """Whether `block` is one of a version run's lines whose own project is known (read here, never as a label)."""
    vl = _indexed(doc)[1].get(block.start)
    return vl is not None and vl.own is not None


def context_shas(doc: Document, line: int) -> frozenset[str]:
    """The shas a version line on `line` names for the projects the page builds on: no commits of its own."""
    vl = _indexed(doc)[1].get(line)
    return vl.context if vl is not None else frozenset()


def context_builds(doc: Document, line: int) -> dict[str, ProjectVersion]:
    """The builds by sha a version line on `line` names for the projects the page builds on."""
    vl = _indexed(doc)[1].get(line)
    return {e.sha: e for e in vl.others if e.sha} if vl is not None else {}
