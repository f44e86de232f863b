"""The revisions a text defines by name, for the values that name them later: a bullet ("**Candidate**: this PR at
`9c63e7b`"), a sentence ("this PR (abc1234) vs main (def5678)"), a label bound to a commit ("opt1 (4e505e2a)"), a
table's commit row; two names of one commit where one is that commit with the PR's change on top."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.linked_sides import linked_sides, pinned_shas
from ledger.parsers.grammar.revision_labels import (
    NAME_SHA_RE,
    NAMED_RE,
    PLAIN_NAMED_RE,
    SHA_RE,
    is_sha,
    line_label,
    may_hold_sha,
    parse_label,
    shas_in,
)
from ledger.parsers.grammar.sides import base_and_head, defined_side, pair_sides, sides_at
from ledger.parsers.grammar.turn_heads import reaching, turn_firsts, turn_of
from ledger.parsers.reader.document import Document
from ledger.vocab.sides import COMMIT_ANCESTRY_RE, THIS_CHANGE_RE, arm_side, column_sides, side_alone, side_of

# "**Base image**: `org/serve:v0.5` with the library at `5f40e3b`", "**Docker**:": what every run stood on, no side
_ENVIRONMENT_RE = re.compile(
    r"\b(?:image|container|docker|environment|env|hardware|gpu|driver|cuda|rocm|os|model)\b", re.IGNORECASE
)


_ON_BASE_RE = re.compile(r"\b(?:main|master|upstream)(?: branch)? (?:at )?`?[0-9a-f]{7}", re.IGNORECASE)


class NamedRevisions(dict[str | int, Revision]):
    """The revisions a text defines by name, by lower-case name (the first definition) and by the line defining
    each, with every definition of each name and its line (`defined`): `at` gives those that name a line's results."""

    def __init__(self, doc: Document | None = None) -> None:
        super().__init__()
        self.doc = doc
        self.defined: dict[str, list[tuple[int, Revision]]] = {}
        self._by_turn: dict[int, dict[str | int, Revision]] = {}

    def define(self, name: str, rev: Revision, line: int) -> Revision:
        """Name `rev` on `line`; the name's first definition."""
        self.defined.setdefault(name, []).append((line, rev))
        return self.setdefault(name, rev)

    def at(self, line: int) -> Mapping[str | int, Revision]:
        """The names whose revisions reach the results at `line` (grammar.turn_heads: a name defined in a later turn
        reaches none of an earlier turn's; one defined earlier only while the head has not moved), with every
        line's definition."""
        doc = self.doc
        if doc is None or not self.defined or len(turn_firsts(doc)) < 2:
            return self
        turn = turn_of(doc, line)
        got = self._by_turn.get(turn)
        if got is None:
            got = self._by_turn[turn] = {k: v for k, v in self.items() if isinstance(k, int)}
            got.update(reaching(doc, self.defined, line))
        return got


def named_at(named: Mapping[str | int, Revision], line: int) -> Mapping[str | int, Revision]:
    """The revisions defined by name that name the results at `line` (NamedRevisions.at), or `named` itself where it
    knows no lines."""
    return named.at(line) if isinstance(named, NamedRevisions) else named


def _short_name(label: str | None) -> bool:
    return bool(label) and len((label or "").split()) <= 2 and not is_sha(label or "")


