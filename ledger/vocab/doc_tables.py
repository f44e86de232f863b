"""The tables that document rather than measure: what their rows name is no setup of any run, and no key varies
from row to row in them.

    documentation_table(["GPU", "compute capacity"])                                  -> True
    documentation_table(["Name", "Shape", "Location", "Data Type", "Description"])    -> True
    documentation_table(["Batch_size", "Input Length", "FT Latency (ms)"])            -> False
    hardware_table(["SKU", "Arch", "Physical SMs"], [["B200", "sm_100a", "148"]])      -> True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# "the compute capability of your GPU", "| GPU | compute capacity |": an architecture's number
CAPABILITY_RE = re.compile(r"\bcompute[ _]capa(?:bilit(?:y|ies)|city)\b", re.IGNORECASE)
# an API's reference: a column describing each entry, and one giving its type or shape ("float/half/bfloat16" is a
# type the argument accepts, "Only used with 8-way tensor parallelism" a note, neither a run's precision or size)
_DESCRIPTION_RE = re.compile(r"^(?:description|desc\.?)$", re.IGNORECASE)
_TYPE_RE = re.compile(
    r"^(?:(?:data|value|param(?:eter)?|arg(?:ument)?)[ _]?)?(?:types?|dtype)$|shape$|^location$", re.IGNORECASE
)


# a hardware listing's columns: the board, then what the board is ("| GPU | Arch | SMs | Memory (GB) |"); a memory a
# run used ("Peak memory") is measured, and a board's bandwidth or power may be too
_BOARD_HEAD_RE = re.compile(r"^(?:sku|gpus?|boards?|devices?|accelerators?|hardware|platforms?)$", re.IGNORECASE)
_BOARD_PROPERTY_RE = re.compile(
    r"^(?:(?:reported |physical |num(?:ber of)? |#\s?)?(?:devices?|arch(?:itecture)?|sms?|sm count|cores|cuda cores|"
    r"compute units|cus|drivers?|cuda|rocm|tdp)|(?:hbm|vram|(?:gpu |device )?mem(?:ory)?)(?: (?:size|capacity))?)"
    r"\s?(?:\([a-z]{1,4}\))?$|" + CAPABILITY_RE.pattern,
    re.IGNORECASE,
)


def hardware_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    """A table of boards and what they are: a board column first, and every other column that holds a number one
    of a board's properties (its architecture, SM count, memory): none of its numbers is a result."""
    cells = _bare_heads(header)
    if len(cells) < 2 or not _BOARD_HEAD_RE.match(cells[0]):
        return False
    numbered = [i for i in range(1, len(cells)) if any(i < len(r) and _NUMBER_CELL_RE.match(r[i]) for r in rows)]
    return bool(numbered) and all(_BOARD_PROPERTY_RE.search(cells[i]) for i in numbered)


# ("m128/persistent_m128", a route's name, holds digits but is no number)
_NUMBER_CELL_RE = re.compile(r"^\s?\d[\d.,]{0,12}\s?(?:[A-Za-z%]{1,4})?\s?$")


def documentation_table(header: Sequence[str]) -> bool:
    """A table of boards and their compute capability, or of an API's names, types and descriptions."""
    cells = _bare_heads(header)
    if len(cells) == 2 and any(CAPABILITY_RE.search(c) for c in cells):
        return True
    return any(_DESCRIPTION_RE.match(c) for c in cells) and any(_TYPE_RE.search(c) for c in cells)


_MARKUP_RE = re.compile(r"[*_`]|<br\s?/?>")


def _bare_heads(header: Sequence[str]) -> list[str]:
    """The header's cells without their emphasis, code marks and line breaks."""
    return [_MARKUP_RE.sub(" ", c).strip() for c in header]


# an option reference's column of whether each option must be given ("|Parameter|Type|Required|Default|Description|"
# over "`--dp-size` | int | Yes"): its Yes / No describes the option, never whether a feature is supported
_OPTION_ATTRIBUTE_RE = re.compile(r"^(?:required|mandatory|optional|must be set)\??$", re.IGNORECASE)


def option_attribute(head: str) -> bool:
    """A column header that says whether an option is needed: no support matrix's feature."""
    return _OPTION_ATTRIBUTE_RE.match(_MARKUP_RE.sub(" ", head).strip()) is not None
