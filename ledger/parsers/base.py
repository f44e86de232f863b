"""What every extractor receives: the document, the revision in force, and a claim factory.

An extractor is a module with `NAME`, `VERSION`, `BLOCKS` (the block kinds it reads) and
`extract(block, ctx) -> Iterable[Claim]`; `NEEDS_DIGIT = False` where it can claim from a block
without digits (the pipeline skips digit-less blocks for every other extractor); `LINE_MARKS`, strings one of
which every line it claims from holds as written, where it reads no other (a document holding none is not given
to it, nor a block); `admits(block, text, doc) -> bool`, a cheap test of a block's text (its lines joined by
newlines) that every block it yields a claim from passes, exactly (tests/test_extractor_admits.py): a block it
fails is not given to it. Extractors run in
registry order over each block; an extractor that has read a line marks it taken, so a later,
more general extractor (prose) does not read the same number again.
"""

from __future__ import annotations

import bisect
import heapq
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ledger.model import Claim, Revision
from ledger.parsers.claim_slots import built_claim, coerce_numbers, source_of
from ledger.parsers.grammar.model_values import settle_model
from ledger.parsers.grammar.range_points import own_point
from ledger.parsers.grammar.table_captions import caption_lead, captioned_table
from ledger.parsers.grammar.table_wide import derives
from ledger.parsers.grammar.unseen_folds import unseen_fold_keys
from ledger.parsers.reader.document import Block, Document
from ledger.parsers.reader.sweep_pairs import SWEPT, drop_swept_pair
from ledger.vocab.backend_ops import names_backend_op, op_setup
from ledger.vocab.board_counts import counted_over
from ledger.vocab.canonical import one_board
from ledger.vocab.context_words import WINDOWED_RE
from ledger.vocab.disagg_layout import LAYOUT_KEYS
from ledger.vocab.flags import settle_precision
from ledger.vocab.gate_setup import gate_setup
from ledger.vocab.label_batches import label_batch
from ledger.vocab.length_pairs import confirmed_lengths
from ledger.vocab.metrics import named_benchmark
from ledger.vocab.serving_datasets import serving_set
from ledger.vocab.setup import model_names, names_other_model, qualifiers
from ledger.vocab.setup_keys import CHECKPOINT_KEYS, UNSAID, canonical_key_name, overlay, superseded
from ledger.vocab.setup_labels import letter_draft
from ledger.vocab.test_ids import test_id_setup


class Extractor(Protocol):
    NAME: str
    VERSION: str
    BLOCKS: frozenset[str]

    def extract(self, block: Block, ctx: Context) -> Iterable[Claim]: ...


@dataclass
class RevisionScope:
    """A revision in force from line `start` to line `end` (1-based, inclusive)."""

    start: int
    end: int
    revision: Revision


_SIZED_RE = re.compile(r"\d(?:\.\d)?[bB](?![a-zA-Z])")


