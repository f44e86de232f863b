"""How far each value of the document default reaches: a setup stated in a turn of a thread holds from that turn's
start on, never for the results of the turns before it; and a later turn that reruns on a setup of its own does not
inherit what earlier turns stated of theirs. (Within a turn, a section's setup stays its own where the section has
results of its own: grammar.section_results.)

    **alice** · comment                           TP=2, PP=1, fp8 KV cache: the first comment's runs
    | 1 | 57.50% |                                  (no model: the one named two comments below is another run's)
    **alice** · comment
    Setup:                                          a rerun's own setup section, TP=4 against the TP=2 above:
    - Model: org/Model-30B                          its results are not under PP=1 or the fp8 cache of the first
    - TP=4

A value the title or the description's opening lines state reaches every result (its turn starts on line 1).
"""

from __future__ import annotations

import bisect
import re
from itertools import pairwise

from ledger.memo import last_document
from ledger.parsers.grammar.command_runs import Reach, from_the_first_run, reproduces_eval
from ledger.parsers.grammar.setup_scopes import is_draft_model, norm, turn_bounds
from ledger.parsers.grammar.setup_sections import release_sections, setup_sections
from ledger.parsers.grammar.varied import states_result
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_facts import line_facts
from ledger.vocab.canonical import DTYPE_KEYS, canonical_dtype
from ledger.vocab.flags import EVAL_CLIENT_KEY, runs_eval
from ledger.vocab.metrics import names_a_metric, names_a_rate
from ledger.vocab.models import model_names
from ledger.vocab.requirements import GATES, requires_or_advises
from ledger.vocab.setup_keys import COUNTED_DEVICE_KEYS
from ledger.vocab.sides import side_alone

Statement = tuple[int, str, str, bool]
"""(line, key, value, counted): a setup value a line states; counted when the document default counts it (a
lead-in's is its block's own)."""


def release_lines(doc: Document) -> frozenset[int]:
    """The lines of a page's release sections (setup_sections.release_sections): what they state reaches their own
    release's results, never the page's default, nor shows that a key of the page's varies ("### V0.2 / ####
    Settings / - GPU: 4090D" beside "### V0.2.1 / - GPU: 4090", under a page's "GPU: 4090D" for its summary)."""
    return frozenset(no for a, z in release_sections(doc) for no in range(a, z + 1))


Beside = tuple[int, tuple[str, ...], int]
"""(line, models, head): a line that states a key of the default, the models it names, and the line of the heading
or turn line over it (0: none)."""


def default_reach(
    doc: Document,
    default: dict[str, str],
    said: list[Statement],
    owners: set[int] | None = None,
    measuring: set[int] | None = None,
) -> dict[str, Reach]:
    """Each key of `default` whose reach is narrower than the document -> the runs of lines it holds over, and its
    value on each: a longer spelling a later turn states ("deepseek-ai/DeepSeek-V4-Flash" under a rerun's setup)
    is not the model an earlier comment's "DeepSeek V4" runs served, which keep that comment's own. `owners`: the
    turns of the thread's owner (see _owners_only); `measuring`: the lines of the sections with results of their own
    (see opened_at_heading)."""
    turns = turn_bounds(doc)
    starts = [a for a, _ in turns]
    reruns = _rerun_turns(doc, turns, said)
    last = len(doc.lines)
    counted: dict[str, list[tuple[int, str]]] = {}  # each key's statements the default counts, in line order
    for no, key, value, counts in said:
        if counts:
            counted.setdefault(key, []).append((no, value))
    out: dict[str, Reach] = {}
    for key in default.keys() & counted.keys():  # (a model the title's family names, a draft's: no line states them)
        lines = counted[key]
        first, final = lines[0][0], lines[-1][0]
        # (the title's turn and the one after it, the description or the first comment, are one: the title's)
        start = starts[bisect.bisect_right(starts, first) - 1] if bisect.bisect_right(starts, first) > 2 else 1
        k = bisect.bisect_right(reruns, final)
        end = reruns[k] - 1 if k < len(reruns) else last
        mine = spelled(key, default[key])
        own = next((no for no, v in lines if spelled(key, v) == mine), first)  # (a canonical value: the first)
        if (turn := bisect.bisect_right(starts, own)) > bisect.bisect_right(starts, first) and starts[turn - 1] <= end:
            # the default's spelling first stated in a later turn: the turns before keep the spellings they state,
            # each from its line on (a title's module, "perf(qwen4_exp)", up to the description's served checkpoint)
            out[key] = [*_nearest_runs(lines, start, starts[turn - 1] - 1), (starts[turn - 1], end, default[key])]
        elif start > 1 or end < last:
            out[key] = [(start, end, default[key])]
    _owners_only(doc, turns, owners or set(), default, said, out)
    opened_at_heading(doc, default, said, measuring or set(), out)
    from_the_first_run(doc, default, said, out)
    from_the_table_lead(doc, default, said, out)
    return out


