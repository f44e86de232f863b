"""Test counts: pytest summaries, "N passed, M failed, K skipped" in cells and prose, "41/41 passing"."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.formats.pass_lists import all_clean, ratio_lists, sub_count
from ledger.parsers.grammar.sides import result_side
from ledger.parsers.grammar.slash_arm_items import each_arm, link_text
from ledger.parsers.reader.document import Block, Document, Table
from ledger.vocab.sides import side_of
from ledger.vocab.text import LOAD_NOUNS, NUMBER_WORDS, lower_for_words
from ledger.vocab.word_gate import WordGate

NAME = "test_counts"
VERSION = "1"
BLOCKS = frozenset({"table", "text", "item", "code"})
NEEDS_DIGIT = False  # "Nine targeted GPU tests passed": a count may be spelled out (counts_in checks its words first)

# a count standing alone ("1,024", "805"), its first digit before the look-behind: the engine skips to digits
_COUNT = r"(\d(?<![\w.#/]\d)(?:\d{0,2}(?:,\d{3})+|\d*))"
_WORD = (
    r"(passed|passing|passes|pass|successful|success|succeeded|failed|failing|failures?|errors?|skipped|deselected|"
    r"xfailed|xpassed)"
)
_LOAD_NOUNS = LOAD_NOUNS  # (a tally of a serving run's load, before or after its word, is no test's: vocab.text)
# One count and its word; a run of them joined by , ; and is one claim. ("2 known perf-reference failures" in a CI
# summary: a few lower-case words may qualify what is counted; not a comparative, "14 fewer failed requests" is a
# change of a count, no tally; nor a verb, "workers above 1 may cause errors" is a setting's consequence)
_ITEM_RE = re.compile(
    rf"{_COUNT}\s+(?:tests?\s+|cases?\s+|checks?\s+)?(?P<qual>(?-i:(?!(?:the|a|an|of|in|on|for|to|and|with|more|fewer|less|additional|extra|may|can|could|might|will|would|cause[sd]?|lead|leads|triggers?|{_LOAD_NOUNS})\s)[A-Za-z][a-z0-9-]{{1,30}}\s+){{0,3}}?){_WORD}\b"
    # ("60 successful requests", "0 failed prompts": the load a serving benchmark sent, no tests)
    rf"(?!\s{{1,3}}(?:{_LOAD_NOUNS})\b)",
    re.IGNORECASE,
)
# "12/12 passed", "48/48 kernel unit tests passed": k of n, a few words naming what was counted, then the verb
# ("22/22 exact comparisons passed": an operator's checks against its reference, counted as tests are)
_RATIO_RE = re.compile(
    r"(\d(?<![\w.#/]\d)\d*)\s*/\s*(\d+)\s+(?:(?:[\w.-]{1,30}\s+){0,3}?"
    r"(?:tests?|runs?|cases?|checks?|iterations?|comparisons?|assertions?|subtests?|scenarios?)\s+)?"
    r"(passed|passing|pass)\b",
    re.IGNORECASE,
)
# "All 26 qwen4_exp gates passed", "12 unit tests passed": a count, some words, then the noun and verb
_NOUN_PASSED_RE = WordGate(
    re.compile(
        r"(?<![\w.#/])(?P<all>all\s+)?(?P<n>\d{1,3}(?:,\d{3})+|\d{1,7}|both|" + "|".join(NUMBER_WORDS) + r")\s+"
        r"(?:[\w./-]{1,40}\s+){0,3}?"
        # ("both registered regressions passed": the regression tests a change adds)
        r"(?:tests?|gates?|checks?|cases?|configs?|configurations?|combinations?|shapes?|variants?|models?|tasks?|"
        r"suites?|benchmarks?|regressions)\s+(?:have\s+|were\s+)?passed\b",
        re.IGNORECASE,
    )
)
# the verb first: "passed 292 cases and failed 12 capacity checks", "passed all 29 tests" (all: none failed)
# (searched only where one of its words stands: vocab.word_gate)
_VERB_FIRST_RE = WordGate(
    re.compile(
        r"\b(?P<w1>passed|failed|fails|skipped)\s+(?P<all>all\s+)?(?P<n1>\d{1,3}(?:,\d{3})+|\d{1,7})\s+(?:[\w-]{1,30}\s+){0,2}?"
        r"(?:tests?|cases?|checks?)\b(?:,?\s+(?:and\s+)?(?P<w2>passed|failed|skipped)\s+"
        r"(?P<n2>\d{1,3}(?:,\d{3})+|\d{1,7})\b)?",
        re.IGNORECASE,
    )
)
# "73 cases ran, 0 AssertionError", "120 tests executed with no failures": a run's size, then how many of it failed
# (the verb may go unsaid where a comma joins the two: "smoke: 42 checks, 0 FAIL" is a checker's summary line)
# (searched only where one of its words stands: vocab.word_gate)
_RAN_RE = WordGate(
    re.compile(
        r"(?<![\w.#/])(?P<n>\d{1,7})\s+(?:[\w.-]{1,30}\s+){0,2}?(?:tests?|cases?|checks?)"
        r"(?:\s+(?:ran|were\s+run|executed)[,;:]?|[,;])\s{1,3}(?:with\s+)?(?P<f>\d{1,7}|no)\s+[A-Za-z]{0,30}?"
        r"(?:errors?|failures?|failed|fail|exceptions?)\b",
        re.IGNORECASE,
    )
)
# "`SPEC_AGREE 32/32`", "METRIC greedy_match 30/32 = 0.94": a check's identifier counting the prompts whose outputs
# agreed, of those it ran (k of n agreed: a tally, never a score of k); only an identifier's name ("_" in it), so
# "matches 3/4 of the time" stays prose
_AGREE_RE = re.compile(
    r"(?<![\w-])(?P<name>[A-Za-z]\w{0,40}?)[\s`:=]{1,3}(?P<k>\d{1,6})\s{0,2}/\s{0,2}(?P<n>\d{1,6})(?![\d/]|\.\d)"
)
_AGREE_GATE = WordGate(_AGREE_RE)
"""Its finditer over a text, only where its words stand (vocab.word_gate); agreement_check matches at a place."""


def _agreement_name(text: str, start: int) -> str | None:
    """The check's identifier of an agreement tally starting at `start` (see _AGREE_RE), else None."""
    m = _AGREE_RE.match(text, start)
    name = m.group("name") if m else ""
    low = name.lower()
    return name if "_" in name and ("agree" in low or "match" in low) else None


