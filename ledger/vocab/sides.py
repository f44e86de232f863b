"""The words that name the sides of a before/after comparison: the base (main, before, baseline) and the candidate
(this PR, after, with the fix). The readers label a value's side with them; compare orders a document's sides by
them (the base first, whatever order the text lists them in)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.memo import short_text_cache
from ledger.vocab.engines import engine_named
from ledger.vocab.head_moves import POST_REBASE, PRE_REBASE
from ledger.vocab.setup import qualifiers
from ledger.vocab.switched_arms import arm_switch
from ledger.vocab.word_gate import WordGate

_CHANGE = r"(?:pr|fix|patch|change|changes|branch|commit|(?<=\s)#\d{1,7})"
PRE_POST_TAIL = (
    r"(?![-\w])(?![ \t]{1,3}(?:train|process|norm|quant|hoc|mortem|fill|filter|layer|attn|attention|condition|comput|"
    r"load|warm|step|order|op\b|ops\b|hook))"
)
PRE_SIDE = r"(?-i:Pre|PRE)" + PRE_POST_TAIL
"""A header's "Pre" ("| Pre Tok/Sec | Post Tok/sec |"): the run before the change, capitalised as a head is (no
compound's first part, "Pre-LN", nor a stage the next word names, "Pre training")."""
POST_SIDE = r"(?-i:Post|POST)" + PRE_POST_TAIL
"""A header's "Post": the run after the change (see PRE_SIDE)."""
# the words a base side goes by, and a candidate side
_BASE_WORDS_RE = (
    r"\b(?:main|mainline|master|trunk|upstream|baseline|base|before|unpatched|"
    r"(?:without|w/o)\s+(?:the\s+|this\s+)?" + _CHANGE + r"|"
    r"old\s+code|old|origin|original|previous|legacy|reference|stock|vanilla|existing|default|nightly|parent"
)
# ("| Pre Tok/Sec | Post Tok/sec |": the runs before and after the change, capitalised as a head writes them)
BASE_SIDE_RE = re.compile(_BASE_WORDS_RE + "|" + PRE_SIDE + r")\b", re.IGNORECASE)
_HEAD_WORDS_RE = (
    # ("this fix", "our change": the PR's own change named as its side)
    r"\b(?:this\s+pr|the\s+pr|pr|this\s+mr|this\s+branch|(?:this|my|our)\s+(?:fix|patch|change)|branch|candidate|"
    # ("Tuned kernel (us)" beside "Main kernel (us)": the PR's tuned configs; "fine-tuned" names a model, no side)
    # ("New Code Acc" beside "Old Code Acc": the code is the side's word, the measure is "Acc")
    r"after|new\s+code|new|patched|fixed|optimi[sz]ed|(?<!-)tuned|ours|pushed\s+(?:tree|head|commit|branch|build)|"
    # ("parent 1515.84 versus child 799.73": a bisect's commit under test, its parent the base)
    r"child|"
    # ("| Updated | Baseline | Speedup |": the updated code's column, a label's last word; "Updated results" is a rerun)
    r"updated(?=\s{0,3}(?:[(\[]|$))|"
    r"(?:with|w/)\s+(?:the\s+|this\s+|my\s+)?" + _CHANGE
)
HEAD_SIDE_RE = re.compile(_HEAD_WORDS_RE + "|" + POST_SIDE + r")\b", re.IGNORECASE)
# a run on the base side named by what it shows rather than where it ran: the fix reverted, a negative control, a run
# that reproduces the bug or fails as expected ("with the fix reverted" names the base, whatever "with the fix" says)
BASE_RUN_RE = re.compile(
    r"\b(?:(?:with\s+)?(?:the\s+|this\s+)?(?:pr|fix|patch|change)\s+reverted|revert(?:ing|ed)?\s+(?:the\s+|this\s+)?"
    r"(?:pr|fix|patch|change)|negative\s+control|reproduc(?:es|ed|ing)\s+the\s+(?:bug|issue|crash|failure|problem)|"
    r"fail(?:s|ed)?\s+as\s+expected|this\s+is\s+the\s+bug)\b",
    re.IGNORECASE,
)

