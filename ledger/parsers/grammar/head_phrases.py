"""Heads a sentence states in free wording: a verb of moving, pushing, rebasing, measuring or testing, or a noun
naming a head, and the commit it names.

    CI after advancing the branch tip to `b3c4d5e6f`:          moved to: the PR's head now
    Once I pushed 5e4d3c2 the slowdown went away, ...          pushed: the PR's head now
    re-checked with the newest push (facade42) ...             a head noun after "with/at/on": the PR's head
    Figures at 6f7a8b9c: / Benchmarked on revision 1b2c3d4e    measured at: the run's commit
    Repeated the sweep after rebasing it onto master (2b3c4d5e):   rebased onto: the base, never the head
    Run of https://github.com/o/r/pull/412/commits/4a5b6c7d8e9f: 2222 tok/s     a commit's link beside a result

A verb or noun must stand right before the commit (a determiner or two between), so a commit another clause names
("bumps flashinfer to 0123abc", "tested with flashinfer 0123abc") is none; nor is a hex run a crash's address or a
hash of data names (vocab.head_moves.NOT_A_HEAD_RE), nor one a revert, a cherry-pick or a "see" names. A commit
named as the main line's ("main is at 4c5d6e7f") in a sentence about the PR's side is the PR's base.
grammar.revisions opens each over the results of its paragraph and turn; one that moved or pushed the head is the
PR's head the later turns carry (grammar.turn_heads)."""

from __future__ import annotations

import re
from typing import NamedTuple

from ledger.memo import short_text_cache
from ledger.model import Revision
from ledger.parsers.grammar.linked_sides import pinned_project
from ledger.parsers.grammar.revision_labels import NOT_MEASURED_RE, STATED_DECIMAL, clean_label, is_sha
from ledger.parsers.grammar.sha_tokens import digit_sha_at
from ledger.vocab.head_moves import (
    COMPLETING_VERBS,
    HEAD_NOUNS,
    MEASURING_VERBS,
    MOVING_VERBS,
    NOT_A_HEAD_RE,
    PRESENT_MEASURING_VERBS,
    PUSHING_VERBS,
    REBASING_VERBS,
)
from ledger.vocab.sides import side_of
from ledger.vocab.text import has_hex_run
from ledger.vocab.word_gate import WordGate

