"""A run's validity field quoted with its value in prose is a gate on the run:

    **Validity** — 4,200 requests served; `export_valid: true`, `was_cancelled: false`; no errors logged.

"`export_valid: true`" is a pass of the check the field names, "`lane.is_valid: false`" a fail. A field named alone
("writes `metadata.export_valid` beside the metrics") states no outcome; other fields ("`was_cancelled: false`")
are no validity check (vocab.validity_fields)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.gates.claims import gate
from ledger.vocab.validity_fields import OUTCOME_OF_BOOLEAN, VALIDITY_SUFFIXES

# "`submission_valid: true`", "`run.is_valid = false`": a field and its boolean in one code span
_FIELD_RE = re.compile(r"`(?P<name>[A-Za-z_][\w.]{0,60})[ \t]?[:=][ \t]?(?P<value>true|false)`", re.IGNORECASE)


def validity_gates(ctx: Context, line: int, text: str) -> Iterator[Claim]:
    """The gates the validity fields of `text` (see the module) state, one per field."""
    if "valid" not in text.lower() or len(text) > 4000:
        return
    for m in _FIELD_RE.finditer(text):
        name = m.group("name")
        if not name.lower().endswith(VALIDITY_SUFFIXES):
            continue
        value = m.group("value").lower()
        yield gate(ctx, line, m.group(0).strip("`"), name, OUTCOME_OF_BOOLEAN[value], value)