# an arm named as the experiment's control ("Matched control run", "Pre-change control", "Control (no patch)"): the
# run the other arms are measured against, as a baseline row is; never a positive control (the effect forced on) nor
# a thing that controls ("Flow control", "control plane"), which the label's opening words keep out
_CONTROL_LABEL_RE = re.compile(
    r"^(?:(?:matched|pre-?change|unpatched|paired|same-commit|baseline)\s{1,3}){0,3}control\b"
    r"(?!\s{0,3}(?:plane|flow|loop|path|group|knob|flag|token|character|variable)s?\b)",
    re.IGNORECASE,
)


# an experiment's arms as a bullet binding each to its commit names them ("- Treatment: `9f3c2ab`", "- Control:
# `1d2e3f4`", "- Experiment: ..."): the treated arm the candidate, the control its base. Only a bullet's whole name:
# the words name no side in prose ("treatment of the cache", "the experiment ran twice")
_ARM_NAME_RE = re.compile(
    r"(?:(?P<base>control)|treatment|experiment(?:al)?)(?:\s(?:arm|run|build|commit))?", re.IGNORECASE
)


def arm_side(name: str | None) -> str | None:
    """ "base" for a defining bullet's name that is the experiment's control arm, "head" for its treated arm
    (_ARM_NAME_RE), None for any other name."""
    m = _ARM_NAME_RE.fullmatch((name or "").strip(" *_`"))
    return None if m is None else "base" if m.group("base") else "head"


def control_label(label: str) -> bool:
    """The row's label names it the experiment's control arm (see _CONTROL_LABEL_RE)."""
    return bool(_CONTROL_LABEL_RE.match(label.strip(" *_`")))


# the feature a speculative-decoding arm adds, named by no method ("no drafter", "w/o speculation", "without draft
# model"): turned off, the run every drafting arm is measured against, whichever method that arm names
DRAFTING_FEATURE_RE = re.compile(
    r"^(?:(?:a|the)\s)?(?:drafter|draft(?:ing|\smodel|\shead)?|spec(?:ulation|ulative)?"
    r"(?:\s(?:decod(?:e|ing)|sampling))?|sd)s?$",
    re.IGNORECASE,
)

# the control arm of a drafting table named by a word of its own, not by the feature it leaves out ("plain",
# "vanilla decoding", "autoregressive", "off", "none", "baseline" beside "EAGLE-3"): the run each method speeds up,
# only where another row of its column names a drafting method (a "baseline" beside "PR" is a side, read as one)
DRAFTING_CONTROL_RE = re.compile(
    r"^(?:plain|vanilla|baseline|base|off|none|autoregressive|ar|standard|regular|normal)"
    r"(?:\s(?:decod(?:e|ing)|generation|sampling|ar|autoregressive|run))?$",
    re.IGNORECASE,
)

# the same sides as Chinese threads name them (vllm-ascend, lmdeploy): before / after the optimisation or change,
# with the feature turned off / on; searched only in labels that are not ASCII
# ("未默认开启": not turned on by default; the negation may stand a few characters before the verb)
_CJK_BASE = "优化前|修改前|改动前|合入前|修复前|基线|原始|关闭|(?:未|不|没有?)[^\\s，。：:]{0,3}?(?:开启|启用|使用)"
_CJK_HEAD = "优化后|修改后|改动后|合入后|修复后|开启|启用|使用"
CJK_SIDE_WORDS = f"{_CJK_BASE}|{_CJK_HEAD}"
"""Every Chinese side word, for the patterns of a label line that names a side (grammar.revision_labels)."""
_CJK_BASE_RE, _CJK_HEAD_RE = re.compile(_CJK_BASE), re.compile(_CJK_HEAD)

