"""The claim model's fast JSON form must be exactly pydantic's JSON dump."""

from __future__ import annotations

from pathlib import Path

import pytest
from _extracted import SHARED_EXTRACTION, extracted

from ledger.model import Claim, Revision, Source

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def _texts() -> list[Path]:
    found = sorted((ROOT / "examples").glob("*.txt")) + sorted((ROOT / "tests" / "fixtures").rglob("*.md"))
    if SHARED.is_dir():
        found += sorted(SHARED.glob("seeds/*.txt")) + sorted(SHARED.glob("corpus/prs/*.md"))
        found += sorted(SHARED.glob("corpus/rendered/prs/*.txt")) + sorted(SHARED.glob("corpus/docs/*.md"))
    return found


@SHARED_EXTRACTION
def test_to_json_dict_equals_model_dump_on_every_extracted_claim() -> None:
    n = 0
    for path in _texts():
        for c in extracted(path.read_text(encoding="utf-8"), path.name).claims:
            assert c.to_json_dict() == c.model_dump(mode="json"), f"{path.name} line {c.source.line}"
            n += 1
    assert n > 20


@pytest.mark.parametrize(
    "claim",
    [
        Claim(kind="support", value="yes", subject="Qwen3", feature="FP8", source=Source(line=1, line_end=1, text="x")),
        Claim(
            kind="accuracy",
            metric="gsm8k",
            value=96,
            reference=96.36,
            approx=True,
            config={"mtp": "3"},
            revision=Revision(label="Final head", head="13c21f460b"),
            source=Source(path="p.md", line=4, line_end=5, text="gsm8k 96", section=["Results", "MTP"]),
        ),
    ],
)
def test_to_json_dict_equals_model_dump_on_validated_claims(claim: Claim) -> None:
    d = claim.to_json_dict()
    assert d == claim.model_dump(mode="json")
    d["source"]["section"].append("changed")  # a copy: the claim itself is untouched
    assert claim.source.section != d["source"]["section"]
