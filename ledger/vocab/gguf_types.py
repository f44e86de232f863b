"""llama.cpp's and ik_llama.cpp's GGUF weight types ("Q4_K_M", "IQ2_XXS", "IQ4_KS", "Q4_0_R8"), written once as
the pattern of their family: the setup word `quant` (vocab.setup), a model file's type suffix (vocab.models) and a
model cell's quantisation tail (grammar.line_setup) read the same names."""

from __future__ import annotations

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