# the names a label line gives a side over its results ("Mainline:", "Stock build", "With patch", "this PR:"), for
# the patterns of such lines (grammar.revision_labels); each is a word of BASE_SIDE_RE or HEAD_SIDE_RE
BASE_LABEL_WORDS = (
    r"before|baseline|main|mainline|master|trunk|upstream|stock|vanilla|unpatched|original|old|existing|previous"
)
# ("this branch" / "our branch": the PR's own branch, as a label says it over its run)
HEAD_LABEL_WORDS = r"this pr|the pr|pr|this mr|(?:this|our|my) branch|after|candidate|patched|new|optimi[sz]ed"
# "rerun against the PR head", "on the PR's head", "with this PR's latest commit": results run on the PR's head (no
# baseline even after "against": the head is what ran), a clause's side (grammar.sides)
# ("verify-fast on the pushed tree": the tree its author pushed, which is the PR's head)
PR_HEAD_SIDE = (
    r"(?:on|at|against|with)\s+(?:(?:the|this)\s+(?:pr|branch)(?:['’]s)?\s+(?:latest\s+)?(?:head|commit)(?:\s+commit)?"
    r"|(?:the|my|our)\s+(?:latest\s+)?pushed\s+(?:tree|head|commit|branch|build))"
)
_HEAD_LABEL_RE = re.compile(HEAD_LABEL_WORDS, re.IGNORECASE)
LABEL_NOUNS = r"build|branch|binary|version"
"""What a side's label may name after its word ("Stock build", "Reference build", "main branch")."""
# ("Main options:", "New features:", "Main CLI arguments:": the side word an adjective over a list of the document's
# parts, not a run; every word of a side's label is checked, so "Main CLI arguments" stops at its last)
PART_NOUNS = (
    r"options?|arguments?|args|flags?|parameters?|params|features?|changes?|steps?|points?|ideas?|notes?|goals?|"
    r"contributions?|components?|files?|modifications?|differences?|takeaways?|usage|commands?|apis?|requirements?|"
    r"dependencies|issues?|tasks?|todos?|limitations?|caveats?|questions?"
)
# a word of a side's label after its side word (no clause: "Branch cleanup is complete:"; no list of the document's
# parts: "Main options:")
LABEL_TAIL_WORD = r"(?: (?!(?:is|are|was|were|has|have|had|" + PART_NOUNS + r")\b)[\w.#-]{1,20})"

# a note on the side's arm after its word, in either width of bracket ("before (cache on):", "before（cache on）:": a
# CJK author's brackets are the full-width ones)
RUN_WORD = r"(?:run|trial|rep|repeat|seed|attempt)"
"""What names one of a side's repeated runs by its number ("run 2", "trial 3", "seed 1"; ONE_RUN_RE)."""
ONE_RUN_RE = re.compile(r"\b" + RUN_WORD + r"[ _#-]?(?P<n>\d{1,3})\b", re.IGNORECASE)
"""One run named by its number ("run 2", "Trial 3", "seed 1"): the run a label's values are, of a side's repeats."""
# "run 2 gave 1851 tok/s", "trial 3: 0.82", "in run 1 it reached 1843": a run named right before its value in a
# sentence naming several, with the words a run's value takes after its name (a verb, a colon, "at")
RUN_BEFORE_VALUE_RE = re.compile(
    ONE_RUN_RE.pattern + r"(?:\s?[:=,]|\s(?:it|we|gave|gives|got|gets|was|is|reached|reaches|hit|hits|showed|shows|"
    r"measured|scored|did|ran|came|in|at|with|of|only|about|around)\b){0,3}\s{0,2}[~≈]?$",
    re.IGNORECASE,
)
"""A run's number and its verb right before a value, matched at the end of the words before it."""
# (or, after a comma, the one run of the side's repeats its block is: "Before, run 2:" over its paste)
SIDE_NOTE = r"(?:\s{0,3}[(（][^()（）\n]{1,60}[)）]|,\s{1,3}" + RUN_WORD + r"[ #-]?\d{1,3})?"
# the condition the side's run had, in a sentence after its word ("this PR. With a stop list (slow path):", "main,
# using the old image:"): the side is its word, the sentence after it says how that side ran
SIDE_CONDITION = r"(?:[.,;]\s{1,3}(?:with|without|w/o?|using|on|under|for)\b[^\n:：]{0,80})?"

# the nouns a lead names what a side's run printed by ("original kernel, results:")
RESULTS_NOUN = r"(?:results?|numbers|scores?|accuracy|perf(?:ormance)?|benchmarks?|timings?|measurements?|throughput)"
RESULTS_LEAD = (
    r"(?:" + RESULTS_NOUN + r"\s{1,3}(?:(?:on|with|from|for)\s{1,3})?"
    # ("Offline throughput, this branch", "Serving Benchmark Results, main branch": what was measured, a comma, a side)
    r"|(?:[A-Za-z][\w-]{0,20}\s{1,3}){0,3}" + RESULTS_NOUN + r",\s{1,3})?"
)
"""The results' noun a side's label may open with ("Result Before:", "Numbers on main:", "Offline throughput, this
branch"): the side is the rest."""

