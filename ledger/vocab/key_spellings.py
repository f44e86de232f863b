"""The other spellings of a known setup key that a table's header takes between versions of one page: the count
word moved or abbreviated ("prompts_n", "n_prompts", "number_of_prompts" for num_prompts), a plural dropped
("num_prompt"), one letter dropped, doubled or swapped ("num_promts"). A release page that re-types its header
between versions ("num_prompts" in one, "num_promts" in the next) states one setting, and compare pairs its series
only when both versions name it alike.

Only keys of eight letters or more take a letter's slip: a short key is one letter from another key ("tp" and
"pp", "dp_size" and "ep_size"), and no substitution is a slip ("patch_size" is a vision model's setting, never
batch_size).
"""

from __future__ import annotations

from collections.abc import Iterable

# the words a key counts with: "num", "n", "number", "nb" are one ("#" stays a header's own word: a "# Shots" column
# is read from its "5-shot" cells)
_COUNT_WORDS = frozenset(("num", "n", "number", "nb"))
_FILLER = frozenset(("of",))
MIN_SLIP_LENGTH = 8


def _word(w: str) -> str:
    if w in _COUNT_WORDS:
        return "num"
    # a plural's "s" ("prompts", "tokens"), never a word's own ("class", "bias")
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")) else w


def words_form(key: str) -> str:
    """The key's words, count words and plurals made one, in sorted order: "prompts_n" and "num_prompts" alike."""
    words = [_word(w) for w in key.replace("-", "_").replace(" ", "_").split("_") if w and w not in _FILLER]
    return "_".join(sorted(words))


def _slips(text: str) -> Iterable[str]:
    """The text with one letter dropped, or two neighbours swapped."""
    for i in range(len(text)):
        yield text[:i] + text[i + 1 :]
    for i in range(len(text) - 1):
        if text[i] != text[i + 1]:
            yield text[:i] + text[i + 1] + text[i] + text[i + 2 :]


def spelling_index(known: Iterable[tuple[str, str]]) -> tuple[dict[str, str], dict[str, str]]:
    """(words form -> canonical key, one slip of a long key -> canonical key) of the (spelling, canonical key) pairs,
    each form kept only where it names one key."""
    forms: dict[str, set[str]] = {}
    slipped: dict[str, set[str]] = {}
    for spelling, canonical in known:
        form = words_form(spelling)
        forms.setdefault(form, set()).add(canonical)
        if len(spelling) >= MIN_SLIP_LENGTH:
            for s in _slips(spelling):
                slipped.setdefault(s, set()).add(canonical)
    one_forms = {f: next(iter(ks)) for f, ks in forms.items() if len(ks) == 1}
    one_slips = {s: next(iter(ks)) for s, ks in slipped.items() if len(ks) == 1 and s not in one_forms}
    return one_forms, one_slips


def respelled_key(key: str, forms: dict[str, str], slipped: dict[str, str]) -> str | None:
    """The known key `key` (lower case, "_" for "-") spells otherwise, or None: its words re-ordered or counted
    otherwise, one letter dropped ("num_promts"), one added ("num_prommpts") or two swapped."""
    if len(key) > 40:
        return None
    hit = forms.get(words_form(key)) or slipped.get(key)
    if hit is None and len(key) > MIN_SLIP_LENGTH:
        # one letter too many: the key less one letter is a known spelling
        hit = next((forms[s] for s in _slips(key) if s in forms and "_" in s), None)
    return hit
