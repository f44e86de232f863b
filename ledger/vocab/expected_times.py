"""Durations a text states as what to expect rather than as what a run measured.

"Building from source can take 10 minutes", "expect the install to take a while, about 12 minutes": how long setting
the tool up may take, an estimate for its user, no result of the work the text reports (its words are of building,
compiling, installing, and of what may happen: a modal, "expect").

"Expect this to take 10-15 minutes on 7B models", "Packing a checkpoint needs 5-8 minutes": how long the activity
takes, a result of its own, named by that activity: the section that holds it ("Quantization") where the sentence
says only "this" or "it", else the activity the sentence opens with ("packing")."""

from __future__ import annotations

import re

from ledger.vocab.ci_jobs import bot_run_time
from ledger.vocab.units import is_time_unit

_MAY = r"(?:can|may|might|could|will|would|should|usually|typically|often)"
_TAKE = r"(?:takes?|needs?|lasts?|requires?)"
_ABOUT = r"(?:(?:about|around|roughly|approximately|nearly|up[ \t]to|over|at[ \t]least)[ \t])?[~≈]?[ \t]?"
_SETUP_WORDS = r"(?:build(?:s|ing)?|compil(?:e|es|ing|ation)|install(?:s|ing|ation)?)"
# the set-up's words, then a modal's "take" right before the time (in one clause); or "expect the build to take"
_INSTALL_TIME_RE = re.compile(
    rf"(?:\b{_SETUP_WORDS}\b[^.;:\n]{{0,50}}?[ \t]{_MAY}[ \t](?:take|need|last|require)|"
    rf"\bexpect[ \t](?:the[ \t]|your[ \t]|a[ \t])?{_SETUP_WORDS}[ \t]to[ \t](?:take|need|last))[ \t]{_ABOUT}$",
    re.IGNORECASE,
)
# "Expect this to take", "plan for it to need", "this can take", "it usually takes": the activity is the section's
_PRONOUN_TIME_RE = re.compile(
    rf"(?:\b(?:expect|plan[ \t]for|allow|budget[ \t]for)[ \t](?:this|it|that)[ \t]to[ \t](?:take|need|last)|"
    rf"\b(?:this|it|that)[ \t](?:{_MAY}[ \t](?:take|need|last)|{_TAKE}))[ \t]{_ABOUT}$",
    re.IGNORECASE,
)
# "Packing a checkpoint needs", "Quantizing takes", "Converting the weights may take": the activity opens the sentence
_ACTIVITY_TIME_RE = re.compile(
    rf"(?:^|[.;:!?][ \t]|\n)[ \t*_-]{{0,4}}(?P<act>[A-Z][a-z]{{2,24}}ing)\b[^.;:\n]{{0,50}}?[ \t]"
    rf"(?:{_MAY}[ \t](?:take|need|last)|{_TAKE})[ \t]{_ABOUT}$"
)


def tool_time(text: str, start: int, unit: str | None) -> bool:
    """The time starting at `start` (in `unit`) is how long the tool's own machinery ran or may run, no result of
    the work the text reports: a bot's job, as its status line tells it (ci_jobs.bot_run_time), or setting the tool
    up, an estimate ("Building from source can take 10 minutes")."""
    return is_time_unit(unit) and (
        bot_run_time(text, start, unit) or _INSTALL_TIME_RE.search(text, max(0, start - 90), start) is not None
    )


# a heading that names an activity ("Quantization", "Packing", "Fine-tuning", "Deployment"), not a topic ("Examples")
_ACTIVITY_HEADING_RE = re.compile(r"[A-Za-z][\w -]{0,30}(?:ion|ing|ment)", re.IGNORECASE)


def expected_activity(text: str, start: int, section: tuple[str, ...]) -> str | None:
    """The name of the time starting at `start` where the words before say how long an activity takes ("quantization
    time" under a "Quantization" section, "packing time"), or None."""
    if _PRONOUN_TIME_RE.search(text, max(0, start - 60), start) is not None:
        heading = section[-1].strip(" *_`") if section else ""
        return f"{heading.lower()} time" if _ACTIVITY_HEADING_RE.fullmatch(heading) else None
    m = _ACTIVITY_TIME_RE.search(text, max(0, start - 90), start)
    return f"{m.group('act').lower()} time" if m is not None else None