THIS_CHANGE_RE = re.compile(r"\b(?:this|the|my|our) (?:pr|branch|patch|change)\b", re.IGNORECASE)
"""The words that name the PR's own build ("this PR branch", "our patch"): a side, never a model or a draft."""

CHANGE_ON_TOP_RE = re.compile(
    r"[`*_)\s]{0,6}(?:\+|with|plus)\s{0,3}(?:this|the|my|our)\s(?:pr|branch|patch|change|fix)\b", re.IGNORECASE
)
"""What follows a build's name when the PR was applied to it ("`0.6.2.dev31+g4be0c1d2` + this PR applied", "... with
this change on top"): the build is the base of the run, not the run's head."""

# (the gates search the lowered label, which has no capitals: "Pre" and "Post" are asked apart, _PRE_POST_RE)
_BASE_WORDS = WordGate(re.compile(_BASE_WORDS_RE + r")\b", re.IGNORECASE))
_HEAD_WORDS, _BASE_RUN_WORDS = WordGate(re.compile(_HEAD_WORDS_RE + r")\b", re.IGNORECASE)), WordGate(BASE_RUN_RE)
_PRE_POST_RE = re.compile(r"\b(?:(?P<pre>" + PRE_SIDE + r")|" + POST_SIDE + r")\b")
"""The patterns searched through their case-sensitive copies in the lowered label (vocab.word_gate)."""


def side_of(label: str | None) -> str | None:
    """ "base" when a label names the baseline side (main, before, baseline), "head" for the candidate
    (this PR, after, with the fix), None when it names neither or both."""
    return _side_of(label) if label else None


def sides_of(labels: Sequence[str | None]) -> list[str | None]:
    """Each label's side (side_of); of two labels where one names the base side and the other no side ("Beta Eagle:"
    beside "Main Eagle:"), the other is the candidate: the one the base word does not name. So of more: the labels
    naming no side are the candidates where there are as many as the base sides lack ("Baseline" and "With cache"
    beside "Before" and "After": "With cache" is the baseline's candidate)."""
    sides = [side_of(label) for label in labels]
    if not any(sides) and (switched := _switched_sides(labels)) is not None:
        return switched
    neither = sides.count(None)
    if neither and neither == sides.count("base") - sides.count("head"):
        return ["head" if s is None else s for s in sides]
    return sides


def _switched_sides(labels: Sequence[str | None]) -> list[str | None] | None:
    """Labels each switching a setting ("With async" / "Without async", "X on" / "X off"), each setting once on and
    once off: the arm with it off is the base, the one it adds to; None where a label switches nothing or a setting
    is not switched both ways."""
    switches = [arm_switch(label) for label in labels]
    states: dict[str, list[bool]] = {}
    for sw in switches:
        if sw is None:
            return None
        states.setdefault(sw[0], []).append(sw[1])
    if any(sorted(on) != [False, True] for on in states.values()):
        return None
    return ["head" if sw is not None and sw[1] else "base" for sw in switches]


# a label opening with a rebase state, after two words at most ("Rebased combined repeat", "Numbers before rebasing")
_REBASE_STATE_RE = re.compile(
    r"[ \t*_`]{0,4}(?:[\w-]{1,20}[ \t]{1,3}){0,2}(?:" + PRE_REBASE + "|" + POST_REBASE + r")\b", re.IGNORECASE
)


def rebase_state(label: str | None) -> str | None:
    """ "pre" for a label naming the PR before a rebase ("Pre-rebase numbers", "Prior to the rebase"), "post" after it
    ("Rebased onto main", "After rebasing"), else None: the older and newer of two revisions of the PR itself."""
    m = _REBASE_STATE_RE.match(label or "")
    return None if m is None else "pre" if _PRE_REBASE_RE.search(m.group()) else "post"


_PRE_REBASE_RE = re.compile(PRE_REBASE, re.IGNORECASE)
_REBASED_ONTO_RE = re.compile(
    r"\brebas(?:e|ed|es|ing)\s{1,3}(?:it\s{1,3}|this\s{1,3}|the\s{1,3}branch\s{1,3})?on(?:to)?\b", re.IGNORECASE
)