_SHA = r"[*_`(\[]{0,3}(?P<sha>[0-9a-fA-F]{7,40})(?![\w-])"
_DETERMINERS = r"(?:(?:the|this|that|our|my|its|current|latest|newest|new|last|final|updated|exact|same)\s){0,2}"
# "moving the head to `ab12cd34e`", "updating the PR head to X", "advancing the branch tip to X"
_MOVED_TO_RE = re.compile(
    r"\b" + MOVING_VERBS + r"\s(?:the\s)?(?:(?:PR|branch)\s)?(?:head|tip|branch)(?:\scommit)?\s(?:to|at)\s"
    r"(?:commit\s)?" + _SHA,
    re.IGNORECASE,
)
# "after pushing 4d5e6f7", "force-pushed `9a8b7c6`", "pushed the fixes (commit `05d1c29aa`)": what was pushed, then the
# commit that holds it
# (searched only where one of its words stands: vocab.word_gate)
_PUSHED_RE = WordGate(
    re.compile(
        r"\b"
        + PUSHING_VERBS
        + r"\s(?:(?:the|my|our|a)\s(?:fix(?:es)?|changes?|patch(?:es)?|updates?)\s\(?)?(?:commit\s)?"
        + _SHA,
        re.IGNORECASE,
    )
)
# the words before a head's noun: a determiner, a participle saying it was the one run ("the verified"), another
# pull request's number ("the tested #2001 head": that branch's commit, run here)
_HEAD_WORDS = (
    r"(?:(?:the|this|that|our|my|its|current|latest|newest|new|last|final|exact|same|re-?run|candidate|#\d{1,7}|"
    r"older|earlier|previous|(?:branch|PR)'s|\w{2,16}ed)\s){0,4}"
)
# "an older snapshot of the branch (`0f9e8d7c`)": a state of the branch the run was taken on, before its head
_OLDER_RE = re.compile(r"\b(?:older|earlier|previous)\s", re.IGNORECASE)
# "with the latest push (c0ffee12)", "at head `beefcab`", "on revision 1b2c3d4e", "a backport of head `0a1b2c3d`";
# "The tested head (`a1b2c3d4`) reached ...", "pick up the verified #2001 head (`a1b2c3d4`), which ...": a determiner
# and the noun "head" or "tip" name the commit wherever they stand ("Commit 1a2b3c4 broke X" opens no run)
# (searched only where one of its words stands: vocab.word_gate)
_HEAD_NOUN_RE = WordGate(
    re.compile(
        r"(?:\b(?:at|on|with|from|using|for|of)\s"
        + _HEAD_WORDS
        + r"(?P<noun>"
        + HEAD_NOUNS
        + r")|\b(?:the|our|this|my|an?)\s"
        + _HEAD_WORDS
        + r"(?P<subject>(?:PR\s|branch\s)?(?:head|tip|snapshot)(?:\sof\s(?:the|this|our)\s(?:PR|branch))?))\s?"
        + _SHA,
        re.IGNORECASE,
    )
)
# "on the H100 box", "the sweep, same settings,": a place or an object between a measuring verb and "at <sha>", a
# few words none of which names a dependency's build ("tested with flashinfer pinned at X": flashinfer's commit)
_BETWEEN = r"(?:(?!(?:with|using|from|of|to|via|pinned|against|vs|see)\b)[\w,/()#+-]{1,24}\s){1,6}?"
# "Figures at 6f7a8b9c", "re-ran it on 1a2b3c4d", "re-measures at X", "re-ran the sweep, same settings, at X",
# "numbers below are from X, M3 Max:": a measuring verb (past or present) or the results' noun, then the commit
_MEASURED_AT_RE = re.compile(
    r"\b(?:"
    + MEASURING_VERBS
    + "|"
    + PRESENT_MEASURING_VERBS
    + r")\s(?:(?:it|this|them|again|everything|all)\s)?(?:(?:at|on|with|from|using)\s|"
    + _BETWEEN
    + r"(?:at|from)\s)"
    + _DETERMINERS
    + _SHA,
    re.IGNORECASE,
)
# "rebasing it onto master (2b3c4d5e)", "Rebased on top of 9f8e7d6", "rebased directly onto current `x` (`y`)",
# "This PR on top of main 4c5d6e7f", "Built on `main` at `0badc0de`", "a backport of X onto release 0.9.2
# (`fedcba98`)", "applied the patch to current main (`9196fa27`)": the base the run sat on
# (searched only where one of its words stands: vocab.word_gate)
_REBASED_ONTO_RE = WordGate(
    re.compile(
        r"\b(?:"
        + REBASING_VERBS
        + r"\s(?:(?:it|this|the\s(?:PR|branch))\s)?(?:\w{2,12}ly\s)?(?:onto|on\stop\sof|on|to)|"
        r"appl(?:y|ied|ying)\s(?:(?:it|this|the\s[\w-]{1,16})\s)?(?:\w{2,12}ly\s)?(?:onto|on\stop\sof|on|to)|"
        r"on\stop\sof|based\son|built\s(?:on|atop)|branched\s(?:off|from)|atop|onto)\s"
        r"(?:(?:the\s)?(?:current|latest)\s)?(?:[*_`]{0,3}[\w./-]{1,40}[*_`]{0,3}\s(?:at\s|@\s?)?){0,2}" + _SHA,
        re.IGNORECASE,
    )
)
# "https://github.com/o/r/commit/<sha>", ".../pull/412/commits/<sha>": a commit's link (not a file's path in a tree)
_COMMIT_LINK_RE = re.compile(r"https?://[^\s<>()]{1,200}?/commits?/(?P<sha>[0-9a-f]{7,40})(?![\w-])")
# "main is at 4c5d6e7f", "master @ 1a2b3c4": the words before a commit name it the main line's
_MAINS_RE = re.compile(r"\b(?:main|master|trunk|upstream)(?:\sbranch)?(?:\s(?:is|was|sits))?(?:\s(?:at|on|@))?\W{0,3}$")
# a sentence that speaks of results: a measuring verb or the results' noun
_RESULTS_RE = re.compile(
    r"\b(?:" + MEASURING_VERBS + r"|table|benchmark\w*|sweep|screen(?:ed|ing|s)?)\b", re.IGNORECASE
)
# "+31.5% over the narrow [": a comparison's word a few words before a link, the side the result is set against
# ("re-ran over the weekend at [": a preposition between names where it ran, no side)
_COMPARED_RE = re.compile(
    r"\b(?:over|than|vs\.?|versus|against|compared\s(?:to|with)|relative\sto)\s{1,3}"
    r"(?:(?!(?:at|on|with|using|from|in)\b)[\w.%+-]{1,24}\s{1,3}){0,4}[`*_(]{0,3}$",
    re.IGNORECASE,
)
# "... completed the 32k sweep": a verb by which the sentence says its subject ran results
_COMPLETED_RE = re.compile(r"\b(?:" + COMPLETING_VERBS + r")\b", re.IGNORECASE)
_HEX_RE = re.compile(r"[0-9a-fA-F]{7,40}")
# a value of the sentence's own: "0.912", "1234 tok/s", "12 %"; not a news line's month ("**[2024.08]** We have
# [merged](.../commit/...) the branch": a commit of the project's history, no head of the page's results)
_VALUE_RE = re.compile(STATED_DECIMAL + r"|\d\s?%|\d\s?(?:tok|req|ms|us|s)\b")


