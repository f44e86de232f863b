"""Revision labels: the lines that name a commit or a side ("Final head (13c21f460b, rebased on main af3e5eb257).",
"Tested at `0badcafe12`", "Numbers after 3f9e2a1c:", "### After (this PR, commit 9e1f0a2b3c)"), read one line at a
time; grammar.revisions decides which of them open a revision and over which lines it holds."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.model import Revision
from ledger.parsers.grammar.compared_base import COMPARED_RE, against_base
from ledger.parsers.grammar.label_text import clean_label as clean_label  # (read by the label readers from here)
from ledger.parsers.grammar.sha_tokens import SHA_RE as SHA_RE
from ledger.parsers.grammar.sha_tokens import digit_sha_at
from ledger.parsers.grammar.sha_tokens import is_sha as is_sha
from ledger.parsers.grammar.sha_tokens import may_hold_sha as may_hold_sha
from ledger.parsers.grammar.sha_tokens import shas_in as shas_in
from ledger.parsers.grammar.sides import comment_side, defined_side, side_setting, side_with_head
from ledger.vocab.models import model_generation
from ledger.vocab.sides import (
    BASE_LABEL_WORDS,
    CJK_SIDE_WORDS,
    HEAD_LABEL_WORDS,
    LABEL_NOUNS,
    LABEL_TAIL_WORD,
    OTHER_PR_HEADING,
    POST_SIDE,
    PRE_SIDE,
    RESULTS_LEAD,
    RESULTS_NOUN,
    SIDE_CONDITION,
    SIDE_NOTE,
    side_alone,
    side_of,
    template_question,
)
from ledger.vocab.text import RUN_DESCRIPTION_RE, lower_for_words
from ledger.vocab.word_gate import WordGate

_BASE_RE = re.compile(
    r"\b(?:on|onto|on top of|rebased on|based on|up[ -]to[ -]date with|synced with)\s+"
    r"(?:main|master|trunk|origin/main)?\s*"
    r"(?:\(|`)?([0-9a-f]{7,40})\b",
    re.IGNORECASE,
)
_LABEL_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?P<label>[^()\n;]{1,100}?)\s*\((?P<inner>[^()\n]{0,200})\)\s*(?:[*_]{1,2})?(?:[:.]|$)"
)
# ("**Before:**": the colon inside the bold as often as after it)
BARE_LABEL_RE = re.compile(r"^\s*(?:[*_#]{1,3}\s*)?(?P<label>[A-Z][^:()\n]{2,60}?)(?:[*_]{1,2})?:(?:[*_]{1,2})?\s*$")
# "this PR:", "before:", "after the fix:", "Pre:" (vocab.sides.PRE_SIDE): a lead-in made of revision words is a label
SIDE_LABEL_RE = re.compile(
    # ("Result Before:", "Numbers on main:", "**1. old path, results:**": the results' noun, a step's number: no side)
    r"^\s*(?:[*_]{1,2})?(?:\d{1,2}[.)]\s{1,3})?"
    + RESULTS_LEAD
    + r"(?P<label>(?:"
    + BASE_LABEL_WORDS
    + "|"
    + HEAD_LABEL_WORDS
    + r"|"
    # ("`master` branch:", "softmax-tiles branch:": a branch named, its code span read as its name, see lead_text)
    r"branch|[\w./-]{1,40} branch|reference (?:" + LABEL_NOUNS + r")|ours|default|"
    r"(?:first|second|third|fourth|final|last|new|latest) (?:run|attempt|round|results?)|re-?run|run \d{1,2}|"
    r"attempt \d{1,2}|round \d{1,2}|v\d{1,2}|updated results?|"
    r"(?:with|w/) (?:the |this )?(?:pr|fix|patch|change)|(?:without|w/o) (?:the |this )?(?:pr|fix|patch|change)|"
    + PRE_SIDE
    + "|"
    + POST_SIDE
    + r")"
    + LABEL_TAIL_WORD
    + r"{0,3}?"
    # ("未开启 MLAPO 时：", "优化后:": a Chinese side word anywhere in a short label, its colon either width)
    r"|[^\n:：]{0,30}?(?:" + CJK_SIDE_WORDS + r")[^\n:：]{0,30}?)"
    r"(?:[*_]{1,2})?" + SIDE_NOTE + SIDE_CONDITION + r"(?:,\s{1,3}" + RESULTS_NOUN + r")?[:：](?:[*_]{1,2})?\s*$",
    re.IGNORECASE,
)
# "Tested at `0badcafe12` with the same image:", "Results on commit 821fde2:", "measured @ abc1234"
_AT_SHA_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?P<label>[A-Za-z][\w -]{0,40}?\s(?:at|on|@))\s+(?:(?:the\s+)?commit\s+)?`?"
    r"(?P<sha>[0-9a-f]{7,40})`?(?![\w-])",
    re.IGNORECASE,
)
# "# commit 6c1f7d8b, before PR 5521" (a comment in console output); "commit 8207d5fd with PR 5521"
COMMENT_COMMIT_RE = re.compile(
    r"^\s*(?:#+|//|--)\s*(?:commit|at|rev(?:ision)?)\s+`?(?P<sha>[0-9a-f]{7,40})`?[,:;\s-]*(?P<label>[^\n]{0,80}?)\s*$",
    re.IGNORECASE,
)
# "Measured PR head `8969dbb` against `main` at `b0a147a`", "Tested current PR head **`f0f2d12b5e`** against PR base
# **`5d42bf1f12`**": a sentence naming the head the results below were measured on, and its base
HEAD_BASE_RE = re.compile(
    r"(?P<label>(?:(?:current|the|this)\s+)?(?:PR\s+head|head|PR|branch|commit))\s+[*_`]{0,3}(?P<head>[0-9a-f]{7,40})"
    r"[*_`]{0,3}[^.;\n]{0,60}?\b(?:against|vs\.?|versus|relative\s+to|compared\s+(?:to|with)|on\s+top\s+of)\s+"
    r"(?:[*_`]{0,3}(?:main|master|trunk|upstream/main|origin/main|PR\s+base|base|its\s+base)[*_`]{0,3}\s+)?"
    r"(?:at\s+)?[*_`]{0,3}(?P<base>[0-9a-f]{7,40})(?![\w-])",
    re.IGNORECASE,
)
# "after the rebase onto `4e5f6a7b` and moving the PR head to `9c8d7e6f1`", "rebased on main 1a2b3c4d, head now
# 5e6f7a8b": the head the results under the sentence were measured on, and the base it sits on
# ("Rebased onto current `main` (`4c4c9e1a20`) and ... . The new head is `b7d0aa3f11`": the main line's name in
# backticks, its sha in parentheses, the head in the next sentence of the same line; the base is never the head)
_REBASE_HEAD_RE = re.compile(
    r"\brebas(?:e|ed|ing)\s+(?:it\s+|the\s+branch\s+)?(?:onto|on(?:\s+top\s+of)?|to)\s+"
    r"(?:(?:(?:the\s+)?(?:current|latest)\s+)?[*_`]{0,3}(?:main|master|upstream|trunk)[*_`]{0,3}\s*(?:at\s+|\(\s*)?)?"
    r"[*_`]{0,3}(?P<base>[0-9a-f]{7,40})[*_`]{0,3}(?![\w-])[^\n]{0,160}?\bhead\b[^.;\n]{0,24}?[*_`]{0,3}"
    r"(?P<head>[0-9a-f]{7,40})(?![\w-])",
    re.IGNORECASE,
)
# "Timings below come from the exact PR head `5e8d0c7a91`", "taken at PR head 43f4b10a": the head the results under
# the sentence were measured on, wherever the sentence names it
# ("the current PR head is `a1b2c3d4`", "PR head: 5e8d0c7a": a turn that states its head, whose checks ran there)
# ("The PR's head commit is `6b2e91f`", "the head of this PR is 6b2e91f": the possessive and the "of" forms)
_PR_HEAD_RE = re.compile(
    r"\b(?:(?:PR|branch)(?:['’]s)?\s+head|head\s+of\s+(?:the|this)\s+(?:PR|branch))(?:\s+commit)?"
    r"(?:\s+is(?:\s+now)?|\s+now|\s?:)?\s+[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})"
    r"(?![\w-])",
    re.IGNORECASE,
)
# "Numbers after 3f9e2a1c:", "Pushed 9f8e7d6c which fixes the scale. Results:", "With commit 4d5e6f7a the score is
# 0.912": a sha after a word that says the results were measured on it (not "reverts", "see", "caused by")
SHA_AFTER_WORD_RE = WordGate(  # (searched only where one of its words stands: vocab.word_gate)
    re.compile(
        r"\b(?:after|at|with|for|pushed|on|in|from|using|built|measured|tested|rerun|re-ran|reran)\s+"
        # "on current head `ed41abb8`", "at the latest commit 9f8e7d6c"
        r"(?:(?:(?:the|current|latest|new|final|exact|updated)\s+){0,2}(?:commit|revision|rev|sha|build|head)\s+)?"
        r"[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})(?![\w-])",
        re.IGNORECASE,
    )
)
# "benchmarked kernel SHA: `d8a6cbea85`", "measured build: 3f2a1b0c": the commit a list's results were measured on
# (at a line's start or a sentence's: "Baseline commit: `a...`. Measured commit/tree: `b...` / `c...`.")
_MEASURED_SHA_RE = WordGate(  # (searched only where one of its words stands: vocab.word_gate)
    re.compile(
        r"(?:^|(?<=[.;] ))\s{0,3}(?:[-*+]\s{1,3})?[*_]{0,2}(?P<label>(?:[A-Za-z][\w ]{0,30}?\s)?"
        r"(?:benchmarked|measured|tested|evaluated)[\w /]{0,30}?)[*_]{0,2}\s?[:=]\s{0,3}[*_`]{0,3}"
        r"(?P<sha>[0-9a-f]{7,40})(?![\w-])",
        re.IGNORECASE,
    )
)
# "Baseline commit/tree: `a...` / `t...`", "Reference commit: `r...`": the base the measured commit's results are
# compared against
_BASELINE_SHA_RE = re.compile(
    r"(?:^|(?<=[.;] ))\s{0,3}[*_]{0,2}(?:[A-Za-z][\w #]{0,30}?\s)?(?:base|reference)[\w /]{0,30}?[*_]{0,2}\s?[:=]"
    r"\s{0,3}"
    r"[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})(?![\w-])",
    re.IGNORECASE,
)
# a commit named as untested, undone or to blame: "Skipping testing for commit ...", "reverts", "caused by"
NOT_MEASURED_RE = re.compile(r"\b(?:skip\w*|revert\w*|cherry-?pick\w*|caused|introduced|broke|see)\b", re.IGNORECASE)
_HEAD_BASE_WORDS = ("against", "vs", "versus", "relative", "compared", "top")
"""The words of HEAD_BASE_RE's link from head to base, one of which it needs."""


