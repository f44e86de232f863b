"""Extraction on hostile input: never an exception, provenance that points at the text, linear time."""

from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.model import CLAIMS_ADAPTER
from parsers import extract
from parsers.document import split_lines

# Pieces of the real formats, so that random documents reach deep into the extractors.
FRAGMENTS = [
    "| Metric | baseline | opt | Δ |\n|---|---:|---:|---:|\n", "| mean TTFT (ms) | 84.3 | 78.1 | −7.37 % |\n",
    "check\tresult\n", "test_gsm8k\t96.25 (ref 96.36)\n", "Final head (13c21f460b, rebased on main af3e5eb257):\n",
    "• TTFT 128 tokens 158 -> 30 ms\n", "  • acceptance length 1.971 / 3.704 at draft 1 / 3\n",
    "```\n", "Mean TTFT (ms):   42.17\n", "=== 12 passed, 1 failed in 4.2s ===\n", "~370 *\t4,787 - 4,827 **\n",
    "[tensorrt-cicd]\n\n", "PR_Github #1 [ run ] completed with state SUCCESS. Commit: 257d5f0\n",
    "# Heading\n", "Performance\n\n", "| `A` | Yes | No [^1] | N/A |\n", "[^1]: footnote\n", "\r\n", "\r",
    "\x00", "\t\t\t", "||||||", "-> -> ->", "1,2,3,4,5", "1m0.832s", "±", "\u202e", "\ufeff", " " * 50,
]


def _check(text: str) -> None:
    result = extract(text, path="fuzz.md")
    lines = split_lines(text)
    CLAIMS_ADAPTER.validate_python([c.model_dump() for c in result.claims])
    for c in result.claims:
        src = c.source
        assert 1 <= src.line <= src.line_end <= len(lines)
        span = "\n".join(lines[src.line - 1:src.line_end])
        assert src.text in span, (src.text, span)
    again = extract(text, path="fuzz.md")
    assert [c.model_dump() for c in again.claims] == [c.model_dump() for c in result.claims]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=40)), max_size=30))
def test_any_mix_of_fragments_extracts_cleanly(parts: list[str]) -> None:
    text = "".join(parts)
    _check(text)
    _check(text.replace("\n", "\r\n"))


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=400))
def test_any_unicode_text_extracts_cleanly(text: str) -> None:
    _check(text)


def _time(text: str) -> float:
    start = time.perf_counter()
    extract(text, path="big.md")
    return time.perf_counter() - start


HOSTILE = {
    "digits": "1" * 40_000,
    "pipes": "|" * 40_000,
    "arrows": "-> " * 12_000,
    "blanks": " \t" * 20_000,
    "commas": "1," * 8_000,
    "colons": "a: " * 12_000,
    "table": "| a | b |\n|---|---|\n" + "| x | 1.5 |\n" * 4_000,
    "ranges": "1 - " * 8_000,
}


def test_hostile_lines_grow_linearly() -> None:
    """Doubling the input must not much more than double the time (assert on the ratio, not a clock)."""
    for name, unit in HOSTILE.items():
        small, big = unit[: len(unit) // 2], unit
        t_small = min(_time(small) for _ in range(2))
        t_big = min(_time(big) for _ in range(2))
        assert t_big < 4 * t_small + 0.05, f"{name}: {t_small:.3f}s for half, {t_big:.3f}s for whole"
