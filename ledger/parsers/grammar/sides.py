"""Sides of a before/after comparison: the words that name the baseline and the candidate a value was measured on.

    - Baseline `c0ffee1`: main with #123        a side defined with its head, the sha before the colon
    - [4f1d2e3](.../commit/4f1d2e3a9b) (after):  a side named beside a commit link
    Prefill, this PR (abc1234) vs main (def5678):    two sides and their heads in one lead-in
    Baseline `21ae7199` vs this PR.             the baseline's head; the PR measured on top of it
    # BEFORE: attention backend FLASH_ATTN      a side opened by a comment inside console output
    With this fix, the long prompts ... Results:    a paragraph opening with its side, over the results
    On current main we see 0.812, and with this PR 0.846.    a side per clause of one sentence
    - **304 CPU tests passed on `c23c1e533`.**  a revision stated in the claim's own sentence

The side words (which name the base, which the candidate) are in ledger.vocab.sides.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.setting_arms import setting_arm
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.document import Document
from ledger.vocab.backends import backend_settings
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_keys import SIDE_SETTING
from ledger.vocab.sides import (
    BASE_LABEL_WORDS,
    HEAD_LABEL_WORDS,
    PR_HEAD_SIDE,
    base_run,
    paren_side,
    side_alone,
    side_of,
)
from ledger.vocab.text import has_hex_run
from ledger.vocab.word_gate import WordGate

_SHA = r"[0-9a-f]{7,40}"
# "Baseline `c9cc71a0d`: upstream with ...", "Candidate `9c63e7b2c`", "**Candidate** (`beef0042`):"
_SIDE_SHA_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?P<name>[A-Za-z][\w.-]{0,30}(?: [A-Za-z][\w.-]{0,20}){0,2}?)(?:[*_]{1,2})?\s*"
    r"\(?\s*[*_`]{0,3}(?P<sha>" + _SHA + r")[*_`]{0,3}\s*\)?\s*(?::|$|[,;-]\s)",
    re.IGNORECASE,
)
# "[4f1d2e3](.../commit/4f1d2e3a9b) (before)": a side word in parentheses right after a commit link
_LINK_SIDE_RE = WordGate(
    re.compile(
        # a markdown link or a bare URL: "https://github.com/o/r/commit/1a2b3c4d (before)"
        # (the sha taken whole, by a look-ahead and then the same text: what follows a match's sha opens with no hex
        # digit, so a shorter sha matches nothing the whole one does not, and the engine tries none)
        r"(?:\[[^\[\]]{1,40}\]\()?[^()\s\[\]]{0,200}/commits?/(?=(?P<sha>" + _SHA + r"))(?P=sha)[^()\s]{0,40}\)?\s*"
        r"[*_]{0,2}\s*"
        r"\((?P<name>[A-Za-z][\w .-]{0,30})\)",
        re.IGNORECASE,
    )
)
# "this PR (abc1234) vs main (def5678)": two sides and their heads
_PAIR_RE = WordGate(
    re.compile(
        r"(?P<a>[A-Za-z][\w-]{0,20}(?: [A-Za-z][\w-]{0,20}){0,2}?)\s*\(\s*`?(?P<sa>" + _SHA + r")`?\s*\)\s*"
        r"(?:vs\.?|versus|against|compared\s+(?:to|with))\s+"
        r"(?P<b>[A-Za-z][\w-]{0,20}(?: [A-Za-z][\w-]{0,20}){0,2}?)\s*\(\s*`?(?P<sb>" + _SHA + r")`?\s*\)",
        re.IGNORECASE,
    )
)
# "the branch at 7e3a9c1d and main at 5b2f08ae": sides named with their heads in one sentence
_AT_SIDE_RE = WordGate(
    re.compile(
        r"\b(?P<name>this\s+pr|pr|branch|main|master|baseline|candidate|base|head|before|after)\s+(?:is\s+)?(?:at|@)\s+"
        r"(?:commit\s+)?`?(?P<sha>" + _SHA + r")`?(?![\w-])",
        re.IGNORECASE,
    )
)
# "# BEFORE: attention backend FLASH_ATTN", "## after (this PR)": a side opened by a comment in console output
_COMMENT_SIDE_RE = re.compile(
    # ("# Now" over the PR's run; "# baseline" names an arm as often as a side: a variant, see grammar.setup)
    r"^\s*(?:#{1,6}|//|--)\s*(?P<name>(?:before|after)(?:\s+(?:the\s+|this\s+)?(?:pr|fix|patch|change))?|"
    # ("# main code", "# PR code", "# old-kernel": a side's word and what of it ran)
    r"(?:(?:main|master|pr|this\s+pr|old|new|current|original|patched|unpatched|upstream)[ -]"
    r"(?:code|kernels?|branch|build|impl(?:ementation)?|version|commit|tree))|main|master|"
    r"now|"
    r"this\s+pr|pr|with\s+(?:the\s+|this\s+)?"
    r"(?:pr|fix|patch|change)|without\s+(?:the\s+|this\s+)?(?:pr|fix|patch|change))\b\s*(?:[:(-]\s*(?P<detail>[^\n]{0,80}?)"
    r"\)?)?\s*$",
    re.IGNORECASE,
)
# a clause that names its side: "on current main", "with this fix", "before the change", "this PR gives"
_CLAUSE_SIDE_RE = WordGate(
    re.compile(
        r"\b(?:(?:on|from|in|using)\s+(?:the\s+)?(?:current\s+|latest\s+|upstream\s+)?(?P<base>main|master|trunk)"
        r"(?:\s+branch)?|(?P<before>(?:before|without)\s+(?:the|this|my)\s+(?:pr|fix|patch|change))|"
        r"(?P<head>" + PR_HEAD_SIDE + "|"
        r"(?:with|after|using)\s+(?:the|this|my)\s+(?:pr|fix|patch|change)|on\s+(?:this|the)\s+(?:pr|branch)))\b"
        # "41.3 req/s (main) to 44.9 req/s (this PR)": a side in parentheses right after its value, or opening what
        # the run was ("flashmla (baseline, no MTP):", "main (before; 3 runs)")
        r"|\((?P<paren>main|master|baseline|before|this\s+pr|this\s+branch|after)(?:\s?[,;]\s?[^()\n]{1,60})?\)",
        re.IGNORECASE,
    )
)
# "With this fix, ... Results:": a paragraph that opens with its side
_LEAD_SIDE_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?:(?:even|still|also|and|but|so)\s{1,3})?(?P<side>(?:with|after|before|without)\s+"
    r"(?:the\s+changes?\s+(?:of|in|from)\s+(?:this|the|my)\s+pr|(?:the|this|my)\s+(?:pr|fix|patch|changes?))|"
    # "after pr, Mean TTFT (ms): 16.87, before pr ...", "Even before the changes of this PR": that side opens it
    r"(?:after|before)\s+pr(?=\s{0,3}[,:])|"
    # "After simply adding in the guards for X, we had a slowdown to:": the change made, then what it measured
    r"(?:after|before)\s+(?:\w{2,12}ly\s+)?(?:add|apply|enabl|disabl|remov|switch|chang|replac|revert|fix|merg|patch|"
    r"introduc)(?:ing|e|ed)?\b(?=[^:\n]{0,200}:\s*$)|"
    r"on\s+(?:the\s+)?(?:current\s+|latest\s+)?(?:main|master)(?:\s+branch)?)\b",
    re.IGNORECASE,
)
# "passed on `c23c1e533`", "measured at abc1234f": a revision stated in the claim's own sentence
_ON_SHA_RE = re.compile(
    r"\b(?:on|at|@)\s+(?:(?:the\s+)?commit\s+)?[*_]{0,2}`?(?P<sha>" + _SHA + r")`?(?![\w-])", re.IGNORECASE
)
_NUMBER_RE = re.compile(r"\d+(?:[.,]\d+)*")
# "rebased on abc1234", "on top of", "synced with `main` at def5678" (to the "at"'s "a"): a head's base, not a run's
_BUILT_ON_RE = re.compile(r"(?:based|top of|main|master)[`*_]{0,3}\s+\S$|based\s+o|top\s+of\s", re.IGNORECASE)


def _is_sha(token: str) -> bool:
    return any(c.isdigit() for c in token) and any(c.isalpha() for c in token)


def _clean(label: str) -> str:
    return " ".join(label.replace("`", "").strip(" *_#:,;-").split())


def defined_side(text: str) -> Revision | None:
    """A side a bullet or line defines with its head: "Baseline `c0ffee1`: ...", "[sha](link) (before)"."""
    if "/commit" in text:
        lm = _LINK_SIDE_RE.search(text)
        if lm and _is_sha(lm.group("sha")) and side_of(lm.group("name")):
            return Revision(label=_clean(lm.group("name")), head=lm.group("sha").lower(), base=None)
    m = _SIDE_SHA_RE.match(text)
    if m and _is_sha(m.group("sha")) and side_of(m.group("name")):
        return Revision(label=_clean(m.group("name")), head=m.group("sha").lower(), base=None)
    return None


def pair_sides(text: str) -> tuple[Revision, Revision] | None:
    """ "this PR (abc1234) vs main (def5678)": (the candidate side, the base side), each with its head; "Baseline
    `21ae7199` vs this PR": the base side's head, which the candidate (its own head unstated) is measured on top of."""
    if "(" not in text:
        return _one_head_pair(text) if "`" in text or has_hex_run(text) else None
    m = _PAIR_RE.search(text)
    if not m or not (_is_sha(m.group("sa")) and _is_sha(m.group("sb"))):
        return _one_head_pair(text)
    a = Revision(label=_clean(m.group("a")), head=m.group("sa").lower(), base=None)
    b = Revision(label=_clean(m.group("b")), head=m.group("sb").lower(), base=None)
    if side_of(a.label) == "base" or side_of(b.label) == "head":
        a, b = b, a
    return a.model_copy(update={"base": b.head}), b


