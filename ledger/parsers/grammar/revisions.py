"""Revision contexts: label lines that say which commit the results under them were measured on.

    Final head (13c21f460b, rebased on main af3e5eb257). ...
    Review fixes (6b039cb3c6):
    d0b2d5dfa6 (on main c14609482b):
    Before the review fixes (the same eleven patches as f22959cf9a, on main a3766d68f9):
    Results on main branch (commit 821fde2...):
    Earlier validation:
    master (389ff61d7):                       a lead-in above a code block
    Tested at `0badcafe12` with ...           "at", "on commit" naming the sha
    # commit 6c1f7d8b, before PR 5521         a comment line inside console output
    ### After (this PR, commit 9e1f0a2b3c)    a heading naming a sha
    ### Updated results                       a heading naming a revision in words (v2, after rebase, round 2)

A revision holds from its label to the next label, the next heading (of its level or above, for a
heading) or the next comment; one opened inside a code block ends with the block. A label that
names no commit ("Earlier validation:") holds over the list under it and ends at the first
paragraph after that list.

Named revisions are defined in bullets ("**Branch**: this PR at `c0ffee1234`") rather than opened:
`named_revisions` gives them by name, for a table whose columns are "branch / main".
"""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.sides import (
    base_and_head,
    clause_side,
    comment_side,
    defined_side,
    lead_side,
    pair_sides,
    sides_at,
    sides_named,
    stated_on,
)
from ledger.parsers.grammar.unlabelled import unlabelled_twins
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.sides import side_of
from ledger.vocab.text import lower_for_words

SHA_RE = re.compile(r"(?<![\w/#.-])([0-9a-f]{7,40})(?![\w-])")
_BASE_RE = re.compile(r"\b(?:on|onto|on top of|rebased on|based on)\s+(?:main|master|trunk|origin/main)?\s*"
                      r"(?:\(|`)?([0-9a-f]{7,40})\b", re.IGNORECASE)
_LABEL_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?P<label>[^()\n;]{1,100}?)\s*\((?P<inner>[^()\n]{0,200})\)\s*(?:[*_]{1,2})?(?:[:.]|$)")
_BARE_LABEL_RE = re.compile(r"^\s*(?:[*_#]{1,3}\s*)?(?P<label>[A-Z][^:()\n]{2,60}?)(?:[*_]{1,2})?:\s*$")
# "this PR:", "before:", "after the fix:": a lower-case lead-in is a label when it is made of revision words
_SIDE_LABEL_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?P<label>(?:this pr|the pr|pr|before|after|baseline|candidate|main|master|branch|"
    r"(?:first|second|third|fourth|final|last|new|latest) (?:run|attempt|round|results?)|re-?run|run \d{1,2}|"
    r"attempt \d{1,2}|round \d{1,2}|v\d{1,2}|updated results?|"
    r"with (?:the )?(?:pr|fix|patch|change)|without (?:the )?(?:pr|fix|patch|change))(?: [\w.#-]{1,20}){0,3}?)"
    r"(?:[*_]{1,2})?(?:\s{0,3}\([^()\n]{1,60}\))?:\s*$", re.IGNORECASE)
# "Tested at `0badcafe12` with the same image:", "Results on commit 821fde2:", "measured @ abc1234"
_AT_SHA_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?P<label>[A-Za-z][\w -]{0,40}?\s(?:at|on|@))\s+(?:(?:the\s+)?commit\s+)?`?"
    r"(?P<sha>[0-9a-f]{7,40})`?(?![\w-])", re.IGNORECASE)
# "# commit 6c1f7d8b, before PR 5521" (a comment in console output); "commit 8207d5fd with PR 5521"
_COMMENT_COMMIT_RE = re.compile(
    r"^\s*(?:#+|//|--)\s*(?:commit|at|rev(?:ision)?)\s+`?(?P<sha>[0-9a-f]{7,40})`?[,:;\s-]*(?P<label>[^\n]{0,80}?)\s*$",
    re.IGNORECASE)
