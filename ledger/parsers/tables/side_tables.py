"""One sweep printed twice, a table per side, each under a sentence that names its side:

    A quick sweep with this PR for Qwen2.5-7B on a Core i9-13900K          <- the candidate's table
    | PP | TG | N_KV | S_PP t/s |  ...  | 512 | 128 | 0 | 182.40 |
    To compare, the same sweep on mainline `llama.cpp` (build: `4711 (9f3e2ab71)`)   <- the base's, at its build
    | PP | TG | N_KV | S_PP t/s |  ...  | 512 | 128 | 0 |  60.80 |
    About 3X faster prompt processing then.                                 <- the candidate's, against the base

Rows of the two tables with the same settings (their config cells: PP, TG, N_KV) are one comparison: the candidate's
value takes the base's as its reference. Each table is measured on its side (the side's words, not the sentence,
name it: "this PR", "mainline llama.cpp"); the setup one lead-in states holds for the other table's rows where that
one states none of it; a change stated after the base's table ("3X faster") is the candidate's.

Apart from results.py because it reads two tables at once, after both were read; the tables are found again by
their lines, as the claims name them.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ledger.model import Claim, Revision
from ledger.parsers.grammar.revision_labels import shas_in
from ledger.parsers.reader.document import Block, Document
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.roles import column_roles
from ledger.vocab.setup_keys import is_known_key
from ledger.vocab.sides import BASE_SIDE_RE, HEAD_SIDE_RE, side_of

_LEAD_GAP = 2
"""Lines a lead-in sentence may stand above its table (a blank line between)."""
_LEAD_MAX = 300
"""Characters of a lead-in read for its side: a sentence, not a paragraph."""
# the side's name: its word and what follows up to a bracket, a colon or a clause's end ("mainline `llama.cpp`")
_NAME_RE = re.compile(r"(?:[^(:;,.!?\n]|\.(?=\w)){0,40}")
_ASIDE_RE = re.compile(r"\([^()]{0,200}\)")
_LABEL_WORDS = 4
"""Words a side's label runs to, its asides left out ("Before the rebase (5e6f7a8, on main 1a2b3c4):")."""
_NOT_A_BUILD_RE = re.compile(r"\s{0,3}(?:models?|checkpoints?|weights|variants?)\b", re.IGNORECASE)
_WITH_RE = re.compile(r"^(?:with|w/)\s+", re.IGNORECASE)
# a change stated after the tables ("3X faster", "2x speedup"): measured on the candidate against the base
_CHANGE_RE = re.compile(r"\b(?:faster|slower|speed-?ups?|better|worse|improvement|gain)\b", re.IGNORECASE)


@dataclass(slots=True)
class _Side:
    block: Block
    side: str
    """ "base" or "head"."""
    name: str
    """The side's words in its lead-in ("this PR", "mainline llama.cpp")."""
    after: range
    """The lines of the prose after the table, to the next block that is none (a change stated there)."""
    label: bool
    sha: str | None
    feature: bool = False
    """The sides are a feature off and on ("w/o mtp" / "mtp3"): two setups of one build, no revisions."""
    """The build the lead-in names after the side's word ("mainline (build: `4711 (9f3e2ab71)`)")."""
    """The lead-in is a side's label ("AFTER PR", "Before the rebase (5e6f7a8, on main 1a2b3c4):"), not a sentence."""


