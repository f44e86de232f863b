"""The short forms threads write a model's name in once they have stated it in full: "DS" and "DSv3" for
DeepSeek-V3.2, "Q3-235B" for Qwen3-235B-A22B, "L3.3 70B" for Llama 3.3 70B. Each is the family word, or its
initials as its makers spell it ("DeepSeek" -> "DS"), then none, some or all of the release's version and size.
Forms are compared by `short_key`, so "DS-V3.2", "DSv3.2" and "dsv3.2" are one."""

from __future__ import annotations

import re

from ledger.vocab.models import FAMILY_PATTERN, NOT_A_FAMILY, maker_spelling

_FAMILY_AT_START_RE = re.compile(r"(?:" + FAMILY_PATTERN + r")(?![A-Za-z])", re.IGNORECASE)
_SEPARATORS_RE = re.compile(r"[-_ ]+")
# a separator counts only between two digits ("Q3-235B" is not "Q32-35B"); elsewhere it is spelling ("DS-V3")
_LOOSE_SEPARATOR_RE = re.compile(r"(?<!\d)-|-(?!\d)")
_VERSION_RE = re.compile(r"[A-Za-z]?\d{1,2}(?:\.\d{1,2})?")
_SIZE_RE = re.compile(r"\d{1,4}(?:\.\d)?[BbMm]")


def short_key(form: str) -> str:
    """`form` as short forms are compared: lower case, no separator but one between two digits."""
    return _LOOSE_SEPARATOR_RE.sub("", _SEPARATORS_RE.sub("-", form.lower()))


def short_forms(name: str) -> set[str]:
    """The keys (`short_key`) of the short forms `name` may be written in: its family word or the word's initials
    (two or more: "DS", "GLM"), alone or with the release's version ("DSv3.2", "DSv3") and size ("Q3-235B"). An
    initial of one letter is too little alone or with a bare major version ("L3" is also a cache level): it needs a
    dotted version or a size ("L3.3", "Q3-235B"). A family word that is an everyday one ("Phi", "Step") is never a
    short form alone."""
    base = name.rsplit("/", 1)[-1]
    m = _FAMILY_AT_START_RE.match(base)
    if m is None:
        return set()
    word = maker_spelling(m.group(0))
    initials = "".join(ch for ch in word if ch.isupper())
    heads = {h for h in (word, initials) if h and (len(h) > 1 or h == initials)}
    parts = [p for p in _SEPARATORS_RE.split(base[m.end() :]) if p]
    version = parts[0] if parts and _VERSION_RE.fullmatch(parts[0]) else None
    size = parts[1] if version and len(parts) > 1 and _SIZE_RE.fullmatch(parts[1]) else None
    forms: set[str] = set()
    for head in heads:
        alone = len(head) > 1
        if alone and not (head == word and word.lower() in NOT_A_FAMILY):
            forms.add(head)
        if version is None:
            continue
        major = version.split(".")[0]
        if alone or "." in version:
            forms.add(head + version)
        if alone and major != version:
            forms.add(head + major)
        if size is not None:
            forms.update((f"{head}{version}-{size}", f"{head}{major}-{size}"))
    return {short_key(f) for f in forms}
