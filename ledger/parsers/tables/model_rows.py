"""A results table whose rows name the runs and whose columns name the benchmarks: "| qwen3-8b bf16 | 0.79 |",
"| qwen3-8b (AR<=0.13.1) iters 0 | 0.76 |" under "| ... | math_500 | gpqa_diamond |". Each cell is the column's
benchmark score; the row's label says which run (its model, precision, the release it was built with, its settings),
never part of the measure's name ("qwen3-8b bf16 math_500")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim, Revision
from ledger.parsers.tables.headers import head_without_unit, looks_metric
from ledger.parsers.tables.precision_columns import FULL_PRECISIONS
from ledger.vocab.metrics import named_benchmark
from ledger.vocab.setup import model_names, qualifiers
from ledger.vocab.tuning_words import label_knobs


def run_rows(labels: list[str], value_heads: list[str]) -> tuple[bool, str | None]:
    """Whether the rows name the runs (rows_name_runs), and the one model they name (table_model) where they do."""
    runs = rows_name_runs(labels, value_heads)
    return runs, table_model(labels) if runs else None


def rows_name_runs(labels: list[str], value_heads: list[str]) -> bool:
    """Every value column names a benchmark, most rows name a model, and no row names a measure of its own."""
    named = [label for label in labels if label]
    if not named or not value_heads or not all(named_benchmark(head_without_unit(h)) for h in value_heads):
        return False
    if any(looks_metric(label) or named_benchmark(label) for label in named):
        return False
    return sum(bool(model_names(label)) for label in named) * 2 > len(named)


def table_model(labels: list[str]) -> str | None:
    """The one model the rows that name a model all name ("qwen3.5-4b bf16", "qwen3.5-4b (AR<=0.13.1) iters 0"): the
    model of a row beside them that names none ("pr branch (AR>0.13.1) iters 0"), whatever a command above the table
    quantised or served; None where the rows name two models or none."""
    models = {m for label in labels if label for m in model_names(label)[:1]}
    return next(iter(models)) if len(models) == 1 else None


def full_precision_run(labels: list[str]) -> str | None:
    """The label of the one run in full precision ("qwen3-8b bf16", "qwen3-8b: BF16") among runs of quantised ones:
    their baseline; None where no one row, or every row, names a full precision."""
    full = [label for label in labels if qualifiers(label).get("quant", "").lower() in FULL_PRECISIONS]
    return full[0] if len(full) == 1 and len([label for label in labels if label]) > 1 else None


# a release bound in a run's label: "(AR<=0.13.1)", "(vllm>=0.9)": the build the run was made with
_RELEASE_BOUND_RE = re.compile(
    r"\(\s?(?P<bound>[A-Za-z][\w.-]{0,24}\s?[<>=≤≥]{1,2}\s?v?\d{1,4}(?:\.\d{1,4}){0,3})\s?\)"
)


def on_run_label(claims: Iterator[Claim], label: str) -> Iterator[Claim]:
    """The claims of a row naming its run by the release it was built with ("qwen3-8b (AR<=0.13.1) iters 0" beside
    "(AR>0.13.1)"): old code against new, a revision labelled by the bound, where nothing named one already; and
    with the tuning knobs the label states ("iters 0"): a run tuned 0 steps and one tuned 200 are two checkpoints."""
    if knobs := label_knobs(label):
        claims = (c.model_copy(update={"config": {**knobs, **c.config}}) for c in claims)
    m = _RELEASE_BOUND_RE.search(label[:200])
    if m is None:
        yield from claims
        return
    rev = Revision(label=re.sub(r"\s", "", m.group("bound")))
    for c in claims:
        yield c if c.revision is not None else c.model_copy(update={"revision": rev})
