"""The wide setup scopes: what a turn's "Test configuration" section states, and the setup the whole document
gives one value to.

    <details><summary>Test configuration</summary>       a setup section: its settings hold over its whole turn
    - Model: org/Model-24B                               (a comment of the thread), also for the results above
    - GPU: 4x L40S

    # Faster router for Qwen3-30B-A3B                     a document whose every line names one model, one GPU:
    ...all runs on an H200...                            that model and GPU hold for every result in it, at the
                                                         lowest priority (any narrower scope, or the claim's own
                                                         column, wins)

A key the document gives two values ("Llama-3.1-8B" in one section, "Qwen3-8B" in another) has no default: the
narrower scopes say which holds where. One value containing another ("Llama-3.1-8B", "meta-llama/Llama-3.1-8B-
Instruct") is the same value; the longer is kept.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from ledger.memo import last_document, short_text_cache
from ledger.parsers.grammar.commands import continued
from ledger.parsers.grammar.corner_settings import setting_value as setting_value
from ledger.parsers.grammar.flag_lists import quoted_flags
from ledger.parsers.grammar.later_leads import leads_after_blocks

# (the setup of one line is line_setup's; its names are read through here by the readers that always have)
from ledger.parsers.grammar.line_setup import DEFAULT_KEYS as DEFAULT_KEYS
from ledger.parsers.grammar.line_setup import PARALLEL_KEYS as PARALLEL_KEYS
from ledger.parsers.grammar.line_setup import RUN_SETUP_KEYS
from ledger.parsers.grammar.line_setup import inline_settings as inline_settings
from ledger.parsers.grammar.line_setup import label_settings as label_settings
from ledger.parsers.grammar.line_setup import label_setup as label_setup
from ledger.parsers.grammar.line_setup import line_setup as line_setup
from ledger.parsers.grammar.line_setup import setting_label as setting_label
from ledger.parsers.grammar.line_setup import unrestricted as unrestricted
from ledger.parsers.grammar.scope_lines import scope_values
from ledger.parsers.grammar.section_results import section_measures
from ledger.parsers.grammar.sibling_leads import sibling_blocks as sibling_blocks  # (grammar.setup reads it here)
from ledger.parsers.grammar.sibling_leads import sibling_leads
from ledger.parsers.grammar.table_kinds import MACHINE_KEYS, kind_cut
from ledger.parsers.grammar.varied import WORKLOAD_KEYS as WORKLOAD_KEYS
from ledger.parsers.grammar.varied import VariedSpan, list_spans, table_spans
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import bold_field, bold_heading, ends_in_colon, is_command_line
from ledger.vocab.flags import COMPUTE_DTYPE, SERVER_COMMAND_RE, one_value
from ledger.vocab.remedies import states_remedy as states_remedy  # (setup.py's too)
from ledger.vocab.setup import qualifiers, unsaid
from ledger.vocab.test_ids import names_one_test
from ledger.vocab.text import ARROW, has_digit
from ledger.vocab.word_gate import WordGate

# a results page's section on how its numbers were taken ("## How we ran it", "## Reproducing Benchmarked Results",
# "## Methodology"): the setup of every table the page prints, above it or below; its sub-sections are its steps
_METHOD_TITLES = (
    r"methodology|method|how\s{1,3}(?:we|i|these\s{1,3}were)\s{1,3}(?:ran|run|measured|tested|benchmarked)"
    r"(?:\s{1,3}(?:it|them|this|these))?|reproducing(?:\s{1,3}(?:the\s{1,3})?(?:benchmark(?:ed)?\s{1,3})?results)?"
)
_METHOD_TITLE_RE = re.compile(rf"^\W{{0,6}}(?:{_METHOD_TITLES})s?\W{{0,6}}$", re.IGNORECASE)

# a section that states the setup of a turn's results: "Test configuration", "Environment", "Hardware", "Setup",
# numbered as a report numbers its sections ("### 1. Environment", "2) Setup") and "Tested environment" too; an
# issue template's "Steps to reproduce" / "Your current environment" states how the report's numbers were taken
_SETUP_TITLE_RE = re.compile(
    r"^\W{0,6}(?:\d{1,2}(?:\.\d{1,2}){0,2}[.)]?\s{1,3})?"
    r"(?:(?:test|testing|tested|benchmark(?:ing)?|bench|eval(?:uation)?|experiment(?:al)?|run|serving|"
    r"system|software|hardware|my|our|your(?:\s{1,3}current)?)\s{1,3})?(?:configuration|config|environment|env|setup|hardware|"
    # ("Workload: Llama-3.1-70B, 4×H200, spec=none": the model, machine and settings every run of the turn had)
    r"settings|invariants|test bed|testbed|machine|system|workloads?|reproduction|repro|"
    rf"(?:steps\s{{1,3}}|how\s{{1,3}})?to\s{{1,3}}reproduce|{_METHOD_TITLES})"
    r"s?\W{0,6}$",
    re.IGNORECASE,
)


# a speculative method's draft checkpoint ("yuhuili/EAGLE3-LLaMA3.1-Instruct-8B", "FasterDecoding/medusa-vicuna"):
# the run's draft, not the model it serves
# ("NeuralBeagle14-7B" holds "eagle" inside its name: no EAGLE head)
_DRAFT_MODEL_RE = WordGate(re.compile(r"(?<![a-z])(?:eagle|medusa|hydra|draft)", re.IGNORECASE))


# the section of a PR template that states how the change was tested ("## Test Plan", "How to test"): the setup of
# the results the turn reports after it ("## Test Result")
_PLAN_TITLE_RE = re.compile(
    r"^[#\s*_]{0,8}(?:test(?:ing)?\s{1,3}plans?|how\s{1,3}(?:to|we|i)\s{1,3}test(?:ed)?)[\s:*_.]{0,6}$", re.IGNORECASE
)


def is_plan_title(text: str) -> bool:
    """A heading that names a test plan ("## Test Plan", "### How to test")."""
    return len(text) <= 80 and _PLAN_TITLE_RE.match(text) is not None


def is_method_title(text: str) -> bool:
    """A title that names a results page's method section ("How we ran it", "Reproducing Benchmarked Results")."""
    return _METHOD_TITLE_RE.match(text) is not None


