"""Models and boards a text names in passing, no run's: a model it only wonders about ("whether the huge Kimi2-1T
behaves the same I cannot tell") or says the change leaves alone ("not targeted by this PR"), and a model or board
it names as a comparison or a source ("unlike DS-R1, this checkpoint has no shared expert", "the same trick as in the
DeepSeek-R1 path", "ported from Qwen3-8B", "the GLM-5 tech report", "in line with the MI300X figure", "close to what
the L40S run gave"), and, beside the model a sentence says a run served, a model another sentence names with no run
or result of its own (the architecture the code is for), and a board named only as CI coverage the change leaves as
it was ("the MI30x jobs are unchanged"): the results beside them ran on another model or board, or on none the line
says."""

from __future__ import annotations

import re

from ledger.vocab.models import model_names
from ledger.vocab.word_gate import WordGate

# the words of a clause that wonders rather than reports: "whether the huge Kimi2-1T behaves the same I cannot tell",
# "no idea yet about Grok-3", "not sure how this holds for Qwen3-235B"
_HEDGE_RE = WordGate(
    re.compile(
        r"\b(?:whether|not sure|unsure|no idea|cannot (?:say|tell)|can't (?:say|tell)|(?:do not|don't) know|unclear"
        r"|wonder(?:ing)?|curious"
        # "(Acme-7B — not targeted by this PR)": a model the change leaves alone, named beside the one it measures
        r"|not (?:targeted|affected|touched|changed) by (?:this|the) (?:pr|change|patch)"
        r"|(?:untouched|unaffected) by)\b",
        re.IGNORECASE,
    )
)
_CLAUSE_END_RE = re.compile(r"[.;!?]\s|,\s(?:but|while|whereas|though)\b|$")


def hedged_models(text: str) -> set[str]:
    """The models a text names only in a clause that wonders about them (see _HEDGE_RE): no run's model."""
    if _HEDGE_RE.search(text[:2000]) is None:
        return set()
    out: set[str] = set()
    start = 0
    for end in _CLAUSE_END_RE.finditer(text[:2000]):
        clause = text[start : end.start()]
        if _HEDGE_RE.search(clause):
            out.update(model_names(clause))
        start = end.end()
        if end.start() >= min(len(text), 2000):
            break
    return out


# the words that make the model or board right after them a comparison or a source, no run's ("unlike X", "like X,",
# "similar to X", "(the) same as (in) X", "as in X", "as with X", "ported from X", "cf. X", "see X", "in line with X's",
# "close to what the X run gave", "matches the X figure"); tried on the few characters before each name the text prints
# (searched only where one of its words stands: vocab.word_gate)
_COMPARED_BEFORE_RE = WordGate(
    re.compile(
        r"\b(?:unlike|like|similar to|same as|as (?:in|with|done for)|borrowed from|ported from|copied from|"
        r"mirrors?|cf\."
        r"|see|in line with|lines? up with|close to|compared (?:to|with)|relative to|match(?:es|ed|ing)?)"
        r"\s(?:what\s)?(?:(?:the|in|for|on)\s)?$",
        re.IGNORECASE,
    )
)
_BEFORE = 30
# a publication about the model right before it ("the GLM-5 tech report", "the Qwen3 paper"): a source cited, no run
_SOURCE_AFTER_RE = re.compile(
    r"[`*_]{0,2}['’]?s?\s(?:tech(?:nical)?\s)?(?:report|paper|blog\s?post|model\scard|white\s?paper)\b", re.IGNORECASE
)


def compared_models(text: str) -> set[str]:
    """The models a text names right after a comparison's or a source's word (_COMPARED_BEFORE_RE): no run's."""
    out: set[str] = set()
    head = text[:2000]
    for name in model_names(head):
        at = head.find(name)
        if compared_at(head, at) or (at >= 0 and _SOURCE_AFTER_RE.match(head, at + len(name))):
            out.add(name)
    return out


# a job the change stops running, named by its model ("stop scheduling the GLM-5.1 MI35x job", "retire the nightly
# Phi-3.5 job"): that model is named beside the change, never run by the results the text gives
_STOPPING = (
    r"\b(?:stop(?:s|ped|ping)?\s(?:scheduling|running|testing)|no\slonger\s(?:schedul|run|test)[a-z]{0,4}"
    r"|retir(?:e|es|ed|ing)|drop(?:s|ped|ping)?|disabl(?:e|es|ed|ing)|remov(?:e|es|ed|ing))"
)
_STOPPED_BEFORE_RE = re.compile(
    _STOPPING + r"\s(?:the\s)?(?:(?:nightly|scheduled|daily|weekly|ci)\s)?[`*_]{0,2}$",
    re.IGNORECASE,
)
_JOB_NOUN = r"\b(?:jobs?|lanes?|suites?|workflows?)\b"
_JOB_AFTER_RE = re.compile(r"[`*_]{0,2}(?:\s[\w.-]{1,20}){0,2}?\s" + _JOB_NOUN, re.IGNORECASE)


