"""llama.cpp's and ik_llama.cpp's GGUF weight types ("Q4_K_M", "IQ2_XXS", "IQ4_KS", "Q4_0_R8"), written once as
the pattern of their family: the setup word `quant` (vocab.setup), a model file's type suffix (vocab.models) and a
model cell's quantisation tail (grammar.line_setup) read the same names."""

from __future__ import annotations

import re

# ik_llama.cpp's row-interleaved repacks ("IQ1_S_R4", "Q8_K_R8") and mainline's ARM repacks ("Q4_0_4_8") are
# types of their own: a table of IQ1_M against IQ1_M_R4 compares two quantisations, not one
_REPACKED = r"(?:_r\d{1,2})?"
GGUF_QUANT = (
    r"(?:q[2-8]_(?:[01](?:_[48]_[48])?|k(?:_[sml]|_xl|v)?)"  # legacy, k-quants (unsloth's "_XL"), ik's Q8_KV
    r"|iq[1-6]_(?:xxs|xs|s|m|nl|k(?:ss|s|t|l)?)"  # i-quants; ik's IQ2_K, IQ4_KS, IQ4_KSS, IQ2_KT, IQ2_KL
    r"|tq[12]_0)" + _REPACKED  # (ternary)
)
"""The family of GGUF quantisation types, lower case (compile with re.IGNORECASE); one alternative per shape, each
closed by the suffixes it may take, so a match never backtracks more than a few characters."""

# llama-bench's model cell prints a type, then its size in bits per weight: "IQ4_K_R4 - 4.5 bpw"
_TYPE_BEFORE_SIZE_RE = re.compile(rf"(?<![a-z0-9]){GGUF_QUANT} - $", re.IGNORECASE)


def sized_type(text: str, start: int) -> bool:
    """The bits per weight at `start` are the size of the GGUF type printed right before them ("IQ4_K_R4 - 4.5
    bpw"): the type names the weights, not the size (ExLlama's "4.0 bpw" alone names them)."""
    return _TYPE_BEFORE_SIZE_RE.search(text, max(0, start - 24), start) is not None


# (the type closes the text: "q4_k_s", "plain RTN / Q2_K_S"; the letter before it is no part of a longer word)
_ENDS_IN_TYPE_RE = re.compile(rf"(?<![a-z0-9]){GGUF_QUANT}$", re.IGNORECASE)


def ends_in_gguf_type(text: str) -> bool:
    """`text` ends in a GGUF type ("q2_k_s", "Optimized RTN / Q4_K_S"): its last letter is the type's size
    (small, medium, large), never a unit such as seconds."""
    return _ENDS_IN_TYPE_RE.search(text.strip()) is not None