# "Measured PR head `8969dbb` against `main` at `b0a147a`", "Tested current PR head **`f0f2d12b5e`** against PR base
# **`5d42bf1f12`**": a sentence naming the head the results below were measured on, and its base
_HEAD_BASE_RE = re.compile(
    r"(?P<label>(?:(?:current|the|this)\s+)?(?:PR\s+head|head|PR|branch|commit))\s+[*_`]{0,3}(?P<head>[0-9a-f]{7,40})"
    r"[*_`]{0,3}[^.;\n]{0,60}?\b(?:against|vs\.?|versus|relative\s+to|compared\s+(?:to|with)|on\s+top\s+of)\s+"
    r"(?:[*_`]{0,3}(?:main|master|trunk|upstream/main|origin/main|PR\s+base|base|its\s+base)[*_`]{0,3}\s+)?"
    r"(?:at\s+)?[*_`]{0,3}(?P<base>[0-9a-f]{7,40})(?![\w-])", re.IGNORECASE)
_HEAD_BASE_WORDS = ("against", "vs", "versus", "relative", "compared", "top")
"""The words of _HEAD_BASE_RE's link from head to base, one of which it needs."""


def _head_base(text: str) -> re.Match[str] | None:
    """_HEAD_BASE_RE.search(text), asked only of a line holding one of its linking words: the pattern, case-blind,
    tries its head words at every character of every line that may name a revision."""
    low = lower_for_words(text)
    if low is not None and not any(map(low.__contains__, _HEAD_BASE_WORDS)):
        return None
    return _HEAD_BASE_RE.search(text)


# "build: 32d9f7d9 (1786)" (llama.cpp prints it under its tables), "commit: abc1234", "git rev 1a2b3c4d": a trailer
# naming the build the results above it were measured on
_TRAILER_RE = re.compile(
    r"^\s*(?:build|commit|git(?:\s+(?:rev|commit|sha))?|revision|version)\s*[:=]\s*`?(?:\d{1,6}\s+\()?`?"
    r"(?P<sha>[0-9a-f]{7,40})`?\)?(?:\s*\(\d{1,6}\))?\s*$", re.IGNORECASE)
# "(build: `5635 (3069e3169)`)" at the end of a sentence that introduces results
_BUILD_PAREN_RE = re.compile(r"\(\s*build:?\s*`?\s*(?:\d{1,6}\s*)?\(?(?P<sha>[0-9a-f]{7,40})\)?`?\s*\)\s*[:.]?\s*$")
# "[commit](https://github.com/o/r/commit/502f68...)": a commit named by its link
_COMMIT_LINK_RE = re.compile(
    r"\[(?P<text>[^\[\]]{1,40})\]\([^()\s]{0,200}/commits?/(?P<sha>[0-9a-f]{7,40})[^()\s]{0,40}\)")
# a heading that names a revision without a sha: "Updated results", "v2", "After rebase", "Round 2", "Second run"
_HEADING_WORDS_RE = re.compile(
    r"\b(?:updated|update|re-?run|rebased?|after (?:the )?(?:rebase|fix(?:es)?|review)|v\d{1,2}|round \d{1,2}|"
    r"(?:first|second|third|final|new|latest) (?:run|results?|numbers|round)|iteration \d{1,2}|before|after|"
    r"baseline|candidate|this pr)\b", re.IGNORECASE)
# "**Branch**: this PR at `c0ffee1234`", "**`main`**: `facade5678`, ...": a name bound to a sha
_NAMED_RE = re.compile(r"^\s*(?:[*_]{1,2})`?(?P<name>[A-Za-z][\w.-]{0,30})`?(?:[*_]{1,2})\s*(?:\([^()]{0,60}\))?\s*:")
# the same without the bold a rendered copy drops: "Branch (atchernych namespace): this PR at ee1b81b42e"
_PLAIN_NAMED_RE = re.compile(r"^\s*(?P<name>[A-Za-z][\w.-]{0,30})\s*(?:\([^()]{0,60}\))?\s*:")
# "Baseline `c9cc71a0da`: upstream with #54682": a name, then its sha in backticks, opening a bullet
_NAME_SHA_RE = re.compile(r"^\s*(?P<name>[A-Za-z][\w.-]{0,30})\s`?[0-9a-f]{7,40}`?\s?:")
# "Accuracy: 0.733", "0.741": a line of tool output under its label (a rendered copy has no code block to open)
_RESULT_LINE_RE = re.compile(
    r"^\s*(?:[A-Za-z][\w ()/%.,-]{0,60}?\s*:\s*)?[-+~]?\d[\d.,]{0,20}(?:\s*[A-Za-z/%]{1,12})?\s*$")
