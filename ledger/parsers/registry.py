"""The extractors, in the order they run. Specific formats first, general prose last.

Each module has NAME, VERSION, BLOCKS and extract(block, ctx); see ledger/parsers/base.py.
"""

from __future__ import annotations

from ledger.parsers.base import Extractor
from ledger.parsers.formats import (
    accuracy_test,
    ci_bot,
    commits,
    configured_scores,
    eval_gate,
    k6,
    llama_bench,
    lm_eval,
    population_counts,
    reference_yaml,
    result_dicts,
    verdicts,
)
from ledger.parsers.formats import pass_counts as test_counts
from ledger.parsers.gates import named as gates
from ledger.parsers.kv import lines as kv_lines
from ledger.parsers.kv import value_first
from ledger.parsers.prose import sentences as prose
from ledger.parsers.support import matrix as support_table
from ledger.parsers.support import prose as support_prose
from ledger.parsers.tables import results as tables

EXTRACTORS: tuple[Extractor, ...] = (
    support_table,  # Yes / No / N/A matrices take their tables whole
    lm_eval,  # |Tasks|Version|Filter|n-shot|Metric|...|Value|...|Stderr|
    commits,  # commit tables and shas in text
    ci_bot,  # "completed with state SUCCESS. Commit: 257d5f0"
    verdicts,  # "test_x: PASSED", "✓ Correctness test PASSED", "pr:   FAILED tests/a.py::t - assert 2210.41 >= ..."
    llama_bench,  # llama-bench / batched-bench tables: only the t/s and time columns are results
    eval_gate,  # "FAIL: gsm8k exact_match,strict-match = 0.8362 (< 0.91 from models.x)": a score and its bar
    accuracy_test,  # TensorRT-LLM's "Reference accuracy: 88.000 ... Evaluated accuracy: 41.503": one result, its ref
    reference_yaml,  # "acme/Qux-2:" over "- quant_algo: FP8 / accuracy: 65.4": a task's references, one per setup
    k6,  # "queue_time......: avg=657.6ms min=1ms p(90)=1.19s": a dotted name's statistics
    result_dicts,  # "{'Music': {'num': 30, 'acc': 0.4}, ...}": each subject's scores, its count no score
    population_counts,  # "Failed requests: 2 of 1319 (main: 1 of 1319)": a count, its population, the other side's
    configured_scores,  # "gsm8k accuracies:" over "- **MTP draft length 1:** 88.135": each item a setup's score
    kv_lines,  # "Mean TTFT (ms): 12.3", "[AR] P50 : 1.82" in benchmark output
    value_first,  # "5.4412 - 13B, q4_0" runs of lines under a measure named above them
    test_counts,  # "=== 12 passed, 1 failed in 4.2s ===", "41/41 passing"; before tables: "805 passed" is a count
    tables,  # result tables of every dialect (pipe, tab, ASCII, box, blank-aligned; in code or not)
    support_prose,  # "Yes for A, B; No for C" support statements
    gates,  # named checks with an outcome and no count: "mypy | clean", "videos pass", "Not verified:" lists
    prose,  # everything else: "gsm8k 96.25 (ref 96.36)", "158 -> 30 ms", "~370"
)
