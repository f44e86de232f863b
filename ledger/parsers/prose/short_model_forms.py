"""A model a value's lead names by a short form of a name the document states in full: "... on DeepSeek-V3.2 (DS
TTFT ~flat at +0.3%)", "Q3-235B TPOT falls 3.5%" under "Qwen3-235B-A22B" (vocab.model_short_forms says which forms).
A short form alone names nothing: it points at the one model of the document's whole names it fits, and at none
where two fit ("DS" where DeepSeek-V3 and DeepSeek-R1 are both named) or none does ("DS" where no DeepSeek is).

Linear: the document's names are read once (a line each) and their forms kept in a dict; a value looks its lead's
words up in it, its lead cut to a few words before it."""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Document
from ledger.vocab.abbreviated_models import sized_abbreviations
from ledger.vocab.model_short_forms import short_forms, short_key
from ledger.vocab.setup import model_names

_MEMO = "prose.short_model_forms"
_LEAD = 60
"""Characters before a value its lead may hold (back to its clause's start)."""
_CLAUSE_MARKS = "(;,:—–"
_STRIP = "()[]{}*`'\",;:"
# the words between two figures of one run: "0.3283 with 5.008", "0.81 accuracy with 3.1"
_WITH_RE = re.compile(r"(?:\s[A-Za-z]{1,12}){0,2}\swith\s")
_MAX_NAMES = 64
"""Distinct model names a document's forms are made of (one of more names than that is named so only by chance)."""


def short_model_forms(out: list[dict], text: str, doc: Document) -> None:
    """Give each value whose setup names no model the one a short form in its lead stands for (see the module)."""
    before = 0  # where the value before ends: the words after it may trail it ("0.9 for Mistral C8, and 0.3 ...")
    prev: dict | None = None
    for c in sorted(out, key=lambda c: c["start"]):
        start, last, prev = c["start"], prev, c
        if (
            last is not None
            and "model" not in c["config"]
            and (model := last["config"].get("model"))
            and _WITH_RE.fullmatch(text, last.get("end", start), start)
        ):
            # ("Kimi accuracy 0.3283 with 5.008 mean acceptance": the same run's other figure)
            c["config"] = {**c["config"], "model": model}
            continue
        lo = max(start - _LEAD, *(text.rfind(mark, max(0, start - _LEAD), start) + 1 for mark in _CLAUSE_MARKS))
        after, before = before, max(before, c.get("end", start))
        lead = text[max(lo, 0) : start]
        # (a sized abbreviation read as its name, "Q3-235B" as Qwen3-235B, is the fuller name the document states)
        held = c["config"].get("model")
        if (held is not None and held not in sized_abbreviations(lead).values()) or (after > lo and held is None):
            continue
        if (model := _named_in(lead.split(), doc)) is not None and (held is None or _extends(model, held)):
            c["config"] = {**c["config"], "model": model}


def _extends(name: str, short: str) -> bool:
    """`name` spells `short` out, or further ("Qwen3-235B-A22B" of "Qwen3-235B", "Llama 3.3 70B" of "Llama-3.3-70B")."""
    return _letters(name.rsplit("/", 1)[-1]).startswith(_letters(short))


def _letters(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def _named_in(words: list[str], doc: Document) -> str | None:
    """The model the first of `words` (or it and the size after it: "L3.3 70B") that is a short form stands for."""
    forms: dict[str, str | None] | None = None
    for i, raw in enumerate(words):
        word = raw.strip(_STRIP).rstrip(".")
        if not word or word.islower():  # ("ds" in lower case is an identifier's piece, not a name)
            continue
        forms = _document_forms(doc) if forms is None else forms
        if not forms:
            return None
        nxt = words[i + 1].strip(_STRIP) if i + 1 < len(words) else ""
        for key in (short_key(f"{word}-{nxt}"), short_key(word)) if nxt else (short_key(word),):
            if key in forms:
                # (None where two models fit: the form names neither; a name in full some reader left out of the
                # value's setup, "with DeepSeek-V3 as the draft", is not the value's model either)
                return None if model_names(word) and not sized_abbreviations(word) else forms[key]
    return None


def _document_forms(doc: Document) -> dict[str, str | None]:
    """Each short form of the model names the document states -> the one it stands for, None where several fit."""
    got: dict[str, str | None] | None = doc.derived.get(_MEMO)
    if got is not None:
        return got
    names: dict[str, str] = {}  # a name's base as forms are compared -> the name as first printed
    for line in doc.lines:
        for name in model_names(line) if len(names) < _MAX_NAMES else ():
            if name in sized_abbreviations(line).values():
                continue  # ("Q3-235B" read as Qwen3-235B: a short form itself, of the name stated in full)
            # (one model however spelt: "deepseek-ai/DeepSeek-V3.2", "DeepSeek V3.2")
            names.setdefault(short_key(name.rsplit("/", 1)[-1]), name)
    got = {}
    for name in names.values():
        for key in short_forms(name):
            got[key] = name if got.get(key, name) == name else None
    doc.derived[_MEMO] = got
    return got
