"""A column header's settings out of its measure's name: "c=1 TTFT ms" is the TTFT at concurrency 1, the setting a
key of the cell's config (row_info reads it there) and no part of the metric, as a row label read as a length is
none either. Only a "key=value" setting the header's own setup words read, and only where what is left still names
a measure ("c=1" alone over a column is a sweep point, its own name)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from ledger.parsers.tables.headers import looks_metric
from ledger.vocab.setting_cells import settings_cell
from ledger.vocab.setup import qualifiers

_NO_ARMS: Mapping[str, dict[str, str]] = MappingProxyType({})
# "c=1", "bs = 8", "TP=2": a setting written as a key and its number
_SETTING_RE = re.compile(r"(?<![\w.=])[A-Za-z][A-Za-z_]{0,11} ?= ?\d{1,6}(?![\w.])")


def without_settings(
    name: str, setup: dict[str, str], arms: Mapping[str, dict[str, str]] = _NO_ARMS
) -> tuple[str, dict[str, str]]:
    """`name` without the "key=value" settings `setup` (the header's setup words) holds and the arm label of `arms`
    it opens with ("q16 sat tot tok/s"), where a measure is left, and the settings taken out (the cell's config must
    hold them, whichever reader builds its claim)."""
    kept, out = name, {}
    first, _, rest = name.partition(" ")
    if arms and first.lower() in arms and rest:
        kept, out = rest, {**arms[first.lower()], "arm": first}
    if "=" not in kept:
        return (kept, out) if kept != name and looks_metric(kept) else (name, {})
    values = set(setup.values())
    for m in reversed(list(_SETTING_RE.finditer(kept))):
        said = qualifiers(m.group(0))
        if said and set(said.values()) <= values:
            kept, out = kept[: m.start()] + kept[m.end() :], {**said, **out}
    kept = " ".join(kept.split())
    return (kept, out) if kept != name and kept and looks_metric(kept) else (name, {})


# "TurboQuant (quant_policy=42)", "Packed cache (cache_mode=3, page=64)": an arm's name, then the settings it ran
_PAREN_SETTINGS_RE = re.compile(r"\((?P<inner>[^()=]{1,40}=[^()]{1,120})\)\s?$")


def parenthesised_settings(head: str) -> dict[str, str]:
    """The "key=value" settings a column header lists in its closing parenthesis: what its cells ran under, the one
    setting that tells its arm from the others' ("Default (cache_mode=0)" beside "Packed (cache_mode=3)"); {} for a
    parenthesis of anything else ("(ms)", "(lower is better)")."""
    m = _PAREN_SETTINGS_RE.search(head[-200:]) if head.endswith(")") and "=" in head else None
    return (settings_cell(m.group("inner")) or {}) if m is not None else {}
