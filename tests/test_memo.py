"""The text caches: the answer the function gives, remembered for short texts (and the last few long ones), in
bounded room, and a remembered answer found without running any Python code (the extractors ask them ~100,000
times a run)."""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

from ledger.memo import LONG, LONG_KEPT, SHORT, clear_all, last_document, short_text_cache
from ledger.parsers.reader.document import read_document


def _words(text: str) -> tuple[str, ...]:
    """A pure helper of the kind the extractors remember: the words of a line."""
    _words.asked += 1  # type: ignore[attr-defined]
    return tuple(text.split())


def _remembered(maxsize: int) -> Any:
    _words.asked = 0  # type: ignore[attr-defined]
    return short_text_cache(maxsize)(_words)


def test_a_remembered_helper_answers_as_the_helper_and_asks_it_once_per_short_text() -> None:
    words = _remembered(16)
    lines = ["TP8 on H100, ISL 1024", "mean TTFT 41.2 ms", "TP8 on H100, ISL 1024"]
    assert [words(t) for t in lines] == [tuple(t.split()) for t in lines]
    assert _words.asked == 2  # type: ignore[attr-defined]


def test_a_text_past_long_is_asked_every_time_and_never_kept() -> None:
    words = _remembered(16)
    long = "x " * LONG
    assert words(long) == words(long) == tuple(long.split())
    assert _words.asked == 2  # type: ignore[attr-defined]


def test_only_the_last_few_long_texts_are_kept() -> None:
    """A text between SHORT and LONG (a paragraph on one line, read by every setup reader) is remembered, but only
    the last LONG_KEPT of them: a document of long lines keeps the cache small."""
    words = _remembered(16)
    longs = [f"{n} " + "x " * SHORT for n in range(LONG_KEPT + 1)]
    for text in longs:
        assert words(text) == words(text) == tuple(text.split())
    assert _words.asked == LONG_KEPT + 1  # type: ignore[attr-defined]
    words(longs[-1])  # among the last LONG_KEPT: remembered
    assert _words.asked == LONG_KEPT + 1  # type: ignore[attr-defined]
    words(longs[0])  # the oldest, dropped: asked again
    assert _words.asked == LONG_KEPT + 2  # type: ignore[attr-defined]
    assert len(words.__self__) <= LONG_KEPT


def test_the_room_stays_bounded_and_an_answer_dropped_is_asked_again() -> None:
    words = _remembered(4)
    for n in range(10):
        assert words(f"batch size {n}") == ("batch", "size", str(n))
    assert _words.asked == 10  # type: ignore[attr-defined]
    assert words("batch size 9") == ("batch", "size", "9")  # among the last four: remembered
    assert _words.asked == 10  # type: ignore[attr-defined]
    assert words("batch size 0") == ("batch", "size", "0")  # the oldest, dropped: asked again
    assert _words.asked == 11  # type: ignore[attr-defined]


def test_short_texts_make_room_among_themselves_and_the_long_texts_kept_stay() -> None:
    """The oldest SHORT text makes room for a new one (found in the order the short texts came, not as the dict's
    first key: dropping that again and again walked the emptied slots each time); a long text kept among the last
    LONG_KEPT is not dropped for them."""
    words = _remembered(4)
    long = "7 " + "x " * SHORT
    words(long)
    for n in range(12):
        words(f"tp {n}")
    assert _words.asked == 13  # type: ignore[attr-defined]
    words(long)  # kept: still one of the last long texts
    words("tp 11")  # among the last short ones
    assert _words.asked == 13  # type: ignore[attr-defined]
    words("tp 0")  # the oldest short text, dropped
    assert _words.asked == 14  # type: ignore[attr-defined]
    assert len(words.__self__) <= 4 + 1


def test_a_remembered_answer_runs_no_python_code() -> None:
    words = _remembered(16)
    words("FP8 KV, MTP3")
    calls: list[str] = []

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            calls.append(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        words("FP8 KV, MTP3")
    finally:
        sys.setprofile(None)
    assert calls == []
    # (and a text not found reads the cache's own attributes from slots, not an instance dict: a quarter of a miss)
    assert not hasattr(words.__self__, "__dict__")


def test_a_reader_of_the_document_is_asked_once_per_document_and_again_for_another() -> None:
    """last_document: the readers of the setup ask the same whole-document readers (after_results, turn_bounds); the
    answer is the reader's own, kept for the document last asked of (the same object) and forgotten by clear_all."""
    asked: list[int] = []

    def lines(doc: Any) -> int:
        asked.append(1)
        return len(doc.lines)

    remembered = last_document(lines)
    one, other = read_document("# A\n\nTP8 on H100\n", "a.md"), read_document("# B\n", "b.md")
    assert [remembered(one), remembered(one), remembered(other), remembered(one)] == [
        4,
        4,
        2,
        4,
    ]  # (the text after the last newline is a line too)
    assert len(asked) == 3  # one, other, then one again: only the last document is kept
    clear_all()
    assert remembered(one) == 4 and len(asked) == 4


def test_the_line_questions_every_reader_asks_again_are_remembered_and_answer_as_asked_anew() -> None:
    """A run of seven hex digits (each revision reader asks it of each line it reads), whether a label is a side's
    name alone (each pair's label, each heading) and the setting a line's tail leads its next lines to vary (each
    line of a block) are dict look-ups once asked: the same answers as the pattern, or the helper asked anew, on
    every fixture line and made ones."""
    import re

    from _fixture_lines import fixture_lines

    from ledger.parsers.kv import arms
    from ledger.vocab.sides import side_alone
    from ledger.vocab.text import has_hex_run

    made = ["commit 4f2e9A1 on main", "ABCDEF0 deadbee", "Throughput per attention backend:", "per run:", "main"]
    made += ["the main branch", "(this PR)", "origin/main", "Before this PR", "é1234567", "12345678"]
    for text in [*fixture_lines()[::8], *made, *made]:  # (every 8th: the helper asked anew is the slow side)
        assert has_hex_run(text) == (re.search("[0-9a-f]{7}", text) is not None), text
        assert has_hex_run(text, any_case=True) == (re.search("[0-9a-fA-F]{7}", text) is not None), text
        assert side_alone(text) == side_alone.__self__.fn(text), text  # type: ignore[attr-defined]
        assert arms._lead_key(text[-120:]) == arms._lead_key.__self__.fn(text[-120:]), text  # type: ignore[attr-defined]
    assert arms.arm_key("Throughput per attention backend:", "x") == "attention_backend"
    assert arms.arm_key("FLASHINFER: 120 tok/s", "attention_backend") == "attention_backend"
    assert arms.arm_key("  ", "attention_backend") is None
