"""Outcome words: what a gate's verdict means, as the claims contract names it."""

from __future__ import annotations

import re

from ledger.vocab.metrics import BAD_OUTCOMES
from ledger.vocab.text import DIRECTION_MARKS

# Outcome words, longest first; the value is the contract's outcome.
OUTCOME_PHRASES: tuple[tuple[str, str], ...] = (
    ("needs follow-up", "not_verified"),
    ("not measured", "not_verified"),
    ("not covered", "not_verified"),
    ("not verified", "not_verified"),
    ("not tested", "not_verified"),
    ("unverified", "not_verified"),
    ("untested", "not_verified"),
    ("not rerun", "not_run"),
    ("not re-run", "not_run"),
    ("not run", "not_run"),
    ("did not run", "not_run"),
    ("were not run", "not_run"),
    ("bitwise identical", "pass"),
    ("bit-exact", "pass"),
    ("identical", "pass"),
    ("did not boot", "fail"),
    ("timed out", "fail"),
    ("waived", "waived"),
    ("skipped", "skipped"),
    ("success", "pass"),
    ("passed", "pass"),
    ("passes", "pass"),
    ("pass", "pass"),
    ("clean", "pass"),
    ("green", "pass"),
    ("ok", "pass"),
    ("failure", "fail"),
    ("failed", "fail"),
    ("fails", "fail"),
    ("fail", "fail"),
    ("unstable", "fail"),
    ("hangs", "fail"),
    ("hang", "fail"),
    ("timeout", "fail"),
    ("aborted", "fail"),
    ("✅", "pass"),
    ("✔", "pass"),
    ("❌", "fail"),
    ("✗", "fail"),
)
_OUTCOME_RE = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(p) for p, _ in OUTCOME_PHRASES) + r")(?![\w-])", re.IGNORECASE
)
_OUTCOME_MAP = {p: o for p, o in OUTCOME_PHRASES}


def find_outcome(text: str) -> tuple[str, str, int, int] | None:
    """The first outcome word in text: (outcome, words as printed, start, end)."""
    m = _OUTCOME_RE.search(text)
    if not m:
        return None
    return _OUTCOME_MAP[m.group(1).lower()], m.group(1), m.start(1), m.end(1)


def outcome_of(word: str) -> str | None:
    """The contract outcome of a CI state or verdict word (SUCCESS -> pass)."""
    return _OUTCOME_MAP.get(word.strip().lower())


# A bot's state of a run stopped before it had a result (killed by its author, superseded by a newer push): no
# verdict on the code, so neither pass nor fail; in prose "aborted" stays a crash (a process that aborted failed)
_STOPPED_STATES = frozenset({"aborted", "cancelled", "canceled"})


def ci_state_outcome(state: str) -> str | None:
    """The contract outcome of a CI bot's state word: ABORTED and CANCELLED are `not_run`, the rest as outcome_of."""
    return "not_run" if state.strip().lower() in _STOPPED_STATES else outcome_of(state)


# The words a results row prints beside its change to judge it ("better -16.7%", "WORSE +11.7%", "updated (better
# -35.7%)"): which way its author judged the change, and the ones that judge no way
_GOOD = ("better", "improved", "improvement", "faster")
_BAD = ("worse", "regressed", "regression", "slower")
_GOOD_WORDS = frozenset(_GOOD)
VERDICT_WORDS = "|".join((*_GOOD, *_BAD, "unchanged", "neutral"))
"""The words a results table prints beside a change to judge it, as one alternation."""
_PRINTED_VERDICT_RE = re.compile(r"(?<![\w-])(" + "|".join((*_GOOD, *_BAD)) + r")(?![\w-])", re.IGNORECASE)


def verdict_word(cell: str) -> str | None:
    """The one verdict word a short cell prints beside its change ("better -16.7%" -> "better"), else None (no
    word, a good and a bad one, or a cell too long to be a verdict)."""
    if len(cell) > 40:
        return None
    words = [m.group(1) for m in _PRINTED_VERDICT_RE.finditer(cell)]
    return words[0] if words and len({w.lower() in _GOOD_WORDS for w in words}) == 1 else None


