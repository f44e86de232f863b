"""A model named short or cut off where its turn names it in full: the fuller statement wins.

    On `acme/Lark-14B-A2B-int4-gptq`           the model, in full, over the decode table
    ...
    ### 1. Environment                          a setup section over the whole turn (the accuracy rows too), its
    | Model | `acme/Lark                        row cut where the stored copy ends: the same model, not another

A scope's model that names no size and is the start of a sized name its turn states (up to a word's end: "Lark" in
"Lark-14B", not "Lar" in "Lark-14B") is that name, with the setup the name spells ("int4"). A sized name is a
checkpoint of its own ("acme/Mid-14B-Instruct" beside "acme/Mid-14B-Instruct-FP8"), and two fuller names leave it
as it is. A test class's model, written with no separator ("MiniMaxM3" of "TestMiniMaxM3::test_nvfp4"), is the name
its turn states with them ("MiniMax-M3-NVFP4"), where the rest of that name only spells its setup; so is a harness
test id's model token ("llama_v3.1_nemotron_nano_8b" of "llama_v3.1_nemotron_nano_8b-bench-pytorch-..."), the name
its turn states in words ("Llama-3.1-Nemotron-Nano-8B-v1") with the same parts, a release's "v1" or setup after them.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from ledger.parsers.grammar.default_reach import Statement
from ledger.parsers.grammar.line_setup import DEFAULT_KEYS, line_setup
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.reader.blocks import Document
from ledger.vocab.models import parameter_counts
from ledger.vocab.setup import blank_setup_words


def fuller_names(doc: Document, scopes: list[SetupScope], stated: Sequence[Statement]) -> list[SetupScope]:
    """`scopes`, each model that is a shorter or cut spelling of one fuller name stated in its turn (`stated`: every
    setup value a line states) given as that name (in place; see the module)."""
    starts = [a for a, _ in turn_bounds(doc)]
    named: dict[int, set[str]] = {}  # each turn's models, as its lines state them
    lines: dict[str, list[int]] = {}  # where each is stated
    for no, key, value, _ in stated:
        if key == "model":
            named.setdefault(bisect.bisect_right(starts, no) - 1, set()).add(value)
            lines.setdefault(value, []).append(no)
    if not named:
        return scopes
    for scope in scopes:
        short = scope.values.get("model")
        if not short:
            continue
        turn = named.get(bisect.bisect_right(starts, scope.start) - 1, set())
        fuller = {name for name in turn if _starts(short, name) or _respelled(short, name) or _id_spelled(short, name)}
        if len(fuller) > 1 and len({name.rsplit("/", 1)[-1].lower() for name in fuller}) == 1:
            fuller = {_nearest(fuller, lines, scope.start)}  # ("nvidia/X" linked, "Model: X" stated: one model)
        if len(fuller) == 1:
            name = fuller.pop()
            spelled = {k: v for k, v in line_setup(name).items() if k in DEFAULT_KEYS and k not in scope.values}
            scope.values.update({**spelled, "model": name})
    return scopes


def _nearest(names: set[str], lines: dict[str, list[int]], at: int) -> str:
    """Of one model's spellings, with and without its hub owner, the one stated last before line `at` (the enclosing
    scope's), else the first stated."""
    before = [(no, name) for name in names for no in lines.get(name, []) if no <= at]
    if before:
        return max(before)[1]
    return min((min(lines.get(name, [0])), name) for name in names)[1]


def _starts(short: str, name: str) -> bool:
    """Whether `short` ("acme/Lark", "`Intel/Qwen") is the start of the longer `name` or of its last part, ending
    where one of name's words or numbers ends."""
    s = short.strip("`'\" ").lower()
    if len(s) < 4 or parameter_counts(s) or not parameter_counts(name):
        return False  # ("acme/Mid-14B-Instruct" beside its "-FP8" checkpoint: a sized name is a checkpoint of its own)
    for full in {name.lower(), name.lower().rsplit("/", 1)[-1]}:
        if len(full) > len(s) and full.startswith(s):
            a, b = s[-1], full[len(s)]
            return not ((a.isalpha() and b.isalpha()) or (a.isdigit() and b.isdigit()))
    return False


def _respelled(short: str, name: str) -> bool:
    """Whether `short`, letters and digits alone ("MiniMaxM3"), is `name`'s last part ("MiniMax-M3-NVFP4") read with
    no separators, up to a separator after which only setup words follow."""
    if not short.isalnum() or len(short) < 4:
        return False
    want, base, got = short.lower(), name.rsplit("/", 1)[-1], 0
    for at, ch in enumerate(base):
        if got == len(want):
            rest = base[at:]
            return not rest[0].isalnum() and not blank_setup_words(rest).strip(" -_.")
        if ch.isalnum():
            if ch.lower() != want[got]:
                return False
            got += 1
    return False  # (the same name, or shorter: nothing fuller)


# a name's parts, as an id spells them lower-cased between "_", "." and "-"; "v3" the same part as "3"
_PART_RE = re.compile(r"[a-z0-9]{1,40}")
_VERSION_PART_RE = re.compile(r"v(?=\d)")
_RELEASE_PART_RE = re.compile(r"v\d{1,2}")


def _id_spelled(short: str, name: str) -> bool:
    """Whether `short`, a test id's spelling of a model ("llama_v3.1_nemotron_nano_8b": "_" between its parts), is
    `name` ("Llama-3.1-Nemotron-Nano-8B-v1") part for part, where only a release ("v1") or setup words follow."""
    if "_" not in short or short == name or not parameter_counts(name):
        return False
    mine = [_VERSION_PART_RE.sub("", p, count=1) for p in _PART_RE.findall(short.lower()[:200])]
    base = name.rsplit("/", 1)[-1].lower()
    theirs = [_VERSION_PART_RE.sub("", p, count=1) for p in _PART_RE.findall(base[:200])]
    if len(theirs) < len(mine) or theirs[: len(mine)] != mine:
        return False
    rest = [p for p in _PART_RE.findall(base[:200])][len(mine) :]
    return all(_RELEASE_PART_RE.fullmatch(p) or not blank_setup_words(p).strip() for p in rest)