# ("raw passes: 5/5", "`ctest` passes 94/94": passed of runs, the verb before its tally; never a share "1/2 the time",
# nor the prompts a smoke check sent, "passed 48/50 smoke prompts")
# (searched only where one of its words stands: vocab.word_gate)
_PASSES_OF_RE = WordGate(
    re.compile(
        r"\b(?:passes|passed)\s?:?\s{0,3}(?P<k>\d{1,6})\s?/\s?(?P<n>\d{1,6})(?!\d|\.\d|/|\s(?:the|of)\b|"
        r"\s(?:[\w-]{1,20}\s)?(?:requests?|prompts?|queries|samples|sequences)\b)",
        re.IGNORECASE,
    )
)
# ("`ctest` is 94/94", "unit tests are 212/212 green": a suite's tally stated with a copula; never a score, as only a
# runner's or a suite's name may stand before it)
# (searched only where one of its words stands: vocab.word_gate)
_SUITE_IS_RE = WordGate(
    re.compile(
        r"\b(?:ctest|pytest|unittest|tests?|suites?|checks?|cases?)`?\s{1,3}(?:is|are|was|were|stays?|now)\s{1,3}"
        r"(?:now\s{1,3}|at\s{1,3})?(?P<k>\d{1,6})\s?/\s?(?P<n>\d{1,6})(?![\d/]|\.\d)",
        re.IGNORECASE,
    )
)
# "the 25 paired comparisons against main are all identical": checks counted, then a verdict that they all passed
# (searched only where one of its words stands: vocab.word_gate)
_ALL_SAME_RE = WordGate(
    re.compile(
        r"(?<![\w.#/])(?P<n>\d{1,6})\s+(?:[\w-]{1,30}\s+){0,2}?(?:comparisons?|checks?|cases?|tests?|outputs?)\b"
        r"[^.;:\d]{0,60}?\b(?:are|were)\s{1,3}all\s{1,3}(?:identical|bit-?exact|bitwise\s{1,3}identical|green)\b",
        re.IGNORECASE,
    )
)
# unittest: "Ran 12 tests in 60.780s" and, a line or two below, "OK" or "FAILED (failures=1, errors=2)"
_UNITTEST_RAN_RE = re.compile(r"^\s*Ran (?P<n>\d{1,7}) tests? in [\d.]+s\s*$")
_UNITTEST_END_RE = re.compile(r"^\s*(?:(?P<ok>OK)\b|FAILED \((?P<detail>[^()]{1,80})\))")
_WORD_HINT_RE = re.compile(r"pass|fail|error|skipped|deselected|succe|agree|match|identical", re.IGNORECASE)
_SUITE_WORD_RE = re.compile(r"test|suite|check|case", re.IGNORECASE)  # (beside a "/": "`ctest` is 94/94")
_FROM_RE = re.compile(r"\bfrom\s+(\d{1,3}(?:,\d{3})+|\d{1,7})\s+to\s+$", re.IGNORECASE)
_EACH_RE = re.compile(r"^\s+each\b", re.IGNORECASE)
# "CuteDSL MoE unit tests, this branch and main (test_cute_dsl_moe.py)": the runs "each" counts
_PAIR_SUBJECT_RE = re.compile(r",\s*(?P<a>[\w .-]{1,30}?)\s+and\s+(?P<b>[\w.-]{1,30}?)(?=\s*\(|\s*$)")
# (or the noun the counts are of after the first: "17 successful jobs, 0 failures" is one run's tally)
_GAP_RE = re.compile(
    r"^[\s,;:()=\-]*(?:and\s+)?[\s,;:()=\-]*$|^[;,]\s*[^;,\d]{0,80}?:\s*$"
    r"|^\s{1,3}(?:jobs?|runs?|workflows?|builds?|tests?|cases?|checks?)[,;]?\s{1,3}(?:and\s{1,3})?$"
)


