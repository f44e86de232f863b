"""The gate claim, and what every reader of gates shares.

`gate` makes the claim (the name's qualifiers become its config); `named_failures` reads "1 failed:
test_a, test_b (waived)" wherever it stands (a line, a table cell); `top_level_split` splits a name
outside its brackets; `has_word` is the cheap test each reader asks before its patterns.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.vocab.setup import qualifiers
from ledger.vocab.test_ids import test_id_setup

# "1 failed: test_checked_in_schemas_are_current, which main fails too ... (waived)"
_NAMED_FAIL_RE = re.compile(
    r"\b\d{1,6}\s+(?:tests?\s+)?(?:failed|failures?|errors?)\s*:\s*"
    r"(?P<names>`?[\w.:/\[\]-]{3,120}`?(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)`?[\w.:/\[\]-]{3,120}`?){0,10})",
    re.IGNORECASE,
)
_NAMES_SPLIT_RE = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
# a failure main has too is not this change's: "which main fails too", "both also failing on main since 77aa01b"
_MAIN_FAILS_RE = re.compile(
    r"\bmain\s+(?:also\s+)?fails\b|\b(?:also\s+)?fail(?:s|ing|ed)?\s+on\s+main\b|\bpre-?existing\b", re.IGNORECASE
)
_TEST_ID_RE = re.compile(r"[_.:/\[]")

NAMED_FAIL_HINT_RE = re.compile(r"fail|error", re.IGNORECASE)
NAMED_FAIL_HINTS = tuple(NAMED_FAIL_HINT_RE.pattern.split("|"))


def gate(
    ctx: Context,
    line: int,
    text: str,
    name: str,
    outcome: str,
    outcome_text: str | None,
    config: dict[str, str] | None = None,
    note: str | None = None,
    revision: Revision | None = None,
) -> Claim:
    # (a revision the sentence names for the run that met the gate, "on the first head"; else the scopes')
    fields: dict[str, Any] = {"revision": revision} if revision is not None else {}
    # ("Re-ran `TestX7B::test_y[fp8_ws4]` ten times": the model its test class names, the world size its parameters do)
    cfg = {**qualifiers(name), **(test_id_setup(name) if "test_" in name else {}), **(config or {})}
    return ctx.claim(
        "gate",
        line,
        text[:120],
        metric=name[:160],
        outcome=outcome,
        outcome_text=outcome_text,
        config=cfg,
        note=note,
        **fields,
    )


def top_level_split(text: str, sep: str) -> list[str]:
    """Split on `sep` (which never matches empty nor opens with a bracket) outside parentheses.

    Jumps from bracket to bracket, and at depth 0 to the next separator before the next bracket: the
    same splits as trying `sep` at every character outside brackets, in fewer steps."""
    out: list[str] = []
    depth = 0
    start = 0
    i = 0
    pat = _SPLIT_RES.get(sep) or _SPLIT_RES.setdefault(sep, re.compile(sep))
    n = len(text)
    while i < n:
        b = _SPLIT_BRACKET_RE.search(text, i)
        bpos = b.start() if b else n
        if depth == 0:
            m = pat.search(text, i, bpos)
            if m:
                out.append(text[start : m.start()])
                start = i = m.end()
                continue
        if b is None:
            break
        depth = depth + 1 if text[bpos] in "([" else max(0, depth - 1)
        i = bpos + 1
    out.append(text[start:])
    return [p for p in out if p.strip()]


_SPLIT_RES: dict[str, re.Pattern[str]] = {}
_SPLIT_BRACKET_RE = re.compile(r"[(\[)\]]")


def named_failures(ctx: Context, line: int, text: str, offset: int, low: str | None) -> Iterator[Claim]:
    """ "1 failed: test_checked_in_schemas_are_current, which main fails too (waived)": a gate per named test.
    `low` is lower_for_words(text)."""
    if not has_word(text, low, NAMED_FAIL_HINTS, NAMED_FAIL_HINT_RE):
        return
    for m in _NAMED_FAIL_RE.finditer(text):
        names = [n.strip(" `") for n in _NAMES_SPLIT_RE.split(m.group("names"))]
        names = [n for n in names if _TEST_ID_RE.search(n)]
        if not names:
            continue
        tail = text[m.end() : m.end() + 240]
        clause = tail.split(";")[0]
        said = re.search(r"\bwaived\b", clause, re.IGNORECASE) is not None
        on_main = _MAIN_FAILS_RE.search(clause) is not None
        waived = said or on_main
        note = None
        wm = re.match(r"\s*(?:,\s*)?(?:which\s+)?(main\s+fails\s+too)", tail)
        if wm:
            note = wm.group(1)
        for n in names:
            outcome_text = (
                "failed (waived" + (f"; {note})" if note else ")")
                if said
                else "failed (fails on main too)"
                if on_main
                else "failed"
            )
            yield gate(
                ctx,
                line,
                text[m.start() : m.end() + (wm.end() if wm else 0)].strip(),
                n,
                "waived" if waived else "fail",
                outcome_text,
            )


def has_word(text: str, low: str | None, words: tuple[str, ...], hint: re.Pattern[str]) -> bool:
    """hint.search(text), where hint is `words` joined by "|" ignoring case. `low` is lower_for_words(text): a
    substring test there says the same, faster; where it is None the pattern is asked."""
    if low is None:
        return hint.search(text) is not None
    return any(map(low.__contains__, words))
