"""The releases a results section is stated for ("## Results of V>0.12.3", "## Results for release 2.1 and
later"): a page that keeps one section's numbers per range of its tool's releases measures each range's build, so
two sections' same-looking rows are two setups (the `release` key), never one series."""

from __future__ import annotations

import re

# "V>0.12.3", "v <= 0.12.3", "version ≥ 2.1": a version letter or word, a comparison, a dotted release
_COMPARED_RE = re.compile(
    r"(?<![\w.])(?:v|ver\.?|version|release)[ \t]{0,2}(?P<op>[<>]=?|[≥≤])[ \t]{0,2}v?(?P<ver>\d{1,3}(?:\.\d{1,4}){1,3})"
    r"(?![\w.])",
    re.IGNORECASE,
)
# "release 2.1 and later", "version 0.9 or earlier", "v1.3 and above": a release, then the side of it the range lies
_WORDED_RE = re.compile(
    r"(?<![\w.])(?:v|version|release)[ \t]{0,2}v?(?P<ver>\d{1,3}(?:\.\d{1,4}){1,3})[ \t]{1,2}(?:and|or)[ \t]{1,2}"
    r"(?P<side>later|newer|above|higher|after|earlier|older|below|before)\b",
    re.IGNORECASE,
)
_UPWARD = frozenset(("later", "newer", "above", "higher", "after"))
_OPS = {"≥": ">=", "≤": "<="}


def release_range(title: str) -> str | None:
    """The range of releases a heading states its results for (">0.12.3", ">=2.1", "<=2.0"), else None."""
    text = title[:300]
    if (m := _COMPARED_RE.search(text)) is not None:
        return f"{_OPS.get(m['op'], m['op'])}{m['ver']}"
    if (m := _WORDED_RE.search(text)) is not None:
        return f"{'>=' if m['side'].lower() in _UPWARD else '<='}{m['ver']}"
    return None