# "# fp8 weight only": a comment naming the run under it (no value, no colon)
_BARE_COMMENT_RE = re.compile(r"^\s*#{1,3}\s*[A-Za-z][^:=\d\n]{0,60}$")
_REVISION_WORDS = re.compile(
    r"\b(?:head|rebase|before|after|review|fix|commit|main|branch|validation|earlier|final|round|"
    r"version|revision|slimming|patch)\w*", re.IGNORECASE)


def is_sha(token: str) -> bool:
    """A hex run with both letters and digits (pure digits are counts; pure letters are words)."""
    return any(c.isdigit() for c in token) and any(c.isalpha() for c in token)


def shas_in(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(1).lower(), m.start(1), m.end(1)) for m in SHA_RE.finditer(text) if is_sha(m.group(1))]


def parse_label(text: str) -> Revision | None:
    """The revision a label line opens, or None when the line is not a revision label."""
    s = text.strip().strip("*_").strip()
    m = _LABEL_RE.match(s) if "(" in s else None  # the pattern needs its "("
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
        else:
            heads = [sh for sh in inner_shas if sh[0] != base]
            head = heads[0][0] if heads else None
            if head is None and label_shas:
                head = label_shas[-1][0]
        return Revision(label=label, head=head, base=base)
    return None


def _clean_label(label: str) -> str:
    return " ".join(label.replace("`", "").strip(" *_#:,;-").split())


def _line_label(text: str, in_code: bool) -> Revision | None:
    """A revision a line names without parentheses: "Tested at `sha`", "# commit sha, before PR 5521"."""
    m = _COMMENT_COMMIT_RE.match(text)
    if m and is_sha(m.group("sha")):
        label = _clean_label(m.group("label")) or m.group("sha").lower()
        return Revision(label=label, head=m.group("sha").lower(), base=None)
    if in_code:
        # "5da265de30e8... (PR 22300 regression)": a sha and its name opening a console paste
        rev = parse_label(text) if "(" in text else None
        if rev is not None and rev.head and rev.label == rev.head and (sm := re.search(r"\(([^()]{1,60})\)", text)):
            return Revision(label=_clean_label(sm.group(1)), head=rev.head, base=rev.base)
        return comment_side(text) if text.lstrip()[:1] in ("#", "/", "-") else None
    links = list(_COMMIT_LINK_RE.finditer(text)) if "/commit" in text else []
    if links and (side := defined_side(text)) is not None:
        return side  # "[4f1d2e3](.../commit/4f1d2e3a9b) (before):": the side beside the link names it
    if links and text.rstrip().endswith(":"):
        # "MLC [commit](.../commit/502f68...) + TVM [commit](...):": the first commit names the revision
        first = links[0]
        label = _clean_label(re.sub(r"\[([^\[\]]*)\]\([^()]*\)", r"\1", text[:first.end()]))
        if is_sha(first.group("sha")):
            return Revision(label=label or first.group("sha").lower(), head=first.group("sha").lower(), base=None)
    bm = _BUILD_PAREN_RE.search(text)
    if bm and is_sha(bm.group("sha")):
        label = _clean_label(text[:bm.start()])[-60:]
        return Revision(label=label or "build", head=bm.group("sha").lower(), base=None)
    hb = _head_base(text) if " " in text else None
    if hb and is_sha(hb.group("head")) and is_sha(hb.group("base")):
        return Revision(label=_clean_label(hb.group("label")), head=hb.group("head").lower(),
                        base=hb.group("base").lower())
    m = _AT_SHA_RE.match(text)
    if m and is_sha(m.group("sha")):
        # "branch at 7e3a9c1d:" is the side "branch"; "at" only points at its head
        label = re.sub(r"\s+(?:at|on|@)$", "", _clean_label(m.group("label")), flags=re.IGNORECASE)
        return Revision(label=label, head=m.group("sha").lower(), base=None)
    return None


