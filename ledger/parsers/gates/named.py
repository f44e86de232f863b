"""Gates: named checks with an outcome and no count.

    mypy (scripts/run_mypy.sh)	clean                       a result cell that is an outcome
    test_mtp1_gsm8k_mmmu_and_video	gsm8k 95.98; videos pass    "<name> pass" as one clause of a cell
    test_x (failed in CI on f22959cf9a)	5 passed            an outcome in the row's name
    431 passed; 1 failed: test_schemas_current, ... (waived)   a named failure next to a count
    • Not verified:  • tokens_per_block != 32                 the items of a "Not verified:" list
    [x] unit tests added                                      a checked checklist item
    ... are not measured on other QSA models.                 not measured / not covered / did not boot
    the PR pre-commit check passed.                           "X passed" without a count
    Coverage verdict: needs follow-up                         a review verdict
    FAILED tests/test_a.py::test_b[x] - AssertionError        pytest's per-test lines

Outcome words also stand in ordinary prose ("fails alone instead of ending the executor", "Please
check the failed tests"), so prose is read only through the narrow phrases above; a bare "fail"
or "pass" in a sentence is not a gate. Unchecked template checklist items are not gates.

This module is the extractor: it sends each block to its reader and reads checked items itself. The
readers, one kind of evidence a module: gate_tables.py (rows and cells), gate_lists.py (items under a
"Not verified:" or "The other gates:" label), gate_prose.py (the phrases), gate_pytest.py (pytest's
per-test lines), over gate_claims.py (the claim, named failures, the splits and hints they share).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.gates.ci_prose import tallied_runs
from ledger.parsers.gates.claims import NAMED_FAIL_HINTS, gate, named_failures
from ledger.parsers.gates.colon_items import colon_gates
from ledger.parsers.gates.lists import NOT_VERIFIED_LABEL_RE, OTHER_GATES_RE, lead_in, listed_gates
from ledger.parsers.gates.prose import HINTS, prose_gates
from ledger.parsers.gates.pytest_lines import PYTEST_RE, PYTEST_V_RE, pytest_lines
from ledger.parsers.gates.stage_gates import staged_gates
from ledger.parsers.gates.status_lines import status_gates
from ledger.parsers.gates.tables import table_gates
from ledger.parsers.gates.validity_fields import validity_gates
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.text import NUMBER_WORDS, lower_for_words
from ledger.vocab.trie import trie_pattern

NAME = "gates"
VERSION = "1"
BLOCKS = frozenset({"table", "text", "item", "code", "heading"})
NEEDS_DIGIT = False
"""Claims here can stand without a number (an outcome word, a Yes/No cell)."""

_TEST_PLAN_RE = re.compile(
    r"^\W*(?:test(?:ing)?(?: plan| results?| done)?|tests run|validation|verification)\W*$", re.IGNORECASE
)
# "- Four successful complete-checkpoint requests: ...", an item of a validation list: a count of runs that came back
_SUCCESSFUL_RE = re.compile(
    r"^\s{0,8}[-*+•]\s{1,3}(?P<n>\d{1,5}|" + "|".join(NUMBER_WORDS) + r")\s(?:successful|clean)\s"
    r"(?P<what>[\w`-]{2,40}(?:\s[\w`-]{2,40}){0,4}?\s(?:requests|runs|generations|completions|prompts|trials))\b",
    re.IGNORECASE,
)
# "## Checklist" / "PR checklist" / "Before submitting": a contributor template's boxes, ticked as its to-do list
_CHECKLIST_HEAD_RE = re.compile(
    r"^\W*(?:(?:pr|pull request|contributor|submission)\s)?(?:checklist|before submitting)\W*$", re.I
)
# "TODO:", "## Tasks", "Remaining work:": a to-do list, whose ticked box says a task was done ("[x] Add tests for
# the new op"), not that a check ran and how it came out
_TODO_LEAD_RE = re.compile(
    r"^\W*(?:to[ -]?dos?|tasks?|(?:remaining|open) (?:work|tasks|items)|work items|next steps|follow[ -]?ups?)\W*$",
    re.IGNORECASE,
)
_GUIDE_LINK_RE = re.compile(r"\[[^\[\]]{0,200}\]\(https?://[^\s()]{1,400}\)")
_ATTESTATION_RE = re.compile(
    # ("[x] Deployed the router-on and router-off stacks": a step of the setup done, no check)
    r"(?<![\w-])(?:added|updated|installed|deployed|provisioned|read|follows?|documented|i have|i've)(?![\w-])",
    re.IGNORECASE,
)
_RAN_CHECK_RE = re.compile(
    r"(?<![\w-])(?:ran|run|running|passed|passes|passing|checked|verified|validated|tested|benchmarked|"
    r"reproduced|ci|green|succeeded|no regressions?)(?![\w-])",
    re.IGNORECASE,
)
# "[x] GPU benchmark on 2x H200 NVL", "[x] vllm bench serve, random dataset": a box saying a measurement was taken
# (its results are the numbers elsewhere), with no word of how it came out, is no check that passed
_BENCH_ITEM_RE = re.compile(
    # ("[x] Ran the full agentic trace (9,000 requests)": a trace replayed is a benchmark's load)
    r"(?<![\w-])(?:bench(?:mark(?:s|ed|ing)?)?|perf(?:ormance)?|throughput|latency|profil(?:e|ed|ing)|sweeps?|traces?)"
    r"(?![\w-])",
    re.IGNORECASE,
)
_OUTCOME_WORD_RE = re.compile(
    r"(?<![\w-])(?:pass(?:ed|es|ing)?|green|succeeded|ok|no\s{1,3}regressions?|verified|validated|match(?:es|ed)?|"
    r"clean|fail(?:s|ed|ing)?|regress(?:es|ed|ion)?)(?![\w-])",
    re.IGNORECASE,
)


# "[x] I have run the tests", "[x] Verified that the code quality meets the standard": a template's sentence the
# author or a reviewer ticks, saying what they did or looked at; a check's result only when the rest names one
# ("[x] Tested on **RTX 5090**": where the author ran it, the template's box ticked; no check and no result)
_ATTESTED_RE = re.compile(
    r"^\W{0,3}(?:(?:i|we)\s(?:have|'ve)\s|i've\s|(?:verified|confirmed|ensured|checked|made\ssure)\sthat\s"
    r"|tested\s(?:it\s|this\s)?(?:on|with|using)\s)",
    re.IGNORECASE,
)
_RESULT_WORD_RE = re.compile(
    r"(?<![\w-])(?:pass(?:ed|es|ing)?|green|succeeded|no\s{1,3}regressions?|clean|fail(?:s|ed|ing)?)(?![\w-])",
    re.IGNORECASE,
)


def _attests_no_result(text: str) -> bool:
    """A ticked template sentence (_ATTESTED_RE) whose rest names no result: no gate."""
    m = _ATTESTED_RE.match(text)
    return m is not None and _RESULT_WORD_RE.search(text, m.end()) is None


def _measured_only(text: str) -> bool:
    """A checked box that names a benchmark run and no outcome (_BENCH_ITEM_RE)."""
    return _BENCH_ITEM_RE.search(text) is not None and _OUTCOME_WORD_RE.search(text) is None


_LINE_HINTS = HINTS + NAMED_FAIL_HINTS
_LINE_HINT_RE = re.compile(trie_pattern(sorted(set(_LINE_HINTS))))
"""Any of them in one pass over the lowered line, nested by shared prefixes (thirty substring tests cost more)."""


def admits(block: Block, text: str, doc: Document) -> bool:
    """A line can be a gate by one of the words the prose readers need (_LINE_HINT_RE), a colon before a status mark
    or an outcome word ("CI: :white_check_mark:", "- lint: ok"), pytest's "::", its ticked box, or a list label above
    it ("Not verified:"); tables and code are read whole."""
    if block.kind in ("table", "code") or block.checked or "::" in text or "valid: " in text:
        return True  # (validity_fields: "`submission_valid: true`")
    if block.kind == "item" and _has_list_labels(doc):
        return True
    low = lower_for_words(text)
    if low is None or _LINE_HINT_RE.search(low) is not None:
        return True
    # status_gates: a ":code:" mark (two colons) or an emoji; colon_gates: an outcome word right after a colon
    return ":" in text and (text.count(":") > 1 or not text.isascii() or _word_after_colon(low))


_AFTER_COLON = ("pa", "cl", "gr", "ok", "su", "fa", "sk", "wa", "ti")
"""How colon_items' outcome words open (passed, clean, green, ok, success, failed, skipped, waived, timed out)."""


