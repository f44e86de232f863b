"""Rebase states: "Pre-rebase:" / "Rebased onto main:" name two revisions of the PR, the older first."""

from __future__ import annotations

from pathlib import Path

from ledger.compare.revisions import split_revisions
from ledger.model import REBASED_ONTO_NOTE
from ledger.parsers import extract
from ledger.parsers.grammar.rebase_states import STALE_LABEL, rebase_label
from ledger.vocab.sides import rebase_state, side_of

FIXTURES = Path(__file__).parent / "fixtures" / "revisions"


def _by_line(name: str) -> dict[int, list[tuple[str | None, str | None]]]:
    path = FIXTURES / name
    out: dict[int, list[tuple[str | None, str | None]]] = {}
    for c in extract(path.read_text(encoding="utf-8"), path=path.name).claims:
        if c.kind != "commit":
            rev = c.revision
            out.setdefault(c.source.line, []).append((rev.label if rev else None, rev.head if rev else None))
    return out


def test_each_bullet_lead_names_its_own_lines_state_and_a_lead_in_its_list() -> None:
    got = _by_line("rebase_bullets.md")
    assert got[5] == [("Prior to the rebase", None)] * 2
    assert got[6] == [("Rebased onto main", None)] * 2  # ("main" is where it sits: no baseline item of its list)
    assert got[9] == [("Pre-rebase numbers", None)]
    assert got[12] == [("After rebasing", None)]


def test_compare_pairs_the_state_before_the_rebase_with_the_state_after() -> None:
    path = FIXTURES / "rebase_bullets.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    snaps = split_revisions(claims)
    assert [s.ref.label for s in snaps] == ["Prior to the rebase", "Rebased onto main"]
    assert sorted(c.value for c in snaps[0].claims) == [0.812, 64.0, 71.2]


def test_a_head_a_rebasing_turn_states_goes_on_to_the_state_after_the_rebase() -> None:
    got = _by_line("rebase_turns.md")
    assert {h for _, h in got[8] + got[9]} == {"4c1d8e2f9a"}
    assert {h for _, h in got[17]} == {"6f7e8d9c0b"}  # ("- Updated #77 head: `6f7e8d9c0b`")
    assert {h for _, h in got[24] + got[25]} == {"6f7e8d9c0b"}  # ("Fresh sweep after the rebase:", a turn later)


def test_rebase_label_reads_the_head_and_the_base_it_sits_on() -> None:
    got = rebase_label("- Rebased onto main `9c8d7e6f5a` (head `6f7e8d9c0b`): GSM8K 0.81")
    assert got is not None and (got[0].head, got[0].base, got[1]) == ("6f7e8d9c0b", "9c8d7e6f5a", True)
    assert rebase_label("We rebased onto main yesterday.") is None
    assert rebase_label("- Rebase conflicts: none") is None


def test_rebase_label_is_linear_on_a_long_line() -> None:
    assert rebase_label("- " + "pre " * 5000 + "rebase" + "x" * 20000) is None


def test_results_stated_as_measured_on_an_older_base_take_it_over_their_column_word() -> None:
    got = _by_line("stale_base_results.md")
    assert got[9] == got[10] == [("pre-rebase (not re-run)", None)]
    # (the PR's own older state, measured with the change: no base side, so no "measured on the base" caveat)
    assert side_of(STALE_LABEL) is None and rebase_state(STALE_LABEL) == "pre"
    path = FIXTURES / "stale_base_results.md"
    perf = [c for c in extract(path.read_text(encoding="utf-8"), path=path.name).claims if c.kind == "perf"]
    assert {(c.revision.base if c.revision else None) for c in perf} == {"5d0e3f9a11"}  # (not the rebased-onto one)


def test_the_commit_a_stale_sentence_says_the_pr_was_rebased_onto_is_the_newer_states_base() -> None:
    """ "Draft now rebased onto upstream main `77aa01b2c3`. The speed figures below are earlier measurements on base
    `5d0e3f9a11`; ...": the rebased-onto commit is the base of the state after the rebase, which nothing measured,
    never the base of the results below it."""
    path = FIXTURES / "stale_base_results.md"
    commits = {c.sha: c for c in extract(path.read_text(encoding="utf-8"), path=path.name).claims if c.kind == "commit"}
    onto, old = commits["77aa01b2c3"], commits["5d0e3f9a11"]
    assert onto.revision is not None and (onto.revision.label, onto.revision.head, onto.revision.base) == (
        "rebased onto upstream main",
        None,
        "77aa01b2c3",
    )
    assert onto.note == REBASED_ONTO_NOTE and rebase_state(onto.revision.label) == "post"
    assert old.revision is not None and (old.revision.label, old.revision.base) == (STALE_LABEL, "5d0e3f9a11")


def test_a_sentence_naming_a_commit_without_saying_not_rerun_opens_no_stale_base() -> None:
    text = "# T\n\nThe numbers below are from a run on `5d0e3f9a11`.\n\n- TTFT: 41 ms\n"
    claims = extract(text, path="x.md").claims
    assert all(c.revision is None or c.revision.label != STALE_LABEL for c in claims)


def test_a_side_word_right_before_its_code_span_and_a_submitted_head_give_both_roles() -> None:
    from ledger.parsers.grammar.commit_sides import commit_sides

    rev = commit_sides("Speed comparison: upstream `4d5c6b7a8e` versus submitted head `9f0e1d2c3b`.")
    assert rev is not None and (rev.label, rev.head, rev.base) == ("submitted", "9f0e1d2c3b", "4d5c6b7a8e")
    assert commit_sides("We pinned torch `1a2b3c4d5e` and vllm `5e4d3c2b1a`.") is None  # (no sides: pins)
    got = _by_line("side_words_before_code_shas.md")
    assert got[5] == [("submitted", "9f0e1d2c3b")]


def test_shas_behind_link_markup_keep_the_roles_their_words_give() -> None:
    """A commit's link around its sha ("upstream [`4d5c6b7a8e`](...) versus submitted head [...]", "[5e6f7a8b9c](...)
    (base) with [...] (this PR)", "on top of [`6a7b8c9d0e`](...)") hid the side word from the readers: the base's
    commit became the head of every value under it."""
    path = FIXTURES / "linked_commit_roles.md"
    got = {
        c.source.line: c.revision
        for c in extract(path.read_text(encoding="utf-8"), path=path.name).claims
        if c.kind == "perf" and c.revision is not None
    }
    assert (got[7].head, got[7].base) == ("9f0e1d2c3b", "4d5c6b7a8e")
    assert (got[13].label, got[13].head, got[13].base) == ("this PR", "0c1d2e3f4a", "5e6f7a8b9c")
    assert got[19].head is None and (got[19].base or "").startswith("6a7b8c9d0e")
