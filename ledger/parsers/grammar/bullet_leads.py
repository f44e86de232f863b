"""The setup a list item's lead names for every result on its line, and the draft length an acceptance length is
written over:

    - FP8 Qwen3 235B + Eagle3 head: mean accepted length **2.40 / 3**, speedup vs no drafting: **1.41x**

Both values ran FP8 Qwen3 235B with an Eagle3 head: the lead before the item's first colon is the
item's subject, not the first value's alone (the speed-up read by another reader kept none of it, and two models'
speed-ups fell into one series). "2.4 / 4 (1 bonus + 3 drafted)" is an acceptance length over the most a step can
accept, made of the draft length it was measured at and the bonus token. A lead that is a size alone ("- 31B 8-bit:
12.3 / 8.2 = 1.50x") names the model of the table row it restates, which grammar.sized_families finds.

Apart from grammar.line_scopes, which reads a line's labelled settings, because these read an item's shape.
Linear: each pattern is anchored or bounded, and reads a line's first 400 characters."""

from __future__ import annotations

import re

from ledger.vocab.passing_names import passing_models
from ledger.vocab.setup import model_names, qualifiers

# "- FP8 Qwen3 235B + Eagle3 head: ...": a bullet, its lead (no value of its own, no colon) and the colon after it
_LEAD_RE = re.compile(r"^\s{0,6}(?:[-*+]|\d{1,2}[.)])\s{1,3}[*_]{0,2}(?P<lead>[^:\n]{2,100}?)[*_]{0,2}\s?:\s")
# (a ratio or a share in the lead is a result: "3.1" is as often a model's version, "Llama 3.1 8B")
_VALUE_RE = re.compile(r"\d\s?%|\d\s?x\b", re.IGNORECASE)
# "accepted 2.4 / 4 (1 bonus + 3 drafted)", "2.9 / 4 draft tokens": the draft length an acceptance length is written
# over, where the line says what its ceiling is made of; a bare "2.90 / 4" is the most a step can accept, the bonus
# token and the drafted ones, and says no draft length alone (one author counts the bonus, another does not)
_OVER_DRAFT_RE = re.compile(
    r"\d\.\d{1,4}[*_]{0,2}\s?/\s?[*_]{0,2}(?:(?P<draft>\d{1,2})\s(?:draft(?:ed)?|spec(?:ulative)?)\s?tokens?\b|"
    r"\d{1,2}(?![\d.])[*_]{0,2}\s?(?:tokens?\s)?\(\s?1\s(?:bonus|base|target|verified)\s?\+\s?(?P<parts>\d{1,2})\s)",
    re.IGNORECASE,
)


# "- 31B 8-bit: 12.3 / 8.2 = 1.50x", "26B A4B 4-bit:", "31B:": a lead that is a model's size alone (its active
# parameters, its weights' bit width after it), as MLX and llama.cpp threads name the rows of their tables again
_SIZE_LEAD_RE = re.compile(
    r"^\s{0,6}(?:(?:[-*+]|\d{1,2}[.)])\s{1,3})?[*_]{0,2}(?P<size>\d{1,4}(?:\.\d{1,2})?B)"
    r"(?:[ _-](?P<active>A\d{1,3}(?:\.\d{1,2})?B))?(?:[ _-](?P<bits>[2-8])[ _-]?bits?)?[*_]{0,2}\s?:\s",
    re.IGNORECASE,
)


def size_lead(text: str) -> dict[str, str]:
    """ "- 26B A4B 4-bit: ..." -> {"model": "26B-A4B", "quant": "4bit"}: the model a line's lead names by its size, for
    every result of the line (grammar.sized_families gives it the name its turn states for that size); {} for none."""
    m = _SIZE_LEAD_RE.match(text[:60])
    if m is None:
        return {}
    size = m.group("size") + (f"-{m.group('active')}" if m.group("active") else "")
    return {"model": size, **({"quant": f"{m.group('bits')}bit"} if m.group("bits") else {})}


def bullet_lead_setup(text: str) -> dict[str, str]:
    """The setup the lead of a list item names (its model, precision, method), for every result of its line; the
    keys the rest of the line names itself are left to it ("- FP8: 96.1, BF16: 96.3": each value its own)."""
    m = _LEAD_RE.match(text[:400])
    if sized := size_lead(text):
        values, rest = sized, text[text.find(":") + 1 : 400]
    elif m is None or _VALUE_RE.search(m.group("lead")):
        return {}  # ("- 2.1x faster at TP8: ...": a lead holding a result is a sentence, not the item's subject)
    else:
        lead, rest = m.group("lead"), text[m.end() : 400]
        values = qualifiers(lead)
        models = [n for n in model_names(lead) if n not in passing_models(lead)]
        if models:
            values["model"] = models[0]
    named = {*qualifiers(rest), *(("model",) if model_names(rest) else ())}
    return {k: v for k, v in values.items() if k not in named}


def draft_over(text: str) -> dict[str, str]:
    """ "acceptance 2.4 / 4 (1 bonus + 3 drafted)": the draft length the line's acceptance was measured at
    ({"draft_len": "3"}), where the line speaks of acceptance and names one such length."""
    head = text[:400]
    if "accept" not in head.lower():
        return {}
    found = {m.group("draft") or m.group("parts") for m in _OVER_DRAFT_RE.finditer(head)}
    return {"draft_len": found.pop()} if len(found) == 1 else {}
