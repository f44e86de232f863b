"""The short labels a document defines for the arms it compares: "Throughout, **q8** = the Q8KV8 fp8 backend and
**q16** = the bf16-sparse FlashMLA baseline". A table's header opening with one ("q16 sat tot tok/s") names the
arm its columns ran, not a part of the measure (tables.row_info reads it as the cells' `arm`, with the setup its
meaning names: q16's bf16). Only a label set in
bold or code and given its meaning with "=" and an article: "bs = 8" defines no arm."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from ledger.parsers.reader.document import Document
from ledger.vocab.setup import qualifiers

_DEFINED_RE = re.compile(
    r"(?:\*\*|`)(?P<label>[A-Za-z][\w.+-]{0,15})(?:\*\*|`)\s?=\s?(?:the|an?)\s(?P<meaning>[^;,()\n]{0,80}?)"
    r"(?=\s(?:and|or)\s|[;,()]|\.(?:\s|$)|$)",
    re.IGNORECASE,
)
_MAX_LINES = 200
"""Lines read for definitions: a document states them where it opens."""
_MEMO = "grammar.arm_labels"


def defined_arms(doc: Document) -> Mapping[str, dict[str, str]]:
    """The arm labels (lowered) the document defines, each with the setup words its meaning names ("q16" -> quant
    bf16, of "the bf16-sparse FlashMLA baseline"; see the module)."""
    got = doc.derived.get(_MEMO)
    if got is None:
        found = {
            m.group("label").lower(): qualifiers(m.group("meaning"))
            for line in doc.lines[:_MAX_LINES]
            if "=" in line
            for m in _DEFINED_RE.finditer(line[:2000])
        }
        got = doc.derived[_MEMO] = MappingProxyType(found)
    return got