# who a label's numbers come from, before the side they were measured on ("PR: Baseline `03637f08`", "Author: main",
# "Reviewer's numbers: this PR"): a reviewer copying the author's columns beside their own says whose they are; the
# side is the word after the colon, never the "PR" of the source (a label of the source alone, "PR:", is the PR's)
_SOURCE_PREFIX_RE = re.compile(
    r"^[ \t*_`]{0,4}(?:(?:from|per|as\s(?:in|per))\s{1,3})?(?:the\s{1,3})?"
    r"(?:pr(?:\s?#?\d{1,7})?|author|op|reviewer|description|reported|claimed|stated|original\s(?:post|pr))(?:['’]s)?"
    r"(?:\s{1,3}(?:numbers|results|figures|table|description|run|data))?[ \t*_`]{0,4}[:：]\s{0,3}",
    re.IGNORECASE,
)


def _source_side(label: str) -> str | None:
    """The side a label names after the source of its numbers (_SOURCE_PREFIX_RE), when a side word opens the rest."""
    if (src := _SOURCE_PREFIX_RE.match(label)) is None:
        return None
    rest = label[src.end() :].lstrip(" *_`")
    return _side_of(rest) if rest and (BASE_SIDE_RE.match(rest) or HEAD_SIDE_RE.match(rest)) else None


@short_text_cache(4096)  # every row and column label of a table is asked, the same few labels again and again
def _side_of(label: str) -> str | None:
    if _REBASED_ONTO_RE.search(label) or rebase_state(label) is not None:
        # "Rebased onto main", "Before the rebase": a state of the PR against its rebase, the change in both (a
        # revision, never a side: "before" there says when the PR ran, "main" where it sits)
        return None
    if (":" in label or "：" in label) and (source := _source_side(label)) is not None:
        return source  # "PR: Baseline `03637f08`": the author's baseline, whatever "PR" says
    if _BASE_RUN_WORDS.holds(label):  # "with the fix reverted": the base, whatever "with the fix" says
        return "base"
    if (alone := label.strip(" *_:`").lower()) in ("pre", "post"):
        return "base" if alone == "pre" else "head"  # (a label of the word alone, in any case: no compound's part)
    b, h = next(_BASE_WORDS.finditer(label), None), next(_HEAD_WORDS.finditer(label), None)
    if ("P" in label or "p" in label) and (pp := _PRE_POST_RE.search(label)) is not None:
        b, h = (pp, h) if pp.group("pre") and (b is None or pp.start() < b.start()) else (b, h)
        b, h = (b, pp) if not pp.group("pre") and (h is None or pp.start() < h.start()) else (b, h)
    if b is None and h is None and not label.isascii():
        # ("未开启 MLAPO 时": "开启" inside "未开启" is found one character later, so the base word wins)
        b, h = _CJK_BASE_RE.search(label), _CJK_HEAD_RE.search(label)
    if b and h:  # "main branch", "before this PR": the first word names the side
        return "base" if b.start() <= h.start() else "head"
    return "base" if b else "head" if h else None


# "the parent build", "the native parent": the revision a commit was made on, named as the base of a contrast
_PARENT_RE = re.compile(r"\bparent\b", re.IGNORECASE)
# "the gating commit", "the candidate build": a revision named by its noun, the side that is not the base's
_REVISION_NOUN_RE = re.compile(r"\b(?:commit|build|branch|patch|change|revision|pr|head)\b", re.IGNORECASE)


def contrast_head(first: str, second: str) -> int | None:
    """Which of two clauses set side by side ("the parent build served X, whereas the prefetch commit served Y") names
    the candidate side by the words before its value: 0 or 1, None when they are not one base and one candidate. A
    side word says it (side_of); else the parent is the base, and a revision named by its noun beside a base is the
    candidate ("the gating commit"): two setups ("the eager path", "TP8") are no sides."""
    kinds = [side_of(first), side_of(second)]
    for k, words in enumerate((first, second)):
        if kinds[k] is None and _PARENT_RE.search(words):
            kinds[k] = "base"
    for k, words in enumerate((first, second)):
        if kinds[k] is None and kinds[1 - k] == "base" and _REVISION_NOUN_RE.search(words):
            kinds[k] = "head"
    return 0 if kinds == ["head", "base"] else 1 if kinds == ["base", "head"] else None