def from_the_table_lead(doc: Document, default: dict[str, str], said: list[Statement], reach: dict[str, Reach]) -> None:
    """A key only lines standing alone right over a table state ("Draft TP=1" between a paragraph and its table)
    holds from the first such line on: the table it heads and what follows, not the prose above it, which told of
    its runs before the line said how the table's were set up (vllm#12755: an acceptance rate in the paragraph above
    gained the drafter's TP=1 the table's line states). A machine stays the post's ("Decode speed on one H20" over
    the second table: the box the first ran on too, as COUNTED_DEVICE_KEYS says). `reach` is narrowed in place."""
    leads = _table_leads(doc)
    if not leads:
        return
    for key in default.keys() - COUNTED_DEVICE_KEYS:
        own = [no for no, k, _, counted in said if k == key and counted]
        if not own or not all(no in leads for no in own):
            continue
        held = reach.get(key) or [(1, len(doc.lines), default[key])]
        reach[key] = [(max(a, own[0]), z, v) for a, z, v in held if z >= own[0]]


def _table_leads(doc: Document) -> frozenset[int]:
    """The lines that stand alone, a short plain line between blank lines, right over a table (its caption or
    setting: "Draft TP=1", "Results on 8x H100"); not a heading, an item or a line of a paste."""
    blocks = [b for b in doc.blocks if not b.in_code]
    return frozenset(
        b.start
        for b, nxt in pairwise(blocks)
        if b.kind == "text"
        and b.start == b.end
        and nxt.kind == "table"
        and nxt.start - b.end <= 2
        and len(doc.line(b.start)) <= 80
        and not states_result(doc.line(b.start))
    )


def _nearest_runs(lines: list[tuple[int, str]], start: int, stop: int) -> Reach:
    """The runs of lines from `start` to `stop` each of the statements `lines` (line, value; in line order) holds
    over: the nearest above a line wins, the first from `start` on."""
    held = [(no, v) for no, v in lines if start <= no <= stop] or lines[:1]
    out: Reach = []
    for i, (no, value) in enumerate(held):
        a = start if i == 0 else no
        z = held[i + 1][0] - 1 if i + 1 < len(held) else stop
        if out and out[-1][2] == value:
            out[-1] = (out[-1][0], z, value)
        elif a <= z:
            out.append((a, z, value))
    return out


def opened_at_heading(
    doc: Document, default: dict[str, str], said: list[Statement], measuring: set[int], reach: dict[str, Reach]
) -> None:
    """A board only sections with results of their own state, each under a sub-heading ("### Multi card / GPU: 2x L4"
    under "## Benchmarks"), is the setup of that part of the page: it reaches back no further than the heading that
    holds its sub-heading, never the page's opening, news or notes in the sections before (a pull request's "##
    Benchmark" under its title still reaches the description's summary: the title holds both). `reach` is narrowed
    in place; `measuring` holds the lines of the sections with results of their own.

    On a page of a repository (`doc.page`: a README, a docs page) the board of a section right under the title
    ("## Benchmarks / - GPU: RTX 4090") is that section's alone: a page's sections are read one by one, and its
    opening states what the package does, not what that section's runs ran on; a pull request's "## Benchmark"
    under its title is the description's one board and keeps the summary above it."""
    lines = [no for no, k, _, counted in said if k == "gpu" and counted]
    if "gpu" not in default or not lines or not all(no in measuring for no in lines):
        return
    parents = _parent_heads(doc)
    starts = [a for a, _ in parents]
    held = [parents[i - 1] if (i := bisect.bisect_right(starts, no)) > 0 else (0, 0) for no in lines]
    if doc.page:
        title = _title_line(doc)
        units = [own if parent in (0, title) else parent for own, parent in held]
        floor, ceiling = min(units), max(_section_end(doc, u) for u in units)
    else:
        floor, ceiling = min(parent for _, parent in held), len(doc.lines)
    if floor > 1 or ceiling < len(doc.lines):
        runs = reach.get("gpu", [(1, len(doc.lines), default["gpu"])])
        reach["gpu"] = [(max(a, floor), min(z, ceiling), v) for a, z, v in runs if z >= floor and a <= ceiling]


