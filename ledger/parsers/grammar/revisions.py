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
    $ bench ... --result-filename x_main.json a results file named for its side (grammar.result_files)

A revision holds from its label to the next label, the next heading (of its level or above, for a
heading) or the next comment (a PR head a turn states, "The new head is X", goes on over the later turns until one
moves it: turn_heads.carried_heads); one opened inside a code block ends with the block. A label that
names no commit ("Earlier validation:") holds over the list under it and ends at the first
paragraph after that list.

Named revisions are defined in bullets ("**Branch**: this PR at `c0ffee1234`") rather than opened:
`named_revisions` gives them by name, for a table whose columns are "branch / main".
"""

from __future__ import annotations

import bisect
import re

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.bare_sides import bare_scope, comment_side_alone
from ledger.parsers.grammar.command_runs import launch_steps, relaunched
from ledger.parsers.grammar.commit_sides import commit_sides
from ledger.parsers.grammar.disclaimed_heads import disclaimed
from ledger.parsers.grammar.folded_sides import folded_side_scopes, titled_side
from ledger.parsers.grammar.head_phrases import head_phrase, phrased_label
from ledger.parsers.grammar.heading_leads import lead_revision
from ledger.parsers.grammar.item_revisions import item_scope
from ledger.parsers.grammar.linked_leads import linked_above, side_label
from ledger.parsers.grammar.linked_sides import names_both_sides
from ledger.parsers.grammar.named_revisions import named_at, named_revisions, sided_tables
from ledger.parsers.grammar.numbered_arms import numbered_arm_scopes
from ledger.parsers.grammar.project_versions import on_version_line
from ledger.parsers.grammar.rebase_states import rebase_state_scopes
from ledger.parsers.grammar.release_scopes import release_scopes
from ledger.parsers.grammar.result_files import result_file_scopes
from ledger.parsers.grammar.results_leads import leads_results, results_after_side
from ledger.parsers.grammar.reverted_sides import reverted_side
from ledger.parsers.grammar.revision_labels import (
    BARE_COMMENT_RE,
    BARE_LABEL_RE,
    BARE_SIDE_LINE_RE,
    COMMENT_COMMIT_RE,
    REVISION_WORDS,
    code_side,
    commit_link_alone,
    head_base,
    heading_revision,
    line_label,
    measured_at,
    measured_on,
    measured_there,
    parse_label,
    pr_head,
    shas_in,
)
from ledger.parsers.grammar.run_leads import run_lead
from ledger.parsers.grammar.scope_ends import end_before, list_label_ends, past_earlier_round
from ledger.parsers.grammar.second_arms import other_arm
from ledger.parsers.grammar.sentence_heads import sentence_only
from ledger.parsers.grammar.setting_leads import setting_lead
from ledger.parsers.grammar.sides import (
    arm_lead,
    clause_side,
    comment_side,
    lead_side,
    pair_sides,
    sides_named,
)
from ledger.parsers.grammar.stated_heads import stated_head_at
from ledger.parsers.grammar.tied_revisions import at_its_commit, resumed_after, states_pr_head, tied_scopes
from ledger.parsers.grammar.title_revisions import title_revision
from ledger.parsers.grammar.title_sides import title_change_sides
from ledger.parsers.grammar.tool_chatter import chatter_lead, past_chatter
from ledger.parsers.grammar.trailer_revisions import trailer_scopes
from ledger.parsers.grammar.turn_heads import carried_heads
from ledger.parsers.grammar.turn_leads import TurnLead
from ledger.parsers.grammar.twin_labels import twin_label_scopes
from ledger.parsers.grammar.unlabelled import before_after_runs, unlabelled_twins
from ledger.parsers.grammar.value_sides import own_line_sides
from ledger.parsers.grammar.wrapped_revisions import wrapped_result_scopes
from ledger.parsers.reader.document import Block, Document
from ledger.parsers.reader.line_kinds import ends_in_colon
from ledger.vocab.sides import side_of


def _heading_scopes(doc: Document) -> list[RevisionScope]:
    """A heading that names a revision holds to the next heading of its level or above (or a comment)."""
    scopes: list[RevisionScope] = []
    heads = [b for b in doc.blocks if b.kind in ("heading", "comment")]
    last = len(doc.lines)
    for k, b in enumerate(heads):
        # (the title is a level-1 heading; "# Before" in a comment is a side like any other heading)
        if b.kind != "heading" or (b.level <= 1 and doc.format == "markdown" and k == 0):
            continue
        # ("### Mistral-7B-Q6_K, master": the side after the subject, the subject setup)
        rev = (titled_side(b.text) if "," in b.text or ")" in b.text else None) or reverted_side(b.text)
        rev = rev or heading_revision(b.text) or lead_revision(b.text, heading_revision)  # ("# Baseline: <link> ...")
        if rev is None:
            continue
        end = next((h.start - 1 for h in heads[k + 1 :] if h.kind == "comment" or h.level <= b.level), last)
        scopes.append(RevisionScope(start=b.start, end=end, revision=rev))
    return scopes


def _code_start(codes: list[Block], starts: list[int], line: int) -> int:
    """The first line of the code block (of `codes`, whose first lines are `starts`) holding `line`."""
    k = bisect.bisect_right(starts, line) - 1
    return codes[k].start if k >= 0 and codes[k].end >= line else line


def _code_end(codes: list[Block], starts: list[int], line: int) -> int:
    """The last line of the code block (of `codes`, whose first lines are `starts`) holding `line`."""
    k = bisect.bisect_right(starts, line) - 1
    return codes[k].end if k >= 0 and codes[k].end >= line else line


# "This reverts:", "Depends on", "introduced by": the line over a lone commit link says it is not the one measured
_NOT_RESULTS_LEAD_RE = re.compile(
    r"\b(?:revert\w*|cherry-?pick\w*|introduced|caused|broke|depends?|requires?|related|follow-?up|see)\b",
    re.IGNORECASE,
)


def _opens_here(doc: Document, block: Block, rev: Revision, opens_results: bool) -> bool:
    """Whether a line that names revision `rev` opens it over what follows (the line's own shape or words say so)."""
    return bool(
        opens_results
        or ends_in_colon(block.text)
        or _stands_alone(doc, block, rev)
        or (rev.head and len((rev.label or "").split()) <= 3 and side_of(rev.label or "") is not None)
        or (rev.head and rev.base and "head" in block.text.lower())  # "the current head X (on Y)": a turn's
        or (rev.head and (measured_there(block.text) or measured_on(block.text) is not None))
        or (rev.head and measured_at(block.text) is not None)
        or ((phrase := head_phrase(block.text)) is not None and phrase.revision.head == rev.head)  # "pushed X, ..."
        or (rev.head is not None and pr_head(block.text) == rev.head)  # "the current PR head is `a1b2...`"
        or (rev.head and _measured_commit_link(doc, block))
        or COMMENT_COMMIT_RE.match(block.text)
        or (rev.head and rev.base and head_base(block.text))
        # "PR branch: x (up to date with 0123abc)": the PR's side, its base stated
        or (rev.base and not rev.head and side_of(rev.label or "") == "head")
    )


def _measured_commit_link(doc: Document, block: Block) -> bool:
    """A line that is a commit's link alone, not under words that say it is some other commit (a revert's)."""
    return commit_link_alone(block.text) and not _NOT_RESULTS_LEAD_RE.search(doc.line(block.start - 1))


def _stands_alone(doc: Document, block: Block, rev: Revision) -> bool:
    """A short label line between blank lines ("before (main branch commit 5536b30a4c)"): a heading that a
    rendered copy, or a long title, made a plain line."""
    label = rev.label or ""
    return (
        rev.head is not None
        and len(label.split()) <= 6
        and REVISION_WORDS.search(label) is not None
        and not doc.line(block.start - 1).strip()
        and not doc.line(block.start + 1).strip()
    )


def _results_after_head(text: str, head: str) -> bool:
    """Whether the line goes on, after the commit its label names and a colon, to a value of its own."""
    at = text.lower().find(head)
    colon = text.find(":", at) if at >= 0 else -1
    return colon >= 0 and _LONE_NUMBER_RE.search(text, colon + 1, colon + 200) is not None


# a number standing as a word ("0.912"), not a piece of a commit's hex or of its link
_LONE_NUMBER_RE = re.compile(r"(?<![\w./-])\d+(?:\.\d+)?(?![\w/-])")


def _next_block(doc: Document, idx: int) -> Block | None:
    return doc.blocks[idx + 1] if idx + 1 < len(doc.blocks) else None


def _with_known_head(doc: Document, named: dict[str | int, Revision], line: int, rev: Revision) -> Revision:
    """A headless label's head where the text gave it: by its name ("Baseline:" defined above), or, for the PR's side
    ("rerun against the PR head:"), the head its turn stated before it (grammar.stated_heads)."""
    if rev.head is not None:
        return rev
    if (known := named_at(named, line).get((rev.label or "").lower())) is not None:
        return rev.model_copy(update={"head": known.head, "base": rev.base or known.base})
    if side_of(rev.label) == "head" and (sh := stated_head_at(doc, line)) is not None:
        return rev.model_copy(update={"head": sh})
    return rev


def _side_lead(text: str, opens_results: bool) -> Revision | None:
    """A lead-in naming the sides of what follows: "this PR (abc1234) vs main (def5678):" is measured on the
    first with the second as its base; "With this fix, ... Results:" on the fix; "# BEFORE: backend A" on
    its side (a rendered copy's console comment)."""
    if not (opens_results or ends_in_colon(text)):
        return None
    two = pair_sides(text) if " vs" in text or " against " in text or " compared " in text else None
    if two is not None:
        return two[0]
    side = lead_side(text) or (comment_side(text) if text.lstrip()[:1] in ("#", "/", "-") else None)
    if (
        side is None
        and len(text) <= 80
        and ends_in_colon(text)
        and len(sides_named(text)) == 1
        and not _WHEN_RE.search(text)
        and not _AGAINST_BASE_RE.search(text)
    ):
        side = clause_side(text, len(text.rstrip()) - 1)  # "TP2 after this PR:": the side anywhere in a lead-in
    if side is not None and side.head is None and ends_in_colon(text) and len(shas := shas_in(text)) == 1:
        side = side.model_copy(update={"head": shas[0][0].lower()})  # ("with the PR applied, head `4e1d9a7`:")
    return side


# "Measured against master with X on Y:": the base the results below are compared with, not the side they ran on
_AGAINST_BASE_RE = re.compile(
    r"\b(?:against|compared\s(?:to|with)|relative\sto|versus|vs\.?)\s(?:the\s)?(?:current\s|latest\s|upstream\s)?"
    r"(?:main|master|trunk)\b",
    re.IGNORECASE,
)
# "repeated twice after a restart:", "before each run:": a time, not a side
_WHEN_RE = re.compile(r"\b(?:before|after)\s+(?:a|an|each|every|warm-?up|restart)\b", re.IGNORECASE)


def _opening_side(doc: Document, codes: list[Block], starts: list[int], block: Block) -> Revision | None:
    """ "OLD" alone on the first line of a paste, over the tool's output: the side of that paste."""
    sm = BARE_SIDE_LINE_RE.match(block.text) if len(block.text) <= 40 else None
    k = bisect.bisect_right(starts, block.start) - 1
    if sm is None or k < 0 or codes[k].end < block.start:
        return None
    if any(doc.line(no).strip() for no in range(codes[k].start + 1, block.start)):
        return None  # a side word further down is a line of the output
    return Revision(label=sm.group("label").strip(), head=None, base=None)


def _code_line(
    doc: Document,
    code: tuple[list[Block], list[int], dict[int, tuple[list[int], list[int]]]],
    block: Block,
    current: RevisionScope | None,
    scopes: list[RevisionScope],
) -> tuple[RevisionScope | None, RevisionScope | None]:
    """A line inside a paste (`code`: the code blocks, their first lines, and each paste's launch_steps by its last
    line, read once): a revision it opens (added to `scopes`) to the end of its block; the open scope after it, and
    the stated head that holds again after the paste."""
    codes, code_starts, launches = code
    rev = at_its_commit(line_label(block.text, True), block.text) or code_side(block.text)
    rev = rev or comment_side_alone(block.text)  # ("// baseline" over its run's lines)
    rev = rev or _opening_side(doc, codes, code_starts, block)
    if (
        rev is None
        and current is not None
        and current.start >= _code_start(codes, code_starts, block.start)
        and BARE_COMMENT_RE.match(block.text)
    ):
        # "# fp8 weight only" after "# before" in one paste: the next run is no side's (a side named
        # over the paste, in prose, holds through its comments: "# server" / "# client")
        current.end = block.start - 1
        return None, None
    if rev is None:
        return current, None
    end = _code_end(codes, code_starts, block.start)
    if end not in launches:
        launches[end] = launch_steps(doc, _code_start(codes, code_starts, block.start), end)
    end = (relaunched(launches[end], block.start) or end + 1) - 1  # ("# baseline" over a launch: not the next launch's)
    again = resumed_after(current, _code_start(codes, code_starts, block.start), end)
    end_before(current, block)
    current = RevisionScope(start=block.start, end=end, revision=rev)
    scopes.extend([current] if again is None else [current, again])
    return current, again


def _block_label(block: Block, opens_results: bool) -> tuple[Revision | None, RevisionScope | None]:
    """The revision a paragraph's label names, or, for a sentence pairing two sides with its own values ("This PR
    (abc1234) vs main (def5678): 41.2 vs 47.9 ms"), the scope of that sentence alone."""
    if names_both_sides(block.text):
        return None, None  # ("both [main](.../commit/X) and [this branch](.../commit/Y):" defines two sides by name)
    rev = reverted_side(block.text) or parse_label(block.text)  # (its label cleaned; "`main` after reverting X")
    if rev is not None and rev.head and " vs" in block.text and (two := pair_sides(block.text)) is not None:
        rev = None if two[0].base == rev.head else rev  # "This PR vs main (4b1d9e07)": main's head, the PR's base
    if rev is None:
        rev = phrased_label(block.text, line_label(block.text, False)) or _side_lead(block.text, opens_results)
        if rev is None and " vs" in block.text and (two := pair_sides(block.text)) is not None:
            return None, RevisionScope(start=block.start, end=block.end, revision=two[0])
    if (both := commit_sides(block.text)) is not None and (rev is None or _same(rev.head, both.base)):
        # "the base branch at `3c4d5e6` and this branch at `7a8b9c0d`": the candidate's, on the base (the first sha
        # alone made the base's commit the head of every candidate value)
        return both, None
    return rev, None


def _same(a: str | None, b: str | None) -> bool:
    """Two shas of one commit, however long each is printed (a link's text short, its target whole)."""
    if not a or not b:
        return False
    return a.startswith(b) or b.startswith(a)


def find_revisions(doc: Document, named: dict[str | int, Revision] | None = None) -> list[RevisionScope]:
    """The label lines and headings read into revision scopes (`named`: named_revisions(doc), if the caller has it)."""
    named = named_revisions(doc) if named is None else named
    scopes = _heading_scopes(doc) + trailer_scopes(doc) + folded_side_scopes(doc, named) + result_file_scopes(doc)
    current: RevisionScope | None = None
    stated: Revision | None = None  # the last PR head the turn states (states_pr_head)
    carried: list[tuple[int, Revision]] = []  # a PR head a turn stated, from the next turn's line on
    last = len(doc.lines)
    scopes += sided_tables(doc, named) + release_scopes(doc) + wrapped_result_scopes(doc) + tied_scopes(doc)
    codes = [b for b in doc.blocks if b.kind == "code"]
    code_starts = [b.start for b in codes]  # (found by position: a document of many pastes stays linear)
    launches: dict[int, tuple[list[int], list[int]]] = {}  # (each paste's launch_steps, read once: _code_line)
    resumed: RevisionScope | None = None  # (resumed_after)
    turn = TurnLead()
    arms = numbered_arm_scopes(doc)  # ("1. tuned kernel" / "2. stock release" over their results)
    for idx, block in enumerate(doc.blocks):
        if resumed is not None and block.start >= resumed.start:
            current, resumed = resumed, None
        # "Before this PR: 0.9 ms" / "After this PR: 0.7 ms": each line its own side, printed or pasted ("main: 41.0 us"
        # over "this PR: 35.5 us" in a code block: the same two sides)
        own = own_line_sides(doc, block, current, named) if block.kind in ("text", "item") else []
        scopes += own
        if own and own[0].start == block.start and not block.in_code:
            continue  # (a line holding its side's value is no lead-in over the lines below it)
        if block.kind == "item" and not block.in_code and (item := item_scope(doc, idx, (named, arms), last, current)):
            scope, holds = item
            if holds:  # (a list item naming the commit its list was measured on holds to the section's end)
                end_before(current, block)
                current = scope
                stated = scope.revision if states_pr_head(block, scope.revision) else stated
            scopes.append(scope)
            continue
        if block.kind in ("heading", "comment"):
            if block.kind == "comment":  # (the head the turn stated goes on from here: turn_heads.carried_heads)
                carried += [(block.start, stated)] if stated is not None else []
                stated = None
            current = turn.past(block, idx, current)
            continue
        if block.kind != "text" or on_version_line(doc, block):
            continue  # (a version line's upstream build is no label: version_line_scopes read it)
        if current is not None and current.end < block.start:
            current = None  # a label inside a code block ended with it
        if block.in_code:
            current, again = _code_line(doc, (codes, code_starts, launches), block, current, scopes)
            resumed = again or resumed
            continue
        # ("This branch:" / "Loading model..." / the table: the label over the tool's status lines, its table's)
        block, nxt = chatter_lead(doc, block), past_chatter(doc, idx)
        opens_results = leads_results(doc.blocks, idx, nxt)
        rev, own_values = _block_label(block, opens_results)
        if own_values is not None:
            scopes.append(own_values)
            continue
        if rev is None and (after := past_earlier_round(block, current, turn)) is not None:
            scopes.append(current := after)  # ("... the first round: its deltas were +2.7%": not this head's)
            continue
        bare = bare_scope(doc, idx, nxt, named, scopes[-1] if scopes else None) if rev is None and nxt else None
        if bare is not None or (rev is None and current is not None and opens_results and setting_lead(block.text)):
            end_before(current, block)  # ("radix cache + X=0" under "after:"'s paste: a third arm)
            current = None
            scopes += [bare] if bare is not None else []
            continue
        if rev is None and current is not None and list_label_ends(doc, idx, current, opens_results):
            current.end = block.start - 1  # ("Earlier validation:" covered its list only)
            current = None
            continue
        if rev is not None and rev.head and not opens_results and sentence_only(block, nxt, rev.head):
            scopes.append(RevisionScope(start=block.start, end=block.end, revision=rev))
            continue  # ("On commit X it reached 1234 tok/s.": that sentence's commit, not the next line's)
        if rev is not None and _opens_here(doc, block, rev, opens_results):
            pass  # ("# commit 6c1f7d8b, before PR 5521" opens a revision wherever it stands: a rendered copy's code)
        elif rev is None and opens_results and (rev := side_label(block.text) or other_arm(current, nxt, block.text)):
            pass  # "this PR:", "Before, TP8:" over a block; "Fused-rope on:" after "Baseline:" and its table
        elif rev is None and opens_results and (rev := linked_above(doc, idx)):  # ("My version: <commit link>" above)
            pass
        elif rev is None and current is not None and (arm := arm_lead(doc, idx)) is not None:
            rev = Revision(label=arm, head=None, base=None)  # "fa4_gen (same command, other backend):" after
            # "fa3 (baseline):": another arm's run, the candidate the side above is the baseline of
        elif rev is None and opens_results and current is not None:
            bm = BARE_LABEL_RE.match(block.text)
            if not (bm and REVISION_WORDS.search(bm.group("label")) and not _WHEN_RE.search(bm.group("label"))):
                continue
            rev = Revision(label=bm.group("label").strip(), head=None, base=None)
        elif rev is None and (rev := (results_after_side(doc, idx) if opens_results else None) or run_lead(doc, idx)):
            pass  # "With this fix, ..." then "Results:": the fix's; "**Baseline:** 2026-08-31 · v0.5.18" over a table
        else:
            if rev is not None and rev.head and _results_after_head(block.text, rev.head):
                # "Numbers from the tip (`c0ffee1234`): gsm8k 0.912": the label's line only, in the scope it stands in
                scopes.append(RevisionScope(start=block.start, end=block.end, revision=rev))
            continue
        rev = _with_known_head(doc, named, block.start, rev)
        end_before(current, block)
        stated = rev if states_pr_head(block, rev) else stated
        current = RevisionScope(start=block.start, end=last, revision=rev)
        turn.opened(block, current)
        scopes.append(current)
    scopes += twin_label_scopes(doc, scopes)  # (then the rebase states where no label above opened a revision)
    scopes += unlabelled_twins(doc, scopes) + before_after_runs(doc, scopes) + rebase_state_scopes(doc, carried, scopes)
    return _closing_scopes(doc, scopes, carried)


def _closing_scopes(
    doc: Document, scopes: list[RevisionScope], carried: list[tuple[int, Revision]]
) -> list[RevisionScope]:
    """`scopes` with those read from all of them: a paste labelled with the title's target, the heads turns carry,
    then the title's results at the description's one revision."""
    scopes = disclaimed(doc, scopes)  # ("... not the exact performance of `fbd402e`": that turn's results, no head)
    told = scopes + title_change_sides(doc, scopes)
    told += carried_heads(doc, told, carried)
    return told + title_revision(doc, told)