def stopped_models(text: str) -> set[str]:
    """The models a text names only as the name of a job the change stops (_STOPPED_BEFORE_RE): no run's."""
    out: set[str] = set()
    head = text[:2000]
    for name in model_names(head):
        at = head.find(name)
        before = _STOPPED_BEFORE_RE.search(head[max(0, at - _BEFORE) : at]) if at > 0 else None
        if before is not None and _JOB_AFTER_RE.match(head, at + len(name)):
            out.add(name)
    return out


def compared_board(text: str, board: str) -> bool:
    """Whether every mention of `board` (as a setup reader spelled it) in `text` follows a comparison's word: "in line
    with H200's 97.0%" names the board another run gave a score on, not the one the text's runs ran on."""
    head, low = text[:2000], board.lower()
    ats = [m.start() for m in re.finditer(re.escape(low), head.lower())] if low else []
    return bool(ats) and all(compared_at(head, at) for at in ats)


# the whole name of a job the change stops, from the verb to the job's noun: every setup word inside it is the job's
_STOPPED_JOB_RE = re.compile(
    _STOPPING + r"\s[^.;\n]{1,80}?" + _JOB_NOUN,
    re.IGNORECASE,
)


def _in_stopped_job(text: str, value: str) -> bool:
    """Every mention of `value` in `text` is inside the name of a job the change stops ("stop scheduling the
    Mistral-Large-2 MI300X job"): the job's board, never the board the text's runs ran on."""
    head, low = text[:2000], value.lower()
    spans = [m.span() for m in _STOPPED_JOB_RE.finditer(head)] if low and "job" in head.lower() else []
    ats = [m.start() for m in re.finditer(re.escape(low), head.lower())] if spans else []
    return bool(ats) and all(any(a <= at < b for a, b in spans) for at in ats)


# what a text says of coverage the change leaves as it was ("the MI30x jobs are unchanged", "the MI300X lane stays
# untouched", "MI325X runners are out of scope"): the board named before it is that coverage's, no run's
# (searched only where one of its words stands: vocab.word_gate)
_UNCHANGED_RE = WordGate(
    re.compile(
        r"\b(?:unchanged|untouched|unaffected|not\s(?:affected|changed|touched)|out\sof\sscope|not\sin\sscope"
        r"|(?:stays?|remains?|left|kept)\s(?:as\s(?:is|before|they\s(?:are|were))|the\ssame|alone))\b",
        re.IGNORECASE,
    )
)
# the coverage a board names there: a job or lane of CI, its tests or its runners (not its results: "the MI300X
# numbers are unchanged" says that board was measured)
_COVERAGE_RE = re.compile(
    _JOB_NOUN + r"|\b(?:coverage|tests?|runners?|configs?|recipes?|scripts?|images?|pipelines?|matrix)\b",
    re.IGNORECASE,
)
# a board named as where something ran ("on 8x MI355X", "using MI300X"): a run's, whatever the clause says after
_PLACED_BEFORE_RE = re.compile(r"\b(?:on|using|with|across|over|for|via)\s(?:the\s|a\s|an\s)?[`*_]{0,2}$", re.I)
_CLAUSE_END = re.compile(r"[.;!?](?:\s|$)|\n|,\s(?:but|while|whereas|though)\b")  # (not "ROCm 7.0")
_CLAUSE = 160


def _named_unchanged(text: str, value: str) -> bool:
    """Every mention of the board `value` in `text` names coverage its clause says the change leaves as it was
    ("Benchmarked on 8x MI355X; the MI30x jobs are unchanged": MI30x), or out of scope: never the board the text's
    runs ran on. A board placed as a run's ("on MI300X") or named beside results ("MI300X numbers are unchanged")
    is kept."""
    head, low = text[:2000], value.lower()
    ats = [m.start() for m in re.finditer(re.escape(low), head.lower())] if low and _UNCHANGED_RE.search(head) else []
    for at in ats:
        if _PLACED_BEFORE_RE.search(head[max(0, at - _BEFORE) : at]):
            return False
        rest = head[at + len(low) : at + len(low) + _CLAUSE]
        rest = rest[: end.start()] if (end := _CLAUSE_END.search(rest)) is not None else rest
        said = _UNCHANGED_RE.search(rest)
        if said is None or not (_COVERAGE_RE.search(rest[: said.start()]) or "scope" in said.group(0).lower()):
            return False
    return bool(ats)