def is_setup_title(text: str) -> bool:
    """A title that names a setup section ("Test configuration", "Setup.", "Hardware")."""
    return _SETUP_TITLE_RE.match(text) is not None


def bold_paragraph_heads(doc: Document) -> list[Block]:
    """The paragraphs a bold phrase opens ("**bs=1**", "**Sweep point, concurrency 16** ..."), which head what follows
    as a heading would; not one that titles a setup section ("**Setup.** 4x H100, TP4"), which holds for its turn,
    nor a field of a list of them ("**Parallel mode**: TP4 + EP" over "**Execution mode**: eager"): the page's setup,
    each field as much as the last."""
    out: list[Block] = []
    for b in doc.blocks:
        if b.kind != "text" or b.in_code or ("*" not in b.text[:6] and "_" not in b.text[:6]):
            continue
        if bold_field(b.text) and (bold_field(doc.line(b.start - 1)) or bold_field(doc.line(b.end + 1))):
            continue
        phrase = bold_heading(b.text)
        if phrase is not None and not is_setup_title(phrase):
            out.append(b)
    return out


@short_text_cache(2048)  # (each model value of each scope is asked)
def is_draft_model(name: str) -> bool:
    return bool(_DRAFT_MODEL_RE.search(name))


def with_draft(values: dict[str, str]) -> dict[str, str]:
    """The values with a draft checkpoint named as the model moved to `draft_model`."""
    model = values.get("model")
    if model is None or not is_draft_model(model):
        return values
    out = {k: v for k, v in values.items() if k != "model"}
    out.setdefault("draft_model", model)
    return out