_PR_NUMBER_RE = re.compile(r"#\d{1,7}\b")
_REBASE_RE = re.compile(r"\b" + REBASING_VERBS, re.IGNORECASE)


class HeadPhrase(NamedTuple):
    revision: Revision
    moves_head: bool
    """Whether the sentence says the PR's head is now that commit (moved, pushed, "the latest push"), not only that
    a run was made on it."""


def _fits(text: str, m: re.Match[str], letters_ok: bool = False) -> str | None:
    """The commit `m` names, lower-cased, where it is one: a hex run with a digit (or, in a code span right after a
    head's noun, letters alone: "head `beefcab`") and no word before it in its sentence saying it is a revert's,
    a crash's address or a hash of data."""
    sha = m.group("sha")
    spanned = text[m.start("sha") - 1 : m.start("sha")] == "`"
    if not is_sha(sha) and not digit_sha_at(text, *m.span("sha")) and not (letters_ok and sha.isalpha() and spanned):
        return None
    before = text[text.rfind(". ", 0, m.start()) + 1 : m.start("sha")]
    # (a closed aside is about its own thing: "`org/img:v1` (digest `sha256:...`) at PR head `9c0ffee`" is the head's)
    aside = _CLOSED_ASIDE_RE.sub(" ", before) if ")" in before else before
    if NOT_MEASURED_RE.search(before) or NOT_A_HEAD_RE.search(aside):
        return None
    return sha.lower()


_CLOSED_ASIDE_RE = re.compile(r"\([^()]{0,300}\)")


def _label(text: str, end: int) -> str:
    """The sentence's last words before the commit, at most six."""
    words = clean_label(text[text.rfind(". ", 0, end) + 1 : end]).strip(" `*_([").split()
    return " ".join(words[-6:])


@short_text_cache(4096)
def head_phrase(text: str) -> HeadPhrase | None:
    """The head a line states in free wording (see the module), else None."""
    if len(text) >= 800 or not has_hex_run(text, any_case=True):
        return None
    text = text[:600]
    onto = next((m for m in _REBASED_ONTO_RE.finditer(text) if _fits(text, m) is not None), None)
    base = _fits(text, onto) if onto is not None else None
    for pattern, moves in ((_MOVED_TO_RE, True), (_PUSHED_RE, True), (_HEAD_NOUN_RE, True), (_MEASURED_AT_RE, False)):
        for m in pattern.finditer(text):
            noun = m.groupdict().get("noun") or m.groupdict().get("subject")
            sha = _fits(text, m, letters_ok=noun is not None)
            if sha is None or sha == base:
                continue
            if _MAINS_RE.search(text, 0, m.start("sha")):
                continue  # ("measured on main at X": the base side's own run, grammar.revision_labels.measured_at)
            # (another pull request's head, "the tested #2001 head", is the commit run here, not this PR's head)
            other = _PR_NUMBER_RE.search(text, m.start(), m.start("sha")) if noun is not None else None
            moved = moves and not other and (noun is None or noun.lower().split()[-1] in ("head", "tip", "push"))
            moved = moved and not _OLDER_RE.search(text, m.start(), m.start("sha"))
            label = "PR head" if moved else _label(text, m.start("sha"))
            label = f"{other.group(0)} {noun}" if other is not None and noun is not None else label  # "#2001 head"
            return HeadPhrase(Revision(label=label or sha[:10], head=sha, base=base), moved)
    if onto is not None and base is not None:
        # "rebasing it onto master": the rebase names a state of the PR (grammar.rebase_states reads its words);
        # "Based on `dev` at X", "built on top of main at X", "applied to current main (X)": X is the base side's
        # commit, the reference's revision, and its name is no label of the branch's own values: this PR's, on X
        if not _REBASE_RE.match(text, onto.start()):
            return HeadPhrase(Revision(label="this PR", head=None, base=base), True)
        label = _label(text[onto.start() :], onto.start("sha") - onto.start())
        return HeadPhrase(Revision(label=label or base[:10], head=None, base=base), True)
    return _linked(text)


