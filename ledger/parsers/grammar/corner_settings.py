"""The setting a row label gives under a corner that names the model and the quantisation in one ("Model / Quant",
"Model/Scheme"): a results page's rows are the heading's model in each scheme or method ("q3ks", "BF16",
"rtn (3bit)"), so a cell that names no model is the row's quantisation (and its width), never a model or a part
of the metric's name; a cell that names a model is that model, as under "Model" alone."""

from __future__ import annotations

import re

from ledger.parsers.grammar.line_setup import setting_value as key_setting
from ledger.vocab.model_bits import WIDTH_KEY, stated_bits
from ledger.vocab.scheme_mixes import one_scheme
from ledger.vocab.setup import model_names, qualifiers, setup_label_key

# ("Model / Quant": the two names a corner joins by a slash; "Scheme": the quantisation's other name)
_JOINT_RE = re.compile(r"\s?/\s?")
_BITS_PAREN_RE = re.compile(r"\s?\(\s?\d{1,2}[ -]?bits?\s?\)$", re.IGNORECASE)
_QUANT_WORDS = frozenset({"quant", "scheme", "quant scheme", "quantization", "format"})


def setting_value(header: str, value: str) -> dict[str, str]:
    """`line_setup.setting_value`, and for a corner naming model and quantisation (or the scheme alone) the row's
    scheme or method: {"quant": ..., "bits": ...} of a cell that names no model."""
    named = key_setting(header, value)
    if len(header) > 40 or not _names_quant(header):
        return named
    if model_names(value):  # ("Llama-3.1-8B" under "Model / Quant": the model, as under "Model")
        return named or (key_setting("Model", value) if "model" in _parts(header) else {})
    scheme = scheme_setting(value)
    if scheme is None:
        return {} if "model" in named else named  # ("opt" under "Model / Quant": no model the page can compare)
    return scheme


def scheme_setting(value: str) -> dict[str, str] | None:
    """The quantisation (and its width) a cell that names no model states: "q3ks" -> q3_k_s, "rtn (3bit)" ->
    rtn at 3 bits; None where the cell names a model or no scheme."""
    cell = value.strip(" *_`")
    if len(cell) > 40 or model_names(cell):
        return None
    scheme = one_scheme(cell)
    if scheme is None and " " not in _BITS_PAREN_RE.sub("", cell).strip():
        # ("opt-rtn (2bit)", "BF16": one word naming a method or precision; "Baz-MoE Q8_0" is a model in a scheme)
        scheme = qualifiers(cell).get("quant")
    if scheme is None:
        return None
    bits = stated_bits(cell)
    return {"quant": scheme} | ({WIDTH_KEY: str(bits)} if bits is not None and WIDTH_KEY not in scheme else {})


def _names_quant(header: str) -> bool:
    """Whether a corner names the quantisation, alone ("Scheme") or joined to the model ("Model / Quant")."""
    return any(p in _QUANT_WORDS or setup_label_key(p) == "quant" for p in _parts(header))


def _parts(header: str) -> list[str]:
    return [p.strip(" *_`").lower() for p in _JOINT_RE.split(header.strip())]
