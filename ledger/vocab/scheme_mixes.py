"""The quantisation a caption or a table's corner states for a mixed-width recipe: the schemes its layers are mixed
from ("3 bits of W2G128 and W4G128", "MXFP4/8 mixed", GGUF's "options q2ks,q4ks"), the family a width is taken from
("an average of 5 bits of the mxfp format") and the average width itself ("avgbits 3.5", "an average of 5 bits").

One scheme of these is a setup word already (vocab.setup reads "MXFP4" alone); a mix of two is the recipe's own
quantisation, another setup than either scheme alone, so it is written as one value ("w2g128+w4g128")."""

from __future__ import annotations

import re

from ledger.vocab.gguf_types import GGUF_QUANT

# one scheme a mix names: a weight-only width with its group ("W2G128", "W4A16G64"), a microscaling or 4-bit float
# format, an integer width, a GGUF type in its own spelling or squeezed ("q2_k_s", "q2ks")
_SCHEME = (
    r"(?:w[2-8](?:a(?:4|8|16))?(?:g\d{2,3})?|mxfp[468]|nvfp4|mxint[48]|int[248]|fp[48]"
    rf"|{GGUF_QUANT}|q[2-8]k[sml]|q[2-8]0)"
)
_SCHEME_RE = re.compile(rf"(?<![\w.])(?:gguf:)?({_SCHEME})(?![\w.])", re.IGNORECASE)
# two to six schemes in a row, parted by a comma, a slash, a plus or "and": the recipe mixes them
_MIX_RE = re.compile(
    rf"(?<![\w.])(?:gguf:)?{_SCHEME}(?:\s?(?:,|/|\+|\band\b)\s?(?:gguf:)?{_SCHEME}){{1,5}}(?![\w.])", re.IGNORECASE
)
# "MXFP4/8", "INT4/8": one family's widths, the family written once
_WIDTHS_RE = re.compile(r"(?<![\w.])(mxfp|nvfp|mxint|int|fp)([2-8])/([2-8])(?![\w.])", re.IGNORECASE)
# "of the mxfp format", "mxfp datatype": the family the widths of a mixed recipe are taken from
_FAMILY_RE = re.compile(r"(?<![\w.])(mxfp|nvfp|mxint)\s(?:data\s?type|format|type)\b", re.IGNORECASE)
# a word that says the schemes are mixed in one recipe, not set side by side ("FP8 and INT8 results": two runs)
_MIX_CUE_RE = re.compile(r"mix|options|avg|average|bits", re.IGNORECASE)
_SQUEEZED_GGUF_RE = re.compile(r"^(q[2-8])(k)([sml])$|^(q[2-8])(0)$")

# the average width a mixed recipe is held to: "avgbits 3.5", "avg bits: 4", "an average of 5 bits"
_AVERAGE_RE = re.compile(
    r"(?<![\w.])(?:avg\.?\s?bits|average\s(?:bits|bit[- ]?width))\s?[=:]?\s?(\d{1,2}(?:\.\d{1,2})?)(?![\w.])"
    r"|\ban\saverage\sof\s(\d{1,2}(?:\.\d{1,2})?)\sbits\b",
    re.IGNORECASE,
)


def scheme_mix(text: str) -> str | None:
    """The quantisation a mixed recipe's caption or corner names ("w2g128+w4g128", "mxfp4+mxfp8", "q2_k_s+q4_k_s",
    "mxfp"); None where it names one scheme alone (a setup word reads that) or none."""
    text = text[:400]
    if _MIX_CUE_RE.search(text):
        if (mix := _MIX_RE.search(text)) is not None:
            schemes = [_spelled(s) for s in _SCHEME_RE.findall(mix.group(0))]
            if len(set(schemes)) > 1:
                return "+".join(dict.fromkeys(schemes))
        if (widths := _WIDTHS_RE.search(text)) is not None and widths[2] != widths[3]:
            return f"{widths[1].lower()}{widths[2]}+{widths[1].lower()}{widths[3]}"
    family = _FAMILY_RE.search(text)
    return None if family is None else family[1].lower()


def one_scheme(cell: str) -> str | None:
    """The one scheme a whole cell names, spelled as the setup words spell it ("q3ks" -> "q3_k_s", "W4G128" ->
    "w4g128"); None for anything more or else."""
    m = _SCHEME_RE.fullmatch(cell.strip(" *_`")[:40])
    return None if m is None else _spelled(m.group(1))


def average_bits(text: str) -> str | None:
    """The average width a caption or a corner states ("avgbits 3.5" -> "3.5"); None where it states none."""
    m = _AVERAGE_RE.search(text[:400])
    return None if m is None else (m[1] or m[2])


def _spelled(scheme: str) -> str:
    """A scheme as the setup words spell it: lower case, a squeezed GGUF type opened up ("q2ks" -> "q2_k_s")."""
    low = scheme.lower()
    if (m := _SQUEEZED_GGUF_RE.match(low)) is not None:
        return "_".join(part for part in m.groups() if part)
    return low