@last_document  # (five readers of the setup ask it, some once per turn)
def turn_bounds(doc: Document) -> list[tuple[int, int]]:
    """The turns of a thread: the description, then each comment, as (first line, last line)."""
    starts = [1] + [b.start for b in doc.blocks if b.kind == "comment" and b.start > 1]
    last = len(doc.lines)
    return [(s, (starts[i + 1] - 1) if i + 1 < len(starts) else last) for i, s in enumerate(starts)]


@last_document  # (the section facts and the setup sections both ask it)
def result_sections(doc: Document) -> list[tuple[int, int]]:
    """(first, last line) of each section under a heading below the title that is not a setup section, when
    there are two sections or more, a setup section after results counted ("### Describe the bug" over its pastes,
    then "### Steps to reproduce"): what one states holds for its own runs. (A setup section first frames all.)"""
    title = next((b.start for b in doc.blocks if b.kind == "heading"), 0)
    heads = [b for b in doc.blocks if b.kind == "heading" and not b.in_code and heads_section(doc, b, title)]
    # (a section ends where the next turn of the thread starts, too: "## Validation" in the description holds
    # nothing over a reviewer's comment)
    turn_starts = [b.start for b in doc.blocks if b.kind == "comment"]
    out: list[tuple[int, int]] = []
    setups = 0
    for k, h in enumerate(heads):
        if _SETUP_TITLE_RE.match(h.text):
            setups += bool(out)
        else:
            end = heads[k + 1].start - 1 if k + 1 < len(heads) else len(doc.lines)
            at = bisect.bisect_right(turn_starts, h.start)
            out.append((h.start, min(end, turn_starts[at] - 1) if at < len(turn_starts) else end))
    return out if len(out) + min(setups, 1) >= 2 else []


def heads_section(doc: Document, heading: Block, title: int) -> bool:
    """The heading heads a section of results: any heading below the title's level, and a page's later "# Mistral
    7B" as "##" ones do; never the title (line `title`), nor the "=====" underlined banners of a pasted report."""
    if heading.level >= 2 or doc.format != "markdown":
        return True
    return heading.start != title and doc.line(heading.start).lstrip().startswith("#")


def section_reach(doc: Document) -> dict[int, int]:
    """Each heading's line -> the last line of its section, sub-sections included ("#### Faster loads" over
    "##### Load timings"): up to the next heading of its level or above. One pass, a stack of open headings."""
    reach: dict[int, int] = {}
    open_: list[tuple[int, int]] = []  # (level, line) of the headings whose sections are still open
    for b in doc.blocks:
        if b.kind == "comment":
            while open_:  # a new turn of the thread closes every section of the one before
                reach[open_.pop()[1]] = b.start - 1
            continue
        if b.kind != "heading" or b.in_code:
            continue
        while open_ and open_[-1][0] >= b.level:
            reach[open_.pop()[1]] = b.start - 1
        open_.append((b.level, b.start))
    for _, line in open_:
        reach[line] = len(doc.lines)
    return reach


@dataclass(frozen=True, slots=True)
class SectionFacts:
    """What the document default and the section workloads both read of a document, found once for the two."""

    sections: list[tuple[int, int]]
    """result_sections(doc)."""
    measuring: set[int]
    """The lines of the result sections that report results of their own (see grammar.section_results)."""
    tables: tuple[set[int], set[str], set[int]]
    """The tables' body lines, the keys their rows and the lists' result items vary (vary as rows do) anywhere in the
    document (the document default's), and the grid headers (see grammar.varied.table_spans)."""
    changes: frozenset[int]
    """The lines of the paragraphs that state a change they measured (_change_lines): their settings are theirs."""
    spans: list[VariedSpan]
    """Where each table or list varies its keys (the tables' varied keys, held by the lines they stand on)."""

    def varied_over(self, lo: int, hi: int) -> set[str]:
        """The keys the tables and lists on lines lo..hi vary: a section's own, whatever tables elsewhere vary."""
        return {k for a, b, keys in self.spans if a <= hi and b >= lo for k in keys}


