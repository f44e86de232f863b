"""Words of a line that set up none of its document's results although they name a model or a setting: a phrase
in quotes (a search string, a log message: `grep for "step-3 readers"`), a clause telling of another run, one that
failed or broke in CI or in an earlier pull request ("after it failed CI due to poor gsm8k acc for Qwen3.5 with
DP2EP"), of an earlier run it is set apart from ("the original table was measured on B300"), or of what another
change did ("That PR migrated DeepSeek-V2 and Nemotron-H"): their model, board and
parallelism were that run's, unless the clause counts its results ("the nightly run failed 3 of 410 checks on fp8":
its own run's) (`told_spans`); a sentence narrating what another pull request changed, and a row labelled with a
link to another pull request: that change's evidence, not this one's (`narrated_change`, `linked_pull`)."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.vocab.word_gate import WordGate

# another pull request by its number, as a clause's subject: "PR #1234", "pull request 1234", "#1234"
_PR_REF_START = r"(?:PR|pull\srequest)\s?#?\d{2,7}|#\d{2,7}"
# a double-quoted phrase of two words at least, no key and value inside ("model": "x" is a record's field)
_QUOTED_RE = re.compile(r"[\"\u201c](?P<inner>[^\"\u201c\u201d\n:={}]{3,80})[\"\u201d]")
_PHRASE_RE = re.compile(r"\w\s{1,3}\w")
# a clause ends at a sentence's stop, a semicolon or a dash between words (not the point inside "Qwen3.5")
_CLAUSE_END_RE = re.compile(r"[.;!?](?=\s|$)|\s[\u2014\u2013]\s")
# a run that failed or was undone ...
# (both case-blind patterns open with a bare `\b` and would be tried at every character of every line: searched only
# where one of their words stands, see vocab.word_gate)
_FAILED_RE = WordGate(
    re.compile(
        r"\b(?:fail(?:s|ed|ing|ures?)?|broke|broken|flagged|reverted|revert|crash(?:ed|es)?|red)\b", re.IGNORECASE
    )
)
# ... in CI, a nightly job, or another pull request or issue
_ELSEWHERE_RE = re.compile(r"\b(?:CI|nightly|job|pipeline)\b|#\d{2,7}\b|/(?:pull|issues)/\d{1,7}")
# an earlier run or table a line sets apart from the one it reports ("the PR description's original table was
# measured on B300", "the previous numbers were taken on an A100"): its board and settings are that run's
_EARLIER_RE = WordGate(
    re.compile(
        r"\b(?:original|previous|earlier|prior|older|old)\s(?:[\w'-]{1,20}\s){0,2}?"
        r"(?:table|run|runs|numbers|results|sweep|measurements?|benchmarks?|figures|data)\b",
        re.IGNORECASE,
    )
)
# a clause whose subject is another change ("That PR migrated X and Y", "An earlier change moved X to the new gate",
# "PR #1234 switched X"): the models and boards it names are that change's, not this one's runs'
_ANOTHER_CHANGE_RE = re.compile(
    r"(?:^|(?<=[.;!?]\s))\W{0,6}(?:(?:that|those)\s(?:PR|pull\srequest|change|commit|patch)s?|"
    r"(?:an?|the)\s(?:earlier|previous|prior|older|other|upstream|parent)\s(?:PR|pull\srequest|change|commit|patch)|"
    + _PR_REF_START
    + r")\b",
    re.IGNORECASE,
)
_ANOTHER_CHANGE_GATE = WordGate(_ANOTHER_CHANGE_RE)
"""Its search of a whole line, only where its words stand (vocab.word_gate): it opens with an alternation holding a
look-behind, tried at every character; a clause's start is matched there."""
# a number standing alone ("passed 410 cases and failed 3"): a clause that counts or measures reports its own run's
# results, whose setup it states (not a number inside a name, an issue's "#48223" or a link)
_COUNT_RE = re.compile(r"(?<![\w./#-])\d{1,9}(?:\.\d{1,6})?(?![\w/]|\.\d)")


@short_text_cache(4096)  # (every line, once for each reader that blanks CI lines; the list is read, never changed)
def told_spans(text: str) -> list[tuple[int, int, bool]]:
    """Where a line quotes a phrase, tells of a run that failed elsewhere or of an earlier run it contrasts with its
    own (start, end, whether a failed run's: its model stays that run's in its turn): no setup of its results. Cheap
    on a line with none (the marks each needs)."""
    spans: list[tuple[int, int, bool]] = []
    if '"' in text or "\u201c" in text:
        spans.extend((*m.span(), False) for m in _QUOTED_RE.finditer(text) if _PHRASE_RE.search(m.group("inner")))
    failed = _FAILED_RE.search(text) is not None and _ELSEWHERE_RE.search(text) is not None
    another = _ANOTHER_CHANGE_GATE.search(text) is not None
    if failed or another or _EARLIER_RE.search(text):
        start = 0
        for end in [*(m.start() for m in _CLAUSE_END_RE.finditer(text)), len(text)]:
            clause = text[start:end]
            if _COUNT_RE.search(clause):
                pass  # (the clause counts its own run's results)
            elif failed and _FAILED_RE.search(clause) and _ELSEWHERE_RE.search(clause):
                spans.append((start, end, True))
            elif _EARLIER_RE.search(clause) or (another and _ANOTHER_CHANGE_RE.match(clause.lstrip())):
                spans.append((start, end, False))
            start = end + 1
    return spans


