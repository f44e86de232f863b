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
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.document import Block, Document, Row, Table
from ledger.vocab.setup import qualifiers
from ledger.vocab.text import lower_for_words

NAME = "gates"
VERSION = "1"
BLOCKS = frozenset({"table", "text", "item", "code"})
NEEDS_DIGIT = False
"""Claims here can stand without a number (an outcome word, a Yes/No cell)."""

# A result cell (or clause) that is an outcome: "clean", "pass, acceptance length 4.000", "not rerun".
_CELL_OUTCOMES: tuple[tuple[str, str], ...] = (
    ("not rerun", "not_run"), ("not re-run", "not_run"), ("not run", "not_run"), ("did not run", "not_run"),
    ("not verified", "not_verified"), ("not measured", "not_verified"), ("not covered", "not_verified"),
    ("not tested", "not_verified"), ("untested", "not_verified"), ("needs follow-up", "not_verified"),
    ("bitwise identical", "pass"), ("bit-exact", "pass"), ("identical", "pass"), ("matches", "pass"),
    ("waived", "waived"), ("skipped", "skipped"), ("passed", "pass"), ("passes", "pass"), ("pass", "pass"),
    ("clean", "pass"), ("ok", "pass"), ("green", "pass"), ("success", "pass"), ("✅", "pass"), ("✔", "pass"),
    ("failed", "fail"), ("fails", "fail"), ("fail", "fail"), ("failure", "fail"), ("timed out", "fail"),
    ("timeout", "fail"), ("hangs", "fail"), ("did not boot", "fail"), ("❌", "fail"), ("✗", "fail"),
)
_CELL_OUTCOME_MAP = dict(_CELL_OUTCOMES)
_ALT = "|".join(re.escape(p) for p, _ in _CELL_OUTCOMES)
# the outcome opens the cell and ends it, or is followed by "," / "(" / ";" (not "pass keys", "pass@1")
_CELL_FIRST = "".join(sorted({re.escape(p[0]) for p, _ in _CELL_OUTCOMES}))
"""The outcomes' first characters: one set test before trying each outcome in turn."""
_CELL_START_RE = re.compile(rf"\s*[{_CELL_FIRST}]", re.IGNORECASE)
"""What _CELL_RE needs at a clause's start."""
_CELL_RE = re.compile(rf"^\s*(?=[{_CELL_FIRST}])(?P<word>{_ALT})(?![\w@-])(?P<rest>\s*(?:$|[,;(:].*))", re.IGNORECASE)
# "videos pass": a short name and an outcome as one clause
_NAMED_CLAUSE_RE = re.compile(
    r"^\s*(?P<name>[A-Za-z][\w./-]{0,30}(?:\s[A-Za-z][\w./-]{0,30}){0,3})\s+"
    r"(?P<word>pass|passes|passed|fail|fails|failed|clean|ok|skipped|waived)\s*$", re.IGNORECASE)
_GENERIC_HEADER_RE = re.compile(
    r"^(?:result|results|status|outcome|verdict|value|values|check|checks|)(?:\s*\([^()]{0,40}\))?$", re.IGNORECASE)
# "✅ PASSED", "❌ FAILED": a check mark and the word a tool printed
_MARK_WORD_RE = re.compile(r"^\s*[✅✔✓❌✗✘]\s*(?P<word>PASSED|FAILED|PASS|FAIL|OK|SKIPPED|ERROR)\s*$")
_LINT_TOOL_RE = re.compile(
    r"^(?:mypy|pre-commit|ruff|flake8|pylint|black|isort|clang-format|clang-tidy|pyright|codespell|yapf|"
    r"shellcheck|lint|linters?|cpplint|eslint|prettier|type ?check)\b", re.IGNORECASE)
_PAREN_RE = re.compile(r"\(([^()]{1,120})\)")
_PAREN_OUTCOME_RE = re.compile(r"^\s*(?P<word>failed|fails|passed|passes|waived|skipped|flaky|timed out)\b",
                               re.IGNORECASE)
_TEST_PLAN_RE = re.compile(r"^\W*(?:test(?:ing)?(?: plan| results?| done)?|tests run|validation|verification)\W*$",
                           re.IGNORECASE)
_ATTESTATION_RE = re.compile(r"(?<![\w-])(?:added|updated|installed|read|follows?|documented|i have|i've)(?![\w-])",
                             re.IGNORECASE)
