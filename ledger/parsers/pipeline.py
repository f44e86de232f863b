"""Run the registered extractors over one document."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, TypeVar

from ledger.identity import names_a_readme
from ledger.model import Claim, ParseWarning, Revision
from ledger.parsers.base import Context, RevisionScope
from ledger.parsers.grammar.arch_default import on_architecture
from ledger.parsers.grammar.arm_acceptance import arm_acceptance
from ledger.parsers.grammar.backend_devices import backend_devices
from ledger.parsers.grammar.context_names import contexts_as_setup
from ledger.parsers.grammar.declared_repeats import declared_repeats
from ledger.parsers.grammar.declared_spreads import spreads_as_declared
from ledger.parsers.grammar.fence_sides import fence_side_pairs
from ledger.parsers.grammar.gain_labels import labelled_gains
from ledger.parsers.grammar.head_names import one_name_per_head
from ledger.parsers.grammar.headline_comments import without_headline_comments
from ledger.parsers.grammar.lead_measures import lead_measures
from ledger.parsers.grammar.named_revisions import named_revisions
from ledger.parsers.grammar.named_rows import on_named_rows, on_spec_side
from ledger.parsers.grammar.named_runs import named_runs
from ledger.parsers.grammar.reference_pastes import reference_pastes
from ledger.parsers.grammar.relaunch_arms import relaunch_arms
from ledger.parsers.grammar.rerun_setups import rerun_setups
from ledger.parsers.grammar.restated_cells import restated_cells
from ledger.parsers.grammar.restated_title import without_restated_title
from ledger.parsers.grammar.revisions import find_revisions
from ledger.parsers.grammar.row_legends import on_row_legends
from ledger.parsers.grammar.setup import find_setups
from ledger.parsers.grammar.setup_index import SetupIndex, SetupScope
from ledger.parsers.grammar.shape_names import shapes_as_setup
from ledger.parsers.grammar.side_references import side_references
from ledger.parsers.grammar.sides import side_setups
from ledger.parsers.grammar.sized_families import sized_families
from ledger.parsers.grammar.switched_blocks import switched_blocks
from ledger.parsers.grammar.tool_chatter import without_warm_up_times
from ledger.parsers.kv.baseline_rows import baseline_rows
from ledger.parsers.kv.diff_pairs import diff_pairs
from ledger.parsers.kv.repeat_runs import repeat_runs
from ledger.parsers.kv.restated_means import without_restated_means
from ledger.parsers.kv.restated_scores import without_restated_scores
from ledger.parsers.kv.table_twins import table_twins
from ledger.parsers.prose.baseline_items import baseline_items
from ledger.parsers.prose.concurrency_labels import concurrency_labels
from ledger.parsers.prose.config_shots import config_shots
from ledger.parsers.prose.declared_floors import declared_floors
from ledger.parsers.prose.declared_states import declared_states
from ledger.parsers.prose.lead_tasks import heading_tasks, lead_tasks, run_tasks, thread_task
from ledger.parsers.prose.mismeasured_bases import mismeasured_bases
from ledger.parsers.prose.named_changes import named_changes
from ledger.parsers.prose.not_measured import not_measured
from ledger.parsers.prose.other_changes import other_changes
from ledger.parsers.prose.paste_tasks import paste_tasks
from ledger.parsers.prose.protocol_gaps import protocol_gaps
from ledger.parsers.prose.sentence_tasks import sentence_tasks
from ledger.parsers.prose.setting_contrasts import setting_contrasts
from ledger.parsers.prose.shared_settings import shared_settings
from ledger.parsers.prose.sibling_kinds import kinds_of_siblings
from ledger.parsers.prose.stated_baselines import stated_baselines
from ledger.parsers.prose.stated_scope import stated_scope
from ledger.parsers.prose.with_without import with_without_pairs
from ledger.parsers.reader.cut_end import CUT_MESSAGE, cut_end_line
from ledger.parsers.reader.diff_comments import diff_comment_lines
from ledger.parsers.reader.document import Block, Document, read_document
from ledger.parsers.reader.line_facts import LineFacts, line_facts
from ledger.parsers.reader.quotes import quoted_reply_lines
from ledger.parsers.support.examples import example_lines
from ledger.parsers.tables.after_table_changes import after_table_changes
from ledger.parsers.tables.layout_arms import layout_arm_notes
from ledger.parsers.tables.prose_bases import row_gap_measures
from ledger.parsers.tables.side_tables import side_tables
from ledger.vocab.one_precision import as_stated_member
from ledger.vocab.setup import model_names, qualifiers

MAX_CLAIMS = 20_000
"""Claims kept per document: memory stays bounded (a claim costs a few KB on its way to the ledger; 400,000
claims of a 4.4 MB file took 1.9 GB) while the largest real pages hold a few thousand. Extractors are
generators, so the one that reaches the cap stops there."""
MAX_LINES = 50_000
MAX_CHARS = 4 * 1024 * 1024
"""What is read of one document: its first MAX_LINES lines and at most MAX_CHARS characters (100 and 80 times
the longest page of the corpus). The reader's structures cost up to 2 KB a line (a list item's markdown-it
tokens) and 40 bytes a character (a dense table's cells), so a 16 MB file took gigabytes; past the cut a
document is not read for claims (a warning says where), and what was read keeps its line numbers."""
_LINE_END_RE = re.compile(r"\r\n?|\n")


def _first_lines(text: str) -> tuple[str, int | None]:
    """The part of the text that is read (whole lines, split as document.split_lines does), and the number of
    the first line left out (None when the text is read whole)."""
    if len(text) <= MAX_LINES:  # fewer characters than the lines allowed, and than MAX_CHARS
        return text, None
    head = text[: MAX_CHARS + 1]
    for n, m in enumerate(_LINE_END_RE.finditer(head), 1):
        if n == MAX_LINES:
            return (text[: m.start()], n + 1) if text[m.end() :] else (text, None)
    if len(text) <= MAX_CHARS:
        return text, None
    end = max(head.rfind("\n"), head.rfind("\r"))
    if end <= 0:  # a first line longer than MAX_CHARS: its first MAX_CHARS characters
        return text[:MAX_CHARS], 1
    if text[end] == "\n" and text[end - 1] == "\r":
        end -= 1  # the CR of a CRLF
    kept = text[:end]
    return kept, len(_LINE_END_RE.findall(kept)) + 2


@dataclass
class Extraction:
    """What one document yielded: its claims, in line order, and warnings for a partial read."""

    claims: list[Claim]
    warnings: list[ParseWarning] = field(default_factory=list)
    document: Document | None = None
    scopes: list[RevisionScope] = field(default_factory=list)
    """The revision scopes the claims were read under (the ledger stores them with the version)."""


_T = TypeVar("_T")


def _guarded(what: str, reader: Callable[..., _T], fallback: _T, warnings: list[ParseWarning], *args: Any) -> _T:
    """reader(*args), or on a bug in it `fallback` and a warning: the document is still read, without its `what`."""
    try:
        return reader(*args)
    except Exception as exc:
        warnings.append(
            ParseWarning(None, f"the {what} reader failed ({type(exc).__name__}: {exc}); claims carry no {what}")
        )
        return fallback


def extract(
    text: str, path: str | None = None, fmt: str | None = None, page: bool | None = None, repo: str | None = None
) -> Extraction:
    """Parse `text` (markdown or a rendered-page copy) into claims with provenance. `page`: the text is a file of a
    repository, not a pull request's (None: a file named README is one); `repo`: the repository it belongs to."""
    from ledger.parsers.registry import EXTRACTORS

    text, cut_at = _first_lines(text)
    doc = read_document(text, path, fmt)
    doc.page, doc.repo = (names_a_readme(path) if page is None else page), repo
    if cut_at is not None:
        doc.warn(
            cut_at,
            f"the document is longer than is read ({MAX_LINES:,} lines, {MAX_CHARS:,} characters): "
            "it is not read for claims from here on",
        )
    ctx = Context(doc=doc, path=path)
    warnings: list[ParseWarning] = []
    # a reader of the whole document that fails costs its readings (revisions, setup), never the claims
    ctx.named = _guarded("revision names", named_revisions, {}, warnings, doc)
    scopes: list[RevisionScope] = _guarded("revisions", find_revisions, [], warnings, doc, ctx.named)
    ctx.set_scopes(scopes)
    # (a line naming only the base its runs sat on, "applied to main (`X`) with forced acceptance=1:", names no
    # revision of its own: its words are its runs' setup)
    opened = frozenset(s.start for s in scopes if s.revision.head or not s.revision.base)
    none: list[SetupScope] = []
    sided = _guarded("side settings", side_setups, none, warnings, doc, scopes)
    ctx.setup = _guarded("setup", find_setups, SetupIndex.build([], len(doc.lines)), warnings, doc, opened, sided)
    claims: list[Claim] = []
    # Most prose lines hold no digit, and only a few extractors can claim anything without one: the lines are read
    # once (reader.line_facts), and each extractor walks only the blocks of its kinds, with a digit where it needs one
    facts = line_facts(doc)
    facts.set_examples(example_lines(doc))  # a template's numbers are nobody's results
    ctx.taken.update(diff_comment_lines(doc))  # ("+# budget ~180 min: the 0.8 TB checkpoint"): the code's own remark
    whole = "\n".join(doc.lines)
    for ext in EXTRACTORS:
        marks: tuple[str, ...] = _optional(ext, "LINE_MARKS", ())
        if marks and not any(map(whole.__contains__, marks)):
            continue  # it reads only lines holding one of its marks, and this document holds none
        ctx.parser = f"{ext.NAME}/{ext.VERSION}"
        for block in _blocks_of(ext, facts, marks, doc):
            if block.start in ctx.taken and block.kind == "table":
                continue
            try:
                claims.extend(itertools.islice(ext.extract(block, ctx), MAX_CLAIMS + 1 - len(claims)))
            except Exception as exc:  # an extractor bug must cost one block, not the document
                warnings.append(ParseWarning(block.start, f"{ext.NAME} failed ({type(exc).__name__}: {exc})"))
            if len(claims) > MAX_CLAIMS:
                del claims[MAX_CLAIMS:]
                warnings.append(
                    ParseWarning(
                        block.start,
                        f"more than {MAX_CLAIMS:,} claims in one document: the "
                        f"first {MAX_CLAIMS:,} found are kept, the rest of the document is not "
                        "read for more",
                    )
                )
                break
        if len(claims) >= MAX_CLAIMS:
            break
    claims = _document_readers(doc, claims, ctx.named)
    # "# Before (cutlass fp4 moe):" in a document of NVFP4 checkpoints: that run's precision is NVFP4
    setup = ctx.setup
    claims = sized_families(doc, claims, setup.scopes)  # "- 13B:" under a table of "Llama2-7B": "Llama2-13B"
    claims = as_stated_member(claims, _stated_setup(doc, setup))
    # the reader's warnings, then any an extractor added to doc.warnings (a value cut short), then failures
    return Extraction(claims=claims, warnings=list(doc.warnings) + warnings, document=doc, scopes=scopes)


def _stated_setup(doc: Document, setup: SetupIndex) -> list[tuple[str, str]]:
    """The entries the document's setup states, for the one precision of a family: a scope over one line of a
    model list ("acme/Wren-90B-NVFP4") whose precision is what that checkpoint's name spells states the checkpoint,
    whose precision is its own model's alone (vocab.one_precision), never the page's; so does the default's
    precision where such a line states it."""
    out: list[tuple[str, str]] = []
    listed: set[int] = set()  # the model list's lines
    for scope in setup.scopes:
        names = model_names(doc.line(scope.start)) if scope.start == scope.end and len(scope.values) == 1 else []
        quant = qualifiers(names[0][:200]).get("quant") if len(names) == 1 else None
        if quant is not None and scope.values.get("quant", "").lower() == quant.lower():
            out.append(("model", names[0]))
            listed.add(scope.start)
        else:
            out.extend(scope.values.items())
    for key, value in setup.default.items():
        if key != "quant" or not any(line in listed for line, _, _ in setup.beside.get(key, [])):
            out.append((key, value))
    return out


def _blocks_of(ext: Any, facts: LineFacts, marks: tuple[str, ...], doc: Document) -> Iterator[Block]:
    """The blocks `ext` is given: those of its kinds (with a digit where it needs one; an extractor reading code blocks
    whole is not given the lines found inside them) whose text holds one of its LINE_MARKS and passes its `admits`,
    the precondition every block it claims from meets (base.py): most blocks can hold no claim of a given
    extractor, and a call that finds so costs more than the test."""
    kinds = ext.BLOCKS
    admits: Callable[[Block, str, Document], bool] | None = _optional(ext, "admits", None)
    if not marks and admits is None:
        yield from facts.blocks_for(kinds, _optional(ext, "NEEDS_DIGIT", True), "code" in kinds)
        return
    for block, text in facts.texts_for(kinds, _optional(ext, "NEEDS_DIGIT", True), "code" in kinds):
        if (not marks or any(map(text.__contains__, marks))) and (admits is None or admits(block, text, doc)):
            yield block


def _optional(ext: Any, name: str, default: Any) -> Any:
    """getattr(ext, name, default), read from a module's own namespace: a module's missing attribute costs getattr an
    exception it raises and catches (6 us on this shared machine), asked of every extractor without it for every
    document (2,114 misses over the shared corpus)."""
    if isinstance(ext, ModuleType) and "__getattr__" not in (space := vars(ext)):
        return space.get(name, default)
    return getattr(ext, name, default)


def _without_cut_value(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims but the one whose number ends a paste cut off at the document's end (reader.cut_end), which the
    warnings name instead: a number cut short is never read as if whole."""
    cut = cut_end_line(doc)
    if cut is None:
        return claims
    end = doc.line(cut).rstrip()
    gone = [c for c in claims if c.source.line_end == cut and c.source.text and end.endswith(c.source.text.rstrip())]
    if gone:
        doc.warn(cut, CUT_MESSAGE)
    return [c for c in claims if c not in gone]


def _document_readers(doc: Document, claims: list[Claim], named: Mapping[str | int, Revision]) -> list[Claim]:
    """The readers that see the whole document's claims at once, in the order each one's reading needs: pairs and
    sides first, then what a paste, a sentence or a heading says of the runs, then the baselines and changes."""
    claims = on_named_rows(with_without_pairs(fence_side_pairs(doc, baseline_items(doc, claims))), named)
    # "- `single`: client concurrency 1" over rows named `single`; "... on Blackwell" where no board is named
    claims = on_architecture(doc, on_row_legends(doc, claims))
    claims = without_warm_up_times(doc, claims)  # "Heat up time: 0.31 seconds" over a llama-bench table: no result
    claims = reference_pastes(doc, claims)  # "Reference accuracy for fp16" over a paste: the other paste's references
    claims = on_spec_side(diff_pairs(doc, claims), named)  # "-  ttft_ms: 900" then "+  ttft_ms: 800": a pair
    claims = side_tables(doc, claims)  # one sweep printed as a table per side
    claims = after_table_changes(doc, claims)  # "Delta: -0.39% req/s" under a main / PR table: the PR's change
    claims = table_twins(doc, claims)  # a summary table's cell takes the unit and task its paste printed
    claims = labelled_gains(doc, claims)  # "... (+11%)" over a table: against the section's first of its shape
    claims = lead_tasks(doc, claims)  # "200-sample GSM8K:" over "- fused: strict-match 83.5%": gsm8k's scores
    claims = shared_settings(doc, claims)  # "GSM8K strict/flexible 0.9553": each filter's score
    claims = paste_tasks(doc, claims)  # "Average accuracy 67.71 (576) - health" beside "MMLU ... accuracy": mmlu's
    claims = without_restated_scores(doc, claims)  # "[TRT-LLM] [I] lm-eval X average accuracy: 78.79": the row's copy
    claims = repeat_runs(doc, claims)  # "gpqa ..." over "Repeat: 8, mean: 0.772" and its "Scores: [...]": gpqa's
    claims = without_restated_means(doc, claims)  # "The mean accuracy ... 0.772" over that paste: its copy
    # (after the readers that know a result's task from its own paste, which say more than a sentence or a heading)
    claims = sentence_tasks(doc, claims)  # "Next I ran the passkey task." over a paste: the passkey run's results
    claims = heading_tasks(claims)  # "## Run 2 (task: passkey)" over its acceptance lengths: the passkey run's
    claims = thread_task(doc, claims)  # "GSM8K accuracy 0.941", then a re-run's "Accuracy: 0.944": the one task's
    claims = run_tasks(doc, claims)  # "Accuracy: 0.95" then "Latency: 519 s" in one printed block: one run's task
    claims = config_shots(doc, claims)  # "`gsm8k_gen_4_shot_cot_chat_prompt`" in the turn: its gsm8k scores' shots
    claims = arm_acceptance(doc, claims)  # "on the decode and MTP-3 path; acceptance length 4.00": the MTP-3 arm's
    claims = rerun_setups(doc, claims)  # "Reran after the rebase: gsm8k 0.951": the first run's setup, its own revision
    claims = baseline_rows(doc, claims)  # "Baseline (Decode): 12.0 ms" under its arms' rows: each arm's reference
    quoted = quoted_reply_lines(doc)  # a reply's quote repeats another message: not new evidence
    if quoted:
        claims = [c for c in claims if c.source.line not in quoted]
    claims = not_measured(doc, claims)  # a tool's sample output, numbers their author took back: kept, never judged
    claims = declared_states(doc, claims)  # the broken state a fix starts from, a measure called noise
    claims = relaunch_arms(doc, claims)  # a paste's second launch over its own scores: its flags' arm
    claims = side_references(doc, claims)  # "Before:" over "After:": each after value against its before
    claims.sort(key=lambda c: (c.source.line, c.source.line_end))
    claims = shapes_as_setup(claims)  # "| 8192/1024 TPOT |": the shape is the row's setup, the measure is TPOT
    claims = contexts_as_setup(claims)  # "| cold 16k prefill |": the context the name states is the row's isl
    claims = lead_measures(doc, claims)  # "Decode step time:" over "After this PR: 0.7 ms": that measure, no side's
    claims = named_changes(claims)  # "i.e. -8.8pp" under the pairs it summarises: the change of the one it states
    claims = concurrency_labels(doc, kinds_of_siblings(spreads_as_declared(doc, one_name_per_head(claims))))
    claims = named_runs(doc, claims)  # "212.4; the base run gave 213.0": the base run's value is its reference
    claims = stated_baselines(doc, claims)  # "0.8% under its 2064.1 tok/s baseline": 2064.1 the run's reference
    claims = row_gap_measures(doc, claims)  # "FP4 lands 0.45 points below FP8" under their rows: exact_match's change
    claims = protocol_gaps(doc, claims)  # "~71 vs ~75.5 because it skips the chat template": not comparable
    claims = mismeasured_bases(doc, claims)  # "the old prompt figure was far too high": the timer fixed, not comparable
    claims = setting_contrasts(doc, declared_floors(doc, claims))  # (an arm's declared bar; two caps' contrast)
    claims = layout_arm_notes(claims)  # "| TP=8/EP=8 | TP=4/EP=4 |": two layouts' runs, not the change's effect
    claims = other_changes(doc, claims)  # "PR #1234 moved cuDNN ..." over its before -> after: that change's evidence
    claims = declared_repeats(doc, claims)  # "Main branch (3 trials):" over its lines: three runs of one measure
    claims = without_headline_comments(doc, _without_cut_value(doc, claims))  # "# ~1420 tok/s" over its console
    claims = without_restated_title(doc, claims)  # a body that opens with the PR's title again: one statement
    claims = restated_cells(doc, claims)  # "ITL drops from 31.20 to 27.45 ms" under the row: the cells' revision
    claims = switched_blocks(claims)  # "w/o async_sched" over a table, "**This PR** w/ async_sched": the two sides
    claims = backend_devices(doc, claims)  # "CUDA metrics run on X and CPU metrics on Y": each backend's device
    return stated_scope(doc, claims)  # "only enabled when bs <= 64" over a batch-256 row: outside the change
