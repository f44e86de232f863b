"""Revision labels: which commit the results under a label were measured on, and how far it holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.compare.label_times import time_order
from ledger.parsers import extract
from ledger.parsers.grammar.pr_runs import pr_before_value
from ledger.parsers.grammar.revision_labels import parse_label
from ledger.parsers.grammar.revisions import find_revisions
from ledger.parsers.reader.document import read_document

LABELS = Path(__file__).parent / "fixtures" / "revisions" / "labels.txt"
"""Labels in each form PRs write them; its claims, with their revisions, are in its golden (test_goldens.py)."""


def test_each_label_holds_from_its_line_to_the_next_label_or_the_end_of_its_list() -> None:
    scopes = find_revisions(read_document(LABELS.read_text(encoding="utf-8"), LABELS.name))
    assert [(s.start, s.end, s.revision.label, s.revision.head, s.revision.base) for s in scopes] == [
        (5, 9, "Final head", "4c1d2e3f5a", "9a8b7c6d5e"),
        (10, 14, "Review fixes", "7d6c5b4a3e", None),
        (15, 19, "2b3c4d5e6f", "2b3c4d5e6f", "0f1e2d3c4b"),
        (20, 24, "Before the second round", "5e4d3c2b1a", "1a2b3c4d5e"),
        (25, 28, "Earlier validation", None, None),
    ]


@pytest.mark.parametrize(
    ("line", "want"),
    [
        (
            "Final head (13c21f460b, rebased on main af3e5eb257). The rebase applied cleanly.",
            ("Final head", "13c21f460b", "af3e5eb257"),
        ),
        ("Review fixes (6b039cb3c6):", ("Review fixes", "6b039cb3c6", None)),
        ("d0b2d5dfa6 (on main c14609482b):", ("d0b2d5dfa6", "d0b2d5dfa6", "c14609482b")),
        ("Before the rebase (dcff1146d0, on main 72cd8b57a3):", ("Before the rebase", "dcff1146d0", "72cd8b57a3")),
        (
            "Before the review fixes (the same eleven patches as f22959cf9a, on main a3766d68f9):",
            ("Before the review fixes", "f22959cf9a", "a3766d68f9"),
        ),
        ("Test slimming (f29b8c6f3b, before the rebase):", ("Test slimming", "f29b8c6f3b", None)),
    ],
)
def test_parse_label(line: str, want: tuple[str, str | None, str | None]) -> None:
    rev = parse_label(line)
    assert rev is not None
    assert (rev.label, rev.head, rev.base) == want


@pytest.mark.parametrize("line", ["Setup:", "The commits are grouped (see below).", "Performance", "1.4.0rc2 (2026)"])
def test_not_labels(line: str) -> None:
    assert parse_label(line) is None


def test_claims_take_the_revision_in_force_and_none_after_a_commitless_list() -> None:
    claims = extract(LABELS.read_text(encoding="utf-8"), path=LABELS.name).claims
    by_line = {c.source.line: c for c in claims if c.kind != "commit"}
    assert by_line[8].revision is not None and by_line[8].revision.head == "4c1d2e3f5a"
    assert by_line[23].revision is not None and by_line[23].revision.label == "Before the second round"
    assert by_line[27].revision is not None and by_line[27].revision.label == "Earlier validation"
    assert by_line[29].revision is None  # the paragraph after the "Earlier validation:" list


def test_a_line_holding_no_sha_is_not_read_for_a_revision_label() -> None:
    """line_label skips, outside code and commit links, a line where no run of seven hex digits with a letter and
    a digit stands (may_hold_sha): every sha any pattern of revision_labels reads lies in such a run."""
    import re

    from _fixture_lines import fixture_lines

    from ledger.parsers.grammar import revision_labels as rl

    lines = [
        *fixture_lines(),
        "Tested at `4F2E9A1C07`",
        "branch at 7e3a9c1d:",
        "PR head commit ABCDEF1234",
        "(build: 12 (a1b2c3d))",
    ]
    patterns = [v for v in vars(rl).values() if isinstance(v, re.Pattern) and ("sha" in v.groupindex or v is rl.SHA_RE)]
    assert len(patterns) >= 8
    read = 0
    for line in lines:
        for rx in patterns:
            for m in rx.finditer(line):
                sha = m.group("sha") if "sha" in rx.groupindex else m.group(1)
                if sha and rl.is_sha(sha):
                    read += 1
                    assert rl.may_hold_sha(line), (rx.pattern[:60], line)
    assert read > 50
    assert rl.line_label("Tested at `4f2e9a1c07` on H100", False) is not None
    assert not rl.may_hold_sha("a decade of deadbeef 1234567 facade")


@pytest.mark.parametrize(
    ("sentence", "want"),
    [
        ("All data was generated using version 0.9.0", "v0.9.0"),
        ("This data has been updated for v0.6.1, unless specified.", "v0.6.1"),
        ("<sup>* The numbers below come from release v2.1.</sup>", "v2.1"),
        ("Starting with v0.19, the runs use the new runtime.", None),  # a method since a release
        ("Please use v0.20 to see the earlier figures.", None),
        ("The results were measured on 8 GPUs at 2.5 GHz.", None),  # a number, not a release
        ("The numbers come from 1.5 runs on average.", None),
        # the version a page says it tested, however it words it
        ("The tested servekit version is `v1.4.0`", "v1.4.0"),
        ("Tested version: 2.3.1", "v2.3.1"),
        ("The engine version benchmarked here is v0.8.2.", "v0.8.2"),
        # the version of the scripts that ran the benchmark is not the engine the data was measured on
        ("*Note: the numbers come from the bench scripts of [v0.5.2](https://example.com/tree/v0.5.2/bench)*", None),
        ("Benchmarks were run with benchmark scripts from v0.6.5", None),
        # a pre- or post-release is the build the data was measured on, suffix and all
        ("The tested quickserve version is `v1.4.0rc2`.", "v1.4.0rc2"),
        ("Tested version: 0.3.0a1", "v0.3.0a1"),
        ("All numbers were measured on release 2.2.1.post3 of the engine.", "v2.2.1.post3"),
        ("The tested quickserve version is `v1.4.0-beta`.", None),  # no suffix the releases' grammar knows
        # the release a reader must use to get the numbers again, and a banner over a release's new data
        ("A kernel change in v2.4 slowed short prompts; to reproduce the figures above, use v2.3.", "v2.3"),
        ("Reproducing these results requires release 4.1.", "v4.1"),
        ("To reproduce the figures, please use v2.3 or later.", None),  # the oldest that works, not the one measured
        ("*(New in v1.2) Edge board benchmarks:*", "v1.2"),
        ("New in v1.2: paged attention for the edge board.", None),  # a feature, no data
        ("This page requires v1.2 or later; see the [v1.3 changelog](https://example.com/v1.3) for new results.", None),
    ],
)
def test_a_sentence_naming_the_release_its_data_was_measured_on(sentence: str, want: str | None) -> None:
    from ledger.vocab.releases import release_label

    assert release_label(sentence) == want


def test_a_release_is_read_only_from_a_line_holding_what_every_release_holds() -> None:
    """release_label reads a line only where a digit, a dot and a digit stand (_RELEASE_DIGITS_RE): every version
    either of its patterns reads holds them, so no line it skips would have given one."""
    from _fixture_lines import fixture_lines

    from ledger.vocab import releases

    lines = [*fixture_lines(), "All data was generated using version 0.9.0", "Tested version: 2.3.1", "v\u0660.\u0661"]
    found = 0
    for line in lines:
        head = line[:1000]
        measured = next((m for r in releases.ON_RELEASE_PATTERNS if (m := r.pattern.search(head)) is not None), None)
        tested = releases.TESTED_VERSION_RE.pattern.search(head)
        version = releases._VERSION_AFTER_RE.match(head, tested.end()) if tested is not None else None
        if measured is not None or version is not None:
            found += 1
            assert releases._RELEASE_DIGITS_RE.search(head), line
    assert found >= 2


def test_a_release_statement_holds_over_its_section_and_a_table_footnote_over_its_table() -> None:
    text = (
        "# Throughput\n\n## Peak\n\nAll data was generated using version 3.1.0\n\n### H100\n\n"
        "| Model | Throughput (tok/s) |\n| :-- | --: |\n| Granite 3 8B | 12,045 |\n\n"
        "### L40S<sup>*</sup>\n\n<sup>* The following data is from v3.0.</sup>\n\n"
        "| Model | Throughput (tok/s) |\n| :-- | --: |\n| Granite 3 8B | 3,904 |\n\n"
        "## Latency\n\n| Model | TTFT (ms) |\n| :-- | --: |\n| Granite 3 8B | 14.5 |\n"
    )
    got = {c.value: c.revision.label if c.revision else None for c in extract(text, "page.md").claims}
    assert got == {12045.0: "v3.1.0", 3904.0: "v3.0", 14.5: None}


def test_a_pages_release_statement_away_from_its_tables_holds_over_every_table_but_one_stating_its_own() -> None:
    text = (
        "# Serving speed\n\n## Results\n\n### Wren 9B\n\n| ISL/OSL | H100<br/>TP1 (FP8) |\n|---|---|\n"
        "| 128/128 | 9,100 |\n\n### Wren 70B\n\nA scheduler bug in v2.4 slows this model; to reproduce the figures "
        "below, use v2.3.\n\n| ISL/OSL | H100<br/>TP4 (FP8) |\n|---|---|\n| 128/128 | 2,750 |\n\n"
        "## How we ran it\n\nThe numbers above were collected on release 2.4 with this options file:\n\n"
        "```yaml\nkv_fraction: 0.9\n```\n"
    )
    got = {c.value: c.revision.label if c.revision else None for c in extract(text, "speed.md", page=True).claims}
    assert got == {9100.0: "v2.4", 2750.0: "v2.3"}
    # a thread's comment speaks for itself, not for the tables of others
    got = {c.value: c.revision.label if c.revision else None for c in extract(text, "speed.md", page=False).claims}
    assert got == {9100.0: None, 2750.0: "v2.3"}


def test_a_backticked_side_word_alone_over_a_paste_is_that_side_not_a_variant() -> None:
    text = "`main`\n\n```\nthroughput: 12.0 req/s\n```\n\n`this PR`\n```\nthroughput: 13.0 req/s\n```\n"
    claims = extract(text, path="t.md").claims
    got = [(c.value, c.revision and c.revision.label, c.config.get("variant")) for c in claims]
    assert got == [(12.0, "main", None), (13.0, "this PR", None)]


def test_a_copied_pages_tested_version_under_its_title_holds_for_every_section() -> None:
    text = (
        "Squeeze bench on L40S\n\nThe tested squeeze version is v2.3.0.\n\nStatic Benchmark\n\n"
        "batch\ttp\tthroughput(out tok/s)\n1\t1\t95.5\n\n"
        "Serving Benchmark\n\nmodel\tbatch\ttp\tRPS\nllama2-7b\t64\t1\t9.75\n"
    )
    claims = extract(text, "page.txt").claims
    assert [(c.value, c.revision.label if c.revision else None) for c in claims] == [(95.5, "v2.3.0"), (9.75, "v2.3.0")]


def test_a_list_item_holding_no_sha_is_not_read_for_a_side_it_defines(monkeypatch: pytest.MonkeyPatch) -> None:
    """named_revisions reads a list item for the side it defines with its head ("Baseline `c0ffee1`: ...",
    "[4f1d2e3](.../commit/4f1d2e3a9b) (before)") only where a sha may stand (may_hold_sha): every side defined_side
    reads, on every fixture line, lies in such a line; the names read are the same."""
    from _fixture_lines import fixture_lines

    from ledger.parsers.grammar import named_revisions as revisions
    from ledger.parsers.grammar import revision_labels as rl
    from ledger.parsers.grammar import sides

    made = ["Baseline `c0ffee1`: main", "**Candidate** (`beef0042`):"]
    made += ["[4f1d2e3](https://x/commit/4f1d2e3a9b) (before)"]
    found = 0
    for line in [*fixture_lines(), *made, *(m.upper() for m in made)]:
        if sides.defined_side(line) is not None:
            found += 1
            assert rl.may_hold_sha(line), line
    assert found >= len(made)
    text = "- Baseline `c0ffee1`: main at the tag\n- Candidate `beef0042`: this PR\n- notes: 8 GPUs, no sha here\n"
    asked: list[str] = []
    monkeypatch.setattr(revisions, "defined_side", lambda t: asked.append(t) or sides.defined_side(t))
    named = revisions.named_revisions(read_document(text, "sides.md"))
    assert {k for k in named if isinstance(k, str)} == {"baseline", "candidate"}
    assert asked == ["Baseline `c0ffee1`: main at the tag", "Candidate `beef0042`: this PR"]


def test_a_commit_links_sha_is_read_whole_with_no_backtracking_over_its_split() -> None:
    """The side a commit link names ("[4f1d2e3](.../commit/4f1d2e3a9b) (before)") is read with its sha taken whole
    (a look-ahead, then the same text): a link with no side after it was tried at every split of the sha and the
    characters after it (34 x 40 a start, about 1 ms a link). The same matches, spans and groups as the pattern that
    splits, over every fixture line and made links."""
    import re

    from _fixture_lines import fixture_lines

    from ledger.parsers.grammar import sides

    pattern = sides._LINK_SIDE_RE.pattern
    assert "(?=(?P<sha>" in pattern.pattern
    split = re.compile(pattern.pattern.replace("(?=(?P<sha>", "(?:(?P<sha>").replace("))(?P=sha)", "))"), pattern.flags)
    sha = "fa54a19df526fb133791d55eb718a0c757c9c751"
    made = [f"[x](https://h/o/r/commit/{sha}) (before)", f"https://h/o/r/commits/{sha[:9]}#diff-1a2b)**(after)"]
    made += [f"see [fix](https://h/o/r/commit/{sha}): the change", f"/commit/{sha}{sha} (main)"]
    made += [f"/commit/{sha}_x* (PR)"]
    for line in [*fixture_lines(), *made, *(m.upper() for m in made)]:
        full, fast = split.search(line), pattern.search(line)
        assert (full and (full.span(), full.groups())) == (fast and (fast.span(), fast.groups())), line


def test_a_hex_run_is_found_by_its_bytes_as_the_patterns_find_it() -> None:
    """has_hex_run (the text's bytes mapped through a table and searched for seven marks) answers as [0-9a-f]{7}
    and, any case, [0-9a-fA-F]{7} do: on every fixture line and made ones, beyond ASCII and with lone surrogates."""
    import re

    from _fixture_lines import fixture_lines

    from ledger.vocab.text import has_hex_run

    made = ["abc1234", "ABC1234", "abc123", "deadbeefé", "é1234567é", "12345\u00e967", "ab\ud800cd12345", "0xfeedface"]
    made += ["a" * 7, "g" * 7, "", "abcdef", "１２３４５６７", "\u0663" * 7]
    for text in [*fixture_lines(), *made]:
        assert has_hex_run(text) == (re.search(r"[0-9a-f]{7}", text) is not None), text
        assert has_hex_run(text, any_case=True) == (re.search(r"[0-9a-fA-F]{7}", text) is not None), text


def test_the_words_before_a_sha_and_a_names_side_are_read_only_where_they_can_stand() -> None:
    """stated_on reads a sentence for "on <sha>" only where a run of seven hex digits stands in it, and the with/
    without reader a claim's name only where "with" or "w/" stands in it (lowered): every match holds them."""
    import re

    from _fixture_lines import fixture_lines

    from ledger.parsers.grammar import sides
    from ledger.parsers.prose import with_without
    from ledger.vocab.text import has_hex_run

    made = ["passed on `C23C1E533`.", "measured at abc1234f", "TPOT With cache", "acc W/O spec", "x wıth y", "İ WITH j"]
    for text in [*fixture_lines(), *made]:
        if sides._ON_SHA_RE.search(text, 0, 300):
            assert has_hex_run(text[:300], any_case=True), text
        if with_without._SIDE_RE.match(text):
            assert with_without._may_side(text), text
    assert sides.stated_on("passed on `C23C1E533`. Then") is not None
    assert re.search("wıth", "x wıth y") and with_without._may_side("x wıth y")


def test_a_commit_stated_for_a_measurement_is_the_revision_of_its_turn_and_names_a_side_only_by_its_words() -> None:
    """ "Retested at master `ca3d5a3e1`" over an on/off table: the commit both arms ran on, no base side (report would
    read its regressions as the change's starting point); "Baseline numbers, measured on main X" is the base's;
    "Validated final Sched head X, built from toolchain Y" the head, not the toolchain; a commit said to be fixed
    or reverted measures nothing."""
    from ledger.parsers.grammar.revision_labels import measured_at
    from ledger.vocab.sides import side_of

    ab = measured_at("Retested on 2x RTX 3090 at master `abc1234de`. Every config is a win.")
    assert ab is not None and ab.head == "abc1234de" and side_of(ab.label) is None
    base = measured_at("Baseline numbers, measured on main `9d8c7b6a5`:")
    assert base is not None and base.head == "9d8c7b6a5" and side_of(base.label) == "base"
    head = measured_at(
        "Validated final Sched head `5c0ffee9d1e2`, built from toolchain `77aa88bb99cc` (pin `0f1e2d3c4b`)."
    )
    assert head is not None and head.head == "5c0ffee9d1e2"
    assert measured_at("This was reverted on main 1a2b3c4d5, see the results.") is None
    assert measured_at("The crash is fixed on main 1a2b3c4d5.") is None
    text = (LABELS.parent / "measured_at_stated_commit.md").read_text()
    claims = extract(text, path="t.md").claims
    assert {c.revision.head for c in claims if c.source.line in (12, 13) and c.revision} == {"b41c9e07a"}
    assert [c.revision for c in claims if c.source.line == 26] == [None]  # the next turn's own measurement


def test_a_build_named_among_what_the_runs_used_is_a_commit_with_no_run_setup() -> None:
    """ "Checked end to end on Finch nightly, Kestrel `b7e41c9`, ..., concurrency 4..64": the hash is a commit the text
    names (as every printed hash is), never measured under the sweep's concurrency; the table's rows keep theirs."""
    path = Path(__file__).parent / "fixtures" / "revisions" / "build_sha_in_run_stack.md"
    claims = extract(path.read_text(encoding="utf-8"), path.name).claims
    (commit,) = [c for c in claims if c.kind == "commit"]
    assert commit.sha == "b7e41c9" and commit.config == {}
    assert {c.config.get("concurrency") for c in claims if c.kind == "perf"} == {"4", "64"}


def test_a_commit_named_as_another_revisions_head_is_that_revisions_not_the_open_scopes() -> None:
    """ "**baseline** commit: [1f3d5b7]" opens the baseline's scope; "**pagedkv** commit [2c4e6a8]" below it names the
    other build's commit, which the table's row already bound to pagedkv: its commit claim is pagedkv's, not the
    baseline's (a commit inside a scope with no name of its own still takes the scope's revision)."""
    path = LABELS.parent / "commit_named_for_its_own_side.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    got = [(c.sha[:7], c.revision.label if c.revision else None) for c in claims if c.kind == "commit" and c.sha]
    assert got == [("1f3d5b7", "baseline"), ("2c4e6a8", "pagedkv")]


def _heads(name: str, second: str = "label") -> list[tuple[int, str | None, str | None]]:
    """Each result's line, its revision's `second` field (label or base) and head; no revision: None, None."""
    path = Path(__file__).parent / "fixtures" / "revisions" / name
    claims = extract(path.read_text(encoding="utf-8"), path=name).claims
    return [
        (c.source.line, getattr(c.revision, second) if c.revision else None, c.revision.head if c.revision else None)
        for c in claims
        if c.kind != "commit"
    ]


def test_a_setup_item_stating_the_head_gives_it_to_the_side_column_under_it() -> None:
    assert _heads("head_item_over_side_table.md") == [(12, "PR head", "5f6e7d8c9b0a")]
    # ("- #4512 head:" in #4513's thread: the stacked parent's head, not this pull request's)
    assert _heads("head_item_of_another_pull.md") == [(12, "this PR", None)]


def test_a_stated_head_holds_again_after_a_paste_whose_comments_name_its_arms() -> None:
    head = "9f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6"
    assert _heads("paste_arms_under_stated_head.md") == [
        (14, "PR", head),
        (15, "PR", head),
        (22, "main", None),
        (24, "PR", "1c2d3e4f5a6b"),  # ("# PR: source=<sha>": the comment's side, at the commit it names)
        (29, "PR", None),  # (no head stated in that turn)
    ]


def test_a_side_named_with_a_revert_clause_keeps_its_side_and_takes_no_reverted_head() -> None:
    # ("`master` with X reverted", "master after reverting X (second seed)": the side master; X was taken out)
    assert _heads("side_with_revert_clause.md") == [(8, "master", None), (15, "master", None), (22, "master", None)]


def test_a_stated_head_reaches_later_turns_until_one_moves_it() -> None:
    # ("- #318 head:" in the description, decode numbers two turns later; then a turn that pushed and rebased)
    assert _heads("head_carried_over_quiet_turns.md") == [
        (17, "PR head", "4e7a9c2b1d8f"),
        (25, "PR head", "4e7a9c2b1d8f"),  # ("PR:" over its own table: the PR's side, at the carried head)
        (32, "PR", None),
    ]
    # ("- **PR**: `sha`" defined by name; a CI bot's turn names another commit)
    assert _heads("head_carry_ends_at_new_commit.md") == [(8, "PR", "6d2f8e1a0b3c"), (18, "PR", None)]


def test_commits_a_later_turn_names_end_the_carry_and_never_become_its_head() -> None:
    # ("Fixes #4412" and a bot's run on the head itself move nothing; a `git log` paste, a revert and a link to
    # another pull request's commit end the carry, and none of their commits is the results' head)
    assert _heads("head_carry_and_other_commits.md") == [
        (10, "PR head", "5a6b7c8d9e0f"),
        (13, "PR head", "5a6b7c8d9e0f"),  # (the bot's gate, on the head it names)
        (20, "PR head", "5a6b7c8d9e0f"),
        (31, "PR", None),
        (41, "PR", None),
    ]


def test_a_head_first_stated_in_a_later_turn_names_no_earlier_results() -> None:
    assert _heads("head_stated_later_stays_later.md") == [
        (9, "This PR", None),
        (13, "This PR", None),
        (22, "PR", "9b8a7c6d5e4f"),
    ]


def test_a_current_head_sentence_over_a_side_table_takes_a_valid_sha_of_any_length() -> None:
    label = "Re-ran on the current head"
    assert _heads("current_head_sentence_lengths.md") == [
        (8, label, "3c9e1f7"),
        (15, label, "3c9e1f7a52"),
        (22, label, "3c9e1f7a52b4"),
        (29, label, "3c9e1f7a52b4d6e8f0a1b2c3d4e5f6a7b8c9d0e1"),
        (36, "this PR", None),  # (41 hex digits: no sha; "current head" says the head moved, so none is carried)
        (43, "PR", None),  # (a word in backticks)
    ]


def test_a_head_a_sentence_states_in_free_wording_names_the_results_after_it() -> None:
    """Moving the tip to X, rebasing onto X (the base), numbers at X, on revision X, with the newest push (X), at head
    `X`, after pushing X, a bot's job for commit X, a commit's link beside a value: each the revision of the results
    of its turn from its line on (an earlier head in the turn keeps the results before it); a push is the PR's head,
    carried over a quiet turn after it (grammar.turn_heads)."""
    assert _heads("free_worded_heads.md", "base") == [
        (6, None, None),
        (10, None, "b3c4d5e6f"),
        (11, None, "b3c4d5e6f"),
        (18, "2b3c4d5e", None),  # ("after rebasing it onto master (2b3c4d5e)": the base the PR now sits on)
        (25, "8e7d6c5b", None),
        (29, None, "6f7a8b9c"),
        (32, None, "1b2c3d4e"),
        (35, None, "facade42"),
        (38, None, "beefcab"),  # (letters alone, in a code span right after "head")
        (41, None, "1c2d3e4f"),
        (43, None, "2d3e4f5a"),
        (46, None, "5e4d3c2"),
        (49, None, "5e4d3c2"),  # (the next turn, which moves nothing)
        (52, None, "7c6b5a49"),
        (52, None, "7c6b5a49"),
        (55, None, "4a5b6c7d8e9f"),  # (".../pull/412/commits/<sha>")
        (58, None, "9e8d7c6b5a4f"),
        (61, None, None),  # (the bot's and the links' commits ended the carry)
    ]
    assert _heads("free_worded_heads_rendered.txt", "base") == [
        (11, None, "4a5b6c7d8e9f"),  # (a rendered copy's link in parentheses, over the value's line)
        (15, None, "2e3f4a5b6c7d"),
        (19, None, None),  # (a revert's link)
    ]


def test_a_hex_run_no_head_phrase_names_is_no_revision_and_mains_commit_is_the_prs_base() -> None:
    """A dependency's bump, a crash's address, a hash of data, a path's hex and a library's build give no revision;
    main's commit named in a sentence about the PR's side, or the commit it sits on top of, is that side's base."""
    assert _heads("free_worded_not_heads.md", "base") == [
        (6, None, None),
        (10, "4c5d6e7f", None),
        (13, None, None),
        (16, None, None),
        (16, None, None),
        (19, None, None),
        (22, None, None),
        (25, "6d7e8f9a", None),  # ("The PR on top of master X")
        (28, None, None),  # (a segfault's address)
    ]


def test_a_run_item_naming_its_commit_holds_over_the_result_items_after_it_in_its_list() -> None:
    """ "- Ran the eval script on `4f5e6d7` ..." over "- Result: MMLU ... 71.42": the run's commit is the head of the
    list's results after it (it held its own line only, so the results had none), up to an item naming a commit of
    its own; a rebase's commit is the base, never the head, a reverted one neither, and the text after the list is
    not the run's."""
    assert _heads("run_item_head.md", "base") == [
        (6, None, "4f5e6d7"),
        (7, None, "4f5e6d7"),
        (10, "9a8b7c6d", None),
        (13, "9a8b7c6d", None),
        (15, None, None),
    ]


def test_a_commit_link_that_is_its_sentences_subject_heads_the_results_listed_under_it() -> None:
    """ "The pinned [reference `9c8b7a6d` snapshot](.../commit/9c8b7a6d...), taken ahead of ..., completed the sweep"
    over a list of results: the link's commit is their head (the link's words, its sha left out, their label), as
    "The build at commit [`sha`](...) finished ..." over the same list already was."""
    head = "9c8b7a6d5e4f30211203f4e5d6c7b8a9e0f1a2b3"
    assert _heads("commit_link_noun_lead_in.md") == [(10, "The pinned reference snapshot", head)] * 3


def test_a_commit_named_after_a_comparisons_word_is_the_value_after_it_alone() -> None:
    """ "+31.5% over the narrow [`b1c2d3e4` tile build](...) at 903.4 output tok/s, and 96.4% of the older 1232.3":
    the link names the other side, and the value right after it is that side's; the sentence's change and share are
    not measured on it (they keep the head the paragraph above stated)."""
    assert _heads("sha_names_other_side_only.md") == [
        (5, "The wide-tile", "5e6f7a8b"),
        (7, "The wide-tile", "5e6f7a8b"),
        (7, "tile build", "b1c2d3e4f5a60718293a4b5c6d7e8f9012345678"),
        (7, "The wide-tile", "5e6f7a8b"),
        (7, "The wide-tile", "5e6f7a8b"),
    ]


def test_a_side_named_by_a_commit_links_text_takes_that_commit_under_its_folded_title() -> None:
    """ "both [main](.../commit/4d3c2b1a...) and [this branch](.../commit/a0b1c2d3...):" names two sides by their
    links; the results under `<summary>main</summary>` are main's, at its commit: one revision, not the sentence's
    (headed by its first link) and a headless "main" beside it."""
    main = "4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c"
    assert _heads("link_text_names_side.md") == [(15, "main", main), (16, "main", main)]
    scopes = find_revisions(
        read_document(
            (Path(__file__).parent / "fixtures" / "revisions" / "link_text_names_side.md").read_text(encoding="utf-8")
        )
    )
    assert [(s.revision.label, s.revision.head) for s in scopes] == [("main", main)]


def test_a_paste_comment_naming_a_side_is_the_side_of_the_run_under_it() -> None:
    """ "// baseline" over an lm-eval run and "// int8 dynamic" over the next, in one paste: the first run is the
    baseline side's (a side, not config variant=baseline); the second comment names no side and ends it."""
    assert _heads("fence_comment_sides.md") == [(11, "baseline", None), (18, None, None)]


def test_the_noun_head_names_the_commit_it_stands_before() -> None:
    """ "the validated #3120 head (`9f8e7d6c5b`), which delivered ..." and "The rerun head (`4a5b6c7d8e`) reached
    ...": the head's noun names the commit run (another pull request's number its label, never this PR's head);
    "Commit `1a2b3c4d5e` broke the nightly build" opens no run."""
    assert _heads("head_noun_names_its_commit.md") == [
        (5, "#3120 head", "9f8e7d6c5b"),
        (9, "PR head", "4a5b6c7d8e"),
        (13, None, None),
    ]


def test_a_turns_opening_statement_of_its_tested_commit_holds_over_its_sections() -> None:
    """ "Measured at commit X on a single H100 ..." opens the turn: its "## Method" and "## Outcome" sections are
    measured there (a side label's revision ends at the next heading; this statement is the turn's), a heading
    naming another revision ("## Main (`0f1e2d3c4b`)") holds over its own section, and the next turn is not the
    statement's."""
    head = "7c6b5a4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b"
    assert _heads("lead_in_commit_over_sections.md") == [
        (13, "Measured", head),
        (14, "Measured", head),
        (20, "Main", "0f1e2d3c4b"),
        (29, None, None),
    ]


def test_a_wrapped_backport_of_a_head_onto_a_release_heads_the_turns_results() -> None:
    """ "I benchmarked the patch as a small backport of head" / "`3d4e...` onto release 1.4.0" / "(`0123...`) on two
    A100s": the head and the base it was applied on, over the sections after it."""
    head, base = "3d4e5f60718293a4b5c6d7e8f901234567890abc", "0123456789abcdef0123456789abcdef01234567"
    assert _heads("wrapped_backport_head.md", "base") == [(16, base, head), (17, base, head)]


def test_a_dated_news_lines_commit_link_is_history_not_the_head_of_the_pages_results() -> None:
    """ "**[2025.03]** We have [merged](.../commit/...) the branch": the month is no value of the sentence, so the link
    is a commit the project's history names, not the revision the page's results were measured on (as the newest
    revision, `report` called every result "measured once"); a line that measured at its link still names its head,
    labelled by its own verb ("Re-measured", not the verb's prefix alone)."""
    path = Path(__file__).parent / "fixtures" / "revisions" / "dated_news_commit_links.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    assert [(c.source.line, c.kind, c.revision.label if c.revision else None) for c in claims] == [
        (7, "commit", None),
        (8, "commit", None),
        (15, "accuracy", None),
        (16, "accuracy", None),
        (18, "commit", "Re-measured"),
        (18, "accuracy", "Re-measured"),
    ]


