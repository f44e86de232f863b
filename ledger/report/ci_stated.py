"""The CI state of a thread that has no bot result and no head: what the text does say, rather than "no CI run".

    /ci run  +  buildkite.com/.../builds/86773           pending: a run triggered, its result not in the thread
    All NV CI tests passed; most AMD CI tests passed      the CI verdicts the author states in prose, worst first

Apart from findings.py, which answers from the bot's runs on the newest head; this reads the comments' words, and
which head the text last says the PR is at (newest_stated_head)."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.compare.revisions import RevisionRef, same_sha
from ledger.model import Claim
from ledger.vocab.ci_triggers import CI_WORD_RE, TRIGGER_RE, build_number
from ledger.vocab.sides import side_of

_ORDER = ("fail", "waived", "not_run", "skipped", "not_verified", "pass")


def triggered_run(lines: Sequence[str]) -> tuple[str, int]:
    """(words, line) of the last CI run a trigger command started, where no bot result follows: the build it
    links to after the command, or the command alone; ("", 0) where no command started one."""
    trigger = next((i for i in range(len(lines) - 1, -1, -1) if TRIGGER_RE.match(lines[i])), None)
    if trigger is None:
        return "", 0
    build = next((b for line in lines[trigger + 1 :] if (b := build_number(line)) is not None), None)
    command = lines[trigger].strip(" \t>`")
    said = f"CI triggered ({command}, build {build}); its result is not in the thread" if build else None
    return said or f"CI triggered ({command}); its result is not in the thread", trigger + 1


def prose_ci(claims: Sequence[Claim]) -> tuple[str, str, Claim] | None:
    """(verdict, words, the line to cite) of the CI verdicts the text states in prose, the worst outcome first."""
    gates = [c for c in claims if c.kind == "gate" and c.outcome and CI_WORD_RE.search(c.metric or "")]
    if not gates:
        return None
    gates.sort(key=lambda c: _ORDER.index(c.outcome) if c.outcome in _ORDER else 0)
    said = "; ".join(f"{c.metric}: {c.outcome}" for c in gates)
    return gates[0].outcome or "unknown", f"CI stated in the text (no bot result): {said}", gates[0]


def newest_stated_head(stated: Sequence[str], revisions: Sequence[RevisionRef]) -> str | None:
    """The head the text last says the PR is at: its last stated head ("the tested PR head is `1111aaa`"), unless a
    revision after the one measured on that head, in the thread's order, measured a head of the PR's own side
    ("Re-measured the PR's head `2222bbb`" two days later): the order of the turns says which head is the newest,
    not which sentence used the words of a stated head."""
    if not stated:
        return None
    at = next((i for i, r in enumerate(revisions) if r.head and same_sha(r.head, stated[-1])), None)
    later = (
        [r.head for r in revisions[at + 1 :] if r.head and side_of(r.label or "") == "head"] if at is not None else []
    )
    return later[-1] if later else stated[-1]