# "Baseline `21ae7199` vs this PR", "this PR vs main (4b1d9e07)": two sides, one named with its commit
_VS_RE = re.compile(r"\s(?:vs\.?|versus|against|compared\s(?:to|with))\s", re.IGNORECASE)
_WORD = r"[A-Za-z][\w-]{0,20}"
# the side before "vs": up to three words, then its commit in parentheses, after "@"/"at", or in backticks
_LEFT_SIDE_RE = re.compile(
    rf"(?<![\w-])(?P<name>{_WORD}(?:\s{_WORD}){{0,2}})\s{{0,3}}(?:\(\s?`?(?P<p>{_SHA})`?\s?\)|"
    rf"(?:@|\sat\s)\s?`?(?P<at>{_SHA})`?|`(?P<bt>{_SHA})`)?[*_]{{0,2}}$",
    re.IGNORECASE,
)
_RIGHT_SIDE_RE = re.compile(
    rf"(?:the\s)?(?P<name>{_WORD}(?:\s(?!at\b){_WORD}){{0,2}})\s{{0,3}}(?:\(\s?`?(?P<p>{_SHA})`?\s?\)|"
    rf"(?:@|\sat\s)\s?`?(?P<at>{_SHA})`?|`(?P<bt>{_SHA})`)?(?=[\s.,;:)*_]|$)",
    re.IGNORECASE,
)


