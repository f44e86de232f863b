"""Where each value a report flags was written: a link to the pull request's description or to the comment
(`#issuecomment-ID`), so a reviewer reading the sticky comment goes to the evidence in one click.

A section appended to `ledger report` (markdown and JSON; the terminal table names lines already). The URLs
are the ones GitHub gave the documents when they were fetched; one that is not a plain http(s) URL is never
made a link.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ledger.compare.render import fmt_claim
from ledger.model import Claim
from ledger.neutral import markdown

if TYPE_CHECKING:
    from ledger.db.opened import OpenLedger

_URL_RE = re.compile(r"https?://[A-Za-z0-9.:-]{1,255}/[A-Za-z0-9._~%/#?=&+-]{0,1500}")
"""A URL fit to be a markdown link target: no spaces, brackets, parentheses or quotes."""


@dataclass
class Place:
    """One flagged value and where it was written."""

    what: str
    claim: Claim
    document: str | None
    url: str | None

    @property
    def where(self) -> str:
        doc = self.document or ""
        kind = "comment" if "/comment/" in doc else "review" if "/review" in doc else "description"
        return f"{kind}, line {self.claim.source.line}"


@dataclass
class WhereWritten:
    """The places of a report's flagged values."""

    places: list[Place] = field(default_factory=list)
    name: str = "where_written"
    alerts: int = 0
    judged: int = 0
    moved: int = 0

    def lines(self, md: bool) -> list[str]:
        if not md or not self.places:
            return []
        out = ["", "#### Where these values were written", ""]
        for p in self.places:
            where = f"[{markdown(p.where)}]({p.url})" if p.url else markdown(p.where)
            out.append(f"- {markdown(p.what)}: {markdown(fmt_claim(p.claim))}, {where}")
        return out

    def to_json(self) -> list[dict[str, Any]]:
        return [
            {"what": p.what, "value": p.claim.value, "document": p.document, "line": p.claim.source.line, "url": p.url}
            for p in self.places
        ]


def document_of(c: Claim) -> str | None:
    doc = (c.source.model_extra or {}).get("document")
    return str(doc) if doc else None


def link_target(url: str | None) -> str | None:
    """The URL of the claim's document when it is a plain http(s) URL (a comment's keeps its #issuecomment-ID)."""
    if not url or not _URL_RE.fullmatch(url):
        return None
    return url


def where_written(flagged: list[tuple[str, Claim]], *, book: OpenLedger) -> WhereWritten:
    """The places of `flagged` (a label, the claim), each linked to its document's URL in the open ledger."""
    from ledger.db.targets import document_urls

    seen: set[tuple[str | None, int, str]] = set()
    keep: list[tuple[str, Claim]] = []
    for what, c in flagged:  # one line per place and value: the first reason it was flagged names it
        mark = (document_of(c), c.source.line, fmt_claim(c))
        if mark[0] and mark not in seen:  # a file's claims name no document: nothing to link to
            seen.add(mark)
            keep.append((what, c))
    names = sorted({d for _, c in keep if (d := document_of(c))})
    urls = document_urls(book.reader, names) if names and book.exists() else {}
    return WhereWritten(
        [Place(what, c, document_of(c), link_target(urls.get(document_of(c) or ""))) for what, c in keep]
    )
