"""A model named by a short form the document makes of a name it gave before: "... on DeepSeek-V3.2 (DS TTFT ~flat at
+0.3%)", "Qwen TTFT" after "Qwen3-32B". The short form stands in the value's lead (the words of its clause before
it) and is either the first word of the model's name without its version ("GLM" for GLM-5.2, "Qwen" for Qwen3-32B)
or the initials of that word's capitalised parts ("DS" for DeepSeek). Conservative: the document must have named
exactly one model the short form fits before the line (DeepSeek-V3.2 and DeepSeek-R1 both named: "DS" names
neither), and a short form that is itself a model's name is read as one already."""

from __future__ import annotations

import re

from ledger.parsers.reader.document import Document
from ledger.vocab.setup import model_names

# the value's lead: back to the clause's start ("(", ";", ",", a dash, the line's start)
_CLAUSE_MARKS = "(;,—–:"
# a short form: a capitalised word of two to six letters ("DS", "GLM", "Qwen"), no digit, no joiner beside it
_SHORT_RE = re.compile(r"(?<![\w.-])[A-Z][A-Za-z]{1,5}(?![\w.-])")
_CAPITALS_RE = re.compile(r"[A-Z][a-z]*")
_FIRST_WORD_RE = re.compile(r"[A-Za-z]{2,}")
_MAX_LINES = 400
"""Lines above the value looked over for the names a short form may stand for."""
_MEMO = "prose.abbreviated_models"


def abbreviated_models(out: list[dict], text: str, doc: Document, line: int) -> None:
    """Give each value whose config names no model the model a short form in its lead stands for (see the module)."""
    for c in out:
        if "model" in c["config"]:
            continue
        start = c["start"]
        lo = max(text.rfind(mark, max(0, start - 80), start) for mark in _CLAUSE_MARKS) + 1
        for m in _SHORT_RE.finditer(text, lo, start):
            if (model := _stands_for(doc, line, m.group(0), text[:lo])) is not None:
                c["config"] = {**c["config"], "model": model}
                break


def _stands_for(doc: Document, line: int, short: str, before: str) -> str | None:
    """The one model named above `line`, or on it `before` the value's clause, that `short` abbreviates, else None."""
    if model_names(short):
        return None
    fits = {name for name in [*_names_above(doc, line), *model_names(before)] if _abbreviates(short, name)}
    return fits.pop() if len(fits) == 1 else None


def _abbreviates(short: str, name: str) -> bool:
    word = _FIRST_WORD_RE.search(name.rsplit("/", 1)[-1])
    if word is None or word.start() != 0:
        return False
    first = word.group(0)
    initials = "".join(p[0] for p in _CAPITALS_RE.findall(first))
    return short.lower() == first.lower() or (len(initials) >= 2 and short == initials)


def _names_above(doc: Document, line: int) -> list[str]:
    """The model names lines 1..line-1 print (each line read once per document)."""
    seen: list[tuple[int, str]] = doc.derived.setdefault(_MEMO, [])
    done = doc.derived.get(_MEMO + ".to", 0)
    for no in range(done + 1, min(line, _MAX_LINES + 1)):
        seen.extend((no, name) for name in model_names(doc.line(no)))
    doc.derived[_MEMO + ".to"] = max(done, min(line - 1, _MAX_LINES))
    return [name for no, name in seen if no < line]
