"""A command shown after the results it ran, under a label ("Command", "To reproduce:", "Commands used"):

    Accuracy: 0.812
    Latency: 41.20 s

    Command
    ```
    python3 bench/gsm8k/run_eval.py --num-shots 5 --num-questions 400
    ```

The command's setup holds for those results too: its scope starts at the results' lead-in, not at the command."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence

from ledger.parsers.grammar.revision_labels import RESULT_LINE_RE
from ledger.parsers.grammar.section_results import measures
from ledger.parsers.grammar.table_captions import captioned_table, small_print
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import is_command_line
from ledger.vocab.flags import SERVER_COMMAND_RE

# "Command", "Commands used:", "To reproduce:", "Reproduce with": a label that says the block below ran the results
# already shown
_COMMAND_LABEL_RE = re.compile(
    r"^\W{0,4}(?:the\s+)?(?:(?:benchmark|eval(?:uation)?|test|launch|server|client)\s+)?"
    r"(?:commands?|cmds?|scripts?|(?:to\s+|how\s+to\s+)?reproduce(?:\s+with)?|repro|(?:ran|run)\s+with)"
    r"(?:\s+used)?\W{0,4}$",
    re.IGNORECASE,
)


# "The results are obtained from vLLM's throughput script, which can be reproduced by:": a sentence ending in the same
_REPRODUCED_BY_RE = re.compile(
    r"\b(?:reproduced?|obtained|measured|generated|produced|collected)\s(?:by|with|using|via)"
    r"(?:\sthe\sfollowing(?:\scommands?)?)?\W{0,4}$",
    re.IGNORECASE,
)


def _labels_command(text: str) -> bool:
    return bool(_COMMAND_LABEL_RE.match(text[:60])) or (
        text.rstrip().endswith(":") and _REPRODUCED_BY_RE.search(text[-80:]) is not None
    )


# "All tests done on stock RTX 4090, ...", "The results below were measured on one H100", "All experiments were run
# on a single A10G": where every run of its section was made, said before or after its tables
_SECTION_RUNS_ON_RE = re.compile(
    r"^\W{0,3}(?:all\s)?(?:(?:the|our|my|these)\s)?"
    r"(?:tests?|benchmarks?|results?|runs?|numbers?|measurements?|experiments?|evaluations?)\s"
    r"(?:(?:above|below|here|shown)\s)?(?:(?:were|are|was|have\sbeen)\s)?(?:all\s)?"
    r"(?:done|run|ran|measured|performed|taken|obtained|collected|executed|conducted|benchmarked)\s(?:on|with|using)\b",
    re.IGNORECASE,
)


def states_section_runs(text: str) -> bool:
    """The sentence says where every run of its section was made ("All tests done on stock RTX 4090"): its board
    holds over the page's section it stands in (section_runs_reach), the tables above it and its sibling
    sub-sections' too; a table's own rows, lead-in or heading still win."""
    return _SECTION_RUNS_ON_RE.match(text[:120]) is not None


def section_runs_reach(shown: Sequence[int], heads: list[Block], line: int, last: int) -> tuple[int, int]:
    """The lines a sentence on line `line` saying where every run was made holds over (`shown`: the sorted first
    lines of the page's tables and blocks; `heads`: its headings and comments): the page's section it stands in, or,
    when that section shows no run of its own ("## Requirements" listing versions, then "All experiments were run on
    a single A10G."), the whole turn: the sentence speaks of the page's runs, whatever section their tables are in."""
    start, end = _page_section(heads, line, last)
    if bisect.bisect_right(shown, end) > bisect.bisect_left(shown, start):
        return start, end
    before = [h.start for h in heads if h.kind == "comment" and h.start < line]
    after = [h.start for h in heads if h.kind == "comment" and h.start > line]
    return (before[-1] + 1 if before else 1), (after[0] - 1 if after else last)


def _page_section(heads: list[Block], line: int, last: int) -> tuple[int, int]:
    """The lines of the page's section (under a heading of level 1 or 2, its sub-sections included; within one turn)
    that holds `line`: "All tests done on stock RTX 4090" after one sub-section's table speaks of every test of the
    "## Results" it stands in, the tables above it and its sibling sub-sections' too (their own boards win)."""
    start, level = 1, 0
    for h in heads:
        if h.start < line:
            if h.kind == "comment" or h.level <= 2:
                start, level = h.start + 1, (0 if h.kind == "comment" else h.level)
        elif h.kind == "comment" or h.level <= max(level, 2):
            return start, h.start - 1
    return start, last


def table_command_lines(doc: Document) -> frozenset[int]:
    """The lines of the commands shown under a command label right after a table ("... can be reproduced by:"):
    how that table was made, its setup that table's, never the whole document's (a command under a turn's checks
    may launch the server every run of the turn used)."""
    blocks = doc.blocks
    out: set[int] = set()
    for k, b in enumerate(blocks):
        if (
            (b.kind == "code" or (b.kind == "text" and is_command_line(b.text)))
            and command_label(blocks, k)
            and blocks[k - 2].kind == "table"
            and not SERVER_COMMAND_RE.search(_first_command(doc, b))
        ):
            out.update(range(b.start, b.end + 1))
        elif captioned_table(blocks, k) is not None and not small_print(b.text):
            out.update(range(b.start, b.end + 1))  # (and a caption's words are its table's too)
    return frozenset(out)


# a line before a block's command that runs nothing: a fence, a comment, a variable's assignment ("export MODEL=x")
_PREAMBLE_RE = re.compile(r"^\s{0,8}(?:```|~~~|#|(?:export\s{1,4})?[A-Za-z_]\w{0,60}=|$)")


def _first_command(doc: Document, b: Block) -> str:
    """The first line of block b that runs something and the line after it (a launch may wrap onto it), past the
    fence, comments and the variables set for it: what the block runs."""
    for no in range(b.start, min(b.end, b.start + 40) + 1):
        if not _PREAMBLE_RE.match(doc.line(no)):
            return doc.line(no) + " " + doc.line(no + 1)
    return ""


def command_label(blocks: list[Block], k: int) -> bool:
    """Block k (a code block, maybe after others: a rendered copy's command lines are blocks each) sits under a
    command label and after results of its section: it states their setup."""
    while k > 2 and blocks[k - 1].kind == "code" and not blocks[k - 1].in_code:
        k -= 1
    if k < 2 or blocks[k - 1].kind != "text" or not _labels_command(blocks[k - 1].text):
        return False
    before = blocks[k - 2]
    # (a table's block keeps no text: its rows are its results)
    return before.kind == "table" or (
        before.kind in ("text", "item", "code") and any(ch.isdigit() for ch in before.text[:400])
    )


def results_start(blocks: list[Block], k: int, section_start: Callable[[int], int]) -> int:
    """The first line of the results right above the command label over block k: the run of result lines, pastes
    and tables back to their lead-in ("Accuracy before and after:"), never above the start of the section that holds
    the label (`section_start` of a line; in a rendered copy, whose headings are plain lines, the turn's). A bold
    label ("**Server command**") heads no section of its own: the results above it are in the section it closes."""
    while k > 2 and blocks[k - 1].kind == "code" and not blocks[k - 1].in_code:
        k -= 1  # (the label over a run of code blocks: the results above the first)
    start = blocks[k - 1].start
    floor = section_start(start)
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


def headline_start(doc: Document, blocks: list[Block], k: int) -> int | None:
    """The line of a headline result right over code block k that runs a command, no blank line between ("TP4 run:
    **1000 tok/s -> 1100 tok/s**" over its `vllm serve ...` / `bench.py ...`): the block is that result's own
    command, so its setup holds from the headline on, not from the block. Told from a command stated after results
    of another run (a later paragraph, a question over it: grammar.asked_pastes) by the touch: the result and its
    command are one paragraph, where a blank line and a lead-in of its own part another block from what is above."""
    if k < 1 or blocks[k - 1].kind not in ("text", "item") or blocks[k - 1].in_code:
        return None
    head, block = blocks[k - 1], blocks[k]
    if head.end != block.start - 1 or doc.line(head.end).strip().endswith(":"):
        return None  # (a lead-in's "Launch with:" over the block heads the block, no result of its own)
    commands = any(
        is_command_line(doc.line(no).strip()) for no in range(block.start + 1, min(block.end, block.start + 8))
    )
    return head.start if commands and measures(doc.line(head.end)) else None


def command_back(doc: Document, blocks: list[Block], k: int, section_start: Callable[[int], int]) -> int | None:
    """Where the setup of code block k's commands starts when it is above the block: at the results a command label
    closes ("Command" under them: results_start), or at the headline right over the block (headline_start); None
    where the block's commands hold from the block on."""
    if command_label(blocks, k):
        return results_start(blocks, k, section_start)
    return headline_start(doc, blocks, k)