def _has_hint(text: str) -> bool:
    """`_WORD_HINT_RE.search(text)`, by substring tests of the lowered text (about fifteen times faster than the
    case-blind alternation) wherever lowering stands for ignoring case (lower_for_words: a line with an arrow or
    a mark too, not only ASCII)."""
    low = lower_for_words(text)
    if low is not None:
        return (
            "pass" in low
            or "fail" in low
            or "error" in low
            or "skipped" in low
            or "deselected" in low
            or "succe" in low
            or "agree" in low
            or "match" in low
            or "identical" in low
            or ("/" in low and ("test" in low or "suite" in low or "check" in low or "case" in low))
        )
    return _WORD_HINT_RE.search(text) is not None or ("/" in text and _SUITE_WORD_RE.search(text) is not None)


def _norm(word: str) -> str:
    w = word.lower()
    if w.startswith(("pass", "succ")):
        return "passed"
    if w.startswith(("fail", "error")):
        return "failed"
    return "skipped"


def counts_in(text: str) -> list[tuple[int, int, dict[str, int]]]:
    """Groups of counts: (start, end, {"passed": n, "failed": m, "skipped": k})."""
    groups: list[tuple[int, int, dict[str, int]]] = []
    if not _has_hint(text):
        return groups  # every pattern below needs one of the outcome words
    for m in _RATIO_RE.finditer(text):
        k, n = int(m.group(1)), int(m.group(2))  # ("12/12 passed": none failed; "10/12 passed": two did)
        groups.append((m.start(), m.end(), {"passed": k, "failed": n - k} if k <= n else {"passed": k}))
    for m in _PASSES_OF_RE.finditer(text):
        k, n = int(m.group("k")), int(m.group("n"))
        if k <= n:  # "raw passes: 5/5": passed of runs
            groups.append((m.start(), m.end(), {"passed": k, "failed": n - k}))
    for m in _SUITE_IS_RE.finditer(text):
        k, n = int(m.group("k")), int(m.group("n"))
        if k <= n:
            groups.append((m.start("k"), m.end(), {"passed": k, "failed": n - k}))
    for m in _ALL_SAME_RE.finditer(text):
        groups.append((m.start(), m.end(), {"passed": int(m.group("n")), "failed": 0}))
    for m in _AGREE_GATE.finditer(text):
        k, n = int(m.group("k")), int(m.group("n"))
        if k <= n and _agreement_name(text, m.start()):
            groups.append((m.start(), m.end(), {"passed": k, "failed": n - k}))
    for m in _RAN_RE.finditer(text):
        n, f = int(m.group("n")), 0 if m.group("f").lower() == "no" else int(m.group("f"))
        if f <= n:  # (the run's failures are some of its cases)
            groups.append((m.start(), m.end(), {"passed": n - f, "failed": f}))
    for m in _VERB_FIRST_RE.finditer(text):
        vcounts = {_norm(m.group("w1")): int(m.group("n1").replace(",", ""))}
        if m.group("w2") and _norm(m.group("w2")) not in vcounts:
            vcounts[_norm(m.group("w2"))] = int(m.group("n2").replace(",", ""))
        if m.group("all") and list(vcounts) == ["passed"]:
            vcounts["failed"] = 0
        # ("PR #14768 fails 5 perf-sanity tests": the failures alone, the passes unsaid)
        if "passed" in vcounts or list(vcounts) == ["failed"]:
            groups.append((m.start(), m.end(), vcounts))
    for m in _NOUN_PASSED_RE.finditer(text):
        word = m.group("n").lower()
        if word == "both":
            groups.append((m.start(), m.end(), {"passed": 2, "failed": 0}))  # both of two passed: none failed
            continue
        counts = {"passed": NUMBER_WORDS[word] if word in NUMBER_WORDS else int(word.replace(",", ""))}
        if m.group("all"):
            counts["failed"] = 0
        groups.append((m.start(), m.end(), counts))
    items = [
        m
        for m in _ITEM_RE.finditer(text)
        if not any(a <= m.start() < b for a, b, _ in groups)
        # ("8 GPUs passing" counts no tests: only failures take qualifying words, "2 known flaky failures", and
        # skips that follow a count of passes, "10/10 pass, 16 Helion variants skipped")
        and not (m.group("qual") and _norm(m.group(3)) not in ("failed", "skipped"))
    ]
    groups.sort()
    found: list[tuple[int, int, dict[str, int]]] = []  # the items' own groups, in order (items come in order)
    j = -1  # the last of `groups` that starts before the item
    for m in items:
        n = int(m.group(1).replace(",", ""))
        key = _norm(m.group(3))
        while j + 1 < len(groups) and groups[j + 1][0] < m.start():
            j += 1
        # the group right before it, whichever pattern found it, takes it: one run's counts
        mine = bool(found) and (j < 0 or found[-1][0] > groups[j][0])
        cur = found[-1] if mine else groups[j] if j >= 0 else None
        if cur is not None and _GAP_RE.match(text[cur[1] : m.start()]) and key not in cur[2]:
            cur[2][key] = n
            if mine:
                found[-1] = (cur[0], m.end(), cur[2])
            else:
                groups[j] = (cur[0], m.end(), cur[2])
            continue
        if m.group("qual") and key == "skipped":
            continue  # "6 fp8 variants skipped" alone: what was skipped is not said to be tests
        found.append((m.start(), m.end(), {key: n}))
    return sorted(groups + found)