def head_base(text: str) -> re.Match[str] | None:
    """HEAD_BASE_RE.search(text), asked only of a line holding one of its linking words: the pattern, case-blind,
    tries its head words at every character of every line that may name a revision."""
    low = lower_for_words(text)
    if low is not None and not any(map(low.__contains__, _HEAD_BASE_WORDS)):
        return None
    return HEAD_BASE_RE.search(text)


# "build: 32d9f7d9 (1786)" (llama.cpp prints it under its tables), "commit: abc1234", "git rev 1a2b3c4d": a trailer
# naming the build the results above it were measured on
TRAILER_RE = re.compile(
    r"^\s*(?:build|commit|git(?:\s+(?:rev|commit|sha))?|revision|version)\s*[:=]\s*`?(?:\d{1,6}\s+\()?`?"
    r"(?P<sha>[0-9a-f]{7,40})`?\)?(?:\s*\(\d{1,6}\))?\s*$",
    re.IGNORECASE,
)
# "(build: `5635 (3069e3169)`)" at the end of a sentence that introduces results
_BUILD_PAREN_RE = re.compile(r"\(\s*build:?\s*`?\s*(?:\d{1,6}\s*)?\(?(?P<sha>[0-9a-f]{7,40})\)?`?\s*\)\s*[:.]?\s*$")
# "[commit](https://github.com/o/r/commit/502f68...)": a commit named by its link
_COMMIT_LINK_RE = re.compile(
    r"\[(?P<text>[^\[\]]{1,40})\]\([^()\s]{0,200}/commits?/(?P<sha>[0-9a-f]{7,40})[^()\s]{0,40}\)"
)
# a heading that names a revision without a sha: "Updated results", "v2", "After rebase", "Round 2", "Second run"
_HEADING_WORDS_RE = re.compile(
    # ("v2" alone; "Mistral-7B-v0.3" and "DeepSeek-V3.1" are models)
    r"\b(?:updated|update|re-?run|rebased?|after (?:the )?(?:rebase|fix(?:es)?|review)|(?<![-_.])v\d{1,2}(?![.\d])|"
    r"round \d{1,2}|"
    r"(?:first|second|third|final|new|latest) (?:run|results?|numbers|round)|iteration \d{1,2}|"
    # "before" and "after" open or close a side's heading ("## After", "### Results before"); inside one they are
    # only words ("## Count after the name")
    # ("## Before submitting", a PR template's checklist, is no side)
    r"(?:(?<=^)|(?<=^\W)|(?<=^\W\W))(?:before|after)(?! (?:you )?(?:submit|merg|open|review|request))|"
    r"(?:before|after)(?=\W{0,4}$)|" + OTHER_PR_HEADING + r"|"
    # ("### Optimized Performance (graph capture)" after "### Baseline Performance (eager)": the candidate's table)
    r"(?:(?<=^)|(?<=^\W)|(?<=^\W\W))(?:optimi[sz]ed|tuned|improved)(?= (?:performance|results?|numbers|config))|"
    r"(?:(?<=^)|(?<=^\W)|(?<=^\W\W))(?:new|old|previous|original|legacy)"  # ("### New kernel", "### Old kernel":
    r"(?= (?:kernels?|implementation)\W{0,4}$)|"  # the arm each table under it measured, named by the whole heading)
    r"baseline|candidate|this pr)\b",
    re.IGNORECASE,
)
# "**Branch**: this PR at `c0ffee1234`", "**`main`**: `facade5678`, ...": a name bound to a sha
NAMED_RE = re.compile(
    r"^\s*(?:[*_]{1,2})`?(?P<name>[A-Za-z][\w.-]{0,30}(?: [\w.-]{1,20}){0,2})`?(?:[*_]{1,2})\s*(?:\([^()]{0,60}\))?\s*:"
)
# the same without the bold a rendered copy drops: "Branch (atchernych namespace): this PR at ee1b81b42e"
PLAIN_NAMED_RE = re.compile(r"^\s*(?P<name>[A-Za-z][\w.-]{0,30})\s*(?:\([^()]{0,60}\))?\s*:")
# "Baseline `c9cc71a0da`: upstream with #54682": a name, then its sha in backticks, opening a bullet
NAME_SHA_RE = re.compile(r"^\s*(?P<name>[A-Za-z][\w.-]{0,30})\s`?[0-9a-f]{7,40}`?\s?:")
# "Accuracy: 0.733", "0.741": a line of tool output under its label (a rendered copy has no code block to open)
RESULT_LINE_RE = re.compile(  # ("> Accuracy: 0.990": a quoted paste's line is a result line all the same)
    r"^\s*(?:>[ \t]?){0,8}\s*(?:[A-Za-z][\w ()/%.,-]{0,60}?\s*:\s*)?[-+~]?\d[\d.,]{0,20}(?:\s*[A-Za-z/%]{1,12})?\s*$"
)
# "# fp8 weight only", "// int8 dynamic": a comment naming the run under it (no value, no colon; a digit inside a word)
# ("#acme/Tiny-8B", "# (current) build": a model's name, a bracketed word: another run's comment too)
BARE_COMMENT_RE = re.compile(
    r"^\s*(?:#{1,3}|//)\s*(?:[A-Za-z][^:=\d\n]{0,60}|[A-Za-z][\w.+/-]{0,30}(?:[ \t][A-Za-z][\w.+/-]{0,30}){0,5}|"
    r"\([A-Za-z][^:=\n]{0,60}|[\w.-]{1,40}/[\w.-]{1,60})$"
)
# "main", "this pr", "(Before)" alone on the line over a pasted block: the side, without a lead-in's usual colon
# ("Stock build", "Mainline again (cold cache)": the side's noun kept in its label, the repeat and its note left out)
BARE_SIDE_LINE_RE = re.compile(
    r"^\s*[*_`]{0,2}(?P<open>[(（])?"
    + RESULTS_LEAD
    + r"(?P<label>(?:before|after|with|without) (?:the |this )?(?:pr|fix|patch|change)|"
    r"(?:" + BASE_LABEL_WORDS + "|" + HEAD_LABEL_WORDS + r"|now)(?: (?:" + LABEL_NOUNS + r"))?|"
    r"reference (?:" + LABEL_NOUNS + r"))(?: again)?(?(open)[)）])[*_`]{0,2}" + SIDE_NOTE + r"\s*$",
    re.IGNORECASE,
)
REVISION_WORDS = re.compile(
    r"\b(?:head|rebase|before|after|review|fix|commit|main|branch|validation|earlier|final|round|"
    r"version|revision|slimming|patch)\w*",
    re.IGNORECASE,
)


