"""Remembering pure string helpers that several extractors call on the same cell, name or line."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

SHORT = 1_000
"""Longer texts are not remembered: the cache stays small whatever a document holds."""


def short_text_cache(maxsize: int) -> Callable[[F], F]:
    """An lru_cache for a function whose first argument is a string, used only while that string is
    short and the call has no keyword arguments. The function must be pure and its result must not be
    changed by callers (return a copy where they might)."""

    def decorate(fn: F) -> F:
        cached = functools.lru_cache(maxsize=maxsize)(fn)
        params = list(inspect.signature(fn).parameters.values())
        if len(params) == 1 and params[0].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD:
            # most of these take the text alone, and are asked tens of thousands of times a run: a wrapper
            # without *args and **kwargs to pack costs half as much
            @functools.wraps(fn)
            def single(text: str) -> Any:
                return cached(text) if len(text) <= SHORT else fn(text)

            return cast(F, single)

        @functools.wraps(fn)
        def wrapper(text: str, *args: Any, **kwargs: Any) -> Any:
            if kwargs or len(text) > SHORT:
                return fn(text, *args, **kwargs)
            return cached(text, *args)

        return cast(F, wrapper)

    return decorate
