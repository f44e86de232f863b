"""The revision a pull request's title states its results at: the one its description measured them on.

    # [Perf] Pack the KV pages tighter: decode 1.18x faster        the title's 1.18x, measured at 4c5d6e7f80
    kit · description · 2026-05-02
    Every figure below was taken at 4c5d6e7f80 ...                the description's results: one head

A title that states a result states the PR's headline, which the description's runs measured; where every revision
the description names over its results is one (the same head and base), the title's line is measured on it too.
Two heads in the description (a re-run, an older push) leave the title's results without a revision: which one
the headline is of, the text does not say."""

from __future__ import annotations

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.reader.document import Document


def _title_line(doc: Document) -> int:
    """The line of the page's title: its first heading, where that is of level 1 (0: none)."""
    first = next((b for b in doc.blocks if b.kind == "heading" and not b.in_code), None)
    return first.start if first is not None and first.level == 1 else 0


def _description_end(doc: Document, title: int) -> int:
    """The last line of the description: the turn holding the title, or the turn after it where an archive's header
    ("kit · description · 2026-05-02") opens the body below the title."""
    bounds = turn_bounds(doc)
    for k, (first, last) in enumerate(bounds):
        if first <= title <= last:
            if k + 1 < len(bounds) and "description" in doc.line(bounds[k + 1][0]).lower()[:200]:
                return bounds[k + 1][1]
            return last
    return title


def title_revision(doc: Document, scopes: list[RevisionScope]) -> list[RevisionScope]:
    """A scope over the title's line with the description's one revision (see the module), else none."""
    title = _title_line(doc)
    if not title or any(s.start <= title <= s.end for s in scopes):
        return []
    end = _description_end(doc, title)
    told = [s.revision for s in scopes if title < s.start <= end and (s.revision.head or s.revision.base)]
    commits = {(r.head, r.base) for r in told}
    if len(commits) != 1:
        return []
    rev: Revision = told[0]
    return [RevisionScope(start=title, end=title, revision=rev)]
