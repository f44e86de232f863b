"""The setup a whole document gives one value per key (its default, under every narrower scope), and the setup
only one commenter of a thread states (that comment's own). See grammar.setup_scopes for the scopes themselves."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence

from ledger.parsers.grammar.after_results import after_results
from ledger.parsers.grammar.asked_pastes import asked_pastes
from ledger.parsers.grammar.change_items import change_items_own
from ledger.parsers.grammar.clause_keys import clause_own_at
from ledger.parsers.grammar.command_labels import table_command_lines
from ledger.parsers.grammar.command_runs import INLINE_CODE_RE, quotes_command, reproduces_eval
from ledger.parsers.grammar.commands import continued
from ledger.parsers.grammar.default_reach import (
    Statement,
    default_reach,
    printed_reach,
    release_lines,
    required_or_advised,
    spelled,
)
from ledger.parsers.grammar.documentation_lines import documentation_lines
from ledger.parsers.grammar.feature_launches import feature_launch_lines
from ledger.parsers.grammar.later_runs import later_runs
from ledger.parsers.grammar.lead_in_lines import lead_in_lines
from ledger.parsers.grammar.lead_ins import run_heads, sub_item_heads
from ledger.parsers.grammar.main_model import main_model, spelling_rank
from ledger.parsers.grammar.reference_yaml import reference_lines
from ledger.parsers.grammar.result_models import unnamed_model
from ledger.parsers.grammar.scope_lines import scope_values
from ledger.parsers.grammar.setup_scopes import (
    DEFAULT_KEYS,
    PARALLEL_KEYS,
    WORKLOAD_KEYS,
    SectionFacts,
    bold_paragraph_heads,
    is_draft_model,
    line_setup,
    norm,
    section_facts,
    turn_bounds,
    unrestricted,
)
from ledger.parsers.grammar.sibling_leads import sibling_leads
from ledger.parsers.grammar.switch_items import armed_keys
from ledger.parsers.grammar.title_setup import family_member, tagged_models, title_readings
from ledger.parsers.grammar.variant_items import variant_lines
from ledger.parsers.grammar.varied import states_result
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import is_command_line, opens_block
from ledger.vocab.abbreviated_models import title_abbreviation
from ledger.vocab.backends import title_backend
from ledger.vocab.board_counts import member_counts
from ledger.vocab.canonical import counted_boards, is_cpu_name
from ledger.vocab.engines import engines_in_text
from ledger.vocab.flags import (
    COMMAND_DEFAULT_KEYS,
    COMPUTE_DTYPE,
    EVAL_CLIENT_KEY,
    RUN_KEYS,
    SERVER_COMMAND_RE,
    one_value,
)
from ledger.vocab.model_spellings import (
    folder_checkpoint,
    one_model,
    shared_checkpoint_model,
    sized_name,
    spelled_keys_apart,
)
from ledger.vocab.models import title_family
from ledger.vocab.passing_names import passing_models, uncompared
from ledger.vocab.presupposed import presupposed
from ledger.vocab.setup import model_names, named_twice, qualifiers
from ledger.vocab.setup_keys import COUNTED_DEVICE_KEYS, DEVICE_KEYS, SWITCH_KEYS
from ledger.vocab.test_ids import names_one_test, test_key


def document_default(
    doc: Document,
    command: Callable[[str], dict[str, str]],
    bold: Sequence[Block] | None = None,
    variants: frozenset[int] | None = None,
    facts: SectionFacts | None = None,
    printed: set[str] | None = None,
    reach: dict[str, list[tuple[int, int, str]]] | None = None,
    stated: list[Statement] | None = None,
) -> tuple[dict[str, str], list[tuple[int, int, dict[str, str]]]]:
    """The setup keys the whole document (its title too) gives one value each, the longer of two that contain each
    other; `command` reads a command line's flags; `bold`, `variants`, `facts`: bold_paragraph_heads, variant_lines,
    section_facts of doc when the caller has them. A key some of a table's rows name and others do not varies (a
    "bf16" row beside "q8_0"): no one value. A key only one comment names is that comment's ("Rechecked on 2x H100"
    in a reviewer's turn): it comes back as (turn start, turn end, values). `printed` gets the load keys of the
    default only pastes state (a serving benchmark's concurrency); `reach` where a comment's key holds; `stated` all."""
    seen, turns = dict[str, list[str]](), turn_bounds(doc)
    turn_starts, title = [a for a, _ in turns], (doc.blocks[0].start if doc.blocks else 0)  # (title: its first line)
    turns_of: dict[str, set[int]] = {}
    by_turn: dict[str, dict[int, list[str]]] = {}  # each key's values, by the turn that names them
    facts = section_facts(doc) if facts is None else facts
    body, varied, grids = facts.tables  # a table's rows count, unless they vary (and so do a list's result items)
    leads, headings = _leads_and_heads(doc, bold, variants)
    pasted = {no for b in doc.blocks if b.kind == "code" for no in range(b.start + 1, b.end)}
    outside: set[str] = set()  # the keys some line outside a paste states
    sectioned = {no for first, last in facts.sections for no in range(first, last + 1)}
    later = _later_lines(sectioned, measuring := facts.measuring)  # (a section with results states their setup)
    led, led_turns = dict[str, list[str]](), dict[str, list[int]]()  # (and the turn of each of `led`'s values)
    runs: list[tuple[int, frozenset[str]]] = []  # the lines of commands that run something, and the keys each sets
    from_runs: list[tuple[str, str, int]] = []  # (key, value, turn) of each workload value a run command states
    said: list[Statement] = [] if stated is None else stated  # every value stated, where, whether the default counts it
    unread, skip_to = _unread(doc) | feature_launch_lines(doc, measuring), 0  # (skip_to: the last line a command's
    # continued flags took; a launch a section shows for one feature apart is that section's: feature_launches)
    counts: list[tuple[str, int]] = []  # "across 8 GPUs" on a line naming no board: (count, turn)
    boarded, measured, drafts = set[int](), sorted(measuring), list[str]()  # (turns named a board; results; drafts)
    (result_items, items), after = _items(doc), after_results(doc) | required_or_advised(doc)  # (own, not the page's)
    for no in range(1, len(doc.lines) + 1):
        text = presupposed(doc.setup_line(no), no == title)  # (a question: no setup; a title: its model)
        if no <= skip_to or not text.strip() or len(text) > 4000 or no in unread:
            continue
        text = unrestricted(text)
        is_command = no not in body and is_command_line(text.strip())
        if is_command and text.rstrip().endswith("\\"):
            text, skip_to = continued(doc, no, len(doc.lines), text.strip())  # its flags on the lines it continues
        values, models, scope = _line_values(text, is_command, command, no in grids, no == doc.blocks[0].start)
        if not values and not models:
            continue  # (most lines state no setup: nothing below reads them)
        if (is_command or quotes_command(text)) and not SERVER_COMMAND_RE.search(text):  # ("cmd: `python3 x.py`")
            runs.append((no, frozenset(values)))
        models = _drafts_apart(models, drafts)
        scope = _boards_of_runs(values, text, counts, bisect.bisect_right(turn_starts, no) - 1, scope)
        # where the line stands, once for its keys: a test id's YAML key ("TestX::test_fp8_mtp2:") sets up its test;
        # a result's line ("- Qwen3 8B GSM8K at conc 1: 0.912") its own settings, not the one model and machine
        t, run_line = bisect.bisect_right(turn_starts, no) - 1, bool(runs) and runs[-1][0] == no
        anywhere = no in grids or no in after or test_key(text) is not None or names_one_test(doc.line(no))
        lead, head, sect, meas = no in leads, no in headings, no in sectioned, no in measuring
        mine, clause_own = no in result_items or no in facts.changes, clause_own_at(doc, no, is_command)
        client, over = EVAL_CLIENT_KEY if is_command and reproduces_eval(doc, no) else "", opens_block(doc.line(no + 1))
        for k, v in [*values.items(), *scope, *(("model", m) for m in models)]:  # (client: "## Evaluation"'s lm_eval)
            if _no_default(k, v, no in items, k == client, run_line) or (k in SWITCH_KEYS and over):
                continue  # ("acme/M, TP8 + EP" over one paste of three: that run's switch, no other run's)
            if is_command or no not in pasted:
                outside.add(k)
            own_scope = k != client and (  # (clause_own: "On H100 with TP=2 ...; on A100 it is 0.89")
                k in clause_own
                or anywhere
                or (no in later and _later_own(k, t in boarded, measured, no, turns[t][1]))
                or k in (*later_runs(doc).own.get(no, ()), *armed_keys(doc, no))  # (a later run's; an arm's server's)
                or _lead_own(k, lead, head, measured, no)
                or (mine and k != "model" and k not in COUNTED_DEVICE_KEYS)  # (its machine, a CPU, a count: the turn's)
                or (sect and (k in WORKLOAD_KEYS or (meas and k != "gpu")))
            )
            said.append((no, k, v, not own_scope))
            if own_scope:
                led.setdefault(k, []).append(v)
                led_turns.setdefault(k, []).append(t)
            else:
                seen.setdefault(k, []).append(v)
                turns_of.setdefault(k, set()).add(t)
                by_turn.setdefault(k, {}).setdefault(t, []).append(v)
                if run_line and k in RUN_KEYS:
                    from_runs.append((k, v, t))
        boarded.update((t,) if "gpu" in values else ())
    change_items_own(doc, items, said, seen, (led, led_turns), by_turn, turns_of)  # ("- Fix X FP8 KV-cache")
    seen = _runs_own(from_runs, seen, led, led_turns, by_turn) if len({keys for _, keys in runs}) > 1 else seen
    _counted_in_turn(seen, by_turn, _sectioned_boards(said, facts.sections))
    unnamed_model(doc, said, drafts, seen)  # (one model named beside results only; one draft checkpoint alone)
    owners = _owner_turns(doc, turns)
    _title_defaults(doc, turns, owners, seen, led)
    elsewhere = _led_elsewhere(led, led_turns, turns_of, owners)
    here = {k: [v for v in vals if v not in elsewhere.get(k, ())] for k, vals in led.items()}
    out = title_readings(doc, _one_value_each(seen, here, varied), seen, here, said, varied)
    if "quant" in seen and "quant" not in out:
        out.pop(COMPUTE_DTYPE, None)  # two precisions named: the dtype computed in is neither (settle_precision)
    _settled(doc, out, counts, turns_of)
    own = _turns_own(out, turns_of, owners, elsewhere)
    _each_turn_its_own(by_turn, out, varied, own, owners)
    (reach if reach is not None else {}).update(default_reach(doc, out, said, owners, measuring))
    _printed_keys(doc, printed, reach, out, outside, said)
    return out, [(turns[t][0], turns[t][1], values) for t, values in sorted(own.items())]


def _lead_own(key: str, lead: bool, head: bool, measured: list[int], no: int) -> bool:
    """A lead's setup is its own block's, but a heading's machine is the one a thread names for all, unless results
    stand above it ("### E2E results (B300)" under a kernel grid: that section's machine, never the grid's)."""
    if key == "gpu" and head:
        return bool(measured) and measured[0] < no
    return lead


def _printed_keys(
    doc: Document,
    printed: set[str] | None,
    reach: dict[str, list[tuple[int, int, str]]] | None,
    out: dict[str, str],
    outside: set[str],
    said: list[Statement],
) -> None:
    """Into `printed`, the default's load keys only pastes state (a tool's output names its model and TP too), and
    into `reach` where each holds."""
    if printed is not None:
        printed.update((out.keys() - outside) & {"concurrency"})
        (reach if reach is not None else {}).update(printed_reach(doc, printed, out, said))


def _counted_in_turn(
    seen: dict[str, list[str]], by_turn: dict[str, dict[int, list[str]]], apart: Callable[[str, str], bool]
) -> None:
    """ "8×NVIDIA H200" on a post's setup line and "NVIDIA_H200" in a bullet of the same post: one machine, the
    counted one (in place; so are "four Atlas A2 cards" and "one Atlas 800T A2 node", the member counted); a bare
    board in another post ("on one L40S" beside a reviewer's "two L40S") is its own, and so is one a result section
    states where only a sibling section states the counted one (`apart`)."""
    turns = by_turn.get("gpu", {})
    swaps = {t: swap for t, vals in turns.items() if (swap := counted_boards(vals) or member_counts(vals))}
    for t, swap in swaps.items():
        turns[t] = [v if apart(v, swap.get(v, v)) else swap.get(v, v) for v in turns[t]]
    if swaps:
        seen["gpu"] = [v for vals in turns.values() for v in vals]


def _sectioned_boards(said: list[Statement], sections: list[tuple[int, int]]) -> Callable[[str, str], bool]:
    """Whether two boards are stated each in its own result sections, never one where the other is: "- GPU: L40S"
    over one section's table and "GPU: 2x L40S" over a later section's are two machines, each its section's."""
    where: dict[str, set[int]] = {}  # each board's sections (-1: a line outside every result section)
    starts = [first for first, _ in sections]
    for no, key, value, _ in said:
        if key == "gpu":
            k = bisect.bisect_right(starts, no) - 1
            where.setdefault(value, set()).add(k if k >= 0 and no <= sections[k][1] else -1)

    def apart(bare: str, counted: str) -> bool:
        mine, theirs = where.get(bare, {-1}), where.get(counted, {-1})
        return bare != counted and -1 not in mine | theirs and not mine & theirs

    return apart


def _drafts_apart(models: list[str], drafts: list[str]) -> list[str]:
    """The served models of `models`; the draft checkpoints among them go to `drafts` (the served model is another,
    when one is named)."""
    drafts.extend(m for m in models if is_draft_model(m))
    return [m for m in models if not is_draft_model(m)]


def _no_default(key: str, value: str, in_item: bool, harness: bool = False, command: bool = False) -> bool:
    """Whether a stated value counts for no default: a key no default holds, "[TP0]" (a rank), "2. enable PD disagg
    for X" (a listed change: a feature, no run's mode), a CPU key's value naming no CPU (a device listing's line).
    An eval harness's client ("lm_eval --model hf", `harness`: in a section of its own, no table's) and the engine
    path a run's `command` selects (vocab.flags.COMMAND_DEFAULT_KEYS; a run in process, never a server's launch,
    whose flags hold as far as its launch reaches) are keys a default holds: the page says how every score it prints
    was taken (a serving bench's "--backend" stays its own run's)."""
    held = harness or (command and key in COMMAND_DEFAULT_KEYS)
    return (
        (key not in DEFAULT_KEYS and key != "engine" and not held)
        or (key in PARALLEL_KEYS and value == "0")
        or (key == "serving" and in_item)
        or (key == "cpu" and not is_cpu_name(value))
    )


def _items(doc: Document) -> tuple[set[int], set[int]]:
    """The first lines of the list items that state a result, and the lines of every list item."""
    items = [b for b in doc.blocks if b.kind == "item" and not b.in_code]
    results = {b.start for b in items if states_result(b.text[:300])}
    return results, {no for b in items for no in range(b.start, b.end + 1)}


def _later_own(key: str, boarded: bool, measured: list[int], line: int, last: int) -> bool:
    """A key stated at `line`, in a section with no results after sections with results, is its own runs' (see
    _later_lines), but a board where its turn named none before (`boarded`) and no result follows up to the turn's
    `last` line: "### Only change / The same H200 job, ..." under results that state no device names the board
    they ran on. `measured`: the lines that hold a result, sorted."""
    if key != "gpu" or boarded:
        return True
    k = bisect.bisect_right(measured, line)
    return k < len(measured) and measured[k] <= last


def _later_lines(sectioned: set[int], measuring: set[int]) -> set[int]:
    """The lines of the sections with no results after sections that have them ("## Reproducing", its build lines
    and config files): they set up the runs they describe, not the results already printed above them."""
    first_result = min(measuring, default=max(sectioned, default=0) + 1)
    return {no for no in sectioned - measuring if no > first_result}


def _title_defaults(
    doc: Document,
    turns: list[tuple[int, int]],
    owners: set[int],
    seen: dict[str, list[str]],
    led: dict[str, list[str]],
) -> None:
    """What the title alone says, where no line says more: its family ("[Feature] Gemma MTP support" and no model
    named in full anywhere: Gemma) and its backend ("vulkan : faster mat-vec for q4_0": the runs were on Vulkan)."""
    if "model" not in seen and "model" not in led and (family := _family_named(doc, turns, owners)):
        spans = [turns[t] for t in sorted(owners)] if turns else [(1, len(doc.lines))]
        seen["model"] = [family_member(doc, family, spans)]
    if "backend" in seen or "backend" in led or not doc.blocks:
        return
    # (not CUDA where the runs were on an AMD board: vocab.backends)
    if gb := title_backend(doc.blocks[0].text, [*seen.get("gpu", ()), *led.get("gpu", ())]):
        seen["backend"] = [gb]


def _boards_of_runs(
    values: dict[str, str], text: str, counts: list[tuple[str, int]], turn: int, scope: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """Drop from a line's values the boards and precisions it names that no run was timed on: "Draft decoding also
    works on MI300" (where a feature runs), "a runtime for use with 4-bit GPTQ weights" (what it can load), "a smoke
    run with 8 GPUs" (a count of boards the line does not name: kept aside in `counts` with the line's `turn`, for
    _count_of_board), "x 208 GPUs ... x 192 GPUs" on H100 and GB200 (each machine's count, neither the document's).
    Of the line's `scope` (scope_values), what comes back is what it still names: "also works on MI300 and MI250"
    names neither board."""
    if ("gpu" in values or "quant" in values) and _WORKS_ON_RE.search(text):
        values.pop("gpu", None)
        values.pop("quant", None)  # "for use with 4-bit GPTQ weights": the weights it can load, not a run's
    if "gpu_count" in values and ("gpu" not in values or {"gpu", "gpu_count"} & named_twice(text)):
        count = values.pop("gpu_count")
        if "gpu" not in values and "gpu_count" not in named_twice(text):
            counts.append((count, turn))
    return [(k, v) for k, v in scope if k in values]


def _settled(doc: Document, out: dict[str, str], counts: list[tuple[str, int]], turns_of: dict[str, set[int]]) -> None:
    """The default's last readings: a board's count stated apart (_count_of_board), and the page's one engine (a
    caption's "vLLM v0.9.1") only where the page names no other: "Unlike SGLang, ..." beside it speaks of two, and
    its prose results may be either's."""
    _count_of_board(out, counts, turns_of)
    if "engine" in out and engines_in_text("\n".join(doc.lines)) != {out["engine"]}:
        out.pop("engine")


def _count_of_board(out: dict[str, str], counts: list[tuple[str, int]], turns_of: dict[str, set[int]]) -> None:
    """ "Added GB200 ... testing" and "running these benchmarks across 8 GPUs" in one turn: the count, one value in
    the turns that name the document's one board, is that board's ("8xGB200"); a count where no board is named
    stays no setup."""
    gpu = out.get("gpu")
    said = {c for c, t in counts if t in turns_of.get("gpu", ())}
    if gpu and not gpu[:1].isdigit() and len(said) == 1:
        out["gpu"] = f"{said.pop()}x{gpu}"


def _leads_and_heads(
    doc: Document, bold: Sequence[Block] | None, variants: frozenset[int] | None
) -> tuple[set[int], set[int]]:
    """The lines that state a setup for what follows them only (lead-ins, a variant's item, a bold head), and the
    lines that head a section (headings, bold heads)."""
    leads = lead_in_lines(doc)
    # "- fast: TP4 + MTP 3-1-4": the settings of the variant it names, not the document's
    leads |= variant_lines(doc) if variants is None else variants
    # a sub-heading's model and settings are its section's; the one machine a thread names is everyone's
    headings = {b.start for b in doc.blocks if b.kind == "heading"}
    # a bold phrase opening a paragraph heads it as a heading would ("**Sweep point, concurrency 16**")
    bold_lines = {b.start for b in (bold_paragraph_heads(doc) if bold is None else bold)}
    # ("- ctx TP1 -> gen TP1, gsm8k:" over its results' items: theirs)
    # ("org/M FP8, TP8" over one paste, "other/M-Int4 W4A16, TP4" over the next: each its own block's run)
    return leads | bold_lines | run_heads(doc) | sub_item_heads(doc) | sibling_leads(doc), headings | bold_lines


def _unread(doc: Document) -> set[int]:
    """Lines naming no page setup: a handle ("**llama2024** commented"), a command under a table ("reproduced by:"),
    a reference file's entries (each its own setup), a table that documents, a release section of a page whose
    releases state their own settings (its release's), a paste a question asks about ("Separate question: why is")."""
    return (
        {b.start for b in doc.blocks if b.kind == "comment"}
        | release_lines(doc)
        | table_command_lines(doc)
        | reference_lines(doc)
        | documentation_lines(doc)
        | asked_pastes(doc)
    )


def _runs_own(
    from_runs: list[tuple[str, str, int]],
    seen: dict[str, list[str]],
    led: dict[str, list[str]],
    led_turns: dict[str, list[int]],
    by_turn: dict[str, dict[int, list[str]]],
) -> dict[str, list[str]]:
    """ "run_eval.py --eval-name mmlu" and "bench_serving.py --max-concurrency 8": two runs of two kinds, each
    command's workload its own runs' (setup.find_setups scopes them), none the document's: the values move from
    `seen` to `led`; the keys left with values in `seen` come back."""
    for k, v, t in from_runs:
        seen[k].remove(v)
        led.setdefault(k, []).append(v)
        led_turns.setdefault(k, []).append(t)
        by_turn[k][t].remove(v)
    return {k: vals for k, vals in seen.items() if vals}


# "also works on MI300", "is supported on MI250 as well", "compatible with T4": a capability, not a measurement
# (a run "on" a machine is where it was measured); "took 2.788M H800 GPU hours": what training cost
_WORKS_ON_RE = re.compile(
    r"\b(?:works?|supported|support(?:s|ed)?\sfor|compatible|for\suse)\s(?:\w{1,12}\s){0,2}?(?:on|with)\b|"
    r"\bGPU[ -]hours?\b",
    re.IGNORECASE,
)


def _line_values(
    text: str, is_command: bool, command: Callable[[str], dict[str, str]], grid: bool = False, title: bool = False
) -> tuple[dict[str, str], list[str], list[tuple[str, str]]]:
    """The setup keys a line states but the model, and the models it names (every one: "(Phi-1.5 and Phi-2)"), but
    those it only wonders about ("whether the huge Kimi2-1T behaves the same ..."); of a `grid`'s header (columns
    with setups of their own), no length or load: "| batch | 4K ctx | 16K ctx |" measures at each. Third, the other
    values of the keys a line stating the code's scope names twice (grammar.scope_lines)."""
    scope: list[tuple[str, str]] = []
    if is_command:
        flags = command(text)  # no model named inside another flag's value
        words = qualifiers(text[:2000])
        if COMPUTE_DTYPE in flags:
            words.pop("quant", None)  # "--dtype bfloat16" is the engine's dtype, not a quantisation named
        values = {**words, **flags}
        models = [values["model"]] if "model" in values else []
    else:
        values = uncompared(line_setup(text[:2000]), text)  # ("in line with H200's 97.0%": another run's board)
        scope = [(k, v) for k, v in scope_values(values, text) if uncompared({k: v}, text)]  # ("- Add X for SM100")
        for span in INLINE_CODE_RE.findall(text[:2000]) if "`" in text else ():
            if is_command_line(span):
                # "`llama-bench -p 2048 -n 0 -ngl 99`, three rounds each": a command quoted in a sentence is run
                values = {**values, **command(span)}
        models = tagged_models(text, model_names(text[:2000])) if title else model_names(text[:2000])
        if "model" in values and values["model"] not in models:
            models.append(values["model"])  # "Model: org/name" under a label
        if "/" in text and (folder := folder_checkpoint(text, models)):
            models = [folder]  # ("convert llama2 /data/meta-llama/Llama-2-7b-chat-hf": the checkpoint it loads)
    values.pop("model", None)
    if grid:
        values = {k: v for k, v in values.items() if k not in WORKLOAD_KEYS}
    if models and (hedged := passing_models(text)):
        models = [m for m in models if m not in hedged]
    return values, models, scope


def _led_elsewhere(
    led: dict[str, list[str]], led_turns: dict[str, list[int]], turns_of: dict[str, set[int]], owners: set[int]
) -> dict[str, list[str]]:
    """Each key's lead-in values in turns other than those that name it in prose: "Same kernel on a P40:" in a
    reviewer's comment shows the key varies between turns, not inside the one that names its value (the title
    and the description are the owner's one turn)."""
    return {
        k: [v for v, t in zip(vals, led_turns[k], strict=True) if t not in _with_owners(turns_of[k], owners)]
        for k, vals in led.items()
        if k in turns_of
    }


def _turns_own(
    out: dict[str, str], turns_of: dict[str, set[int]], owners: set[int], elsewhere: dict[str, list[str]]
) -> dict[int, dict[str, str]]:
    """Takes from `out` the values that are some turns' own, not the thread's, and gives them by turn: a key only
    one comment names, and a key whose value another turn's lead-in contradicts."""
    own: dict[int, dict[str, str]] = {}
    for key in list(out):
        where = turns_of.get(key, {0})
        if len(where) == 1 and (t := next(iter(where))) not in owners:
            own.setdefault(t, {})[key] = out.pop(key)
        elif {spelled(key, v) for v in elsewhere.get(key, ())} - {spelled(key, out[key])}:
            value = out.pop(key)
            for t in _with_owners(where, owners) if key in DEVICE_KEYS else where:  # (the owner's machine: all posts)
                own.setdefault(t, {})[key] = value
    return own


def _each_turn_its_own(
    by_turn: dict[str, dict[int, list[str]]],
    out: dict[str, str],
    varied: set[str],
    own: dict[int, dict[str, str]],
    owners: set[int],
) -> None:
    """ "Measured on M3 Pro" in the description, "M1 Ultra with 64-core GPU:" in a reviewer's comment: no one value
    of the key for the thread, but each turn that names one value of it has its own (added to `own`); a turn that
    names several (an earlier comment's pasted sweep, "prefill 537" and "prefill 1000" on its rows) keeps none, and
    takes none from a later turn's "615 input tokens/request"."""
    for key, named in by_turn.items():
        if key in out or key in varied or len(named) < 2:
            continue
        for t, vals in named.items():
            if (value := _one_value_each({key: vals}, {}, set()).get(key)) is not None:
                own.setdefault(t, {})[key] = str(value)
        mine = [v for t, vals in named.items() if t in owners for v in vals]
        if key in DEVICE_KEYS and (value := _one_value_each({key: mine}, {}, set()).get(key)) is not None:
            for t in owners - named.keys():  # the owner's device reaches the owner's later posts that name none
                own.setdefault(t, {})[key] = str(value)


def _with_owners(where: set[int], owners: set[int]) -> set[int]:
    return where | owners if where & owners else where


def _one_value_each(seen: dict[str, list[str]], led: dict[str, list[str]], varied: set[str]) -> dict[str, str]:
    """The keys the document gives one value: all its spellings one value, or spellings of one model, or the model
    it names far more often than any other."""
    out: dict[str, str] = {}
    for key, vals in spelled_keys_apart(seen).items():  # (a title's "qwen3.5-fp8-...-sglang": the text's Qwen3.5-397B)
        # a lead-in's value is not the document's, but one that differs shows the key varies
        # (a precision by its canonical name: "W4A8" and "W4AFP8" in one document are one scheme)
        # (each spelling once: a document names its one GPU or precision on hundreds of lines)
        normed = {spelled(key, v) for v in {*vals, *led.get(key, [])}} - {""}
        if not normed or key in varied:
            continue
        longest = max(normed, key=len)
        # "8B" in "Llama-3.1-8B-Instruct" is one model; "1" in "16" two tensor-parallel sizes
        # (containment joins spellings of one model only: "float16" inside "bfloat16" is another precision)
        if (
            len(normed) == 1
            or (key == "model" and len(min(normed, key=len)) >= 4 and all(n in longest for n in normed))
            or (key == "model" and one_model([*vals, *led.get(key, [])]))
        ):
            # (the first of the longest, as max over every value would give: equal values are one string)
            # (a model by the sized name, where only a lead-in sizes it: "Qwen3-30B-A3B" over "qwen3_moe")
            pool = [*vals, *(v for v in led.get(key, []) if sized_name(v))] if key == "model" else vals
            out[key] = max(dict.fromkeys(pool), key=spelling_rank if key == "model" else lambda v: len(norm(v)))
        elif key == "model" and (main := main_model([*vals, *led.get(key, [])])) is not None:
            out[key] = main
        elif key == "model" and (shared := shared_checkpoint_model([*vals, *led.get(key, [])])) is not None:
            out[key] = shared  # a BF16 and an FP8 checkpoint of one model: that model, each run's precision its own
        elif (one := one_value(key, {*vals, *led.get(key, [])})) is not None:
            out[key] = one  # "FP4" in a checkpoint's folder, "NVFP4" in the tool's header: one precision
    stated, local = ({spelled("spec_algo", v) for v in d.get("spec_algo", [])} - {"", "none"} for d in (seen, led))
    if "draft_len" in out and local - stated:
        out.pop("draft_len")  # a title's "MTP=2" over a lead-in's EAGLE runs: the length of a method not the runs' own
    return out


_RUN_VERB_RE = re.compile(
    r"\b(?:run|ran|runs|test(?:ed|s)?|benchmark(?:ed|s)?|measur(?:ed|es)|evaluat(?:ed|es?)|serv(?:e|ed|ing)|"
    r"launch(?:ed)?|profiled)\b",
    re.IGNORECASE,
)


def _family_named(doc: Document, turns: list[tuple[int, int]], owners: set[int]) -> str | None:
    """The model family the title names, else the one the owner's turns (`owners`) name in prose ("for existing and
    new gpt-oss speculators"), where no model is named in full anywhere; None where they name none, or two."""
    if not doc.blocks:
        return None
    if family := title_family(doc.blocks[0].text) or title_abbreviation(doc.blocks[0].text):
        return family
    spans = [turns[t] for t in sorted(owners)] if turns else [(1, len(doc.lines))]
    named = {
        f.lower(): f
        for b in doc.blocks
        if b.kind in ("text", "item")
        and not b.in_code
        and any(a <= b.start <= z for a, z in spans)
        # (as the setup readers read it: a failed run's model blanked; not "v1 does not support Mixtral": in passing)
        and _RUN_VERB_RE.search(text := " ".join(map(doc.setup_line, range(b.start, min(b.end, b.start + 4) + 1))))
        and (f := title_family(text[:300]))
        # (not one of a list, "used by most decoder models (Llama, Gemma, Qwen, ...)": the families an op is hot in
        # name no one model its timings ran)
        and title_family(re.sub(re.escape(f), " ", text[:300], flags=re.IGNORECASE)) is None
    }
    return next(iter(named.values())) if len(named) == 1 else None


def _owner_turns(doc: Document, turns: list[tuple[int, int]]) -> set[int]:
    """The turns of the thread's owner: the description, or when it holds nothing but its title, every comment of
    the first commenter (the author, continuing); another reviewer's setup is that reviewer's."""
    comments = {b.start: b for b in doc.blocks if b.kind == "comment"}
    title = next((b.start for b in doc.blocks), 0)  # a heading, or in a rendered copy a plain first line
    body = any(
        b.kind not in ("heading", "comment") and b.start != title for b in doc.blocks if b.start < turns[0][1] + 1
    )
    opening = comments.get(turns[1][0]) if len(turns) > 1 else None
    described = opening is not None and opening.info == "description"  # ("alice · description · date")
    if (body and not described) or opening is None:
        return {0}
    # (the description's author goes on in later comments: "pushed one more commit" over a table is the same machine)
    return {0} | {t for t, (a, _) in enumerate(turns) if t > 0 and (c := comments.get(a)) and c.text == opening.text}
