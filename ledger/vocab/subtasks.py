"""A benchmark's subtasks: the harness names a subject or a subset after its benchmark ("mmlu_anatomy",
"ceval-valid_accountant", "truthfulqa_mc2", "mmmu_val Art and Design"), and each is a series of its own under it:
two subjects' scores are two measures, never two values of one."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.vocab.metrics import BENCHMARK_ALTERNATION
from ledger.vocab.name_hints import config_hints
from ledger.vocab.text import MAX_NAME, clean_name

_LEADING_RE = re.compile(r"^(?:" + BENCHMARK_ALTERNATION + r")", re.IGNORECASE)
_NAME_RE = re.compile(r"^[\w][\w .&/+-]*$")
"""A harness's task name (and the words of a subject under its group): no bracket, colon or comma, so "gsm8k (1319
samples)" stays a benchmark with its count, no subtask."""
_SPLIT_WORDS = frozenset(("val", "valid", "validation", "test", "dev", "testmini"))
"""The split a task name may add to its benchmark ("mmmu_val", "ceval-valid"): the benchmark itself."""
_WORD_RE = re.compile(r"[a-z0-9.+&]+")


@short_text_cache(2048)  # (each row of an eval's table, again by each claim of it)
def benchmark_subtask(task: str) -> str:
    """The subtask a task name opening with a benchmark names ("ceval-valid_accountant" -> "accountant", "mmmu_val"
    -> ""), its split and setup words ("5-shot") aside; "" when the name is the benchmark or no harness's name."""
    text = clean_name(task)[:MAX_NAME].replace("_", " ")
    m = _LEADING_RE.match(text)
    if m is None or not _NAME_RE.match(text):
        return ""
    _, rest = config_hints(text[m.end() :])
    words = [w for w in _WORD_RE.findall(rest) if w not in _SPLIT_WORDS and any(c.isalpha() for c in w)]
    return " ".join(words)


CATEGORY_LABELS = frozenset(("subject", "category", "subcategory", "subtask", "subset", "domain", "topic"))
"""The labels an eval script's line names the part of its benchmark a score is of with ("subject: anatomy, #q:135,
acc: 0.811", SGLang's MMLU script): each part's score a series of its own."""
COUNT_LABELS = frozenset(("#q", "#questions", "#samples", "num_questions", "questions", "n_questions"))
"""The labels the same line counts the part's questions with: the score's sample count, no result."""
