"""The setup each result was measured under, read from the text around it: headings, command lines,
setting lines in tool output and the lead-in of a block.

    ## Results on Llama-3.1-8B-Instruct, H100, TP=2        a heading: model, gpu, tp for its section (not
                                                          the PR's title: it names the change, not the run)
    python -m sglang.launch_server --model X --tp 4 ...   a command line: its flags, for the blocks after it
    ### causal=True, headdim=128, batch_size=16 ###         a line of settings in console output
    m=16                                                  ... for the lines under it, to the next one
    concurrency: 128                                      a setting printed by the tool itself
    EAGLE-3 (num_steps=8):                                a block's lead-in naming the variant under it

A setup holds over a scope of lines: a heading's over its section, a command's to the end of its section
(or the next command), a setting line's to the end of its code block (or the next setting line of the
same key), a lead-in's over the block it introduces. Scopes nest; an inner one's keys win, and a claim's
own config (a table's column, a row's name) wins over all of them. Keys are written as the vocabulary
names them (ledger.vocab.setup); values as printed.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence
from functools import partial

from ledger.parsers.grammar.after_results import after_results, leading_scopes
from ledger.parsers.grammar.author_turns import carried_turns
from ledger.parsers.grammar.caption_models import caption_model_scopes
from ledger.parsers.grammar.checkpoint_leads import checkpoint_lead, paragraph_checkpoint
from ledger.parsers.grammar.clause_keys import clauses_apart
from ledger.parsers.grammar.code_setups import code_setups
from ledger.parsers.grammar.colon_leads import leads_block, prose_lead
from ledger.parsers.grammar.command_labels import (
    command_back,
    section_runs_reach,
    states_section_runs,
)
from ledger.parsers.grammar.command_runs import (
    command_end,
    prose_runs,
    quoted_commands,
    runs_to_the_next,
    turns_from_the_first_run,
)
from ledger.parsers.grammar.commands import command_setup as command_setup  # read here by the readers of blocks
from ledger.parsers.grammar.commands import perplexity_scopes, prose_flags, unfenced_echoes
from ledger.parsers.grammar.control_sections import controls_apart
from ledger.parsers.grammar.default_reach import Statement, beside_models, eval_only_keys, required_or_advised
from ledger.parsers.grammar.document_default import document_default
from ledger.parsers.grammar.eval_commands import clause_tasks, eval_scopes, task_settings
from ledger.parsers.grammar.fuller_names import fuller_names
from ledger.parsers.grammar.group_labels import text_group
from ledger.parsers.grammar.heading_setup import (
    heading_setup,
    item_heading,
    lead_settings,
    opening_setup,
    section_ends,
    section_heading_values,
    setup_sentence,
    whole_bold,
)
from ledger.parsers.grammar.later_runs import later_runs
from ledger.parsers.grammar.launch_reach import launch_end, launches
from ledger.parsers.grammar.lead_ins import (
    bracketed_lead_model,
    first_arms_values,
    joined_features,
    lead_in_setup,
    name_line,
    names_its_block,
    run_heads,
    sub_item_heads,
    sub_items_end,
    test_lead_setup,
)
from ledger.parsers.grammar.line_scopes import line_scopes, one_test_item
from ledger.parsers.grammar.line_setup import DEFAULT_KEYS
from ledger.parsers.grammar.machine_items import device_scope, machine_scopes
from ledger.parsers.grammar.model_headings import lead_end
from ledger.parsers.grammar.model_values import settled_model
from ledger.parsers.grammar.paragraph_scopes import run_end, text_scope_words
from ledger.parsers.grammar.reference_yaml import reference_entries
from ledger.parsers.grammar.result_machine import result_machine_scopes
from ledger.parsers.grammar.row_commands import table_command_scopes
from ledger.parsers.grammar.section_results import measures
from ledger.parsers.grammar.setting_arms import setting_arm_lines
from ledger.parsers.grammar.setting_items import setting_item_scopes
from ledger.parsers.grammar.setting_rows import table_settings
from ledger.parsers.grammar.setup_index import SetupIndex as SetupIndex  # the readers' name for it
from ledger.parsers.grammar.setup_index import SetupScope as SetupScope
from ledger.parsers.grammar.setup_scopes import (
    bold_paragraph_heads,
    heads_section,
    inline_settings,
    is_setup_title,
    label_setup,
    line_setup,
    section_facts,
    section_workloads,
    states_remedy,
    unrestricted,
    with_draft,
)
from ledger.parsers.grammar.setup_sections import class_indexes, setup_sections, under_release_settings
from ledger.parsers.grammar.shell_variables import shell_variables, used_variables
from ledger.parsers.grammar.sides import feature_side_scopes
from ledger.parsers.grammar.spec_leads import spec_lead
from ledger.parsers.grammar.switch_items import switch_item_scopes
from ledger.parsers.grammar.table_captions import caption_lines, captioned_table
from ledger.parsers.grammar.table_kinds import cut_lead
from ledger.parsers.grammar.table_wide import derived_index
from ledger.parsers.grammar.variant_items import variant_item, variant_lines
from ledger.parsers.grammar.varied import table_titles
from ledger.parsers.reader.document import Block, Document, is_command_line
from ledger.parsers.reader.line_kinds import bold_heading, ends_in_colon, is_console_banner
from ledger.vocab.context_words import describes_windowed_evaluation
from ledger.vocab.matmul_kernels import KERNEL_KEY, kernel_setting
from ledger.vocab.model_spellings import models_named_twice
from ledger.vocab.setup import named_twice, setup_label_key
from ledger.vocab.setup_labels import states_settings

# an item that reports a result (a decimal, a percentage) rather than the setup of the results below it
_RESULT_RE = re.compile(r"\d\.\d|%|:")  # ("Passkeys: MTP2 with FP8 KV": a labelled item names its result)


_Spans = list[tuple[int, int, dict[str, str]]]
"""Setup values by the lines they hold over: (first line, last line, values)."""


def _own_heads(doc: Document, variants: frozenset[int], after: frozenset[int]) -> frozenset[int]:
    """The lines whose setup is some narrower scope's, never a section's workload: variants, table titles, run heads,
    sub-items, lists after results, captions, and advice on when to pick a path ("GEMV: best for batch size 1")."""
    heads = variants | table_titles(doc) | run_heads(doc) | sub_item_heads(doc) | after | caption_lines(doc)
    return heads | required_or_advised(doc)


def find_setups(
    doc: Document, revision_lines: frozenset[int] = frozenset(), sided: Sequence[SetupScope] = ()
) -> SetupIndex:
    """The setup scopes of a document (see the module docstring); `revision_lines` are the lines that open a
    revision (their lead-ins name a revision, not a variant); `sided` the settings their side labels name."""
    last, env, used = len(doc.lines), shell_variables(doc), used_variables(doc)
    variants, facts = variant_lines(doc), section_facts(doc)  # (the section and document readers both read them)
    scopes: list[SetupScope] = []  # widest first: each turn's setup section; every narrower scope wins
    scopes.extend(SetupScope(a, z, dict(values)) for a, z, values in setup_sections(doc))  # (copies: fuller_names)
    lent, evals, tasked = _Spans(), _Spans(), list[SetupScope]()  # (loads lent on; evals'; each eval command's own)
    scopes.extend(leading_scopes(doc, after := after_results(doc)))  # (a list after results: its next table's)
    own_heads = _own_heads(doc, variants, after) | setting_arm_lines(doc, revision_lines)  # ("**With X**": its side's)
    workloads = section_workloads(doc, lambda text: command_setup(text, env), own_heads, facts, lent, evals)
    scopes.extend(SetupScope(a, z, values) for a, z, values in under_release_settings(doc, workloads))  # (releases')
    scopes.extend(SetupScope(start, end, values) for start, end, values in machine_scopes(doc))  # over sub-sections
    heads = _section_heads(doc)
    bold = bold_paragraph_heads(doc)  # a bold line opening a paragraph ("**bs=1**") heads what follows, to the next
    ends = section_ends(doc, heads, bold, revision_lines)
    end_starts = [b.start for b in ends]
    title = next((b.start for b in heads if b.kind == "heading"), 0)
    for k, b in enumerate(heads):
        if b.kind != "heading":
            continue
        if not heads_section(doc, b, title):
            continue  # the PR's title: what it changes, not what each result was measured on ("... for Qwen3-Next"
            # over a Llama smoke test); a page's later "# Mistral 7B" heads its section as any heading does
        values = section_heading_values(doc, b.text)
        if values:
            end = next((h.start - 1 for h in heads[k + 1 :] if h.kind == "comment" or h.level <= b.level), last)
            scopes.append(SetupScope(b.start, end, values))
    for b in bold:  # "**INT8**" over its eval's output: the setup its bold head names holds to the next head
        # (not a lead-in's label, "**Without EAGLE3:**", whose block alone it sets up, nor "**bs=1**", read apart)
        phrase = bold_heading(b.text) or ""
        if not ends_in_colon(phrase) and "=" not in phrase and (values := heading_setup(phrase)):
            scopes.append(SetupScope(b.start, _section_end(ends, end_starts, b.start, last), values))
    blocks = doc.blocks
    runs: list[SetupScope] = []
    shown = [b.start for b in blocks if b.kind in ("table", "code")]  # (where a section shows runs of its own)
    for k, b in enumerate(blocks):
        if b.kind == "code":
            back = command_back(doc, blocks, k, partial(_section_start, end_starts))  # ("Command" under results)
            end = command_end(doc, b, ends, lead_end(doc, ends, end_starts, b, last), last)
            if reference_entries(doc, b) is None:  # (a reference file's keys are each entry's own)
                scopes.extend(code_setups(doc, b, end, env, tasked, back, revision_lines, runs, used))
        elif (
            b.kind == "table"
            and b.table is not None
            and states_settings(b.table.header, [r.cells for r in b.table.rows])
        ):
            # "| Parameter | Value |" over "| Model | foo/bar-1b |": the settings of the runs in its section
            if values := table_settings([b.table.header, *(r.cells for r in b.table.rows)]):
                scopes.append(SetupScope(b.start, _section_end(ends, end_starts, b.start, last), values))
        elif b.kind == "text" and b.in_code and (device := device_scope(blocks, k)) is not None:
            scopes.append(device)  # a fenced console paste: its device listing over its table
        elif b.kind in ("text", "item") and not b.in_code and b.start not in revision_lines:
            # ("Latest head (4f2e9a1c07):" names a revision, not a variant of the setup)
            text = doc.setup_texts.get(b.start, b.text) if b.start == b.end else b.text  # (a copy's unfenced YAML)
            scope = _text_scope(doc, k, lead_end(doc, ends, end_starts, b, last), env, text, variants)
            scope = scope or text_group(doc, b, text, last)  # (an unfenced paste's "TP4" over its lines)
            scopes.extend(text_scope_words(doc, blocks, k, text, scope))
            if states_section_runs(text) and (said := {k: v for k, v in line_setup(text).items() if k == "gpu"}):
                scopes.append(SetupScope(*section_runs_reach(shown, heads, b.start, last), said))  # "All tests on X"
            nxt = blocks[k + 1] if k + 1 < len(blocks) else None
            if nxt is not None and nxt.kind == "table" and nxt.start - b.end <= 2:
                scopes.extend(paragraph_checkpoint(blocks, k))  # "The tests were all done on **30B 4bit 128g**"
            # (a paragraph's wrapped lines: "the golden acceptance / length for depth 3" over its table)
            scopes.extend(spec_lead(blocks, k, _section_end(ends, end_starts, b.start, last)))
            # (a serving paragraph over its table: not the setup of the eval table further down its section)
            scopes.extend(_lead_scopes(doc, blocks, k, scope))
        elif (
            b.kind in ("text", "item")  # (a side's label is one as a list item too: "- after pr 8k/1k")
            and not b.in_code
            and k + 1 < len(blocks)
            and blocks[k + 1].kind in ("code", "table")
            and (values := line_setup(b.text[:300]))
        ):
            scopes.append(SetupScope(b.start, blocks[k + 1].end, values))  # "TP2 after this PR:": its settings too
    runs_to_the_next(doc, prose_runs(doc, scopes, runs))  # ("method: ngram cmd: `...`" over its output: a run's)
    scopes.extend(perplexity_scopes(doc) + table_command_scopes(doc, env) + switch_item_scopes(doc))  # ("-f wiki.raw")
    scopes.extend([*line_scopes(doc), *later_runs(doc).leads])  # (a later run's lead-in: "On X (TP=8):" over a list)
    scopes.extend(unfenced_echoes(doc, lambda no: _section_end(ends, end_starts, no, last)))
    scopes.extend([*sided, *result_machine_scopes(doc, facts.changes)])  # ("On a Ryzen CPU, 1.6X faster" over tables)
    scopes.extend([*setting_item_scopes(doc, lambda text: prose_flags(text, env)), *caption_model_scopes(doc)])
    scopes.extend(feature_side_scopes(doc, lambda line: _section_end(ends, end_starts, line, last)))
    printed: set[str] = set()
    reach: dict[str, list[tuple[int, int, str]]] = {}
    told: list[Statement] = []  # every setup value stated, where, and whether the default counts it
    default, turns = document_default(doc, lambda t: command_setup(t, env), bold, variants, facts, printed, reach, told)
    # a comment's own setup first, which its narrower scopes override (paired commands' keys from the first on)
    own = [SetupScope(a, b, v) for a, b, v in [*turns_from_the_first_run(doc, told, turns), *carried_turns(doc, turns)]]
    tasks = {**task_settings(own + scopes, told, tasked + clause_tasks(doc, scopes), last), **class_indexes(doc, last)}
    scopes = eval_scopes(doc, controls_apart(doc, clauses_apart(doc, scopes), default, reach), evals)  # (one clause's)
    fuller_names(doc, own + scopes, told)  # (a model cut short or abbreviated: the fuller name its turn states)
    idx = SetupIndex.build(own + [SetupScope(s.start, s.end, with_draft(s.values)) for s in scopes], last)
    idx.default, idx.printed, idx.reach, idx.tasks = settled_model(default), frozenset(printed), reach, tasks
    idx.beside, idx.title, idx.derived = beside_models(doc, default, told), title, derived_index(doc)
    idx.scored = eval_only_keys(doc, default, told)  # (an eval's client: its scores' alone; windows: context_words)
    idx.windows = {no: v for no, k, v, _ in told if k == "isl" and describes_windowed_evaluation(doc.setup_line(no))}
    idx.lent, idx.evals = (SetupIndex.build([SetupScope(*t) for t in s], last) if s else None for s in (lent, evals))
    return idx


def _lead_scopes(doc: Document, blocks: list[Block], k: int, scope: SetupScope | None) -> list[SetupScope]:
    """The scope of the paragraph blocks[k]: cut at the first table of the other kind where it stands right over a
    table (table_kinds.cut_lead)."""
    b, nxt = blocks[k], blocks[k + 1] if k + 1 < len(blocks) else None
    if scope is None or b.kind != "text" or nxt is None or nxt.kind != "table" or nxt.start - b.end > 2:
        return [scope] if scope is not None else []
    return [SetupScope(*cut) for cut in cut_lead(doc, nxt, scope.start, scope.end, scope.values)]


def _section_heads(doc: Document) -> list[Block]:
    """The headings and comment lines that end a section's setup; a console's banner that lost its fence ("=====" over
    "REQUEST DETAILS") ends none: the console goes on under it."""
    return [
        b
        for b in doc.blocks
        if b.kind == "comment" or (b.kind == "heading" and not is_console_banner(doc.lines, b.start, b.text))
    ]


def _text_scope(
    doc: Document, k: int, section_end: int, env: Mapping[str, str], text: str, variants: frozenset[int]
) -> SetupScope | None:
    """The setup a line of prose or a list item states (`text`: the block's, as the setup readers read it), and the
    lines it holds over; `variants` are the lines of the variant items whose names a table's rows carry. A sentence
    naming the setting one fix applied ("fixes the fp4 crash by setting max_batch_size=16") holds over itself alone."""
    blocks, b = doc.blocks, doc.blocks[k]
    if not text:
        return None
    if b.kind == "item":
        if (headed := item_heading(blocks, k)) is not None:
            return headed  # "- 0.5B (vLLM)" over its table
        if (below := sub_items_end(blocks, k)) is not None:
            # "- Disaggregated serving (ctx TP1 -> gen TP1), gsm8k:" over its results' items: theirs, no other's
            stated = {k: v for k, v in line_setup(text[:400]).items() if k in DEFAULT_KEYS}
            return SetupScope(b.start, below, stated) if stated else None
        if one_test_item(doc, b.start) or (  # ("- `aggr_upload-r1_fp4_tep4_1k1k`": one test's id, its own)
            variant_item(text) is not None and (b.start in variants or not _heads_block(blocks, k))
        ):
            return None  # "- fast: TP4 + MTP 3-1-4": its variant's settings (the rows it names), not the section's
        label, colon, said = text.partition(":")
        # "- Hardware: MI355X, TP4.", "- GPU: L40S TP=2" (the board, and the layout beside it), a list's "- Model: X"
        # under "- GPU: ..." (even right over a paste): the section's setup, to its end, not one run's
        lab = label.strip(" *_`")
        listed = k > 0 and blocks[k - 1].kind == "item" and blocks[k - 1].end >= b.start - 1
        key = setup_label_key(lab) if colon and len(lab) <= 30 else None
        key = key or (KERNEL_KEY if colon and kernel_setting(lab, said) else None)  # "- Version: GEMV"
        titled = colon and (is_setup_title(lab) or key == "gpu" or (listed and key is not None))
        if titled and (stated := {**label_setup(text), **heading_setup(said[:300])}):
            return SetupScope(b.start, section_end, stated)
        # "- Single-node TP4; EAGLE3 with three speculative tokens;": a list that states the setup, not results
        nxt = blocks[k + 1] if k + 1 < len(blocks) else None
        if nxt is not None and nxt.kind in ("code", "table") and nxt.start - b.end <= 2:
            # "* V0 Qwen/Qwen2.5-VL-3B kv-cache-dtype bf16" over its paste: that paste's setup, and no other's
            stated = {k: v for k, v in setup_sentence(text).items() if k in DEFAULT_KEYS} or label_setup(text)
            if not stated and (model := lead_in_setup(text, colon=False).get("model")):
                stated = {"model": model}  # "* V1 acme/Foo-VL-7B": the model alone
            if stated is not None and "model" not in stated and (model := bracketed_lead_model(text)):
                stated = {"model": model, **stated}  # "- E2E: Wan2.2 T2V A14B FP8 (..., 1 GPU)": its table's model
            return SetupScope(b.start, _block_end(blocks, k + 1), stated) if stated else None
        # ("- Reached 95 tok/s for ISL2K/OSL512, Conc4": its own setup; three settings at least: "MTP2 images" no run's)
        values = setup_sentence(text) if not (_RESULT_RE.search(text) or measures(text)) else {}
        return SetupScope(b.start, section_end, values) if len(values) >= 3 else None
    if is_command_line(text):  # (a server's launch serves its section's sub-sections too: grammar.launch_reach)
        values = command_setup(text, env)
        end = launch_end(doc, b.start, section_end) if launches(text) else section_end
        return SetupScope(b.start, end, values) if values else None
    if (table := captioned_table(blocks, k)) is not None:  # "Executed with 8 threads on a c5.metal ...": the table's
        return SetupScope(table.start, b.end, values) if (values := heading_setup(text[:400])) else None
    nxt = blocks[k + 1] if k + 1 < len(blocks) else None
    if (
        nxt is not None
        and nxt.kind in ("code", "table")
        and nxt.start - b.end <= 2
        and ((tested := test_lead_setup(text)) or ends_in_colon(text) or names_its_block(text) or whole_bold(text))
    ):
        values = (
            tested  # "The test case `X::TestWren9B::test_fp8` passed locally" over its output: that test's run
            or lead_in_setup(text, colon=False)
            or lead_settings(text)  # ("EAGLE-3 (num_steps=8):", "with `kv_cache_dtype="fp8"`:")
            # "GPU: NVIDIA B200" right over its kernel's table: that table's board (a line the sentence reader reads,
            # "concurrency=64; ISL/OSL=1K/2K; DEP=8:", is read whole below)
            or (label_setup(text) if not setup_sentence(unrestricted(text), True) else {})
            # ("Sweep on the new head, GPU: Vendorix VX-900:": the board its label names amid the lead-in)
            or {k: v for k, v in inline_settings(text[:400]).items() if k == "gpu"}
        )
        if values:  # "EAGLE-3 (num_steps=8):", "main", "For B = 8, T = 2048, NH = 16:"
            return SetupScope(b.start, _block_end(blocks, k + 1), values)
    if (
        nxt is not None
        and nxt.kind == "item"
        and nxt.start - b.end <= 1
        and (named := name_line(b.text if "/commit" in b.text else text)) is not None
        and (values := lead_in_setup(named, colon=False))
    ):
        return SetupScope(b.start, _named_end(blocks, k, section_end, values), values)  # "FooServe" over its list
    if nxt is not None and nxt.kind == "text" and nxt.start == b.end + 1 and ends_in_colon(text):
        values = lead_in_setup(text)  # a copied page's "EAGLE-3 (num_steps=8):" over the unfenced lines under it
        if values:
            return SetupScope(b.start, run_end(blocks, k + 1), values)
    if led := prose_lead(blocks, k, text) or device_scope(blocks, k) or checkpoint_lead(blocks, k, text, section_end):
        return led  # (a lead-in's next arm, grammar.colon_leads; a device; a checkpoint's precision, checkpoint_leads)
    lead = leads_block(blocks, k)  # (right over its block, or over a side's label over it: "Baseline" over a paste)
    # "GB200, TP1, full gsm8k.", "With `--speculative-num-steps 8` I compared ...": the section's setup
    values = first_arms_values(text, lambda t: {**opening_setup(unrestricted(t), lead), **prose_flags(t, env)})
    for span in quoted_commands(text):  # ("cmd: `python3 x.py --hf-output-len 2048`": every flag of its run)
        values = {**values, **command_setup(span, env)}
    for key in named_twice(text) | models_named_twice(text) if values else ():  # (a key named twice: one it found)
        values.pop(key, None)  # "on an RTX 4080 Super and an RTX 3090 Ti": each result says which
    labelled = label_setup(text)
    if "model" in labelled:
        values["model"] = labelled["model"]  # "target model: Code Llama 34B": the name whole, not its family's
    elif "draft_model" in labelled:
        values.pop("model", None)  # "draft model: Qwen2.5 0.5B": the draft's name, not the model served
    if lead and nxt is not None and nxt.kind == "item" and ends_in_colon(text):
        section_end = _list_end(blocks, k + 1)  # "DSv4-Flash 200-sample GSM8K, FP8 KV cache:" over its list alone
    elif lead and values and "variant" not in values and (added := joined_features(text)) is not None:
        values["variant"] = added  # "org/M, TP8 + EP" over its paste: that run's, told from "org/M, TP8" above it
        section_end = _block_end(blocks, k + 1)
    return SetupScope(b.start, b.end if not lead and states_remedy(text) else section_end, values) if values else None


def _heads_block(blocks: list[Block], k: int) -> bool:
    """Block k stands right over a table or a paste (a blank line at most between)."""
    nxt = blocks[k + 1] if k + 1 < len(blocks) else None
    return nxt is not None and nxt.kind in ("code", "table") and nxt.start - blocks[k].end <= 2


def _section_start(starts: list[int], line: int) -> int:
    """The first line of the section (after its heading, bold head or comment line) that holds `line`."""
    i = bisect.bisect_left(starts, line)
    return starts[i - 1] + 1 if i > 0 else 1


def _section_end(heads: list[Block], starts: list[int], line: int, last: int) -> int:
    """The line before the next heading or comment after `line` (a command's setup holds to there)."""
    i = bisect.bisect_right(starts, line)
    return heads[i].start - 1 if i < len(heads) else last


def _named_end(blocks: list[Block], k: int, section_end: int, values: dict[str, str]) -> int:
    """The last line a name alone on block k's line ("FooServe" over "- 8B: 98.4 token/sec") holds over: its list;
    a bold label alone ("**MLPerf**" over its lists) heads its section, to the next label. A benchmark it names is
    left to the task readers (a speed's is its dataset, a score's its task)."""
    b = blocks[k]
    labelled = b.start == b.end and whole_bold(b.text) and "task" not in values
    return section_end if labelled else _list_end(blocks, k + 1)


def _list_end(blocks: list[Block], k: int) -> int:
    """The last line of the list whose first item is block k (items that follow one another)."""
    end = blocks[k].end
    for b in blocks[k + 1 :]:
        if b.kind != "item" or b.start > end + 1:
            break
        end = b.end
    return end


def _block_end(blocks: list[Block], k: int) -> int:
    """The last line of block k and the sub-blocks found inside it."""
    return blocks[k].end
