"""Settings a line assigns with "=" under a key no other setup word reads: a drafter's own tensor parallelism
("Draft TP=1", "Drafter TP=2": the draft model's ranks, never the target's tp) and a load generator's rate in queries
per second ("at QPS=2", "qps: 8"), as a table's QPS column names it: the request rate, by its initials (one key with
"at a request rate of 4": one concept, so compare pairs "QPS=4" with "request rate 4 req/s"). Apart from setup.py,
which reads them among its setup words (size rule); the drafter's word is read before the parallel sizes, so that
its "TP=1" is no tp."""

from __future__ import annotations

import re

from ledger.vocab.setup_word import make_word as _word

# "Draft TP=1", "Drafter TP 2", "draft model TP=4", "draft_tp=1": the ranks the draft model is split over
_DRAFT_TP = r"draft(?:er)?(?:[ _-]model)?[ _-]?tp ?[=:]? ?(\d{1,2})"
# "at QPS=2", "QPS: 8", "qps = 0.5": the rate requests were sent at, request_rate (a bare "QPS 2" may be a column's
# label)
_QPS = r"qps ?[=:] ?(\d{1,4}(?:\.\d{1,2})?)"
# "at a request rate of 40", "with the request rate at 60", "request rate = 8": the rate a load generator sent at
_REQUEST_RATE = r"request[ _-]rate(?: of| at| ?[=:])? ?(\d{1,4}(?:\.\d{1,2})?)"
ASSIGNED_SIZE_WORDS = (
    _word("draft_tp", "draft_tp", _DRAFT_TP, ("draft",), ("draft",)),
    _word("request_rate", "request_rate", _QPS, ("qps",), ("qps",)),
    _word("request_rate", "request_rate", _REQUEST_RATE, ("request",), ("request",)),
)
"""The words, in the order setup.py's table reads them (before the parallel sizes)."""

# the words of _REQUEST_RATE right before its number: the rate is how the load was sent, never a result
_SENT_RATE_RE = re.compile(r"request[ _-]rate(?: of| at| ?[=:])? ?$", re.IGNORECASE)


def sent_rate(text: str, start: int) -> bool:
    """ "At a request rate of 40 req/s, TTFT was ...": the number at `start` is the rate the requests were sent at."""
    return _SENT_RATE_RE.search(text, max(0, start - 24), start) is not None
