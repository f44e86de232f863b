"""Remembering pure string helpers that several extractors call on the same cell, name or line."""

from __future__ import annotations

import functools
import inspect
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])
D = TypeVar("D")
R = TypeVar("R")

SHORT = 1_000
"""Texts up to this long are remembered, as many as a cache's size; the cache stays small whatever a document holds."""
LONG = 4_000
"""Longer texts up to this long are remembered too, but only the last LONG_KEPT of them in each cache: a thread's few
long lines (a paragraph on one line, a row of a wide table) are read by every setup reader in turn, the document
default, the scopes and the prose, each of which would otherwise read them anew (17M instructions of 3630M)."""
LONG_KEPT = 32


_ALL: list[Any] = []
"""Every cache made here: `clear_all` empties them (a timing compares cold runs, not a warm one with a cold one)."""


def clear_all() -> None:
    """Forget every remembered answer (what a size-growth test does before each timed run)."""
    for cache in _ALL:
        if isinstance(cache, (dict, list)):
            cache.clear()
        else:
            cache.cache_clear()


def short_text_cache(maxsize: int) -> Callable[[F], F]:
    """A cache for a function whose first argument is a string, used only while that string is short (SHORT; up to
    LONG, the last LONG_KEPT such texts) and the call has no keyword arguments. The function must be pure and its
    result must not be changed by callers (return a copy where they might). A function of the text alone comes back
    as a dict's lookup (`_TextMemo`), called by position only; its own name and docstring are those of
    `fn.__self__.fn`."""

    def decorate(fn: F) -> F:
        params = list(inspect.signature(fn).parameters.values())
        if len(params) == 1 and params[0].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD:
            # most of these take the text alone, and are asked a hundred thousand times a run: a remembered
            # answer is a dict's lookup, with no Python frame around it (2% of extraction's instructions)
            memo = _TextMemo(fn, maxsize)
            _ALL.append(memo)
            return cast(F, memo.__getitem__)
        cached = functools.lru_cache(maxsize=maxsize)(fn)
        long_cached = functools.lru_cache(maxsize=LONG_KEPT)(fn)
        _ALL.extend((cached, long_cached))

        @functools.wraps(fn)
        def wrapper(text: str, *args: Any, **kwargs: Any) -> Any:
            if kwargs or len(text) > LONG:
                return fn(text, *args, **kwargs)
            return cached(text, *args) if len(text) <= SHORT else long_cached(text, *args)

        return cast(F, wrapper)

    return decorate


def last_document(fn: Callable[[D], R]) -> Callable[[D], R]:
    """fn(doc), remembered for the document it was last asked of (the same object; kept until another is asked): a
    reader of the whole document whose answer several readers of one extraction ask. The answer is shared: callers
    must not change it (return an immutable one, or a copy)."""
    last: list[tuple[Any, Any]] = []  # (document, answer), read and replaced whole
    _ALL.append(last)

    @functools.wraps(fn)
    def wrapper(doc: D) -> R:
        hit = last[0] if last else None
        if hit is not None and hit[0] is doc:
            return cast(R, hit[1])
        answer = fn(doc)
        last[:] = [(doc, answer)]
        return answer

    return wrapper


class _TextMemo(dict[str, Any]):
    """fn(text), remembered for short texts: calling it looks the text up in the dict itself (C, no frame); a text
    not found comes to __missing__, which asks fn and keeps the answer, dropping the oldest past `maxsize`."""

    # (no instance dict: each miss reads four attributes, a quarter of the cost of a miss around a cheap fn, and a
    # 10,000-line text misses a quarter of a million times)
    __slots__ = ("fn", "long", "maxsize", "short")

    def __init__(self, fn: Callable[[str], Any], maxsize: int) -> None:
        super().__init__()
        self.fn = fn
        self.maxsize = maxsize
        self.long: deque[str] = deque()  # the long texts kept, oldest first
        # the short texts kept, oldest first: the oldest is dropped from here, never found as the dict's first key
        # (deleting a dict's first key again and again leaves empty slots that each next(iter(dict)) walks over
        # from the start, until the dict is rebuilt: 15% of an extraction of 10,000 numbered lines went there)
        self.short: deque[str] = deque()

    def clear(self) -> None:
        super().clear()
        self.long.clear()
        self.short.clear()

    __call__ = dict.__getitem__

    def __missing__(self, text: str) -> Any:
        answer = self.fn(text)
        if len(text) <= SHORT:
            short = self.short
            if len(self) >= self.maxsize and short:
                del self[short.popleft()]
            short.append(text)
            self[text] = answer
        elif len(text) <= LONG:
            self.long.append(text)
            if len(self.long) > LONG_KEPT:
                self.pop(self.long.popleft(), None)  # (the oldest long text: gone already if the size dropped it)
            self[text] = answer
        return answer