def _linked(text: str) -> HeadPhrase | None:
    """A line naming one commit by its link beside a value of its own, or over the results below it (its colon, or
    the link the subject of a sentence saying it ran them: "The pinned [`9c8b7a6d` snapshot](...) completed ..."); not
    a link standing after a comparison's word ("+31.5% over the [`b1c2d3e4` build](...) at 903.4"), which names the
    other side, the value after it alone (grammar.value_sides.commit_before_value)."""
    if "/commit" not in text:
        return None
    links = list(_COMMIT_LINK_RE.finditer(text))
    if len(links) != 1 or "/blob/" in text or "/tree/" in text or (sha := _fits(text, links[0])) is None:
        return None
    link = links[0]
    opens = text.rfind("[", 0, link.start())
    at = opens if opens >= 0 and text.startswith("](", link.start() - 2) else link.start()
    before = text[text.rfind(". ", 0, at) + 1 : at]
    if _COMPARED_RE.search(before) and not text.rstrip().endswith(":"):
        return None
    if _VALUE_RE.search(text) or text.rstrip().endswith(":"):
        label = _label(text, link.start()).removesuffix("(").strip()  # "Numbers with the smaller tile"
        return HeadPhrase(Revision(label=label or sha[:10], head=sha, base=None), False)
    sentence_end = text.find(". ", link.end())
    stop = min(link.end() + 200, len(text) if sentence_end < 0 else sentence_end)
    if len(before.split()) > 4 or _COMPLETED_RE.search(text, link.end(), stop) is None:
        return None
    # (the link's own words, its sha left out, name the run: "pinned reference snapshot")
    words = clean_label(before + _HEX_RE.sub("", text[at + 1 : link.start() - 2]))
    return HeadPhrase(Revision(label=" ".join(words.split()[-6:]) or sha[:10], head=sha, base=None), False)


def _sentence_before(text: str, sha: str) -> str | None:
    """The words of `text`'s sentence before the commit `sha`, where `text` writes it so."""
    at = text.lower().find(sha)
    return text[text.rfind(". ", 0, at) + 1 : at] if at >= 0 else None


def phrased_label(text: str, label: Revision | None) -> Revision | None:
    """The revision a line names, `label` being the label readers' (revision_labels.line_label): the free-worded
    head where they read none, or where they read the base the line rebased onto as its head ("Rebased on
    9f8e7d6"); no commit a crash's address or a hash of data names; the main line's commit named in a sentence
    about the PR's side ("Ours against main, where main is at 4c5d6e7f") as the PR's base."""
    if "/commit" in text and pinned_project(text) is not None:
        return None  # ("EngineB [commit](.../other/engine-b/commit/...):": a pin of that engine, no head of the PR)
    phrase = head_phrase(text)
    if phrase is not None and not phrase.revision.head and len(text) > 100 and not _RESULTS_RE.search(text):
        phrase = None  # ("Completes the target ..., rebased on main X:" over a list of features: no results' lead-in)
    if label is None or (phrase is not None and phrase.revision.base and label.head == phrase.revision.base):
        return phrase.revision if phrase is not None else None
    if phrase is not None and (base := phrase.revision.base) and label.head and not label.base and label.head != base:
        label = label.model_copy(update={"base": base})  # ("Based on `dev` at X, branch head Y": Y sits on X)
    if not label.head or label.base or (before := _sentence_before(text, label.head)) is None:
        return label
    if NOT_A_HEAD_RE.search(before):
        return None
    if _MAINS_RE.search(before) is not None and side_of(before) == "head":
        return label.model_copy(update={"head": None, "base": label.head})
    return label