def printed_good(words: str) -> bool | None:
    """Whether a printed verdict ("better", "WORSE") calls the change good; None for other words."""
    word = verdict_word(words)
    return None if word is None else word.lower() in _GOOD_WORDS


STATUS_MARKS: dict[str, str] = {
    "white_check_mark": "pass",
    "heavy_check_mark": "pass",
    "green_circle": "pass",
    "large_green_circle": "pass",
    "x": "fail",
    "red_circle": "fail",
    "no_entry": "fail",
    "heavy_multiplication_x": "fail",
    # the run was cancelled or skipped before a result (sglang's CI states print a cancelled run so)
    "no_entry_sign": "not_run",
    "fast_forward": "skipped",
    "next_track_button": "skipped",
    "✅": "pass",
    "✔️": "pass",
    "✔": "pass",
    "🟢": "pass",
    "❌": "fail",
    "🔴": "fail",
    "⛔": "fail",
    "🚫": "not_run",
    "⏩": "skipped",
    "⏭️": "skipped",
    "⏭": "skipped",
}
"""A CI status line's mark, as a GitHub emoji shortcode or the emoji it renders to: the outcome it states."""


CI_LABEL = "ci"
"""The revision label of a CI bot's run (parsers.formats.ci_bot writes it "CI"), compared lower-cased: the bot's
commit, never a side of the author's comparison nor a revision of it."""
CI_SOURCE = "CI bot comment"
"""The config `source` of a CI bot's finished run (parsers.formats.ci_bot), whether or not it names its commit."""
PENDING_RUN_NOTE = "a newer run was triggered after it, with no result in the text"
"""The note of a bot's last finished run when the bot started another after it (parsers.formats.ci_bot): the
newest CI state is that run's, still pending, not this one's."""
CI_TALLY_SOURCE = "CI tally"
"""The config `source` of a finished CI run an author sums up with its tally of jobs ("validation: GREEN (37/37
jobs)", parsers.gates.ci_prose): a run as a bot's is, told apart from the bot's own word."""


# "Completed | 700/700", "Measured success | 548/548", "Successful requests | 698/700": how many of a run's requests
# came back, of how many sent; all of them is the run passing, fewer a failing run ("Passed | 120/120" is a test
# count, the tests reader's)
_SUCCESS_HEAD_RE = re.compile(
    r"^(?:[a-z]{1,20}\s)?(?:completed|succeeded|successful|success(?:es)?|finished)(?:\s(?:requests|prompts|runs|"
    r"queries|samples))?$",
    re.IGNORECASE,
)
_SUCCESS_CELL_RE = re.compile(r"^(?P<n>\d[\d,]{0,11})\s?/\s?(?P<m>\d[\d,]{0,11})$")


def success_count(head: str, cell: str) -> str | None:
    """The outcome of an "n/m" cell under a header that counts the requests that succeeded: "pass" when all of
    them did, "fail" when some did not; None for any other cell or header."""
    m = _SUCCESS_CELL_RE.match(cell.strip(" *_`")) if "/" in cell else None
    if m is None or not _SUCCESS_HEAD_RE.match(head.strip(" *_`")):
        return None
    n, of = int(m.group("n").replace(",", "")), int(m.group("m").replace(",", ""))
    return None if n > of or of == 0 else "pass" if n == of else "fail"


def success_count_column(head: str, cells: list[str]) -> bool:
    """Whether a column counts the requests of its row's run that succeeded (its other cells say the run failed,
    "Invalid"): an outcome of each row, no setting of its values."""
    counts = [c for c in cells if success_count(head, c)]
    return bool(counts) and all(c in counts or find_outcome(c) or c.lower() in ("invalid", "oom") for c in cells)


# "| Passed | Bit exact |" over "true" / "false": a column that says whether each row's check held, in a boolean
_BOOLEAN_HEAD_RE = re.compile(
    r"^(?:passed|pass(?:es)?|ok|success(?:ful)?|succeeded|correct|identical|matches|match(?:ed)?|"
    r"(?:bit|bitwise|token|exact)[ _-]?(?:exact|identical|match(?:es)?))\??$",
    re.IGNORECASE,
)
_BOOLEAN_CELLS = {"true": "pass", "false": "fail", "yes": "pass", "no": "fail"}


