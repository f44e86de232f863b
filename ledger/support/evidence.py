"""Evidence beside a support cell: the claims of an engine's pull requests that name the cell's architecture
and its feature (a PR's features table, its gates, accuracies, test counts and acceptance lengths on that
model), with the revision each was measured on.

A claim names an architecture when its text, section, metric, config, subject, feature or note spells the
class or one of the model names the ledger's documents give for it ("Qwen3-Next", "Qwen3Next", "qwen3_next":
letters and digits compared, split where the words split); the longest name found at a place wins, so
"Qwen3-Next" names Qwen3NextForCausalLM and not Qwen3ForCausalLM. It names a feature the same way through
the feature's spellings. A claim that names no architecture (or no feature) itself takes the ones its PR's
title and the headings above it name, unless its words name a model family of their own ("test_llama3_smoke").
A cell about "Architecture listed" needs only the architecture: a PR measuring a model on the engine says
the engine runs it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ledger.support.answer import Cell, Evidence, Matrix, engine_of
from ledger.vocab.support import (
    FEATURES,
    LISTED,
    MODEL_FAMILIES,
    Aliases,
    class_head,
    feature_named,
    name_key,
    name_key_spaced,
)

if TYPE_CHECKING:
    from ledger.db.reads import Reader

MAX_TOKENS = 8
"""The longest name, in words, that is looked for."""
MAX_CONTEXT = 4_000
"""A claim's context is read up to this many characters."""
_TOKEN_RE = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
_LETTERS_RE = re.compile(r"[a-z]{3,}")


def tokens(text: str) -> list[str]:
    """Words of a name or a text, split at blanks, punctuation, digits and case changes, lower-cased."""
    return [t.lower() for t in _TOKEN_RE.findall(text[:MAX_CONTEXT])]


def find_names(words: list[str], names: dict[str, str]) -> set[str]:
    """The values of `names` (keyed by name_key) spelled by consecutive words, longest first at each place."""
    found: set[str] = set()
    i, n = 0, len(words)
    while i < n:
        for j in range(min(n, i + MAX_TOKENS), i, -1):
            hit = names.get("".join(words[i:j]))
            if hit is not None:
                found.add(hit)
                i = j
                break
        else:
            i += 1
    return found


def architecture_names(aliases: Aliases) -> dict[str, str]:
    """name_key -> class for every class the ledger knows: its name, its model names, its family head when
    only that class has it."""
    heads: dict[str, list[str]] = {}
    for cls in aliases.classes:
        heads.setdefault(class_head(cls), []).append(cls)
    out: dict[str, str] = {}
    for cls in sorted(aliases.classes):
        for key in aliases.names_of(cls):
            if key == class_head(cls) and len(heads.get(key, ())) > 1:
                continue
            out.setdefault(key, cls)
    return out


def feature_names() -> dict[str, str]:
    """name_key -> canonical feature name, for every spelling in the vocabulary."""
    out: dict[str, str] = {}
    for f in FEATURES:
        for s in (f.name, *f.spellings, *(x for v in f.by_engine.values() for x in v)):
            out.setdefault(name_key(s), f.name)
    return out


def _context(c: dict[str, Any]) -> str:
    """The claim's own words: its text, metric, config, subject, feature and note."""
    cfg = c.get("config") or {}
    parts = [
        str(c.get("text") or ""),
        str(c.get("metric") or ""),
        " ".join(f"{k} {v}" for k, v in (cfg.items() if isinstance(cfg, dict) else ())),
        str(c.get("subject") or ""),
        str(c.get("feature") or ""),
        str(c.get("note") or ""),
    ]
    return " | ".join(p for p in parts if p)


def _surroundings(c: dict[str, Any]) -> str:
    """Where the claim stands: its PR's title and the headings above it."""
    return " | ".join([str(c.get("title") or ""), *map(str, c.get("section") or [])])


def _anchor(runs: list[str]) -> str | None:
    """A literal piece of a name the database can look for (its longest run of letters): "qwen3next" -> "next"."""
    return max(reversed(runs), key=len) if runs else None


def attach_evidence(db: Reader, matrices: Iterable[Matrix], aliases: Aliases) -> None:
    """Fill `evidence` of every cell (and its statements) about an architecture, empty cells too."""
    from ledger.db.support import evidence_candidates

    matrices = list(matrices)
    arch_names = architecture_names(aliases)
    feat_names = feature_names()
    wanted: set[tuple[str, str, str]] = set()  # (engine, class, feature)
    anchors: set[str] = set()
    for m in matrices:
        for row in m.rows:
            cls, feat = _pair(m, row)
            if cls not in aliases.classes:
                continue  # a backend, a model family: nothing to look for
            wanted.update((engine, cls, feat) for engine in m.engines)
            for name in aliases.names_of(cls):
                a = _anchor(_LETTERS_RE.findall(name))
                if a:
                    anchors.add(a)
    if not wanted:
        return
    found: dict[tuple[str, str, str], list[Evidence]] = {}
    seen: set[int] = set()
    anchor_list = sorted(anchors)
    for i in range(0, len(anchor_list), 32):
        for c in evidence_candidates(db, anchor_list[i : i + 32]):
            if c["id"] in seen:
                continue
            seen.add(c["id"])
            engine = engine_of(c)
            # the claim's own words first; its PR's title and headings speak for a claim that names none itself
            around = tokens(_surroundings(c))
            words = tokens(_context(c))
            classes = find_names(words, arch_names)
            if not classes and not MODEL_FAMILIES.intersection(words):  # "test_llama3_smoke" names its own model
                classes = find_names(around, arch_names)
            feats = find_names(words, feat_names) or find_names(around, feat_names)
            families = {f.family for f in (feature_named(name_key_spaced(x)) for x in feats) if f and f.family}
            for cls in classes:
                for feat in {LISTED, *feats, *families}:
                    cell_key = (engine, cls, feat)
                    if cell_key in wanted:
                        found.setdefault(cell_key, []).append(_evidence(c))
    for m in matrices:
        for row in m.rows:
            cls, feat = _pair(m, row)
            for engine in m.engines:
                ev = found.get((engine, cls, feat))
                if not ev:
                    continue
                cell = m.cells.get((row, engine))
                if cell is None:
                    cell = m.cells[(row, engine)] = Cell(row, engine, [])
                cell.evidence = ev
                for s in cell.statements:
                    s.evidence = ev


def _pair(m: Matrix, row: str) -> tuple[str, str]:
    """(subject, feature) of a matrix row: the row is the feature in a subject's matrix, the subject in a
    feature's."""
    return (m.title, row) if m.rows_are == "features" else (row, m.title)


def _evidence(c: dict[str, Any]) -> Evidence:

    rev = None
    if c.get("revision_label") or c.get("revision_head"):
        rev = {"label": c.get("revision_label"), "head": c.get("revision_head"), "base": c.get("revision_base")}
    value = c.get("value")
    if c.get("kind") == "tests":
        value = ", ".join(f"{c[k]} {k}" for k in ("passed", "failed", "skipped") if c.get(k) is not None)
    return Evidence(
        document=str(c["document"]),
        pr=c.get("pr"),
        version=int(c["version"]),
        line=int(c["line"]),
        kind=str(c["kind"]),
        metric=c.get("metric"),
        value=value,
        outcome=c.get("outcome"),
        text=str(c.get("text") or ""),
        revision=rev,
    )
