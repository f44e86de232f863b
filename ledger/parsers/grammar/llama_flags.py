"""The flags of llama.cpp's own tools: one dash and a short name ("llama-sweep-bench -m X.gguf -b 4096 -ub 4096
-ngl 100 -fa 1"), which set up every row the run prints, under the vocabulary's keys (vocab.flags
LLAMA_TOOL_FLAG_KEYS). Apart from commands.py, which reads the serving tools' double-dash flags."""

from __future__ import annotations

import re

from ledger.vocab.flags import LLAMA_TOOL_FLAG_KEYS, names_perplexity_tool
from ledger.vocab.word_gate import WordGate

# (asked of every command and of whole tables' texts: opening with an alternation of a line's start and four marks,
# the pattern was entered at every blank; searched only where "llama-" stands, see vocab.word_gate)
LLAMA_TOOL_RE = WordGate(
    re.compile(r"(?:^|[\s/\\`])llama-(?:server|cli|bench|sweep-bench|spec|speculative|batched|perplexity|simple)\b")
)
"""llama.cpp's own tools, whose "--batch-size" is the logical batch of tokens (n_batch), not how many requests run."""
# llama-bench and llama.cpp's compare-commits.sh (which runs llama-bench with the flags it is given)
_LLAMA_BENCH_RE = re.compile(r"(?:^|[\s/`])(?:llama-bench|compare-commits\.sh)\s")
# a flag and its one value: "-ngl 99", "--flash-attn on", "-fa=1"; a comma list ("-fa 0,1", "-p 0,512") is a sweep
# each row names its point of
_FLAG_RE = re.compile(r"(?:^|\s)--?(?P<flag>[a-z][a-z-]{0,20})(?:=|\s{1,4})(?P<value>[\w.,]{1,40})(?![^\s`])")


def llama_tool_flags(text: str) -> dict[str, str]:
    """The setup a llama.cpp tool's command states for every row it prints: the settings its flags name (never
    "auto", the tool's choice, nor a sweep's list), and llama-bench's lengths (_bench_lengths)."""
    head = text[:200]
    bench = _LLAMA_BENCH_RE.search(head) is not None
    if not bench and LLAMA_TOOL_RE.search(head) is None:
        return {}
    flags: dict[str, str] = {}
    for m in _FLAG_RE.finditer(text[:4000]):
        flags.setdefault(m.group("flag"), m.group("value"))
    perplexity = names_perplexity_tool(head)
    out: dict[str, str] = {}
    for flag, value in flags.items():
        key = LLAMA_TOOL_FLAG_KEYS.get(flag)
        if key is None or "," in value or value.lower() == "auto" or (key == "max_model_len" and perplexity):
            continue
        out.setdefault(key, value)
    return {**out, **_bench_lengths(flags)} if bench else out


def _bench_lengths(flags: dict[str, str]) -> dict[str, str]:
    """llama-bench's prompt test (-p) and generation test (-n) are separate rows: a length holds for all of them only
    when the other test is off ("-p 0 -n 32": every row generates 32 tokens; "-p 512 -n 128": each row names its
    own)."""
    prompt, gen = flags.get("p"), flags.get("n")
    if gen and gen.isdigit() and prompt == "0" and gen != "0":
        return {"osl": gen}
    if prompt and prompt.isdigit() and gen == "0" and prompt != "0":
        return {"isl": prompt}
    return {}
