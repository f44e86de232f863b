"""A pair that a terminal or a copy wrapped between its name and its value.

A printed dict wraps where the line is full, often right after a key:

    wikitext: {'alias': 'wikitext', 'word_perplexity,none':
    7.8120, 'word_perplexity_stderr,none': 'N/A',

The key ends the line above, quoted and followed by its colon; the value opens this line. Read together
they are one pair, placed on the value's line.
"""

from __future__ import annotations

import re

# a quoted key and its colon at the end of a line (after a comma or an opening brace, or alone)
_KEY_AT_END_RE = re.compile(r"(?:^|[{,]\s{0,4})(?P<q>['\"])(?P<key>[A-Za-z][\w ,.@/-]{0,60})(?P=q)\s{0,4}:\s*$")
_VALUE_AT_START_RE = re.compile(r"^\s{0,8}(?P<value>[-+]?\d{1,12}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,3})?)(?=\s*[,}]|\s*$)")


def wrapped_pair(above: str, text: str) -> tuple[str, float, int, int] | None:
    """(key, value, start, end of the value in `text`) when `above` ends with a quoted key and `text` opens with
    its value, else None."""
    if not above.rstrip().endswith(":"):
        return None
    key = _KEY_AT_END_RE.search(above[-80:])
    if key is None:
        return None
    value = _VALUE_AT_START_RE.match(text)
    if value is None:
        return None
    return key.group("key"), float(value.group("value")), value.start("value"), value.end("value")
