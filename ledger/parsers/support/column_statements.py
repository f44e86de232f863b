"""Column statements: what one column of a support matrix says for which rows.

'Sliding Window Attention' column ... reads: Yes for A and B; No for C; N/A for every GLM row
    -> yes for A, yes for B, no for C, n/a for each class of the GLM family (support_families.py)
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.parsers.support.families import Known, known_from_text, resolve_family
from ledger.parsers.support.lists import Item, list_items, sentences, split_top
from ledger.parsers.support.memberships import TABLE_WORDS

_COLUMN_RE = re.compile(
    r"(?:['\"‘“](?P<q>[^'\"’”]{2,60})['\"’”]\s*(?:column\b[^:;]{0,80}?)?"
    r"|\b[Tt]he\s+(?P<bare>(?:[\w+.-]+\s+){0,5}?[\w+.-]+)\s+column\b[^:;]{0,80}?"
    r"|^\s*(?:[-*+•◦]\s+|\d{1,3}[.)]\s+)?(?P<lead>[A-Z][\w+.-]*(?:\s+[\w+.-]+){0,5}?)\s*(?=:))"
    r"(?:\s(?:reads|says|shows|lists|has|gives|is|are)\b:?|:)\s*",
)
_VALUE_FOR_RE = re.compile(
    r"\b(?P<v>Yes|No|N/A|Untested|Not tested|Unsupported|Supported|Absent)\s+(?:for|on)\s+", re.IGNORECASE
)
_VALUE_WORDS = {
    "yes": "yes",
    "no": "no",
    "n/a": "n/a",
    "untested": "untested",
    "not tested": "untested",
    "unsupported": "no",
    "supported": "yes",
    "absent": "absent",
}
_ROWS_RE = re.compile(r"^(?:every|all|each|both|the|any)\s+(?P<fam>.{1,200}?)\s+rows?$", re.IGNORECASE)


def column_statements(text: str, known: list[Known]) -> Iterator[tuple[str, str, Item, str | None]]:
    """(value, feature, item, note) for "'Feature' column ... reads: Yes for A; No for B"."""
    for s, e in sentences(text):
        sentence = text[s:e]
        m = next((x for x in _COLUMN_RE.finditer(sentence) if _VALUE_FOR_RE.match(sentence, x.end())), None)
        if not m:
            continue
        m_start, m_end = s + m.start(), s + m.end()
        feature = (m.group("q") or m.group("bare") or m.group("lead") or "").strip()
        where = re.search(r"\bin\s+the\s+(?P<t>[^:;]{1,60}?" + TABLE_WORDS + r")\b", text[m_start:m_end])
        where_note = where.group("t") if where else None
        starts = list(_VALUE_FOR_RE.finditer(text, m_end, e))
        if not feature or not starts:
            continue
        for i, vm in enumerate(starts):
            stop = starts[i + 1].start() if i + 1 < len(starts) else e
            value = _VALUE_WORDS[vm.group("v").lower()]
            for a, b in split_top(text, vm.end(), stop, (", ", "; ", " and ")):
                chunk = text[a:b].strip()
                rows = _ROWS_RE.match(chunk)
                if rows:
                    if not known:
                        known.append(known_from_text(text))
                    fam = rows.group("fam")
                    for cls, part in resolve_family(fam, known[0]):
                        note = f"stated by model family '{part}', mapped to the class"
                        yield value, feature, Item(cls, None, a, b), "; ".join(x for x in (where_note, note) if x)
                    continue
                for it in list_items(text, a, b):
                    yield value, feature, it, "; ".join(x for x in (where_note, it.note) if x) or None