def named_revisions(doc: Document) -> NamedRevisions:
    """Revisions the text defines by name in a bullet ("**Branch**: this PR at `c0ffee1234`"), by lower-case name
    and by the line that defines them."""
    out = NamedRevisions(doc)
    for block in doc.blocks:
        if block.kind == "text" and not block.in_code:
            # "this PR (abc1234) vs main (def5678)", "the branch at 7e3a9c1d and main at 5b2f08ae", "[main](.../commit/
            # 4d3c2b1a...)": sides by name
            two = pair_sides(block.text) if " vs" in block.text else None
            for side in two or sides_at(block.text) or linked_sides(block.text):
                out.define((side.label or "").lower(), side, block.start)
            # "opt1 (4e505e2a...)", "second try (89abcdef...)": a short name bound to a commit, for the columns
            # that carry the name
            if (
                "(" in block.text
                and (lab := parse_label(block.text)) is not None
                and lab.head
                and lab.label
                and len(lab.label.split()) <= 3
            ):
                out.define(lab.label.lower(), lab, block.start)
            # "fastrun, at commit 4c3b2a1:" over its command: a short name bound to the commit it was measured on
            # ("EngineB [commit](.../other/engine-b/commit/...):" pins an engine: no revision of the PR by that name)
            elif (
                (lab := line_label(block.text, False)) is not None
                and lab.head
                and _short_name(lab.label)
                and lab.head not in pinned_shas(block.text)
            ):
                out.define((lab.label or "").lower(), lab, block.start)
            if "head" in block.text.lower() or "head" in doc.line(block.end + 1).lower():
                # "base `36484e4`,\nhead `170aa20`" (a sentence may wrap between the two)
                for name, side in base_and_head(f"{block.text}\n{doc.line(block.end + 1)}").items():
                    out.define(name, side, block.start)
        if block.kind == "table" and block.table is not None:
            _table_revisions(block.table.header, [r.cells for r in block.table.rows], out, block.start)
            continue
        if block.kind != "item" and not (block.kind == "text" and _side_line(block.text)):
            continue
        # (every side it reads is named by a sha: its anchored pattern costs ~13 us an item holding none)
        defined = defined_side(block.text) if may_hold_sha(block.text) else None
        if defined is not None:  # "Baseline `c0ffee1`: main with #123": the sha before the colon, no bold needed
            out.define((defined.label or "").lower(), defined, block.start)
            out[block.start] = defined
            continue
        bold = "*" in block.text[:3] or "_" in block.text[:3]
        plain = PLAIN_NAMED_RE.match(block.text) if not bold else None
        # "- Baseline: exact source `0f9e8d7c`": a side's name needs no bold; another word does, but in a rendered
        # copy, which drops the bold
        if plain and not (
            doc.format == "rendered"
            or side_of(plain.group("name")) is not None
            or arm_side(plain.group("name")) is not None
            # "- MTP: this PR branch `17df5830e` (b9030)": a run's name, its text saying which side it was built from
            or THIS_CHANGE_RE.search(block.text, plain.end(), plain.end() + 80) is not None
            or _ON_BASE_RE.search(block.text, plain.end(), plain.end() + 80) is not None
        ):
            plain = None
        m = NAMED_RE.match(block.text) if bold else (plain or NAME_SHA_RE.match(block.text))
        shas = shas_in(block.text)
        if m and len({sh for sh, _, _ in shas}) == 1 and not _ENVIRONMENT_RE.search(m.group("name")):
            name = m.group("name")
            rev = out.define(name.lower(), Revision(label=name, head=shas[0][0], base=None), block.start)
            if not COMMIT_ANCESTRY_RE.fullmatch(name.strip()):  # ("- Parent: `sha`" lists a commit, by its name only)
                out[block.start] = rev
    return _changed_on_top(_paired_lines(out))


def _side_line(text: str) -> bool:
    """A line of its own naming a side in bold with its commit ("**After**: ddb9a8c5..."), as a bullet would."""
    m = NAMED_RE.match(text) if "\n" not in text and may_hold_sha(text) else None
    return m is not None and side_of(m.group("name")) is not None


def _paired_lines(out: NamedRevisions) -> NamedRevisions:
    """ "**Before**: X" and "**After**: Y" on two lines next to each other: the after side is Y measured on top of X,
    its base (the before side's values are its references)."""
    for line, rev in list(out.items()):
        other = out.get(line + 1) if isinstance(line, int) else None
        if other is None or not rev.head or not other.head:
            continue
        sides = (_defined_side(rev.label), _defined_side(other.label))
        if sides in (("base", "head"), ("head", "base")):
            base, head = (rev, other) if sides[0] == "base" else (other, rev)
            paired = head.model_copy(update={"base": base.head})
            for key, got in list(out.items()):
                if got is head:
                    out[key] = paired
            for defs in out.defined.values():
                defs[:] = [(no, paired if r is head else r) for no, r in defs]
    return out


def _defined_side(label: str | None) -> str | None:
    """The side a defining bullet's name stands for: a side's word, or an experiment's arm ("Treatment", "Control")."""
    return side_of(label) or arm_side(label)


def _changed_on_top(out: NamedRevisions) -> NamedRevisions:
    """Two bullets that bind one commit to two names ("Upstream: lib `5f40e3b` with the old table", "This PR: lib
    `5f40e3b` with the new table"): the PR's side is that commit with its change on top, a revision of its own, based
    on the commit, not the commit itself (one_name_per_head would fold the two into one)."""
    by_head: dict[str, set[str]] = {}
    for key, rev in out.items():
        if isinstance(key, int) and rev.head and rev.label:
            by_head.setdefault(rev.head, set()).add(rev.label)
    for head, names in by_head.items():
        if len(names) < 2:
            continue
        for key, rev in list(out.items()):
            if _on_top(rev, head):
                out[key] = Revision(label=rev.label, head=None, base=head)
        for defs in out.defined.values():
            defs[:] = [(no, Revision(label=r.label, head=None, base=head) if _on_top(r, head) else r) for no, r in defs]
    return out


def _on_top(rev: Revision, head: str) -> bool:
    return rev.head == head and side_of(rev.label) == "head" and side_alone(rev.label or "")


_COMMIT_ROW_RE = re.compile(r"^[*_`]{0,2}(?:commit|sha|head|revision|git sha)[*_`]{0,2}:?$", re.IGNORECASE)
_VALUE_HEAD_RE = re.compile(r"^(?:values?|results?)$", re.IGNORECASE)
_BRANCH_ROW_RE = re.compile(r"^[*_`]{0,2}(?:branch|ref)[*_`]{0,2}:?$", re.IGNORECASE)