def _title_line(doc: Document) -> int:
    """The line of the page's title: its first heading, where that is of level 1 (-1: none)."""
    first = next((b for b in doc.blocks if b.kind == "heading" and not b.in_code), None)
    return first.start if first is not None and first.level == 1 else -1


def _section_end(doc: Document, head: int) -> int:
    """The last line of the section the heading on line `head` opens: the line before the next heading of its level
    or a higher one (head 0, none: the document's last)."""
    level = 0
    for b in doc.blocks:
        if b.kind != "heading" or b.in_code:
            continue
        if b.start == head:
            level = b.level
        elif level and b.start > head and b.level <= level:
            return b.start - 1
    return len(doc.lines)


@last_document  # (the document default and the setup reader's own heads both ask it; read, never changed)
def required_or_advised(doc: Document) -> frozenset[int]:
    """The lines stating a requirement or advice and no result ("Compute Capability 8.0 (sm80)", "best for short
    prompts, batch size 1"): what a machine must have or when to pick a path, no run's setup, though a value one
    names that differs shows the key varies ("Compute Capability 7.5 (sm75)" beside a benchmark's RTX 3090: a
    sentence of the page ran on neither that we know). Only the lines holding a word of either pattern are asked."""
    facts = line_facts(doc)
    lines = sorted(facts.holding(GATES[0], setup=True) | facts.holding(GATES[1], setup=True))
    return frozenset(no for no in lines if requires_or_advises(t := doc.setup_line(no)) and not states_result(t[:300]))


def _parent_heads(doc: Document) -> list[tuple[int, int]]:
    """(line, the line of the heading holding its section) of each heading: the nearest above of a lower level, 0
    for none (one pass, a stack of the open levels)."""
    out: list[tuple[int, int]] = []
    stack: list[tuple[int, int]] = []  # (level, line) of the open headings, levels rising
    for b in doc.blocks:
        if b.kind != "heading" or b.in_code:
            continue
        while stack and stack[-1][0] >= b.level:
            stack.pop()
        out.append((b.start, stack[-1][1] if stack else 0))
        stack.append((b.level, b.start))
    return out


def _owners_only(
    doc: Document,
    turns: list[tuple[int, int]],
    owners: set[int],
    default: dict[str, str],
    said: list[Statement],
    reach: dict[str, Reach],
) -> None:
    """Where an archive words its first turn a comment ("### alice · comment · 2026-02-12": the description was not
    stored), the first commenter taken for the owner may be a reviewer: the keys of `default` only the `owners`'
    turns state hold over those turns (the title's too), not over another author's ("2x Radeon W7900" over alice's
    table is not bob's board in the next comment). A machine is its owner's in any thread: the board, CPU or count the
    description alone names ("I tested on an RTX 4090") is not the one a reviewer's later results ran on, unless
    the title names it (the thread's subject). `reach` is narrowed in place."""
    if len(owners) < 2 or len(turns) < 2:
        return
    first = turns[1][0]
    worded = any(b.kind == "comment" and b.start == first and b.info == "comment" for b in doc.blocks[:200])
    spans = [turns[t] for t in sorted(owners)]
    last, title = len(doc.lines), _title_line(doc)
    for key, value in default.items():
        lines = [no for no, k, _, counted in said if k == key and counted]
        if not worded and (key not in COUNTED_DEVICE_KEYS or title in lines):
            continue
        if not lines or not all(any(a <= no <= z for a, z in spans) for no in lines):
            continue
        runs = reach.get(key, [(1, last, value)])
        reach[key] = [(max(a, s), min(z, e), v) for a, z, v in runs for s, e in spans if max(a, s) <= min(z, e)]