@pytest.mark.parametrize(
    ("heading", "label"),
    [
        (
            "#### Upstream `main` ([9f8e7d6c5](https://github.com/o/r/tree/9f8e7d6c5b4a39281706f5e4d3c2b1a098765432))",
            "Upstream main",
        ),
        (
            "#### This branch ([1a2b3c4d5](https://github.com/o/r/commit/1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d))",
            "This branch",
        ),
        ("### [Baseline](https://github.com/o/r/tree/main) at 1a2b3c4d5", "Baseline"),
    ],
)
def test_a_side_label_keeps_no_link_debris(heading: str, label: str) -> None:
    """A heading naming its side with a commit link: the label is the side's words, never the link's brackets, its
    address or the sha (the head holds that)."""
    text = f"# Faster sampler\n\n{heading}\n\nMean TPOT across 5 repeats: 5.87 ms.\n"
    (claim,) = [c for c in extract(text, path="x.md").claims if c.kind == "perf"]
    assert claim.revision is not None and claim.revision.label == label and claim.revision.head


def test_shas_in_a_source_row_a_commit_column_or_after_a_spaced_at_are_commits() -> None:
    """ "| Engine source | `ab12cd34ef` | Tested at `9f8e7d6c5b`; same tree as the PR head `0a1b2c3d4e` |", a
    "commit" column, "main @ 3f2a9c1": the builds each column or row ran, commits however bare the cell; a hex id in
    any other column ("trace id") is none."""
    path = LABELS.parent / "table_cell_commits.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    got = [(c.source.line, c.sha) for c in claims if c.kind == "commit"]
    assert got == [(5, "ab12cd34ef"), (5, "9f8e7d6c5b"), (5, "0a1b2c3d4e"), (11, "3f2a9c1"), (12, "7e8d9c0")]