_HEAD_WORD_RE = re.compile(r"\bhead\W{0,3}$", re.IGNORECASE)
_TREE_WORD_RE = re.compile(r"\btree\W{0,3}$", re.IGNORECASE)


# "Rebased onto current `main` (`4c4c9e1a20`)": the parenthesis names the base the branch now sits on, not a head
_ONTO_MAIN_RE = re.compile(
    r"\b(?:onto|on top of|rebased on|based on|synced with|up[ -]to[ -]date with)\s+"
    r"(?:(?:the\s+)?(?:current|latest)\s+)?[*_`]{0,3}(?:main|master|upstream|trunk)[*_`]{0,3}$",
    re.IGNORECASE,
)


def parse_label(text: str) -> Revision | None:
    """The revision a label line opens, or None when the line is not a revision label."""
    s = text.strip().strip("*_").strip()
    m = _LABEL_RE.match(s) if "(" in s else None  # the pattern needs its "("
    if m and _ONTO_MAIN_RE.search(m.group("label").strip()):
        return None  # (the head, if the line names one, is line_label's: "... The new head is `b7d0aa3f11`.")
    if m:
        label, inner = m.group("label").strip(" *_"), m.group("inner")
        inner_shas = shas_in(inner)
        label_shas = shas_in(label)
        if not inner_shas and not label_shas:
            return None
        base = None
        bm = _BASE_RE.search(inner)
        if bm and is_sha(bm.group(1)):
            base = bm.group(1).lower()
        head: str | None
        if label_shas and label_shas[0][0] == label.lower():
            head = label_shas[0][0]
            if base is None and inner_shas:
                base = inner_shas[0][0]
        elif len(label_shas) == 1 and inner_shas and _HEAD_WORD_RE.search(label[: label_shas[0][1]]):
            # "... for the current stacked head `cccf4990a` (two commits on #47287 head `9ebc8e48`)": the head the
            # label names, on the commit its parenthesis names
            head = label_shas[0][0]
            base = base or inner_shas[0][0]
            label = " ".join(label[: label_shas[0][1]].strip(" `*_").split()[-6:])  # "for the current stacked head"
        else:
            # ("the current PR head is `a1b2...` (tree `99aa...`)": a tree's sha names the commit's files, no commit)
            heads = [sh for sh in inner_shas if sh[0] != base and not _TREE_WORD_RE.search(inner[: sh[1]])]
            head = heads[0][0] if heads else None
            if head is None and label_shas:
                head = label_shas[-1][0]
                if not inner_shas and side_alone(inner):
                    label = inner  # "5 trials, warm caches, at 0a0b0c0 (before)": the side, not the clause
        return Revision(label=clean_label(label) or label, head=head, base=base)
    return None


