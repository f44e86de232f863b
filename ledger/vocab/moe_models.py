"""Which class of model a name is, mixture-of-experts or dense, as a docs page's method section splits its settings
("For MoE models: ... --ep", "For dense / non-MoE models: ..."): a model's class by the name it is published under.
A name with its active parameters ("Qwen3-30B-A3B") or its expert count ("Llama-4-Maverick-17B-128E") is a MoE, as
are the families that publish only MoE checkpoints; any other name is dense."""

from __future__ import annotations

import re

# (bounded words, no nesting: linear on any name)
_MOE_RE = re.compile(
    r"(?<![a-z0-9])(?:"
    r"a\d{1,3}(?:\.\d)?b|\d{1,3}e"  # active parameters "A3B", "A22B"; an expert count "128E", "16E"
    r"|moe|mixtral|deepseek[ _-]?(?:v2|v3|r1)|dsv3|dsr1|llama[ _-]?4|scout|maverick|gpt[ _-]?oss|dbrx|kimi[ _-]?k2"
    r"|glm[ _-]?4\.5|grok[ _-]?[12]|arctic|jamba|olmoe|granite[ _-]?moe"
    r")(?![a-z0-9])",
    re.IGNORECASE,
)

CLASS_WORDS = {
    "moe": re.compile(r"(?<!non-)(?<!non )\bmoe\b", re.IGNORECASE),
    "dense": re.compile(r"\bdense\b|\bnon[- ]moe\b", re.IGNORECASE),
}
"""A class clause's words for each class ("For MoE models:", "For dense / non-MoE models:")."""


def model_class(model: str) -> str:
    """ "moe" or "dense" for a model's name ("" for no name)."""
    if not model.strip():
        return ""
    return "moe" if _MOE_RE.search(model) else "dense"


def clause_class(clause: str) -> str | None:
    """The one class a clause narrows to ("For dense / non-MoE models:" is dense), None for none or both."""
    named = [c for c, pattern in CLASS_WORDS.items() if pattern.search(clause)]
    return named[0] if len(named) == 1 else None
