"""A later run's setup: a sentence that comes after results its section already stated, and that states a result of
its own or leads the block that does, describes another run. Its settings are that run's values', never the
results above it, so the document default and a turn's own setup do not count them.

    Decode throughput on one H100 rose from 1840 tok/s to 1995 tok/s.    the section's first result
    The same with TP=8, EP=8 and MTP=3 gives 5210 tok/s.                  TP, EP and MTP: this run's alone
    On Mixtral-8x22B full MMLU (TP=4 EP=4, MTP=2) with the fix:          the list below it (its scope), not
      - 77.90%                                                            the throughput above

A run's command between a table and a table of the other kind under it (a serving table, then the command of the
eval whose scores follow) is a later run too: its load and workload (RUN_KEYS) are that eval's.

A sentence after results that states no result of its own ("Measured on one H100.") still tells of the results
above it, a turn's setup section holds over its whole turn wherever it stands (grammar.after_results), the one
machine a thread names is everyone's, and a model a later line names reaches results above it only where they
name none (default_reach's `beside`).
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ledger.memo import last_document
from ledger.parsers.grammar.after_results import is_result, section_blocks
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.table_kinds import between_kinds
from ledger.parsers.grammar.varied import states_value
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import is_command_line
from ledger.parsers.support.lists import sentences
from ledger.vocab.flags import RUN_KEYS, SERVER_COMMAND_RE

_EVERYONES = frozenset({"gpu", "model"})
"""The keys a later run's sentence does not keep to itself (see the module)."""


class LaterRuns(NamedTuple):
    own: dict[int, frozenset[str]]
    """Line -> the setup keys only its later-run sentences state."""
    behind: dict[int, frozenset[str]]
    """The same, of the lines where a result of the line stands before them: the line's earlier results are not
    theirs either ("... after 64.2. We then reran with TP=4, where MMLU reaches 79.1.")."""
    leads: list[SetupScope]
    """A later-run sentence that ends its paragraph with a colon over a list, a table or a paste: its settings over
    that block (a revision's label, "With the fix, on X (TP=8):", opens no other scope that would carry them)."""


@last_document  # (the document default and the setup scopes both ask it)
def later_runs(doc: Document) -> LaterRuns:
    """The settings later-run sentences state (see the module and LaterRuns)."""
    out = LaterRuns({}, {}, [])
    blocks = doc.blocks
    seen = False  # a result stated since the section's start
    found: list[_Found] = []  # the section's later-run sentences so far
    for k, b in section_blocks(blocks):
        if b is None:
            seen = _record(found, out)
            continue
        if b.kind == "text":
            seen = _read_lines(doc, blocks, k, seen, found)
        seen = seen or (b.kind == "table" and is_result(b)) or (b.kind == "item" and states_value(b.text[:300]))
        seen = seen and b.start > 1  # (a title's result sums up the body: what the body states is no later run)
    _record(found, out)
    for no in between_kinds(doc):  # ("few_shot_gsm8k --parallel 32" under a serving table, over its gsm8k table)
        if is_command_line(text := doc.line(no).strip()) and not SERVER_COMMAND_RE.search(text):
            out.own[no] = out.own.get(no, frozenset()) | RUN_KEYS
    return out


_Found = tuple[int, dict[str, str], bool, int | None]
"""A line's later-run settings: (line, settings, a result of the line stands before them, the end of the block its
lead-in leads or None)."""


def _record(found: list[_Found], out: LaterRuns) -> bool:
    """Record a section's later-run settings in `out` (emptying `found`), but a setting every step of a log repeats
    ("Decode 0. Batch size: 1, latency: ...", line after line): the whole run's. False: the next section's start."""
    repeated = Counter(pair for _, stated, _, _ in found for pair in stated.items())
    for no, stated, behind, led in found:
        if not (kept := {key: v for key, v in stated.items() if repeated[key, v] < 2}):
            continue
        out.own[no] = frozenset(kept)
        if behind:
            out.behind[no] = out.own[no]
        if led is not None:
            out.leads.append(SetupScope(no, led, kept))
    found.clear()
    return False


def _read_lines(doc: Document, blocks: list[Block], k: int, seen: bool, found: list[_Found]) -> bool:
    """Add to `found` the later-run settings of each line of the paragraph blocks[k]; whether a result has been
    stated by its end."""
    b = blocks[k]
    led = _led_end(blocks, k)
    for no in range(b.start, b.end + 1):
        text = doc.line(no)[:2000]
        later: list[str] = []
        earlier: list[str] = []
        line_result = behind = leads = False  # a result stated on this line; a later sentence after it; a lead
        spans = list(sentences(text))
        for i, (start, end) in enumerate(spans):
            sentence = text[start:end]
            result = states_value(sentence[:300])
            lead = led is not None and no == b.end and i == len(spans) - 1 and text.rstrip(" *_").endswith(":")
            if seen and (result or lead):
                later.append(sentence)
                behind, leads = behind or line_result, leads or lead
            else:
                earlier.append(sentence)
            seen, line_result = seen or result, line_result or result
        stated = line_setup(" ".join(later)) if later else {}
        if stated and (own := stated.keys() - line_setup(" ".join(earlier)).keys() - _EVERYONES):
            found.append((no, {key: v for key, v in stated.items() if key in own}, behind, led if leads else None))
    return seen


def _led_end(blocks: list[Block], k: int) -> int | None:
    """The last line of the list, table or paste right under blocks[k] (a blank line at most between), if any."""
    j = k + 1
    if j >= len(blocks) or blocks[j].kind not in ("item", "table", "code") or blocks[j].start - blocks[k].end > 2:
        return None
    while blocks[j].kind == "item" and j + 1 < len(blocks) and blocks[j + 1].kind == "item":
        if blocks[j + 1].start - blocks[j].end > 2:
            break
        j += 1
    return blocks[j].end