# "at 1f2e3d4 (after)", "[3f16747](.../commit/3f16747...) (before)": the side word right after the commit
_SIDE_AFTER_SHA_RE = re.compile(
    r"[`*_\]]{0,3}(?:\([^()\s]{1,300}\))?[`*_]{0,3}\s{0,3}\((?P<side>[A-Za-z][\w ]{0,20})\)"
)


# after a commit: "+ PR #14464", "+ this PR", "(main) with this PR cherry-picked / applied / on top"
_PLUS_PR_RE = re.compile(
    r"[`*_]{0,3}(?:\s{0,2}\([a-z]{1,12}\))?\s{0,3}(?:\+|\bwith\b|\bplus\b)\s{0,3}"
    r"(?P<pr>(?:this\s|the\s)?(?:PR|pull request|patch)(?:\s{0,2}#\d{1,7})?)(?![\w-])",
    re.IGNORECASE,
)


@short_text_cache(4096)  # the revision names and the revision scopes both read every block (a Revision is frozen)
def line_label(text: str, in_code: bool) -> Revision | None:
    """A revision a line names without parentheses: "Tested at `sha`", "# commit sha, before PR 5521". Where the
    commit is followed by a side word alone ("... -c 512` at abc1234 (before)"), that word is its label, not the
    clause before it (a command line, "3 runs, cold caches")."""
    rev = _line_label(text, in_code)
    if rev is None or not rev.head:
        return rev
    at = text.lower().find(rev.head[:7])
    end = at + 7 if at >= 0 else -1
    while 0 <= end < len(text) and text[end] in "0123456789abcdef":
        end += 1  # (the sha as the line writes it, short or whole)
    if end >= 0 and (pm := _PLUS_PR_RE.match(text, end)) is not None:
        # "on `7dcb4b4 + PR #14464`", "`a1b2c3d` with this PR cherry-picked": the PR applied on that commit, its base
        return Revision(label=f"{rev.head[:10]} + {pm.group('pr').strip()}", head=None, base=rev.head)
    if rev.label == rev.head or side_alone(rev.label or ""):
        return rev
    m = _SIDE_AFTER_SHA_RE.match(text, end) if end >= 0 else None
    if m is not None and side_alone(side := m.group("side").strip()):
        return Revision(label=side, head=rev.head, base=rev.base)
    if rev.label and side_of(rev.label) is None and RUN_DESCRIPTION_RE.search(rev.label):
        # "3 trials/arm, cold private compile caches, on `a89015c6df`": how the runs were made names no revision;
        # the commit names it
        return Revision(label=rev.head[:10], head=rev.head, base=rev.base)
    return rev