QUOTED_SIDES = Path(__file__).parent / "fixtures" / "revisions" / "quoted_side_pastes.md"


@pytest.mark.parametrize("marks", ["> ", "", ">"])
def test_a_side_lead_holds_over_the_quoted_paste_under_it_as_over_the_plain_one(marks: str) -> None:
    """ "Candidate branch:" over "> Score: 0.871" lines: the quote marks are how the author set the console's output
    apart, never the end of the lead's scope; each value sits on its side with or without them."""
    text = QUOTED_SIDES.read_text(encoding="utf-8").replace("> ", marks)
    got = [(c.source.line, c.revision.label if c.revision else None) for c in extract(text, QUOTED_SIDES.name).claims]
    assert got == [(7, "Candidate branch"), (8, "Candidate branch"), (12, "Upstream branch"), (13, "Upstream branch")]


def test_a_measuring_verb_in_the_present_or_with_words_before_at_its_commit_names_the_results_after_it() -> None:
    """ "re-benchmarks on the node at X" (present tense, a place between), "Re-ran the sweep, same flags, at X" (an
    object between): the commit the turn's results ran on; a library's pin ("pinned at X") is none."""
    assert _heads("prose_tense_heads.md", "head") == [
        (6, "7c0ffee12", "7c0ffee12"),
        (11, "3f2a9c1d", "3f2a9c1d"),
        (16, "9d8e7f6a5b", "9d8e7f6a5b"),
        (21, None, None),
    ]