_RAN_CHECK_RE = re.compile(
    r"(?<![\w-])(?:ran|run|running|passed|passes|passing|checked|verified|validated|tested|benchmarked|"
    r"reproduced|ci|green|succeeded|no regressions?)(?![\w-])", re.IGNORECASE)
# "1 failed: test_checked_in_schemas_are_current, which main fails too ... (waived)"
_NAMED_FAIL_RE = re.compile(
    r"\b\d{1,6}\s+(?:tests?\s+)?(?:failed|failures?|errors?)\s*:\s*"
    r"(?P<names>`?[\w.:/\[\]-]{3,120}`?(?:\s*,\s*`?[\w.:/\[\]-]{3,120}`?){0,10})", re.IGNORECASE)
_TEST_ID_RE = re.compile(r"[_.:/\[]")

# prose: the narrow phrases that state an outcome
_PROSE_RE = re.compile(
    r"\b(?P<word>(?:is|are|was|were|be|been|stays?|remains?)\s+not\s+(?:measured|covered|verified|tested|"
    r"run|rerun|re-run)|not\s+(?:measured|covered|verified)\s+(?:on|for|at|in)\b|did\s+not\s+boot|"
    r"(?:hangs|hung)\s+(?:in|on|at|when|during|forever)|"
    r"bitwise[ -](?:identical|equal|exact)|bit-exact|(?:is|are|was|were)\s+identical\s+in\s+all\s+cases)",
    re.IGNORECASE)
# "the PR pre-commit check passed", "All validation steps passed:", "Every test either passed"
_PASSED_RE = re.compile(
    r"(?P<subj>(?:\b[\w`./-]{1,40}\s+){0,4}?(?:gates?|tests?|checks?|steps?|suites?|jobs?|CI|lint)`?)\s+"
    r"(?:all\s+|either\s+)?(?P<word>passed|pass|passes)\b(?!\s*(?:rate|@|keys?))", re.IGNORECASE)
# "I reran the pre-commit checks; all passed.", "ran the unit tests, and all of them pass"
_ALL_PASSED_RE = re.compile(
    r"(?P<subj>(?:\b[\w`./-]{1,40}\s+){0,4}?(?:gates?|tests?|checks?|suites?|jobs?|benchmarks?|cases?)`?)\s*[;,:]\s*"
    r"(?:and\s+)?(?:they\s+(?:all\s+)?|all\s+(?:of\s+them\s+)?|both\s+|each\s+)(?P<word>passed|pass)\b", re.IGNORECASE)
# "`ruff check` passes", "pre-commit run --all-files passes": a command in code or a lint tool, then its verdict
_TOOL_PASSES_RE = re.compile(
    r"(?P<subj>`[^`\n]{2,80}`|\b(?:pre-commit|ruff|mypy|pytest|flake8|black|isort|clang-format|pylint|codespell|"
    r"pyright|shellcheck)(?:\s[\w./=-]{1,30}){0,4})\s+(?:all\s+|still\s+|now\s+)?(?P<word>passes|passed|pass|is clean|"
    r"are clean|succeeds|succeeded)\b(?!\s*(?:rate|@|keys?))", re.IGNORECASE)
# "Verified no regression on the existing GEMM unit tests", "no regressions in the accuracy suite"
_NO_REGRESSION_RE = re.compile(
    r"\b(?P<word>(?:verified|confirmed|checked)\s+(?:that\s+there\s+(?:is|are)\s+)?no\s+regressions?)\s+"
    r"(?:on|in|for|across|of)\s+(?P<subj>[^.;:]{3,80})", re.IGNORECASE)
# "No accuracy change relative to mainline", "verified no perf regression vs main", "Accuracy matches main":
# a measured quantity held against a baseline
_QUANTITY = (r"(?:accuracy|quality|perf(?:ormance)?|throughput|latency|speed|outputs?|numerics?|scores?|results?|"
             r"e2e|gsm8k|mmlu|mmmu|gpqa|perplexity|ppl|acceptance(?:\s+(?:rate|length))?)")