def _line_label(text: str, in_code: bool) -> Revision | None:
    m = COMMENT_COMMIT_RE.match(text)
    if m and is_sha(m.group("sha")):
        label = clean_label(m.group("label")) or m.group("sha").lower()
        return Revision(label=label, head=m.group("sha").lower(), base=None)
    if in_code:
        # "5da265de30e8... (PR 22300 regression)": a sha and its name opening a console paste
        rev = parse_label(text) if "(" in text else None
        if rev is not None and rev.head and rev.label == rev.head and (sm := re.search(r"\(([^()]{1,60})\)", text)):
            return Revision(label=clean_label(sm.group(1)), head=rev.head, base=rev.base)
        lead = text.lstrip()[:1]
        if lead == "#" and "@" in text and (got := branch_at_sha(text.lstrip(" \t#").strip())) is not None and got[1]:
            return got[0]  # "## main@8b56d813a" alone over a server's log: the build the log's lines ran
        return comment_side(text) if lead in ("#", "/", "-") else None
    if (sided := side_setting(text)) is not None:
        return sided[0]  # "main, attention backend triton:": the side (its setting is the setup's, see side_setups)
    if "/commit" not in text and not may_hold_sha(text):
        return None  # every reading below names its commit by a sha: most lines of prose hold none
    if (head := side_with_head(text)) is not None:
        return head  # "main(d5c097a2) 2025/6/7 before the merge:"
    links = list(_COMMIT_LINK_RE.finditer(text)) if "/commit" in text else []
    if "/commit" in text and (side := defined_side(text)) is not None:
        return side  # "[4f1d2e3](.../commit/4f1d2e3a9b) (before):": the side beside the link names it
    if links and text.rstrip().endswith(":"):
        # "MLC [commit](.../commit/502f68...) + TVM [commit](...):": the first commit names the revision
        first = links[0]
        label = clean_label(re.sub(r"\[([^\[\]]*)\]\([^()]*\)", r"\1", text[: first.end()]))
        if is_sha(first.group("sha")) and _ONTO_LINK_RE.search(text, 0, first.start()):
            # "Peak memory of this branch on top of [`6a7b8c9d`](.../commit/6a7b8c9d...):": the base it sits on
            return Revision(label=clean_label(text[: first.start()]), head=None, base=first.group("sha").lower())
        if is_sha(first.group("sha")) and _BEFORE_LINK_RE.match(text, 0, first.start()):
            # "Before [that commit](.../commit/264b3bc...) landed:": measured without it, on the side before it
            return Revision(label=f"before {first.group('sha')[:10].lower()}", head=None, base=None)
        if is_sha(first.group("sha")):
            return Revision(label=label or first.group("sha").lower(), head=first.group("sha").lower(), base=None)
    if "/commit" in text and (bare := _bare_commit_urls(text)) != text:
        # "Tested at https://github.com/o/r/commit/0123abcd...": a commit its bare link names reads as its sha;
        # a line that is the link alone is the commit the results under it ran on (a turn's opening line)
        if _LONE_SHA_RE.fullmatch(alone := bare.strip(" `*_<>")) and is_sha(alone):
            return Revision(label=alone[:10].lower(), head=alone.lower(), base=None)
        text = bare
    bm = _BUILD_PAREN_RE.search(text)
    if bm and is_sha(bm.group("sha")):
        label = clean_label(text[: bm.start()])[-60:]
        return Revision(label=label or "build", head=bm.group("sha").lower(), base=None)
    hb = head_base(text) if " " in text else None
    if hb and is_sha(hb.group("head")) and is_sha(hb.group("base")):
        return Revision(
            label=clean_label(hb.group("label")), head=hb.group("head").lower(), base=hb.group("base").lower()
        )
    if (rebased := rebased_head(text)) is not None:
        return rebased
    m = _AT_SHA_RE.match(text)
    if m and (is_sha(m.group("sha")) or digit_sha_at(text, *m.span("sha"))):  # ("rerun on `9927575`")
        # "branch at 7e3a9c1d:" is the side "branch"; "at" only points at its head
        label = re.sub(r"\s+(?:at|on|@)$", "", clean_label(m.group("label")), flags=re.IGNORECASE)
        return Revision(label=label, head=m.group("sha").lower(), base=None)
    if (measured := measured_on(text)) is not None:
        return measured
    if (pr_sha := pr_head(text)) is not None:
        return Revision(label="PR head", head=pr_sha, base=None)
    if (measured := measured_at(text)) is not None:
        return measured  # "Validated final Sched head `5c0ffee9d1`", "Retested at master `ca3d5a3e1`"
    wm = SHA_AFTER_WORD_RE.search(text, 0, 300)
    if wm and is_sha(wm.group("sha")) and len(shas_in(text[:300])) == 1 and not NOT_MEASURED_RE.search(text, 0, 300):
        # the words before the sha, at most six ("Re-ran ... on current head" -> "on current head")
        words = clean_label(text[: wm.start("sha")]).strip(" `*_").split()
        label = " ".join(words[-6:])
        label = label[tm.end() :] if (tm := _TAKEN_ON_RE.match(label)) else label  # "were taken on the first delivery"
        return Revision(label=label or wm.group("sha").lower(), head=wm.group("sha").lower(), base=None)
    return None


