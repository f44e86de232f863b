"""A saved checkpoint's file count: "Files" over 11, "Shards" over 2 beside a quantised scheme's size. How many
files a checkpoint was written into is what the artifact looks like on disk, no run measured it (no result) and no
run was set by it (no setting): its column is read for neither."""

from __future__ import annotations

import re
from collections.abc import Sequence

# "Files", "Shards", "# files", "Num shards", "Safetensors files", "Checkpoint shards (count)"
_FILES_HEAD_RE = re.compile(
    r"^(?:#|num|number of|no\.?)?\s?(?:safetensors?|checkpoint|model|weight)?\s?"
    r"(?:files|shards|safetensors)(?:\s?\((?:n|#|count)\))?$",
    re.IGNORECASE,
)
_COUNT_CELL_RE = re.compile(r"^\d{1,4}$")


def checkpoint_files_column(head: str, cells: Sequence[str]) -> bool:
    """Whether a column counts the files a row's checkpoint was saved in: its header names files or shards and
    every cell is a small whole number."""
    filled = [c.strip(" *_`") for c in cells if c.strip()]
    return (
        bool(filled)
        and _FILES_HEAD_RE.match(head.strip(" *_`")) is not None
        and all(_COUNT_CELL_RE.match(c) for c in filled)
    )
