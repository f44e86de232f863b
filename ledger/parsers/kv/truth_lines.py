"""An eval check's line that prints a score beside the score it should match, and how far apart they may be:

    gsm8k | exact_match,strict-match: ground_truth=0.800 | measured=0.792 | rtol=0.05

The measured score is the claim; the ground truth is its reference (what the model scores where it is known good);
the tolerance is the bar the check holds it to, an extra key and no claim. What comes before the first key is the
metric: the task and the harness's metric and filter, as lm-eval names its columns ("gsm8k exact_match,strict-match").
"""

from __future__ import annotations

import re

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import find_numbers
from ledger.vocab.metrics import kind_for_metric
from ledger.vocab.word_gate import WordGate

# the key of the known-good score, of the run's own, of the tolerance; each glued to its value by "=" or ":" (the
# truth's key, asked of every key/value line, behind its words: a case-blind `\b` is tried at every character)
_TRUTH_RE = WordGate(re.compile(r"\b(?:ground[_ ]truth|gt_value)[ \t]?[=:][ \t]?", re.IGNORECASE))
_MEASURED_RE = re.compile(r"\b(?:measured|observed)(?:_value)?[ \t]?[=:][ \t]?", re.IGNORECASE)
_TOLERANCE_RE = re.compile(r"\b(?P<key>[ar]tol|tolerance)[ \t]?[=:][ \t]?", re.IGNORECASE)
_NAME_SEPARATORS = " \t:;,"


def _value_at(text: str, at: int) -> tuple[float, int, int] | None:
    """The number that starts at `at` (after a key's "="): its value and span, None when none starts there."""
    nums = find_numbers(text, at, limit=1)
    if not nums or nums[0].start != at or nums[0].unit:
        return None
    return nums[0].value, nums[0].start, nums[0].end


def truth_claims(ctx: Context, no: int, text: str) -> list[Claim]:
    """The claim of line `no` when it prints a measured score beside its ground truth: the score, the truth its
    reference, the tolerance its threshold. The keys and the tolerance are taken: no claims of their own."""
    if "=" not in text and ":" not in text:
        return []
    if (truth_key := _TRUTH_RE.search(text)) is None:
        return []  # (most lines: the run's own key is not looked for)
    measured_key = _MEASURED_RE.search(text)
    if measured_key is None:
        return []
    truth = _value_at(text, truth_key.end())
    got = _value_at(text, measured_key.end())
    if truth is None or got is None or not ctx.is_free(no, got[1], got[2]):
        return []
    name = text[: min(truth_key.start(), measured_key.start())].replace("|", " ")
    metric = " ".join(name.strip(_NAME_SEPARATORS).split())
    if not metric:
        return []
    config: dict[str, str] = {}
    tol = _TOLERANCE_RE.search(text)
    if tol is not None and (bar := _value_at(text, tol.end())) is not None:
        config["threshold"] = f"{tol.group('key').lower()} {text[bar[1] : bar[2]]}"
    ctx.take(no, 0, len(text))
    claim = ctx.claim(
        kind_for_metric(metric),
        no,
        text[got[1] : got[2]],
        metric=metric,
        value=got[0],
        reference=truth[0],
        config=config,
    )
    return [claim]