# another pull request named as a sentence's subject: "PR #1234", "pull request 1234", "#1234", "[a bump](../pull/12)"
_PR_REF = (
    r"(?:(?:PR|pull\srequest)\s?#?(?P<n1>\d{2,7})|#(?P<n2>\d{2,7})|"
    r"\[[^\]\n]{1,80}\]\([^()\s]{1,200}/pull/(?P<n3>\d{1,7})(?:[/#?][^()\s]{0,60})?\))"
)
# ... then, a few words on, a verb telling what that change did: "PR #1234 moved cuDNN 9.21 -> 9.22", "#15087 rolled
# up cuBLAS ..., cuDNN ... and NCCL ...": the numbers the sentence and its list go on with are that change's
_OTHER_CHANGE_RE = WordGate(
    re.compile(
        r"(?:^|(?<=[.!?]\s))\W{0,6}(?:the\s)?" + _PR_REF + r"\W{0,3}\s(?:[\w,-]{1,20}\s){0,3}?"
        r"(?:moved|bumped|rolled|raised|lowered|upgraded|downgraded|changed|switched|replaced|introduced|landed|"
        r"updated|regressed|caused|broke)\b",
        re.IGNORECASE,
    )
)
# another pull request named where its run is told (grammar.pr_runs): "(PR #7731)", "pull request #12", or a link
# "[probe](https://github.com/o/r/pull/7702)" (a fragment, "#issuecomment-...", still the PR's page); stricter than
# _PR_REF, which a sentence's subject position makes safe: here a bare "#12" or "PR 4" names no run
PR_NAMED_RE = re.compile(
    r"\b(?:PR|pull request)[ \t]{0,2}#(?P<n>\d{1,7})(?![\w-])|"
    r"\[[^\[\]\n]{1,80}\]\(https?://[^\s()]{1,120}/pull/(?P<ln>\d{1,7})(?:#[\w-]{1,60})?\)",
    re.IGNORECASE,
)
# a bare "#N" named a run by the noun after it ("the #29855 dev validation", "#7702 nightly run"): the noun says the
# number is a pull request's build that ran, where a bare "#12" alone names no run (PR_NAMED_RE)
PR_RUN_NOUN_RE = re.compile(
    r"(?<![\w/#&])#(?P<n>\d{1,7})[ \t]{1,2}(?:(?:dev|ci|nightly|test|validation|eval|benchmark)[ \t]{1,2})?"
    r"(?:validation|run|build|image|branch|eval(?:uation)?|benchmark)s?\b",
    re.IGNORECASE,
)
# a value's build in brackets right after it ("verified green at 0.939 (PR #31063)", "0.94 (on PR #29855)"): the run
# that gave it, as the words after a value tell it
PR_AFTER_VALUE_RE = re.compile(
    r"[ \t]{0,2}[*_`]{0,2}[ \t]{0,2}\((?:on[ \t]{1,2}|with[ \t]{1,2})?(?:PR|pull request)[ \t]{0,2}#(?P<n>\d{1,7})\)",
    re.IGNORECASE,
)
# a link to a pull request ("[Matched control](https://github.com/o/r/pull/16565)")
_PR_LINK_RE = re.compile(r"https?://[^()\s]{1,200}/pull/(?P<n>\d{1,7})\b")


def narrated_change(text: str, own: str | None) -> str | None:
    """The number of the other pull request whose change a sentence of `text` narrates ("PR #1234 moved cuDNN 9.21 ->
    9.22 and NCCL ...": what that change did, not what this one does), else None; `own` is the thread's number."""
    m = _OTHER_CHANGE_RE.search(text[:2000])
    number = (m.group("n1") or m.group("n2") or m.group("n3")) if m is not None else None
    return number if number is not None and number != own else None


def linked_pull(text: str, own: str | None) -> str | None:
    """The number of the one other pull request `text` (a table row's label cell) links, else None."""
    numbers = {m.group("n") for m in _PR_LINK_RE.finditer(text[:2000])} - {own}
    return numbers.pop() if len(numbers) == 1 else None


# a sentence giving an earlier round's values ("the first A-B-B-A round: its deltas were +2.7%", "In the previous run,
# prefill was +2.7%", "round 1 gave"): that round's, not the revision's the turn measured since
_EARLIER_ROUND_RE = WordGate(
    re.compile(
        r"\b(?:first|earlier|previous|prior|original|initial)\s(?:[\w-]{1,16}\s)?(?:round|run|pass|attempt)\b|"
        r"\bround\s(?:1|one)\b",
        re.IGNORECASE,
    )
)
# ... unless it names the run it reports as well ("unlike the first run, the rerun gives 2.6%"): that run's values
_THIS_ROUND_RE = re.compile(r"\b(?:re-?runs?|this\s(?:round|run)|second\s(?:round|run)|now|latest)\b", re.IGNORECASE)


def earlier_round(text: str) -> bool:
    """Whether a paragraph states the values of an earlier round than the one its turn reports (see above)."""
    return _EARLIER_ROUND_RE.search(text) is not None and _THIS_ROUND_RE.search(text) is None