def _status_table(table: Table) -> dict[str, tuple[int, int]] | None:
    """ "| Status | Count |" rows PASSED / FAILED / SKIPPED: {outcome: (count, line)}."""
    if len(table.header) < 2 or not table.rows:
        return None
    out: dict[str, tuple[int, int]] = {}
    for row in table.rows:
        if len(row.cells) < 2:
            return None
        word = row.cells[0].strip("*` ").lower()
        count = row.cells[1].strip("*` ").replace(",", "")
        if word not in ("passed", "failed", "skipped", "errors", "error", "xfailed") or not count.isdigit():
            return None
        out[_norm(word)] = (int(count), row.line)
    return out if "passed" in out else None


# "6 passed, 21 warnings in 10.58s", "..., 96 subtests passed in 19.74s": how long the run took, after its counts
_PYTEST_TIME_RE = re.compile(
    r"(?:,\s?\d{1,7}\s[a-z]{3,12}(?:\s[a-z]{3,12})?){0,6}\s{1,3}in\s{1,3}(?P<t>\d{1,6}(?:\.\d{1,3})?)s\b"
)


def _table_counts(block: Block, ctx: Context) -> Iterator[Claim]:
    """A status table's one count, or the counts in the cells of a table's rows (their first cell names them)."""
    table = block.table
    assert table is not None
    status = _status_table(table)
    if status is not None:  # "| PASSED | 396 |" / "| FAILED | 0 |": one count, on the passed row
        n, line = status["passed"]
        row = next(r for r in table.rows if r.line == line)
        for r in table.rows:
            ctx.taken.add(r.line)
        yield ctx.claim(
            "tests",
            line,
            row.text.strip(),
            metric=ctx.lead_in(block) or None,
            value=float(n),
            passed=n,
            failed=status.get("failed", (None, 0))[0],
            skipped=status.get("skipped", (None, 0))[0],
        )
        return
    for row in table.rows:
        if not _has_hint(row.text):
            continue  # counts_in needs an outcome word, and every cell is a piece of the row's text
        for ci, cell in enumerate(row.cells):
            if ci == 0:
                continue
            for start, end, counts in counts_in(cell):
                if "passed" not in counts and "failed" not in counts:
                    continue
                off = row.text.find(cell)
                ctx.take(row.line, off + start, off + end)
                subject = _agreement_name(cell, start) or row.cells[0] or None
                runs: list[str | None] = [None]
                pm = _PAIR_SUBJECT_RE.search(subject or "")
                if subject and pm and _EACH_RE.match(cell[end:]):
                    # "904 passed each" over "this branch and main": one count per run
                    subject = (subject[: pm.start()] + subject[pm.end() :]).strip()
                    runs = [pm.group("a").strip(), pm.group("b").strip()]
                for run in runs:
                    yield ctx.claim(
                        "tests",
                        row.line,
                        cell[start:end],
                        metric=subject,
                        value=_as_value(counts),
                        config={"run": run} if run else None,
                        passed=counts.get("passed"),
                        failed=counts.get("failed"),
                        skipped=counts.get("skipped"),
                    )