def _one_head_pair(text: str) -> tuple[Revision, Revision] | None:
    """ "Baseline `21ae7199` vs this PR": (the candidate, with the base side's commit as its base and no head of its
    own; the base side, with that commit as its head). Both names are sides alone, one of each kind, and only the
    base side states a commit (a candidate's lone commit is read where it stands, as its head)."""
    for vs in _VS_RE.finditer(text):
        left = _LEFT_SIDE_RE.search(text[max(0, vs.start() - 80) : vs.start()])
        right = _RIGHT_SIDE_RE.match(text, vs.end(), min(len(text), vs.end() + 80))
        if left is None or right is None:
            continue
        sides = [
            (_side_words(m.group("name"), tail=m is left), m.group("p") or m.group("at") or m.group("bt"))
            for m in (left, right)
        ]
        *words, last = left.group("name").split()
        if words and not sides[0][1] and re.fullmatch(_SHA, last) and _is_sha(last):
            sides[0] = (_side_words(" ".join(words), tail=True), last)  # "Baseline 21ae7199 vs": a bare commit
        kinds = [side_of(name) if name else None for name, _sha in sides]
        shas = [sha for _name, sha in sides if sha]
        if sorted(map(str, kinds)) != ["base", "head"] or len(shas) != 1 or not _is_sha(shas[0]):
            continue
        (base_name, base_sha), (head_name, head_sha) = sides if kinds[0] == "base" else sides[::-1]
        if head_sha or not base_sha:
            continue
        sha = base_sha.lower()
        return Revision(label=head_name, head=None, base=sha), Revision(label=base_name, head=sha, base=None)
    return None


