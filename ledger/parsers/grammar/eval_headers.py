"""The line lm-eval prints over its results table: the run's settings as the harness held them.

    vllm ({'pretrained': 'org/M', 'tensor_parallel_size': 2, 'max_model_len': 4096}), gen_kwargs: (temperature=0.0),
    limit: 300.0, num_fewshot: 5, batch_size: 64

Its client's arguments (written "key=value,..." or as a Python dict), the sampling asked for (gen_kwargs) and the
samples scored of each task (limit) set up the scores under it; "None" and "auto" state nothing. What the line
prints is what ran: it wins over a paragraph's "temperature 0.6" above it (its scope is the narrower).

Linear: bounded parts, each ending on a character its repeat excludes.
"""

from __future__ import annotations

import re

from ledger.vocab.flags import ARG_KEYS, EVAL_HEADER_KEYS, GEN_KWARG_KEYS, arg_value

_HEADER_RE = re.compile(
    r"^[ \t]{0,8}[\w-]{1,40}[ \t]\((?P<args>[^()\n]{1,2000})\),[ \t]{0,4}gen_kwargs:[ \t]{0,4}"
    r"\((?P<gen>[^()\n]{0,500})\)(?P<rest>[^\n]{0,300})$"
)
# "pretrained=org/M" or "'pretrained': 'org/M'" (a dict's quoted key and value)
_PAIR_RE = re.compile(r"['\"]?(?P<key>\w{1,40})['\"]?[ \t]{0,3}[:=][ \t]{0,3}['\"]?(?P<value>[^,'\"\s{}]{1,200})")
_UNSET = frozenset(("none", "auto", ""))


def eval_header_setup(text: str) -> dict[str, str]:
    """The setup lm-eval's header line states ({} for any other line)."""
    m = _HEADER_RE.match(text[:3000]) if "gen_kwargs" in text else None
    if m is None:
        return {}
    out: dict[str, str] = {}
    for part, keys in ((m["args"], ARG_KEYS), (m["gen"], GEN_KWARG_KEYS), (m["rest"], EVAL_HEADER_KEYS)):
        for p in _PAIR_RE.finditer(part):
            key, value = p["key"], p["value"].strip()
            if key in keys and value.lower() not in _UNSET:
                out[keys[key]] = arg_value(key, value) if keys is not EVAL_HEADER_KEYS else _count(value)
    return {k: v for k, v in out.items() if v}


def _count(value: str) -> str:
    """ "300.0" -> "300": the harness prints its count as a float; "" for a share ("limit: 0.5", half of each task)."""
    whole, dot, frac = value.partition(".")
    return whole if whole.isdigit() and (not dot or frac.strip("0") == "") else ""
