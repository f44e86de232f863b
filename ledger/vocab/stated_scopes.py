"""The words of a change's stated scope: a sentence that limits where the change applies to a range of one setting
("the fused path is taken only when bs <= 64", "only used for ISL >= 4096"), and the words that make such a
sentence a default or a requirement instead (which limit the user, not the change)."""

from __future__ import annotations

import re

# "only enable when bs<=128", "used only for ISL >= 4096", "only for batch size < 32": "only", then within the clause
# a setting, a comparison and a bound; the gap is bounded and stops at a clause's end, so a line is read once
SCOPE_ONLY_RE = re.compile(
    r"\bonly\b[^.;!?\n]{0,60}?\b(?P<key>bs|batch(?:[ _-]?size)?|isl|osl|concurrency|tp|"
    r"(?:input|output|seq(?:uence)?)[ _-]len(?:gth)?)\s{0,2}(?P<op><=|>=|=<|=>|≤|≥|<|>)\s{0,2}"
    r"(?P<bound>\d{1,7})(?P<k>k)?\b",
    re.IGNORECASE,
)
# "The default is bs <= 64 only ...", "only works with bs >= 512, which the kernel requires": a default or a
# requirement on the user's setting, not where the change applies
SCOPE_DENIED_RE = re.compile(r"\b(?:default(?:s|ed)?|requir(?:e|es|ed|ing|ement)|must|needs?)\b", re.IGNORECASE)
# A batch bound reaches a row's batch under either key a table's "batch" column is read as
SCOPE_KEY_GROUPS: dict[str, tuple[str, ...]] = {
    "batch_size": ("batch_size", "concurrency"),
    "concurrency": ("concurrency", "batch_size"),
}
