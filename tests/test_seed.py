"""The whole seed PR page against its hand-made gold: recall, precision and the revision of
specific claims. Needs ../shared (the seeds and gold); skipped in a user's clone."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from ledger.parsers import extract

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SEED = SHARED / "seeds" / "004_efc56196d8c007cd.txt"
GOLD = SHARED / "corpus" / "gold" / "seed-004.json"

pytestmark = pytest.mark.skipif(
    not (SEED.exists() and GOLD.exists()), reason="../shared (seed 004 and its gold) is not present in this checkout"
)


def _matches(g: dict[str, Any], e: dict[str, Any]) -> bool:
    """The scorer's rule: same line, and the same value / passed count / outcome / sha."""
    if e["source"]["line"] != g["line"]:
        return False
    kind = g["kind"]
    if kind in ("accuracy", "acceptance", "perf"):
        return (
            e["value"] is not None
            and math.isclose(float(e["value"]), float(g["value"]), abs_tol=1e-9)
            and (g.get("high") is None or (e["high"] is not None and math.isclose(e["high"], g["high"])))
        )
    if kind == "tests":
        return e["passed"] is not None and g.get("passed") == e["passed"]
    if kind == "gate":
        return e["kind"] == "gate" and (g.get("outcome") or "").replace(" ", "_") == e["outcome"]
    if kind == "commit":
        a, b = (g.get("sha") or ""), (e["sha"] or "")
        return bool(a and b) and (a.startswith(b) or b.startswith(a))
    return False


@pytest.fixture(scope="module")
def result() -> tuple[list[dict[str, Any]], dict[str, Any]]:
    claims = [c.model_dump() for c in extract(SEED.read_text(encoding="utf-8"), path=SEED.name).claims]
    return claims, json.loads(GOLD.read_text(encoding="utf-8"))


def test_recall_and_precision(result: tuple[list[dict[str, Any]], dict[str, Any]]) -> None:
    claims, gold = result
    scored = [c for c in claims if c["kind"] in ("accuracy", "acceptance", "perf", "tests", "gate", "commit")]
    used: set[int] = set()
    found = 0
    for g in gold["claims"]:
        hit = next(
            (i for i, e in enumerate(scored) if i not in used and e["kind"] == g["kind"] and _matches(g, e)), None
        )
        if hit is not None:
            used.add(hit)
            found += 1
    assert found / len(gold["claims"]) >= 0.95
    assert found / len(scored) >= 0.95


@pytest.mark.parametrize(
    ("line", "kind", "value", "head"),
    [
        (171, "accuracy", 96.25, "13c21f460b"),
        (179, "accuracy", 95.53, "f29b8c6f3b"),
        (195, "tests", None, "6b039cb3c6"),
        (203, "perf", 345.0, "71b2b3cf66"),
        (209, "accuracy", 95.75, "d0b2d5dfa6"),
        (223, "accuracy", 96.171, "dcff1146d0"),
        (233, "accuracy", 95.982, "f22959cf9a"),
        (253, "acceptance", 1.969, "02e2d7a7ea"),
    ],
)
def test_revision_heads(
    result: tuple[list[dict[str, Any]], dict[str, Any]], line: int, kind: str, value: float | None, head: str
) -> None:
    claims, _ = result
    hits = [
        c
        for c in claims
        if c["source"]["line"] == line and c["kind"] == kind and (value is None or c["value"] == value)
    ]
    assert hits and all(c["revision"]["head"] == head for c in hits)


@pytest.mark.parametrize(("line", "label"), [(279, "Earlier validation"), (286, None), (76, None), (362, "CI")])
def test_revision_labels(result: tuple[list[dict[str, Any]], dict[str, Any]], line: int, label: str | None) -> None:
    claims, _ = result
    hits = [c for c in claims if c["source"]["line"] == line and c["kind"] != "commit"]
    assert hits and all((c["revision"] or {}).get("label") == label for c in hits)


def test_prose_outcome_words_are_not_gates(result: tuple[list[dict[str, Any]], dict[str, Any]]) -> None:
    claims, _ = result
    gate_lines = {c["source"]["line"] for c in claims if c["kind"] == "gate"}
    # "fails alone instead of ending the executor", "still fail ... check", "Please check the failed tests",
    # the PR template checklist, "LGTM for infra part"
    assert not gate_lines & {98, 112, 303, 305, 307, 369, 401, 409, 443}
