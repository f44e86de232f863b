"""A logger's record whose message is a name and a value: "2024-07-25T14:22:11Z | compress | INFO - time 22.87"."""

from __future__ import annotations

import re

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.kv.labels import is_config, measured
from ledger.vocab.metrics import is_gauge_name, kind_for_metric

# "2024-07-25T14:22:11Z | compress | INFO - time 22.87": a logger's record whose message is a name and a value
LOG_RECORD_RE = re.compile(
    r"^.{0,80}?\|\s*(?P<module>[\w.]{1,40})\s*\|\s*(?:INFO|DEBUG)\s*[-:|]\s+"
    r"(?P<label>[A-Za-z][\w]{0,30}(?: [A-Za-z][\w]{0,30}){0,2})\s+(?P<value>[-+]?\d{1,12}(?:\.\d{1,12})?)"
    r"(?:\s?(?P<unit>ms|s|us|sec|seconds|GB|GiB|MB|MiB|%))?\s*$"
)


_ERROR_WORD_RE = re.compile(r"^(?:errors?|err)$", re.IGNORECASE)


def log_record_claim(ctx: Context, no: int, text: str, m: re.Match[str]) -> Claim | None:
    """The value of a log record (LOG_RECORD_RE), named by its module and its label, when the label names a
    measured quantity that is not a setting."""
    label, unit = m.group("label"), m.group("unit")
    # "error 1503.34": an error count is whole, so a fraction is a measured error
    counted = is_config(label, unit) and not ("." in m.group("value") and _ERROR_WORD_RE.match(label))
    if not measured(label) or counted or is_gauge_name(label):
        return None
    metric = f"{m.group('module')} {label}"
    ctx.take(no, m.start("label"), m.end())
    return ctx.claim(
        kind_for_metric(metric, unit),
        no,
        text[m.start("module") : m.end()].strip(),
        metric=metric,
        value=float(m.group("value")),
        unit=normalise_unit(unit) if unit else None,
    )