def _table_revisions(header: list[str], rows: list[list[str]], out: NamedRevisions, line: int) -> None:
    """ "| | Baseline | Feature |" over "| **Commit** | `a1b2c3d4e` | `f9e8d7c6b` |" (and "| **Branch** | `main` |
    `my-feature` |"): each column defines a side by its header, and by its branch, with that commit as its head."""
    commit = next((r for r in rows if r and _COMMIT_ROW_RE.match(r[0].strip())), None)
    if commit is None:
        _row_revisions(header, rows, out, line)
        return
    branch = next((r for r in rows if r and _BRANCH_ROW_RE.match(r[0].strip())), None)
    for ci in range(1, min(len(header), len(commit))):
        sha = commit[ci].strip(" `*_")
        name = header[ci].strip(" `*_")
        if not (name and SHA_RE.fullmatch(sha) and is_sha(sha)):
            continue
        # ("| metric | value |" over a bot's "| commit | `24b52c371` |": the column names no side, the sha the run)
        rev = Revision(label=sha.lower() if _VALUE_HEAD_RE.match(name) else name, head=sha.lower(), base=None)
        out.define(name.lower(), rev, line)
        if branch is not None and ci < len(branch) and (b := branch[ci].strip(" `*_")):
            out.define(b.lower(), rev, line)


def _row_revisions(header: list[str], rows: list[list[str]], out: NamedRevisions, line: int) -> None:
    """ "| Run | Revision | Accuracy |" over "| base | `0a1b2c3d` | 71.95% |": each row a side's name opens defines
    that side, with its commit column's sha as its head (for the prose that restates the sides: "the PR run scored
    71.40%"); a row's label "A1: base" names the side after its colon."""
    col = next((i for i, h in enumerate(header) if i and _COMMIT_ROW_RE.match(h.strip())), 0)
    for cells in rows if col else []:
        name = cells[0].rpartition(":")[2].strip(" `*_") if len(cells) > col else ""
        sha = cells[col].strip(" `*_") if name else ""
        if side_alone(name) and SHA_RE.fullmatch(sha) and is_sha(sha):
            out.define(name.lower(), Revision(label=cells[0].strip(" `*_"), head=sha.lower(), base=None), line)


_SIDE_LIST_REACH = 12
"""Lines over a table a list of its two sides may stand in ("- Baseline: ... `3f7e538b2`" then "- Tuned: ...")."""


def listed_sides(named: Mapping[str | int, Revision], at: int) -> dict[str, Revision]:
    """The two revisions the bullets right over line `at` define, by the side each stands for ("Reference:" and
    "Candidate:", "Baseline:" and "Tuned:", by their names as sides.column_sides reads a column of two): for the
    columns of the table there that name a side ("Main", "This PR") under other words. The candidate sits on the
    base's commit where its bullet names no base of its own. {} unless exactly two revisions are defined there."""
    near = sorted((k, r) for k, r in named.items() if isinstance(k, int) and at - _SIDE_LIST_REACH <= k < at)
    revs = list(dict.fromkeys(r for _, r in near))
    sides = column_sides([r.label or "" for r in revs]) if len(revs) == 2 else {}
    if not sides:
        return {}
    base, head = revs if sides.get((revs[0].label or "").strip(" *_`")) == "base" else revs[::-1]
    if head.base is None and base.head and head.head != base.head:
        head = head.model_copy(update={"base": base.head})
    return {"base": base, "head": head}


def named_lead(named: Mapping[str | int, Revision], label: str) -> Revision | None:
    """The revision a row's label opens with, as a bullet defined it ("MTP `n_max=2`" under "- MTP: this PR branch
    `17df5830e`"): the defined name of up to three words, then that run's settings."""
    words = label.replace("`", " ").lower().split()[:3]
    for k in range(len(words), 0, -1):
        rev = named.get(" ".join(words[:k]))
        if rev is not None:
            return rev
    return None


def sided_tables(doc: Document, named: dict[str | int, Revision]) -> list[RevisionScope]:
    """ "Baseline `c9cc71a`: ..." / "Candidate `9c63e7b`: ..." defined above a table whose header names them
    ("tok/s, baseline | candidate"): its values were measured on the one candidate side (of the names reaching it)."""
    if len([k for k in named if isinstance(k, str)]) < 2:
        return []
    out: list[RevisionScope] = []
    for b in doc.blocks:
        if b.kind != "table":
            continue
        there = named_at(named, b.start)
        names = [k for k in there if isinstance(k, str)]
        heads = {k: r for k, r in there.items() if isinstance(k, str) and side_of(k) == "head"}
        header = doc.line(b.start).lower()
        if len(heads) == 1 and len(names) >= 2 and any(re.search(rf"\b{re.escape(n)}\b", header) for n in names):
            out.append(RevisionScope(start=b.start, end=b.end, revision=next(iter(heads.values()))))
    return out
