"""output.dumps_indented writes exactly what json.dumps(obj, ensure_ascii=False, indent=2) writes, and the
jsonl writer's encoder what json.dumps(obj, ensure_ascii=False) writes."""

from __future__ import annotations

import json
import math
from enum import Enum, IntEnum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.output import _line_encoder, dumps_indented


class Colour(str, Enum):
    red = "red"


class Level(IntEnum):
    high = 3


def _same(obj: Any, **kw: Any) -> None:
    assert dumps_indented(obj, **kw) == json.dumps(obj, ensure_ascii=False, indent=kw.get("indent", 2),
                                                   default=kw.get("default"))


_scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True)
            | st.text())
_json = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                     | st.dictionaries(st.text(max_size=6) | st.integers() | st.floats() | st.booleans()
                                       | st.none(), inner, max_size=4), max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(_json)
def test_random_values(obj: Any) -> None:
    _same(obj)
    if isinstance(obj, dict | list | tuple):  # the jsonl writer's encoder, made once
        assert _line_encoder()(obj) == json.dumps(obj, ensure_ascii=False)


def test_the_awkward_ones() -> None:
    awkward: list[Any] = [
        [], {}, [[]], {"a": {}}, "", "é\u2028\x00\"\\", 1e16, -0.0, math.nan, [math.inf, -math.inf],
        {2: 2, 1.5: 3, True: 4, False: 0, None: 5}, (1, (2, 3)), [Colour.red, Level.high], {Colour.red: Level.high},
        {"nested": [{"deep": [1, 2.5, None, True, False, "x"]}]},
    ]
    for obj in awkward:
        _same(obj)
    _same({"when": {1, 2}}, default=sorted)
    _same([b"\x01\xff"], default=lambda b: b.hex())
    _same([1, [2, {"a": 3}]], indent=4)


def test_the_same_errors() -> None:
    with pytest.raises(TypeError, match="is not JSON serializable"):
        dumps_indented([object()])
    with pytest.raises(TypeError, match="keys must be"):
        dumps_indented({(1, 2): 3})
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        dumps_indented(loop)