def side_tables(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims with each pair of per-side tables joined (see the module)."""
    pairs = list(_pairs(doc))
    if not pairs:
        return claims
    by_line: dict[int, list[int]] = {}
    for i, c in enumerate(claims):
        by_line.setdefault(c.source.line, []).append(i)
    out = list(claims)
    renamed: dict[Revision, Revision] = {}
    for head, base in pairs:
        _join(out, by_line, head, base)
        if not head.feature:
            _relabel(out, by_line, head, base, renamed)
        else:  # a feature off and on: two setups of one build, each named by its label ("w/o warmup" / "warmup")
            for side in (head, base):
                for i in (i for no in _lines(side.block) for i in by_line.get(no, [])):
                    if "variant" not in out[i].config and out[i].value is not None:
                        out[i] = out[i].model_copy(update={"config": {**out[i].config, "variant": side.name}})
    # (the commit a base's lead-in names, and any claim measured on its revision elsewhere: one name)
    return [c.model_copy(update={"revision": renamed[c.revision]}) if c.revision in renamed else c for c in out]


def _pairs(doc: Document) -> Iterator[tuple[_Side, _Side]]:
    """(candidate, base) of two tables next to each other with one header, each under a lead-in naming its side."""
    blocks = doc.blocks
    tables = [i for i, b in enumerate(blocks) if b.kind == "table" and not b.in_code and b.table is not None]
    for a, b in itertools.pairwise(tables):
        between = blocks[a + 1 : b]
        if not between or any(x.kind != "text" or x.in_code for x in between):
            continue  # a heading, a list or a paste between them: two results, not one sweep per side
        ta, tb = blocks[a].table, blocks[b].table
        assert ta is not None and tb is not None
        if [clean(h).lower() for h in ta.header] != [clean(h).lower() for h in tb.header]:
            continue
        first, second = _lead_side(blocks, a), _lead_side(blocks, b)
        if first is None or second is None:
            first, second = _feature_sides(blocks, a, b)  # "w/o mtp" over one, "mtp3" over the other
        if first is None or second is None or {first.side, second.side} != {"base", "head"}:
            continue
        if first.feature:
            yield (first, second) if first.side == "head" else (second, first)
            continue
        if first.label and second.label:
            continue  # two revisions the text opens, compared as such (the per-side convention of the golds)
        yield (first, second) if first.side == "head" else (second, first)


def _lead_side(blocks: list[Block], idx: int) -> _Side | None:
    """The side the sentence right over the table names, and its name there."""
    lead = blocks[idx - 1] if idx > 0 else None
    if lead is None or lead.kind != "text" or blocks[idx].start - lead.end > _LEAD_GAP:
        return None
    text = clean(lead.text[:_LEAD_MAX]).replace("`", "")
    side = side_of(text)
    m = (BASE_SIDE_RE if side == "base" else HEAD_SIDE_RE).search(text) if side else None
    if side is None or m is None or _NOT_A_BUILD_RE.match(text, m.end()):
        return None  # "the base model", "the new checkpoint": two models, not two builds of one
    tail = _NAME_RE.match(text, m.end())
    name = _WITH_RE.sub("", f"{m.group(0)}{tail.group(0) if tail else ''}").strip()
    if len(name.split()) > 3:
        name = _WITH_RE.sub("", m.group(0))
    end = blocks[idx].end
    for b in blocks[idx + 1 :]:
        if b.kind != "text" or b.in_code:
            break
        end = b.end
    label = len(_ASIDE_RE.sub("", text).split()) <= _LABEL_WORDS
    sha = next((sha for sha, _, _ in shas_in(text[m.start() :])), None)
    return _Side(blocks[idx], side, name, range(blocks[idx].end + 1, end + 1), label, sha)


# "w/o mtp", "without MTP", "no spec": a label naming a feature left off (its twin names the feature alone, or with
# its setting: "mtp3", "with MTP", "MTP k=3")
_OFF_LABEL_RE = re.compile(r"^(?:w/o|without|no)\s+(?P<feature>[A-Za-z][\w.+-]{1,30})$", re.IGNORECASE)
_ON_PREFIX_RE = re.compile(r"^(?:with\s+|w/\s*)", re.IGNORECASE)
_NEGATION_RE = re.compile(r"\b(?:w/o|without|no|non|disabled?|off)\b", re.IGNORECASE)
_LABEL_MAX = 40
"""Characters of a side's label: a label, not a sentence."""


def _label_over(blocks: list[Block], idx: int) -> Block | None:
    lead = blocks[idx - 1] if idx > 0 else None
    if lead is None or lead.kind != "text" or lead.in_code or blocks[idx].start - lead.end > _LEAD_GAP:
        return None
    return lead if len(lead.text.strip()) <= _LABEL_MAX else None


def _feature_sides(blocks: list[Block], a: int, b: int) -> tuple[_Side | None, _Side | None]:
    """The two tables' sides where one's label leaves a feature off ("w/o mtp") and the other's names it on
    ("mtp3", "with MTP"): the base and the candidate."""
    la, lb = _label_over(blocks, a), _label_over(blocks, b)
    if la is None or lb is None:
        return None, None
    ta, tb = clean(la.text).strip(" *_:"), clean(lb.text).strip(" *_:")
    for off, on, first in ((ta, tb, "base"), (tb, ta, "head")):
        m = _OFF_LABEL_RE.match(off)
        rest = _ON_PREFIX_RE.sub("", on)
        feature = m.group("feature").lower() if m else ""
        twin = (
            m is not None and rest.lower().startswith(feature) and not rest[len(feature) : len(feature) + 1].isalpha()
        )
        if twin and _NEGATION_RE.search(on) is None:  # ("mtp3 w/o async-scheduling" leaves another feature off)
            other = "head" if first == "base" else "base"
            return _feature_side(blocks, a, first, ta), _feature_side(blocks, b, other, tb)
    return None, None


def _feature_side(blocks: list[Block], idx: int, side: str, name: str) -> _Side:
    end = blocks[idx].end
    return _Side(blocks[idx], side, name, range(end + 1, end + 1), True, None, True)


def _settings(block: Block) -> dict[tuple[str, ...], int]:
    """Each row's line by its settings: its config cells (its label where it has none)."""
    table = block.table
    assert table is not None
    roles = column_roles(table)
    cols = [i for i, r in enumerate(roles) if r == "config"] or [0]
    out: dict[tuple[str, ...], int] = {}
    for row in table.rows:
        key = tuple(clean(row.cells[i]) if i < len(row.cells) else "" for i in cols)
        if key in out:
            return {}  # two rows of one setting: no pairing by settings
        out[key] = row.line
    return out


def _join(out: list[Claim], by_line: dict[int, list[int]], head: _Side, base: _Side) -> None:
    """Each candidate value with the base's value of its row's settings and its measure as its reference; the
    base's rows with the setup the candidate's lead-in states that theirs does not."""
    bases = _settings(base.block)
    for key, line in _settings(head.block).items():
        other = bases.get(key)
        if other is None:
            continue
        refs = {(out[j].metric, out[j].unit): j for j in by_line.get(other, []) if out[j].value is not None}
        for i in by_line.get(line, []):
            c = out[i]
            j = refs.get((c.metric, c.unit))
            if j is None or c.value is None:
                continue
            if c.reference is None:
                out[i] = c.model_copy(update={"reference": out[j].value})
            shared = {k: v for k, v in c.config.items() if is_known_key(k) and k not in out[j].config}
            if shared:
                out[j] = out[j].model_copy(update={"config": {**out[j].config, **shared}})


def _relabel(
    out: list[Claim], by_line: dict[int, list[int]], head: _Side, base: _Side, renamed: dict[Revision, Revision]
) -> None:
    """Each table's claims measured on its side, named by the side's words; the base's revision keeps the build
    its lead-in states. A change stated after the base's table, in its turn, is the candidate's."""
    revs: list[Revision] = []
    olds: list[Revision] = []
    for side in (head, base):
        found = [i for no in _lines(side.block) for i in by_line.get(no, []) if out[i].kind != "commit"]
        was = next((out[i].revision for i in found if out[i].revision is not None), None)
        rev = (
            Revision(label=side.name, head=was.head, base=was.base) if was else Revision(label=side.name, head=side.sha)
        )
        if was is not None and was.head:
            renamed[was] = rev
        for i in found:
            out[i] = out[i].model_copy(update={"revision": rev})
        revs.append(rev)
        olds.append(was or rev)
    if base.block.start < head.block.start:
        return
    on_base = {revs[1], olds[1]}
    for no in base.after:
        for i in by_line.get(no, []):
            c = out[i]
            if c.kind == "perf" and c.revision in on_base and _is_change(c):
                out[i] = c.model_copy(update={"revision": revs[0]})


def _lines(block: Block) -> range:
    return range(block.start, block.end + 1)


def _is_change(c: Claim) -> bool:
    return (c.unit or "").lower() == "x" or bool(_CHANGE_RE.search(c.metric or ""))