def section_facts(doc: Document) -> SectionFacts:
    body, spans, grids = table_spans(doc)
    spans = [*spans, *list_spans(doc)]
    varied = {k for _, _, keys in spans for k in keys}
    return SectionFacts(result_sections(doc), result_measures(doc), (body, varied, grids), _change_lines(doc), spans)


@last_document  # (the section facts and the setup sections' later sections both ask it; read, never changed)
def result_measures(doc: Document) -> set[int]:
    """The lines of the result sections that report results of their own (section_measures of result_sections)."""
    return section_measures(doc, result_sections(doc))


def section_workloads(
    doc: Document,
    command: Callable[[str], dict[str, str]],
    skip: frozenset[int] = frozenset(),
    facts: SectionFacts | None = None,
    lent: list[tuple[int, int, dict[str, str]]] | None = None,
    evals: list[tuple[int, int, dict[str, str]]] | None = None,
) -> list[tuple[int, int, dict[str, str]]]:
    """The workload each result section states with one value per key (see WORKLOAD_KEYS), as (first, last
    line, values): the scope that replaces the document default for these keys. The `skip` lines state another
    scope's setup (a variant's item), not the section's. `facts` is section_facts(doc) when the caller has it.
    `lent`, when given, gets the part of each scope that lies in other sections (a plan's over the results after it);
    `evals` the load a line naming an accuracy eval states ("MMLU via lm_eval (batch_size=16)"), held as that eval's
    alone: the section's serving runs were not run at the eval harness's batch size."""
    out: list[tuple[int, int, dict[str, str]]] = []
    facts = section_facts(doc) if facts is None else facts
    sections = facts.sections
    if not sections:
        return out
    _, _, grids = facts.tables  # ("throughput, con8" among rows or items naming none: theirs, not the section)
    # ("| batch | 4K ctx | 16K ctx |": its columns' lengths, not the section's)
    # (and "- `aggr_upload-r1_fp4_tep4_mtp3_1k1k`" in a list of failing tests: that test's, not the section's)
    skip = skip | grids | {no for no, line in enumerate(doc.lines, 1) if names_one_test(line)}
    skip = skip | sibling_leads(doc) | leads_after_blocks(doc)  # ("org/M FP8, TP8" over its paste; later_leads)
    changes = facts.changes
    reach = section_reach(doc) if doc.format == "markdown" else {}
    measuring = facts.measuring
    tables = {no for b in doc.blocks if b.kind == "table" for no in range(b.start, b.end + 1)}
    plans = _plan_reaches(doc, sections, measuring)
    measured = sorted(measuring)
    for first, last in sections:
        held = own = reach.get(first, last)  # (own: the last line of its sub-sections)
        # a section with results of its own states their whole setup, and so does a test plan for the results it
        # plans ("## Test Plan / - lm_eval `org/M`, MI325X, TP8" over "## Test Result") and a section whose
        # sub-sections hold the results ("## Sweep / This sweep ran on B200." over "### Cumulative"); another only
        # its workload
        below = bisect.bisect_right(measured, last)
        heads = below < len(measured) and measured[below] <= own
        keys = RUN_SETUP_KEYS if first in measuring or heads or is_plan_title(doc.line(first)) else WORKLOAD_KEYS
        if first not in measuring:
            held = max(held, plans.get(first, held))
        parts, lead_end = _command_parts(doc, first, last, held)
        kinds: dict[str, str] | None = None  # (the first part's, where a table of the other kind cuts the section)
        if len(parts) == 1 and (cut := kind_cut(doc, first, last)) is not None:
            cut = _run_over(doc, first, cut, tables)  # (the eval's command over its table: the eval's alone)
            parts, kinds = [(first, cut - 1, cut - 1), (cut, last, held)], {}  # (a serving table, then an eval table)
        # what the section states before its first run ("For example, we prepare an input of batch size 4.") leads
        # in its later runs too, until a line after it states that key again ("FP4" over the second server command)
        ev: dict[str, set[str]] = {}  # (the eval's load: each value an eval line of the section states)
        # (a key a table of another section varies, "| Long documents | 32k context |" in a tuning guide's table far
        # below, is that table's rows' own: the section's stated one holds for its results)
        read = (doc, keys, skip, tables, facts.varied_over(first, max(own, parts[-1][2])), command, changes)
        lead = _one_per_key(first + 1, lead_end, *read, evals=ev) if lead_end else {}
        restated: set[str] = set()
        if lead:
            _one_per_key(lead_end + 1, parts[0][1], *read, restated)
        for k, (lo, hi, end) in enumerate(parts):
            one = _one_per_key(lo, hi, *read, restated if k else None, ev)
            if k > 0 and lead:
                one = {**{key: v for key, v in lead.items() if key not in restated}, **one}
            if k > 0 and kinds:  # (after a table of the other kind: only the board and model the section named)
                one = {**{key: v for key, v in kinds.items() if key in MACHINE_KEYS}, **one}
            elif kinds is not None:
                kinds.update(one)
            if one:  # stated in the section's own lines, it holds in its sub-sections too (theirs win, being narrower)
                # (from the line under the heading: the heading's own claims, a commit it names, are not its runs')
                out.append((lo + 1 if k == 0 else lo, end, one))
                if lent is not None and end > own:
                    lent.append((own + 1, end, one))
        if evals is not None and (load := {k: got for k, vs in ev.items() if (got := one_value(k, vs)) is not None}):
            evals.append((first + 1, parts[-1][2], load))
    return out


