"""A CI bot's runs as a reviewer counts them: a helper job and the pipeline it starts are one run, a run stopped
before its result is neither a pass nor a failure, and a run started after the last finished one is the newest
state (pending) though the text holds no result of it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ledger.model import Claim
from ledger.vocab.outcomes import PENDING_RUN_NOTE

PIPELINE_RE = re.compile(r"\b(?:pipeline|workflow)\b", re.IGNORECASE)
"""A bot line naming the pipeline a run started (TensorRT-LLM's "L0_MergeRequest_PR pipeline #380")."""
_STOPPED = ("not_run", "skipped")


@dataclass
class Run:
    """One run: the bot's lines of it (a helper job, then its pipeline on the next line)."""

    lines: list[Claim]

    @property
    def name(self) -> str:
        return " / ".join(c.metric or "?" for c in self.lines)

    @property
    def outcome(self) -> str:
        """A failing part fails the run (the helper passed, its pipeline failed); else the last part's outcome."""
        outcomes = [c.outcome for c in self.lines]
        return "fail" if "fail" in outcomes else self.lines[-1].outcome or "unknown"


def runs_of(ci: Sequence[Claim]) -> list[Run]:
    """The runs of a thread's bot lines, in order: a pipeline line right below a run's line is that run's."""
    runs: list[Run] = []
    for c in ci:
        prev = runs[-1].lines[-1] if runs else None
        if (
            prev is not None
            and len(runs[-1].lines) == 1
            and PIPELINE_RE.search(c.metric or "")
            and not PIPELINE_RE.search(prev.metric or "")
            and c.source.line == prev.source.line + 1
        ):
            runs[-1].lines.append(c)
        else:
            runs.append(Run([c]))
    return runs


def pending_run(run: Run) -> str | None:
    """The newer run the bot started after this one, as its note names it, else None."""
    for c in run.lines:
        if c.note and c.note.startswith(PENDING_RUN_NOTE):
            return c.note[len(PENDING_RUN_NOTE) :].lstrip(": ")
    return None


def latest_state(ci: Sequence[Claim]) -> tuple[str, str, Claim]:
    """(verdict, words, the line to cite) of the newest run of bot lines that name no commit."""
    runs = runs_of(ci)
    last, earlier = runs[-1], runs[:-1]
    cite = last.lines[-1]
    fails = sum(1 for r in earlier if r.outcome == "fail")
    stopped = sum(1 for r in earlier if r.outcome in _STOPPED)
    tail = f"; {fails} of {len(earlier)} earlier runs failed" if earlier else ""
    if stopped:
        tail += f", {stopped} stopped before a result"
    newer = pending_run(last)
    if newer is not None:
        # the last result stands behind a run started after it: the PR's state is that run's, not known yet
        before = f"{last.name}: {last.outcome}"
        return "pending", f"the latest CI run {newer} has no result yet; before it {before}{tail}", cite
    return last.outcome, f"the latest CI result (no commit stated): {last.name}{tail}", cite
