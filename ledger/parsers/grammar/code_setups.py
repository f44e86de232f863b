"""The setup scopes inside a code block: its command lines (for the rest of the section, or from the results
above when the block is labelled as their command), its setting lines and lead-ins (to the block's end or to the
next one). Apart from grammar.setup, which gathers every kind of scope, for its size."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.parsers.grammar.command_runs import agreed, with_settings
from ledger.parsers.grammar.commands import command_setup, continued, echo
from ledger.parsers.grammar.eval_commands import task_owned, untasked
from ledger.parsers.grammar.fence_parts import block_settings, fence_parts, one_valued, part_of
from ledger.parsers.grammar.group_labels import group_setup
from ledger.parsers.grammar.heading_setup import settings_line
from ledger.parsers.grammar.launch_reach import launch_end, launches
from ledger.parsers.grammar.lead_ins import comment_label, comment_model, lead_in_setup
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.setup_scopes import line_setup
from ledger.parsers.grammar.shell_variables import assigned_variable
from ledger.parsers.reader.document import Block, Document, is_command_line
from ledger.parsers.reader.line_kinds import done_count
from ledger.vocab.flags import SERVER_COMMAND_RE


def code_setups(
    doc: Document,
    block: Block,
    section_end: int,
    env: Mapping[str, str],
    tasked: list[SetupScope],
    back: int | None = None,
    revisions: frozenset[int] = frozenset(),
    runs: list[SetupScope] | None = None,
    used: frozenset[str] = frozenset(),
) -> list[SetupScope]:
    """Command lines (for the rest of the section, or the whole of it from `back` when the block is labelled as the
    command of the results above it) and setting lines (to the block's end) inside a code block. The scopes of the
    commands that run something (not a server's launch) are added to `runs` too (see command_runs). A variable a
    command uses (`used`: "MODEL_PATH=acme/X" over "--model-path $MODEL_PATH") is read through that command."""
    out: list[SetupScope] = []
    commands: list[SetupScope] = []
    command_at: list[int] = []  # the line of each command
    parts = fence_parts(doc, block)  # (one tool's output each: its settings hold in it alone)
    open_: dict[str, SetupScope] = {}  # the setting-line scope that holds each key now
    skip_to = 0
    for no in range(block.start, block.end + 1):
        if no <= skip_to:
            continue  # a line of the command above, continued with "\\"
        text = doc.setup_line(no)
        s = text.strip()
        if not s or len(s) > 4000:
            continue
        if is_command_line(s) or s.startswith(("python", "vllm ", "sglang ", "trtllm-", "lm_eval", "torchrun")):
            s, skip_to = continued(doc, no, block.end, s)
            values = command_setup(s, env)
            asked = commands[-1].values.get("samples", "") if commands and not values else ""
            if asked.isdigit() and (done := done_count(s)) is not None and 10 <= done < int(asked):
                # "--num-questions 2000" over its bar's "1319/1319": a cap, and the set held fewer; what ran wins
                commands[-1].values["samples"] = str(done)
            if values:  # ("SPEC_MODEL=org/draft" on a line of the block above it: what the command runs with too)
                given = {k: v for sc in open_.values() if sc.end >= no for k, v in sc.values.items()}
                served = SERVER_COMMAND_RE.search(s) is not None  # (a launch serves its sub-sections too)
                end = launch_end(doc, no, section_end) if served and launches(s) else section_end
                scope = SetupScope(no if back is None else back, end, {**given, **values})
                commands.append(scope)
                command_at.append(no)
                if runs is not None and not served:
                    runs.append(scope)
            continue
        lead = lead_in_setup(s) if ": " not in s and no not in revisions else {}  # ("PR branch:" opens a side)
        if not lead and s.startswith("#") and comment_label(s.lstrip("#").strip(), doc.line(no + 1)):
            # "# int4" as a comment heading the run under it ("# Before", where it opens a revision, names that)
            lead = {"variant": s.lstrip("#").strip()} if no not in revisions else {}
        if not lead and s.startswith("#") and (model := comment_model(s)) is not None:
            lead = {**line_setup(s), "model": model}  # "#acme/Tiny-8B (bf16)" over its runs' tables, to the next
        if lead:
            # "EAGLE-3 (num_steps=8):" inside the paste: the variant of the lines under it, to the next one
            prev = open_.get("model" if "model" in lead and "variant" not in lead else "variant")
            if prev is not None and prev.end >= no:
                prev.end = no - 1
                for c in commands:  # a command under the run's head is that run's, not the next one's
                    if prev.start < c.start < no <= c.end:
                        c.end = no - 1
            scope = SetupScope(no, block.end, lead)
            open_["model" if "model" in lead and "variant" not in lead else "variant"] = scope
            out.append(scope)
            continue
        found = settings_line(s) or echo(s) if assigned_variable(s) not in used else None
        end = part_of(parts, no)[1]
        if not found and (grouped := group_setup(doc, no, s, block.end)) is not None:
            found, end = grouped[0], min(end, grouped[1])  # "TP4" over its rows, "TP8" over its own
        if not found:
            continue
        values = found
        for key in values:  # a new "m=32" ends the "m=16" above it
            prev = open_.get(key)
            if prev is not None and prev.end >= no:
                prev.end = no - 1
        scope = SetupScope(no, end, values)  # (a console's "Maximum request concurrency: 8")
        for key in values:
            open_[key] = scope
        out.append(scope)
    held = {part: one_valued(doc, *part) for part in parts}
    for c, no in zip(commands, command_at, strict=True):
        with_settings([c], held[part_of(parts, no)])  # (the settings its own run prints once, not another tool's)
    tasked.extend(owned := task_owned(commands))  # (two evals' commands over both's rows: each one's own its task's)
    return untasked(block_settings(doc, block, held), owned) + out + agreed(doc, commands, command_at, block.end)