def heading_revision(text: str) -> Revision | None:
    """The revision a heading names: a sha in parentheses, a sha, or revision words ("Updated results")."""
    rev = parse_label(text)
    if rev is not None:
        return rev.model_copy(update={"label": _clean_label(rev.label or "")})
    shas = shas_in(text)
    if len(shas) == 1:
        label = _clean_label(text[:shas[0][1]] + text[shas[0][2]:]).strip(" ()") or shas[0][0]
        return Revision(label=_clean_label(re.sub(r"\b(?:at|on|commit)\s*$", "", label)) or shas[0][0],
                        head=shas[0][0], base=None)
    if not shas and len(text) <= 60 and _HEADING_WORDS_RE.search(text):
        return Revision(label=_clean_label(text), head=None, base=None)
    return None


def named_revisions(doc: Document) -> dict[str | int, Revision]:
    """Revisions the text defines by name in a bullet ("**Branch**: this PR at `c0ffee1234`"), by lower-case name
    and by the line that defines them."""
    out: dict[str | int, Revision] = {}
    for block in doc.blocks:
        if block.kind == "text" and not block.in_code:
            # "this PR (abc1234) vs main (def5678)", "the branch at 7e3a9c1d and main at 5b2f08ae": sides by name
            two = pair_sides(block.text) if " vs" in block.text else None
            for side in two or sides_at(block.text):
                out.setdefault((side.label or "").lower(), side)
            if "head" in block.text.lower() or "head" in doc.line(block.end + 1).lower():
                # "base `36484e4`,\nhead `170aa20`" (a sentence may wrap between the two)
                for name, side in base_and_head(f"{block.text}\n{doc.line(block.end + 1)}").items():
                    out.setdefault(name, side)
        if block.kind != "item":
            continue
        defined = defined_side(block.text)
        if defined is not None:  # "Baseline `c0ffee1`: main with #123": the sha before the colon, no bold needed
            out.setdefault((defined.label or "").lower(), defined)
            out[block.start] = defined
            continue
        bold = "*" in block.text[:3] or "_" in block.text[:3]
        m = _NAMED_RE.match(block.text) if bold else ((doc.format == "rendered" and _PLAIN_NAMED_RE.match(block.text))
                                                      or _NAME_SHA_RE.match(block.text))
        shas = shas_in(block.text)
        if m and len({sh for sh, _, _ in shas}) == 1:
            name = m.group("name")
            rev = out.setdefault(name.lower(), Revision(label=name, head=shas[0][0], base=None))
            out[block.start] = rev
    return out


def _heading_scopes(doc: Document) -> list[RevisionScope]:
    """A heading that names a revision holds to the next heading of its level or above (or a comment)."""
    scopes: list[RevisionScope] = []
    heads = [b for b in doc.blocks if b.kind in ("heading", "comment")]
    last = len(doc.lines)
    for k, b in enumerate(heads):
        if b.kind != "heading" or (b.level <= 1 and doc.format == "markdown"):
            continue
        rev = heading_revision(b.text)
        if rev is None:
            continue
        end = next((h.start - 1 for h in heads[k + 1:] if h.kind == "comment" or h.level <= b.level), last)
        scopes.append(RevisionScope(start=b.start, end=end, revision=rev))
    return scopes


def _code_end(doc: Document, line: int) -> int:
    """The last line of the code block holding `line` (blocks are in line order; the code block comes first)."""
    for b in doc.blocks:
        if b.kind == "code" and b.start <= line <= b.end:
            return b.end
        if b.start > line:
            break
    return line