def _side_words(name: str, *, tail: bool) -> str | None:
    """The words of `name` that are a side alone: its last words before "vs" (`tail`), its first after it."""
    words = name.split()
    if tail and len(words) > 1 and words[-1].lower() in ("commit", "build", "branch"):
        words = words[:-1]  # "Reference commit `9f3e1c7a`": the side, then what its sha names
    for n in range(min(3, len(words)), 0, -1):
        part = " ".join(words[-n:] if tail else words[:n])
        if side_alone(part):
            return _clean(part)
    return None


# "Frozen comparison: base `36484e4`, head `170aa20`": the two heads a comparison was run on, in that order
_BASE_HEAD_RE = re.compile(
    r"\bbase(?:line)?\s{0,3}[:=]?\s{0,3}[*_`]{0,2}(?P<base>" + _SHA + r")[*_`]{0,2}[^\n]{0,80}?\n?[^\n]{0,40}?"
    r"\bhead\s{0,3}[:=]?\s{0,3}[*_`]{0,2}(?P<head>" + _SHA + r")(?![\w-])",
    re.IGNORECASE,
)
_BASE_NAMES = ("base", "baseline", "main", "master", "before", "old", "upstream")
_HEAD_NAMES = ("head", "pr", "branch", "candidate", "after", "new", "patched")


def base_and_head(text: str) -> dict[str, Revision]:
    """ "base `36484e4`, head `170aa20`": the base and the head by every name a table's columns give them ("Current
    main", "PR with PTPC"), or nothing."""
    m = _BASE_HEAD_RE.search(text[:600])
    if m is None or not (_is_sha(m.group("base")) and _is_sha(m.group("head"))):
        return {}
    base, head = m.group("base").lower(), m.group("head").lower()
    out = {name: Revision(label="base", head=base, base=None) for name in _BASE_NAMES}
    out.update({name: Revision(label="head", head=head, base=base) for name in _HEAD_NAMES})
    return out


def sides_at(text: str) -> list[Revision]:
    """ "the branch at 7e3a9c1d and main at 5b2f08ae": each side with its head, when a sentence names two."""
    if " at " not in text and "@" not in text:
        return []
    found = {
        m.group("name").lower(): m.group("sha").lower() for m in _AT_SIDE_RE.finditer(text) if _is_sha(m.group("sha"))
    }
    if len(found) < 2 or len(set(found.values())) < 2:
        return []
    return [Revision(label=" ".join(name.split()), head=sha, base=None) for name, sha in found.items()]


def comment_side(text: str) -> Revision | None:
    """ "# BEFORE: backend A" inside console output: the side the runs under it were measured on."""
    m = _COMMENT_SIDE_RE.match(text)
    if m is None:
        return None
    return Revision(label=_clean(m.group("name")), head=None, base=None)


# "BEFORE: GemmBackend.TRITON:", "main, attention backend triton:", "PR with --moe-backend cutlass:", "# AFTER:
# Fp8MoeBackend.FLASHINFER_CUTLASS", "Before (backend=triton):": a side's word, then what that side ran with
_SIDE_WORD = r"(?P<side>before|after|main|master|baseline|base|candidate|branch|this\s+pr|pr)"
_SIDE_DETAIL_RE = re.compile(
    r"^\s*(?:(?:#{1,6}|//|--)\s*)?[*_]{0,2}" + _SIDE_WORD + r"[*_]{0,2}\s*(?:[:,(]|\s(?:with|w/|using|on)\s)\s*"
    r"(?P<detail>[^\n]{1,100}?)\s*\)?\s*[*_]{0,2}:?\s*$",
    re.IGNORECASE,
)
# "main(d5c097a2) 2025/6/7 before the merge:": a side's word with its head, then the words of a lead-in
_SIDE_HEAD_LEAD_RE = re.compile(
    r"^\s*[*_]{0,2}" + _SIDE_WORD + r"[*_]{0,2}\s*"
    r"\(\s*`?(?P<sha>" + _SHA + r")`?\s*\)[^\n:]{0,100}:\s*$",
    re.IGNORECASE,
)