_PLUGIN_PAGE = """# Acme-NPU accuracy

- **Upstream engine**: fastserve 2.4.0 ([9ab12cd](https://github.com/acme/fastserve/commit/9ab12cd)), **Acme-NPU**: \
v1.3rc2 ([77e0f1a](https://github.com/acme/acme-npu/commit/77e0f1a))

| Task | Metric | Value | Stderr |
|---|---|---:|---:|
| gsm8k | exact_match | 0.81 | ± 0.01 |
"""


@pytest.mark.parametrize(
    ("line", "repo", "want"),
    [
        # the repository's own name or link says which build the page measured (a branch's build named by its branch)
        (
            "**Upstream engine**: fastserve 2.4.0 (9ab12cd), **Acme-NPU**: v1.3rc2 (77e0f1a)",
            "acme/acme-npu",
            ("v1.3rc2", "77e0f1a"),
        ),
        (
            "fastserve: 2.4.0 ([9ab12cd](https://github.com/acme/fastserve/commit/9ab12cd)), acme: main "
            "([77e0f1a](https://github.com/acme/acme-npu/commit/77e0f1a))",
            "acme/acme-npu",
            ("main", "77e0f1a"),
        ),
        # no repository: the words ("Upstream"), the plugin's longer name, then a pre-release of its own
        ("**Upstream**: 2.4 (9ab12cd), **Acme-NPU**: v1.3rc2 (77e0f1a)", None, ("v1.3rc2", "77e0f1a")),
        (
            "**Engine version**: fastserve: 2.4.0 (9ab12cd), fastserve-npu: main (77e0f1a)",
            None,
            ("main", "77e0f1a"),
        ),
        ("**Versions**: engine: 2.4.0 (9ab12cd), plugin: v1.3rc2 (77e0f1a)", None, ("v1.3rc2", "77e0f1a")),
        # nothing tells which is the page's own: nothing is guessed
        ("**Versions**: alpha: 2.4.0 (9ab12cd), beta: 1.3.0 (77e0f1a)", None, None),
    ],
)
def test_a_version_line_naming_the_upstream_engine_and_the_pages_own_project_gives_the_own_build(
    line: str, repo: str | None, want: tuple[str, str] | None
) -> None:
    from ledger.parsers.grammar.project_versions import version_line_scopes

    doc = read_document(f"# Accuracy\n\n{line}\n\n| Task | Value |\n|---|---|\n| gsm8k | 0.81 |\n", "acc.md")
    doc.repo = repo
    got = [(s.revision.label, s.revision.head, s.start, s.end) for s in version_line_scopes(doc)]
    assert got == ([(*want, 3, len(doc.lines))] if want else []), got