def _stands_alone(doc: Document, block: Block, rev: Revision) -> bool:
    """A short label line between blank lines ("before (main branch commit 5536b30a4c)"): a heading that a
    rendered copy, or a long title, made a plain line."""
    label = rev.label or ""
    return (rev.head is not None and len(label.split()) <= 6 and _REVISION_WORDS.search(label) is not None
            and not doc.line(block.start - 1).strip() and not doc.line(block.start + 1).strip())


def _next_block(doc: Document, idx: int) -> Block | None:
    return doc.blocks[idx + 1] if idx + 1 < len(doc.blocks) else None


def _trailer_scopes(doc: Document) -> list[RevisionScope]:
    """"build: 32d9f7d9 (1786)" under a table or inside a code block: the results above it, back to the start of
    the table or block, were measured on that build."""
    scopes: list[RevisionScope] = []
    blocks = doc.blocks
    for k, b in enumerate(blocks):
        if b.kind != "text" or not b.text[:12].lower().lstrip().startswith(("build", "commit", "git", "revision",
                                                                             "version")):
            continue
        m = _TRAILER_RE.match(b.text)
        if not m or not is_sha(m.group("sha")):
            continue
        start = b.start
        for prev in reversed(blocks[:k]):  # back over the table (or the code block) the trailer closes
            if prev.kind in ("table", "code") or (prev.in_code and b.in_code):
                start = prev.start
                if prev.kind == "code":
                    break
                continue
            break
        rev = Revision(label=m.group("sha").lower(), head=m.group("sha").lower(), base=None)
        scopes.append(RevisionScope(start=start, end=b.start, revision=rev))
    return scopes


def _sided_tables(doc: Document, named: dict[str | int, Revision]) -> list[RevisionScope]:
    """"Baseline `c9cc71a`: ..." / "Candidate `9c63e7b`: ..." defined above a table whose header names them
    ("tok/s, baseline | candidate"): its values were measured on the one candidate side."""
    heads = {k: r for k, r in named.items() if isinstance(k, str) and side_of(k) == "head"}
    if len(heads) != 1 or len([k for k in named if isinstance(k, str)]) < 2:
        return []
    names = [k for k in named if isinstance(k, str)]
    head = next(iter(heads.values()))
    out: list[RevisionScope] = []
    for b in doc.blocks:
        if b.kind == "table":
            header = doc.line(b.start).lower()
            if any(re.search(rf"\b{re.escape(n)}\b", header) for n in names):
                out.append(RevisionScope(start=b.start, end=b.end, revision=head))
    return out


def _side_lead(text: str, opens_results: bool) -> Revision | None:
    """A lead-in naming the sides of what follows: "this PR (abc1234) vs main (def5678):" is measured on the
    first with the second as its base; "With this fix, ... Results:" on the fix; "# BEFORE: backend A" on
    its side (a rendered copy's console comment)."""
    if not (opens_results or text.rstrip().endswith(":")):
        return None
    two = pair_sides(text) if " vs" in text or " against " in text or " compared " in text else None
    if two is not None:
        return two[0]
    side = lead_side(text) or (comment_side(text) if text.lstrip()[:1] in ("#", "/", "-") else None)
    if side is None and len(text) <= 80 and text.rstrip().endswith(":") and len(sides_named(text)) == 1:
        side = clause_side(text, len(text.rstrip()) - 1)  # "TP2 after this PR:": the side anywhere in a lead-in
    return side


_RESULTS_WORD_RE = re.compile(r"^\W{0,4}(?:(?:test|benchmark|bench|eval|new|our)\s{1,3})?(?:results?|numbers)"
                              r"\W{0,4}:?\s*$", re.IGNORECASE)


def _results_after_side(doc: Document, idx: int) -> Revision | None:
    """A bare "Results:" whose paragraph just above opens with the side ("With this fix, ..."): that side's."""
    block = doc.blocks[idx]
    if idx == 0 or not _RESULTS_WORD_RE.match(block.text):
        return None
    prev = doc.blocks[idx - 1]
    if prev.kind != "text" or prev.in_code or block.start - prev.end > 2:
        return None
    return lead_side(prev.text)


