"""A kernel grid's cell named by its coordinates: "(98K/b1)", "@ N=8192, b=8", "N=8K/b=8:", "(256K, BS=64)": the
problem size and the batch (and a GEMM's other dimensions) one value of a sweep was timed at, its setup.

Apart from vocab/setup.py because a coordinate is read only where a cell is named (after or before one value),
never from any sentence: "b1" or "N=8K" alone in prose names nothing."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache

# one coordinate: a named axis ("N=8K", "b=8", "BS=64", glued "b1") or a bare size ("98K", "256K")
_COORD_RE = re.compile(
    r"(?:(?P<key>bs|batch|b|n|m|k)\s?=?\s?)?(?P<value>\d{1,6}(?:\.\d{1,2})?[kKmM]?)",
    re.IGNORECASE,
)
_PARTS_RE = re.compile(r"\s?[/,]\s?|\s")
_KEYS = {"bs": "batch_size", "batch": "batch_size", "b": "batch_size", "n": "dim_n", "m": "dim_m", "k": "dim_k"}
# the axes a grid's product header names beside those: "heads x batch", "bs x seq" over "16 x 32", "4 x 1024"
_AXIS_KEYS = {**_KEYS, "heads": "heads", "head": "heads", "seq": "isl", "seqlen": "isl", "seq_len": "isl"}


def axis_key(word: str) -> str | None:
    """The setup key one axis of a product header names ("heads" -> heads, "M" -> dim_m, "bs" -> batch_size), else
    None: read only between the product's "x" ("| M x N |"), where a lone letter is a shape's dimension."""
    return _AXIS_KEYS.get(word.strip(" *`_").lower())


@short_text_cache(1024)
def grid_cell(text: str) -> dict[str, str]:
    """The setup a cell's coordinates give ({} where `text` is anything else): two to four coordinates parted by
    "/", "," or a blank, one of them a batch ("b1", "BS=64") or a named dimension ("N=8K"); a bare size beside
    them is the problem's size N ("98K/b1"). "(1, 2)", "(b/w)", "(N=80)" name no cell."""
    parts = [p for p in _PARTS_RE.split(text.strip(" *_`")) if p]
    if not 2 <= len(parts) <= 4 or len(text) > 40:
        return {}
    out: dict[str, str] = {}
    bare = 0
    for part in parts:
        m = _COORD_RE.fullmatch(part)
        if m is None:
            return {}
        bare += not m.group("key")
        key = _KEYS[m.group("key").lower()] if m.group("key") else "dim_n"
        if key in out:
            return {}  # ("(8K/16K)": two sizes, a range or a pair, no one cell)
        out[key] = m.group("value").upper() if m.group("value")[-1:].isalpha() else m.group("value")
    return out if bare < len(parts) else {}
