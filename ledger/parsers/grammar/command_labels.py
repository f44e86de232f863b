"""A command shown after the results it ran, under a label ("Command", "To reproduce:", "Commands used"):

    Accuracy: 0.812
    Latency: 41.20 s

    Command
    ```
    python3 bench/gsm8k/run_eval.py --num-shots 5 --num-questions 400
    ```

The command's setup holds for those results too: its scope starts at the results' lead-in, not at the command."""

from __future__ import annotations

import re

from ledger.parsers.grammar.revision_labels import RESULT_LINE_RE
from ledger.parsers.reader.blocks import Block

# "Command", "Commands used:", "To reproduce:", "Reproduce with": a label that says the block below ran the results
# already shown
_COMMAND_LABEL_RE = re.compile(
    r"^\W{0,4}(?:the\s+)?(?:(?:benchmark|eval(?:uation)?|test|launch|server|client)\s+)?"
    r"(?:commands?|cmds?|scripts?|(?:to\s+|how\s+to\s+)?reproduce(?:\s+with)?|repro|(?:ran|run)\s+with)"
    r"(?:\s+used)?\W{0,4}$",
    re.IGNORECASE,
)


def command_label(blocks: list[Block], k: int) -> bool:
    """Block k (a code block, maybe after others: a rendered copy's command lines are blocks each) sits under a
    command label and after results of its section: it states their setup."""
    while k > 2 and blocks[k - 1].kind == "code" and not blocks[k - 1].in_code:
        k -= 1
    if k < 2 or blocks[k - 1].kind != "text" or not _COMMAND_LABEL_RE.match(blocks[k - 1].text[:60]):
        return False
    before = blocks[k - 2]
    return before.kind in ("text", "item", "table", "code") and any(ch.isdigit() for ch in before.text[:400])


def results_start(blocks: list[Block], k: int, floor: int) -> int:
    """The first line of the results right above the command label over block k: the run of result lines, pastes
    and tables back to their lead-in ("Accuracy before and after:"), never above `floor` (the section's start; in a
    rendered copy, whose headings are plain lines, the turn's)."""
    while k > 2 and blocks[k - 1].kind == "code" and not blocks[k - 1].in_code:
        k -= 1  # (the label over a run of code blocks: the results above the first)
    start = blocks[k - 1].start
    for b in reversed(blocks[: k - 1]):
        if b.start < floor or b.kind in ("heading", "comment"):
            break
        if b.kind in ("code", "table") or (b.kind == "text" and b.in_code) or RESULT_LINE_RE.match(b.text[:200]):
            start = b.start
            continue
        if b.kind in ("text", "item") and b.text.rstrip().endswith(":"):
            start = b.start  # the lead-in of the results: theirs
        break
    return max(start, floor)
