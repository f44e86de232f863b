"""The sampling a run decoded with: its temperature ("temperature 0.6", "temp=0", "T=0.7", "greedy"), top-p
("top_p 0.95") and top-k ("top-k 20"). Setup, never a claim: a drafter's acceptance length and an eval's score move
with them, so two runs sampled differently are two setups (all three keys are hard, vocab.setup_keys). Setup words
of vocab.setup's table, apart from it (size rule); the flags are vocab.flags', the labels vocab.setup_labels'."""

from __future__ import annotations

import re

from ledger.vocab.setup_word import SEP
from ledger.vocab.setup_word import make_word as _word

SAMPLING_KEYS = ("temperature", "top_p", "top_k")
# the names of every sampling or decoding setting, spelled as prose, flags and keys spell them ("top_p 0.95", "min-p
# 0.05", "a repetition penalty of 1.05", "seed 1234", "max tokens 2048"): the number right after one is that setting,
# never a result (prose.guards' CONFIG_BEFORE_RE; alternatives without "|" inside a group, as any_of regroups them)
SAMPLING_NAMES = (
    r"temperature|temp|top[-_ ]?[kp]|min[-_ ]?p|seed|max[-_ ]tokens|max[-_ ]new[-_ ]tokens|"
    # (the penalty by its kind only: "a throughput penalty of 3%" is a result)
    r"repetition[-_ ]penalty(?: of)?|repeat[-_ ]penalty(?: of)?|presence[-_ ]penalty(?: of)?|"
    r"frequency[-_ ]penalty(?: of)?"
)
GREEDY = "greedy"
"""Decoding that takes the likeliest token: temperature 0, however written."""

# a temperature is between 0 and 2 (the APIs' range): "temperature 71 C" is a GPU's heat, and a bare "T=" reads only
# with a decimal ("T=0.7"), since "at t=0" is a time
_TEMPERATURE = r"([0-2](?:\.\d{1,3})?)(?! ?°)"
SAMPLING_WORDS = (
    _word(
        "temperature",
        "temperature",
        rf"(?:sampling[ _-])?temp(?:erature)?(?: of |{SEP}){_TEMPERATURE}",
        ("temp",),
        ("temp", "sampling"),
    ),
    _word("temperature", "temperature", r"t ?= ?([0-2]\.\d{1,3})", ("t=", "t ="), ("t",)),
    # "greedy decoding" (not "non-greedy", a test's name or selector, "test_greedy", "-k greedy", nor a drafter's
    # greedy acceptance rule, which says how drafts are verified, not how the target samples)
    _word(
        "temperature",
        "temperature",
        r"(?<!non-)(?<!non )(?<![_:/.])(?<!-k )(greedy)(?:[ _-](?:decoding|sampling|search|generation))?"
        r"(?! (?:accept|verif|match|draft|rule))",
        ("greedy",),
        ("greedy",),
    ),
    _word("top_p", "top_p", rf"top[ _-]?p(?: of |{SEP})(0?\.\d{{1,3}}|1(?:\.0{{1,3}})?|0)", ("top",), ("top",)),
    # (joined "topk" is SGLang's drafting tree's branches, vocab.flags' spec_topk: only a spelled "top-k" samples)
    _word("top_k", "top_k", rf"top[ _-]k(?: of |{SEP})(-?\d{{1,4}})(?! ?experts?)", ("top",), ("top",)),
)

_ROUTING_RE = re.compile(r"expert|\bmoe\b|rout(?:er|ing|ed)", re.IGNORECASE)


def routes_experts(line: str) -> bool:
    """The line is a MoE's routing ("experts=128, top_k=8"): its top-k is the experts a token goes to."""
    return _ROUTING_RE.search(line) is not None


_NUMBER_RE = re.compile(r"-?\d{1,4}(?:\.\d{1,4})?")


def canonical_sampling(key: str, value: str) -> str:
    """One spelling per setting: "0", "0.0" and "greedy" are one temperature; "1.0" and "1" one top-p."""
    v = value.strip().lower()
    if key == "temperature" and v.startswith(GREEDY):
        return "0"
    if _NUMBER_RE.fullmatch(v):
        n = float(v)
        return str(int(n)) if n == int(n) else f"{n:g}"
    return value.strip()
