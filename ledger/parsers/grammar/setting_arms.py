"""Sides named for one setting: "**With fp8 kv cache**" alone on its line over a side's paste names the setting its arm
ran with, the setting the two sides compare (grammar.sides.side_setups gives it that side alone; the section's workload
reader, grammar.setup_scopes, never reads it as the whole section's)."""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.reader.document import Document
from ledger.vocab.setup_keys import COUNTED_DEVICE_KEYS
from ledger.vocab.sides import side_of

# "**With fp8 kv cache**", "Without overlap:": a side's label that is a setting alone (no change named: "with the fix,
# on X (TP=4)" is the candidate on another setup, its settings no arm's)
_SETTING_ARM_RE = re.compile(
    r"^\s{0,3}[*_]{0,2}(?:with|w/|without|w/o)\s[^.:,()]{1,40}?[*_]{0,2}\s{0,2}:?\s{0,2}$", re.I
)
_ARM_KEYS_NEVER = COUNTED_DEVICE_KEYS | {"model"}
"""What an arm's label never switches: a checkpoint or a machine is another setup, not a setting the sides compare."""


def setting_arm(line: str, side: Revision) -> tuple[Revision, dict[str, str]] | None:
    """ "**With fp8 kv cache**" alone on its line over a side's paste: the arm is named for the setting it ran with,
    the very setting the sides compare (never the section's: the base side's paste did not run it)."""
    if side.label is None or not setting_arm_line(line):
        return None
    settings = line_setup(line)
    return (side, settings) if settings and not _ARM_KEYS_NEVER.intersection(settings) else None


def setting_arm_line(line: str) -> bool:
    """The line is a side's label naming only the setting its arm ran with ("**With fp8 kv cache**")."""
    return _SETTING_ARM_RE.match(line[:120]) is not None and side_of(line.strip(" *_:").lower()) != "head"


def setting_arm_lines(doc: Document, revision_lines: frozenset[int]) -> frozenset[int]:
    """The lines among those opening a revision that are setting arms' labels."""
    return frozenset(n for n in revision_lines if setting_arm_line(doc.line(n)))
