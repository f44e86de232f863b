"""Claims given as data: a claims file (`ledger extract --format jsonl`, or one JSON array) and stored rows."""

from __future__ import annotations

from typing import Any

from ledger.errors import InputError
from ledger.model import Claim


def claims_from_dicts(rows: list[dict[str, Any]]) -> list[Claim]:
    out = []
    for r in rows:
        try:
            out.append(Claim.model_validate(r))
        except ValueError:
            continue
    return out


def read_claims_file(path: str) -> list[Claim]:
    """Claims in the contract's shape: JSON lines (`ledger extract --format jsonl`) or one JSON array."""
    import json

    from ledger.ingest.sources import read_path

    text = read_path(path).text
    try:
        if text.lstrip().startswith("["):
            raw = json.loads(text)
        else:
            raw = [json.loads(line) for line in text.splitlines() if line.strip()]
    except ValueError as exc:
        raise InputError(path, f"not JSON claims: {exc}") from None
    if not isinstance(raw, list):
        raise InputError(path, "expected a JSON array or JSON lines of claims")
    out: list[Claim] = []
    for i, item in enumerate(raw, 1):
        try:
            out.append(Claim.model_validate(item))
        except ValueError as exc:
            first = str(exc).splitlines()[:3]
            raise InputError(path, f"claim {i} does not fit the claims contract: {' '.join(first)}") from None
    return out