def beside_models(doc: Document, default: dict[str, str], said: list[Statement]) -> dict[str, list[Beside]]:
    """Each key of `default` -> the lines the default counts that state it, each with the models it names (a draft
    checkpoint apart) and the section head above it: "On DSv4-Pro (TP=8 EP=8, MTP=1):" states the TP of
    DeepSeek-V4-Pro's run, a later section's config link the board of that section's runs, which
    SetupIndex.default_at keeps from the results above them that state a model of their own."""
    out: dict[str, list[Beside]] = {}
    heads = [b.start for b in doc.blocks if b.kind in ("heading", "comment")]
    for no, key, _, counted in said:
        if counted and key in default and not (key == EVAL_CLIENT_KEY and reproduces_eval(doc, no)):
            named = tuple(m for m in model_names(doc.setup_line(no)) if not is_draft_model(m))
            head = heads[i - 1] if (i := bisect.bisect_right(heads, no)) > 0 else 0
            out.setdefault(key, []).append((no, named, head))
    return out


def eval_only_keys(doc: Document, default: dict[str, str], said: list[Statement]) -> frozenset[str]:
    """The default's eval client where only eval commands state it ("lm_eval --model vllm"): its scores' alone."""
    if EVAL_CLIENT_KEY not in default:
        return frozenset()
    lines = [no for no, key, _, counted in said if key == EVAL_CLIENT_KEY and counted]
    return (
        frozenset((EVAL_CLIENT_KEY,)) if lines and all(runs_eval(doc.setup_line(no)) for no in lines) else frozenset()
    )


def _rerun_turns(doc: Document, turns: list[tuple[int, int]], said: list[Statement]) -> list[int]:
    """The first lines of the comments (not the description, nor a first comment standing for it) whose own setup
    section states a value of a key that an earlier turn states otherwise ("TP=4, EP enabled" under "Setup:" after a
    comment's "TP=2"): a rerun on another setup, which the earlier turns' settings do not reach."""
    opening = turns[min(1, len(turns) - 1)][1] if turns else 0  # (the title's turn and the description)
    sections = [(start, values) for start, _, values in setup_sections(doc) if start > opening]
    if not sections:
        return []
    firsts: dict[str, dict[str, int]] = {}  # each key's spellings -> the first line that states it
    for no, key, value, _ in said:
        firsts.setdefault(key, {}).setdefault(spelled(key, value), no)
    # (each key's two first spellings: whether one before a line differs from a value is known from them alone)
    early = {k: sorted((no, v) for v, no in named.items())[:2] for k, named in firsts.items()}
    out: list[int] = []
    for start, values in sections:
        if any(
            no < start and v != spelled(key, value) for key, value in values.items() for no, v in early.get(key, ())
        ):
            out.append(start)
    return sorted(out)


def spelled(key: str, value: str) -> str:
    """A value as two spellings of it compare: a precision by its canonical name, another by its letters and digits."""
    return canonical_dtype(value) if key in DTYPE_KEYS else norm(value)


# a result's printed value with its decimals ("69.14", "1,288.90"): what a summary row repeats of the run its console
# printed, the thousands grouped or not
_DECIMAL_RE = re.compile(r"(?<![\w.])(?<!\d,)\d{1,9}(?:,\d{3}){0,4}\.\d{1,6}(?![\w.])")
# the unit a cell prints after its value ("1,288.90 tok/s"): a paste's line of the same number in another unit
# ("Request throughput (req/s): 2.10" and "| TPOT | 2.10 ms |") is another measure
_UNIT_AFTER_RE = re.compile(r"\s{0,2}([A-Za-z%][\w/%]{0,15})")
_WORD_RE = re.compile(r"[a-z%]{1,40}(?:/[a-z]{1,20})?")
_PAREN_RE = re.compile(r"\([^()]{0,60}\)")


