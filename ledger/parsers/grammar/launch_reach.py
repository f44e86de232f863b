"""How far a server's launch holds: the server it starts serves every client its section runs, in the sub-sections
too, up to the next launch.

    ## Test
    `vllm serve org/M -tp 4 --attention-backend X --max-num-seqs 128`   the server, with its flags
    ### Acc
    `lm_eval ... --tasks gsm8k` and its table                             a client of that server: its flags hold
    ### Perf
    `vllm bench serve ...` and its output                                 so they do here

A command's setup otherwise holds to the next heading, the sub-section's too: the scores under "### Acc" kept the
server's tp and ep only where the document's default named them, and lost its attention backend and its limit."""

from __future__ import annotations

import bisect

from ledger.memo import last_document
from ledger.parsers.grammar.setup_scopes import section_reach
from ledger.parsers.reader.document import Document
from ledger.parsers.reader.line_kinds import is_command_line
from ledger.vocab.flags import SERVER_COMMAND_RE


def launches(text: str) -> bool:
    """The line is a command that launches a server ("vllm serve org/M ...", "python -m sglang.launch_server ..."),
    not a client of one ("vllm bench serve")."""
    s = text.strip()
    return len(s) <= 4000 and SERVER_COMMAND_RE.search(s) is not None and is_command_line(s)


@last_document  # (asked once per launch: a page of many sections stays linear)
def _layout(doc: Document) -> tuple[list[int], dict[int, int], list[int]]:
    """The headings' lines, each one's last line (its sub-sections included) and the lines that launch a server."""
    reach = section_reach(doc)
    heads = sorted(reach)
    starts = [no for no in range(1, len(doc.lines) + 1) if "serve" in doc.line(no) and launches(doc.setup_line(no))]
    return heads, reach, starts


def launch_end(doc: Document, line: int, end: int) -> int:
    """The last line the server launched on `line` serves, where its scope would end at `end`: the end of the section
    over it, sub-sections included, or the line before the next launch in it (another server, its own flags);
    `end` where no heading stands over the launch, or the section ends sooner."""
    if doc.format != "markdown":
        return end
    heads, reach, starts = _layout(doc)
    i = bisect.bisect_right(heads, line) - 1
    if i < 0 or (last := reach[heads[i]]) <= end:
        return end
    k = bisect.bisect_right(starts, end)
    return min(last, starts[k] - 1) if k < len(starts) else last
