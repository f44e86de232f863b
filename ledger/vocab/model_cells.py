"""A table's model cell that names a checkpoint, then the settings and the variant its row ran: "DeepSeek-V4-Pro Prefix
Cache TP8", "Qwen3-235B-FP8 TP4 Online Quant". The model is the checkpoint's name; the settings (TP8) are the setup
words' (vocab.setup); the plain words left ("Prefix Cache") name the row's variant, which tells it apart from the
row of the same model and settings without them."""

from __future__ import annotations

import re

from ledger.vocab.setup import blank_setup_words, model_names, qualifiers

# the words that end a checkpoint's own name ("Qwen3-8B Base", "Llama 3 8B Instruct"): the model's, no variant
_NAME_WORDS = frozenset(("base", "instruct", "chat", "it", "thinking", "reasoning", "coder", "vision", "preview"))
_JOINT_RE = re.compile(r"[\s,;+/()|*`_-]+")
# the words that join or negate a setting ("without EAGLE", "w/ MTP on"): the setting's, no variant's
_JOINING_WORDS = frozenset(("with", "without", "w", "wo", "no", "and", "on", "off", "using", "via", "at"))


def model_and_variant(cell: str) -> tuple[str, str] | None:
    """The model a cell opens with and the variant words after it ("" when only settings follow), where the cell
    names a setting after the model ("| Qwen3-235B Prefix Cache TP8 |"); None for a cell of anything else ("Qwen3-8B
    Base", "Qwen2.5 Coder 7B": the name goes on)."""
    if len(cell) > 120 or not (names := model_names(cell)) or not cell.startswith(names[0]):
        return None
    rest = cell[len(names[0]) :]
    if not rest[:1].isspace() or not qualifiers(rest):
        return None
    words = [w for w in _JOINT_RE.sub(" ", blank_setup_words(rest)).split() if w.lower() not in _JOINING_WORDS]
    if len(words) > 4 or any(not w.isalpha() or w.lower() in _NAME_WORDS for w in words):
        return None
    return names[0], " ".join(words)


def cell_variant(cell: str) -> dict[str, str]:
    """{"variant": the words} where a model cell names a variant after its model (model_and_variant), else {}."""
    parts = model_and_variant(cell)
    return {"variant": parts[1]} if parts is not None and parts[1] else {}


# what a scheme's name may hold past its precision words: llm-compressor's upper-case options ("FP8_DYNAMIC",
# "W4A16_ASYM"), or the word that says its layers mix precisions ("Mixed AutoQuant", "NVFP4 mixed"); any other word
# ("Baz-MoE Q8_0", "large-q5_0", "x.int4_awq.onnx") names the model
_SCHEME_REST_RE = re.compile(r"\s*(?:[Mm]ixed\s+)?(?:_[A-Z]{2,12}){0,3}\s*(?:[Mm]ixed)?\s*")


def scheme_only(cell: str) -> bool:
    """ "W4A16", "FP8_DYNAMIC" under a "Model" column: the cell is a quantisation scheme's name alone, no model, so
    the row is the page's one model in that scheme (its **Model:** field stays the model)."""
    if len(cell) > 40 or model_names(cell) or set(qualifiers(cell)) != {"quant"}:
        return False
    return _SCHEME_REST_RE.fullmatch(blank_setup_words(cell)) is not None