def admits(block: Block, text: str, doc: Document) -> bool:
    """Every count read here stands by an outcome word (_has_hint: the block's own, a status table's or a wrapped
    list's), but unittest's "Ran 12 tests in 6.0s" (its outcome a line or two below) and a nested item's "name: k/n"
    (its parent item's count above it)."""
    return _has_hint(text) or "Ran " in text or (block.kind == "item" and "/" in text)


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    if block.kind == "table":
        yield from _table_counts(block, ctx)
        return
    if block.kind in ("text", "item"):
        yield from _prose_lists(block, ctx)
    if block.kind == "item" and (sub := sub_count(ctx.doc.lines, block.start - 1, _counts_passed)) is not None:
        passed, total, name = sub
        ctx.taken.add(block.start)
        text = ctx.doc.line(block.start)
        yield ctx.claim(
            "tests", block.start, text.strip(), metric=name, value=float(passed), passed=passed, failed=total - passed
        )
        return
    for no, text in enumerate(ctx.doc.lines[block.start - 1 : block.end], start=block.start):
        if text.lstrip().startswith("Ran ") and (um := _UNITTEST_RAN_RE.match(text)) and no not in ctx.taken:
            claim = _unittest(ctx, no, text, int(um.group("n")))
            if claim is not None:
                yield claim
            continue
        for start, end, counts in counts_in(text):
            if "passed" not in counts and "failed" not in counts:
                continue
            if not ctx.is_free(no, start, end):
                continue
            ref = None
            fm = _FROM_RE.search(text, max(0, start - 40), start)
            if fm:  # "the unit run from 3,444 to 1,213 passed cases": 3,444 is the reference
                ref = float(fm.group(1).replace(",", ""))
                start = fm.start(1)
            ctx.take(no, start, end)
            subject = _agreement_name(text, start) or _subject(text, fm.start() if fm else start, text[start:end])
            # ("base/EAGLE/MTP passed 12 tests each": one count per arm, each with its arm's setup)
            arms = each_arm(text, start, end) if "/" in text[max(0, start - 200) : start] else None
            for arm_subject, arm in arms or [(subject, {})]:
                yield ctx.claim(
                    "tests",
                    no,
                    text[start:end],
                    metric=_command_target(arm_subject) or arm_subject or _pytest_target(ctx, block, no),
                    revision=_own_side(ctx, block, no, text, start),
                    value=_as_value(counts),
                    reference=ref,
                    config=arm,
                    passed=counts.get("passed"),
                    failed=counts.get("failed"),
                    skipped=counts.get("skipped"),
                )
            if (tm := _PYTEST_TIME_RE.match(text, end)) is not None and ctx.is_free(no, tm.start("t"), tm.end("t")):
                ctx.take(no, tm.start("t"), tm.end("t") + 1)
                yield ctx.claim(
                    "perf",
                    no,
                    text[tm.start("t") : tm.end("t") + 1],
                    metric="pytest duration",
                    value=float(tm.group("t")),
                    unit="s",
                )


