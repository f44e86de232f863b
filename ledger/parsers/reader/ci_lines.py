"""The CI machinery a document's lines name, blanked for the setup readers: a bot command ("/bot run --stage-list
"A10-TensorRT-2""), a CI job's name in a sentence ("the DGX_B200-4_GPUs-PyTorch-Post-Merge-1 job timed out") and a
link's pinned file ("/blob/<sha>/tests/l0_h100.yml#L40") name CI machines and files, so their devices and numbers set
up no result, in their own post or any other (vocab.ci_jobs); nor do a quoted phrase, a clause telling of a run that
failed elsewhere or of an earlier run set apart (vocab.other_runs). A failed run's model stays that run's where its
turn names it again in prose ("Root cause: Qwen3.5 reuses the buffer")."""

from __future__ import annotations

import bisect
from collections.abc import Callable

from ledger.vocab.ci_jobs import ci_spans
from ledger.vocab.models import model_names
from ledger.vocab.other_runs import told_spans


def ci_blanked(
    count: int, line: Callable[[int], str], turns: list[int] | None = None, prose: set[int] | None = None
) -> dict[int, str]:
    """Line number (from 1) -> the line (`line`: as the setup readers read it so far) with its CI machinery
    blanked, for the `count` lines that name some. `turns`: the first line of each comment of a thread; `prose`:
    the lines of paragraphs and list items, where a failed run's model named again is blanked too."""
    out: dict[int, str] = {}
    starts = [1, *(turns or ())]
    told: dict[int, dict[str, int]] = {}  # turn -> each model a failed run elsewhere ran -> the line naming it first
    for no in range(1, count + 1):
        text = line(no)
        if len(text) > 4000:
            continue
        told_here = told_spans(text)
        spans = [(a, b) for a, b, _ in told_here]
        for m in (m for a, b, failed in told_here if failed for m in model_names(text[a:b])):
            named = told.setdefault(bisect.bisect_right(starts, no) - 1, {})
            if len(named) < 8:  # (a few per turn: a text naming thousands stays linear)
                named.setdefault(m, no)
        spans += ci_spans(text)
        if spans:
            out[no] = _blank(text, spans)
    for no in sorted(prose or ()) if told else ():
        for model, first in told.get(bisect.bisect_right(starts, no) - 1, {}).items():
            text = out.get(no, line(no))
            if no > first and len(text) <= 4000 and (at := text.find(model)) >= 0:
                out[no] = _blank(text, [(at, at + len(model))])
    return out


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for a, b in spans:
        chars[a:b] = " " * (b - a)
    return "".join(chars)