def boolean_outcome(head: str, cell: str) -> str | None:
    """The outcome of a boolean cell under a header that names a check ("Bit exact" over "false": that row's check
    failed); None for any other cell or header, as "true" under "Enabled" is a setting."""
    outcome = _BOOLEAN_CELLS.get(cell.strip(" *_`").lower())
    return outcome if outcome is not None and _BOOLEAN_HEAD_RE.match(head.strip(" *_`")) else None


# "Lint", "the type check", "docs", "`compileall`": a name a listed check goes by, beside the one a verdict follows
# ("Lint, the type check and the mergeability check pass"); a word of a clause of its own ("After the rebase") is none
CHECK_ITEM_RE = re.compile(
    r"^(?:`[^`\n]{2,80}`|(?:[\w./+-]{1,30}\s){0,3}?(?:[\w./+-]{0,30}(?:checks?|tests?|steps?|lint(?:ers?|ing)?|builds?|docs|"
    r"gates?|suites?|jobs?|ci|typecheck(?:ing)?|formatt?(?:ing|er)?|pre-commit|mypy|ruff|flake8|pylint|black|isort|"
    r"clang-format|clang-tidy|pyright|codespell|shellcheck|compileall))\b)$",
    re.IGNORECASE,
)


# "steps", "checks": the plural noun a list of checks shares ("the perf and accuracy steps both passed")
# (a step of a CI run is a check as much: "the perf step" is one of CHECK_ITEM_RE's names)
_SHARED_CHECK_NOUN_RE = re.compile(r"\s(?P<noun>step|check|test|gate|job|suite)s$", re.IGNORECASE)


def shared_check_noun(items: list[str]) -> list[str]:
    """Listed checks named with one plural noun after the last ("perf", "accuracy steps"): each with the noun in the
    singular ("perf step", "accuracy step"); `items` as they are where the list shares none."""
    m = _SHARED_CHECK_NOUN_RE.search(items[-1]) if items else None
    if m is None or " " in items[-1][: m.start()] or any(" " in i for i in items[:-1]):
        return items
    return [f"{i} {m.group('noun')}" for i in [*items[:-1], items[-1][: m.start()]]]


_BAD_OUTCOME_RE = re.compile(BAD_OUTCOMES, re.IGNORECASE)


def names_bad_outcome(metric: str) -> bool:
    """The name counts answers or requests that went wrong ("Invalid" in gsm8k's summary, "invalid_rate",
    "Unparsable", "Timeouts"): a share or a count of failures, lower is better, never the benchmark's score beside it
    (its kind stays the eval's, as the corpora's gold keeps it)."""
    return len(metric) <= 80 and _BAD_OUTCOME_RE.search(metric) is not None


VALUE_MARKS: dict[str, str | None] = {
    # (the emoji, not their shortcodes; only a verdict's, as a cancelled run's mark judges no score)
    **{m: o for m, o in STATUS_MARKS.items() if not m.isascii() and o in ("pass", "fail")},
    "✓": "pass",
    "✗": "fail",
    "✘": "fail",
    **{m: None for m in DIRECTION_MARKS if m not in STATUS_MARKS},  # (the marks a header's direction is said by)
}
"""A mark a generated results table glues before a value ("✅0.5222", "↑ 0.5122"): a verdict mark (the score met or
missed its threshold) with the outcome it states, or the direction arrow lm-eval prints beside a metric (None: the
direction higher-is-better, no judgement of this value)."""


# A label that counts tests by how they ended ('"failures": 0', '"skipped": 2', '"tests_run": 4' in a runner's JSON
# record of a case): the tally of a run whose own count line ("Ran 4 tests", "FAILED (failures=1)") is the claim
_TALLY_LABEL_RE = re.compile(
    r"^(?:num_|n_)?(?:tests?(?:_run)?|failures|errors|skipped|passed|failed|xfailed|xpassed|deselected|warnings)$",
    re.IGNORECASE,
)


def names_tally(label: str) -> bool:
    """The whole label is a test tally's word ("failures", "tests_run"): a count of tests, never a measured result."""
    return len(label) <= 20 and _TALLY_LABEL_RE.match(label.strip()) is not None
