"""Values listed "per position" ("per-position ~0.72 / 0.50 / 0.36", "per-position acceptance rate: 72%, 50%, 36%"):
the k-th value is the acceptance rate of the k-th draft position, one series per position, never three runs of one
measure (which compare would fold into a mean).

Apart from lists.py because the word that opens the run, not the values, says what each member is; the table reader
gives a draft position the same `position` key (tables.rows), so a page's prose and its table pair.
"""

from __future__ import annotations

import re
from typing import Any

from ledger.vocab.acceptance_words import DRAFT_POSITION_RE, DRAFTING_TEXT_RE
from ledger.vocab.metrics import prose_kind
from ledger.vocab.units import measure_of_unit

_PER_POSITION_RE = re.compile(r"\bper[- ](?:draft[- ])?position\b", re.IGNORECASE)
# from the words to the run's first value: a measure's few words, a colon, an approximation ("acceptance rate: ~")
_TO_RUN_RE = re.compile(r"[\s:=~≈,]{0,4}(?:[A-Za-z][\w-]{0,20}[\s:=~≈]{1,4}){0,5}")
# between two values of the run: "0.72 / 0.50", "72%, 50% and 36%"
_JOINT_RE = re.compile(r"\s?(?:/|,|,?\sand)\s?[~≈]?")
_NAME = "per-position acceptance rate"
_MAX_POSITIONS = 16


def position_runs(out: list[dict[str, Any]], text: str) -> None:
    """Name each value of a run the words "per position" open (see the module) that position's acceptance rate, and
    give a value after a position its clause names that position (named_positions)."""
    named_positions(out, text)
    if "osition" not in text:
        return
    for m in _PER_POSITION_RE.finditer(text):
        run = _run_after(out, text, m.end())
        if len(run) < 2:
            continue
        for k, c in enumerate(run):
            c["metric"] = _NAME
            c["kind"] = prose_kind(_NAME, c.get("unit"))
            c["config"] = {**c.get("config", {}), "position": str(k + 1)}
    for c in out:
        if _PER_POSITION_RE.fullmatch((c.get("metric") or "").strip()):
            # ("per-position 0.9, 0.8 at 12.5 ms": the words name a run of rates, never a time outside it)
            c["metric"] = _NAME if c.get("unit") in (None, "%") else measure_of_unit(c.get("unit"))


# what a position leaves of a metric cut at its bracket ("Improvement grows with draft depth (pos 4"): the bracket,
# its position and the words joining them ("at")
_POSITION_TAIL_RE = re.compile(r"\s?\(?(?:at\s)?(?:draft\s)?pos(?:ition)?\.?\s?#?\d{1,2}\)?:?\s?$", re.IGNORECASE)
_BEFORE = 60
"""How far before a value its position may stand (a clause: "the acceptance rate (pos 3) is 0.48")."""


def named_positions(out: list[dict[str, Any]], text: str) -> None:
    """ "The acceptance rate (pos 3) is 0.48", "Gains grow with draft depth (pos 4: +13.7%)": a value after a draft
    position its clause names, with no other number between, is that position's (`position`, as a table's Position
    column gives); a metric cut at the position's bracket keeps its words and loses the position."""
    if "pos" not in text and "Pos" not in text:
        return
    for c in out:
        if "position" in c.get("config", {}):
            continue
        start = c["start"]
        found = None
        for m in DRAFT_POSITION_RE.finditer(text, max(0, start - _BEFORE), start):
            found = m
        if found is None or any(ch.isdigit() for ch in text[found.end() : start]):
            continue
        bracketed = text[max(0, found.start() - 1) : found.start()] == "("
        if c.get("kind") != "acceptance" and not bracketed and DRAFTING_TEXT_RE.search(text[:1000]) is None:
            continue  # (a position in a sentence about no drafting is a token's or a rank's; "(pos 3:" is a draft's)
        c["config"] = {**c.get("config", {}), "position": found.group(1)}
        metric = c.get("metric") or ""
        window = metric[-40:]
        if (tail := _POSITION_TAIL_RE.search(window)) is not None:
            kept = metric[: len(metric) - len(window) + tail.start()].strip(" :,(")
            c["metric"] = kept or metric  # (a metric that is its position alone stays as it was)


def _run_after(out: list[dict[str, Any]], text: str, at: int) -> list[dict[str, Any]]:
    """The rates (shares or bare numbers) joined by "/", commas or "and" whose first follows `at` across a few words
    at most."""
    first = next((c for c in out if c["start"] >= at), None)
    if first is None or not _TO_RUN_RE.fullmatch(text, at, first["start"]):
        return []
    run = [first]
    for c in out[out.index(first) + 1 :]:
        if len(run) == _MAX_POSITIONS or not _JOINT_RE.fullmatch(text, run[-1]["end"], c["start"]):
            break
        run.append(c)
    return run if all(c.get("unit") in (None, "%") for c in run) else []