_NO_CHANGE_RE = re.compile(
    r"\b(?P<word>(?:(?:verified|confirmed|checked|observed?|saw|see|shows?)\s+)?no\s+(?:(?:significant|measurable|"
    r"noticeable)\s+)?(?P<what>" + _QUANTITY + r")\s+(?:changes?|regressions?|drops?|differences?|degradation|"
    r"loss|variation)s?)(?:\s+(?:relative\s+to|compared\s+(?:to|with)|vs\.?|against|versus|from|over)\s+"
    r"(?:the\s+)?(?P<base>[\w`./-]{2,40}(?:\s+[\w`./-]{1,40}){0,3}?))?\s*(?=[.;,]|$)", re.IGNORECASE)
_MATCHES_BASE_RE = re.compile(
    r"(?<![\w-])(?P<what>" + _QUANTITY + r")\s+(?P<word>match(?:es|ed)?)\s+(?:the\s+|that\s+of\s+)?"
    r"(?P<base>main|master|mainline|baseline|reference|upstream|the\s+reference)\b", re.IGNORECASE)
# "The hang reported in the issue is resolved", "the crash is now fixed"
_RESOLVED_RE = re.compile(
    r"(?P<subj>\b(?:the|this|that)\s+(?:[\w-]{1,30}\s+){0,6}?)(?:is|was|has\s+been|are|were|have\s+been)\s+"
    r"(?:now\s+|fully\s+)?(?P<word>resolved)\b", re.IGNORECASE)
# "does not keep the outputs bitwise identical", "no longer bit-exact": the negation of a pass
_NOT_IDENTICAL_RE = re.compile(
    r"\b(?P<word>(?:does\s+not|do\s+not|doesn't|don't|no\s+longer|not|isn't|aren't)\s+(?:[\w-]{1,20}\s+){0,4}?"
    r"(?:bitwise[ -](?:identical|equal|exact)|bit-exact|identical))", re.IGNORECASE)
# "All successful.", "All green.", "All tests passed." on a line of their own
_ALL_GOOD_RE = re.compile(
    r"(?:^|[.!]\s+)(?P<word>all\s+(?:successful|green|good|passed|pass|clean|ok))\s*[.!]?\s*$", re.IGNORECASE)
# "it passes both MMLU and GSM8K"
_PASSES_BOTH_RE = re.compile(
    r"\b(?:it|they|both|all)\s+(?P<word>pass(?:es|ed)?)\s+(?:both\s+|all\s+)?(?P<list>[\w-]{2,30}"
    r"(?:\s*,\s*[\w-]{2,30}){0,5}\s+and\s+[\w-]{2,30})", re.IGNORECASE)
_VERDICT_RE = re.compile(
    r"\b(?P<name>(?:[A-Z][\w-]*\s+){0,3}verdict)\s*:\s*[*_`]{0,2}(?P<word>needs follow-up|approved|pass(?:ed)?|"
    r"fail(?:ed)?|blocked|ok|lgtm|changes requested|resolved|not resolved)", re.IGNORECASE)
_VERDICT_OUTCOMES = {"needs follow-up": "not_verified", "approved": "pass", "pass": "pass", "passed": "pass",
                     "resolved": "pass", "not resolved": "fail",
                     "fail": "fail", "failed": "fail", "blocked": "fail", "ok": "pass", "lgtm": "pass",
                     "changes requested": "fail"}
_NOT_VERIFIED_LABEL_RE = re.compile(
    r"^\s*(?:[*_]{0,2})(?P<label>not verified|not tested|untested|not covered|not measured|unverified|"
    r"not yet verified|not run)(?:[*_]{0,2})\s*:\s*(?:[*_]{0,2})\s*$", re.IGNORECASE)
_OTHER_GATES_RE = re.compile(r"^\s*(?:the\s+)?(?:other|remaining|additional|rest of the)\s+(?:gates|checks)\s*:\s*$",
                             re.IGNORECASE)
_PYTEST_RE = re.compile(r"^\s*(?P<word>PASSED|FAILED|ERROR|XFAIL|XPASS|SKIPPED)\s+(?P<id>\S+::\S+)")
_PYTEST_V_RE = re.compile(r"^\s*(?P<id>\S+::\S+)\s+(?P<word>PASSED|FAILED|ERROR|XFAIL|XPASS|SKIPPED)\b")
_PYTEST_OUTCOMES = {"passed": "pass", "failed": "fail", "error": "fail", "xfail": "pass", "xpass": "pass",
                    "skipped": "skipped"}
