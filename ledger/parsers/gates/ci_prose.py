"""Gates a CI summary states in prose: counted jobs that passed, and measures held against the bar CI sets them.

    All four `build-wheel` jobs passed                 a pass gate named by the job, how many passed its note
    H100 2-GPU: p2 and p16 TPS/user miss the floors    a fail gate: the measures, against their floors
    L40S: p1 TPS/user clears the perf bar              a pass gate
    Full sweep: GREEN (37/37 single-node jobs)         a pass gate named by its subject, its tally the note
    Canary finished red (3/4 jobs)                     a fail gate: fewer passed than ran

Jobs, workflows and pipelines are not tests: a count of them passing names one check run that many times, not a
suite's tally (test_counts reads "26 gates passed"). A floor is a perf reference the job fails under: "miss",
"fall below" say it failed; "clear", "meet", "stay above" that it held.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.gates.claims import gate
from ledger.vocab.outcomes import CI_TALLY_SOURCE
from ledger.vocab.setup import qualifiers
from ledger.vocab.text import NUMBER_WORDS
from ledger.vocab.word_gate import WordGate

_COUNT_WORDS = "|".join(w for w in NUMBER_WORDS if NUMBER_WORDS[w] > 1)
# "All three workflow `finish` jobs passed", "both nightly smoke workflows passed": runs of one check, counted
# (searched only where one of its words stands: vocab.word_gate)
_COUNTED_JOBS_RE = WordGate(
    re.compile(
        r"(?<![\w-])(?P<count>\d{1,4}|both|" + _COUNT_WORDS + r")\s(?P<what>(?:[\w`./+-]{1,40}\s){0,3}?)"
        r"(?P<noun>(?:ci\s)?(?:jobs|workflows|pipelines|builds))\s(?:all\s|have\s|each\s)?(?P<word>passed|succeeded)"
        r"(?![\w-])(?!\s(?:the\s)?[\w-]{1,30}\s(?:checks|gates|tests)\b)",
        re.IGNORECASE,
    )
)
_CODE_RE = re.compile(r"`([^`\n]{1,60})`")
# "miss the historical floors", "fall below the recorded floor", "clears the perf bar", "stay above the floor"
_BAR_NOUNS = r"(?:floors?|bars?|thresholds?|targets?|minimums?)"
_FLOOR_RE = re.compile(
    r"(?<![\w-])(?P<word>(?P<fail>miss(?:es|ed)?)|(?P<pass>clear(?:s|ed)?|meets?|met|beats?)|"
    r"(?:falls?|fell|fallen|drops?|dropped|sits?|sat|stays?|stayed|is|are|was|were|remains?|remained)\s"
    r"(?P<side>below|under|above))\s(?:the\s|their\s|its\s)?(?P<bar>(?:[\w-]{1,30}\s){0,2}?" + _BAR_NOUNS + r")\b",
    re.IGNORECASE,
)
_SIDE_BARS = ("floor", "floors", "minimum", "minimums")
"""The bars below which a value fails whatever it measures ("below the threshold" is a pass for a latency)."""
_NEGATED_RE = re.compile(r"\b(?:not|never|no\s+longer)\s+(?:\w+\s+)?$|n't\s+(?:\w+\s+)?$", re.IGNORECASE)
_CLAUSE_STOPS = (". ", "; ", ": ", "! ")
_SUBJECT_REACH = 200
"""How far back a floor's subject and its machine's label are read (a line of many verdicts stays linear)."""
_SUBJECT_EDGE_RE = re.compile(r"^(?:(?:and|but|while|so|the|then)\s+)+|(?:\s+(?:both|all|each|still|also|now))+$", re.I)
_GATE_NOUN_RE = re.compile(r"\b(?:gates?|checks?|jobs?)$", re.IGNORECASE)
_PRONOUN_RE = re.compile(r"^(?:it|they|this|these|those|that|both|all)$", re.IGNORECASE)
FLOOR_WORDS = ("floor", "bar", "threshold", "target", "minimum")
"""The words _FLOOR_RE needs (one of them in the lowered line, see gates.prose)."""


# "validation: GREEN (37/37 jobs)", "finished green (12/12 jobs)", "sweep passed 37/37": a verdict and the tally of
# the runs it is over; the tally decides (m of n passing with m < n is a failure, whatever the colour)
_TALLIED_RE = re.compile(
    r"(?<![\w-])(?P<word>green|red|passed|failed|succeeded)\*{0,2}:?\s{0,2}\(?(?P<m>\d{1,4})\s?/\s?(?P<n>\d{1,4})"
    r"(?!\d|/\d|\.\d|%)(?:\s(?:[\w`.+-]{1,40}\s){0,3}?(?P<noun>(?:ci\s)?(?:jobs|checks|workflows|pipelines|builds|runs)))?",
    re.IGNORECASE,
)
TALLY_WORDS = ("green", "red", "passed", "failed", "succeeded")
"""The words _TALLIED_RE needs (one of them in the lowered line)."""
# the verbs between a tally's subject and its verdict ("the sweep has now finished green"): not the subject's words
_TALLY_VERB_RE = re.compile(
    r"(?:\s(?:has|have|was|were|is|are|all|now|finished|completed|ended|went|turned|came\s+back))+$", re.IGNORECASE
)
_TALLY_STOPS = (". ", "; ", "! ", " - ", "# ", "(", "- ")
_FAIL_WORDS = ("red", "failed")
_TALLY_OF_WORDS_RE = re.compile(r"\)?\s?[\w`]")


def tallied_runs(ctx: Context, line: int, text: str) -> Iterator[tuple[Claim, tuple[int, int]]]:
    """The gate of each verdict stated with its tally of runs (_TALLIED_RE), named by the clause's subject before it
    ("Full-sweep validation"), else by the runs counted; the tally is its note, no setting of the gate."""
    for m in _TALLIED_RE.finditer(text):
        passed, ran = int(m.group("m")), int(m.group("n"))
        if passed > ran or ran == 0:
            continue  # ("green 3/2": no tally of runs)
        if not m.group("noun") and _TALLY_OF_WORDS_RE.match(text, m.end()):
            continue  # "passed 48/50 smoke prompts": a count of the things checked, no verdict over runs
        lo = max(0, m.start() - _SUBJECT_REACH)
        start = max([lo, *(at + len(s) for s in _TALLY_STOPS if (at := text.rfind(s, lo, m.start())) >= 0)])
        subj = _TALLY_VERB_RE.sub("", " " + text[start : m.start()].strip(" :*`")).strip(" :*`")
        subj = re.sub(r"^(?:the|a|an|our|this)\s+", "", subj, flags=re.IGNORECASE)
        name = subj or m.group("noun") or "runs"
        failed = passed < ran or m.group("word").lower() in _FAIL_WORDS
        note = f"{passed}/{ran} {m.group('noun') or 'passed'}"
        # (jobs, workflows, pipelines counted: a CI run's verdict; "the matrix passed 5/5" may be any check's)
        cfg = {"source": CI_TALLY_SOURCE} if m.group("noun") and m.group("noun").lower() != "runs" else None
        outcome = "fail" if failed else "pass"
        claim = gate(ctx, line, text[start : m.end()], name, outcome, m.group("word"), config=cfg, note=note)
        yield claim, (start, m.end())


def counted_jobs(ctx: Context, line: int, text: str) -> Iterator[tuple[Claim, tuple[int, int]]]:
    """The gate of each count of jobs that passed (_COUNTED_JOBS_RE), with its span."""
    for m in _COUNTED_JOBS_RE.finditer(text):
        count = m.group("count").lower()
        n = 2 if count == "both" else NUMBER_WORDS.get(count) or int(count)
        code = _CODE_RE.search(m.group("what"))
        name = code.group(1) if code else f"{m.group('what')}{m.group('noun')}".strip()
        claim = gate(ctx, line, text[m.start() : m.end()], name, "pass", m.group("word"), note=f"{n} passed")
        yield claim, m.span()


def floor_gates(ctx: Context, line: int, text: str) -> Iterator[Claim]:
    """The gate of each measure held against its floor or bar (_FLOOR_RE), named by the measures and the bar."""
    for m in _FLOOR_RE.finditer(text):
        bar = m.group("bar")
        side = (m.group("side") or "").lower()
        if side and bar.lower().rsplit(None, 1)[-1] not in _SIDE_BARS:
            continue  # ("latency stays under the threshold": which side passes depends on the measure)
        if _NEGATED_RE.search(text, max(0, m.start() - 24), m.start()):
            continue  # "does not miss the floor any more": no verdict of its own
        lo = max(0, m.start() - _SUBJECT_REACH)
        start = max([lo, *(at + len(s) for s in _CLAUSE_STOPS if (at := text.rfind(s, lo, m.start())) >= 0)])
        subject = _SUBJECT_EDGE_RE.sub("", text[start : m.start()].strip(" -*•`")).strip(" ,")
        subject = "" if _PRONOUN_RE.match(subject) else subject
        # ("the throughput gate missed its bar": the gate is named; "p1 TPS/user misses the floor": the measure and bar)
        name = subject if _GATE_NOUN_RE.search(subject) else f"{subject} vs {bar}" if subject else bar
        # "GB200 4-GPU: p1 and p8 miss the floors": the label before the clause's colon is the machine they ran on
        lead = text[max(lo, text.rfind(". ", lo, start - 2) + 2) : start - 2] if text[start - 2 : start] == ": " else ""
        failed = m.group("fail") is not None or side in ("below", "under")
        yield gate(
            ctx,
            line,
            text[start : m.end()],
            name,
            "fail" if failed else "pass",
            m.group("word"),
            config=qualifiers(lead) if lead else None,
        )
