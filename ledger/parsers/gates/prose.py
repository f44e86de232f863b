"""Gates in prose: the narrow phrases that state an outcome.

    ... are not measured on other QSA models.                 not measured / not covered / did not boot
    the PR pre-commit check passed.                           "X passed" without a count
    No accuracy change relative to mainline                   a quantity held against a baseline
    Coverage verdict: needs follow-up                         a review verdict

A bare "fail" or "pass" in a sentence is not a gate ("Please check the failed tests"): each pattern here
names what passed or what was not checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.gates.check_lists import listed_before
from ledger.parsers.gates.ci_prose import FLOOR_WORDS, TALLY_WORDS, counted_jobs, floor_gates, tallied_runs
from ledger.parsers.gates.claims import gate, has_word
from ledger.parsers.gates.failed_gates import failed_gates
from ledger.parsers.gates.passed_lists import passed_lists
from ledger.vocab.metrics import BENCHMARK_ALTERNATION
from ledger.vocab.remedies import stated_checks
from ledger.vocab.setup import qualifiers
from ledger.vocab.text import NUMBER_WORDS
from ledger.vocab.word_gate import WordGate

# prose: the narrow phrases that state an outcome
# (the three phrase patterns below are searched through their case-sensitive copies in the lowered line, where a
# case-blind engine compares every character in both cases: vocab.word_gate)
_PROSE_RE = WordGate(
    re.compile(
        r"\b(?P<word>(?:is|are|was|were|be|been|stays?|remains?)\s+not\s+(?:measured|covered|verified|tested|"
        r"run|rerun|re-run)|not\s+(?:measured|covered|verified)\s+(?:on|for|at|in)\b|did\s+not\s+boot|"
        # ("X TP4 / Y TP4 remain pending on the current patch": checks named, not yet run to a verdict)
        r"(?:stays?|remains?|still)\s+pending\b|"
        r"(?:hangs|hung)\s+(?:in|on|at|when|during|forever)|"
        r"bitwise[ -](?:identical|equal|exact)|bit-exact|(?:is|are|was|were)\s+identical\s+in\s+all\s+cases)",
        re.IGNORECASE,
    )
)
# "the PR pre-commit check passed", "All validation steps passed:", "Every test either passed"
_PASSED_RE = WordGate(
    re.compile(
        # (the noun's whole word: "synccheck+memcheck passed" names both tools, not a "check")
        # ("both accuracy evals passed"; not the singular: "the GSM8K evaluation passes `x=1` through" hands it on)
        # (whole words, none closing a sentence: "148/152. The feature case passed" names the case)
        r"(?P<subj>(?:(?<![\w`./+-])[\w`](?:[\w`./+-]{0,58}[\w`/+-])?\s+){0,4}?(?<![\w`+/.-])(?:[\w`][\w`.+/-]{0,39}?)?"
        r"(?:gates?|tests?|checks?|steps?|suites?|jobs?|ci|lint|cases?|evals|evaluations)`?)\s+"
        r"(?:all\s+|either\s+)?(?P<word>passed|pass|passes)\b(?!\s*(?:rate|@|keys?))",
        re.IGNORECASE,
    )
)
# "; persistent M128 additionally passed on B200/GB200": a named case (a token with a digit or a capital inside, or
# "+"), opening its clause, that passed on the boards or runs named after it
_CASE_PASSED_RE = re.compile(
    r"(?:^|[;:.]\s{1,3})(?P<subj>(?:[\w`+/.-]{1,40}\s{1,3}){0,3}?[\w`+/-]{0,40}(?:\d|[a-z][A-Z+_])[\w`+/-]{0,40})"
    r"\s{1,3}(?:additionally\s{1,3}|also\s{1,3}|still\s{1,3})?(?P<word>passed)\s{1,3}(?:on|across|for|under)\b"
)
# "All 8 timed arms passed warm-up, length and determinism checks": counted runs, then the checks each passed
_COUNTED_PASSED_RE = re.compile(
    r"\b(?:all|every|each|both)\s(?P<runs>\d{1,5}\s(?:[\w-]{1,30}\s){0,2}?[\w-]{1,30})\spassed\s"
    r"(?P<checks>[^.;:\n]{1,200}?\b(?:checks|gates|tests))\b",
    re.IGNORECASE,
)
# "The test case `X::test_y` is on post-merge. It passed locally with this fix": a pronoun opening the sentence after
# a named test, and its verdict (the test is found back from the pronoun: _referred_test)
_REFERRED_PASS_RE = re.compile(
    r"(?:^|[.;!]\s{1,3})(?P<pron>it|this\s(?:test|case|one)|the\s(?:test|case))\s{1,3}(?:has\s|have\s)?"
    r"(?:now\s{1,3}|also\s{1,3}|still\s{1,3})?(?P<word>passed|passes)\b(?!\s*(?:rate|@))",
    re.IGNORECASE,
)
# a test's id in code marks or bare, with "::" ("`tests/test_x.py::TestA::test_b`", "TestA::test_b[fp8]")
_TEST_ID_RE = re.compile(r"`(?P<code>[^`\n]{3,240})`|(?<![\w`:])(?P<bare>[\w./-]{1,120}(?:::[\w\[\],.-]{1,120}){1,3})")
_SENTENCE_BEFORE = 400
"""How far back the sentence before a pronoun is looked for its test."""
_PRONOUN_RE = re.compile(r"(?:it|they|this|that|these|those|all|everything|each|both)\b", re.IGNORECASE)
# "I reran the pre-commit checks; all passed.", "ran the unit tests, and all of them pass"
_ALL_PASSED_RE = WordGate(
    re.compile(
        r"(?P<subj>(?:\b[\w`./-]{1,40}\s+){0,4}?(?:gates?|tests?|checks?|suites?|jobs?|benchmarks?|cases?)`?)"
        r"\s*[;,:]\s*(?:and\s+)?(?:they\s+(?:all\s+)?|all\s+(?:of\s+them\s+)?|both\s+|each\s+)(?P<word>passed|pass)\b",
        re.IGNORECASE,
    )
)
# "`ruff check` passes", "pre-commit run --all-files passes": a command in code or a lint tool, then its verdict
# (searched only where one of its words stands: vocab.word_gate)
_TOOL_PASSES_RE = WordGate(
    re.compile(
        r"(?P<subj>`[^`\n]{2,80}`|\b(?:pre-commit|ruff|mypy|pytest|flake8|black|isort|clang-format|pylint|codespell|"
        r"pyright|shellcheck)(?:\s[\w./=-]{1,30}){0,4})\s+(?:all\s+|still\s+|now\s+)?"
        r"(?P<word>passes|passed|pass|is clean|"
        r"are clean|succeeds|succeeded)\b(?!\s*(?:rate|@|keys?))",
        re.IGNORECASE,
    )
)
# "Tested with `test-backend-ops -o ROPE`, result is `OK`", "`make check`: result PASS": a command's verdict stated
# after it, the gate named by the command
_TOOL_RESULT_RE = re.compile(
    r"(?P<subj>`[^`\n]{2,80}`)[ \t]{0,2}[,:;]?[ \t]{1,3}(?:and[ \t]{1,3}|the[ \t]{1,3})?(?:result|outcome|status)"
    r"[ \t]{0,2}(?:is|was|:)?[ \t]{0,3}[`*]{0,2}(?P<word>ok|pass(?:ed)?|green|fail(?:ed)?)[`*]{0,2}(?![\w-])",
    re.IGNORECASE,
)
# "Verified no regression on the existing GEMM unit tests", "no regressions in the accuracy suite"
_NO_REGRESSION_RE = re.compile(
    r"\b(?P<word>(?:verified|confirmed|checked)\s+(?:that\s+there\s+(?:is|are)\s+)?no\s+regressions?)\s+"
    r"(?:on|in|for|across|of)\s+(?P<subj>[^.;:]{3,80})",
    re.IGNORECASE,
)
# "No accuracy change relative to mainline", "verified no perf regression vs main", "Accuracy matches main":
# a measured quantity held against a baseline
_QUANTITY = (
    r"(?:accuracy|quality|perf(?:ormance)?|throughput|latency|speed|outputs?|numerics?|scores?|results?|"
    r"e2e|perplexity|ppl|acceptance(?:\s+(?:rate|length))?|" + BENCHMARK_ALTERNATION + ")"
)
_NO_CHANGE_RE = re.compile(
    r"\b(?P<word>(?:(?:verified|confirmed|checked|observed?|saw|see|shows?)\s+)?no\s+(?:(?:significant|measurable|"
    r"noticeable)\s+)?(?P<what>" + _QUANTITY + r")\s+(?:changes?|regressions?|drops?|differences?|degradation|"
    r"loss|variation)s?)(?:\s+(?:relative\s+to|compared\s+(?:to|with)|vs\.?|against|versus|from|over)\s+"
    r"(?:the\s+)?(?P<base>[\w`./-]{2,40}(?:\s+[\w`./-]{1,40}){0,3}?))?\s*(?=[.;,]|$)",
    re.IGNORECASE,
)
_MATCHES_BASE_RE = re.compile(
    r"(?<![\w-])(?P<what>" + _QUANTITY + r")\s+(?P<word>match(?:es|ed)?)\s+(?:the\s+|that\s+of\s+)?"
    r"(?P<base>main|master|mainline|baseline|reference|upstream|the\s+reference)\b",
    re.IGNORECASE,
)
# "The hang reported in the issue is resolved", "the crash is now fixed"
_RESOLVED_RE = re.compile(
    r"(?P<subj>\b(?:the|this|that)\s+(?:[\w-]{1,30}\s+){0,6}?)(?:is|was|has\s+been|are|were|have\s+been)\s+"
    r"(?:now\s+|fully\s+)?(?P<word>resolved)\b",
    re.IGNORECASE,
)
# "does not keep the outputs bitwise identical", "no longer bit-exact": the negation of a pass
_NOT_IDENTICAL_RE = re.compile(
    r"\b(?P<word>(?:does\s+not|do\s+not|doesn't|don't|no\s+longer|not|isn't|aren't)\s+(?:[\w-]{1,20}\s+){0,4}?"
    r"(?:bitwise[ -](?:identical|equal|exact)|bit-exact|identical))",
    re.IGNORECASE,
)
# "All successful.", "All green.", "All tests passed." on a line of their own
_ALL_GOOD_RE = re.compile(
    r"(?:^|[.!]\s+)(?P<word>all\s+(?:successful|green|good|passed|pass|clean|ok))\s*[.!]?\s*$", re.IGNORECASE
)
# "it passes both MMLU and GSM8K"
_PASSES_BOTH_RE = WordGate(
    re.compile(
        r"\b(?:it|they|both|all)\s+(?P<word>pass(?:es|ed)?)\s+(?:both\s+|all\s+)?(?P<list>[\w-]{2,30}"
        r"(?:\s*,\s*[\w-]{2,30}){0,5}\s+and\s+[\w-]{2,30})",
        re.IGNORECASE,
    )
)
_VERDICT_RE = re.compile(
    r"\b(?P<name>(?:[A-Z][\w-]*\s+){0,3}verdict)\s*:\s*[*_`]{0,2}(?P<word>needs follow-up|approved|pass(?:ed)?|"
    r"fail(?:ed)?|blocked|ok|lgtm|changes requested|resolved|not resolved)",
    re.IGNORECASE,
)
_VERDICT_OUTCOMES = {
    "needs follow-up": "not_verified",
    "approved": "pass",
    "pass": "pass",
    "passed": "pass",
    "resolved": "pass",
    "not resolved": "fail",
    "fail": "fail",
    "failed": "fail",
    "blocked": "fail",
    "ok": "pass",
    "lgtm": "pass",
    "changes requested": "fail",
}


def _clause_around(text: str, start: int, end: int) -> str:
    a = max(text.rfind(". ", 0, start), text.rfind("; ", 0, start), text.rfind(": ", 0, start))
    a = 0 if a < 0 else a + 2
    stops = [i for i in (text.find(". ", end), text.find("; ", end), text.find(", ", end)) if i >= 0]
    b = min(stops) if stops else len(text)
    return text[a:b].strip(" .;•*-")


# "The smoke test completed successfully", "All four evaluations completed on both revisions with zero request
# errors": a run that ended without an error is a pass
_COMPLETED_RE = re.compile(
    r"(?P<subj>(?:[A-Za-z][\w`./+-]{0,40}\s+){1,8}?)(?P<word>(?:completed|finished|ran|succeeded)\s+"
    r"(?:[\w-]{1,20},?\s+){0,5}?(?:successfully|cleanly|without\s+(?:any\s+|an?\s+(?:single\s+)?)?(?:errors?|failures?)|"
    r"with\s+(?:\*\*)?(?:no|zero)\s+(?:[\w-]{1,20}\s+)?(?:errors?|failures?)))",
    re.IGNORECASE,
)
# "~10k requests against llama-server without a failure": counted work that ran with none failing is a pass
_WITHOUT_FAILURE_RE = re.compile(
    r"(?P<subj>(?<![\w.])[~≈]?\d[\d.,]{0,8}[kKmM]?\s(?:requests?|prompts?|queries|runs?|iterations?|generations?|"
    r"samples?|conversations?)\b[^.;:\n]{0,60}?)\s(?P<word>without\s(?:a\s(?:single\s)?|an\s|any\s)?"
    r"(?:failures?|errors?|crash(?:es)?))\b",
    re.IGNORECASE,
)
# "peak 66 tok/s at n_cpu_moe=24, OOM at 20": a setting of a sweep that ran out of memory, a point that did not run
# (skipped: the machine's limit, no result and no failure of the change; a bare number is the value of the last
# "key=value" setting before it in its sentence)
_OOM_AT_RE = re.compile(
    r"\b(?P<word>OOM(?:s|ed|'d)?)\s(?:at|with)\s(?P<setting>(?:[A-Za-z][\w-]{0,30}\s?=\s?)?\d{1,6}(?:\.\d{1,3})?[kK]?"
    r"|[A-Za-z][A-Za-z_-]{0,20}\d{1,6}[kK]?)(?![\w.]\w)"
)
_LAST_SETTING_RE = re.compile(r"(?<![\w-])(?P<key>[a-z][a-z0-9_]{1,30})\s?=\s?\d")
# "CI is green", "the nightly went red": a pipeline's colour is its verdict
_CI_COLOUR_RE = re.compile(
    r"\b(?P<subj>CI|pipelines?|builds?|checks|nightly)\s+(?:(?:is|are|was|were|went|turned|stays?|remains?|now|all|"
    r"fully)\s+){1,3}(?P<word>green|red)\b",
    re.IGNORECASE,
)
# "1 expected CI failure", "two unrelated CI failures": failing runs counted, each a failed gate
_CI_FAILURES_RE = re.compile(
    r"\b(?:\d{1,3}|one|two|three)\s+(?P<why>(?:expected|known|unrelated|remaining|flaky)\s+)?(?P<subj>CI)\s+"
    r"(?P<word>failures?)\b",
    re.IGNORECASE,
)
# "the test case `TestX::test_y[cfg]` fails with:": a named test and its failure (what follows is the error);
# the verb is found first and the test's name read back from it, so a long line costs one pass
# ((?<!\s): one try per run of blanks, so a long run costs its length once)
_FAILS_VERB_RE = re.compile(
    r"(?<!\s)\s+(?:still\s+|now\s+|also\s+|consistently\s+)?(?P<word>fails|failed|crashes|crashed|"
    r"errors\s+out)\s+(?:with|on|in|at)\b",
    re.IGNORECASE,
)
_TEST_NAME_RE = re.compile(r"`[^`\n]{1,320}`$|(?<![\w`])[\w:./\[\],-]{3,240}$")


def _failing_tests(text: str) -> Iterator[tuple[str, str, int, int]]:
    """(test name, verb, start, end) of each "<test> fails with" (_FAILS_VERB_RE): a name in code or one with
    "::" or "test_" in it."""
    for vm in _FAILS_VERB_RE.finditer(text):
        nm = _TEST_NAME_RE.search(text, max(0, vm.start() - 320), vm.start())
        if nm is None:
            continue
        name = nm.group(0).strip("`")
        if "::" in name or "test" in name.lower():
            yield name, vm.group("word"), nm.start(), vm.end()


# the words each prose pattern cannot match without: one cheap search each skips most lines
_PROSE_HINT_RE = re.compile(
    r"not|bit|identical|hang|hung|resolved|fixed|regression|all|change|match|differ|variation|drop|complet|finish|"
    r"ran|green|red|failure|without|oom|pending",
    re.IGNORECASE,
)
_PASS_HINT_RE = re.compile(r"pass|clean|succe", re.IGNORECASE)
_FAIL_HINT_RE = re.compile(r"fails|failed|crash|errors", re.IGNORECASE)
_VERDICT_HINT_RE = re.compile(r"verdict", re.IGNORECASE)
_PROSE_HINTS = tuple(_PROSE_HINT_RE.pattern.split("|"))
_PASS_HINTS = tuple(_PASS_HINT_RE.pattern.split("|"))
_FAIL_HINTS = tuple(_FAIL_HINT_RE.pattern.split("|"))
_VERDICT_HINTS = tuple(_VERDICT_HINT_RE.pattern.split("|"))
_RESULT_WORDS = ("result", "outcome", "status")
"""The words _TOOL_RESULT_RE needs ("`cmd`, result is `OK`")."""
HINTS = _PROSE_HINTS + _PASS_HINTS + _FAIL_HINTS + _VERDICT_HINTS + _RESULT_WORDS + FLOOR_WORDS
"""Every word one of the patterns here needs."""


def prose_gates(ctx: Context, line: int, text: str, low: str | None) -> Iterator[Claim]:
    if has_word(text, low, _PROSE_HINTS, _PROSE_HINT_RE):
        yield from _prose_outcomes(ctx, line, text, low)
    if has_word(text, low, _FAIL_HINTS, _FAIL_HINT_RE):
        for name, word, start, end in _failing_tests(text):
            yield gate(ctx, line, text[start:end], name, "fail", word)
        yield from failed_gates(ctx, line, text)  # ("the first head failed the MMLU gate")
    taken: list[tuple[int, int]] = []  # ("the sweep passed 37/37 jobs": its tally's gate, not a second one)
    if "/" in text and _may(low, TALLY_WORDS):
        for claim, span in tallied_runs(ctx, line, text):
            taken.append(span)
            yield claim
    if has_word(text, low, _PASS_HINTS, _PASS_HINT_RE):
        yield from _prose_passes(ctx, line, text, taken)
    if has_word(text, low, _VERDICT_HINTS, _VERDICT_HINT_RE):
        yield from _prose_verdicts(ctx, line, text)
    if _may(low, FLOOR_WORDS):
        yield from floor_gates(ctx, line, text)  # "p1 and p8 miss the historical floors"
    if _may(low, _RESULT_WORDS):  # "Perf verification result: the fix does not recover perf"
        for name, outcome, clause, start, end in stated_checks(text):
            yield gate(ctx, line, text[start:end].rstrip(" *_"), name, outcome, clause)
    if "`" in text and _may(low, _RESULT_WORDS):
        for m in _TOOL_RESULT_RE.finditer(text):
            word = m.group("word").lower()
            outcome = "fail" if word.startswith("fail") else "pass"
            yield gate(
                ctx, line, text[m.start() : m.end()].strip(), m.group("subj").strip("` "), outcome, m.group("word")
            )


# the words each outcome pattern cannot match without (see has_word): most lines that pass the module's hint
# hold one or two of them, and each pattern skipped is a pass over the line saved
_NOT_IDENTICAL_WORDS = ("bitwise", "bit-exact", "identical")
_NO_REGRESSION_WORDS = ("regression",)
_NO_CHANGE_WORDS = ("change", "regression", "drop", "difference", "degradation", "loss", "variation")
_MATCHES_WORDS = ("match",)
_COMPLETED_WORDS = ("completed", "finished", "ran", "succeeded")
# _COMPLETED_RE's verb as it must stand, between blanks: "ran" is inside many words ("transformers", "range"), and
# the pattern tries up to eight words of subject at every character
_COMPLETED_VERB_RE = re.compile(r"\s(?:completed|finished|ran|succeeded)\s", re.IGNORECASE)
# a sentence's own start inside _COMPLETED_RE's subject, which reads words back over their stops
_SENTENCE_OPEN_RE = re.compile(r"(?<=[.!?:;])\s+(?=[A-Z`])")
# "All requests completed successfully": the units of a load, the work a benchmark tool sends; that they ended is
# the tool's report, a gate only where no error is said too ("Every request completed ..., with no errors")
_LOAD_ONLY_RE = re.compile(r"^(?:[\w-]{1,30}\s){0,2}?(?:requests?|prompts?|queries|conversations?|samples?)$", re.I)
_ERROR_COUNT_RE = re.compile(r"\b(?:without|no|zero)\b", re.IGNORECASE)
_CI_COLOUR_WORDS = ("green", "red")
_CI_FAILURES_WORDS = ("failure",)
_WITHOUT_WORDS = ("without",)
_OOM_WORDS = ("oom",)
_RESOLVED_WORDS = ("resolved",)
_ALL_GOOD_WORDS = ("all",)
_PROSE_WORDS = ("not", "hang", "hung", "bit", "identical", "pending")


def _may(low: str | None, words: tuple[str, ...]) -> bool:
    """Whether a pattern needing one of `words` can match the line `low` is lower_for_words of (None: ask it)."""
    return low is None or any(map(low.__contains__, words))


def _prose_outcomes(ctx: Context, line: int, text: str, low: str | None) -> Iterator[Claim]:
    negated: list[tuple[int, int]] = []
    for m in _NOT_IDENTICAL_RE.finditer(text) if _may(low, _NOT_IDENTICAL_WORDS) else ():
        negated.append(m.span())
        clause = _clause_around(text, m.start(), m.end())
        yield gate(ctx, line, clause or m.group(0), clause or m.group(0), "fail", m.group("word"))
    for m in _NO_REGRESSION_RE.finditer(text) if _may(low, _NO_REGRESSION_WORDS) else ():
        yield gate(ctx, line, text[m.start() : m.end()].strip(), m.group("subj").strip(" `"), "pass", m.group("word"))
    for rx, words in ((_NO_CHANGE_RE, _NO_CHANGE_WORDS), (_MATCHES_BASE_RE, _MATCHES_WORDS)):
        for m in rx.finditer(text) if _may(low, words) else ():
            if not ctx.is_free(line, m.start(), m.end()):
                continue
            base = (m.group("base") or "").strip(" `").rstrip(".")
            name = f"{m.group('what').lower()} vs {base}" if base else m.group("what").lower()
            yield gate(ctx, line, text[m.start() : m.end()].strip(), name, "pass", m.group("word"))
    for m in _COMPLETED_RE.finditer(text) if _may(low, _COMPLETED_WORDS) and _COMPLETED_VERB_RE.search(text) else ():
        if re.search(r"\b(?:not|never)\s+$", text[max(0, m.start("word") - 12) : m.start("word")], re.IGNORECASE):
            continue
        subj = _SENTENCE_OPEN_RE.split(m.group("subj").strip())[-1]  # ("... the same way. All prompts": its own)
        subj = re.sub(r"^(?:(?:the|a|an|every|each|all)\s+)+", "", subj, flags=re.IGNORECASE)
        if _LOAD_ONLY_RE.search(subj) and not _ERROR_COUNT_RE.search(m.group("word")):
            continue  # "All requests completed successfully": the load tool's run ended, no check named passed
        if subj:  # "A TP4 serving smoke test completed successfully", "Every request completed ... no errors"
            yield gate(ctx, line, text[m.start() : m.end()].strip(), subj, "pass", m.group("word"))
    for m in _CI_COLOUR_RE.finditer(text) if _may(low, _CI_COLOUR_WORDS) else ():
        if not re.search(r"\b(?:not|never|isn't|wasn't)\s+$", text[max(0, m.start("word") - 12) : m.start("word")]):
            yield gate(
                ctx,
                line,
                text[m.start() : m.end()],
                m.group("subj"),
                "pass" if m.group("word").lower() == "green" else "fail",
                m.group("word"),
            )
    for m in _WITHOUT_FAILURE_RE.finditer(text) if _may(low, _WITHOUT_WORDS) else ():
        if _COMPLETED_VERB_RE.search(m.group("subj") + " "):
            continue  # ("8k requests completed without any failures": the completion's gate, read above)
        yield gate(ctx, line, text[m.start() : m.end()], m.group("subj").strip(" ~≈"), "pass", m.group("word"))
    for m in _OOM_AT_RE.finditer(text) if _may(low, _OOM_WORDS) else ():
        yield _oom_gate(ctx, line, text, m)
    for m in _CI_FAILURES_RE.finditer(text) if _may(low, _CI_FAILURES_WORDS) else ():
        why = (m.group("why") or "").strip().lower()
        yield gate(
            ctx, line, text[m.start() : m.end()], f"CI ({why} failure)" if why else "CI", "fail", m.group("word")
        )
    for m in _RESOLVED_RE.finditer(text) if _may(low, _RESOLVED_WORDS) else ():
        if re.search(r"\b(?:not|never|isn't|wasn't)\s*$", text[: m.start("word")], re.IGNORECASE):
            continue
        subj = m.group("subj").strip()
        yield gate(ctx, line, text[m.start() : m.end()].strip(), subj, "pass", m.group("word"))
    am = _ALL_GOOD_RE.search(text) if _may(low, _ALL_GOOD_WORDS) else None
    if am:
        # "Tested on GSM8k with and without spec. All successful.": the sentence before names what was checked
        before = text[: am.start("word")].strip(" .!")
        section = ctx.section_at(line)
        name = before[-120:] if before else (section[-1] if section else "checks")
        yield gate(ctx, line, am.group("word"), name, "pass", am.group("word"))
    for m in _PROSE_RE.finditer(text) if _may(low, _PROSE_WORDS) else ():
        if any(a <= m.start() < b for a, b in negated):
            continue
        word = re.sub(r"^(?:is|are|was|were|be|been|stays?|remains?)\s+", "", m.group("word"), flags=re.IGNORECASE)
        low = word.lower()
        if low.startswith("not run") or low.startswith("not rerun") or low.startswith("not re-run"):
            outcome = "not_run"
        elif low.startswith(("not ", "pending", "still pending")):
            outcome = "not_verified"
        elif low.startswith(("did not boot", "hang", "hung")):
            outcome = "fail"
        else:
            outcome = "pass"
        clause = _clause_around(text, m.start(), m.end())
        yield gate(ctx, line, clause or m.group(0), clause or m.group(0), outcome, word.strip())


def _oom_gate(ctx: Context, line: int, text: str, m: re.Match[str]) -> Claim:
    """The sweep's point after "OOM at" that did not run (its key the last "key=value" before it when only a
    number)."""
    setting = m.group("setting")
    config = qualifiers(setting)
    if not config and setting.replace(".", "").isdigit():
        start = max(0, m.start() - 200, text.rfind(". ", 0, m.start()) + 1)
        keys = [k.group("key") for k in _LAST_SETTING_RE.finditer(text, start, m.start())]
        if not keys and len(said := qualifiers(text[start : m.start()])) == 1:
            keys = list(said)  # "peaks at concurrency 16; OOM at 20": the one setting the sentence sweeps
        config = {keys[-1]: setting} if keys else {}
    return gate(ctx, line, text[m.start() : m.end()], f"OOM at {setting}", "skipped", m.group("word"), config=config)


def _prose_passes(ctx: Context, line: int, text: str, taken: list[tuple[int, int]]) -> Iterator[Claim]:
    spans = list(taken)  # one gate per phrase, whichever pattern reads it first
    # ("Lint, schema validation, and unit collection passed", "Most of the AMD CI tests passed": first, whole)
    yield from passed_lists(ctx, line, text, spans)
    for claim, span in _pass_phrases(ctx, line, text):
        if any(a < span[1] and span[0] < b for a, b in spans):
            continue
        spans.append(span)
        named = text.rfind(claim.metric or "\n", span[0], span[1])
        for name, at in listed_before(text, named) if named > 0 and claim.outcome == "pass" else ():
            if not any(a <= at < b for a, b in spans):  # "Lint, the type check and the mergeability check pass"
                spans.append((at, at + len(name)))
                yield gate(ctx, line, claim.source.text, name, "pass", claim.outcome_text)
        yield claim


_COUNT_WORD_RE = re.compile(
    r"(?:all\s+)?(?:" + "|".join(w for w in NUMBER_WORDS if NUMBER_WORDS[w] > 1) + r")\s", re.IGNORECASE
)


_LEADING_AND_RE = re.compile(r"^(?:and|or|but|then)\s+", re.IGNORECASE)
_TRAILING_ADVERB_RE = re.compile(r"\s(?:now|still|all|also|again)$", re.IGNORECASE)


def _referred_test(text: str, end: int) -> str | None:
    """The test the sentence ending at `end` names last (an id with "::", or in code marks naming a test), where
    that sentence is the one right before: a pronoun after it refers to that test."""
    lo = max(0, end - _SENTENCE_BEFORE)
    end = lo + len(text[lo:end].rstrip(" .;!"))  # (the sentence's own stop: ". It passed")
    start = max([lo, *(at + 2 for p in (". ", "; ", "! ") if (at := text.rfind(p, lo, end)) >= 0)])
    names = [m.group("code") or m.group("bare") for m in _TEST_ID_RE.finditer(text, start, end)]
    named = [n for n in names if "::" in n or "test_" in n]
    return named[-1] if named else None


def _pass_phrases(ctx: Context, line: int, text: str) -> Iterator[tuple[Claim, tuple[int, int]]]:
    yield from counted_jobs(ctx, line, text)  # ("both nightly `smoke` jobs passed": the job counted, before _PASSED_RE)
    for m in _REFERRED_PASS_RE.finditer(text) if "::" in text or "test_" in text else ():
        name = _referred_test(text, m.start("pron"))
        if name is not None:
            yield gate(ctx, line, text[m.start("pron") : m.end()], name, "pass", m.group("word")), m.span("pron")
    for m in _TOOL_PASSES_RE.finditer(text):
        subj = _TRAILING_ADVERB_RE.sub("", m.group("subj").strip(" `"))  # "pre-commit workflow now pass"
        yield gate(ctx, line, text[m.start() : m.end()].strip(), subj, "pass", m.group("word")), m.span()
    for m in _PASSED_RE.finditer(text):
        subj = m.group("subj").strip(" `")
        if (
            re.search(r"(?<![\w.])\d+(?![\w.])", subj)
            or re.search(r"\b(?:no|not|none|never)\b", subj, re.IGNORECASE)
            or _COUNT_WORD_RE.match(subj)
        ):
            continue  # "All 26 gates passed", "Nine targeted tests passed" are test counts; "no tests passed" no pass
        if re.search(r"\b(?:not|never|didn't|did not)\s*$", text[: m.start()], re.IGNORECASE):
            continue
        articles = list(re.finditer(r"\b(?:the|a|an)\s+", subj, re.IGNORECASE))
        if articles:  # "After the rebase the lint check": the noun phrase after the last article
            subj = subj[articles[-1].end() :]
        subj = _LEADING_AND_RE.sub("", subj)  # "..., and M64 synccheck+memcheck": the list's last item
        yield gate(ctx, line, text[m.start() : m.end()].strip(), subj, "pass", m.group("word")), m.span()
    for m in _ALL_PASSED_RE.finditer(text):
        subj = m.group("subj").strip(" `")
        articles = list(re.finditer(r"\b(?:the|a|an)\s+", subj, re.IGNORECASE))
        if articles:
            subj = subj[articles[-1].end() :]
        yield gate(ctx, line, text[m.start() : m.end()].strip(), subj, "pass", m.group("word")), m.span()
    for m in _COUNTED_PASSED_RE.finditer(text) if "passed" in text else ():
        # "All 16 counted arms passed import, dispatch, and repeatability checks": the checks, on that many runs
        name, runs = m.group("checks").strip(), m.group("runs")  # (how many passed: the note, no setting of theirs)
        yield gate(ctx, line, text[m.start() : m.end()], name, "pass", "passed", note=f"{runs} passed"), m.span()
    for m in _CASE_PASSED_RE.finditer(text) if "passed" in text else ():
        subj = m.group("subj").strip(" `")
        if not _PRONOUN_RE.match(subj) and not re.search(r"(?<![\w.])\d+(?![\w.])", subj):
            yield gate(ctx, line, text[m.start("subj") : m.end()], subj, "pass", m.group("word")), m.span("subj")
    for m in _PASSES_BOTH_RE.finditer(text):
        names = [n.strip() for n in re.split(r"\s*,\s*|\s+and\s+", m.group("list")) if n.strip()]
        for k, n in enumerate(names):
            yield gate(ctx, line, text[m.start() : m.end()], n, "pass", m.group("word")), (m.start() + k, m.start() + k)


def _prose_verdicts(ctx: Context, line: int, text: str) -> Iterator[Claim]:
    for m in _VERDICT_RE.finditer(text):
        word = m.group("word").lower()
        section = ctx.section_at(line)
        name = f"{section[-1]} {m.group('name').lower()}" if section else m.group("name")
        yield gate(
            ctx, line, text[m.start() : m.end()], name, _VERDICT_OUTCOMES.get(word, "not_verified"), m.group("word")
        )
