"""The name an eval harness gives one run, printed where a record names its model: sglang's run_eval writes
"openai__gpt-oss-20b-low_temp1.0_20260317_060903", the checkpoint (its org, if any, and name joined by "__"), the
reasoning effort it was asked for, the temperature it sampled at and when it ran. The run's setup is its parts: the
model in full ("openai/gpt-oss-20b"), the effort and the temperature as their keys; the time names no setup (two runs
of one setup differ in it), so it is dropped.

Linear: one anchored pattern of bounded parts on a name of at most 160 characters."""

from __future__ import annotations

import re

REASONING_EFFORT = "reasoning_effort"
"""The setup key of the effort a reasoning model was asked for ("low", "medium", "high"): its scores move with it."""

_RUN_NAME_RE = re.compile(
    r"(?:(?P<org>[A-Za-z0-9][\w.-]{0,40}?)__)?(?P<model>[A-Za-z0-9][\w.-]{0,80}?)"
    r"(?:-(?P<effort>low|medium|high|minimal))?"
    r"(?:_temp(?P<temp>\d{1,2}(?:\.\d{1,3})?))?"
    r"(?:_(?P<time>\d{8}_\d{6}))?"
)


def eval_run_setup(name: str) -> tuple[str, dict[str, str]] | None:
    """ "openai__gpt-oss-20b-low_temp1.0_20260317_060903" -> ("openai/gpt-oss-20b", {"reasoning_effort": "low",
    "temperature": "1.0"}); None for a name that is no run's (a checkpoint's name or path alone: no temperature and
    no time after the model)."""
    m = _RUN_NAME_RE.fullmatch(name.strip()) if "_" in name and len(name) <= 160 else None
    if m is None or not (m["temp"] or m["time"]):
        return None  # ("Qwen3-8B-high" alone: a checkpoint's name may end in any word)
    parts = {REASONING_EFFORT: m["effort"], "temperature": m["temp"]}
    return (f"{m['org']}/" if m["org"] else "") + m["model"], {k: v for k, v in parts.items() if v}
