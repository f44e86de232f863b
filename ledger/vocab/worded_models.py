"""A model the text names by the word "model" beside it, a name no family list holds ("model Whisper-Tiny", "model
`moss-td-v2`", "the `Kestrel-ASR` model"): the word says what it is, as "dataset `x`" names a data set
(vocab.serving_datasets). A bare word after "model" in prose is not read unless it is spelled as a name: a capital,
then parts joined by "-" or "." each opening with a capital or a digit ("model Whisper-Tiny", not "model GPU-bound",
"model loading" or "model weights")."""

from __future__ import annotations

import re

_WORDED_MODEL_RE = re.compile(
    r"(?<![\w-])(?<!draft )(?<!Draft )(?i:model)[ \t]{0,2}[:=]?[ \t]{1,3}"
    r"(?:`(?P<ticked>[A-Za-z0-9][\w.\-/]{1,79})`"
    r"|(?P<bare>[A-Z][A-Za-z0-9]{2,30}(?:[-.][A-Z0-9][A-Za-z0-9]{0,20}){1,4})(?![\w.-]|/\w))"
    r"|`(?P<before>[A-Za-z0-9][\w.\-/]{1,79})`[ \t]{1,3}(?i:model)\b(?!s)",
)


def worded_model(text: str) -> str | None:
    """The model `text` names beside the word "model" (see the module), else None."""
    head = text[:2000]
    if "odel" not in head:
        return None  # (every line is asked: most name no model so)
    m = _WORDED_MODEL_RE.search(head)
    return next(g for g in m.groups() if g).rstrip(".-/") if m else None
