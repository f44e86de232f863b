"""Values their author took back further on in the thread ("disregard, ran on all 8 GPUs", "I messed up the `13B
Master` number": model.WITHDRAWN_NOTE): the comparison leaves them out of every verdict, and the report says which
ones were taken back and where, so a reviewer reading the table above knows why its row is not judged."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.compare.render import fmt_claim
from ledger.model import Claim
from ledger.report.findings import Finding, rev_name

WITHDRAWN = "withdrawn"
_SHOWN = ("model", "gpu", "batch_size", "concurrency", "variant", "column", "task")
"""The setup keys that tell one withdrawn row from its neighbours."""


def withdrawn_findings(claims: Sequence[Claim], names: dict[str, str]) -> list[Finding]:
    """One finding per value taken back: its measure, the setup that tells its row, its value and reference, and
    the line that took it back (in its note)."""
    out = []
    for c in claims:
        setup = ", ".join(f"{k}={v}" for k, v in sorted((c.config or {}).items()) if k in _SHOWN)
        ref = f" vs {c.reference:g}" if isinstance(c.reference, float) else ""
        note = (c.note or "").split(";")[0]
        text = f"{c.metric}{f' [{setup}]' if setup else ''}: {fmt_claim(c)}{ref} ({note}: not judged)"
        out.append(Finding(WITHDRAWN, text, names.get(rev_name(c)), c.source.line, c.metric))
    return out
