"""A document's page: the stored text of one version, a page of lines around its anchor, with the claims read
from each line (`/-/ledger/doc/ID/vN`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from ledger.db.documents import version_text
from ledger.db.reads import ClaimFilter, claims
from ledger.web.data import PREFIX, NotFound, claim_row

if TYPE_CHECKING:
    from ledger.db.reads import Reader


@dataclass
class Line:
    number: int
    text: str
    claims: list[dict[str, Any]] = field(default_factory=list)
    highlighted: bool = False
    cut: int = 0
    """Characters of the line past the page's budget, not shown."""


PAGE_LINES = 2000
"""Lines of a stored text one document page shows: a 20 MB text is not 44 MB of HTML in one request."""

PAGE_CHARS = 1_000_000
"""Characters of a stored text one document page shows (lines of 20,000 characters are not 2,000 a page)."""


def doc_page(
    conn: Reader, document_id: int, version: int, span: tuple[int, int] | None, start: int | None = None
) -> dict[str, Any]:
    """The stored text of one version, line by line, with the claims read from each line: a page of PAGE_LINES
    lines from `start`, else around the highlighted span, else from the top."""
    v = version_text(conn, document_id, version)
    if v is None:
        raise NotFound(f"no version {version} of document {document_id} in this ledger")
    texts = v["text"].splitlines() or [""]
    n = len(texts)
    anchor = start if start is not None else (max(1, span[0] - PAGE_LINES // 4) if span else 1)
    # a link's ?from= is where its page starts (the page before ended there); an anchor fills a last page
    lo = max(1, min(anchor, n if start is not None else n - PAGE_LINES + 1))
    lines = _within_budget(texts, lo, min(n, lo + PAGE_LINES - 1))
    if span is not None and start is None and lines[-1].number < span[0] <= n:
        lo = span[0]  # long lines before the claim's spent the budget: its page starts at the claim
        lines = _within_budget(texts, lo, min(n, lo + PAGE_LINES - 1))
    hi = lines[-1].number
    del texts
    found = claims(conn, ClaimFilter(document=str(document_id), version=version))
    claimed: set[int] = set()
    for c in found:
        src = c.get("source") or {}
        first, last = int(src.get("line") or 0), int(src.get("line_end") or src.get("line") or 0)
        if lo <= first <= hi:
            lines[first - lo].claims.append(claim_row(c))
        claimed.update(range(max(lo, first), min(hi, last) + 1))
    if span is not None:
        for k in range(max(lo, span[0]), min(hi, span[1]) + 1):
            lines[k - lo].highlighted = True
    base = f"{PREFIX}/doc/{document_id}/v{version}"
    pages = (
        {
            "lo": lo,
            "hi": hi,
            "n": n,
            "earlier": f"{base}?from={max(1, lo - PAGE_LINES)}" if lo > 1 else None,
            "later": f"{base}?from={hi + 1}" if hi < n else None,
        }
        if hi - lo + 1 < n
        else None
    )
    return {
        "version": v,
        "lines": lines,
        "claimed": claimed,
        "n_claims": len(found),
        "span": span,
        "document_url": v.get("url"),
        "pages": pages,
    }


def doc_data(
    conn: Reader, document_id: int, version: int, span: tuple[int, int] | None, start: int | None = None
) -> dict[str, Any]:
    """The document page's data (its `.json` twin): the version (without its whole text), the page's lines, each
    with the claims read from it, whether it is highlighted and how much of it was cut, and the paging."""
    page = doc_page(conn, document_id, version, span, start)
    pages = page["pages"]
    if pages is not None:  # the earlier and later lines as twins too: a script pages through JSON
        page_of = f"{PREFIX}/doc/{document_id}/v{version}?"
        twin_of = page_of.replace("?", ".json?")
        pages = {k: v.replace(page_of, twin_of, 1) if k in ("earlier", "later") and v else v for k, v in pages.items()}
    return {
        "version": {k: v for k, v in page["version"].items() if k != "text"},
        "lines": [asdict(line) for line in page["lines"]],
        "n_claims": page["n_claims"],
        "span": list(span) if span else None,
        "pages": pages,
    }


def _within_budget(texts: list[str], lo: int, hi: int) -> list[Line]:
    """Lines lo..hi (1-based) while PAGE_CHARS lasts; the first line always, cut to the budget if it is longer."""
    lines: list[Line] = []
    left = PAGE_CHARS
    for i in range(lo, hi + 1):
        text = texts[i - 1]
        if lines and len(text) > left:
            break
        shown = text[:left]
        lines.append(Line(i, shown, cut=len(text) - len(shown)))
        left -= len(shown)
    return lines
