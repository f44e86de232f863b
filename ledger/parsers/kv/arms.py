"""The arms of a sweep listed under the line that names what they vary:

    nano v3 fp8 tp8 trtllm-bench H100 perf per strategy:      "per strategy" names the setting the arms vary
    SYMM_MEM: 18,724 TPS                                      each label is one value of it (strategy=SYMM_MEM),
    AUTO: 13,828 TPS                                          the unit says what was measured (throughput)

Without the lead the labels are read as measures' names ("SYMM_MEM" a metric of its own), and no two arms are one
series. A blank line ends the list.
"""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.parsers.base import Context
from ledger.parsers.reader.document import Block
from ledger.vocab.setup import config_key
from ledger.vocab.setup_keys import NOT_A_SETTING_TAILS
from ledger.vocab.word_gate import WordGate

# "... perf per strategy:", "Throughput by attention backend:", "for each kernel:": the setting the next lines vary
# (searched only where one of its words stands: vocab.word_gate)
_ARM_LEAD_RE = WordGate(
    re.compile(
        r"\b(?:per|by|for each|across)\s(?P<key>[A-Za-z][\w-]{1,20}(?:\s[A-Za-z][\w-]{1,20})?)\s?:\s*$",
        re.IGNORECASE,
    )
)
# an arm's name: one word of letters, digits and joints, as a strategy, backend or kernel is spelled ("SYMM_MEM",
# "flash-attn", "TORCH_SDPA"); never a sentence
_ARM_NAME_RE = re.compile(r"[A-Za-z][\w.+-]{0,30}")


def arm_key(text: str, current: str | None) -> str | None:
    """The setting the lines after `text` vary, when `text` leads them ("... per strategy:"); `current` past any
    other line with words, None after a blank one."""
    if not text.strip():
        return None
    key = _lead_key(text[-120:]) if ":" in text else ""  # (it ends the line: its tail is enough)
    return current if key == "" else key


@short_text_cache(4096)  # (every line of a block is asked, and a line is read again as a neighbour's)
def _lead_key(tail: str) -> str | None:
    """The setting a line's tail leads the next lines to vary ("... per strategy:"), None for a tail's key that
    names no setting; "" where the tail leads nothing."""
    m = _ARM_LEAD_RE.search(tail)
    if m is None:
        return ""
    key = config_key(m.group("key"))
    return None if key.split("_")[-1] in NOT_A_SETTING_TAILS else key


def arm_setting(key: str | None, label: str) -> dict[str, str]:
    """{key: label} where `label` names an arm of the sweep `key` leads, else {}."""
    core = label.strip(" *_`")
    return {key: core} if key is not None and _ARM_NAME_RE.fullmatch(core) else {}


_MEMO = "kv_lines.arm"  # (the key, the last line of the block that left it): a list's lines may each be a block


def arm_at(ctx: Context, block: Block) -> str | None:
    """The setting a block's labels are arms of: what the block right before it left, or its lead-in's."""
    kept = ctx.memo.get(_MEMO)
    if kept is not None and kept[1] == block.start - 1:
        return kept[0] if isinstance(kept[0], str) else None
    return arm_key(ctx.lead_in(block), None)


def keep_arm(ctx: Context, block: Block, key: str | None) -> None:
    ctx.memo[_MEMO] = (key, block.end)