def _own_side(ctx: Context, block: Block, no: int, text: str, pos: int) -> Revision | None:
    """The revision of a count on a prose line: the side its own sentence names ("Step A (on main, without this PR):
    ... 4 failed", "with the fix reverted"; grammar.sides.result_side) where it differs from the side in force, else
    the revision in force."""
    scoped = ctx.named.get(no) or ctx.revision_at(no)
    own = result_side(text, pos) if block.kind in ("text", "item") and not block.in_code else None
    if own is None or (scoped is not None and side_of(scoped.label) == side_of(own.label)):
        return scoped
    return own if side_of(own.label) is not None else scoped


def _command_target(subject: str | None) -> str | None:
    """The test file a pytest command named before the count on its line runs ("`pytest tests/a/test_b.py` ->
    11 passed"): the suite's name, whatever side the line's words put it on."""
    m = _PYTEST_TARGET_RE.search(subject) if subject and "pytest" in subject else None
    return m.group("target") if m else None


def _counts_passed(text: str) -> bool:
    return any("passed" in counts for _, _, counts in counts_in(text))


def _prose_lists(block: Block, ctx: Context) -> Iterator[Claim]:
    """A list's "k/n <name>" counts, each its own claim named by its words, and "All N <things> report 0 errors"
    (N passed, none failed), read over the block's lines joined with the lines right above it: a hand-wrapped
    item breaks its sentence anywhere, and its next line may stand as a block of its own."""
    lines = ctx.doc.lines[block.start - 1 : block.end]
    if not _has_hint("\n".join(lines)):
        return
    top = block.start
    while top > 1 and block.start - top < 3 and ctx.doc.line(top - 1).strip() and not block.in_code:
        top -= 1
    lines = ctx.doc.lines[top - 1 : block.end]
    joined = "\n".join(lines)
    starts = [0]
    for text in lines[:-1]:
        starts.append(starts[-1] + len(text) + 1)
    found = [(a, b, {"passed": k, "failed": n - k}, name) for a, b, k, n, name in ratio_lists(joined)]
    found += [(a, b, {"passed": n, "failed": 0}, what) for a, b, n, what in all_clean(joined)]
    for start, end, counts, name in sorted(found):
        first = bisect.bisect_right(starts, start) - 1
        last = bisect.bisect_right(starts, end - 1) - 1
        if not ctx.is_free(top + first, start - starts[first], start - starts[first] + 1):
            continue  # (read already, from the block above: the list's verb may stand on the line below it)
        for k in range(first, last + 1):  # (the "0 errors" on its line is this count's, no count of its own)
            ctx.take(top + k, max(0, start - starts[k]), min(len(lines[k]), end - starts[k]))
        yield ctx.claim(
            "tests",
            top + first,
            joined[start:end],
            line_end=top + last,
            metric=name,
            value=float(counts["passed"]),
            passed=counts["passed"],
            failed=counts["failed"],
            skipped=None,
        )