# "w/ this PR, enable FOO_FAST_PATH", "with the fix and enabling `--fast-path`:": the candidate's side, then the switch
# it ran with turned on (the line is the label and nothing else, so its colon may be left out over a paste)
_SWITCH_SIDE_RE = re.compile(
    r"^\s{0,3}[*_]{0,2}(?P<side>(?:with|w/)\s{1,3}(?:(?:the|this|my|our)\s{1,3})?(?:pr|fix|patch|change|branch))"
    r"\s{0,3}(?:,|\s(?:and|\+))\s{0,3}(?:enabl(?:e|ed|ing)|turn(?:ed|ing)?\s{1,3}on)\s{1,3}[`*_]{0,2}"
    r"(?P<switch>-{0,2}[A-Za-z_][\w.=-]{0,80}?)[`*_]{0,2}\s{0,3}:?[*_]{0,2}\s*$",
    re.IGNORECASE,
)
SWITCH = "enabled"
"""The setup key of the switch a side says it turned on ("w/ this PR, enable FOO": enabled=FOO)."""


def side_setting(text: str, heading: bool = False) -> tuple[Revision, dict[str, str]] | None:
    """ "BEFORE: GemmBackend.TRITON:" -> (the side BEFORE, {"backend": "TRITON"}): a side label (a lead-in, a
    comment in a paste, a `heading`'s title) whose words after the side name the setting that side ran with; None
    when they name none ("before PR 6645" is a side's name). "w/ this PR, enable FOO" -> (w/ this PR, {"enabled":
    "FOO"})."""
    low = text[:160].lower()
    sw = _SWITCH_SIDE_RE.match(text) if len(text) <= 160 and ("abl" in low or " on" in low) else None
    if sw is not None:
        side = Revision(label=" ".join(sw.group("side").split()), head=None, base=None)
        return side, {SWITCH: sw.group("switch")}
    label = heading or text.rstrip(" *_").endswith(":") or text.lstrip().startswith(("#", "//", "--"))
    m = _SIDE_DETAIL_RE.match(text) if len(text) <= 160 and label else None
    if m is None:
        return None  # ("main, which runs the triton backend, gives 41 ms." is a sentence, not a label)
    settings = backend_settings(m.group("detail"))
    if not settings:
        return None
    return Revision(label=" ".join(m.group("side").split()), head=None, base=None), settings


_SAME_RE = re.compile(r"\bsame\b", re.IGNORECASE)
# "fa4_gen (same server command with --attn-backend fa4):": a run named, then described, over its paste
ARM_LEAD_RE = re.compile(
    r"^\s{0,3}[*_`]{0,2}(?!(?:results?|outputs?|logs?|commands?|before|after)\b)(?P<name>[A-Za-z][\w.+-]{1,30})"
    r"[*_`]{0,2}\s?\(",
    re.IGNORECASE,
)


def arm_lead(doc: Document, idx: int) -> str | None:
    """The run block idx names over its paste ("fa4_gen (same server command with" and its wrapped rest, then the
    fence): its name; None where it names none."""
    block = doc.blocks[idx]
    m = ARM_LEAD_RE.match(block.text)
    if m is None:
        return None
    for b in doc.blocks[idx + 1 : idx + 4]:
        if b.kind == "code":
            return m.group("name") if b.start - block.end <= 4 else None
        if b.kind != "text":
            return None
    return None


