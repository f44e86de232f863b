"""A label's values joined by " / " with the unit printed once after the last, and a setting listed right after them
as many times: "Decode throughput: 61.2 / 350.7 / 1,212.9 tok/s at batch sizes 1 / 8 / 32" is three decode
throughputs in tok/s, one per batch size, each under the label's own measure (not the first alone in tok/s and the
others numbered "(2)", "(3)" for want of a unit).

Apart from lines.py, which reads every pair; here is the one question of what such a run of values shares."""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers.grammar.pairs import Pair
from ledger.vocab.list_settings import setting_list

_JOINT = " / "


def slash_run(
    text: str, pair: Pair, conts: list[tuple[float, str | None, str, int, int]]
) -> tuple[str, str, list[str]] | None:
    """(unit, setting key, the setting's values) of a run as above: the pair's value and every continuation joined by
    " / ", the last alone with a unit, and the setting listed after it with one value per member (no key and no
    values where no such setting follows: the members share the unit alone); else None."""
    if pair.unit is not None or not conts or not conts[-1][1] or any(c[1] for c in conts[:-1]):
        return None
    ends = [pair.end, *(c[4] for c in conts[:-1])]
    if any(text[end : c[3]] != _JOINT for end, c in zip(ends, conts, strict=True)):
        return None
    listed = setting_list(text, conts[-1][4])
    if listed is None or len(listed[1]) != len(conts) + 1:
        return conts[-1][1] or "", "", []  # ("132.29 / 132.70 / 132.20 ms": three runs in ms, told by place)
    return conts[-1][1] or "", listed[0], listed[1]


def share_run(claims: list[Claim], metric: str, run: tuple[str, str, list[str]]) -> None:
    """Give each of a run's claims (the pair's first, then its continuations) the run's unit, the label's measure and
    its own value of the listed setting; where none is listed, the measure with its place, as lines.py names them."""
    unit, key, values = run
    for k, c in enumerate(claims, start=1):
        c.unit, c.metric = unit, metric if key or k == 1 else f"{metric} ({k})"
        if key and k <= len(values):
            c.config[key] = values[k - 1]


def slash_shared(
    series: list[Claim],
    text: str,
    pair: Pair,
    conts: list[tuple[float, str | None, str, int, int]],
    metric: str | None,
) -> list[Claim]:
    """`series` (the pair's claim, then its continuations') as a run above reads them, where they are one; as they
    are where the label names each value's statistic (`metric` None: "latency (min/max/ave)")."""
    if metric is not None and (run := slash_run(text, pair, conts)) is not None:
        share_run(series, metric, run)
    return series
