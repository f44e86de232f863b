"""The names a llama.cpp-style thread gives its two speeds, the bench's short names of them, and the words that qualify
a measure's name after a value."""

from __future__ import annotations

import re

from ledger.vocab.units import canonical_unit

# What a change after "faster", "improvement for" names in a llama.cpp-style thread: its two speeds and their test
# names ("5% faster TG", "improvement for PP", "faster pp512"); never a metric alone ("PP=2" is pipeline parallelism)
SPEED_MEASURE_WORDS = r"prompt processing|token generation|text generation|prefill|decode|\bpp\d{0,5}\b|\btg\d{0,5}\b"
_SPEED_NAME_RE = re.compile(SPEED_MEASURE_WORDS, re.IGNORECASE)
BENCH_TEST_NAMES = (r"\bpp\d{2,5}\b", r"\btg\d{2,5}\b")
"""llama-bench's test names, a speed over a stated token count ("tg128 278.6 vs 287.2", "pp512 up 4%"): each names
the measure of a number beside it in prose as "tok/s" would, though no unit is printed (never "pp" alone, the
percentage points, nor "PP=2")."""


def bench_speed_name(name: str) -> bool:
    """ "PP", "TG", "PP512": a speed's short name as a bench prints it, in capitals: never the unit "pp" (percentage
    points) nor a lowercase word ("+80% prefill" names its own change, and the share after it keeps its measure)."""
    return not name.islower() and _SPEED_NAME_RE.fullmatch(name) is not None


STAGE_WORDS = r"output|input|prompt|prefill|decode|generation"
"""The stages of a serving run whose token count is a setting before a bare count ("output 1024") and whose token
rate is a result ("output 7,410 tok/s"): the unit, never the word, tells the two apart."""
TOKEN_RATES = frozenset(("tok/s", "tok/s/gpu", "tok/s/user"))
"""The canonical units of a token rate."""
# "peak output 7,410 tok/s": a stage word right before a number (its length as a setting, "output 1024")
_STAGE_BEFORE_RE = re.compile(r"\b(?:" + STAGE_WORDS + r")\s?$", re.IGNORECASE)


def stage_rate(before: str, unit: str | None) -> bool:
    """ "peak output 7,410 tok/s vs 3,905 tok/s": a token rate after a stage's word is that stage's measured speed,
    not its length (a length is a bare count or "tokens")."""
    return canonical_unit(unit, "perf") in TOKEN_RATES and _STAGE_BEFORE_RE.search(before) is not None


NAME_MODIFIERS = (
    r"(?:memory|peak|effective|sustained|achieved|measured|average|mean|total|output|input|decode|prefill|e2e|"
    r"end-to-end|overall|copy|read|write|kernel)"
)
"""The words that qualify a measure's name between a value and it ("310 GB/s memory bandwidth", "1200 tok/s peak
throughput"): the name still the value's, never a later value's."""


# "an offline summarization scenario with Llama-70B on a single H200", "with GPT3-175B on a full HGX H200": a run
# told by the model and the machine it ran (a case's words, its workload in parentheses before them at most), whose
# speed-up a ratio after it is
_DESCRIBED_RUN_RE = re.compile(
    r"^(?:(?:[A-Za-z-]{1,20}\s){0,3}?(?:case|scenario|workload|setup|run|deployment)\s)?(?:\([^()]{0,80}\)\s)?"
    r"(?:with|on)\s",
    re.IGNORECASE,
)


def describes_run(name: str) -> bool:
    """The words are a run told by its setup (see above), no measure: "case with Foo-27B on two L40S"."""
    return _DESCRIBED_RUN_RE.match(name[:200]) is not None
