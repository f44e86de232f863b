"""A quantised checkpoint spelled in one label, as benchmark pages of weight-quantising runtimes name their rows:

    7B 4bit 128g, HF, 16-bit          the model's size, the weights' bit width and group size, then what ran it
    33B 4bit 128g act-order           (and act-order, the order GPTQ quantised the columns in)

Each part is a setting of its own: the same checkpoint in two versions of a page is one setup whatever else its
label says, and two engines' rows of one checkpoint are two."""

from __future__ import annotations

import re

from ledger.vocab.word_gate import WordGate

_CHECKPOINT_RE = re.compile(
    r"(?<![\w.])(?P<size>\d{1,4}(?:\.\d{1,2})?B)\s{1,3}(?P<bits>[1-8])[ -]?bits?\s{1,3}(?P<group>\d{1,4})g"
    r"(?P<act>\s{1,3}act[ -]?order)?(?![\w-])",
    re.IGNORECASE,
)
# ", HF", ", ExLlama" right after it: the one word naming what ran the checkpoint (a footnote's digit may follow)
_ENGINE_PART_RE = re.compile(r"\s{0,3},\s{0,3}(?P<engine>[A-Za-z][A-Za-z.]{1,20})(?=\s{0,3}(?:,|$|\d{1,2}$))")


def checkpoint_label(text: str) -> tuple[dict[str, str], str]:
    """The settings a label's checkpoint spells ({"size": "7B", "quant": "4bit", "group_size": "128",
    "act_order": "yes", "engine": "HF"}) and the label without them; ({}, text) where it spells none."""
    m = _CHECKPOINT_RE.search(text[:200])
    if m is None:
        return {}, text
    out = {"size": m["size"], "quant": f"{m['bits']}bit", "group_size": m["group"]}
    if m["act"]:
        out["act_order"] = "yes"
    end = m.end()
    if (e := _ENGINE_PART_RE.match(text, end)) is not None:
        out["engine"], end = e["engine"], e.end()
    return out, f"{text[: m.start()]} {text[end:]}"


def label_checkpoint(label: str, title: str) -> dict[str, str]:
    """The settings a row's label packs (checkpoint_label); an engine the page is titled by ("# ExLlama" over
    "7B 4bit 128g, ExLlama") is the page's own, which its other rows and versions leave unsaid: no engine then."""
    packed = checkpoint_label(label)[0]
    if "engine" in packed and _squeezed(packed["engine"]) == _squeezed(title.lstrip("# ")):
        del packed["engine"]
    return packed


def _squeezed(name: str) -> str:
    return re.sub(r"[\W_]", "", name.lower())


# "done on **30B 4bit 128g**", "on **30B/65B, 4bit 128g**": the checkpoint a sentence over a table names for it, its
# sizes maybe listed (each row's own then)
_LEAD_RE = re.compile(
    r"(?<![\w.])(?P<sizes>\d{1,4}(?:\.\d{1,2})?B(?:/\d{1,4}(?:\.\d{1,2})?B){0,3}),?\s{1,3}"
    r"(?P<bits>[1-8])[ -]?bits?\s{1,3}(?P<group>\d{1,4})g(?![\w-])",
    re.IGNORECASE,
)


def lead_checkpoint(text: str) -> dict[str, str]:
    """The checkpoint a sentence over a table says its runs used ("The following tests were all done on **30B 4bit
    128g** ..."): its bits and group size, and its size where it names one; {} where it names none."""
    m = _LEAD_RE.search(text[:400].replace("*", ""))
    if m is None:
        return {}
    out = {"quant": f"{m['bits']}bit", "group_size": m["group"]}
    if "/" not in m["sizes"]:
        out["size"] = m["sizes"]
    return out


_LEFT_OVER_RE = re.compile(r"[\s,;]{1,40}|(?<=\s)\d{1,2}$")


def checkpoint_only(text: str) -> bool:
    """The label is a checkpoint and what ran it, nothing more ("7B 4bit 128g, HF", a footnote's digit after it):
    the row is named by its setup, and its columns name the measures."""
    found, rest = checkpoint_label(text)
    return bool(found) and not _LEFT_OVER_RE.sub("", rest)


# "w/ NVFP4 ckpt", "using the FP8 checkpoint", "an NVFP4 checkpoint", "with int4-awq weights": the precision word
# right before the checkpoint's noun is the weights' (the caller reads the word as a precision or not)
# (searched only where one of its words stands: vocab.word_gate)
_DTYPE_BEFORE_RE = WordGate(
    re.compile(r"(?<![\w.-])(?P<dtype>[A-Za-z][\w.-]{1,15})[ -](?:ckpts?|checkpoints?|weights)\b", re.I)
)


def checkpoint_dtype_word(text: str) -> str | None:
    """The word a phrase puts right before its checkpoint's noun ("an NVFP4 checkpoint" -> "NVFP4"), else None."""
    m = _DTYPE_BEFORE_RE.search(text[:400])
    return m["dtype"] if m else None
