"""Shared by the fixture-driven extractor tests: run a fixture through the pipeline and project
the claims one extractor produced onto the fields a fixture's expected JSON lists.

A fixture is `tests/fixtures/<module>/<name>.md` (markdown) or `.txt` (a rendered-page copy),
written by us in the real format; its expected claims are in `<name>.md.expected.json`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ledger.model import CLAIMS_ADAPTER, Claim
from ledger.parsers import extract
from ledger.parsers.document import split_lines

FIXTURES = Path(__file__).parent / "fixtures"
FIELDS = ("line", "kind", "value", "high", "unit", "reference", "approx", "stderr", "printed", "passed",
          "failed", "skipped")


def cases(module: str) -> list[Path]:
    folder = FIXTURES / module
    return sorted(p for p in folder.iterdir() if p.suffix in (".md", ".txt"))


def project(claim: Claim, extra: tuple[str, ...] = ()) -> dict[str, Any]:
    """The claim's line and the numeric fields that are set (None and False are left out)."""
    out: dict[str, Any] = {"line": claim.source.line, "kind": claim.kind}
    for name in FIELDS[2:] + extra:
        v = getattr(claim, name)
        if v is not None and v is not False and v != {}:
            out[name] = v
    return out


def claims_of(path: Path, parser: str | None = None) -> list[Claim]:
    result = extract(path.read_text(encoding="utf-8"), path=path.name)
    return [c for c in result.claims if parser is None or (c.parser or "").startswith(parser + "/")]


def expected(path: Path) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(Path(f"{path}.expected.json").read_text(encoding="utf-8"))
    return data


def check_provenance(path: Path) -> None:
    """Every claim validates against the contract and its text stands on its line(s)."""
    text = path.read_text(encoding="utf-8")
    result = extract(text, path=path.name)
    CLAIMS_ADAPTER.validate_python([c.model_dump() for c in result.claims])
    lines = split_lines(text)
    for c in result.claims:
        span = "\n".join(lines[c.source.line - 1:c.source.line_end])
        assert c.source.text in span, (c.source.line, c.source.text)