def test_a_plugin_pages_results_take_its_own_build_and_the_upstream_sha_is_another_projects_commit() -> None:
    """The upstream engine's version and commit are the page's context: never the revision of its results, but a
    commit the page names, its note saying whose build it is; with or without the repository known, the 0.81 was
    measured on Acme-NPU v1.3rc2 (77e0f1a)."""
    from ledger.model import UPSTREAM_BUILD_NOTE

    for repo in ("acme/acme-npu", None):
        claims = extract(_PLUGIN_PAGE, path="acc.md", page=True, repo=repo).claims
        score = next(c for c in claims if c.kind == "accuracy")
        assert score.value == 0.81 and score.revision is not None
        assert (score.revision.label, score.revision.head) == ("v1.3rc2", "77e0f1a")
        assert [(c.sha, c.note) for c in claims if c.kind == "commit"] == [
            ("9ab12cd", f"fastserve 2.4.0: {UPSTREAM_BUILD_NOTE}"),
            ("77e0f1a", None),
        ]


def test_a_lead_pinning_an_engine_by_its_own_repositorys_commit_is_that_engine_not_a_revision() -> None:
    # ("EngineB [commit](.../other/engine-b/commit/...)": the link's repository is the one the lead names, a pin of
    # that engine's code; two such leads are two engines, never a base and a candidate; "main [commit](...)" names
    # a side, and stays this PR's revision)
    fix = Path(__file__).parent / "fixtures" / "revisions" / "engine_pins_by_link.md"
    claims = extract(fix.read_text(encoding="utf-8"), fix.name).claims
    perf = [(c.source.line, c.value, c.config.get("variant"), c.revision and c.revision.label) for c in claims]
    assert [p for p in perf if p[0] < 13] == [
        (6, 140.2, "EngineA + Kern", None),
        (7, 81.4, "EngineA + Kern", None),
        (10, 118.9, "EngineB", None),
        (11, 69.0, "EngineB", None),
    ]
    assert perf[-1] == (14, 139.7, None, "main")
    assert [c.sha for c in claims if c.kind == "commit"] == ["3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f"]


def test_a_side_a_comment_names_in_a_paste_holds_for_its_launchs_runs_not_the_next_launchs() -> None:
    text = (
        "```\n# baseline\npython3 -m sglang.launch_server --model-path orgy/Orca-12B --tp 4\nAccuracy: 0.772\n"
        "Output throughput: 1200.5 token/s\n\n"
        "python3 -m sglang.launch_server --model-path orgy/Orca-12B --tp 4 --attention-backend fa3\n"
        "python3 bench/gsm8k.py --num-shots 5\nAccuracy: 0.768\nOutput throughput: 1150.0 token/s\n```\n"
    )
    claims = extract(text, path="x.md").claims
    sides = [(c.value, c.revision.label if c.revision else None, c.config.get("variant")) for c in claims]
    assert sides[:2] == [(0.772, "baseline", None), (1200.5, "baseline", None)]
    assert all(label != "baseline" and variant != "baseline" for _, label, variant in sides[2:])
    # one launch serving several benchmark runs: the label holds over all of them
    relaunch = "python3 -m sglang.launch_server --model-path orgy/Orca-12B --tp 4 --attention-backend fa3\n"
    one = text.replace(relaunch, "")
    assert {c.revision.label for c in extract(one, path="x.md").claims if c.revision} == {"baseline"}


def test_a_build_the_numbers_below_are_said_to_come_from_is_their_revision() -> None:
    text = (
        "Re-tested Lynx-20B FP8 on 8xH200, tp8. Ran against the staging container (build `b7c8d9e0f1`); all numbers"
        " here were taken from that container.\n\n| | TTFT p50 | tok/s/GPU |\n|---|---|---|\n"
        "| new | 812 ms | 402 |\n| old | 866 ms | 377 |\n"
    )
    claims = [c for c in extract(text, path="x.md").claims if c.value is not None]
    assert [(c.value, c.reference, c.revision.head if c.revision else None) for c in claims] == [
        (812.0, 866.0, "b7c8d9e0f1"),
        (402.0, 377.0, "b7c8d9e0f1"),
    ]
    wheel = "The scores below were collected on the release wheel (build `9e8d7c6b5a`).\n\ngsm8k accuracy 91.3%.\n"
    measured = extract(wheel, path="x.md").claims
    assert [c.revision.head for c in measured if c.value is not None and c.revision] == ["9e8d7c6b5a"]
    # a build named for what it broke measured nothing
    broke = extract("Nightly build 9e8d7c6b5a fails to compile; decode latency stays 7.40 ms.\n", path="x.md").claims
    assert [c.revision for c in broke if c.value is not None] == [None]


def test_a_short_sha_of_digits_alone_is_a_commit_only_where_written_as_one_and_built_on_names_the_base() -> None:
    """A code span of seven to twelve digits right after "on"/"at"/"commit" is the commit the results ran on ("rerun
    on `5038271`"); one a unit follows ("capped at `1048576` tokens") is none. "Built on `main`
    at X" names the base the branch sits on, never the head measured."""
    assert _heads("digit_shas_and_built_on.md", "base") == [
        (8, "7a6b5c4d", None),
        (15, None, "5038271"),
        (16, None, "5038271"),
        (19, None, None),
    ]


