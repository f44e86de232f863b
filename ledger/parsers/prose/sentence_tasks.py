"""The benchmark a sentence says the next run was on, for the results after it that name none:

    Next I ran the passkey retrieval task at 32k context.     <- a sentence naming one benchmark, over results
    ```
    Output token throughput (tok/s): 1840.2                   <- the passkey run's throughput (its dataset)
    ```
    The server was restarted once more, as a table this time. <- names none: the same run goes on
    | metric | main | PR |                                    <- passkey's too
    For MMLU (5-shot) the scores are:                         <- another benchmark: mmlu's from here on

A run's task is a hard key of compare (issue 26): the gsm8k run's throughput is no passkey run's, though their
lines read alike. A heading or a "Label:" lead-in states the task where it stands (heading_tasks, lead_tasks, the
table reader's lead-in); a sentence holds from the block it leads to the next heading, bold label alone on its line,
turn or paragraph naming another benchmark. Only a sentence that leads a block of results says what ran: one naming a
benchmark in passing after the results ("gsm8k is next on my list"), one stating a result of its own, pointing back
at results above or asking sets nothing. A result whose own line, name, row or column names a benchmark keeps what it
says.

Scores and acceptance lengths take it over the whole reach ("With the fix:" over more MMLU scores); a speed only in
the blocks the sentence leads, or after a paragraph saying the run goes on ("... the same long-context run"): a
paragraph that introduces a speed of its own ("Decode speed on one H20:" after the GSM8K table) most often reports
a serving benchmark, not the eval's run.
"""

from __future__ import annotations

import bisect
import re

from ledger.model import Claim
from ledger.parsers.grammar.heading_setup import whole_bold
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.metrics import OWN_MEASURE_RE, is_benchmark_name, named_benchmark

# what keeps a sentence naming a benchmark from saying the next run's task: a result of its own ("gsm8k 0.912"), a
# pointer back at results already shown ("the gsm8k numbers above"), a question. A decimal glued to the word before
# it, or joined to it by a hyphen, is a name's version ("Qwen3.5-27B", "Llama-3.1-8B", "DeepSeek-V3.2"), no result
_NOT_A_LEAD_RE = re.compile(
    r"(?<![\w.])(?<!\w-)\d{1,12}\.\d|\d\s?%|\b(?:above|earlier|previous(?:ly)?)\b|\?\s*$", re.IGNORECASE
)
# a paragraph saying the run it follows goes on ("... before the same long-context run", "Once more, ...")
_SAME_RUN_RE = re.compile(
    r"\bsame\s(?:[\w-]{1,20}\s){0,2}?(?:run|eval\w{0,8}|task|benchmark|workload)s?\b"
    r"|\b(?:again|once more|re-?r[au]n)\b",
    re.IGNORECASE,
)
_KINDS = ("accuracy", "acceptance", "perf")
_OWN_NAMES = ("row", "column", "context", "variant", "case")
"""A claim's own names: one naming a benchmark says whose the claim is."""


def _leads(blocks: list[Block], k: int) -> bool:
    """Block k stands right over a paste, a table or a list (a blank line at most between), or over a run's label
    that does ("gsm8k 200 examples 5shot" over "before (radix cache):" over its paste: the label says which arm)."""
    nxt = blocks[k + 1] if k + 1 < len(blocks) else None
    if nxt is not None and nxt.start - blocks[k].end <= 2 and _run_label(nxt):
        return _leads(blocks, k + 1)
    return nxt is not None and nxt.kind in ("code", "table", "item") and nxt.start - blocks[k].end <= 2


def _run_label(b: Block) -> bool:
    """A one-line label over a run ("before (radix cache):", "PR branch:"): it names an arm, not a benchmark."""
    return b.kind == "text" and not b.in_code and b.start == b.end and len(b.text) <= 80 and b.text.endswith(":")


def _bold_label(b: Block) -> bool:
    """A bold line alone ("**MLPerf**" over its lists): a section's label, as a heading is; what an earlier label
    named does not reach past it."""
    return b.kind == "text" and b.start == b.end and whole_bold(b.text)


def _statements(doc: Document) -> list[tuple[int, int, str, bool]]:
    """(first line, last line, benchmark, whether a speed takes it) of the results each task sentence holds over, in
    order, cut where a paragraph naming none stands in the reach. One pass."""
    out: list[tuple[int, int, str, bool]] = []
    task: str | None = None
    start, speeds = 0, True

    def close(end: int) -> None:
        if task is not None and end >= start:
            out.append((start, end, task, speeds))

    blocks = doc.blocks
    for k, b in enumerate(blocks):
        if b.in_code:
            continue
        if b.kind in ("heading", "comment") or (_bold_label(b) and not is_benchmark_name(b.text)):
            close(b.start - 1)  # (a bold label of another suite, "**Latency suite**", heads a section as a heading)
            task = None
        elif b.kind == "text" and is_benchmark_name(text := b.text[-400:]):
            named = named_benchmark(text)
            if named is not None and _leads(blocks, k) and not _NOT_A_LEAD_RE.search(text):
                close(b.start - 1)
                task, start, speeds = named, b.end + 1, True
            elif named != task:  # (another benchmark, or two: this run's task ends here)
                close(b.start - 1)
                task = None
        elif b.kind == "text" and task is not None:
            close(b.start - 1)  # (a paragraph naming no benchmark: the scores go on, a speed only in the same run)
            start, speeds = b.start, speeds and _SAME_RUN_RE.search(b.text[:400]) is not None
    close(len(doc.lines))
    return out


def _names_benchmark(c: Claim, doc: Document) -> bool:
    """The claim says whose it is: its line, its name or its row or column names a benchmark, or it measures its own
    text (a perplexity)."""
    names = " ".join([c.metric or "", *(c.config.get(k, "") for k in _OWN_NAMES)])
    return (
        is_benchmark_name(names)
        or OWN_MEASURE_RE.search(names) is not None
        or is_benchmark_name(doc.line(c.source.line))
    )


def sentence_tasks(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each score, acceptance or speed that names no benchmark given the one the sentence leading its run
    names: as its task (a score) or its dataset (what a speed or an acceptance length was measured on), as the table
    reader gives a lead-in's benchmark."""
    pending = [c for c in claims if c.kind in _KINDS and not ({"task", "dataset"} & c.config.keys())]
    if not pending:
        return claims
    spans = _statements(doc)
    if not spans:
        return claims
    starts = [a for a, _, _, _ in spans]
    for c in pending:
        i = bisect.bisect_right(starts, c.source.line) - 1
        if i < 0 or c.source.line > spans[i][1] or (c.kind == "perf" and not spans[i][3]) or _names_benchmark(c, doc):
            continue
        c.config["task" if c.kind == "accuracy" else "dataset"] = spans[i][2]
    return claims