def find_revisions(doc: Document) -> list[RevisionScope]:
    """Scan the document's label lines and headings into revision scopes."""
    scopes: list[RevisionScope] = _heading_scopes(doc) + _trailer_scopes(doc)
    current: RevisionScope | None = None
    last = len(doc.lines)
    named = named_revisions(doc)
    scopes += _sided_tables(doc, named)
    for idx, block in enumerate(doc.blocks):
        if block.kind == "item" and not block.in_code and (on := stated_on(block.text)) is not None:
            scopes.append(RevisionScope(start=block.start, end=block.end, revision=on))  # "passed on `c23c1e5`"
            continue
        if block.kind in ("heading", "comment"):
            if current is not None and (block.kind == "comment" or block.level <= 2):
                current.end = block.start - 1
                current = None
            continue
        if block.kind != "text":
            continue
        if current is not None and current.end < block.start:
            current = None  # a label inside a code block ended with it
        if block.in_code:
            rev = _line_label(block.text, True)
            if rev is None and current is not None and _BARE_COMMENT_RE.match(block.text):
                current.end = block.start - 1  # "# fp8 weight only" after "# before": the next run is no side's
                current = None
            if rev is not None:
                if current is not None:
                    current.end = block.start - 1
                current = RevisionScope(start=block.start, end=_code_end(doc, block.start), revision=rev)
                scopes.append(current)
            continue
        nxt = _next_block(doc, idx)
        opens_results = nxt is not None and (nxt.kind in ("table", "item", "code") or (
            nxt.kind == "text" and _RESULT_LINE_RE.match(nxt.text) is not None))
        rev = parse_label(block.text)
        if rev is not None:
            rev = rev.model_copy(update={"label": _clean_label(rev.label or "")})
        else:
            rev = _line_label(block.text, False) or _side_lead(block.text, opens_results)
            if rev is None and " vs" in block.text and (two := pair_sides(block.text)) is not None:
                # "This PR (abc1234) vs main (def5678): 41.2 vs 47.9 ms": the sentence's own values
                scopes.append(RevisionScope(start=block.start, end=block.end, revision=two[0]))
                continue
        if (rev is None and current is not None and current.revision.head is None and idx > 0
                and doc.blocks[idx - 1].kind == "item" and not _BARE_LABEL_RE.match(block.text)):
            # a label without a commit ("Earlier validation:") covers its list; a paragraph after it is not
            current.end = block.start - 1
            current = None
            continue
        if rev is not None and (opens_results or block.text.rstrip().endswith(":") or _stands_alone(doc, block, rev)
                                or _COMMENT_COMMIT_RE.match(block.text) or (rev.head and rev.base
                                                                            and _head_base(block.text))):
            pass  # ("# commit 6c1f7d8b, before PR 5521" opens a revision wherever it stands: a rendered copy's code)
        elif rev is None and opens_results and (sm := _SIDE_LABEL_RE.match(block.text)) is not None:
            rev = Revision(label=_clean_label(sm.group("label")), head=None, base=None)  # "this PR:" over a block
        elif rev is None and opens_results and current is not None:
            bm = _BARE_LABEL_RE.match(block.text)
            if not (bm and _REVISION_WORDS.search(bm.group("label"))):
                continue
            rev = Revision(label=bm.group("label").strip(), head=None, base=None)
        elif rev is None and opens_results and (rev := _results_after_side(doc, idx)) is not None:
            pass  # "With this fix, the BS>1 cases match BS=1." then "Results:": the fix's results
        else:
            continue
        if rev.head is None and (known := named.get((rev.label or "").lower())) is not None:
            rev = rev.model_copy(update={"head": known.head, "base": rev.base or known.base})  # "Baseline:" defined
        if current is not None:
            current.end = block.start - 1
        current = RevisionScope(start=block.start, end=last, revision=rev)
        scopes.append(current)
    return scopes + unlabelled_twins(doc, scopes)