def _word_after_colon(low: str) -> bool:
    """Whether a word opening as an outcome word does stands after a colon of `low`, blanks and bold marks between."""
    at = low.find(":")
    while at >= 0:
        if low[at + 1 : at + 16].lstrip().lstrip("*").startswith(_AFTER_COLON):
            return True
        at = low.find(":", at + 1)
    return False


_LABEL_WORDS = ("not ", "untested", "unverified", "gates", "checks")
"""One of them stands in every label NOT_VERIFIED_LABEL_RE and OTHER_GATES_RE read, a line ending with a colon."""


def _has_list_labels(doc: Document) -> bool:
    """Whether a line of `doc` may be a list's gate label (lead_in's answer), asked once per document."""
    got = doc.derived.get(_LABELS)
    if got is None:
        got = doc.derived[_LABELS] = any(
            line.rstrip().rstrip("*_").rstrip().endswith(":")
            and ((low := lower_for_words(line)) is None or any(map(low.__contains__, _LABEL_WORDS)))
            for line in doc.lines
        )
    return bool(got)


_LABELS = NAME + ".labels"


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    if block.kind == "table":
        assert block.table is not None
        if block.start not in ctx.marked_columns:  # (a support matrix's marks are support, not checks that ran)
            yield from table_gates(block.table, ctx)
        return
    if block.kind == "code":
        yield from pytest_lines(block, ctx)
        return
    line = block.start
    text = ctx.doc.line(line)
    if block.kind == "heading":
        # "## Full-sweep validation: GREEN (37/37 jobs)": a comment's headline verdict over the runs it tallies; a
        # heading's other outcome words name a section ("## Failed attempts"), no verdict
        yield from (claim for claim, _ in tallied_runs(ctx, line, text)) if "/" in text else ()
        return
    if block.kind == "item" and block.checked:
        # a box is a gate when it reports a check that ran ("Ran pre-commit", "CI via /bot run", "Related tests
        # checked"); a template's attestation ("I have installed the hooks", "Tests have been added") is not
        lead = lead_in(block, ctx)
        if (
            any(_TODO_LEAD_RE.match(h) for h in (*block.section[-1:], lead or ""))
            and _OUTCOME_WORD_RE.search(block.text) is None
        ):
            return
        in_plan = any(_TEST_PLAN_RE.match(h) for h in block.section[-1:])
        planned = in_plan and block.level == 0 and not _ATTESTATION_RE.search(block.text)
        if (
            any(_CHECKLIST_HEAD_RE.match(h) for h in block.section[-1:])
            and _GUIDE_LINK_RE.search(block.text)
            and not _OUTCOME_WORD_RE.search(_GUIDE_LINK_RE.sub(" ", block.text))
        ):
            # "[x] Add unit tests according to the [Run and add unit tests](https://...)" under "## Checklist": the
            # template's instruction, pointing at its guide, ticked by the author; no check that ran
            return
        if (
            (_RAN_CHECK_RE.search(block.text) or planned)
            and not _measured_only(block.text)
            and not _attests_no_result(block.text)
        ):
            # under "Test plan" / "Testing", a checked box names a check that was run ("[x] lm_eval gsm8k")
            yield gate(ctx, line, block.text, block.text.strip().rstrip(".;"), "pass", "checked", note="checked item")
        return
    lead = lead_in(block, ctx)
    if block.kind == "item" and lead is not None and _TEST_PLAN_RE.match(lead) and (sm := _SUCCESSFUL_RE.match(text)):
        # ("- Four successful streaming requests: a warmup and three trials" under "Validation:": the runs came back)
        yield gate(ctx, line, text.strip(), sm.group("what"), "pass", f"{sm.group('n')} successful")
        return
    if lead is not None and NOT_VERIFIED_LABEL_RE.match(lead):
        name = block.text.strip().rstrip(".;").strip()
        label = NOT_VERIFIED_LABEL_RE.match(lead)
        assert label is not None
        yield gate(ctx, line, block.text.strip(), name, "not_verified", label.group("label").lower())
        return
    if lead is not None and OTHER_GATES_RE.match(lead):
        yield from listed_gates(block, ctx)
        return
    if NOT_VERIFIED_LABEL_RE.match(block.text):
        return  # the list's own label
    if "::" in text and (PYTEST_RE.match(text) or PYTEST_V_RE.match(text)):  # both patterns need "::"
        yield from pytest_lines(block, ctx)  # a rendered copy has no code fences
        return
    if ":" in text and (status := list(status_gates(ctx, line, text))):
        yield from status  # "Latest PR Test (Base)::white_check_mark: [Run #N](...)"
        return
    if (
        block.kind in ("item", "text")
        and ":" in text
        and (colon := list(colon_gates(ctx, line, text, block.kind == "item")))
    ):
        yield from colon  # "- lint: passed, including clang-tidy", "- mypy: clean", "Witness: **PASS**."
        return
    yield from validity_gates(ctx, line, text)  # ("`submission_valid: true`": the run's own validity check)
    low = lower_for_words(text)
    if low is not None and _LINE_HINT_RE.search(low) is None:
        return  # none of the words the readers below need
    yield from named_failures(ctx, line, text, 0, low)
    # ("On the second head the MMLU check passed": the gate on that stage)
    yield from staged_gates(ctx, line, text, prose_gates(ctx, line, text, low))