def test_bold_side_lines_with_commits_name_the_tables_side_columns() -> None:
    """ "**Before**: <sha>" and "**After**: <sha>" as lines of their own (no bullets) over a before/after table: the
    table's after column was measured on the after commit, as under the same lines written as a list."""
    doc = (
        "**Before**: 1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d\n**After**: 9f8e7d6c5b4a39281706f9e8d7c6b5a493827160\n\n"
        "### prompt speed (tok/s)\n\n| model | quant | before | after | speedup |\n| --- | --- | --- | --- | --- |\n"
        "| Lark 0.5B | Q4_K | 50 | 60 | 1.20x |\n"
    )
    got = [c for c in extract(doc, path="x.md").claims if c.kind == "perf"]
    assert got and all(c.revision and c.revision.head == "9f8e7d6c5b4a39281706f9e8d7c6b5a493827160" for c in got)
    assert all(c.revision and c.revision.base == "1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d" for c in got)


def test_new_and_old_kernel_headings_are_the_two_arms() -> None:
    """ "### New kernel" over one table and "### Old kernel" over the same table: each heading names the arm its rows
    ran, the old one the baseline of the new one's rows (a heading is the whole name: "## New kernel design" is not)."""
    table = "| Batch Size | Decode tok/s |\n|---|---|\n"
    doc = f"Lark-7B on one RTX 4090.\n\n### New kernel\n\n{table}| 8 | 800 |\n\n### Old kernel\n\n{table}| 8 | 600 |\n"
    got = [(c.revision.label if c.revision else None, c.reference) for c in extract(doc, path="x.md").claims]
    assert got == [("New kernel", 600.0), ("Old kernel", None)]
    plain = doc.replace("### New kernel", "### New kernel design").replace("### Old kernel", "### Old kernel design")
    assert all(c.revision is None for c in extract(plain, path="x.md").claims)


def test_the_build_a_sentence_says_its_results_came_from_is_their_revision() -> None:
    """A plugin's docs page names the build it measured as an image's tag ("the score of X in `npu-engine:2.4.1rc1`",
    a model's name with a dot before it) or a nightly image's name: that build is the revision of its section's
    results; a number beside a budget ("results with 0.9 of the memory") names no build."""
    text = (
        "## Accuracy\n\n1. Launch the evaluation.\n2. Once it ends, the score of `Qwen2.5-7B-w8a8` in "
        "`npu-engine:2.4.1rc1` is listed below as a guide.\n\n| dataset | metric | mode | chat-api |\n"
        "|---|---|---|---|\n| mmlu | accuracy | gen | 70.20 |\n\n## Daily image\n\n"
        "These numbers come with the `nightly-2026-05-01` image.\n\n| Concurrency | TPS |\n|---|---|\n"
        "| 8 | 530.1 |\n\n## Budget\n\nThe results with 0.9 of the "
        "memory are below.\n\n| Concurrency | TPS |\n|---|---|\n| 8 | 410.7 |\n"
    )
    got = {c.value: c.revision.label if c.revision else None for c in extract(text, "page.md", page=True).claims}
    assert got == {70.2: "v2.4.1rc1", 530.1: "nightly-2026-05-01", 410.7: None}


_SHA = "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567"
BEFORE_AFTER_LINK = f"""# Go back to the previous attention kernel

Before [that commit](https://github.com/acme/enginex/commit/{_SHA}) landed:
- Result: 15.2 req/s

After [that commit](https://github.com/acme/enginex/commit/{_SHA}) landed (slower):
- Result: 14.6 req/s
"""


def test_the_runs_before_a_linked_commit_are_not_measured_on_it() -> None:
    revs = {c.value: c.revision for c in extract(BEFORE_AFTER_LINK, path="x.md").claims if c.kind == "perf"}
    before, after = revs[15.2], revs[14.6]
    assert before is not None and before.head is None and before.label == "before 0a1b2c3d4e"
    assert after is not None and after.head == _SHA and after.label == "After that"


PR_COMMIT_LEAD = """reviewer42 · comment · 2025-03-20
On https://github.com/acme/enginex/pull/77/commits/89abcdef0123456789abcdef0123456789abcdef with `bool fast = n > 4;`

| model | backend | test | t/s |
| --- | --- | ---: | ---: |
| llama 70B Q4_K_M | CPU | pp64 | 20.10 ± 0.20 |
"""


def test_a_bare_pr_commit_link_opening_a_lead_is_the_revision_of_the_table_under_it() -> None:
    got = [c.revision for c in extract(PR_COMMIT_LEAD, path="x.md").claims if c.kind == "perf"]
    assert got and all(r is not None and r.head == "89abcdef0123456789abcdef0123456789abcdef" for r in got)


@pytest.mark.parametrize(
    ("lead", "want"),
    [
        ("Based on `dev` at `59febed2`. Measured on one L40S, Mistral-7B:", ("this PR", None, "59febed2")),
        ("Built on top of main at `1f2e3d4c`. One L40S, Mistral-7B:", ("this PR", None, "1f2e3d4c")),
        ("This branch sits on top of `main` (`7c6d5e4f`); one L40S, Mistral-7B:", ("this PR", None, "7c6d5e4f")),
        ("Branched off `release-1.4` at `a0b1c2d3`. One L40S, Mistral-7B:", ("this PR", None, "a0b1c2d3")),
        ("Based on `dev` at `59febed2`, branch head `a1b2c3d4`. One L40S:", ("PR head", "a1b2c3d4", "59febed2")),
        ("Rebased onto `main` (`4c5d6e7f`). One L40S, Mistral-7B:", ("Rebased onto main", None, "4c5d6e7f")),
    ],
)
def test_the_base_a_branch_is_said_to_sit_on_is_its_base_never_the_label_of_its_values(
    lead: str, want: tuple[str | None, str | None, str | None]
) -> None:
    """ "Based on `dev` at X", "built on top of main at X": X is the base side's commit (the reference column's), and
    the base's name is no label of the branch's own values, which are this PR's (the head the text states, if any);
    a rebase names a state of the PR and keeps its words."""
    text = f"{lead}\n\n| | `main` | this branch |\n|---|---:|---:|\n| decode | 120.0 t/s | 126.0 t/s |\n"
    got = [c.revision for c in extract(text, path="x.md").claims if c.kind == "perf"]
    assert [(r.label, r.head, r.base) if r else None for r in got] == [want]


_SCREEN_THREAD = (
    "# Faster decode\n\nann · description · 2026-01-01\nOne H100, Llama-3-8B. Decode 120.0 t/s.\n\n"
    "bob · comment · 2026-01-02\n{lead}\n\n{items}\nThat is only 0.1% and within noise.\n"
)


@pytest.mark.parametrize(
    ("lead", "want"),
    [
        (
            "Applied the patch to current main (`9196fa27`) and reran at 8K/1K on the H100:",
            ("this PR", None, "9196fa27"),
        ),
        (
            "A screen of the router change alone (the one line that matters at M=8), applied independently to current"
            " main (`9196fa27`) with forced acceptance=1:",
            ("this PR", None, "9196fa27"),
        ),
        ("Rerun on top of `abc1234f`, same box:", ("this PR", None, "abc1234f")),
        ("The numbers below are from `1a2b3c4d`:", (None, "1a2b3c4d", None)),
        ("Numbers below are from `1a2b3c4d`, same M3 Max box:", (None, "1a2b3c4d", None)),
        ("These results were collected at `7e8f9a0b`:", (None, "7e8f9a0b", None)),
    ],
)
def test_a_turns_lead_in_naming_the_commit_it_measured_on_in_prose_is_the_revision_of_its_results(
    lead: str, want: tuple[str | None, str | None, str | None]
) -> None:
    """A comment's lead-in that says in prose what its numbers ran on: "applied the patch to current main (X)" (the
    change on X: X the base), "rerun on top of X" (the base), "numbers below are from X" (the head). Its values, a
    list's side items among them ("- candidate: ..."; "- baseline: ..." is main as it stood, its reference), and
    the turn's sentence after the list are that revision's; the description's values keep theirs."""
    plain = "- TPOT: 36.77 ms\n- throughput: 19.77 tok/s\n"
    sided = "- baseline: 36.80 ms TPOT\n- candidate: 36.77 ms TPOT\n"
    for items in (plain, sided):
        claims = extract(_SCREEN_THREAD.format(lead=lead, items=items), path="x.md").claims
        got = [(c.value, c.revision) for c in claims if c.kind == "perf"]
        assert got[0] == (120.0, None)
        for value, r in got[1:]:
            assert r is not None, (items, value)
            assert (r.head, r.base) == want[1:] and r.label in (want[0] or r.label, "candidate"), (items, value, r)


_ROUNDS = (
    "# Upgrade the kernels\n\nann · description · 2026-01-01\nSwaps the attention kernel.\n\n"
    "bob · comment · 2026-01-02\n"
)


