"""What a page's machine lines print beside the device ("- GPU: 4090D 24G VRAM", "- CPU: cpu_model_name: AMD EPYC
9654, 96 cores per socket"): a GeForce named by its number alone, which the "GPU:" label says is a board, and the
processor a "CPU:" label names without the tool's field name or the memory printed after it; and the names of a
machine's memories, after which a size's bare "G" or "T" is gigabytes or terabytes ("190G DRAM", "1T DRAM")."""

from __future__ import annotations

import re

MEMORY_NAMES = r"(?:DRAM|VRAM|RAM|HBM\d?e?|memory)"
"""A machine's memories by their names ("DRAM", "VRAM", "HBM3e"), as a page prints a size of one."""

# "GPU: 4090D 24G VRAM", "GPU: (1~4)x 4090D 24GVRAM (...)", "GPU: 2x 4090 24G": a "GPU:" label's value naming a
# GeForce by its number alone (the China edition's "D", "Ti", "Super"), then its memory or nothing; its count, where one
_LABELLED_CARD_RE = re.compile(
    r"(?P<count>\(?\d{1,2}(?:[~-]\d{1,2})?\)? ?[x×] ?)?(?P<n>(?:20|30|40|50)[5-9]0(?: ?ti| super|d)?)"
    r"(?=\s{0,3}(?:\d{1,3} ?gb?(?:vram)?\b|\(|$))",
    re.IGNORECASE,
)


def labelled_card(value: str) -> str | None:
    """ "4090D 24G VRAM" -> "RTX 4090D", "2x 3090 24G" -> "2x RTX 3090": the GeForce a "GPU:" label's value names by
    its number alone (the label says it is a board: no other number of that shape is read so), its count kept where
    it is one number ("(1~4)x" is a range of machines, no count); None for any other value."""
    m = _LABELLED_CARD_RE.match(value.strip()[:80])
    if m is None:
        return None
    count = m.group("count") or ""
    card = f"RTX {m.group('n').upper().replace('TI', 'Ti').replace('SUPER', 'Super')}"
    return f"{count.strip(' x×')}x {card}" if count[:1].isdigit() else card


# what a "CPU:" label's value prints besides the processor: a tool's own field name before it ("cpu_model_name:"),
# the machine's memory or NUMA nodes after it ("... 6454S 1T DRAM (2 NUMA nodes)"), a page's line break ("<br>"),
# trademark marks
_CPU_FIELD_RE = re.compile(r"^[a-z]{2,12}(?:_[a-z]{2,12}){1,3}\s{0,3}[:：]\s{0,3}")
_TRADEMARK_RE = re.compile(r"\s?(?:\((?:R|TM)\)|[®™])", re.IGNORECASE)
"""("Intel(R) Xeon(R)", "Intel (R) Xeon (R)": one processor however its marks are spaced)"""
_CPU_TAIL_RE = re.compile(
    r"\s(?:\d{1,4}\s?[TG]i?B?\s(?:DRAM|RAM|memory)\b|<br\s?/?>|\(\d{1,2}\s?NUMA\b).*$", re.IGNORECASE
)


def cpu_as_printed(value: str) -> str:
    """ "cpu_model_name: AMD EPYC 9654" -> "AMD EPYC 9654", "Intel Xeon Gold 6454S 1T DRAM (2 NUMA nodes)" -> "Intel
    Xeon Gold 6454S", "Intel(R) Xeon(R)" -> "Intel Xeon": the processor a "CPU:" label's value names, without the
    field name, the memory and the marks it prints."""
    bare = _TRADEMARK_RE.sub("", _CPU_TAIL_RE.sub("", _CPU_FIELD_RE.sub("", value[:300])))
    return " ".join(bare.split())
