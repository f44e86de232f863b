"""Stated versus tested: the commits CI ran on against the revisions the measured claims name."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ledger.compare.keys import MEASURED_KINDS
from ledger.compare.revisions import CI_LABEL, same_sha
from ledger.model import Claim


@dataclass
class TestedCommit:
    """A commit CI ran on, and which measured claims (if any) name it."""

    sha: str
    gates: dict[str, int]
    """Outcome -> number of CI gates."""
    covered_by: list[str]
    """Names of the revisions whose measured claims name this commit."""
    source: str = "CI"
    """"CI" (a CI bot's run) or "GitHub head" (the head GitHub reported when the PR was fetched)."""


def stated_vs_tested(claims: Sequence[Claim], heads: Sequence[str] = ()) -> tuple[list[TestedCommit], list[str]]:
    """The commits CI ran on (and the PR's current heads) against the revisions the measured claims name."""
    tested: dict[str, dict[str, int]] = {}
    measured: dict[str, str] = {}
    for c in claims:
        r = c.revision
        if c.kind == "gate" and r is not None and (r.label or "").strip().lower() == CI_LABEL:
            sha = (r.head or c.config.get("commit") or "").lower()
            if sha:
                tested.setdefault(sha, {})
                o = c.outcome or "unknown"
                tested[sha][o] = tested[sha].get(o, 0) + 1
        elif c.kind in MEASURED_KINDS and r is not None and r.head:
            name = r.label or r.head
            measured.setdefault(r.head.lower(), name if r.head in name else f"{name} {r.head}")
    out = []
    for sha, gates in tested.items():
        cov = [name for head, name in measured.items() if same_sha(head, sha)]
        out.append(TestedCommit(sha, gates, cov))
    for head in dict.fromkeys(h.lower() for h in heads if h):
        cov = [name for h, name in measured.items() if same_sha(h, head)]
        out.append(TestedCommit(head, {}, cov, source="GitHub head"))
    return out, list(dict.fromkeys(measured.values()))