def _unittest(ctx: Context, no: int, text: str, ran: int) -> Claim | None:
    """unittest's "Ran N tests in Xs" with its verdict below: OK, or FAILED (failures=k, errors=e)."""
    for k in range(no + 1, no + 4):
        em = _UNITTEST_END_RE.match(ctx.doc.line(k))
        if em is None:
            continue
        failed = 0
        if em.group("detail"):
            failed = sum(int(v) for key, v in re.findall(r"(failures|errors)=(\d+)", em.group("detail")))
        skipped = re.findall(r"skipped=(\d+)", em.group("detail") or "")
        passed = ran - failed - (int(skipped[0]) if skipped else 0)
        ctx.taken.add(no)
        return ctx.claim(
            "tests",
            no,
            text.strip(),
            metric="unittest",
            value=float(passed),
            passed=passed,
            failed=failed,
            skipped=int(skipped[0]) if skipped else None,
        )
    return None


def _subject(text: str, start: int, counted: str = "") -> str | None:
    head = link_text(text[max(0, start - 200) : start])  # ("[H100 DSPARK](run url) passed": the run's name)
    cut = max(head.rfind(";"), head.rfind(". "))  # "Mean: 96.3; range: 0.27; raw passes: 5/5": its own clause
    head = _COPULA_END_RE.sub("", head[cut + 1 :].strip(" :-•*`=")).strip(" `")  # ("`ctest` is 94/94": ctest)
    if _LIST_TAIL_RE.search(head) and (own := _OWN_WORDS_RE.fullmatch(counted.strip())) and own.group("what"):
        return own.group("what")  # "..., 7/7 correctness, and both registered regressions passed": its own words
    if (failed := _FAILED_SUITE_RE.match(counted)) is not None:
        return failed.group("what")  # "PR #14768 fails 5 perf-sanity tests": the suite, not the failing branch
    if head.lower() in _DETERMINERS and (own := _COUNTED_NOUN_RE.match(counted)) is not None:
        return own.group("what")  # "The 25 paired comparisons ... are all identical": what the count counts
    return head[-80:] or None


_COPULA_END_RE = re.compile(r"`?\s{1,3}(?:is|are|was|were|stays?)(?:\s{1,3}(?:now|at))?$", re.IGNORECASE)
_FAILED_SUITE_RE = re.compile(r"(?:fails|failed)\s+\d{1,7}\s+(?P<what>[\w-]{1,30}(?:\s[\w-]{1,30})?)\s+tests?\b", re.I)
_DETERMINERS = frozenset({"", "the", "all", "all the", "these", "our", "both"})
_COUNTED_NOUN_RE = re.compile(
    r"\d{1,6}\s+(?P<what>(?:[\w-]{1,30}\s+){0,2}?(?:comparisons?|checks?|cases?|tests?|outputs?))\b", re.IGNORECASE
)


# a count that closes a list ("..., and both ... passed"): named by its own words, not by the list before it
_LIST_TAIL_RE = re.compile(r"(?:,|\band)\s{0,3}$")
_OWN_WORDS_RE = re.compile(
    r"(?:all\s+)?(?:\d[\d,]*|[a-z]+)\s+(?P<what>[\w./ -]{1,80}?)\s+(?:have\s+|were\s+)?passed", re.IGNORECASE
)


# "$ pytest -q tests/kernels/test_index_cache.py": the tests a summary below the command counts
_PYTEST_TARGET_RE = re.compile(r"\bpytest\b[^\n]{0,200}?\s(?P<target>[\w./-]{1,160}\.py(?:::[\w\[\]-]{1,80})?)")


def _pytest_target(ctx: Context, block: Block, no: int) -> str | None:
    """The test file a pytest command above the summary line (in its code block, within 40 lines) ran."""
    if block.kind != "code":
        return None
    for k in range(no - 1, max(block.start, no - 40) - 1, -1):
        line = ctx.doc.line(k)
        if "pytest" in line and (m := _PYTEST_TARGET_RE.search(line)):
            return m.group("target")
    return None


def _as_value(counts: dict[str, int]) -> float | None:
    """A tests claim's value is its passed count (None when only failures are stated)."""
    return float(counts["passed"]) if "passed" in counts else None