def side_setups(doc: Document, scopes: list[RevisionScope]) -> list[SetupScope]:
    """The settings the side labels among `scopes` name, each over its side's lines (the side holds them, whatever
    the section says: "main, attention backend triton:" over main's runs). "The same ..." holds the setup of the
    side written above it, never of one below (a later comment's side is another run's)."""
    out: list[SetupScope] = []
    scopes = sorted(scopes, key=lambda s: s.start)  # (the revision readers list their sides by kind, not by line)
    for k, scope in enumerate(scopes):
        found = side_setting(doc.line(scope.start)) or setting_arm(doc.line(scope.start), scope.revision)
        same: dict[str, str] = {}
        if found is None and ARM_LEAD_RE.match(doc.line(scope.start)):
            # "paged_v2 (the same server command with --attention-backend paged_v2):", wrapped over a line or two
            lead = " ".join(doc.line(n) for n in range(scope.start, min(scope.end, scope.start + 2) + 1))
            settings = backend_settings(lead[:400])
            if settings and k > 0 and _SAME_RE.search(lead[:400]):
                # "the same launch with --x y" after "ref (baseline, no MTP):": the baseline's settings but y
                same = line_setup(doc.line(scopes[k - 1].start))
            found = (scope.revision, settings) if settings else None
        if found is not None:
            values = {**same, **found[1], SIDE_SETTING: ",".join(found[1])}
            out.append(SetupScope(scope.start, scope.end, values))
        elif k > 0 and (held := _same_as_before(doc, scopes[k - 1], scope)):
            out.append(SetupScope(scope.start, scope.end, held))
    return out


def _same_as_before(doc: Document, before: RevisionScope, scope: RevisionScope) -> dict[str, str]:
    """ "### After this fix" over "Same launch, same node:": the setup the side before stated over its own output
    ("Kestrel-20B EAGLE3, TP=2 on H200:"), which this side says it kept; {} where it says nothing of the kind."""
    lead = _lead_lines(doc, scope)
    if not lead or _SAME_RE.search(" ".join(lead)) is None:
        return {}
    held: dict[str, str] = {}
    for text in _lead_lines(doc, before):
        held.update(line_setup(text))
    return held


def _lead_lines(doc: Document, scope: RevisionScope) -> list[str]:
    """The side's first lines of prose, up to its first fence (at most three)."""
    out = []
    for n in range(scope.start, min(scope.end, scope.start + 3) + 1):
        text = doc.line(n)
        if text.lstrip().startswith(("```", "~~~")):
            break
        out.append(text[:300])
    return out


# "**With EAGLE3:**", "Without EAGLE3:", "w/o MTP:", "**without** MTP": a speculative method on or off, over its output
# (the colon may be left out right over a table or a paste: "w/o mtp"; the switch word may be bolded alone)
_FEATURE_SIDE_RE = re.compile(
    r"^\s*[*_]{0,2}(?P<side>with|without|w/o|w/|no)(?:[*_]{1,2}(?=\s))?\s+(?P<feature>[^:*_\n]{1,40}?)\s*[*_]{0,2}(?P<colon>:)?"
    r"\s*[*_]{0,2}\s*$",
    re.IGNORECASE,
)


def feature_side(text: str, colon: bool = True) -> dict[str, str] | None:
    """ "**With EAGLE3:**" -> the spec method on, as a side ({"spec_algo": "eagle3", "variant": "with EAGLE3"});
    "**Without EAGLE3:**" -> off, no draft length either (the command's `--draft 6` is the other side's); None for
    another label. Two setups, not two revisions: compare keeps them apart (the spec method is a hard key).
    `colon`: the label must end with one (a bare "w/o mtp" is a label only right over its block)."""
    m = _FEATURE_SIDE_RE.match(text) if len(text) <= 80 else None
    if m is None or (m.group("colon") is None and (colon or len(m.group("feature").split()) > 3)):
        return None  # (a bare label is a few words: "with EAGLE3 enabled we get" is a sentence)
    spec = qualifiers(f"{m.group('side')} {m.group('feature')}").get("spec_algo")
    if spec is None:
        return None
    side = m.group("side").lower()
    values = {"spec_algo": spec, "variant": f"{side} {m.group('feature').strip()}"}
    if spec == "none":
        values["draft_len"] = "0"  # (compare reads a draft length of 0 as none)
    else:
        # "With the fix, on Acme-Pro (TP=8 EP=8, MTP=1):": the side's whole setup, its model and parallelism too
        values = {**line_setup(m.group("feature")), **values}
    return values


