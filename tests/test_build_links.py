"""grammar.build_links: each link of a chain of builds names its value's build; a walk over settings names none."""

from __future__ import annotations

from ledger.parsers.grammar.build_links import build_link

_CHAIN = "MMLU trail: stable release **0.815** -> hotfix image (Jan-11) **0.806** -> last night's nightly **0.770**."


def _label(text: str, value: str) -> str | None:
    rev = build_link(text, text.index(value))
    return rev.label if rev is not None else None


def test_each_link_names_its_own_build() -> None:
    assert _label(_CHAIN, "0.815") == "stable release"
    assert _label(_CHAIN, "0.806") == "hotfix image (Jan-11)"
    assert _label(_CHAIN, "0.770") == "last night's nightly"


def test_tagged_build_keeps_its_tag_and_a_commit_is_the_head() -> None:
    assert _label("check: **Jan-11 (`v1.4.2`) = 0.809**", "0.809") == "Jan-11 v1.4.2"
    text = "first bad: Feb-02 (`4e5f6a7b8c`) = 0.884"
    rev = build_link(text, text.index("0.884"))
    assert rev is not None and rev.head == "4e5f6a7b8c" and rev.label == "Feb-02"


def test_a_walk_over_settings_names_no_build() -> None:
    text = "throughput: TP 2 1200 -> TP 4 2100 -> TP 8 3900 tok/s"
    assert _label(text, "2100") is None
    assert _label("accuracy went 0.81 -> 0.84", "0.84") is None


def test_long_chain_reads_only_around_its_value() -> None:
    text = ("build " * 2000 + "-> ") * 50 + "1.0"  # (each read is bounded: a window around the value)
    assert build_link(text, len(text) - 3) is None  # (the links before hold no value)


def test_names_builds_reads_chains_and_tagged_builds_only() -> None:
    from ledger.parsers.grammar.build_links import names_builds

    assert names_builds(_CHAIN)
    assert names_builds("To be sure: **Mar-03 (`v2.3.1`) = 0.915**, so Mar-03 is the last good image.")
    assert not names_builds("Settings walked: TP 2 -> TP 4 -> TP 8.")
    assert not names_builds("accuracy went 0.81 -> 0.84 after the fix")


def test_stage_phrase_names_its_own_clause_only() -> None:
    from ledger.parsers.grammar.build_links import stage_side

    text = "On the first head GSM8K was 0.912, and the final stack gave GSM8K 0.948."
    first, final = stage_side(text, text.index("0.912")), stage_side(text, text.index("0.948"))
    assert first is not None and first.label == "first head"
    assert final is not None and final.label == "final stack"
    assert stage_side("GSM8K was 0.912 on main", 10) is None


def test_stage_phrase_needs_no_article_and_a_bare_stage_needs_its_value() -> None:
    from ledger.parsers.grammar.build_links import stage_side

    def label(text: str, value: str) -> str | None:
        rev = stage_side(text, text.index(value))
        return rev.label if rev is not None else None

    assert label("a separate final-stack batch-16 A/B measured +3.9%", "3.9") == "final-stack"
    assert label("Final-stack numbers: throughput +4.1%", "4.1") == "final-stack"
    assert label("The post-rebase `+11.4%` throughput result", "11.4") == "post-rebase"
    assert label("With the pre-training recipe throughput rose +2.0%", "2.0") is None  # (no push's stage)
    assert label("the pre-fix change then gave +2.0%", "2.0") is None  # (a bare stage only before its value)


def test_a_subject_pointing_back_takes_its_sentences_stage() -> None:
    from ledger.parsers.grammar.build_links import stage_side

    text = "The post-rebase `+11.4%` throughput result is set aside for now because that head failed the MMLU gate."
    rev = stage_side(text, text.index("failed"))
    assert rev is not None and rev.label == "post-rebase"
    assert stage_side("It is set aside because that head failed the MMLU gate.", 40) is None