@pytest.mark.parametrize(
    ("body", "want"),
    [
        (  # a sentence after the rerun's list giving the first round's values
            "Rerun on `9927575`, M3 Max:\n\n- prefill: +2.6%\n- 16k TTFT: -16.1%\n\n"
            "This matches the first round closely: its deltas were +2.7% prefill and -15.5% 16k TTFT.\n\n"
            "Decode held at 76.1 tok/s through all four runs.\n",
            ["9927575", "9927575", None, None, "9927575"],
        ),
        (
            "Rerun on `9927575`, M3 Max:\n\n- prefill: +2.6%\n\nIn the previous run, prefill was +2.7%.\n",
            ["9927575", None],
        ),
        (  # the sentence names the run it reports too: the rerun's
            "Rerun on `9927575`, M3 Max:\n\n- prefill: +2.6%\n\n"
            "Unlike the first run, the rerun holds decode at 76.1 tok/s.\n",
            ["9927575", "9927575"],
        ),
        (  # a head stated for a later round does not reach back over the round before it
            "First round, before the reboot:\n\n- prefill: +2.7%\n\nFresh rerun on `9927575` after a cold boot:\n\n"
            "- prefill: +2.6%\n",
            [None, "9927575"],
        ),
        ("### First round\n\n- prefill: +2.7%\n\n### Rerun at `9927575`\n\n- prefill: +2.6%\n", [None, "9927575"]),
    ],
)
def test_an_earlier_rounds_values_are_not_filed_on_the_head_a_later_round_names(
    body: str, want: list[str | None]
) -> None:
    """A thread that measured a round, then reran at a stated commit: the earlier round's values, in a sentence that
    says they are that round's ("the first round: its deltas were ..."), or under a lead-in or heading of their own
    before the rerun's, are not the rerun's head; the rerun's own values after such a sentence still are."""
    claims = extract(_ROUNDS + body, path="x.md").claims
    assert [c.revision.head if c.revision else None for c in claims if c.kind == "perf"] == want


def test_a_turns_lead_naming_the_pushed_fix_holds_past_its_headings() -> None:
    # the comment's opening sentence says what was pushed and where it ran; its sections' tables ran there
    text = (
        "carol · comment · 2026-05-14\n"
        "Retested on 2x MI300X and pushed the patch (commit `9e8d7c6b5a`).\n\n"
        "**Short version: the hang is gone.**\n\n### 2. Long context\nTwo kernels, MMLU-300 each:\n\n"
        "| Kernel | MMLU |\n|---|---|\n| triton | 0.712 |\n| ck | 0.709 |\n"
    )
    heads = {c.revision.head for c in extract(text, path="x.md").claims if c.kind == "accuracy" and c.revision}
    assert heads == {"9e8d7c6b5a"}


def test_a_label_over_the_second_table_after_the_base_label_is_the_other_arm() -> None:
    # "Baseline:" opens the base's runs; "Split-KV on:" over the next table is the arm compared with them, not more
    # of the base's
    table = "| concurrency | TTFT (ms) |\n|---|---|\n| 8 | {} |\n| 32 | {} |\n"
    text = f"Baseline:\n\n{table.format(520, 1310)}\nSplit-KV on:\n\n{table.format(470, 1205)}"
    got = {(c.value, c.revision.label if c.revision else None) for c in extract(text, path="x.md").claims}
    assert got == {(520, "Baseline"), (1310, "Baseline"), (470, "Split-KV on"), (1205, "Split-KV on")}


def test_value_measured_on_another_pr_named_in_its_sentence() -> None:
    """grammar.pr_runs: the PR a sentence names as the run that gave its value, by number or link; a bisect's side
    word stays in the label; what came before the run, a comparison's PR or the text's own PR name no run."""
    from ledger.model import Revision
    from ledger.parsers.grammar.pr_runs import pr_before_value

    def rev(text: str, value: str, side: Revision | None = None) -> str | None:
        got = pr_before_value(text, text.index(value), side)
        return got.label if got is not None else None

    assert rev("The earlier run (PR #5012) finished 256/256 requests at 1203.5 tok/s.", "1203.5") == "PR #5012"
    link = "The [midpoint probe](https://github.com/o/r/pull/16765) completed at 804.06 output tokens/s."
    assert rev(link, "804.06") == "PR #16765"
    bisect = "Bisecting pins the drop on PR #4990: parent 2210.40 tok/s versus child 1180.02."
    assert rev(bisect, "2210.40", Revision(label="child")) == "PR #4990 (child)"
    assert rev("Following PR #7702, decode runs at 1100.4 tok/s.", "1100.4") is None
    assert rev("Decode is 5.2% faster than PR #7600 at 12 ms.", "12 ms") is None
    assert rev("This PR (PR #7731) reaches 1180.3 tok/s.", "1180.3") is None
    assert rev("The run (PR #7731) ended. Main reached 1180.3 tok/s.", "1180.3") is None


def test_a_side_defined_in_a_list_item_holds_over_the_results_listed_under_it() -> None:
    # grammar.side_items: "- Candidate commit: `sha`" is the side of the items after it, until the next side's item;
    # a side's commit with no results after it is a build's identity only
    text = (
        "- Baseline commit: `7a8b9c0d`\n  - Decode: 2210.4 tok/s\n"
        "- Candidate commit: `e1f2a3b4`\n  - Decode: 2391.7 tok/s\n\nNext:\n\n"
        "- Candidate commit: `4c1d9e0a`\n- Wheel SHA256: `b71e40c9`\n"
    )
    claims = extract(text, path="x.md").claims
    got = {(c.value, c.revision.head if c.revision else None, c.reference) for c in claims if c.kind == "perf"}
    assert got == {(2210.4, "7a8b9c0d", None), (2391.7, "e1f2a3b4", 2210.4)}
    alone = [c for c in claims if c.kind == "commit" and c.sha == "4c1d9e0a"]
    assert alone and alone[0].revision is None


def test_a_commit_named_in_a_results_sentence_stays_off_the_next_lines_other_side() -> None:
    # grammar.sentence_heads: "On commit X it reached N." names X for that sentence; "With the patch ..." on the next
    # line is another run, whose head is not stated; a push still names the PR's head from its line on
    text = "On commit `4d5e6f7a` the loop reached 1234 tok/s.\nWith the patch applied it reaches 1410 tok/s.\n"
    heads = [c.revision.head if c.revision else None for c in extract(text, path="x.md").claims if c.kind == "perf"]
    assert heads == ["4d5e6f7a", None]
    pushed = "Once I pushed `5e4d3c2b` decode reached 1234 tok/s.\nWith the patch applied it reaches 1410 tok/s.\n"
    heads = [c.revision.head if c.revision else None for c in extract(pushed, path="x.md").claims if c.kind == "perf"]
    assert heads == ["5e4d3c2b", "5e4d3c2b"]


def test_a_reproduction_column_is_measured_on_the_head_of_the_side_it_reran() -> None:
    # tables.reproduced_columns: "PR77 reproduced" beside "This PR `b1c2d3e4`" reran the PR's side: its values carry
    # that head on the base the baseline header names, its reference the reproduced baseline beside it
    path = Path(__file__).parent / "fixtures" / "revisions" / "reproduced_side_columns.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    got = {
        (c.value, c.reference, c.revision.head, c.revision.base)
        for c in claims
        if c.config.get("column") == "PR77 reproduced" and c.revision is not None
    }
    assert got == {(19.91, 22.05, "b1c2d3e4", "5c6d7e8f"), (3355.4, 3061.0, "b1c2d3e4", "5c6d7e8f")}


def test_a_sentence_restating_table_cells_takes_the_cells_revision() -> None:
    # grammar.restated_cells: "drops from 31.20 to 27.45 ms" under the row is the cell again, measured on its head
    path = Path(__file__).parent / "fixtures" / "revisions" / "restated_table_cells.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    prose = {(c.value, c.revision.head if c.revision else None) for c in claims if c.source.line > 10}
    assert prose == {(27.45, "9a8b7c6d"), (1004.9, "9a8b7c6d"), (208.1, "9a8b7c6d")}


def test_a_change_under_a_table_of_one_head_measured_twice_is_that_heads() -> None:
    """The author's "This PR `c1d2e3f4`" column and a reviewer's "PR reproduced" of it are one build measured twice:
    the speedup said under the table is that build's (tables.after_table_changes), not nobody's."""
    path = Path(__file__).parent / "fixtures" / "revisions" / "reproduced_change_under_table.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    speedup = next(c for c in claims if c.source.line == 10)
    assert speedup.revision is not None and (speedup.revision.head, speedup.revision.base) == ("c1d2e3f4", "5e6f7a8b")