def feature_side_scopes(doc: Document, section_end: Callable[[int], int]) -> list[SetupScope]:
    """The feature sides' labels of a document ("**With EAGLE3:**"), each over what follows it to the next lead-in
    (a line ending with a colon: another side, "With this fix:") or the end of its section (`section_end` of its
    line): a `<details>` fold may stand between the label and its output."""
    leads = [b for b in doc.blocks if b.kind == "text" and not b.in_code and b.text.rstrip(" *_").endswith(":")]
    out: list[SetupScope] = []
    for k, b in enumerate(leads):
        values = feature_side(b.text)
        if values is None:
            continue
        end = section_end(b.start)
        if k + 1 < len(leads):
            end = min(end, leads[k + 1].start - 1)
        out.append(SetupScope(b.start, end, values))
    # "w/o mtp" with no colon, right over its table or paste: that block's side alone
    for b, nxt in pairwise(doc.blocks):
        lead = b.kind == "text" and not b.in_code and nxt.kind in ("table", "code") and nxt.start - b.end <= 1
        if lead and not b.text.rstrip(" *_").endswith(":") and (values := feature_side(b.text, colon=False)):
            out.append(SetupScope(b.start, nxt.end, values))
    return out


def side_with_head(text: str) -> Revision | None:
    """ "main(d5c097a2) 2025/6/7 before the merge:": the side its word names, on the head beside it."""
    m = _SIDE_HEAD_LEAD_RE.match(text) if "(" in text and len(text) <= 160 else None
    if m is None or not _is_sha(m.group("sha")):
        return None
    return Revision(label=" ".join(m.group("side").split()), head=m.group("sha").lower(), base=None)


def lead_side(text: str) -> Revision | None:
    """ "With this fix, ... Results:", "On current main:": a paragraph that opens with the side of what follows."""
    m = _LEAD_SIDE_RE.match(text)
    return Revision(label=_side_label(m.group("side")), head=None, base=None) if m else None


def _side_label(phrase: str) -> str:
    """The side as printed ("Before the change"), except that "on current main" is the side "main"."""
    text = " ".join(phrase.strip("()").split())
    for word in ("main", "master"):
        if re.search(rf"\b{word}\b", text, re.IGNORECASE):
            return word
    return text


MAX_CLAUSE = 300
"""How far back a clause's side is looked for (a long line with many values stays linear)."""


# "1874.2 tok/s before, 1969.0 tok/s after", "from 12.4 ms before to 11.8 ms after": the bare side word right after a
# value and its unit, ending its clause or joined to the other side ("before and 188 ms after")
_BARE_SIDE_RE = re.compile(
    r"[-+~]?\d[\d,.]{0,15}\s?(?:[A-Za-z%µ/]{1,12}\s?)?(?P<side>before|after)(?=\s{0,3}(?:[,;:.)]|$|(?:and|to|vs|at|on|in|for|with)\b))",
    re.IGNORECASE,
)


def clause_side(text: str, pos: int) -> Revision | None:
    """The side the clause holding `pos` names: the one right after the value in its clause ("0.846 with this
    PR"), or, when none, the nearest side phrase before it in its sentence ("On main we see 0.812")."""
    low = max(0, pos - MAX_CLAUSE)
    start = max(text.rfind(". ", low, pos), text.rfind("; ", low, pos), low)
    # the side right after the value, in its clause, first: "20.1 ms on master and 18.4 ms with this PR"
    end = pos + 60
    stop = min(
        (k for k in (text.find(",", pos, end), text.find(". ", pos, end), text.find(";", pos, end)) if k >= 0),
        default=end,
    )
    if (bare := _BARE_SIDE_RE.match(text, pos, stop)) is not None:
        return Revision(label=bare.group("side").lower(), head=None, base=None)
    last = _CLAUSE_SIDE_RE.search(text, pos, stop)
    if last is not None and len(_NUMBER_RE.findall(text, pos, last.start())) > 1:
        last = None  # "3.2s vs 3.6s on main": the side after names the nearer value, not this one
    if last is None:
        for m in _CLAUSE_SIDE_RE.finditer(text, start, pos):
            last = m
    if last is None:
        return lead[0] if (lead := lead_label_side(text, pos)) else None
    return Revision(label=_clause_label(last), head=_head_after(text, last.end()), base=None)


# "Before: 0.9 ms", "Main (3 trials): 0.8", "fused (this fix)  : 96.3" (the arm's side: paren_side): a side opening
_LEAD_LABEL_RE = re.compile(
    r"[ \t>*_#•-]{0,6}(?P<label>[A-Za-z][\w ]{0,24}?)[*_]{0,2}(?P<paren>[ \t]?\([^()\n]{1,60}\))?[*_]{0,2}"
    r"[ \t]{0,8}:[ \t]"
)