def _command_parts(doc: Document, first: int, last: int, reach: int) -> tuple[list[tuple[int, int, int]], int]:
    """The section's lines as (first, last line read, last line held) parts: the whole section, or, where it runs
    two commands or more with results between them ("run_eval.py --eval-name mmlu", its scores, then
    "bench_serving.py --random-input 4096"), one part per run from its line to the next: each command's settings
    are its own runs', not the other's (a server's launch runs nothing: it holds for the runs after it). With the
    parts, the last line of the section's lead-in, the lines before its first run (0 for one part)."""
    runs = [no for no in range(first + 1, last + 1) if _is_run(doc.line(no))]
    # (two commands one after the other list the runs whose results follow both: no cut between them)
    cuts = [first, *(_run_head(doc, b) for a, b in pairwise(runs) if results_between(doc, a, b))]
    if len(cuts) < 2:
        return [(first, last, reach)], 0
    parts = [
        (lo, (cuts[i + 1] - 1) if i + 1 < len(cuts) else last, (cuts[i + 1] - 1) if i + 1 < len(cuts) else reach)
        for i, lo in enumerate(cuts)
    ]
    return parts, _run_head(doc, runs[0]) - 1


def _run_over(doc: Document, first: int, cut: int, tables: set[int]) -> int:
    """Where a section's table of one kind gives way to a table of the other (`cut`): the head of the run commands
    right over the second ("few_shot_gsm8k --parallel 32" over the gsm8k table), printing nothing before it, where
    they stand below the first table; those runs' flags are the second table's, never the first's."""
    runs = [no for no in range(first + 1, cut) if _is_run(doc.line(no))]
    if not runs or results_between(doc, runs[-1], cut):
        return cut
    k = len(runs) - 1
    while k > 0 and not results_between(doc, runs[k - 1], runs[k]):
        k -= 1  # (two commands one after the other: the runs whose results follow both)
    head = _run_head(doc, runs[k])
    return head if any(first < no < head for no in tables) else cut


def _run_head(doc: Document, no: int) -> int:
    """The first line of the run whose command is on line `no`: the server launch right above it, the run's own
    (Before: "sglang serve --dtype bfloat16" over its gsm8k bench, After: the same two lines: each arm's precision,
    not the one before's), and the line above that where it heads the run with its setup ("Qwen3-8B(Prefill TP 2
    PP2, Decode TP 1):" over its command and results)."""
    launch = no - 1
    while launch > no - 30 and launch > 1 and doc.line(launch - 1).rstrip().endswith("\\"):
        launch -= 1  # (a launch continued over its flags' lines)
    if _is_command(text := doc.line(launch)) and SERVER_COMMAND_RE.search(text):
        no = launch
    above = doc.line(no - 1).strip()
    return no - 1 if above.endswith(":") and len(above) <= 200 and line_setup(above) else no


