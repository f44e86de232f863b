"""The sections whose runs are a control served apart from the document's serving mode: under a heading that says so
("### Single-node control result") down to the next heading of its level or above (or a comment), and under a
lead-in that says so ("And a control run on one node without the PD split:") over the block right below it. The
document's (title's) `serving` stops at them, and what they say of that mode is the run they are set against
("Matches disagg page 1 vs 256"): their results carry no serving unless the section states another."""

from __future__ import annotations

from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.blocks import Document
from ledger.vocab.control_runs import names_a_control

Span = tuple[int, int]


def control_spans(doc: Document) -> list[Span]:
    """The (first, last) lines of each control section of doc, in line order."""
    blocks, out = doc.blocks, list[Span]()
    for k, b in enumerate(blocks):
        if b.kind not in ("heading", "text") or not names_a_control(b.text):
            continue
        if b.kind == "heading":
            nxt = next((c for c in blocks[k + 1 :] if c.kind == "comment" or _closes(c.kind, c.level, b.level)), None)
            out.append((b.start, nxt.start - 1 if nxt is not None else len(doc.lines)))
        elif k + 1 < len(blocks) and blocks[k + 1].kind in ("code", "table") and blocks[k + 1].start - b.end <= 2:
            out.append((b.start, blocks[k + 1].end))  # (a lead-in: the paste or table right below it)
    return out


def _closes(kind: str, level: int, own: int) -> bool:
    """Whether a heading of `level` ends a section under one of level `own` (its sub-headings stay inside)."""
    return kind == "heading" and level <= own


def cut_controls(runs: list[tuple[int, int, str]], spans: list[Span]) -> list[tuple[int, int, str]]:
    """`runs` (a default key's reach) without the lines of `spans`."""
    for first, last in spans:
        cut: list[tuple[int, int, str]] = []
        for a, z, v in runs:
            if z < first or a > last:
                cut.append((a, z, v))
                continue
            cut.extend([(a, first - 1, v)] if a < first else [])
            cut.extend([(last + 1, z, v)] if z > last else [])
        runs = cut
    return runs


def uncontrasted(scopes: list[SetupScope], spans: list[Span], mode: str) -> list[SetupScope]:
    """`scopes` with the serving `mode` (the document's) kept off the lines of `spans`: what a control section says of
    that mode ("Matches disagg page 1 vs 256") is the run it is set against, not its own."""
    out: list[SetupScope] = []
    for s in scopes:
        if s.values.get("serving") != mode or not any(a <= s.end and s.start <= z for a, z in spans):
            out.append(s)
            continue
        rest = {k: v for k, v in s.values.items() if k != "serving"}
        inside = [(max(a, s.start), min(z, s.end)) for a, z in spans if a <= s.end and s.start <= z]
        out.extend(SetupScope(a, z, rest, s.task) for a, z in inside if rest)
        out.extend(SetupScope(a, z, s.values, s.task) for a, z, _ in cut_controls([(s.start, s.end, "")], inside))
    return out


def controls_apart(
    doc: Document, scopes: list[SetupScope], default: dict[str, str], reach: dict[str, list[tuple[int, int, str]]]
) -> list[SetupScope]:
    """`scopes` without the document's serving mode on doc's control sections; the default's reach of `serving`
    (into `reach`) cut at them too ("### Single-node control result" under a disaggregated title)."""
    if "serving" not in default or not (spans := control_spans(doc)):
        return scopes
    reach["serving"] = cut_controls(reach.get("serving", [(1, len(doc.lines), default["serving"])]), spans)
    return uncontrasted(scopes, spans, default["serving"])
