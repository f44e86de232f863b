"""A change its author says applies only inside a range of a setting ("the fused path is taken only when bs <= 64",
"used only for ISL >= 4096"): a result whose setting lies outside that range is not the change's effect (noted
model.SCOPE_NOTE with the line that says so) and compare calls it outside the stated scope, never a regression; a
sentence naming a default or a requirement, or one without "only", scopes nothing."""

from __future__ import annotations

import pytest

from ledger.compare import RevisionRef, Snapshot, check_references
from ledger.compare.references import reference_word
from ledger.model import SCOPE_NOTE
from ledger.parsers import extract

_DOC = """# Route small batches to the fused GEMM

{said}

| batch | old (us) | new (us) |
|---|---|---|
| 32 | 4.1 | 2.9 |
| 64 | 4.2 | 3.0 |
| 256 | 4.3 | 6.0 |
"""


def _outside(said: str) -> list[int]:
    claims = extract(_DOC.format(said=said), "s.md").claims
    return sorted(c.source.line for c in claims if (c.note or "").startswith(SCOPE_NOTE))


@pytest.mark.parametrize(
    "said",
    [
        "The fused path is taken only when bs <= 64; larger batches keep the old kernel.",
        "Only enabled for batch size<=128 for now.",
    ],
)
def test_a_row_outside_the_stated_range_is_outside_the_scope(said: str) -> None:
    assert _outside(said) == [9]


@pytest.mark.parametrize(
    "said",
    [
        "The default is bs <= 64 only when the server starts without flags.",
        "This only works if you set bs >= 512, which is required by the kernel.",
        "We tested bs <= 64 and larger batches.",
    ],
)
def test_a_default_a_requirement_or_no_only_scopes_nothing(said: str) -> None:
    assert _outside(said) == []


def test_compare_calls_the_row_outside_the_scope_so_never_a_regression() -> None:
    claims = extract(_DOC.format(said="Only enabled for bs <= 64."), "s.md").claims
    words = {c.claim.source.line: reference_word(c) for c in check_references(Snapshot(RevisionRef(name="r"), claims))}
    assert words[9] == f"{SCOPE_NOTE} (line 3)"
    assert words[7] == words[8] != words[9]
