"""The words of a sentence that names the release its data was measured on: "All data was generated using version
0.9.0", "This data has been updated for v0.6.1, unless specified", "The following data is from TensorRT-LLM v0.5"."""

from __future__ import annotations

import re

from ledger.vocab.word_gate import WordGate

# the data (a noun), what was done to it, then within the sentence the release: each part's gap is bounded and
# stops at a sentence's end, so every start is tried in constant time (linear on any line)
MEASURED_ON_RELEASE_RE = WordGate(
    re.compile(
        r"\b(?:data|numbers?|figures?|results?|measurements?|benchmarks?)\b[^.!?\n]{0,60}?"
        r"\b(?:generated|measured|collected|obtained|produced|updated|run|taken|(?:is|are|comes?)\s{1,3}from)\b"
        r"[^!?\n]{0,40}?(?:\b(?:version|release)\s{1,3}v?|(?<![\w.-])v)(?P<version>\d{1,3}(?:\.\d{1,4}){1,3})"
        r"(?![\w-]|\.\d)",
        re.IGNORECASE,
    )
)
"""(a line naming none of the nouns is not searched: the pattern is tried at every character)"""


def release_label(text: str) -> str | None:
    """ "v0.9.0" for a sentence saying its data was measured on release 0.9.0; None for any other text ("Starting
    with v0.19, testing used ...": a method since a release, not the data's release)."""
    m = MEASURED_ON_RELEASE_RE.search(text[:1000])
    return f"v{m.group('version')}" if m else None