def printed_reach(doc: Document, keys: set[str], default: dict[str, str], said: list[Statement]) -> dict[str, Reach]:
    """The lines a key of the default only pastes print ("Maximum request concurrency: 1" in a serving benchmark's
    output) holds over: the pastes that print it, the lines outside any paste, and the tables that repeat one of a
    paste's values (_sharing_rows): a summary table of the run its console printed, never a sibling row of another
    workload the console did not run. A line of prose is the paste's run told in words ("with pr, Mean TPOT (ms):
    41.27" over the console): only a table's rows name workloads of their own. The page's title is no such line: its
    claim ("... improves long texts 100%") speaks of the change, not of the load one paste far below it printed."""
    pastes = [b for b in doc.blocks if b.kind == "code"]
    pasted = {no for b in pastes for no in range(b.start, b.end + 1)}
    tables = [b for b in doc.blocks if b.kind == "table" and not b.in_code]
    kept = pasted | {no for b in tables for no in range(b.start, b.end + 1)}  # (what only its own reach reaches)
    kept.add(_title_line(doc))
    out: dict[str, Reach] = {}
    for key in keys & default.keys():
        mine = {no for no, k, _, _ in said if k == key}
        runs = [b for b in pastes if any(no in mine for no in range(b.start, b.end + 1))]
        printed = _printed_values(doc, runs)
        shared = {no for b in tables for no in _sharing_rows(doc, b, printed)}
        reach = [(b.start, b.end, default[key]) for b in runs]
        reach.extend((no, no, default[key]) for no in range(1, len(doc.lines) + 1) if no not in kept)
        reach.extend((no, no, default[key]) for no in shared)
        out[key] = sorted(reach)
    return out


def _printed_values(doc: Document, runs: list[Block]) -> dict[float, set[str]]:
    """Each decimal value the pastes print -> the words of the lines printing it (their measure and unit)."""
    out: dict[float, set[str]] = {}
    for b in runs:
        for no in range(b.start, b.end + 1):
            text = doc.line(no)[:400]
            found = _DECIMAL_RE.findall(text)
            words = set(_WORD_RE.findall(text.lower())) if found else set()
            for v in found:
                out.setdefault(float(v.replace(",", "")), set()).update(words)
    return out


def _repeats(text: str, printed: dict[float, set[str]]) -> bool:
    """Whether a table's row repeats a value a paste printed, in no other unit than the paste's line names."""
    for m in _DECIMAL_RE.finditer(text):
        words = printed.get(float(m.group().replace(",", "")))
        if words is not None and ((u := _UNIT_AFTER_RE.match(text, m.end())) is None or u.group(1).lower() in words):
            return True
    return False


def _sharing_rows(doc: Document, table: Block, printed: dict[float, set[str]]) -> list[int]:
    """The rows of a table the run of a paste reaches: where a row repeats one of its values and rows name
    measures or sides ("| Output throughput | 2,104.50 tok/s | 2,230.10 tok/s |" over the console's 2104.50), the
    table sums up that run, and its every such row ("| Mean TPOT | 14.20 ms | 13.30 ms |", a measure the console
    did not print) is of it; where rows name workloads ("| 1K in / 256 out | 41.20 |"), only those repeating one."""
    lines = range(table.start, table.end + 1)
    hits = [no for no in lines if "." in doc.line(no) and _repeats(doc.line(no)[:2000], printed)]
    if not any(_summary_row(doc.line(no)) for no in hits):
        return hits
    return sorted({*hits, *(no for no in lines if _summary_row(doc.line(no)))})


def _summary_row(text: str) -> bool:
    """A table's row named by a measure ("Mean TPOT", "Throughput (tok/s)") or a side ("Before", "main"): one of a
    run's results, not a workload of its own."""
    label = text.strip().strip("|").split("|", 1)[0].strip()[:80]
    if not label:
        return False
    return names_a_metric(label) or names_a_rate(_PAREN_RE.sub("", label).strip(), 4) or side_alone(label)
