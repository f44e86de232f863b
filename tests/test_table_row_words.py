"""A result table's rows told apart by a column of words ("Kind" over "dialog" / "source", "Content" over "prose" /
"code") or by a length under a header the vocabulary reads only with its qualifier ("True context", "Prompt size"):
each is the setup of its rows, so two rows the table tells apart never share one setup (compare would call both
series ambiguous otherwise)."""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers import extract


def _claims(text: str) -> list[Claim]:
    return [c for c in extract(text, path="row_words.md").claims if c.kind != "commit"]


def _setups(claims: list[Claim], *keys: str) -> list[tuple[str | None, ...]]:
    return [tuple(c.config.get(k) for k in keys) for c in claims]


_KIND_AFTER_LENGTH = """Second pass on the tip commit, one request at a time:

| Context | Kind | tok/s |
|---|---|---|
| ~9.5k | dialog | 48.2 |
| ~9.5k | source | 55.9 |
| ~30.0k | dialog | 41.7 |
"""


def test_a_word_column_after_a_length_is_the_rows_setup() -> None:
    claims = _claims(_KIND_AFTER_LENGTH)
    assert [c.value for c in claims] == [48.2, 55.9, 41.7]
    assert _setups(claims, "isl", "kind") == [("~9.5k", "dialog"), ("~9.5k", "source"), ("~30.0k", "dialog")]


_QUALIFIED_LENGTHS = """Follow-up on the branch head, greedy decoding, engine-counted prompt tokens:

| True context | Content | tok/s |
|---|---|---|
| ~61.2k | prose | 70.4 / 70.9 |
| ~61.2k | code | 83.5 / 83.1 |
| ~95.0k | prose | 66.0 / 66.8 |

| Prompt size | Workload | TTFT (ms) |
|---|---|---|
| 2k | chat | 180.5 |
| 2k | batch | 240.1 |
| 8k | chat | 610.0 |
"""


def test_a_qualified_length_header_is_the_rows_input_length_not_a_result() -> None:
    claims = _claims(_QUALIFIED_LENGTHS)
    assert [c.value for c in claims] == [70.4, 70.9, 83.5, 83.1, 66.0, 66.8, 180.5, 240.1, 610.0]
    assert _setups(claims[:6:2], "isl", "content") == [("~61.2k", "prose"), ("~61.2k", "code"), ("~95.0k", "prose")]
    assert _setups(claims[6:], "isl", "workload") == [("2k", "chat"), ("2k", "batch"), ("8k", "chat")]


_NOTES_APART = """Nightly numbers, H100:

| Batch | Mode | tok/s | Notes |
|---|---|---|---|
| 8 | eager | 31.5 | warm cache |
| 8 | graph | 28.0 | warm cache |
| 32 | eager | 95.2 | cold start |

| Batch | Status | tok/s |
|---|---|---|
| 8 | stable | 31.5 |
| 32 | noisy | 95.2 |
"""


def test_a_note_after_the_results_and_a_word_column_the_rows_need_not_stay_apart() -> None:
    """A notes column after the measures describes the run, and a word column beside settings that already tell
    every row apart adds no setup: neither is a key of its own."""
    claims = _claims(_NOTES_APART)
    assert [c.value for c in claims] == [31.5, 28.0, 95.2, 31.5, 95.2]
    assert all("notes" not in c.config and "status" not in c.config for c in claims)


_AT_LENGTH_ROWS = """## nightly bench bot

| metric | value |
|---|---|
| Spec @256 tok/s ⭐ *(scored)* | PR 410.5 vs main 380.2 (+8.0%) |
| Spec @1k tok/s | PR 300.1 vs main 290.4 (+3.3%) |
| Spec @8k tok/s | PR 120.0 vs main 118.0 (+1.7%) |
"""


def test_rows_named_by_the_length_they_ran_at_keep_each_its_own_context() -> None:
    """ "@256", "@1k", "@8k" after one measure's name: the context each row ran at ("1k" says its siblings count
    tokens too), so no row shares another's; and a rate the label names is a speed, whatever word marks the row."""
    claims = [c for c in _claims(_AT_LENGTH_ROWS) if c.unit != "%"]
    assert {c.kind for c in _claims(_AT_LENGTH_ROWS)} == {"perf"}
    assert [(c.kind, c.value, c.reference, c.unit, c.config.get("isl")) for c in claims] == [
        ("perf", 410.5, 380.2, "tok/s", "256"),
        ("perf", 300.1, 290.4, "tok/s", "1k"),
        ("perf", 120.0, 118.0, "tok/s", "8k"),
    ]


def test_counts_after_at_that_say_no_tokens_name_no_context() -> None:
    """ "@8", "@64" alone may count requests in flight as well: without a sibling in thousands, no length."""
    text = _AT_LENGTH_ROWS.replace("@256", "@8").replace("@1k", "@64").replace("@8k", "@32")
    assert all("isl" not in c.config for c in _claims(text))
