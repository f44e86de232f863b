"""A quantiser's own page: the README of a package named for the method it implements (AutoAWQ, AutoGPTQ, llm-awq,
AQLM), whose opening paragraph says what it quantises with. Its tables time that method's checkpoints, so the method
is the quant of every result on the page that names no other; a method the page mentions in passing (a comparison
with GPTQ, a link to an AWQ paper) is no page's own."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ledger.vocab.sides import side_of

# the methods a package is named for ("AutoAWQ", "llm-awq", "AutoGPTQ", "AQLM"): whole words in prose, any part of a
# package's name
_METHODS = ("awq", "gptq", "aqlm", "quip#", "vptq", "spqr", "hqq", "exl2", "squeezellm", "omniquant", "smoothquant")
_METHOD_WORD_RE = re.compile(r"(?<![\w#])(" + "|".join(re.escape(m) for m in _METHODS) + r")(?![\w#])", re.IGNORECASE)
_QUANTISING_RE = re.compile(r"quanti[sz]", re.IGNORECASE)
_PACKAGE_NAME_RE = re.compile(r"^[A-Za-z][\w#.-]{1,30}$")


def title_method(title: str) -> str | None:
    """The one method a package's name holds ("AutoAWQ" -> "awq"), else None (a title of words is no package's
    name; a name holding two methods names neither)."""
    name = title.strip(" *_`")
    if not _PACKAGE_NAME_RE.match(name):
        return None
    held = [m for m in _METHODS if m in name.lower()]
    return held[0] if len(held) == 1 else None


def own_method(title: str, opening: str) -> str | None:
    """The method a quantiser's page is for: its package's name holds it and its opening paragraph names it while
    saying what the package quantises ("AutoAWQ ... implements the AWQ algorithm for quantizing LLMs"), else None."""
    method = title_method(title)
    if method is None or not _QUANTISING_RE.search(opening):
        return None
    named = {m.group(1).lower() for m in _METHOD_WORD_RE.finditer(opening)}
    return method if named == {method} else None


def other_method(method: str, values: Iterable[str]) -> bool:
    """One of `values` (precisions a page states) names a method other than `method` ("GPTQ-int4" beside AWQ)."""
    return any(m.group(1).lower() != method for v in values for m in _METHOD_WORD_RE.finditer(v[:200]))


# the precisions a model is published in before anyone quantises it: the original a quantised checkpoint is scored
# against ("MMLU FP16→AQLM", "BF16 → INT3")
_UNQUANTISED = frozenset(("fp16", "bf16", "fp32", "f16", "f32", "float16", "bfloat16", "float32", "original"))


def names_original(precision: str) -> bool:
    """The precision is an unquantised model's ("FP16", "bf16"): a value set against it is a quantised checkpoint's
    against its original, the method's stated cost, no baseline a change fell from."""
    return precision.strip(" `*_").lower() in _UNQUANTISED


def original_side(sides: tuple[str, str] | None) -> dict[str, str]:
    """A header's two sides ("FP16→AQLM") where the left is the unquantised original and the right another
    precision or a method: {"against": the original}, the reference every cell's left number is; else {}."""
    if sides is None or not names_original(sides[0]) or names_original(sides[1]) or side_of(sides[1]):
        return {}
    return {"against": sides[0]}
