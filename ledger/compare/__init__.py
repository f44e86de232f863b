"""Compare claims across revisions: comparability keys, a noise model, and verdicts.

Pure logic: claims in, aligned pairs and verdicts out. No SQL, no printing, no text parsing
beyond normalising the metric names and configuration values that extraction already produced.
Targets (files, claims files, ledger documents) are loaded by ledger.targets, which hands them here.
"""

from ledger.compare.align import Row, compare, compare_series
from ledger.compare.judge import (
    AMBIGUOUS,
    IMPROVEMENT,
    INSUFFICIENT,
    MISSING,
    NEW,
    NOISE,
    NOT_COMPARABLE,
    REGRESSION,
    VERDICTS,
    Pair,
    implausible,
    judge,
    latest_against_history,
    number,
)
from ledger.compare.keys import Key, claim_key, key_difference, with_default_config
from ledger.compare.noise import NoiseModel, Threshold, noise_from_options, threshold_for
from ledger.compare.references import ReferenceCheck, RegisteredReference, check_references
from ledger.compare.revisions import RevisionRef, Snapshot, select_window, split_revisions
from ledger.compare.run import Comparison, Loaded, compare_loaded
from ledger.compare.tested import TestedCommit, stated_vs_tested
from ledger.compare.trend import Series, Trend, trend_of

__all__ = [
    "AMBIGUOUS",
    "IMPROVEMENT",
    "INSUFFICIENT",
    "MISSING",
    "NEW",
    "NOISE",
    "NOT_COMPARABLE",
    "REGRESSION",
    "VERDICTS",
    "Comparison",
    "Key",
    "Loaded",
    "NoiseModel",
    "Pair",
    "ReferenceCheck",
    "RegisteredReference",
    "RevisionRef",
    "Row",
    "Series",
    "Snapshot",
    "TestedCommit",
    "Threshold",
    "Trend",
    "check_references",
    "claim_key",
    "compare",
    "compare_loaded",
    "compare_series",
    "implausible",
    "judge",
    "key_difference",
    "latest_against_history",
    "noise_from_options",
    "number",
    "select_window",
    "split_revisions",
    "stated_vs_tested",
    "threshold_for",
    "trend_of",
    "with_default_config",
]
