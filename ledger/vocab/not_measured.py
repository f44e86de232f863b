"""The words that say a thread's numbers do not measure its change: a pull request that changes a script or a tool
(its tables show what the tool prints), a lead-in that calls the output under it a sample, and an author taking
back the numbers they posted ("disregard, ran on all 8 GPUs", "Ignore my numbers above"); and the words that say
what a number is instead: the broken state a fix starts from, a measure its author calls run-to-run noise, a count
of the work a program does (its steps, calls, kernels)."""

from __future__ import annotations

import re

from ledger.vocab.word_gate import WordGate

# "bench: add --json output ...", "scripts : add script to bench models", "[Tools] compare-bench ...", "Python script
# to compare commits with llama-bench": the change is to a tool, not to the engine it measures (a model's "tool
# calls" are no tool)
# (searched only where one of its words stands: vocab.word_gate)
TOOL_TITLE_RE = WordGate(
    re.compile(
        r"^\W{0,3}(?:bench|benchmarks?|scripts?|tooling)\W{0,3}\s?:|\[(?:bench|benchmarks?|scripts?|tooling)\]|"
        r"\b(?:scripts?|tools?(?![\s_-]?(?:call|use|pars|choice))|tooling)\b",
        re.IGNORECASE,
    )
)
# "This is an example table:", "Sample output (numbers from my laptop ...):", "example of what it prints",
# "Here is what the output looks like:"
SAMPLE_LEAD_RE = re.compile(
    r"\b(?:examples?|samples?)\s(?:tables?|outputs?|results?|runs?|reports?)\b|"
    r"\b(?:an|one|another)\s(?:example|sample)\b|"
    r"\bwhat\s(?:it|the\s(?:tool|script|output))\s(?:prints|looks\slike|gives)\b|"
    r"\boutput\slooks\slike\b",
    re.IGNORECASE,
)
# "disregard, ran on all 8GPUs not 4", "Ignore my numbers above", "please disregard the results above", "those
# numbers are wrong", "scratch that": the author takes back their own numbers
RETRACTION_RE = WordGate(
    re.compile(
        r"\b(?:please\s)?disregard\b(?!\s(?:the\s)?(?:warnings?|errors?|failures?|ci|noise|flak))|"
        r"\bignore\s(?:my|the|those|these|that|this)\s(?:\w{1,12}\s)?(?:numbers|results|runs?|benchmarks?|measurements?|"
        r"figures|data)\b|"
        r"\b(?:my|the|those|these)\s(?:\w{1,12}\s)?(?:numbers|results|measurements?|figures)\s(?:above\s)?"
        r"(?:are|were)\s(?:wrong|invalid|bogus|broken|incorrect)\b|"
        r"\bscratch\sthat\b",
        re.IGNORECASE,
    )
)

# "I messed up the `13B Master` number", "I typed the 3B base value wrong", "the 7B PR figure was a typo": the author
# takes back one value, named by its row and its column (the named words: at most 40 characters, no clause end)
_NAMED = r"[`'\"]?([^.;,!?\n]{1,40}?)[`'\"]?\s(?:number|value|figure|cell|result)s?\b"
# (searched only where one of its words stands: vocab.word_gate)
ONE_VALUE_RETRACTION_RE = WordGate(
    re.compile(
        r"\bmessed\sup\sthe\s" + _NAMED + r"|"
        r"\b(?:typed|got|put|copied|entered|reported|pasted)\sthe\s" + _NAMED + r"\swrong\b|"
        r"\bthe\s" + _NAMED + r"\s(?:is|was)\s(?:wrong|a\stypo|incorrect|swapped)\b",
        re.IGNORECASE,
    )
)


RETRACTION_GATES = (RETRACTION_RE, ONE_VALUE_RETRACTION_RE)
"""What a line taking numbers back holds a word of: one of all, or one value (`retracted_value`)."""


def retracted_value(text: str) -> str | None:
    """The words naming the one value a line takes back ("13B Master" of "I messed up the `13B Master` number")."""
    m = ONE_VALUE_RETRACTION_RE.search(text[:2000])
    return None if m is None else next((g for g in m.groups() if g), None)


# "..., the right number is 51.2", "it should read 51.2", "should have been 51.2 ms": the value the author puts in
# place of the one taken back (on its line; at most one number, never a range)
CORRECTED_VALUE_RE = re.compile(
    r"\b(?:should\s(?:read|be|have\sbeen)|(?:right|correct|actual|real|true)\s(?:\w{1,12}\s)?"
    r"(?:number|value|figure|one)(?:\s(?:for|of)\s[^.;,!?\n]{1,40}?)?\s(?:is|was|should\sbe|reads)|it'?s\sactually)\s?:?\s[`*]{0,2}"
    r"(\d{1,9}(?:\.\d{1,9})?)(?![\d.]?\d|[x×])(?!\s?(?:-|to)\s?\d)",
    re.IGNORECASE,
)


def corrected_value(text: str) -> float | None:
    """The value a line that takes one value back puts in its place ("the right number for 13B master is 51.2")."""
    m = CORRECTED_VALUE_RE.search(text[:2000])
    return None if m is None else float(m.group(1))


