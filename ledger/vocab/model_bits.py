"""A weight precision written as a bit width right after the model it quantises ("### Qwen3-4B 8bit", "Mistral-7B
(4-bit)", "Llama-3-8B q4") or right before it ("### 4-bit Mistral 7B"): how MLX and Apple-silicon threads name a
checkpoint's quant, the model's own setup. A width elsewhere ("4-bit KV cache", "8-bit adds") is no precision of the
model's weights and stays unread here."""

from __future__ import annotations

import re

# the width, joined to the model by a space, a dash or an opening parenthesis; never a width of something named
# after it ("q4 cache", "4-bit KV")
_BITS_AFTER_RE = re.compile(
    r"^[ (\[_-]{1,3}(?:(?P<bits>[2-8])[ _-]?bits?|q(?P<q>[2-8]))(?![\w.-])(?![ )\]]{1,3}(?:kv|cache|keys?|values?)\b)",
    re.IGNORECASE,
)


def bits_after_model(text: str, model: str) -> str | None:
    """ "Qwen3-4B 8bit" with model "Qwen3-4B" -> "8bit" (a "q4" -> "4bit"): the width written right after the
    model's name in `text`, else None."""
    at = text.find(model)
    if at < 0 or not model:
        return None
    m = _BITS_AFTER_RE.match(text[at + len(model) : at + len(model) + 24])
    return None if m is None else f"{m.group('bits') or m.group('q')}bit"


# the width right before the model's name, joined by a space or a dash ("4-bit Mistral 7B", "8bit Qwen3-4B"): the
# words between them none (a "4-bit KV cache, Qwen3 4B" is the cache's width)
_BITS_BEFORE_RE = re.compile(r"(?<![\w.-])(?P<bits>[2-8])[ _-]?bits?[ _-]{1,2}$", re.IGNORECASE)


def bits_before_model(text: str, model: str) -> str | None:
    """ "4-bit Mistral 7B" with model "Mistral 7B" -> "4bit": the width written right before the model's name in
    `text`, else None."""
    at = text.find(model)
    if at <= 0 or not model:
        return None
    m = _BITS_BEFORE_RE.search(text[max(0, at - 12) : at])
    return None if m is None else f"{m.group('bits')}bit"


# a width closing a model's cell right after its size ("Qwen3 0.6B Q4", "Mistral 7B 8bit", "Llama-3-8B-4bit"): MLX's
# names of a quantised checkpoint, where a bare "Q4" elsewhere may name anything (a quarter, a queue)
_SIZED_BITS_TAIL_RE = re.compile(r"(?<=\d[bBmM])[ _-]{1,2}(?:(?P<bits>[2-8])[ _-]?bits?|[qQ](?P<q>[2-8]))$")


def bits_tail(name: str) -> tuple[str, str] | None:
    """ "Mistral 7B 8bit" -> ("Mistral 7B", "8bit"), "Qwen3 0.6B Q4" -> ("Qwen3 0.6B", "4bit"): a model's name and
    the width written after its size at the name's end, else None; a hub id ("acme/falcon-7b-4bit") is the name of
    its repository, the quantised checkpoint, whole."""
    m = _SIZED_BITS_TAIL_RE.search(name[-80:]) if "/" not in name else None
    if m is None:
        return None
    return name[: len(name) - len(m.group())], f"{m.group('bits') or m.group('q')}bit"


WIDTH_KEY = "bits"
"""The setup key of a quantised run's (average) weight width, "Average bits | 4.5"."""

# the bits a recipe's label states ("Ours 4.25-bit", "Pure 4-bit", "4.5"), under a column of average bits; never the
# width inside a dtype's name ("FP16", "W4A16"), which is its quant
_STATED_BITS_RE = re.compile(r"(?<![\w.])(?P<n>\d{1,2}(?:\.\d{1,3})?)(?:[ -]?bits?(?![\w.-])|$)", re.IGNORECASE)


def stated_bits(cell: str) -> str | None:
    """ "Ours 4.25-bit" -> "4.25", "5" -> "5": the width a cell under a bits column states, None for "FP16"."""
    m = _STATED_BITS_RE.search(cell.strip(" *_`")[:80])
    return None if m is None else m.group("n")