# "All timings below were taken on the first delivery at `a7ecfe97...`": the commit the results that follow ran on
_RESULTS_BELOW_RE = re.compile(
    r"\b(?:below|following|all (?:the |of the )?(?:numbers|results|timings|tables|benchmarks|measurements|runs))\b"
    r"[^.;]{0,80}?\b(?:taken|measured|collected|obtained|ran|run|produced|benchmarked|recorded|gathered|describes?|"
    r"reflects?|come from|are from)\b",
    re.IGNORECASE,
)
# ("On <commit url> with `...`": a preposition alone before the sha names nothing; the sha names the revision)
_TAKEN_ON_RE = re.compile(
    r"(?:were|was|are|is)\s\w{2,12}\s(?:on|at|from)\s(?:the\s)?|(?:on|at|in|using)$", re.IGNORECASE
)


STATED_DECIMAL = r"(?<![\d.])(?!(?:19|20)\d\d\.[01]\d(?!\d))\d+\.\d"
"""A decimal a sentence states as its own value ("0.912"), never a news line's month ("[2024.08] We merged")."""
_MEASURED_RE = re.compile(STATED_DECIMAL + r"|\d\s?%")
"""A sentence that states its own result ("the gsm8k score is now 0.912"), not only where results come from."""


def measured_there(text: str) -> bool:
    """A line that names its commit after a word and the results measured on it: its own ("on 1a2b3c4 we get
    41.2 ms") or the ones below ("All timings below were taken at `a7ecfe97...`")."""
    return bool(SHA_AFTER_WORD_RE.search(text, 0, 300) and _MEASURED_RE.search(text)) or (
        _RESULTS_BELOW_RE.search(text[:300]) is not None
    )


