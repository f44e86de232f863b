"""The experiment a generated results page's heading names beside its model: "## Experiment - gsm8k_spec_decode |
DeepSeek-V3" over a table of rows that name only their backend.

    ## Experiment - bench_serving | Foo-7B            case bench_serving: the serving runs
    ## Experiment - bench_serving_spec_decode | Foo-7B   case bench_serving_spec_decode: the same rows, drafting
    ## Experiment - mmlu | Foo-7B                     task mmlu (its "Accuracy" column scores mmlu), case mmlu

A page like this repeats one table per experiment with the same row labels ("attn=fa3"); the experiment's name is
what tells one section's series from the next one's, so it is kept whole (as a name whose words tell series apart,
a soft key), and an eval it names is the task. Only a part written as a code name (lower case, words joined by
"_") counts, beside a part that names the model: a heading's prose ("Results - Foo-7B") states no experiment."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.vocab.metrics import named_benchmark

EXPERIMENT_KEY = "case"
"""The soft key the experiment's name is kept under (vocab.setup_keys.SOFT_KEYS: its words a variant of the series)."""
_PARTS_RE = re.compile(r"\s[|\-–]\s")
_CODE_NAME_RE = re.compile(r"`?([a-z][a-z0-9]{0,30}(?:_[a-z0-9]{1,30}){0,8})`?")


def experiment_setup(title: str, stated: Mapping[str, str]) -> dict[str, str]:
    """The experiment a heading of parts names (see the module) beside the model its heading states (`stated`: the
    setup read from it already, whose values no part repeats: "foo-7b | fp8" is a precision); {} for a heading with
    no model or no code-named part."""
    model = stated.get("model")
    said = {v.lower() for v in stated.values()}
    if not model or ("|" not in title and " - " not in title):
        return {}
    parts = [p.strip() for p in _PARTS_RE.split(title[:300])]
    if len(parts) > 4 or not any(model in p for p in parts):
        return {}
    names = [
        m.group(1) for p in parts if model not in p and (m := _CODE_NAME_RE.fullmatch(p)) and m.group(1) not in said
    ]
    if len(names) != 1:
        return {}
    out = {EXPERIMENT_KEY: names[0]}
    if (task := named_benchmark(names[0])) is not None:
        out["task"] = task
    return out
