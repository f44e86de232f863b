"""Helpers of the web tests: a ledger holding the seed, the bundled example and a hostile document, and a client
that asks datasette in process (datasette's own test client, no socket)."""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SEED = next(iter(sorted((SHARED / "seeds").glob("004_*.txt"))), None) if (SHARED / "seeds").is_dir() else None
SEED_KEY = "NVIDIA/TensorRT-LLM#20144"
SEED_PAGE = "/-/ledger/pr/NVIDIA/TensorRT-LLM/20144"
HOSTILE = ROOT / "tests" / "fixtures" / "web" / "hostile.md"
EXAMPLES = [ROOT / "examples" / "pr-4821-v1.txt", ROOT / "examples" / "pr-4821-v2.txt"]
SVG_NS = "{http://www.w3.org/2000/svg}"


def need_seed() -> Path:
    if SEED is None:
        pytest.skip("../shared/seeds is absent (CI has it)")
    return SEED


def build_ledger(path: Path, seed: bool = True) -> Path:
    """A ledger with the bundled example (two versions), the hostile document and, if present, the seed."""
    from ledger.ingest.run import ingest

    for result in ingest([str(p) for p in EXAMPLES], path, repo="example/trtllm", pr=4821):
        assert result.ok, result.error
    for result in ingest([str(HOSTILE)], path, repo="evil/repo", pr=1, title='<script>alert("title")</script>'):
        assert result.ok, result.error
    if seed and SEED is not None:
        for result in ingest([str(SEED)], path, repo="NVIDIA/TensorRT-LLM", pr=20144):
            assert result.ok, result.error
    return path


class Client:
    """datasette over one ledger, asked in process."""

    def __init__(self, db: Path, allow_sql: bool = True) -> None:
        from ledger.web.server import make_datasette

        self.db = db
        self.loop = asyncio.new_event_loop()
        self.ds = make_datasette(db, allow_sql=allow_sql)
        self.loop.run_until_complete(self.ds.invoke_startup())

    def get(self, path: str, **kw: Any) -> Any:
        return self.loop.run_until_complete(self.ds.client.get(path, **kw))

    def count(self, sql: str) -> Any:
        """One value by datasette's own SQL page (`/ledger.json?sql=` on 0.65, which 1.0 redirects)."""
        r = self.get("/ledger.json", params={"sql": sql, "_shape": "array"}, follow_redirects=True)
        assert r.status_code == 200, r.text[:200]
        return next(iter(r.json()[0].values()))

    def post(self, path: str, **kw: Any) -> Any:
        return self.loop.run_until_complete(self.ds.client.post(path, **kw))

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    def close(self) -> None:
        for db in self.ds.databases.values():
            db.close()
        self.loop.close()


def open_client(db: Path) -> Iterator[Client]:
    """A module fixture's client: datasette over `db`, closed when the module is done."""
    c = Client(db)
    try:
        yield c
    finally:
        c.close()


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class Links(HTMLParser):
    """Every <a href> of a page, with its text."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self._href: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._href, self._text = dict(attrs).get("href"), []

    def handle_data(self, data: str) -> None:
        if self._href is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._href is not None:
            self.links.append((self._href, "".join(self._text).strip()))
            self._href = None


def links(html: str) -> list[tuple[str, str]]:
    p = Links()
    p.feed(html)
    return p.links


class _Active(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._script = tag == "script"
        for name, value in attrs:
            v = (value or "").strip().lower()
            hostile = "alert(" in v or "pwned" in v  # what the hostile document's handlers would run
            if (name.lower().startswith("on") and hostile) or v.startswith(
                ("javascript:", "data:text/html", "vbscript:")
            ):
                self.found.append(f"<{tag} {name}={value!r}>")
        if tag in ("img", "iframe", "object", "embed", "b"):
            self.found.append(f"<{tag}>")

    def handle_data(self, data: str) -> None:
        if self._script and ("alert" in data or "pwned" in data):
            self.found.append(f"<script>{data[:40]}")

    def handle_endtag(self, tag: str) -> None:
        self._script = False


def active_markup(html: str) -> list[str]:
    """What in a page would act: the hostile document's event handlers, script URLs, scripts that alert, images and
    bold (its tags; the ledger's pages have none of their own; datasette's own handlers run no document text)."""
    p = _Active()
    p.feed(html)
    return p.found


DOC_LINK_RE = re.compile(r"^/-/ledger/doc/(\d+)/v(\d+)\?hl=(\d+)(?:-(\d+))?#L(\d+)$")


def svgs(html: str) -> list[ElementTree.Element]:
    """Every chart of a page, parsed as XML (the markup must be well-formed SVG); datasette's own icons aside."""
    return [
        ElementTree.fromstring(m.group(0))
        for m in re.finditer(r'<svg [^>]*class="ledger-chart".*?</svg>', html, re.DOTALL)
    ]


def text_of(html: str) -> str:
    """The page's text, tags dropped, entities decoded, blanks folded to one space (what a reader sees)."""
    import html as html_mod

    return re.sub(r"\s+", " ", html_mod.unescape(re.sub(r"<[^>]+>", " ", html)))