@dataclass
class Context:
    """Per-document state shared by the extractors."""

    doc: Document
    path: str | None
    scopes: list[RevisionScope] = field(default_factory=list)
    taken: set[int] = field(default_factory=set)
    """Lines an extractor has read whole."""
    spans: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    """Character spans (per line) that an extractor has turned into claims, sorted and merged (see `take`)."""
    marked_columns: dict[int, frozenset[int]] = field(default_factory=dict)
    """A table's columns (by its first line) another reader claimed whole while leaving its rows free: a support
    matrix's mark columns beside a column of results ("| Speedup | GPU |" over "| Up to ~1.5x | ✅ |")."""
    parser: str = ""
    memo: dict[str, Any] = field(default_factory=dict)
    """What an extractor computes once per document (keyed by the extractor's name)."""
    setup: Any = None
    """The setup in force at each line (parsers.setup.SetupIndex): what claims were measured under."""
    named: dict[str | int, Revision] = field(default_factory=dict)
    """Revisions the text defines by name ("**Branch**: this PR at `c0ffee1234`"), by lower-case name and by the
    line that defines each."""
    _starts: list[int] = field(default_factory=list)
    _block_starts: list[int] = field(default_factory=list)
    _at_line: list[int] = field(default_factory=list)

    def set_scopes(self, scopes: list[RevisionScope]) -> None:
        self.scopes = sorted(scopes, key=lambda s: s.start)
        self._starts = [s.start for s in self.scopes]
        self._at_line = self._scope_per_line()

    def _scope_per_line(self) -> list[int]:
        """For each line, the index of the last-starting scope that holds it (-1: none), in one sweep.

        Asking per claim by walking back over the scopes cost O(scopes) per claim when the line lies after
        them all: quadratic on a long document with many revisions."""
        if not self.scopes:
            return []
        last = max(max(s.end for s in self.scopes), len(self.doc.lines))
        out = [-1] * (last + 2)
        active: list[int] = []  # heap of -index: the newest scope started so far on top
        nxt = 0
        for line in range(0, last + 1):
            while nxt < len(self.scopes) and self.scopes[nxt].start <= line:
                heapq.heappush(active, -nxt)
                nxt += 1
            while active and self.scopes[-active[0]].end < line:  # lines only grow: an ended scope stays ended
                heapq.heappop(active)
            out[line] = -active[0] if active else -1
        return out

    def named_at(self, line: int) -> Mapping[str | int, Revision]:
        """The revisions defined by name that name the results at `line`: none a later turn of the thread defines
        (grammar.named_revisions.NamedRevisions.at), all where `named` knows no lines."""
        at = getattr(self.named, "at", None)
        return at(line) if at is not None else self.named

    def revision_at(self, line: int) -> Revision | None:
        if 0 <= line < len(self._at_line):
            i = self._at_line[line]
            return self.scopes[i].revision if i >= 0 else None
        i = bisect.bisect_right(self._starts, line) - 1  # a line outside the document: walk back
        while i >= 0:
            s = self.scopes[i]
            if s.start <= line <= s.end:
                return s.revision
            i -= 1
        return None

    def _revision_for(self, kind: str, line: int, sha: str | None) -> Revision | None:
        """The revision a claim on `line` was measured on: the one its line names, else the scope's; a commit the
        text names as another revision's head is that revision's ("**other** commit 3e2d1c0" below "**ours**
        commit: 7b8ca9a" opened ours's scope), while a commit the text names nowhere else keeps the scope's."""
        around = self.named.get(line) or self.revision_at(line)
        if kind != "commit" or not sha or around is None or not (around.head or around.base):
            return around
        if _same_commit(around.head, sha) or _same_commit(around.base, sha):
            return around
        heads: dict[str, Revision] | None = self.memo.get(_NAMED_HEADS)
        if heads is None:  # (once per document: a line of commits under one scope stays linear)
            heads = self.memo[_NAMED_HEADS] = {}
            for r in self.named.values():
                if r.head:
                    heads.setdefault(r.head[:7].lower(), r)
        named = heads.get(sha[:7])
        return named if named is not None and _same_commit(named.head, sha) else around

    def claim(
        self,
        kind: str,
        line: int,
        text: str,
        *,
        line_end: int | None = None,
        section: tuple[str, ...] | None = None,
        **fields: Any,
    ) -> Claim:
        """Build a claim whose provenance points at `text` on `line` (..line_end)."""
        if section is None:
            section = self.section_at(line)
        if "revision" not in fields:
            fields["revision"] = self._revision_for(kind, line, fields.get("sha"))
        cfg = fields.pop("config", None)
        coerce_numbers(fields)
        source = source_of(self.path, line, line_end or line, text, section)
        config = {k: str(v) for k, v in cfg.items() if v is not None and str(v) not in ("", UNSAID)} if cfg else {}
        # (an empty value unsays the scopes' key, as an inner scope's does: "63% faster at larger batch sizes")
        unsaid = {canonical_key_name(k) for k, v in cfg.items() if v == UNSAID} if cfg else set()
        metric = fields.get("metric")
        if metric and "  " in metric:
            metric = fields["metric"] = " ".join(metric.split())  # "FP8   kv throughput": a padded header
        if metric and kind in _MEASURED_KINDS:
            # "RTX 3090 Ti: 131.8 tok/s", "con128 tok/s/GPU": the setup a result's own name states is its own
            own = _own_keys(config)
            named_setup = {**label_batch(metric), **qualifiers(metric)}  # ("L1 Wren-7B b1 greedy": batch 1, a label's)
            config.update({k: v for k, v in named_setup.items() if canonical_key_name(k) not in own})
            named = model_names(metric) if "model" not in own else []
            if len(named) == 1 and ("_" not in named[0] or _SIZED_RE.search(named[0])):
                # "Gemma 3 27B DP2EP2 MMLU: 0.771": the model its own name states ("llama_tp2_smoke" names a test)
                config["model"] = named[0]
            if "::" in metric or "test_" in metric:
                # "TestQwen3_8B::test_x[fp8_ws4] Measured AL": the model its test class is named for, its world size
                config.update({k: v for k, v in test_id_setup(metric).items() if canonical_key_name(k) not in own})
        if self.setup is not None and kind != "commit":  # (a hash the text names was not measured under a setup)
            around, windows = self.setup.at(line, kind), _windows_of(self.setup.windows, line, metric or "")
            around = {**around, **self.setup.for_task(line, config, metric, around.get("task"))}
            if self.setup.derived and derives(kind, fields.get("unit")):  # (the method of the table above: its runs')
                around = {**self.setup.derived.at(line), **around}
            if self.setup.default and kind in _MEASURED_KINDS:
                default = self.setup.default_at(line, config.get("model") or around.get("model"), kind)
                if "model" in default and names_other_model(fields.get("metric") or "", default["model"]):
                    default = {k: v for k, v in default.items() if k != "model"}  # "test_llama3_smoke"
                if unseen := unseen_fold_keys(self.doc, line):  # (a fold whose title was cut: its own setup unsaid)
                    default = {k: v for k, v in default.items() if k not in unseen}
                if kind == "accuracy" and default.keys() & (_SERVING_LENGTHS | self.setup.printed):
                    # "4K/512 requests" stated for a serving sweep: an eval's prompts are its dataset's questions;
                    # "Maximum request concurrency: 64" printed by a serving benchmark: its run's load, not the eval's
                    drop = _SERVING_LENGTHS | self.setup.printed
                    default = {k: v for k, v in default.items() if k not in drop or _evaluated_window(k, v, windows)}
                around = overlay(default, counted_over(default, around))  # (a board restated keeps its count)
            if names_backend_op(metric or ""):  # ("MUL_MAT(type_a=f16,...)": an op at its shape, no model's)
                around = {k: v for k, v in around.items() if k not in CHECKPOINT_KEYS}
                config = {**op_setup(metric or ""), **config}  # (and its parameters, the shape it ran at)
            if kind == "accuracy" and around.keys() & _SERVING_LOAD and not WINDOWED_RE.search(metric or ""):
                # a section's serving lengths and data too ("8k1k sweep, random dataset" over its GSM8K line: an
                # eval's questions are its task's); a perplexity's window and text are its own, and so is the
                # window a sentence describing the evaluation states ("We evaluate perplexity ... for 4096 context
                # lengths"; the scores it governs)
                # (an error rate under "dataset `x`" is a score on x; "GSM8K: 0.915" one on its own task's questions)
                task = config.get("task") or around.get("task") or named_benchmark(metric or "")
                around = {
                    k: v for k, v in around.items() if k not in _SERVING_LOAD or _evaluated_window(k, v, windows, task)
                }
            if around := gate_setup(kind, metric or "", around):  # (a gate: no load; a lint, nothing)
                # the claim's own config wins over the setup around it, under any spelling of its key ("PP" over
                # "pp", "tp_size" over "tp")
                own = _own_keys(config)
                if (
                    own & _SERVING_LENGTHS
                    and self.setup.lent
                    and (lent := self.setup.lent.at(line))
                    and not confirmed_lengths(config, lent)  # (unless the row prints the other section's length)
                ):
                    # a table that prints its runs' lengths: a length another section names ("then generates 32
                    # tokens" in a how-to far above) is none of theirs, even the one their columns leave unstated
                    around = {k: v for k, v in around.items() if k not in _SERVING_LENGTHS or lent.get(k) != v}
                # (an empty value unsays an outer scope's: "### CPU" under a page's GPU bullet)
                gone = superseded(around, config) if config else ()
                if "gpu" in config and "gpu" in around and (board := one_board({config["gpu"], around["gpu"]})):
                    config["gpu"] = board  # "CuTe SM90 ... backward" on the page's H200: that board
                config = counted_over(around, config)  # ("... on Ascend A3" in the sentence: the cards counted)
                own |= unsaid  # (a key the claim unsays is as good as its own: no scope's value)
                config = {
                    **{k: v for k, v in around.items() if v and canonical_key_name(k) not in own and k not in gone},
                    **config,
                }
        own_point(self.doc, line, config)  # "across 3.5k–160k context", then "3.5k saturated ... +17.5%": 3.5k
        if "osl" in config and (swept := self.doc.derived.get(SWEPT)) is not None:
            drop_swept_pair(swept, line, config)  # "0.4% at 2K/8K" where "2K/8K/32K" is swept: two points, no lengths
        if config:  # every kind: the compute dtype is a key of the scopes only, never of a claim
            settle_precision(config)
            letter_draft(config)
            if "model" in config:
                settle_model(config)  # "model: <link> <link>" (each column's), "/m/Foo-8B-Q4_K_M.gguf" (Foo-8B)
        if "cpu" in config and "gpu" not in config and (self.setup is None or not self.setup.names_gpu):
            config["gpu"] = config.pop("cpu")  # a run on a CPU alone: the CPU is its device
        return built_claim(kind, source, config, self.parser, fields)

    def warn(self, line: int | None, message: str) -> None:
        """Note a partial read ("value cut short") at `line`: it comes out in the Extraction's warnings."""
        self.doc.warn(line, message)

    def take(self, line: int, start: int, end: int) -> None:
        """Mark [start, end) of `line` as claimed. The line's spans stay sorted and merged where they overlap,
        so `is_free` is one bisection however many values a long line holds."""
        spans = self.spans.setdefault(line, [])
        k = bisect.bisect_left(spans, (end,))  # the spans that start before `end`
        j = k
        while j > 0 and spans[j - 1][1] > start:
            j -= 1
        if j < k:
            start, end = min(start, spans[j][0]), max(end, spans[k - 1][1])
        spans[j:k] = [(start, end)]

    def is_free(self, line: int, start: int, end: int) -> bool:
        if line in self.taken:
            return False
        spans = self.spans.get(line)
        if not spans:
            return True
        # of the spans starting before `end`, the last reaches furthest (they are merged and sorted)
        k = bisect.bisect_left(spans, (end,))
        return k == 0 or spans[k - 1][1] <= start

    def lead_in(self, block: Block) -> str:
        """The line that introduces a code block or table ("Evaluation repeats (gpqa, 4 runs):", "master
        (389ff61d7):"): the nearest non-blank line above it, within two, when it is prose rather than code."""
        if block.kind not in ("code", "table"):
            return ""
        above = ""
        for no in (block.start - 1, block.start - 2):
            text = self.doc.line(no).strip()
            if text:
                # ("Table 1: TPOT (ms) on 8xH200" under the table above: that one's caption, not this one's)
                if not text.startswith(("```", "~~~", "|", "#")) and not self._captions_above(no):
                    above = text[:200]
                break
        # a table's own caption under it names what its cells are better than a sentence over it, not than a lead-in
        # that introduces it with its colon ("master (389ff61d7):")
        return above if above.endswith(":") else (self._caption_below(block) or above)

    def _captions_above(self, line: int) -> bool:
        """The block at `line` is the caption of the table above it (grammar.command_labels.captioned_table)."""
        i = bisect.bisect_right(self._block_start_lines(), line) - 1
        return i > 0 and captioned_table(self.doc.blocks, i) is not None

    def _caption_below(self, block: Block) -> str:
        """A table's caption under it, read as its lead-in ("Table 1: TPOT (ms) on 8xH200" -> "TPOT (ms) on
        8xH200:"), where no line over it leads it; "" for none."""
        if block.kind != "table":
            return ""
        i = self.block_index(block) + 1
        if i == 0 or i >= len(self.doc.blocks) or captioned_table(self.doc.blocks, i) is not block:
            return ""
        return caption_lead(self.doc.blocks[i].text)[:200]

    def _block_start_lines(self) -> list[int]:
        if len(self._block_starts) != len(self.doc.blocks):
            self._block_starts = [b.start for b in self.doc.blocks]
        return self._block_starts

    def section_at(self, line: int) -> tuple[str, ...]:
        """The heading path of the last block starting at or before `line` (blocks are in line order)."""
        i = bisect.bisect_right(self._block_start_lines(), line) - 1
        return self.doc.blocks[i].section if i >= 0 else ()

    def block_at(self, line: int) -> Block | None:
        """The last block starting at or before `line` (a table inside a code block comes after the code block)."""
        i = bisect.bisect_right(self._block_start_lines(), line) - 1
        return self.doc.blocks[i] if i >= 0 else None

    def block_index(self, block: Block) -> int:
        """Where `block` stands in the document's blocks (found by its line, not by a scan of them all)."""
        blocks = self.doc.blocks
        i = bisect.bisect_left(self._block_start_lines(), block.start)
        while i < len(blocks) and blocks[i] is not block:
            i += 1
        return i if i < len(blocks) else -1