def uncompared(values: dict[str, str], text: str) -> dict[str, str]:
    """A line's setup `values` but a board `text` names only as a comparison's (compared_board), a stopped job's or
    coverage the change leaves unchanged (_named_unchanged)."""
    return {
        k: v
        for k, v in values.items()
        if k != "gpu" or not (compared_board(text, v) or _in_stopped_job(text, v) or _named_unchanged(text, v))
    }


def compared_at(text: str, at: int) -> bool:
    """Whether the name printed at `at` of `text` follows a comparison's or a source's word (_COMPARED_BEFORE_RE)."""
    return at > 0 and _COMPARED_BEFORE_RE.search(text[max(0, at - _BEFORE) : at]) is not None


# a run's verb right before the model it ran: "serving `X`", "running X", "benchmarked the X" (a name quoted or bold)
_RUN_BEFORE_RE = re.compile(
    r"\b(?:serv(?:e|es|ed|ing)|run(?:s|ning)?|ran|benchmark(?:s|ed|ing)|test(?:s|ed|ing)|measur(?:es|ed|ing)"
    r"|evaluat(?:es|ed|ing)|profil(?:es|ed|ing)|load(?:s|ed|ing)|launch(?:es|ed|ing))\s(?:(?:the|a|an)\s)?[`*_]{0,2}$",
    re.IGNORECASE,
)
_RUN_WORDS = WordGate(re.compile(r"\b(?:serv|run|ran|benchmark|test|measur|evaluat|profil|load|launch)", re.IGNORECASE))
# a sentence ends at ". " before a capital or a quote mark (not "13.5", "e.g. the", "vs. main")
_SENTENCE_END_RE = re.compile(r"(?<=[A-Za-z0-9%)`*])[.!?;](?=[ \t]{1,3}[*_`]{0,2}[A-Z])")
# a number the sentence states of its own (a result, a count), not one inside a model's name
_NUMBER_RE = re.compile(r"(?<![\w.-])\d")


def unserved_models(text: str) -> set[str]:
    """Beside the one model a sentence says a run served ("On an M5 Max serving `Qwen3.8-X-mtp`, a decode step
    spent ~22 ms"), the models the text names in other sentences that state neither a run of theirs nor a number
    ("Qwen4-Exp decode was host-bound, not GPU-bound": the architecture the change is for, the title's module): no
    run's. Two models a run served, or a model named in a sentence with a result of its own, keep every name."""
    head = text[:2000]
    if _RUN_WORDS.search(head) is None:
        return set()
    names = model_names(head)
    if len({norm_name(n) for n in names}) < 2:
        return set()
    ends = [m.end() for m in _SENTENCE_END_RE.finditer(head)]
    bounds = list(zip([0, *ends], [*ends, len(head)], strict=True))
    served: set[str] = set()
    plain: dict[str, tuple[int, int]] = {}  # each name named with no run's verb -> its sentence
    for name in names:
        at = head.find(name)
        sentence = next(((a, z) for a, z in bounds if a <= at < z), (0, len(head)))
        if _RUN_BEFORE_RE.search(head[max(0, at - _BEFORE) : at]):
            served.add(norm_name(name))
        else:
            plain[name] = sentence
    if len(served) != 1:
        return set()
    (mine,) = served
    out: set[str] = set()
    for name, (a, z) in plain.items():
        other = norm_name(name)
        if other in mine or mine in other:
            continue  # ("Falcon-H2" beside "Falcon-H2-7B-int4"): one model's two spellings
        rest = head[a:z].replace(name, " ")
        if not any(norm_name(n) in served for n in model_names(head[a:z])) and not _NUMBER_RE.search(rest):
            out.add(name)
    return out


def norm_name(name: str) -> str:
    """A model's name by its letters and digits, lower case: how two spellings of one are compared."""
    return "".join(filter(str.isalnum, name.lower()))


def passing_models(text: str) -> set[str]:
    """The models a text names only in passing (see the module)."""
    return hedged_models(text) | compared_models(text) | unserved_models(text) | stopped_models(text)