# the base a fork is measured against: the line it forked from ("upstream", "mainline"), another project's build
# rather than an earlier revision of the change
_OTHER_LINE_RE = re.compile(r"\b(?:upstream|mainline)\b", re.IGNORECASE)


def own_base(label: str | None) -> bool:
    """The label names the change's own base side ("main branch", "Before", "Baseline (v0.9.1)"), not the line a
    fork measures itself against ("upstream")."""
    return side_of(label) == "base" and _OTHER_LINE_RE.search(label or "") is None


def base_run(text: str, pos: int = 0, end: int | None = None) -> str | None:
    """The words in text[pos:end] that name a run of the base side by what it shows ("the fix reverted", "negative
    control", "reproduces the bug"), or None."""
    m = _BASE_RUN_WORDS.search(text, pos, end)
    return m.group(0) if m else None


_PAREN_SIDE_WORDS = 3
"""Words of a parenthesis that is an arm's side ("this change", "#14466 default"); a longer one describes the run."""


def paren_side(paren: str) -> str | None:
    """The side an arm's parenthesis names after its name ("reference path (current default)", "fused (without
    fix)"), as printed, when it is a side's name and nothing more (vocab.sides); None for a note ("3 trials")."""
    words = paren.split()
    if not words or len(words) > _PAREN_SIDE_WORDS or side_of(paren) is None:
        return None
    return " ".join(words)


def named_by_side(label: str) -> bool:
    """A row named by its side: a side's word, then at most one word of how it ran ("origin tp", "new", "Baseline A1");
    a variant's own name ("new persistent kernel", "fused - stock", "1. cuBLAS default") is more than its side."""
    words = label.split()
    return 0 < len(words) <= 2 and side_alone(words[0])


@short_text_cache(4096)  # (asked of each pair's label and each heading by several readers: 4,374 asks of 659 labels)
def side_alone(label: str) -> bool:
    """The label is a side's name and nothing else ("main", "PR", "this branch"): it names no measure."""
    # ("the main branch", "PR branch": the side's name; cut by hand: a pattern "\s+branch$" tries every blank of a
    # long cell, quadratic)
    core = label.strip(" *_`:")
    if core[:1] == "(" and core[-1:] == ")" and core.count("(") == 1:
        core = core[1:-1].strip()  # "(this PR)": the side's name in brackets, as a paste's first line may hold it
    if core[-1:] == ")" and (open_at := core.rfind("(")) > 0:
        core = core[:open_at].rstrip()  # "main (before; 3 runs)": the side, then how it was run
    if core[:4].lower() == "the ":
        core = core[4:].lstrip()
    if (ref := _REMOTE_REF_RE.match(core)) is not None:
        core = core[ref.end() :]  # "origin/main": the project's branch as a remote holds it
    if core[-6:].lower() == "branch" and core[-7:-6].isspace() and core[:5].lower() != "this ":
        core = core[:-6].rstrip()
    return bool(BASE_SIDE_RE.fullmatch(core) or HEAD_SIDE_RE.fullmatch(core) or _TIMED_SIDE_RE.fullmatch(core))


# "Before this PR", "after the fix": when a run stood to the change, a side's whole name as "with the fix" is
_TIMED_SIDE_RE = re.compile(r"(?:before|after|prior\s+to)\s+(?:the\s+|this\s+|my\s+|our\s+)?" + _CHANGE, re.IGNORECASE)


# a branch as a remote holds it ("origin/main", "upstream/master"); a release's tag ("v0.11.0", "0.9.2", "v1.4rc1")
_REMOTE_REF_RE = re.compile(r"[a-z][\w.-]{0,38}/(?=(?:main|master|trunk)$)", re.IGNORECASE)
_RELEASE_TAG_RE = re.compile(r"v\d{1,3}(?:\.\d{1,4}){1,3}(?:rc\d{1,2})?|\d{1,3}(?:\.\d{1,4}){2,3}", re.IGNORECASE)
# a build's name of a word or three and no setup ("nightly", "tuned", "fused kernel"): one side where the other is named
_BUILD_NAME_RE = re.compile(r"[a-z][a-z_+-]{0,24}(?: [a-z][a-z_+-]{0,24}){0,2}", re.IGNORECASE)


