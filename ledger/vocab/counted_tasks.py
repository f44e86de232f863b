"""A task cell that prints how many items the task scored in brackets ("GSM8K (1,319)", "MMLU (n=14042)"), under a
header naming a task column ("Task", "Benchmark (samples)", "Dataset (n)"): the words are the row's task, the count
its `samples`, never a result of its own."""

from __future__ import annotations

import re

from ledger.vocab.metrics import named_benchmark

_COUNT_WORDS = r"(?:samples?|n|#|items?|questions?|problems?|prompts?|examples?)"
TASK_HEAD_RE = re.compile(
    r"^(?:tasks?|benchmarks?|datasets?|evals?|evaluations?|suites?)(?:\s?\(\s?" + _COUNT_WORDS + r"\s?\))?$",
    re.IGNORECASE,
)
"""A header naming the task column, bare or with what its cells' brackets count ("Task (samples)")."""
_COUNTED_CELL_RE = re.compile(
    r"^(?P<name>[A-Za-z][^()]{0,60}?)\s?\(\s?(?:n\s?=\s?)?(?P<n>\d{1,3}(?:,\d{3}){1,2}|\d{1,7})"
    r"(?:\s" + _COUNT_WORDS + r")?\s?\)$",
    re.IGNORECASE,
)


def counted_task(cell: str, task_head: bool) -> tuple[str, str] | None:
    """The task a cell names and the count it prints in brackets ("GSM8K (1,319)" -> ("GSM8K", "1319")), where the
    cell is a task's: under a task header (`task_head`), or naming a known benchmark; None for any other cell ("V4
    Flash (TP4)", "MTP3 (4)")."""
    m = _COUNTED_CELL_RE.match(cell.strip(" *_`"))
    if m is None:
        return None
    name = m.group("name").strip()
    if not task_head and named_benchmark(name) is None:
        return None
    return name, m.group("n").replace(",", "")


# "1319 (single-shot)", "198 × 16": an eval's count, a note or the repeats it was scored over after it
_COUNT_CELL_RE = re.compile(r"^(?P<n>\d{1,3}(?:,\d{3}){1,2}|\d{1,7})(?:\s?[×x*]\s?(?P<r>\d{1,4})(?!\S))?")


def count_cell(cell: str) -> dict[str, str]:
    """The samples (and repeats) a count row's cell gives ("198 × 16" -> samples 198, repeats 16); the cell as
    printed where it opens with no count."""
    m = _COUNT_CELL_RE.match(cell)
    if m is None:
        return {"samples": cell}
    out = {"samples": m.group("n").replace(",", "")}
    return {**out, "repeats": m.group("r")} if m.group("r") else out
