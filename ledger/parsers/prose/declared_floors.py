"""Bars a turn declares per arm ("use accept-length floors of 1.5 for EAGLE3 and 2.8 for DFLASH", "accuracy floors
to 60% for Llama"), given to the values that turn measured for those arms: "AL 1.7521" of the EAGLE3 arm is held to
1.5 (its `threshold`, claims contract). The declaring sentence states no result (prose.bars.declared_bar); a value
whose own sentence states its bar keeps that one."""

from __future__ import annotations

import bisect
import re

from ledger.model import Claim
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.prose.bars import bar_lists
from ledger.parsers.reader.blocks import Document
from ledger.vocab.metrics import is_acceptance_name, is_benchmark_name
from ledger.vocab.setup import model_names, qualifiers
from ledger.vocab.word_gate import WordGate

_HINT_RE = re.compile(r"floor|threshold|cut-?off|pass(?:ing)? (?:bar|mark)|target|required|>=|≥|=>", re.IGNORECASE)
_HINT_GATE = WordGate(_HINT_RE)
"""Asked of every prose line: searched only where one of its words stands (vocab.word_gate; a case-blind alternation
with no first character in common is tried at every character). A line at a time: one pass over the document's lines
(reader.line_facts) reads its code and tables too, and cost twice as much."""
_ACCEPT_RE = re.compile(r"accept", re.IGNORECASE)
_SCORE_RE = re.compile(r"accuracy|score|pass rate|exact match", re.IGNORECASE)
_Bar = tuple[int, str, dict[str, str], str, int]
"""(turn, kind, the arm's setup, the bar as written, its line)."""


def declared_floors(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each accuracy or acceptance value of an arm its turn declared a bar for given that bar."""
    bars: dict[tuple[int, str], list[_Bar]] = {}  # (by turn and kind: each claim reads its own arms' bars only)
    for declared in _bars(doc):
        bars.setdefault((declared[0], declared[1]), []).append(declared)
    if not bars:
        return claims
    starts = [a for a, _ in turn_bounds(doc)]
    out: list[Claim] = []
    for c in claims:
        if c.kind in ("accuracy", "acceptance") and "threshold" not in c.config and c.source.line > 0:
            turn = bisect.bisect_right(starts, c.source.line) - 1
            bar = next((b for b in bars.get((turn, c.kind), ()) if _of_arm(c, b[2])), None)
            if bar is not None and bar[4] != c.source.line:
                c = c.model_copy(update={"config": {**c.config, "threshold": bar[3]}})
        out.append(c)
    return out


def _bars(doc: Document) -> list[_Bar]:
    starts = [a for a, _ in turn_bounds(doc)]
    out: list[_Bar] = []
    for b in doc.blocks:
        if b.kind not in ("text", "item") or b.in_code:
            continue
        for no in range(b.start, b.end + 1):
            text = doc.line(no)[:2000]
            if not _HINT_GATE.search(text):
                continue
            for measure, items in bar_lists(text):
                kind = _kind(measure)
                for bar, arm in items if kind else ():
                    models = model_names(arm)
                    setup = {"model": models[0]} if models else qualifiers(f"{bar} for {arm}")
                    if setup:
                        out.append((bisect.bisect_right(starts, no) - 1, kind or "", setup, bar, no))
    return out


def _kind(measure: str) -> str | None:
    """The kind of result the bars bound, by the words before the bar's word ("accept-length", "accuracy")."""
    if _ACCEPT_RE.search(measure) or is_acceptance_name(measure):  # ("AL >= 3.0 for DSpark")
        return "acceptance"
    return "accuracy" if _SCORE_RE.search(measure) or is_benchmark_name(measure) else None


def _of_arm(c: Claim, setup: dict[str, str]) -> bool:
    """The claim was measured on the arm: its drafting method, or a model the arm's name is part of."""
    if "model" in setup:
        return setup["model"].lower() in c.config.get("model", "").lower()
    return all(c.config.get(k, "").lower() == v.lower() for k, v in setup.items())
