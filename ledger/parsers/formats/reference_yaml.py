"""Accuracy reference files (grammar/reference_yaml): each entry the change adds or that a pasted file holds is the
accuracy its model reaches on the file's task under the entry's setup; an entry the diff removes is the reference of
the one that replaces it (same model, same setup), and an entry the diff leaves as it was says nothing new."""

from __future__ import annotations

from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import to_float
from ledger.parsers.grammar.reference_yaml import Entry, reference_entries
from ledger.parsers.reader.document import Block
from ledger.vocab.setup_keys import canonical_key_name

NAME = "reference_yaml"
VERSION = "1"
BLOCKS = frozenset({"code"})
LINE_MARKS = ("accuracy:",)


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    found = reference_entries(ctx.doc, block)
    if found is None:
        return
    task, entries = found
    removed = [e for e in entries if e.mark == "-"]
    for e in entries:
        ctx.taken.add(e.line)  # (no other reader's: the entry's own keys are its setup)
        if e.mark in ("-", " "):
            continue
        value = to_float(e.value)
        if value is None:
            continue
        olds = [o for o in removed if o.model == e.model and o.keys == e.keys]
        config = {"model": e.model, **_setup(e)}
        if task:
            config["task"] = task
        yield ctx.claim(
            "accuracy",
            e.line,
            e.value,
            metric=f"{task} accuracy" if task else "accuracy",
            value=value,
            reference=to_float(olds[0].value) if len(olds) == 1 else None,
            config=config,
        )


def _setup(e: Entry) -> dict[str, str]:
    """The entry's keys under the names the vocabulary gives them ("quant_algo" is quant, "spec_dec_algo" spec_algo)."""
    out = {}
    for k, v in e.keys.items():
        key = canonical_key_name(k)
        if v:
            out[key] = v.lower() if key in _WORD_KEYS else v  # ("FP8", "Eagle": as the setup words write them)
    return out


_WORD_KEYS = frozenset(("quant", "kv_cache", "spec_algo"))
