"""CI bot completions: each finished run is a gate with its outcome, on the commit it ran.

    PR_Github #79774 [ run ] completed with state SUCCESS. Commit: 257d5f0
    [PR_Github #470](https://...) [ run ] completed with state `SUCCESS`
    /LLM/main/L0_MergeRequest_PR pipeline #65674 completed with status: 'FAILURE'
    ROCm GenAI CI finished with result: UNSTABLE.
    Skipping testing for commit 678803d4a336790111cb9fae2dad5a0810fa62e7      (a run the bot skipped)

A pipeline line without its own commit belongs to the run announced on the line above it. A run the bot says it
started after its last finished one, with no result below ("PR_Github #493 [ run ] triggered by Bot"), leaves the
last finished run a note (PENDING_RUN_NOTE): it is no longer the newest state of the pull request.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.reader.document import Block
from ledger.vocab.outcomes import CI_LABEL, CI_SOURCE, PENDING_RUN_NOTE, ci_state_outcome

NAME = "ci_bot"
VERSION = "1"
BLOCKS = frozenset({"text", "item"})
LINE_MARKS = ("Skipping", "skipping", "completed with", "finished with")  # the bots' messages
NEEDS_DIGIT = False  # ("ROCm GenAI CI finished with result: UNSTABLE." names no run number)

_DONE_RE = re.compile(
    r"^(?P<name>.{1,120}?)\s+(?:completed|finished) with (?:state|status|result):?\s*"
    r"['\"`]?(?P<state>[A-Z_]{3,20})['\"`]?"
    r"(?:\.?\s*Commit:\s*(?P<sha>[0-9a-f]{7,40}))?",
)


# "Skipping testing for commit <sha>": the bot's notice that it did not test a push
_SKIPPED_RE = re.compile(
    r"^\W{0,4}Skipping (?P<what>testing|tests|CI|the pipeline) for commit (?P<sha>[0-9a-f]{7,40})\b", re.IGNORECASE
)


_LINK_RE = re.compile(r"\[([^\[\]\n]{1,200})\]\([^()\s]{1,400}\)")
_RUN_MARK_RE = re.compile(r"\s*\[ ?run ?\]")


# "PR_Github #493 [ run ] triggered by Bot", "... [ reuse-pipeline ] triggered": a run started, its result to come
_TRIGGERED_RE = re.compile(r"^(?P<name>.{1,120}?)\s+\[ ?[\w-]{1,20} ?\]\s{1,3}triggered\b")


def _run_key(name: str) -> str:
    """The run a bot line names, told apart from its other runs: "PR_Github #493" of "PR_Github #493 run"."""
    return name.removesuffix(" run").strip().lower()


def _pending(ctx: Context) -> tuple[int, str] | None:
    """(line of the last finished run, the newer run triggered after it) when the text's last bot line starts a
    run whose result never follows; None otherwise. Read once per document, in one pass over its lines."""
    if NAME in ctx.memo:
        return ctx.memo[NAME]
    done: set[str] = set()
    last_done, started = 0, None
    for no, text in enumerate(ctx.doc.lines, start=1):
        if "triggered" in text and (t := _TRIGGERED_RE.match(_LINK_RE.sub(r"\1", text).replace("`", "").strip())):
            started = (no, t.group("name").strip())
        elif ("completed with" in text or "finished with" in text) and (m := _DONE_RE.search(_plain(text).strip())):
            done.add(_run_key(m.group("name")))
            last_done = no
    out = None
    if started is not None and last_done and started[0] > last_done and _run_key(started[1]) not in done:
        out = (last_done, f"{started[1]} (line {started[0]})")
    ctx.memo[NAME] = out
    return out


def _plain(text: str) -> str:
    """The line as it reads: links as their text, the bot's "[ run ]" mark as "run", backticks dropped."""
    return _RUN_MARK_RE.sub(" run", _LINK_RE.sub(r"\1", text)).replace("`", "")


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    text = ctx.doc.line(block.start)
    if "Skipping" in text or "skipping" in text:
        sm = _SKIPPED_RE.match(text.strip())
        if sm:
            sha = sm.group("sha").lower()
            yield ctx.claim(
                "gate",
                block.start,
                text.strip(),
                metric=f"{sm.group('what')} for commit {sha[:10]}",
                outcome="skipped",
                outcome_text="skipping testing",
                revision=Revision(label=CI_LABEL.upper(), head=sha, base=None),
                config={"source": CI_SOURCE, "commit": sha},
            )
            return
    if "completed with" not in text and "finished with" not in text:
        return  # _DONE_RE needs these words (and the lazy name before them is the costly part)
    # "[PR_Github #247](https://...) [ run ]": the link's text names the run, its address does not
    m = _DONE_RE.search(_plain(text).strip())
    if not m:
        return
    outcome = ci_state_outcome(m.group("state"))
    if outcome is None:
        return
    sha = m.group("sha")
    if sha is None:
        prev = ctx.doc.line(block.start - 1)
        pm = _DONE_RE.search(_plain(prev).strip()) if "completed with" in prev or "finished with" in prev else None
        sha = pm.group("sha") if pm else None
    rev = Revision(label=CI_LABEL.upper(), head=sha.lower(), base=None) if sha else None
    name = m.group("name").strip()

    ctx.taken.add(block.start)
    pending = _pending(ctx)
    yield ctx.claim(
        "gate",
        block.start,
        text.strip(),
        metric=name,
        outcome=outcome,
        outcome_text=m.group("state"),
        revision=rev,
        note=f"{PENDING_RUN_NOTE}: {pending[1]}" if pending and pending[0] == block.start else None,
        config={"source": CI_SOURCE, "commit": sha} if sha else {"source": CI_SOURCE},
    )
