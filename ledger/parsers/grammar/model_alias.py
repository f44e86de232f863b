"""A model named by its short name in a list of settings: "K3, TP8, random dataset, 8192 input / 1024 output." over
a table, where the eval's header elsewhere names `kimi-k3`. The short name opening the list is the model whose full
name the document gives with that name as its last part ("DeepSeek-R1" for "R1", "Kimi-K2-Instruct" for "K2"), a
model the vocabulary knows or a name the text states as the model ("'model': 'acme-q9'" for "Q9"); a short name no
such full name ends in stays unread ("V1, TP8" may name an engine's version).
"""

from __future__ import annotations

import re

from ledger.parsers.reader.document import Document
from ledger.vocab.setup import model_names
from ledger.vocab.text import lower_for_words

# "K3, TP8, ...": a short name with a digit opening a list of settings; "V4-Pro 8k/1k MTP3 disagg (...), gb300:": one
# with its variant's word opening a lead-in of settings, blank-separated (the caller has read settings on the line)
_ALIAS_RE = re.compile(
    r"^\s*(?:[-*+]\s+)?(?P<alias>(?P<head>[A-Za-z]{1,6}\d{1,3}(?:\.\d)?[A-Za-z]{0,2})"
    r"(?:(?P<variant>-[A-Z][a-z]{1,10}),?\s|,\s))"
)
_MEMO = "grammar.model_alias"
_MAX_ALIASES = 8
"""Short names looked for in one document (each a pass over it)."""
_MAX_NAMES = 50
"""Full names looked at for one short name (a document of many models names one of them so only by chance)."""


def aliased_model(doc: Document, text: str) -> str | None:
    """The full name of the model `text`'s opening short name stands for, else None."""
    m = _ALIAS_RE.match(text)
    if m is None or model_names(m.group("alias")):
        return None  # (a short name that is a model's name already is read as one)
    alias = m.group("alias").rstrip(", \t").lower()
    known: dict[str, str | None] = doc.derived.setdefault(_MEMO, {})
    if alias not in known:
        # each short name looked for once, and a few at most: a document of many such lines stays linear
        known[alias] = _full_name(doc, alias) if len(known) < _MAX_ALIASES else None
    if known[alias] is None and m.group("variant"):
        # "V4-Pro 8k/1k MTP3 disagg (...):" where no full name ends in it: a release and its variant's word
        # opening the settings name the model as printed ("V1, TP8", no variant, may be an engine's version)
        return m.group("alias").rstrip(", \t")
    return known[alias]


# what states a name as the model's: "'model': 'acme-q9'", "model=acme-q9", "--model-path org/acme-q9",
# "pretrained=acme-q9" (the text before the name, read backwards from it over a few characters)
_MODEL_KEY_BEFORE_RE = re.compile(
    r"(?:\bmodel(?:[_-](?:path|name))?|\bpretrained)['\"]?(?:\s{0,3}[:=]\s{0,3}|\s{1,3})['\"]?$", re.IGNORECASE
)


def _full_name(doc: Document, alias: str) -> str | None:
    # the full name ends in the short one after a separator: "kimi-k3", "deepseek-ai/DeepSeek-R1"; a family the
    # vocabulary does not know counts where the text states the name as the model ("'model': 'acme-q9'")
    pattern = re.compile(rf"[\w./-]{{1,80}}[-_/]{re.escape(alias)}(?:[-_][\w.]{{1,20}})?(?![\w.])", re.IGNORECASE)
    text = "\n".join(doc.lines)
    found: dict[str, str] = {}
    # the pattern tries 80 name characters at every one of the document's (0.1 s a call on a page of long tokens);
    # a document whose lowering holds the short name after no separator holds no match (lower_for_words: exact)
    low = lower_for_words(text)
    ends = () if low is not None and not any(sep + alias in low for sep in "-_/") else pattern.finditer(text)
    for _, m in zip(range(_MAX_NAMES), ends, strict=False):
        named = model_names(m.group(0))
        if not named and _MODEL_KEY_BEFORE_RE.search(text, max(0, m.start() - 16), m.start()):
            named = [m.group(0)]
        found.update((model.lower(), model) for model in named)
    if not found and "-" in alias:
        # "V4-Pro" under a title naming "DeepSeek-V4": the family's release the short name opens with, its variant added
        head, variant = alias.split("-", 1)
        for line in doc.lines:
            for family in model_names(line) if head in line.lower() else ():
                if family.lower().endswith(("-" + head, " " + head)):
                    found[family.lower()] = f"{family}-{variant.capitalize()}"
    return next(iter(found.values())) if len(found) == 1 else None