def column_sides(cells: list[str]) -> dict[str, str]:
    """The side ("base" or "head") each of the two names in one column of rows stands for ("this branch" and
    "nightly", "stock" and "patched", "v0.11.0" and "tuned"), by its own name, stripped; {} unless the column names
    both sides and nothing else. A released build (a version's tag, a branch of the project) is the base; a name no
    side word is takes the side the other name leaves, where it is a build's name ("nightly" beside "this branch")
    and not a setup ("fp8" beside "main" is a variant, not a side)."""
    names = list(dict.fromkeys(c.strip(" *_`") for c in cells if c.strip(" *_`")))
    if len(names) != 2:
        return {}
    cores = _unshared(names)  # ("origin tp" beside "new tp": the words that tell the two apart, "origin" and "new")
    sides = [_bare_side(n) for n in cores]
    if None in sides and sides.count(None) == 1:
        known, unknown = (0, 1) if sides[1] is None else (1, 0)
        # ("ours" beside "other": two engines, each a project of its own; only a side's word names the other side,
        # "new" beside "origin" as "PR" beside "nightly")
        own = names_ours(cores[known]) and _HEAD_LABEL_RE.fullmatch(cores[known]) is None
        if own or not _BUILD_NAME_RE.fullmatch(cores[unknown]) or qualifiers(cores[unknown]):
            return {}
        sides[unknown] = "head" if sides[known] == "base" else "base"
    return dict(zip(names, sides, strict=True)) if set(sides) == {"base", "head"} else {}  # type: ignore[arg-type]


def _unshared(names: list[str]) -> list[str]:
    """Two names without the words both open or end with ("origin tp", "new tp" -> "origin", "new"): what the two
    rows share is what both ran, the rest names which build each is; the names as they are where nothing is left."""
    a, b = names[0].split(), names[1].split()
    head = 0
    while head < min(len(a), len(b)) - 1 and a[head].lower() == b[head].lower():
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head - 1 and a[-1 - tail].lower() == b[-1 - tail].lower():
        tail += 1
    if head == tail == 0:
        return names
    return [" ".join(a[head : len(a) - tail]), " ".join(b[head : len(b) - tail])]


def _bare_side(name: str) -> str | None:
    if side_alone(name):
        return side_of(name)
    if _RELEASE_TAG_RE.fullmatch(name):
        return "base"  # "v0.11.0": the release the change is measured against
    if names_ours(name):
        return "head"
    # ("Stock v0.27.0", "Final PR head": a side's word with the release or the revision it ran, which says no more)
    core = " ".join(w for w in name.split() if not (_RELEASE_TAG_RE.fullmatch(w) or _REVISION_WORD_RE.fullmatch(w)))
    return side_of(core) if core and core != name and side_alone(core) else None


# the words that say which revision of a side a build is, no setup and no variant of it
_REVISION_WORD_RE = re.compile(r"final|latest|current|head|build|binary|tip|@", re.IGNORECASE)


# the implementation a kernel is measured against ("PyTorch (TFLOPs)" beside "vLLM (TFLOPs)"): a baseline only
# beside a column that names the project itself, since beside another library ("Triton") either may be the new one
_REFERENCE_IMPL_RE = re.compile(
    r"(?:py)?torch(?:[ _-]?(?:eager|native|ref|reference|impl))?|naive|native|reference(?: impl(?:ementation)?)?",
    re.IGNORECASE,
)
_OWN_IMPL_RE = re.compile(r"ours|our (?:kernel|impl(?:ementation)?)|this pr|pr|new|candidate", re.IGNORECASE)


def reference_implementation(a: str, b: str) -> int | None:
    """Of two columns' names (their units left out), the index of the reference implementation ("PyTorch") when
    the other names the project: a serving engine ("vLLM", "SGLang") or our own ("Ours"); None otherwise."""
    for ref, own in ((0, 1), (1, 0)):
        if _is_reference(a if ref == 0 else b) and _is_own(b if own == 1 else a):
            return ref
    return None


def names_ours(label: str) -> bool:
    """The label names the author's own build in words no side word is ("ours", "our kernel"): beside a base side's
    row, the candidate's."""
    return _OWN_IMPL_RE.fullmatch(label.strip()) is not None


def _is_reference(name: str) -> bool:
    return _REFERENCE_IMPL_RE.fullmatch(name.strip()) is not None