def _plan_reaches(doc: Document, sections: list[tuple[int, int]], measuring: set[int]) -> dict[int, int]:
    """ "## Test Plan" (its command) over "## Test Result": a section with no results of its own sets up the runs its
    turn reports in the sections after it, to the last one with results, never into one that names an accuracy
    eval (a serving benchmark's lengths are no setup of the gsm8k scores below it). Each such section's first line
    -> the last line it holds; one pass from the end (a page of many sections stays linear)."""
    starts = [a for a, _ in turn_bounds(doc)]
    reach, measured = section_reach(doc), sorted(measuring)
    out: dict[int, int] = {}
    ahead = 0  # the last line of the furthest results section the sections after this one reach, 0 for none
    turn_after = -1
    for f, last in reversed(sections):
        turn = bisect.bisect_right(starts, f)
        if turn != turn_after:
            ahead = 0  # (a comment's sections set up none of the turn before it)
        own = reach.get(f, last)  # (its sub-sections' results: what it sets up, none of a later sibling's)
        if f not in measuring and ahead and not _measured_in(measured, f, own):
            out[f] = ahead
        if _EVAL_HEADING_RE.search(doc.line(f)):
            ahead = 0
        elif f in measuring:
            ahead = max(ahead, last)
        turn_after = turn
    return out


def _measured_in(measured: list[int], first: int, last: int) -> bool:
    """Whether one of the `measured` lines (sorted) lies in first+1..last."""
    k = bisect.bisect_right(measured, first)
    return k < len(measured) and measured[k] <= last


_WARMUP_RE = re.compile(r"\s{0,8}(?:[-*+]\s{1,3})?[*_]{0,2}warm[- ]?ups?\b", re.IGNORECASE)
_EVAL_HEADING_RE = WordGate(re.compile(r"accuracy|\beval|gsm8k|mmlu|gpqa|humaneval|mmmu|lm[-_]eval", re.IGNORECASE))


def results_between(doc: Document, a: int, b: int) -> bool:
    """A line between lines a and b prints a number and is no command, nor a command's flags continued from the line
    before: the first command's results come before the second command."""
    for no in range(a + 1, b):
        text = doc.line(no).strip()
        if (
            has_digit(text)
            and not text.startswith("-")
            and not doc.line(no - 1).rstrip().endswith("\\")
            and not _is_command(text)
        ):
            return True
    return False


def _is_command(text: str) -> bool:
    return bool(text.strip()) and len(text) <= 4000 and is_command_line(unrestricted(text).strip())


def _is_run(text: str) -> bool:
    return _is_command(text) and not SERVER_COMMAND_RE.search(text)


def _command_values(text: str, command: Callable[[str], dict[str, str]]) -> dict[str, str]:
    """A command's setup: its flags, and the words it names; "--dtype bfloat16" is the dtype the engine computes in,
    no quantisation named (as the document default reads it: a gpt-oss MXFP4 checkpoint served at bf16)."""
    flags, words = command(text), qualifiers(text[:2000])
    if COMPUTE_DTYPE in flags and "quant" in words:
        words = {k: v for k, v in words.items() if k != "quant"}
    return {**words, **flags}