_MEASURED_KINDS = frozenset(("perf", "accuracy", "acceptance", "gate", "tests"))


def _own_keys(config: dict[str, str]) -> set[str]:
    """The keys a claim's own config states, by their canonical names; where it states the sizes of a disaggregated
    run's roles ("ctx_tp 8, gen_dp 2" from "| Prefill | Decode |" cells), every role key and the run-wide sizes too:
    a layout around it ("Decode: TP4/DP2" in a design note) or a run-wide "TP8" in its name is none of its own."""
    own = set(map(canonical_key_name, config))
    if not own.isdisjoint(LAYOUT_KEYS):
        own |= set(LAYOUT_KEYS) | {k.split("_", 1)[1] for k in LAYOUT_KEYS}
    return own


"""The kinds a run produced: the document's one-valued setup holds for them, not for a support matrix's cells."""
_SERVING_LENGTHS = frozenset(("isl", "osl"))
"""The request lengths a serving benchmark sets: the document's values are its perf runs', never an eval's."""
_SERVING_LOAD = _SERVING_LENGTHS | {"dataset"}
"""With the data its requests are drawn from ("random dataset"), what a section states of a serving run."""


_NAMED_HEADS = "base.named_heads"
"""The memo key of the revisions the text names, by their head's first seven characters."""


def _same_commit(head: str | None, sha: str) -> bool:
    """One commit, printed at two lengths (a claim's sha is lower case)."""
    h = (head or "").lower()
    return bool(h) and (sha.startswith(h) or h.startswith(sha))


def _windows_of(windows: dict[int, str], line: int, metric: str) -> frozenset[str]:
    """The evaluation windows an accuracy result on `line` keeps: the one its own line describes ("We evaluate
    perplexity on C4 for 4096 context lengths; the 2-bit model scores 7.12"), any for a windowed measure (a
    perplexity), none for another measure (an MMLU score beside it was not read over that window)."""
    if line in windows:
        return frozenset((windows[line],))
    return frozenset(windows.values()) if windows and WINDOWED_RE.search(metric) else frozenset()


def _evaluated_window(key: str, value: str, windows: frozenset[str], task: str | None = "") -> bool:
    """An isl a sentence describing a windowed evaluation states: the window of the scores it governs; or, for a
    score of no `task` of its own, a data set no serving benchmark draws prompts from ("dataset `movies800times`"
    over a table of CER and latency rows: the recordings both were measured on)."""
    return (key == "isl" and value in windows) or (key == "dataset" and not task and not serving_set(value))
