"""A commit named for the base side a text compares with: "## Sweep — branch vs main (`abcdef1234`) A/B" names the
commit of main, the base the results under it are measured against, never their head. Apart from revision_labels,
which reads every other way a label names its commit."""

from __future__ import annotations

import re

from ledger.vocab.sides import side_alone, side_of

# a comparison's words before the baseline a heading names ("Relative Results vs Upstream Baseline")
COMPARED_RE = re.compile(r"\b(?:vs\.?|versus|relative|compared|against)(?![\w-])", re.IGNORECASE)

_SHA_LEAD_RE = re.compile(r"[\s`*_(@]{0,8}(?:\b(?:at|on)\s{1,3}[`*_]{0,3})?$", re.IGNORECASE)


def against_base(before: str) -> bool:
    """The words before a heading's commit compare with a base side named right before it ("branch vs main
    (`abcdef1234`)", "against upstream main at `4c4c4c4c4`"): the commit is the base's, not the results' head."""
    words = before[: _SHA_LEAD_RE.search(before).start()].split()  # type: ignore[union-attr]
    return (
        bool(words)
        and side_alone(words[-1])
        and side_of(words[-1]) == "base"
        and bool(COMPARED_RE.search(" ".join(words[-4:-1])))
    )