def _is_own(name: str) -> bool:
    # PyTorch is a project of the engines' list too: beside the project it is the reference, never the own
    return not _is_reference(name) and bool(_OWN_IMPL_RE.fullmatch(name.strip()) or engine_named(name.strip()))


# "Δ", "delta", "diff (pp)", "Difference": a row or column named for the change between two sides
CHANGE_NAME_RE = re.compile(r"^(?:Δ|(?:delta|diff(?:erence)?|change|gap)(?![a-z]))", re.IGNORECASE)
DIFFERENCE_SIGNS = (" − ", " – ", " - ", " minus ", " vs ", " vs. ")
"""What stands between the two rows a difference row names ("fused − stock", "New - baseline"), the candidate's
first and the baseline's after it."""


# "without the draft model", "w/o MTP", "the no-draft run", "a non-speculative run", "main": what a change is measured
# against when it names a base run (the feature off, or a base side's word)
_BASE_RUN_WORDS_RE = re.compile(r"(?:(?:the|a|an)\s)?(?:without\b|w/o\b|no[- ][a-z]|non-[a-z])", re.IGNORECASE)


def names_base_run(words: str) -> bool:
    """The words name a run on the base side: the feature off ("without the draft model", "the no-draft run") or a
    base side ("main", "the baseline")."""
    return _BASE_RUN_WORDS_RE.match(words) is not None or side_of(words) == "base"


# "## What this PR does", "## Why this PR": a template's section, titled by its question whether asked or not
_ASKED_RE = re.compile(r"[\W\d]{0,6}(?:what|why|how|which)\s", re.IGNORECASE)


def template_question(title: str) -> bool:
    """The title asks what a PR template asks ("What does this PR do?", "What this PR does"): a section, no side."""
    return "?" in title[-3:] or _ASKED_RE.match(title) is not None


# a heading naming another pull request's sides or runs: "### without #9200", "### with #9200" (the sides of a change
# another PR made), "## Evidence from PR #16567", "### Results of #812" (the runs the section's results come from)
OTHER_PR_HEADING = (
    r"with(?:out)? #\d{1,7}|w/o #\d{1,7}|"
    r"(?:evidence|results?|numbers|data|measurements?|runs?|benchmarks?) (?:from|of|on) (?:PR )?#\d{1,7}"
)

# the words by which a value is said to agree with a baseline the text prints after them ("745 tok/s, in line with
# last week's nightly number (748.10)", "1312 tok/s on L40S, consistent with the release figure (1305.6)"): that
# baseline is the value's reference (prose.pairing _AGAINST_GAP_RE, the value's board may stand between)
AGREES_WITH = r"(?:matching|in\sline\swith|consistent\swith|on\spar\swith|close\sto)"


# the words by which a label names this pull request itself ("this PR", "ours"), not a new state in general ("new
# scheduler"): a row linking another pull request under such words is still this change's candidate
_OWN_PR_WORDS = frozenset({"pr", "this pr", "the pr", "our pr", "ours", "this change", "this branch"})


def names_own_pr(label: str) -> bool:
    """Whether a label's candidate words name this pull request itself (see _OWN_PR_WORDS)."""
    m = HEAD_SIDE_RE.search(label[:300])
    return m is not None and m.group(0).lower() in _OWN_PR_WORDS


SIDE_QUALIFIER_RE = re.compile(r"(?:stock|vanilla|plain|unpatched|unmodified|clean|current|latest|upstream)\s", re.I)
"""A word before a side's name that says only which state of it ran ("stock master", "unpatched main"): the side."""
TAIL_SIDE_SEPARATORS = (",", ";", " - ", " – ", " — ")
"""What sets a lead-in's subject apart from the side it closes on ("R9700 run, stock master:"; never a preposition:
"runs on the new code" names what ran, as its table's rows do)."""


# "- Parent: `73efcee…`", "- Second parent: …", "- Merge base: …": a bullet naming a commit by its place in the
# history of another lists that commit; no value was measured on it by that name
COMMIT_ANCESTRY_RE = re.compile(
    r"(?:(?:first|second|third|merge|direct)[ \t])?(?:parent|grandparent|ancestor)(?:[ \t](?:commit|sha))?|"
    r"merge[ \t-]base(?:[ \t](?:commit|sha))?",
    re.IGNORECASE,
)
