"""What a group row ("| **GSM8K** | | |", "| **p99** | | |", a label over empty cells) says of the rows under it,
when it names no model and no setup (results.py reads those): the data set they ran on, or the statistic or part of
the measure they give.

A data set is the rows' `dataset` (an accuracy's `task`): the group is where they ran, never a word of what they
measure, so "Accept Rate" under **GSM8K** and under **MBPP** are one measure on two data sets, two series a
comparison keeps apart however the groups are ordered. Any other label names their measure first ("mean", "p99"):
mean and p99 at one concurrency are never one series. Read after the row's columns named its measure (a cell paired
with its baseline column takes the measure both columns share), so no cell of the row is left out of its group.
"""

from __future__ import annotations

from collections.abc import Iterator

from ledger.model import Claim
from ledger.vocab.data_sets import data_set_named


def in_group(claims: Iterator[Claim], group: str) -> Iterator[Claim]:
    """The row's claims under the group row `group` (see the module); a row's own data set or task wins."""
    data_set = data_set_named(group)
    for c in claims:
        if data_set is not None:
            if not {"task", "dataset"} & c.config.keys():
                key = "task" if c.kind == "accuracy" else "dataset"
                c = c.model_copy(update={"config": {**c.config, key: data_set}})
            yield c
            continue
        metric = c.metric or ""
        yield c.model_copy(
            update={"metric": metric if group.lower() in metric.lower() else f"{group} {metric}".strip()}
        )