_ITEM_LINE_RE = re.compile(r"^([ \t]*)(?:[-*+•◦▪‣]|\d{1,3}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?")
_HAS_DECIMAL_RE = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])|\(ref\b")


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    if block.kind == "table":
        assert block.table is not None
        yield from _table_gates(block.table, ctx)
        return
    if block.kind == "code":
        yield from _pytest_lines(block, ctx)
        return
    line = block.start
    text = ctx.doc.line(line)
    if block.kind == "item" and block.checked:
        # a box is a gate when it reports a check that ran ("Ran pre-commit", "CI via /bot run", "Related tests
        # checked"); a template's attestation ("I have installed the hooks", "Tests have been added") is not
        in_plan = any(_TEST_PLAN_RE.match(h) for h in block.section[-1:])
        planned = in_plan and block.level == 0 and not _ATTESTATION_RE.search(block.text)
        if _RAN_CHECK_RE.search(block.text) or planned:
            # under "Test plan" / "Testing", a checked box names a check that was run ("[x] lm_eval gsm8k")
            yield _gate(ctx, line, block.text, block.text.strip().rstrip(".;"), "pass", "checked", note="checked item")
        return
    lead = _lead_in(block, ctx)
    if lead is not None and _NOT_VERIFIED_LABEL_RE.match(lead):
        name = block.text.strip().rstrip(".;").strip()
        label = _NOT_VERIFIED_LABEL_RE.match(lead)
        assert label is not None
        yield _gate(ctx, line, block.text.strip(), name, "not_verified", label.group("label").lower())
        return
    if lead is not None and _OTHER_GATES_RE.match(lead):
        yield from _listed_gates(block, ctx)
        return
    if _NOT_VERIFIED_LABEL_RE.match(block.text):
        return  # the list's own label
    if "::" in text and (_PYTEST_RE.match(text) or _PYTEST_V_RE.match(text)):  # both patterns need "::"
        yield from _pytest_lines(block, ctx)  # a rendered copy has no code fences
        return
    low = lower_for_words(text)
    if low is not None and not any(map(low.__contains__, _LINE_HINTS)):
        return  # none of the words the readers below need
    yield from _named_failures(ctx, line, text, 0, low)
    yield from _prose_gates(ctx, line, text, low)


def _gate(ctx: Context, line: int, text: str, name: str, outcome: str, outcome_text: str | None,
          config: dict[str, str] | None = None, note: str | None = None) -> Claim:
    cfg = {**qualifiers(name), **(config or {})}
    return ctx.claim("gate", line, text[:120], metric=name[:160], outcome=outcome, outcome_text=outcome_text,
                     config=cfg, note=note)


# --- tables -----------------------------------------------------------------------------------

def _table_gates(table: Table, ctx: Context) -> Iterator[Claim]:
    # the column's name joins the gate's name unless it is a generic "Result" / "Status"
    cols = ["" if _GENERIC_HEADER_RE.match(h.strip()) else h.strip() for h in table.header]
    for row in table.rows:
        if not row.cells:
            continue
        label = row.cells[0].strip()
        if not label:
            continue
        name, label_cfg = _split_label(label)
        # an outcome in the row's name: "test_x (failed in CI on f22959cf9a)"
        for pm in _PAREN_RE.finditer(label):
            om = _PAREN_OUTCOME_RE.match(pm.group(1))
            if om:
                word = om.group("word").lower()
                outcome = "waived" if "waived" in pm.group(1).lower() else _paren_outcome(word)
                rest = pm.group(1)[om.end():].strip()
                yield _gate(ctx, row.line, label, name, outcome, f"{word} ({rest})" if rest else word,
                            config={"note": rest} if rest else None)
        for ci, cell in enumerate(row.cells[1:], start=1):
            if not cell.strip():
                continue
            # a gate needs an outcome opening a clause (the first, or one after a ";") or a named failure
            low = lower_for_words(cell)
            if ";" not in cell and not _CELL_START_RE.match(cell) and not _has_word(
                    cell, low, _NAMED_FAIL_HINTS, _NAMED_FAIL_HINT_RE):
                continue
            col = cols[ci] if ci < len(cols) else ""
            yield from _cell_gates(ctx, row, label, name, label_cfg, cell, col, low)


def _paren_outcome(word: str) -> str:
    if word.startswith(("fail", "timed")):
        return "fail"
    if word.startswith("pass"):
        return "pass"
    if word == "flaky":
        return "fail"
    return word


def _split_label(label: str) -> tuple[str, dict[str, str]]:
    """"test_gsm8k (unchanged)" -> ("test_gsm8k", {"note": "unchanged"}) for a non-outcome parenthetical."""
    cfg: dict[str, str] = {}
    name = label
    m = _TRAILING_PAREN_RE.search(label) if ")" in label else None
    if m and not _PAREN_OUTCOME_RE.match(m.group(1)) and not re.search(r"[/.]|\.sh\b", m.group(1)):
        cfg["note"] = m.group(1)
        name = label[:m.start()].strip()
    elif m and _PAREN_OUTCOME_RE.match(m.group(1)):
        name = label[:m.start()].strip()
    return name, cfg


def _cell_gates(ctx: Context, row: Row, label: str, name: str, label_cfg: dict[str, str], cell: str,
                col: str, low: str | None) -> Iterator[Claim]:
    mw = _MARK_WORD_RE.match(cell)
    if mw:
        word = mw.group("word")
        outcome = {"passed": "pass", "pass": "pass", "ok": "pass", "skipped": "skipped"}.get(word.lower(), "fail")
        yield _gate(ctx, row.line, row.text.strip(), f"{name} {col}".strip() if col else name, outcome, cell.strip(),
                    config=label_cfg or None)
        return
    clauses = _CLAUSE_SPLIT_RE.split(cell) if ";" in cell else [cell]
    for k, clause in enumerate(clauses):
        cm = _CELL_RE.match(clause)
        if cm:
            if k > 0 and cm.group("word").lower() in ("pass", "passes", "passed") and not clause.strip().startswith(
                    cm.group("word")):
                continue
            word = cm.group("word")
            outcome = _CELL_OUTCOME_MAP[word.lower()]
            if outcome == "fail" and re.search(r"\bwaived\b", cell, re.IGNORECASE):
                outcome, word = "waived", f"{word} (waived)"
            gate_name = f"{name} {col}".strip() if col else name
            for part_name, cfg in _gate_parts(gate_name, clause):
                yield _gate(ctx, row.line, row.text.strip(), part_name, outcome, word, config={**label_cfg, **cfg})
            continue
        nm = _NAMED_CLAUSE_RE.match(clause) if k > 0 else None
        if nm:
            word = nm.group("word")
            yield _gate(ctx, row.line, clause.strip(), f"{nm.group('name')} ({name})", _CELL_OUTCOME_MAP[word.lower()],
                        word, config={**qualifiers(name), **label_cfg})
    yield from _named_failures(ctx, row.line, cell, 0, low)


def _gate_parts(name: str, clause: str) -> list[tuple[str, dict[str, str]]]:
    """One gate per check the row names: "mypy (...), pre-commit over the changed files" is two checks;
    "passkey, MTP3 over FP8 / NVFP4 KV / with IndexShare" with three values in the cell is three."""
    parts = [p.strip() for p in _top_level_split(name, r",\s+|\s+and\s+")]
    if len(parts) > 1 and all(_LINT_TOOL_RE.match(p) for p in parts):
        return [(p, {}) for p in parts]
    alts = [a.strip() for a in _top_level_split(name, r"\s+/\s+")]
    if len(alts) > 1:
        vals = re.search(r"\d[\d.]*(?:\s*/\s*\d[\d.]*)+", clause)
        if vals and len(re.split(r"\s*/\s*", vals.group(0))) == len(alts):
            base = alts[0].split(",")[0].strip()
            return [(base, {"variant": a, **qualifiers(a)}) for a in alts]
    return [(name, {})]


def _top_level_split(text: str, sep: str) -> list[str]:
    """Split on `sep` (which never matches empty nor opens with a bracket) outside parentheses.

    Jumps from bracket to bracket, and at depth 0 to the next separator before the next bracket: the
    same splits as trying `sep` at every character outside brackets, in fewer steps."""
    out: list[str] = []
    depth = 0
    start = 0
    i = 0
    pat = _SPLIT_RES.get(sep) or _SPLIT_RES.setdefault(sep, re.compile(sep))
    n = len(text)
    while i < n:
        b = _SPLIT_BRACKET_RE.search(text, i)
        bpos = b.start() if b else n
        if depth == 0:
            m = pat.search(text, i, bpos)
            if m:
                out.append(text[start:m.start()])
                start = i = m.end()
                continue
        if b is None:
            break
        depth = depth + 1 if text[bpos] in "([" else max(0, depth - 1)
        i = bpos + 1
    out.append(text[start:])
    return [p for p in out if p.strip()]


_SPLIT_RES: dict[str, re.Pattern[str]] = {}
_SPLIT_BRACKET_RE = re.compile(r"[(\[)\]]")


def _named_failures(ctx: Context, line: int, text: str, offset: int, low: str | None) -> Iterator[Claim]:
    """"1 failed: test_checked_in_schemas_are_current, which main fails too (waived)": a gate per named test.
    `low` is lower_for_words(text)."""
    if not _has_word(text, low, _NAMED_FAIL_HINTS, _NAMED_FAIL_HINT_RE):
        return
    for m in _NAMED_FAIL_RE.finditer(text):
        names = [n.strip(" `") for n in m.group("names").split(",")]
        names = [n for n in names if _TEST_ID_RE.search(n)]
        if not names:
            continue
        tail = text[m.end():m.end() + 240]
        waived = re.search(r"\bwaived\b", tail.split(";")[0], re.IGNORECASE) is not None
        note = None
        wm = re.match(r"\s*(?:,\s*)?(?:which\s+)?(main\s+fails\s+too)", tail)
        if wm:
            note = wm.group(1)
        for n in names:
            outcome_text = "failed (waived" + (f"; {note})" if note else ")") if waived else "failed"
            yield _gate(ctx, line, text[m.start():m.end() + (wm.end() if wm else 0)].strip(), n,
                        "waived" if waived else "fail", outcome_text)


# --- lists ------------------------------------------------------------------------------------

def _lead_in(block: Block, ctx: Context) -> str | None:
    """The line that introduces the list this item belongs to: its parent item, or the text line
    above a top-level list."""
    if block.kind != "item":
        return None
    if block.level == 0:
        # top-level item line -> its lead-in line (0: none within reach), per document
        return _top_lead_in(block.start, ctx.doc, ctx.memo.setdefault(NAME + ".leads", {}))
    for no in range(block.start - 1, max(0, block.start - 80), -1):
        raw = ctx.doc.line(no)
        if not raw.strip():
            continue
        bm = _ITEM_LINE_RE.match(raw)
        if bm is None:
            return raw.strip() if block.level == 0 else None
        if len(bm.group(1).replace("\t", "    ")) // 2 < block.level:
            return raw[bm.end():].strip()
    return None


def _top_lead_in(start: int, doc: Document, known: dict[int, int]) -> str | None:
    """_lead_in of a top-level item: the nearest non-blank line above it that is not an item, within 79
    lines. The walk stops at an item above whose answer is known: the lines between are items or blank,
    so it is this item's answer too, if still within reach (each item of a long list costs O(1))."""
    lowest = max(1, start - 79)
    found = 0
    for no in range(start - 1, lowest - 1, -1):
        raw = doc.line(no)
        if not raw.strip():
            continue
        if _ITEM_LINE_RE.match(raw) is None:
            found = no
            break
        above = known.get(no)
        if above is not None:
            found = above if above >= lowest else 0  # 0 above: none within its reach, which reaches lower
            break
    known[start] = found
    return doc.line(found).strip() if found else None


def _listed_gates(block: Block, ctx: Context) -> Iterator[Claim]:
    """Items of "The other gates:" under a label that says they passed: one gate per named check."""
    rev = ctx.revision_at(block.start)
    if rev is None or not rev.label or not re.search(r"\bpass(?:ed|es)?\b", rev.label, re.IGNORECASE):
        return
    text = block.text.strip()
    if _HAS_DECIMAL_RE.search(text):
        return  # values: the prose reader's
    list_head = ""
    for seg in _top_level_split(text.rstrip("."), r";\s*"):
        seg = seg.strip()
        hm = re.match(r"^([^:]{2,60}):\s+(.+)$", seg)
        if hm:
            list_head, seg = hm.group(1).strip(), hm.group(2).strip()
        head = list_head  # "Passkeys: A, B; C and D": the head serves every segment after it
        parts = [p.strip() for p in _top_level_split(seg, r",\s+|\s+and\s+")]
        if len(parts) >= 3 and _first_word(parts[-1]) == _first_word(parts[-2]) != _first_word(parts[0]):
            # "Forced acceptance at draft 7, all rejected and all accepted": a head and a parallel pair
            head = f"{head}: {parts[0]}" if head else parts[0]
            parts = parts[1:]
        for p in parts:
            name = f"{head}: {p}" if head else p
            yield _gate(ctx, block.start, block.text.strip(), name, "pass", None,
                        note="listed among gates that passed")


def _first_word(text: str) -> str:
    w = text.split()
    return w[0].lower() if w else ""


# --- prose ------------------------------------------------------------------------------------

def _clause_around(text: str, start: int, end: int) -> str:
    a = max(text.rfind(". ", 0, start), text.rfind("; ", 0, start), text.rfind(": ", 0, start))
    a = 0 if a < 0 else a + 2
    stops = [i for i in (text.find(". ", end), text.find("; ", end), text.find(", ", end)) if i >= 0]
    b = min(stops) if stops else len(text)
    return text[a:b].strip(" .;•*-")


# the words each prose pattern cannot match without: one cheap search each skips most lines
_PROSE_HINT_RE = re.compile(
    r"not|bit|identical|hang|hung|resolved|fixed|regression|all|change|match|differ|variation|drop", re.IGNORECASE)
_PASS_HINT_RE = re.compile(r"pass|clean|succe", re.IGNORECASE)
_VERDICT_HINT_RE = re.compile(r"verdict", re.IGNORECASE)
_NAMED_FAIL_HINT_RE = re.compile(r"fail|error", re.IGNORECASE)
_PROSE_HINTS = tuple(_PROSE_HINT_RE.pattern.split("|"))
_PASS_HINTS = tuple(_PASS_HINT_RE.pattern.split("|"))
_VERDICT_HINTS = tuple(_VERDICT_HINT_RE.pattern.split("|"))
_NAMED_FAIL_HINTS = tuple(_NAMED_FAIL_HINT_RE.pattern.split("|"))
_LINE_HINTS = _PROSE_HINTS + _PASS_HINTS + _VERDICT_HINTS + _NAMED_FAIL_HINTS
_TRAILING_PAREN_RE = re.compile(r"\s*\(([^()]{1,60})\)\s*$")
_CLAUSE_SPLIT_RE = re.compile(r";\s*")


def _prose_gates(ctx: Context, line: int, text: str, low: str | None) -> Iterator[Claim]:
    if _has_word(text, low, _PROSE_HINTS, _PROSE_HINT_RE):
        yield from _prose_outcomes(ctx, line, text)
    if _has_word(text, low, _PASS_HINTS, _PASS_HINT_RE):
        yield from _prose_passes(ctx, line, text)
    if _has_word(text, low, _VERDICT_HINTS, _VERDICT_HINT_RE):
        yield from _prose_verdicts(ctx, line, text)


def _has_word(text: str, low: str | None, words: tuple[str, ...], hint: re.Pattern[str]) -> bool:
    """hint.search(text), where hint is `words` joined by "|" ignoring case. `low` is lower_for_words(text): a
    substring test there says the same, faster; where it is None the pattern is asked."""
    if low is None:
        return hint.search(text) is not None
    return any(map(low.__contains__, words))



def _prose_outcomes(ctx: Context, line: int, text: str) -> Iterator[Claim]:
    negated: list[tuple[int, int]] = []
    for m in _NOT_IDENTICAL_RE.finditer(text):
        negated.append(m.span())
        clause = _clause_around(text, m.start(), m.end())
        yield _gate(ctx, line, clause or m.group(0), clause or m.group(0), "fail", m.group("word"))
    for m in _NO_REGRESSION_RE.finditer(text):
        yield _gate(ctx, line, text[m.start():m.end()].strip(), m.group("subj").strip(" `"), "pass", m.group("word"))
    for rx in (_NO_CHANGE_RE, _MATCHES_BASE_RE):
        for m in rx.finditer(text):
            if not ctx.is_free(line, m.start(), m.end()):
                continue
            base = (m.group("base") or "").strip(" `").rstrip(".")
            name = f"{m.group('what').lower()} vs {base}" if base else m.group("what").lower()
            yield _gate(ctx, line, text[m.start():m.end()].strip(), name, "pass", m.group("word"))
    for m in _RESOLVED_RE.finditer(text):
        if re.search(r"\b(?:not|never|isn't|wasn't)\s*$", text[:m.start("word")], re.IGNORECASE):
            continue
        subj = m.group("subj").strip()
        yield _gate(ctx, line, text[m.start():m.end()].strip(), subj, "pass", m.group("word"))
    am = _ALL_GOOD_RE.search(text)
    if am:
        # "Tested on GSM8k with and without spec. All successful.": the sentence before names what was checked
        before = text[:am.start("word")].strip(" .!")
        section = ctx.section_at(line)
        name = before[-120:] if before else (section[-1] if section else "checks")
        yield _gate(ctx, line, am.group("word"), name, "pass", am.group("word"))
    for m in _PROSE_RE.finditer(text):
        if any(a <= m.start() < b for a, b in negated):
            continue
        word = re.sub(r"^(?:is|are|was|were|be|been|stays?|remains?)\s+", "", m.group("word"), flags=re.IGNORECASE)
        low = word.lower()
        if low.startswith("not run") or low.startswith("not rerun") or low.startswith("not re-run"):
            outcome = "not_run"
        elif low.startswith("not "):
            outcome = "not_verified"
        elif low.startswith(("did not boot", "hang", "hung")):
            outcome = "fail"
        else:
            outcome = "pass"
        clause = _clause_around(text, m.start(), m.end())
        yield _gate(ctx, line, clause or m.group(0), clause or m.group(0), outcome, word.strip())


def _prose_passes(ctx: Context, line: int, text: str) -> Iterator[Claim]:
    spans: list[tuple[int, int]] = []  # one gate per phrase, whichever pattern reads it first
    for claim, span in _pass_phrases(ctx, line, text):
        if any(a < span[1] and span[0] < b for a, b in spans):
            continue
        spans.append(span)
        yield claim


def _pass_phrases(ctx: Context, line: int, text: str) -> Iterator[tuple[Claim, tuple[int, int]]]:
    for m in _TOOL_PASSES_RE.finditer(text):
        yield _gate(ctx, line, text[m.start():m.end()].strip(), m.group("subj").strip(" `"), "pass",
                    m.group("word")), m.span()
    for m in _PASSED_RE.finditer(text):
        subj = m.group("subj").strip(" `")
        if re.search(r"(?<![\w.])\d+(?![\w.])", subj) or re.search(r"\b(?:no|not|none|never)\b", subj, re.IGNORECASE):
            continue  # "All 26 gates passed" is a test count; "no tests passed" is not a pass
        if re.search(r"\b(?:not|never|didn't|did not)\s*$", text[:m.start()], re.IGNORECASE):
            continue
        articles = list(re.finditer(r"\b(?:the|a|an)\s+", subj, re.IGNORECASE))
        if articles:  # "After the rebase the lint check": the noun phrase after the last article
            subj = subj[articles[-1].end():]
        yield _gate(ctx, line, text[m.start():m.end()].strip(), subj, "pass", m.group("word")), m.span()
    for m in _ALL_PASSED_RE.finditer(text):
        subj = m.group("subj").strip(" `")
        articles = list(re.finditer(r"\b(?:the|a|an)\s+", subj, re.IGNORECASE))
        if articles:
            subj = subj[articles[-1].end():]
        yield _gate(ctx, line, text[m.start():m.end()].strip(), subj, "pass", m.group("word")), m.span()
    for m in _PASSES_BOTH_RE.finditer(text):
        names = [n.strip() for n in re.split(r"\s*,\s*|\s+and\s+", m.group("list")) if n.strip()]
        for k, n in enumerate(names):
            yield _gate(ctx, line, text[m.start():m.end()], n, "pass", m.group("word")), (m.start() + k, m.start() + k)


def _prose_verdicts(ctx: Context, line: int, text: str) -> Iterator[Claim]:
    for m in _VERDICT_RE.finditer(text):
        word = m.group("word").lower()
        section = ctx.section_at(line)
        name = f"{section[-1]} {m.group('name').lower()}" if section else m.group("name")
        yield _gate(ctx, line, text[m.start():m.end()], name, _VERDICT_OUTCOMES.get(word, "not_verified"),
                    m.group("word"))


def _pytest_lines(block: Block, ctx: Context) -> Iterator[Claim]:
    for no in range(block.start, block.end + 1):
        text = ctx.doc.line(no)
        m = _PYTEST_RE.match(text) or _PYTEST_V_RE.match(text)
        if not m:
            continue
        test_id = m.group("id").split("::")[-1]
        word = m.group("word")
        yield _gate(ctx, no, text.strip()[:120], test_id, _PYTEST_OUTCOMES[word.lower()], word,
                    config={"test": m.group("id")[:200]})
