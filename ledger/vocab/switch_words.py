"""Setup switched on or off with no size stated ("TP=4, EP enabled", "with DP attention", "--disable-overlap-schedule",
"overlap off:"): each a setup word whose value vocab.canonical.switch_value reads as "on" or "off". Apart from
setup.py, which reads them among its setup words (size rule)."""

from __future__ import annotations

import re

from ledger.vocab.setup_word import finditer_word
from ledger.vocab.setup_word import make_word as _word
from ledger.vocab.switch_values import switch_value

_SWITCH = r"enabled|disabled|on(?=[,;:.)|]|$)|off(?=[,;:.)|]|$)"
"""A switch's word after its name ("EP enabled", "overlap off:"; not "EP on 8 GPUs", where a board follows)."""

_WITH = r"(?:(?:with|without) |w/o? ?)"
"""A switch's name after the word adding or dropping it ("with DP attention", "w/ DP attention", "w/o overlap")."""

SWITCH_TRIGGERS = (
    r"expert|abled|cuda graph|cuda-graph|cuda_graph|overlap|dp attention|dp-attention|attention dp|attn dp|\+ ?ep"
    r"|--enforce-eager|chat[_-]template|as[_-]multiturn"
)
"""What a line naming a switch holds (vocab.setup's quick test of a line for any setup word: "EP enabled")."""

SWITCH_WORDS = (
    # switches stated with no size: "EP enabled", "with expert parallelism", "--enable-expert-parallel", "with DP
    # attention", "overlap scheduler off", "--disable-overlap-schedule" (vocab.canonical switch_value: on / off)
    _word(
        "ep",
        "ep",
        rf"((?:ep|expert[ -]parallel(?:ism)?)(?: ?[=:] ?| )(?:{_SWITCH})|{_WITH}expert[ -]parallel(?:ism)?"
        r"|--enable-expert-parallel|\+ ?ep)",  # ("TP2 + EP": expert parallel added to the tensor parallel)
        ("ep", "expert"),
        ("ep", "expert", "with", "w/", "--enable-expert", "+"),
    ),
    # (vLLM's "--enforce-eager", SGLang's "--disable-cuda-graph": the steps run eagerly, no graph replayed; a page's
    # words for it, "with CUDA graphs enabled", "CUDA graph: off"; not "with CUDA graphs" alone, which a lead-in over
    # two tables says of one of them); a kernel's timing mode, "CUDA-graph, kernel-only replay", "CUDA graph
    # replay": the kernel replayed from a captured graph (on)
    _word(
        "cuda_graph",
        "cuda_graph",
        rf"(--enforce-eager|--disable-cuda-graph|cuda[ _-]graphs?(?: ?[=:] ?| )(?:{_SWITCH}))"
        r"|(?<!with )(?<!without )(?<!w/ )(?<!w/o )(?<!no )(cuda[ _-]graphs?(?=,| replay(?![a-z])))",
        ("--enforce-eager", "--disable-cuda-graph", "cuda"),
        ("--enforce-eager", "--disable-cuda-graph", "cuda"),
    ),
    # lm_eval's prompt format: "--apply_chat_template" wraps each question in the model's chat template, and
    # "--fewshot_as_multiturn" sends the shots as turns of that chat; either moves a score ("--apply_chat_template
    # False": off, as stated)
    _word(
        "chat_template",
        "chat_template",
        r"(--apply[_-]chat[_-]template(?:[ \t=]{1,3}(?:true|false)\b)?)",
        ("--apply",),
        ("--apply",),
    ),
    _word(
        "fewshot_multiturn",
        "fewshot_multiturn",
        r"(--fewshot[_-]as[_-]multiturn(?:[ \t=]{1,3}(?:true|false)\b)?)",
        ("--fewshot",),
        ("--fewshot",),
    ),
    _word(
        "attention_dp",
        "attention_dp",
        rf"((?:dp[ -]attention|attention[ -]dp|attn[ -]dp)(?: ?[=:] ?| )(?:{_SWITCH})"
        rf"|{_WITH}(?:dp[ -]attention|attention[ -]dp)|--enable-dp-attention)",
        ("attention", "attn"),
        ("dp", "attention", "attn", "with", "w/", "--enable-dp"),
    ),
    _word(
        "overlap",
        "overlap",
        # (not another overlap a text names: "expert overlap disabled", "comm overlap on")
        rf"((?<!expert )(?<!comm )(?<!compute )overlap(?:[ -]schedul(?:er|ing|e))?(?: ?[=:] ?| )(?:{_SWITCH})"
        rf"|{_WITH}(?:the )?overlap(?:[ -]schedul(?:er|ing|e))?|--disable-overlap-schedule)",
        ("overlap",),
        ("overlap", "with", "w/", "--disable-overlap"),
    ),
)
"""The switch words, in the order setup.py's table reads them (after the sizes: "EP8 enabled" is ep 8)."""


SHORT_SWITCHES = {"ep": "ep"}
"""vLLM's one-dash switches that take no value, by the key each turns on: "-ep" is --enable-expert-parallel (the size
follows from TP x DP). Its other one-dash flags take a size ("-tp 4", "-pp 2", "-dp 2", "-dcp 2", "-pcp 2": the flags'
reader's, vocab.flags.SHORT_FLAGS)."""
# a short switch whose next word is another flag or the command's end ("-tp 4 -ep --port 8000"; "-ep 8" is a size)
_SHORT_SWITCH_RE = re.compile(r"(?<!\S)-(?P<name>ep)(?=[ \t]{0,8}(?:$|[`'\"\\]|--?[A-Za-z]))", re.MULTILINE)


def flag_switches(text: str) -> dict[str, str]:
    """The switches a command's valueless flags turn ("--enable-dp-attention": attention_dp on,
    "--disable-overlap-schedule": overlap off, vLLM's "-ep": ep on): the switch words above written as a flag, a
    command's own spelling."""
    out: dict[str, str] = {}
    for sm in _SHORT_SWITCH_RE.finditer(text) if " -" in text else ():
        out.setdefault(SHORT_SWITCHES[sm.group("name")], "on")
    if "--" not in text:
        return out
    for w in SWITCH_WORDS:
        for m in finditer_word(w, text):
            if m.group(0).startswith("--"):  # (a flag given is on, unless it names its off state: "--enforce-eager")
                out.setdefault(w.written, switch_value(m.group(0)) or "on")
    return out


def named_switch(name: str) -> dict[str, str]:
    """The switch an arm's name is alone, a table's column named by the feature its cells ran with ("DP attention
    (tok/s/GPU)" beside "Published (tok/s/GPU)", "Overlap scheduler"): that switch on; {} for any other name (prose
    naming a feature, "DP attention is slow at batch 1", switches nothing)."""
    bare = " ".join(name.split())
    if not 0 < len(bare) <= 40 or bare.lower().startswith(("with", "w/", "+", "--")):
        return {}
    for w in SWITCH_WORDS:
        if w.pattern.fullmatch(f"with {bare}") is not None:
            return {w.written: "on"}
    return {}
