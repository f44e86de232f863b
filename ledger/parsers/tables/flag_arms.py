"""Arms a table names by a command-line flag: a column "+ `--enable-torch-compile` (tok/s)" beside "default (tok/s)",
a row "TP8 + `--cuda-graph-max-bs 256`" under a row "TP8", a column named by a switch alone ("DP attention (tok/s/GPU)"
beside "Published (tok/s/GPU)"). The flag is that arm's setting (vocab.flags.flag_settings:
a switch's state, "--enable-dp-attention" attention_dp on; the tools' key, "--tp 8"; else the flag's own name,
enable_torch_compile on), on its own values alone: the arm beside it, which names no flag, ran without it. The label
is no measure's name: a column's values are measured in what their unit measures where the flagged name was all the
header said, a row's in its column's measure ("Output tok/s", never "Output tok/s (TP8 + --cuda-graph-max-bs 256)")."""

from __future__ import annotations

from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import head_without_unit
from ledger.vocab.flags import flag_settings
from ledger.vocab.switch_words import named_switch
from ledger.vocab.units import measure_of_unit

_LABEL_KEYS = ("row", "workload", "variant")
"""The config keys a row's label is kept under (the row's name, the workload a setup-only label states, the arm a
label against a base row names)."""
_EDGES = " *_`"


def flag_columns(headers: list[str], roles: list[str]) -> dict[str, dict[str, str]]:
    """The value columns whose header names a flag, or a switch alone ("DP attention (tok/s/GPU)"): header -> the
    settings they set."""
    out: dict[str, dict[str, str]] = {}
    for i, head in enumerate(map(clean, headers)):
        if i < len(roles) and roles[i] in ("value", "mixed") and (own := column_settings(head)):
            out[head] = own
    return out


def column_settings(head: str) -> dict[str, str]:
    """The settings a column's header names by a flag ("+ `--enable-torch-compile` (tok/s)") or by a switch alone
    ("DP attention (tok/s/GPU)")."""
    if "--" in head:
        return flag_settings(clean(head))
    # (a one-word header with no unit, "Overlap", may name what its cells measure: a switch's name needs more)
    return named_switch(head_without_unit(clean(head)).strip(_EDGES)) if "(" in head or " " in head.strip() else {}


def on_flag_arms(claims: Iterator[Claim], columns: dict[str, dict[str, str]]) -> Iterator[Claim]:
    """The claims, each under a flagged column or in a flagged row with the flag's settings in its config, its metric
    no longer the flagged name."""
    for c in claims:
        column = clean(str(c.config.get("column") or ""))
        label = next((str(c.config[k]) for k in _LABEL_KEYS if "--" in str(c.config.get(k) or "")), "")
        own = {**flag_settings(label), **columns.get(column, {})}
        if not own or c.value is None:
            yield c
            continue
        metric = c.metric or ""
        if column in columns and metric.strip(_EDGES).lower() == head_without_unit(column).strip(_EDGES).lower():
            metric = measure_of_unit(c.unit) or metric  # ("+ --enable-torch-compile (tok/s)": a throughput)
        elif label and metric.endswith(f" ({label})"):
            metric = metric[: -len(label) - 3]  # ("Output tok/s (TP8 + --cuda-graph-max-bs 256)": the column's)
        elif label and metric.startswith(f"{label} "):
            metric = metric[len(label) + 1 :]
        yield c.model_copy(update={"metric": metric, "config": {**c.config, **own}})
