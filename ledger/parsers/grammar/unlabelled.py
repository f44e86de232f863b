"""The paste a candidate's label leaves unnamed: the other side of the same tool's run.

"[a benchmark's output] ... TP2 after this PR: [the same output]": people label the run they changed and
paste the one before it bare. The first paste is the other side when it opens with the same banner as the
labelled one (the same tool printed both) and no revision scope holds it already.

"Accuracy before and after:" over two runs of the same lines (or two code blocks) names both sides at once: the
first run is before, the second after.
"""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.sides import side_of
from ledger.vocab.word_gate import WordGate


def unlabelled_twins(doc: Document, scopes: list[RevisionScope]) -> list[RevisionScope]:
    """The scopes of the unlabelled pastes that are the other side of a candidate's labelled one."""
    codes = [b for b in doc.blocks if b.kind == "code"]
    out: list[RevisionScope] = []
    for scope in scopes:
        if side_of(scope.revision.label or "") != "head":
            continue
        mine = next((b for b in codes if scope.start <= b.start <= scope.end), None)
        earlier = [b for b in codes if mine is not None and b.end < scope.start]
        if mine is None or not earlier:
            continue
        twin = earlier[-1]
        banner = _banner(doc, mine)
        if banner and banner == _banner(doc, twin) and not any(s.start <= twin.start <= s.end for s in scopes):
            out.append(
                RevisionScope(
                    start=twin.start, end=twin.end, revision=Revision(label="before this PR", head=None, base=None)
                )
            )
    return out


def _banner(doc: Document, block: Block) -> str:
    """The first line a code block prints (its fence skipped): the banner of the tool whose output it holds."""
    for no in range(block.start, min(block.end, block.start + 3) + 1):
        text = doc.line(no).strip()
        if text and not text.startswith(("```", "~~~")):
            return text if len(text) >= 12 and not any(ch.isdigit() for ch in text) else ""
    return ""


_BEFORE_AFTER_RE = WordGate(re.compile(r"\bbefore\s{0,3}(?:and|&|/|vs\.?|versus)\s{0,3}after\b", re.IGNORECASE))
_LABEL_RE = re.compile(r"\s*([^:\n]{1,60}):")
_MAX_RUN = 80


def before_after_runs(doc: Document, scopes: list[RevisionScope]) -> list[RevisionScope]:
    """The two runs under a "before and after" lead-in, as the before and the after side, where they open with the
    same label (the same tool printed both) and no revision scope holds them already."""
    out: list[RevisionScope] = []
    for b in doc.blocks:
        if b.in_code or b.kind not in ("text", "heading") or len(b.text) > 100 or not _BEFORE_AFTER_RE.search(b.text):
            continue
        first = _run(doc, b.end + 1)
        second = _run(doc, first[1] + 1) if first is not None else None
        if first is None or second is None or _label(doc, first) != _label(doc, second) or not _label(doc, first):
            continue
        if any(s.start <= first[1] and first[0] <= s.end for s in [*scopes, *out] if s.start != b.start):
            continue
        for (a, z), side in ((first, "before"), (second, "after")):
            out.append(RevisionScope(start=a, end=z, revision=Revision(label=side, head=None, base=None)))
    return out


def _run(doc: Document, start: int) -> tuple[int, int] | None:
    """The lines of the run that starts at `start` (after at most two blank lines): a code block, or lines up to
    the next blank one; None at a heading, a comment or the end."""
    n = len(doc.lines)
    for _ in range(2):
        if start <= n and not doc.line(start).strip():
            start += 1
    if start > n or not doc.line(start).strip():
        return None
    text = doc.line(start).lstrip()
    if text.startswith("#") or (text.startswith("**") and "commented" in text):
        return None
    fenced = text.startswith(("```", "~~~"))
    end = start
    while end < n and end - start < _MAX_RUN:
        nxt = doc.line(end + 1)
        if fenced and end > start and doc.line(end).lstrip().startswith(("```", "~~~")):
            break
        if not fenced and not nxt.strip():
            break
        end += 1
    return (start, end)


def _label(doc: Document, run: tuple[int, int]) -> str:
    """The label the run's first line of output opens with ("Accuracy" of "Accuracy: 0.812")."""
    for no in range(run[0], run[1] + 1):
        text = doc.line(no).strip()
        if text and not text.startswith(("```", "~~~")):
            m = _LABEL_RE.match(text)
            return m.group(1).strip().lower() if m else ""
    return ""
