"""Verdicts in prose over a list of checks or a CI suite, which the phrase readers of gates.prose see only by the
name right before the verb:

    Lint, schema validation, and unit collection passed     one pass per check listed, names no vocabulary knows
                                                            included, where one item of the list is a check's name
    All NV CI tests (stage-a/b/c) passed                    a pass of the suite the CI words name
    Most of AMD CI tests passed, the rest not failed by     no pass: the rest failed (waived where the text says
    our code                                                the failures are not the change's)

A thing "passed to" a function, "into" a call or "as" an argument is handed on, no verdict.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.gates.claims import gate, top_level_split
from ledger.vocab.outcomes import CHECK_ITEM_RE, shared_check_noun

# (not "passed to the engine", "passed into `run()`", "passed as an argument": handed on)
_VERB_RE = re.compile(
    r"(?<![\w-])(?:(?:all|both)\s)?(?P<word>passed|succeeded)(?![\w-])(?!\s(?:to|into|as|through|via)\b)"
)
_CLAUSE_STOP_RE = re.compile(r"[.;:!?]\s|^[ \t]*(?:[-*+•]|\d{1,3}[.)])\s|\n")
_ITEM_RE = re.compile(r"^`?[A-Za-z][\w`./+-]{0,40}(?:\s[\w`./+-]{1,40}){0,3}$")
_ITEM_SEP = r",\s+(?:and\s+)?|\s+and\s+"
_SUITE_RE = re.compile(
    r"^(?:(?P<all>all)|(?P<most>most|some|(?:the\s)?majority|part)(?:\sof)?)\s(?:(?:the|our)\s)?"
    r"(?P<name>(?:[\w./+-]{1,30}\s){0,3}?ci(?:\s(?:tests?|jobs?|checks?|runs?))?(?:\s?\([^()\n]{1,60}\))?)$",
    re.IGNORECASE,
)
# "the rest of them were not failed by our code", "the rest are unrelated", "failures are pre-existing"
_NOT_OURS_RE = re.compile(
    r"\b(?:unrelated|pre-?existing|flaky|not\s(?:\w+\s)?(?:by|from|due\sto|because\sof|caused\sby)\s(?:our|this)\b|"
    r"(?:doesn'?t|does\snot|did\snot|didn'?t|not)\s(?:\w+\s)?(?:by|because\sof|due\sto)\s(?:our|this)\b)",
    re.IGNORECASE,
)
_MAX_ITEMS = 8
_LEAD_RE = re.compile(r"^(?:(?:the|a|an|and|also|both)\s+)+", re.IGNORECASE)


def passed_lists(ctx: Context, line: int, text: str, spans: list[tuple[int, int]]) -> Iterator[Claim]:
    """The gates of each list of checks or CI suite a "passed" ends (see the module); `spans` (grown in place) are
    the stretches other readers made gates of, and a check whose name lies in one is not read twice."""
    for m in _VERB_RE.finditer(text) if "pass" in text or "succeeded" in text else ():
        lo = max(0, m.start() - 240)
        start = max([lo, *(s.end() for s in _CLAUSE_STOP_RE.finditer(text, lo, m.start()))])
        subject = text[start : m.start()].strip()
        suite = _SUITE_RE.match(subject)
        if suite is not None:
            at = text.find(suite.group("name"), start, m.start())  # (within the clause: linear in the line)
            if not any(a <= at < b for a, b in spans):
                spans.append((at, m.end()))
                yield _suite_gate(ctx, line, text, suite, start, m.end())
            continue
        # ("the perf and accuracy steps both passed": a perf step and an accuracy step)
        items = shared_check_noun([_LEAD_RE.sub("", i.strip()) for i in top_level_split(subject, _ITEM_SEP)])
        if not 2 <= len(items) <= _MAX_ITEMS or not all(_ITEM_RE.match(i) for i in items):
            continue
        if not any(CHECK_ITEM_RE.match(i) for i in items):
            continue  # ("The tokenizer, the sampler and the config passed": no list of checks)
        for item in items:
            at = text.find(item, start, m.start())
            if not any(a <= at < b for a, b in spans):
                spans.append((at, at + len(item)))
                yield gate(ctx, line, text[start : m.end()], item.strip("`"), "pass", m.group("word"))


def _suite_gate(ctx: Context, line: int, text: str, suite: re.Match[str], start: int, end: int) -> Claim:
    """A suite's verdict: a pass where all of it passed; where most did, a failure, waived where the words after
    say the rest failed for reasons not the change's."""
    name = suite.group("name").strip()
    if suite.group("all"):
        return gate(ctx, line, text[start:end], name, "pass", "passed")
    stop = text.find("\n", end)
    rest = text[end : stop if stop >= 0 else len(text)][:200]
    outcome = "waived" if _NOT_OURS_RE.search(rest) else "fail"
    return gate(ctx, line, text[start : end + len(rest)], name, outcome, f"{suite.group('most')} passed")