# "Validated final Sched head `5c0ffee9d1`", "benchmarked the exact build 3f2a1b0c": a measuring verb, a few words
# and the commit's own word, then the sha the results under the sentence ran on (other shas of the line, the
# toolchain's or a source's, are not)
# (searched only where one of its words stands: vocab.word_gate)
_VERB_HEAD_RE = WordGate(
    re.compile(
        r"\b(?P<label>(?:validated|verified|qualified|re-?tested|tested|re-?measured|measured|benchmarked|evaluated|"
        r"profiled|re-?ran)(?:\s{1,3}[\w.-]{1,30}){0,3}?\s{1,3}(?:head|commit|build|revision))\s{1,3}[*_`]{0,3}"
        r"(?P<sha>[0-9a-f]{7,40})(?![\w-])",
        re.IGNORECASE,
    )
)
# "Re-measured on 4x RTX A4000 at main `b41c9e07a`", "numbers taken on master 1a2b3c4d": the main line's commit the
# results were measured on, in a sentence that says it measured
_AT_BRANCH_SHA_RE = re.compile(
    r"\b(?:at|on)\s{1,3}(?:the\s{1,3})?(?:(?:current|latest)\s{1,3})?(?P<branch>main|master|trunk|upstream)"
    r"(?:\s{1,3}branch)?(?:\s{1,3}(?:at|@))?\s{1,3}[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})(?![\w-])",
    re.IGNORECASE,
)
_MEASURING_RE = re.compile(
    r"\b(?:re-?tested|tested|re-?measured|measured|benchmarked|re-?ran|ran|results?|numbers|timings|validated|"
    r"profiled|evaluated)\b",
    re.IGNORECASE,
)


def rebased_head(text: str) -> Revision | None:
    """The head a line says the branch was rebased to, on the base it names ("rebased onto `main` (`4c4c9e1a20`)
    ... The new head is `b7d0aa3f11`"), else None."""
    rb = _REBASE_HEAD_RE.search(text) if "head" in text.lower() else None
    if rb and is_sha(rb.group("head")) and is_sha(rb.group("base")) and rb.group("head") != rb.group("base"):
        return Revision(label="PR head", head=rb.group("head").lower(), base=rb.group("base").lower())
    return None


def pr_head(text: str) -> str | None:
    """The sha a line names as the PR's head ("taken at PR head 43f4b10a", "the current PR head is `a1b2c3d4`")."""
    hm = _PR_HEAD_RE.search(text) if "head" in text.lower() else None
    return hm.group("sha").lower() if hm and is_sha(hm.group("sha")) else None


def measured_at(text: str) -> Revision | None:
    """The commit a sentence says its results were measured at ("Validated final Sched head `5c0ffee9d1`",
    "Re-measured on 4x RTX A4000 at main `b41c9e07a`"), else None. At a main line's commit the revision is the base
    side only where the words before it name the base ("Baseline measured at main X"); an A/B both of whose arms
    ran there ("Retested at master X", then `on | off` columns) is no base side's, its label the words before."""
    if len(text) >= 600 or not may_hold_sha(text):
        return None
    vm = _VERB_HEAD_RE.search(text)
    if vm is not None and is_sha(vm.group("sha")) and not NOT_MEASURED_RE.search(text, 0, vm.start("sha")):
        return Revision(label=clean_label(vm.group("label")), head=vm.group("sha").lower(), base=None)
    bm = _AT_BRANCH_SHA_RE.search(text, 0, 300)
    if bm is None or not is_sha(bm.group("sha")) or len(shas_in(text[:300])) != 1:
        return None
    before = text[text.rfind(". ", 0, bm.start()) + 1 : bm.start()]  # the sentence's words before "at main"
    if not _MEASURING_RE.search(before) or NOT_MEASURED_RE.search(before) or not before.strip():
        return None
    label = " ".join(clean_label(before).strip(" `*_").split()[-6:])  # ("Baseline measured": the base's words)
    return Revision(label=label, head=bm.group("sha").lower(), base=None)


def measured_on(text: str) -> Revision | None:
    """The commit a line says results were measured on ("benchmarked kernel SHA: `d8a6cbea85`"), else None."""
    bm = _MEASURED_SHA_RE.search(text) if len(text) < 600 else None
    if bm and is_sha(bm.group("sha")):
        base = _BASELINE_SHA_RE.search(text)
        base_sha = base.group("sha").lower() if base is not None and is_sha(base.group("sha")) else None
        label = clean_label(bm.group("label").split("/")[0])  # ("Measured commit/tree": the commit's)
        return Revision(label=label, head=bm.group("sha").lower(), base=base_sha)
    return None


