"""The tables that document rather than measure: what their rows name is no setup of any run, and no key varies
from row to row in them.

    documentation_table(["GPU", "compute capacity"])                                  -> True
    documentation_table(["Name", "Shape", "Location", "Data Type", "Description"])    -> True
    documentation_table(["Batch_size", "Input Length", "FT Latency (ms)"])            -> False
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


def documentation_table(header: Sequence[str]) -> bool:
    """A table of boards and their compute capability, or of an API's names, types and descriptions."""
    cells = [re.sub(r"[*_`]|<br\s?/?>", " ", c).strip() for c in header]
    if len(cells) == 2 and any(CAPABILITY_RE.search(c) for c in cells):
        return True
    return any(_DESCRIPTION_RE.match(c) for c in cells) and any(_TYPE_RE.search(c) for c in cells)