# "fused (broken): strict-match 83.50%", "buggy: 52.1", "before the fix: 61.0": a label naming the broken state
# (searched only where one of its words stands: vocab.word_gate)
BROKEN_STATE_RE = WordGate(
    re.compile(
        r"\(\s?(?:broken|buggy|unfixed|pre-?fix)\s?\)|\b(?:broken|buggy|unfixed|pre-?fix)\s?:|"
        r"\b(?:before|without)\s(?:the|this)\sfix\b",
        re.IGNORECASE,
    )
)
# "to work around the 25% prefill throughput regression", "a fix for the B200 18% decode regression", "recovers the
# 12% TTFT regression": a regression the change is made to remove, stated as the object of a fixing verb (or of "for"
# after a fix's noun); "causes a 3% regression", "there is a 4% regression" are the change's own (no verb before the
# words; a word of a clause of its own, "is", "there", "we", ends the object)
_CLAUSE_WORDS = r"(?:is|are|was|were|there|we|i|it|this|causes?|caused|shows?|see|get|got|has|have)"
_OBJECT_WORD = r"(?:(?!" + _CLAUSE_WORDS + r"\b)[\w.%+/-]{1,30}\s){0,8}?"
ADDRESSED_REGRESSION_RE = WordGate(
    re.compile(
        r"(?:\b(?:fix(?:es|ed|ing)?|work(?:s|ed|ing)?\saround|address(?:es|ed|ing)?|resolv(?:e|es|ed|ing)|"
        r"recover(?:s|ed|ing)?|mitigat(?:e|es|ed|ing)|undo(?:es|ing)?)|"
        r"\b(?:fix|workaround|work-around|alternative|mitigation|patch|solution|remedy)\b[^.;:!?\n]{0,40}?\bfor)"
        r"\s(?:(?:the|a|an|this|that)\s)?" + _OBJECT_WORD + r"regressions?\b",
        re.IGNORECASE,
    )
)
# "[fix] ...", "restore Kimi K3 MLA decode performance", "Recover the prefill speed lost in #123": a title saying the
# change undoes a bug or a loss
# (searched only where one of its words stands: vocab.word_gate)
FIX_TITLE_RE = WordGate(
    re.compile(
        r"\b(?:fix(?:es|ed|ing)?|restor(?:e|es|ed|ing)|recover(?:s|ed|ing)?|revert(?:s|ed|ing)?|regain(?:s|ed)?)\b",
        re.IGNORECASE,
    )
)
# "Regression after rebase: #17232", "Slowdown seen after rebasing onto main", "Bad perf on main", "Decode
# regression since #120": a heading naming the regression its section shows; under a FIX_TITLE_RE title that is the
# state the change starts from ("No regression on main", "Regressions of this PR" say otherwise)
MOTIVATING_HEADING_RE = re.compile(
    r"^\W{0,4}(?!(?:no|not|without|zero|any)\b)(?:[\w.-]{1,20}\s){0,2}?(?:regressions?|slow-?downs?|degradations?|"
    r"bad\s(?:perf(?:ormance)?|throughput|latency|speed)|perf(?:ormance)?\s(?:drop|loss|regression))"
    r"(?:\s(?:seen|observed|found|measured|introduced|caused))?\s(?:after|on|in|since|from|at|with)\b",
    re.IGNORECASE,
)
# "(run-to-run noise)", "varies across runs", "moves from launch to launch", "within (the measurement) noise", "seems
# highly variable", "is noisy": the author's or a reviewer's word that a measure's differences are noise ("beyond
# run-to-run noise", "not within noise" say the opposite); gated by its words: the look-behinds it opens with are
# tried at every character of every prose line, and few lines hold one
NOISE_SAID_RE = WordGate(
    re.compile(
        r"(?<!not )(?<!than )(?<!beyond )(?<!outside )(?<!above )(?<!exceeds )(?<!the )"
        r"(?:\brun[- ]to[- ]run\s(?:noise|varian(?:ce|ces)|variations?|jitter)\b|"
        r"\b(?:within|inside)\s(?:the\s)?(?:(?:run(?:-to-run)?|measurement)\s)?noise\b|\bis\s(?:just\s)?noise\b|\bwobbles?\b|"
        r"\b(?:var(?:y|ies|ied)|moves?|swings?)\s(?:a\s(?:bit|lot)\s)?(?:across|between|from)\s"
        r"(?:runs|launches|run\sto\srun|launch\sto\slaunch)\b|"
        # ("TTFT numbers seem highly variable", "the TTFT column is noisy between runs"; a bare "is variable" says
        # what a setting is, "is not noisy" the opposite)
        r"\b(?:is|are|was|were|seems?|seemed|looks?|looked|appears?|gets?)\s"
        r"(?:(?:(?!not\b|never\b|no\b|less\b|hardly\b)\w{1,10}\s)?(?:noisy|fluctuating)|"
        r"(?!not\b|never\b|no\b|less\b|hardly\b)\w{1,10}\svariable)\b)",
        re.IGNORECASE,
    )
)

# "Step count old → new", "Kernels: original → optimized", "launches (before → after)": a header, its sides taken off,
# that counts the work a run or a program does (steps, requests, calls, the kernels a fusion leaves): what changed in
# the code, no measurement, never a regression of a result
WORK_COUNT_HEAD_RE = re.compile(
    r"(?<![\w-])(?:steps?|count|iterations?|requests?|calls?|kernels?|(?:kernel\s)?launch(?:es)?|ops|syncs?|"
    r"allocations?)[\s,:]*$",
    re.IGNORECASE,
)