# the words before a commit's link that name it the base a branch sits on ("on top of [`6a7b8c9d`](...)")
_ONTO_LINK_RE = re.compile(
    r"\b(?:onto|on top of|rebased on|based on|synced with)(?:\s{1,3}(?:main|master|upstream|trunk))?\s{0,3}$",
    re.IGNORECASE,
)
_BEFORE_LINK_RE = re.compile(r"[\s>*_#-]{0,6}(?:before|prior\sto|without)\s{1,3}$", re.IGNORECASE)
_COMMIT_URL_RE = re.compile(r"<?https?://[^\s<>()]{1,200}/commits?/(?P<sha>[0-9a-f]{7,40})(?![\w])[^\s<>()]{0,40}>?")


_LONE_SHA_RE = re.compile(r"[0-9a-f]{7,40}")


def commit_link_alone(text: str) -> bool:
    """A line that is one commit's bare link and nothing else: in a turn, the commit its results ran on."""
    m = _COMMIT_URL_RE.fullmatch(text.strip(" `*_"))
    return m is not None and is_sha(m.group("sha"))


def _bare_commit_urls(text: str) -> str:
    """The text with each bare commit link (not a markdown link's target) written as its sha."""
    return _COMMIT_URL_RE.sub(lambda m: m.group(0) if text[m.start() - 1 : m.start()] == "(" else m.group("sha"), text)


def heading_revision(text: str) -> Revision | None:
    """The revision a heading names: a sha in parentheses, a sha, or revision words ("Updated results"); the side
    alone when the heading also names its setting ("BEFORE: GemmBackend.TRITON", the setting is setup)."""
    if (sided := side_setting(text, heading=True)) is not None:
        return sided[0]
    rev = parse_label(text)
    if rev is not None:
        return rev.model_copy(update={"label": clean_label(rev.label or "")})
    # "### Master 2 GPU https://github.com/o/r/commit/6e08281e...": the commit its bare link names
    um = _COMMIT_URL_RE.search(text) if "/commit/" in text else None
    if um is not None and is_sha(um.group("sha")):
        label = clean_label(text[: um.start()] + text[um.end() :]) or um.group("sha")[:10].lower()
        return Revision(label=label, head=um.group("sha").lower(), base=None)
    shas = shas_in(text)
    if len(shas) == 1:
        label = clean_label(text[: shas[0][1]] + text[shas[0][2] :]).replace("()", "").strip(" ()") or shas[0][0]
        head, base = (None, shas[0][0]) if against_base(text[: shas[0][1]]) else (shas[0][0], None)
        return Revision(
            label=clean_label(re.sub(r"\b(?:at|on|commit)\s*$", "", label)) or shas[0][0], head=head, base=base
        )
    # ("### main", "### master": a heading that is a side's name alone)
    asked = template_question(text)  # ("## What this PR does": a template's section, no side)
    words = _HEADING_WORDS_RE.search(text) if not shas and len(text) <= 60 and not asked else None
    if words is not None and words.group(0)[:1] in "vV" and model_generation(text):
        words = None  # "# LLaMA v4 Maverick": a model's generation, no second version of the results
    if words is not None and words.group(0).lower() == "baseline" and COMPARED_RE.search(text, 0, words.start()):
        words = None  # "#### Relative Results vs Upstream Baseline": what the results are against, no revision
    if not shas and len(text) <= 60 and (words or (side_alone(text) and not asked)):
        return Revision(label=clean_label(text), head=None, base=None)
    return None


# "ik/main@dbfd1515", "PR@5e6f7a8b9: ...": a branch and the commit it stood at, as git's own notation writes it
_BRANCH_AT_SHA_RE = re.compile(
    r"`?(?P<label>[A-Za-z][\w./-]{0,40})@(?P<sha>[0-9a-fA-F]{7,40})`?(?![\w-])\s{0,2}:?\s{0,2}"
)


def branch_at_sha(text: str) -> tuple[Revision, bool] | None:
    """The revision a text opening with "branch@sha" names, and whether the text is that alone (then it heads
    what is nested under it); None for any other text."""
    m = _BRANCH_AT_SHA_RE.match(text)
    if m is None or not is_sha(m.group("sha")):
        return None
    return Revision(label=m.group("label"), head=m.group("sha").lower(), base=None), m.end() >= len(text)


def code_side(text: str) -> Revision | None:
    """ "Main branch:", "PR branch:" alone on a line of a paste: the side of the runs printed under it; "PR +
    FlashInfer + auto" too, the side and the settings it ran with (the settings are the runs' variant)."""
    if "+" in text and (p := _PLUS_SIDE_RE.match(text)) is not None and side_alone(p.group("label")):
        return Revision(label=p.group("label").strip(), head=None, base=None)
    m = SIDE_LABEL_RE.match(text) if text.rstrip().endswith((":", "：")) else None
    if m is None or side_of(m.group("label")) is None:
        return None
    return Revision(label=m.group("label").strip(), head=None, base=None)


_PLUS_SIDE_RE = re.compile(
    r"^\s{0,4}(?P<label>[A-Za-z][\w ]{0,20}?)\s{0,2}\+\s{0,2}[\w.-]{1,30}(?:\s{0,2}\+\s{0,2}[\w.-]{1,30}){0,4}:?\s*$"
)