def _one_per_key(
    lo: int,
    hi: int,
    doc: Document,
    keys: frozenset[str],
    skip: frozenset[int],
    tables: set[int],
    varied: set[str],
    command: Callable[[str], dict[str, str]],
    changes: frozenset[int] = frozenset(),
    stated: set[str] | None = None,
    evals: dict[str, set[str]] | None = None,
) -> dict[str, str]:
    """The keys lines lo..hi state one value of (a key among `varied` is the rows' own, never the section's; the
    `changes` lines state results with their own workload); `stated`, when given, gets every key they state, and
    `evals` the workload a line naming an accuracy eval states, which is then none of the section's."""
    seen: dict[str, set[str]] = {}
    models: set[str] = set()
    unled: set[str] = set()  # the keys some line naming no model states
    skip_to = 0
    for no in range(lo, hi + 1):
        text = doc.setup_line(no)
        if no <= skip_to or not text.strip() or len(text) > 4000 or no in skip or _WARMUP_RE.match(text):
            continue  # ("- Warmup: 256 prompts, 8192 input / 10 output": the warm-up's, not the measured runs')
        text = unrestricted(text)
        is_command = is_command_line(text.strip())
        if is_command and text.rstrip().endswith("\\"):
            text, skip_to = continued(doc, no, hi, text.strip())  # its flags on the lines it continues
        values = _command_values(text, command) if is_command else unsaid(line_setup(text[:2000]), text)
        if not is_command and (flags := quoted_flags(text)) is not None:
            values = {**command(flags), **values}  # ("Server args: `--max-num-seqs 96`": a command's flags, quoted)
        head = "model" in values and not is_command and ends_in_colon(text)  # a run's lead-in
        scope = [] if is_command else scope_values(values, text)  # ("Add X for SM100 and SM103": the code's scope)
        if evals is not None and not is_command and _EVAL_HEADING_RE.search(text):
            values = dict(values)  # (a copy: the readers' values are cached)
            for k in WORKLOAD_KEYS & values.keys():
                evals.setdefault(k, set()).add(values.pop(k))  # ("MMLU via lm_eval (batch_size=16)": its harness's)
        for k, v in [*values.items(), *scope]:
            # (a table's model and parallelism are its rows' and columns': its cells carry them; the batch or length
            # a sentence stating a change names, "At batch 1 / 4K the native path is 3% slower", is that result's)
            if k in keys and (k in WORKLOAD_KEYS or no not in tables) and not (k in WORKLOAD_KEYS and no in changes):
                seen.setdefault(k, set()).add(v)
                if not head:
                    unled.add(k)
        if head:
            models.add(values["model"].lower())
    if stated is not None:
        stated.update(seen)
    if len(models) > 1:
        # "Acme-Flash 100-sample GSM8K:" then "With the fix, on Acme-Pro (TP=8 EP=8):": two runs' lead-ins, each
        # naming its model; a setting only such a head states is its run's, not the section's (no later run's TP
        # on the first's results)
        seen = {k: vs for k, vs in seen.items() if k in unled}
    one = {k: got for k, vs in seen.items() if k not in varied and (got := one_value(k, vs)) is not None}
    if "quant" in seen and "quant" not in one:
        one.pop(COMPUTE_DTYPE, None)  # two precisions named: the dtype computed in is neither (settle_precision)
    return one


# "At batch 1 / 4K the native path is 3% slower", "1.2x faster at concurrency 64", "ITL at conc 64 went 12.1 ms ->
# 10.7 ms": a sentence stating a change it saw
_CHANGE_STATED_RE = re.compile(
    r"\d(?:\.\d{1,4})?\s?(?:%|x|×)\s(?:\w{1,12}\s)?(?:faster|slower|better|worse|lower|higher|improvement|"
    r"speed-?up|regression|gain|drop)\b|"
    r"\d\.\d{1,4}\s?(?:[a-zµ/%]{1,8}\s?)?" + ARROW + r"\s?\d{1,6}\.\d",
    re.IGNORECASE,
)


def _change_lines(doc: Document) -> frozenset[int]:
    """The lines of the prose paragraphs and list items that state a change they measured, or the setting one fix
    applied: their settings are that result's or that fix's ("- Packed kernel: 15% faster, batch size 1 only" states
    no batch of its section's other results)."""
    return frozenset(
        no
        for b in doc.blocks
        if b.kind in ("text", "item")
        and not b.in_code
        and (_CHANGE_STATED_RE.search(b.text[:2000]) or states_remedy(b.text))
        for no in range(b.start, b.end + 1)
    )


def norm(value: str) -> str:
    return _NOT_ALNUM_RE.sub("", value.lower())


_NOT_ALNUM_RE = re.compile(r"[^a-z0-9]")
