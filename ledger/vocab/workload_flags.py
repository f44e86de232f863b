"""Workload flags: switches of a load generator that change what each request asks of the server, but that the
setup does not key (vocab.flags keeps "--ignore-eos" out of it: keyed for one tool it would split one workload by
the tool's spelling). With the end-of-sequence token ignored every request decodes its whole output length, so a run
with it and a run without are two workloads: `trend` must not judge a step between them as the code's history.
"""

from __future__ import annotations

import re

# vLLM's and SGLang's "--ignore-eos" switch, a request field "ignore_eos: true" / "ignore_eos=True"
_IGNORE_EOS_RE = re.compile(r"--ignore[-_]eos\b|\bignore_eos\s{0,3}[:=]\s{0,3}[\"']?true\b", re.IGNORECASE)
WORKLOAD_FLAGS: tuple[tuple[str, re.Pattern[str]], ...] = (("--ignore-eos", _IGNORE_EOS_RE),)
"""(the flag's name as a note says it, what spells it in a text)."""


def stated_workload_flags(lines: list[str]) -> frozenset[str]:
    """The workload flags a document's text states anywhere (its commands, its request fields)."""
    return frozenset(
        name for name, pattern in WORKLOAD_FLAGS if any("eos" in ln.lower() and pattern.search(ln) for ln in lines)
    )