@pytest.mark.parametrize(
    ("labels", "order"),
    [
        # every label stamps a date: by the calendar, a year-less one in the year the others stamp
        (["img-20260623 v0.5.13.post1", "img-20260626 v0.5.14", "Jun-25 v0.5.13.post1"], [0, 2, 1]),
        (["build 2026-03-15", "img-20260311"], [1, 0]),
        # every label tags a release: by its parts, a post-release after its release; ties in the text's order
        (["v0.5.14 image", "v0.5.13.post1 image", "v0.5.13 image", "v0.5.13.post1 rerun"], [2, 1, 3, 0]),
        # only some say one, or all say the same: the text's order stands
        (["img-20260626", "this PR"], None),
        (["v1.4.2 before", "v1.4.2 after"], None),
        (["img-20250625", "img-20260626", "Jun-24"], None),  # (which year's June 24 is unsaid)
        (["carol 02-11", "dana 02-09"], None),  # (no stamped date says which comes first in "02-11")
        (["img-20270210", "carol 02-11", "dana 02-09"], [2, 0, 1]),
    ],
)
def test_labels_are_ordered_by_the_time_they_say(labels: list[str], order: list[int] | None) -> None:
    assert time_order(labels) == order


@pytest.mark.parametrize(
    ("labels", "order"),
    [
        # a timeline's undated builds beside a bisect's dated rows: the dated ones by date in their places, a build
        # the label calls the present after all
        (
            ["#4410 dev", "carol 02-11 (hotfix image)", "current nightly", "img-20270208", "img-20270212", "Feb-10"],
            [0, 3, 5, 1, 4, 2],
        ),
        (["#4410 dev", "img-20270212", "img-20270208"], [0, 2, 1]),
        # a bare "09-14" is read month first beside stamped dates; a build called current stays ahead of an undated
        # build the text states after it (the fix verified once the nightly's figure was given)
        (
            ["#7120 dev", "dana 09-14 (hotfix image)", "current nightly", "img-20270905", "img-20270909", "PR #7201"],
            [0, 3, 4, 1, 2, 5],
        ),
        # "13-07" is no month-day: it stays undated where the text has it
        (["#7120 dev", "dana 13-07", "img-20270905", "img-20270909"], [0, 1, 2, 3]),
        # every label dated (time_order's), one date, or none: nothing to place
        (["img-20270208", "img-20270212"], None),
        (["#4410 dev", "img-20270208", "Feb-08 rerun"], None),
        (["this PR", "main"], None),
    ],
)
def test_dated_labels_are_placed_by_date_among_undated_ones(labels: list[str], order: list[int] | None) -> None:
    from ledger.compare.label_times import dated_in_place

    assert dated_in_place(labels) == order


def test_a_timeline_after_an_item_naming_its_measure_gives_each_build_its_value() -> None:
    path = Path(__file__).parent / "fixtures" / "revisions" / "build_chain_item_measure.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    chain = [(c.metric, c.value, c.revision.label if c.revision else None) for c in claims if c.source.line == 4]
    assert chain == [
        ("MMLU", 0.812, "#4410 dev"),
        ("MMLU", 0.797, "carol 02-11 (PR4502-hotfix image)"),  # ("02-11" names the build: no value)
        ("MMLU", 0.771, "current nightly"),
    ]


def test_a_timeline_beside_a_dated_bisect_is_ordered_by_the_bisects_dates() -> None:
    from ledger.compare.revisions import split_revisions

    path = Path(__file__).parent / "fixtures" / "revisions" / "build_chain_dated_bisect.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    labels = [s.ref.label for s in split_revisions(claims)]
    # (the Feb-10 rerun, printed last, stands between the Feb-08 and Feb-12 images, the 02-11 hotfix (month first, as
    # the stamps read) between Feb-10 and Feb-12; the current nightly last)
    assert labels == [
        "#4410 dev",
        "...mi300x-20270208 v1.4.2",
        "Feb-10 v1.4.2",
        "carol 02-11 (PR4502-hotfix image)",
        "...mi300x-20270212 v1.5.0",
        "current nightly",
    ]


def test_a_build_called_current_stays_ahead_of_a_later_stated_fix() -> None:
    from ledger.compare.revisions import split_revisions

    path = Path(__file__).parent / "fixtures" / "revisions" / "build_chain_now_then_pr.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    labels = [s.ref.label for s in split_revisions(claims)]
    # (09-14 is September 14, after the 0909 image; the fix's PR, stated after the nightly's figure, comes after it)
    assert labels == [
        "#7120 dev",
        "...h200-20270905 v2.1.0",
        "Sep-07 v2.1.0",
        "...h200-20270909 v2.2.0",
        "dana 09-14 (PR7188-hotfix image)",
        "current nightly",
        "PR #7201",
    ]


def test_a_commit_bullet_naming_a_parent_lists_that_commit_and_opens_no_revision(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from ledger.cli.app import app

    path = Path(__file__).parent / "fixtures" / "revisions" / "ancestry_commit_bullets.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    # the parents are listed; the treatment bullet defines its side (an arm word, as "Candidate" would)
    heads = [c.revision.head if c.revision else None for c in claims if c.kind == "commit"]
    assert heads == [None, "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432", None, None]
    r = CliRunner().invoke(
        app, ["report", str(path), "--db", str(tmp_path / "x.db")], env={"COLUMNS": "200", "LEDGER_DB": ""}
    )
    assert r.exit_code == 0, r.stderr
    assert "Parent" not in r.stdout and "one revision: Treatment 9f8e7d6c" in r.stdout


def test_pr_build_named_by_run_noun_or_after_value() -> None:
    """ "the #41207 dev validation had GSM8K 0.936", "verified green at 0.934 (PR #41388)": that PR's build ran the
    value; a bare "#12" with no run noun names none, nor does "#41207" past another side's words."""
    text = "The #41207 dev validation had GSM8K 0.936 overall"
    got = pr_before_value(text, text.index("0.936"), None)
    assert got is not None and got.label == "PR #41207"
    text = "Verified green at 0.934 (PR #41388)."
    assert pr_before_value(text, text.index("0.934"), None, text.index("0.934") + 5).label == "PR #41388"  # type: ignore[union-attr]
    text = "See #41207 for why GSM8K had 0.936"
    assert pr_before_value(text, text.index("0.936"), None) is None
    text = "The #41207 nightly run had 0.91 but this PR had 0.936"
    assert pr_before_value(text, text.index("0.936"), None) is None


@pytest.mark.parametrize(
    ("label", "number"),
    [
        ("PR #31063", "31063"),
        ("#29855 dev", "29855"),
        ("PR 4410 build", "4410"),
        ("bingxche 07-03 (PR29986-hotpatch image)", None),  # (a dated image: on the main line)
        ("PR #12 v0.5.14", None),
        ("PR #12 before the rebase", None),  # (a state of the PR, not its build alone)
        ("PR #12 run 2", None),
        ("current nightly", None),
        ("#12 and #13", None),
    ],
)
def test_a_label_naming_only_a_prs_build_is_that_prs_build(label: str, number: str | None) -> None:
    from ledger.compare.branches import pr_build

    assert pr_build(label) == number


def test_a_pr_build_beside_dated_nightlies_is_a_branch_off_their_line_named_once() -> None:
    """ "#5512 dev" and "(PR #5512)" are one build, set off the main line of the dated images and the current nightly,
    its base the last image before it; the main line alone gives the first-to-last verdict."""
    from ledger.compare.align import compare_series
    from ledger.compare.revisions import split_revisions

    path = Path(__file__).parent / "fixtures" / "revisions" / "pr_build_off_nightly_line.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    snaps = split_revisions(claims)
    assert [(s.ref.label, s.ref.branch, s.ref.branch_base) for s in snaps] == [
        ("...l40s-20270301 v3.4.0", False, None),
        ("...l40s-20270302 v3.5.0", False, None),
        ("...l40s-20270303 v3.5.0", False, None),
        ("#5512 dev", True, "...l40s-20270303 v3.5.0"),
        ("current nightly", False, None),
    ]
    rows = {r.key.metric: r for r in compare_series(snaps)}
    mmlu = rows["mmlu"]
    assert mmlu.overall is not None and mmlu.overall.verdict == "regression"
    assert (mmlu.overall.old_rev, mmlu.overall.new_rev) == ("...l40s-20270301 v3.4.0", "...l40s-20270303 v3.5.0")
    ((branch,),) = [r.branches for r in rows.values() if r.key.metric == "mmlu"]
    assert (branch.verdict, branch.old.value if branch.old else None, branch.new_rev) == (
        "improvement",
        0.661,
        "#5512 dev",
    )