def lead_label_side(text: str, pos: int = 100) -> tuple[Revision, str] | None:
    m = _LEAD_LABEL_RE.match(text, 0, min(pos, 100))  # (the side, and its note in parentheses: "3 trials", or "")
    label, paren = (m.group("label").strip(), (m.group("paren") or "").strip(" \t()")) if m else ("", "")
    side = label if m is not None and _LEAD_SIDE_WORD_RE.fullmatch(label) is not None else paren_side(paren)
    return (Revision(label=side, head=None, base=None), paren if side == label else "") if side else None


# the sides a line's label names by a word of the two sides' own ("Nightly: 30 success" is a job's name, no side)
_LEAD_SIDE_WORD_RE = re.compile(
    rf"(?:(?:with|without)\s)?(?:the\s|this\s)?(?:{BASE_LABEL_WORDS}|{HEAD_LABEL_WORDS})(?:\s(?:branch|build|run|version))?"
    r"|(?:with|without|before|after)\s(?:the|this|my)\s(?:fix|patch|change)",
    re.IGNORECASE,
)


# "with this PR (abcdef1234)", "on main @ deadbeef12": the commit written right after a clause's side
_HEAD_AFTER_RE = re.compile(
    rf"[ \t]{{0,2}}(?:\([ \t]?`?(?P<p>{_SHA})`?[ \t]?\)|@[ \t]?`?(?P<at>{_SHA})`?)(?![\w-])", re.IGNORECASE
)


def _head_after(text: str, end: int) -> str | None:
    m = _HEAD_AFTER_RE.match(text, end)
    sha = (m.group("p") or m.group("at")) if m else None
    return sha.lower() if sha and _is_sha(sha) else None


def result_side(text: str, pos: int) -> Revision | None:
    """The side a result names in its sentence: the one its clause names (clause_side: "Step A (on main): ... 4
    failed", "with this PR: 11 passed") unless the sentence names a run of the base by what it shows ("with the fix
    reverted", "(reproduces the bug)"), which is the base wherever it stands."""
    own = clause_side(text, pos)
    if own is not None and side_of(own.label) == "base":
        return own
    # (the sentence within MAX_CLAUSE of the value either way: a long line of counts stays linear)
    low, high = max(0, pos - MAX_CLAUSE), min(len(text), pos + MAX_CLAUSE)
    start = max(text.rfind(". ", low, pos), text.rfind("; ", low, pos), low)
    end = min((k for k in (text.find(". ", pos, high), text.find("; ", pos, high)) if k >= 0), default=high)
    words = base_run(text, start, end)
    return Revision(label=" ".join(words.split()), head=None, base=None) if words is not None else own


def has_clause_side(text: str) -> bool:
    if _CLAUSE_SIDE_RE.search(text) is not None or lead_label_side(text, len(text)) is not None:
        return True
    low = text.lower()
    return ("before" in low or "after" in low) and _BARE_SIDE_RE.search(text) is not None


def sides_named(text: str) -> set[str]:
    """The labels of the sides a text's clauses name ("on main ..., with this PR ...": two)."""
    return {_clause_label(m) for m in _CLAUSE_SIDE_RE.finditer(text)}


def _clause_label(m: re.Match[str]) -> str:
    """The side a clause names: its parenthesis's side word alone ("(baseline, no MTP)" is the side "baseline")."""
    return _side_label(m.group("paren") or m.group(0))


def stated_on(text: str) -> Revision | None:
    """ "304 CPU tests passed on `c23c1e533`.": the commit the sentence says it was measured on (its first
    sentence only: a later one may name another)."""
    end = text.find(". ")
    stop = end if end > 0 else min(len(text), 300)
    # (the sha is a run of seven hex digits: a sentence holding none is not searched for the words before one)
    m = _ON_SHA_RE.search(text, 0, stop) if has_hex_run(text[:stop], any_case=True) else None
    if m and _is_sha(m.group("sha")) and not _BUILT_ON_RE.search(text, max(0, m.start() - 12), m.start() + 1):
        sha = m.group("sha").lower()
        return Revision(label=sha, head=sha, base=None)
    return None
