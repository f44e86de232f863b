"""Settings a line assigns with "=" under a key no other setup word reads: a drafter's own tensor parallelism
("Draft TP=1", "Drafter TP=2": the draft model's ranks, never the target's tp) and a load generator's rate in queries
per second ("at QPS=2", "qps: 8"), as a table's QPS column names it. Apart from setup.py, which reads them among its
setup words (size rule); the drafter's word is read before the parallel sizes, so that its "TP=1" is no tp."""

from __future__ import annotations

from ledger.vocab.setup_word import make_word as _word

# "Draft TP=1", "Drafter TP 2", "draft model TP=4", "draft_tp=1": the ranks the draft model is split over
_DRAFT_TP = r"draft(?:er)?(?:[ _-]model)?[ _-]?tp ?[=:]? ?(\d{1,2})"
# "at QPS=2", "QPS: 8", "qps = 0.5": the rate requests were sent at (a bare "QPS 2" may be a column's label)
_QPS = r"qps ?[=:] ?(\d{1,4}(?:\.\d{1,2})?)"
ASSIGNED_SIZE_WORDS = (
    _word("draft_tp", "draft_tp", _DRAFT_TP, ("draft",), ("draft",)),
    _word("qps", "qps", _QPS, ("qps",), ("qps",)),
)
"""The words, in the order setup.py's table reads them (before the parallel sizes)."""
