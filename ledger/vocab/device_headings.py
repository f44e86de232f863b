"""The words a section heading names its hardware with, apart from the board names themselves (`canonical.GPU_NAMES`):
a GeForce card's bare model number ("### 4090 Results", and opening a run's label: card_number) and a section of runs
on the CPU alone ("### CPU"); and a runtime's listing of the devices it found, over the output it printed."""

from __future__ import annotations

import re

from ledger.vocab.doc_tables import CAPABILITY_RE
from ledger.vocab.setup import named_twice, qualifiers
from ledger.vocab.word_gate import WordGate

# "### 4090 Results": a GeForce card's model number heading its section, as pages title a board's results
_BARE_CARD_RE = re.compile(
    r"^[\s#*_]{0,8}(?P<n>(?:20|30|40|50)[5-9]0(?: ?ti| super)?)\s{1,3}"
    r"(?:results?|numbers|benchmarks?|perf(?:ormance)?|latency|throughput|speed)\b",
    re.IGNORECASE,
)
_CPU_HEADING_RE = re.compile(
    r"^[\s#*_]{0,8}(?:on\s)?cpu(?:[ -]only)?(?:\s(?:results?|inference|benchmarks?|numbers|performance))?[\s:*_]{0,4}$",
    re.IGNORECASE,
)


_CARD_NUMBER_RE = re.compile(r"(?:20|30|40|50)[5-9]0(?: ?ti| super)?", re.IGNORECASE)


def card_number(word: str) -> str | None:
    """ "5090" -> "RTX 5090": a GeForce named by its number alone where a label names its board with it (a run's
    name opening with it, "[5090 plain/EAGLE](run url)"); None for any other word."""
    return f"RTX {word.upper()}" if _CARD_NUMBER_RE.fullmatch(word) is not None else None


def bare_card(title: str) -> str | None:
    """ "### 4090 Results" -> "RTX 4090": the card a heading names by its model number alone, else None."""
    card = _BARE_CARD_RE.match(title)
    return f"RTX {card.group('n').upper()}" if card is not None else None


def cpu_heading(title: str) -> bool:
    """ "### CPU", "CPU results", "On CPU": a section of runs on the CPU alone (no GPU a page names above it)."""
    return _CPU_HEADING_RE.match(title) is not None


# "### use QX880", "## On Biren BR104", "### BW1000 results": a heading naming the device its section ran on by a
# maker's part number (capitals then two digits or more, its maker's word before it perhaps), which the vocabulary may
# not know; case-sensitive: "tp16", "fp16" in a heading are settings, and their capitals are refused below
_PART = r"(?P<{}>(?:[A-Z][A-Za-z]{{1,11}} )?[A-Z]{{1,4}}-?\d{{2,5}}[A-Za-z]{{0,2}})"
_DEVICE_HEADING_RE = re.compile(
    r"^[\s#*_]{0,8}(?:(?i:use|using|on|ran on|run on|tested on|measured on|results on) "
    + _PART.format("on")
    + r"(?: \([^()]{0,80}\))?|"
    + _PART.format("results")
    + r" (?i:results?|numbers|benchmarks?|perf(?:ormance)?))[\s:*_]{0,4}$"
)
# the capitals of settings, formats, benchmarks, tools and versions that a part number's shape fits ("### use FP16",
# "### on CUDA12", "### TP16 results")
_NOT_PART_RE = re.compile(
    r"(?:FP|BF|INT|UINT|TP|EP|DP|PP|CP|SP|MTP|ISL|OSL|BS|PR|CUDA|CU|ROCM|SM|GSM|AIME|MMLU|V|R|Q|K|L|X|E|N|M|B|T)-?\d"
)


def unlisted_device(title: str) -> str | None:
    """The device a heading names by a part number ("### use QX880" -> "QX880") where it says the section ran on it,
    or heads the section's results with it: the section's device, though no board of the vocabulary (it keeps a
    page's other board from its section); None for a heading of any other words."""
    m = _DEVICE_HEADING_RE.match(title[:200])
    if m is None:
        return None
    part = m.group("on") or m.group("results")
    return None if _NOT_PART_RE.match(part.rpartition(" ")[2]) else part


# a runtime's list of the devices it found, one a line: "  Device 0: NVIDIA GeForce RTX 4090, compute capability
# 8.9", "CUDA0: NVIDIA H100", "GPU 1: NVIDIA A100-SXM4-80GB (UUID: ...)"
_DEVICE_LINE_RE = re.compile(r"^\s{0,8}(?:device|cuda|gpu|rocm|vulkan|sycl)\s?\d{1,2}\s?:", re.IGNORECASE)


# llama.cpp's Vulkan backend names each device it found, the driver's own name last in brackets: "ggml_vulkan: 0 =
# AMD Radeon Graphics (RADV PHOENIX) (radv) | uma: 1 | fp16: 1 | ..."
_VULKAN_DEVICE_RE = re.compile(
    r"^\s{0,8}ggml_vulkan:\s?\d{1,2}\s?=\s?(?P<name>[^|]{1,120}?)\s?\((?P<driver>[^()|]{1,40})\)\s?\|"
)
# the Mesa driver's word inside the device's own bracket ("RADV PHOENIX"): the chip's codename is the rest
_RADV_RE = re.compile(r"\(RADV\s", re.IGNORECASE)
_NAME_PAREN_RE = re.compile(r"\s?\([^()]{0,40}\)$")


def vulkan_device(line: str) -> str | None:
    """The device a ggml_vulkan listing line names: the board the vocabulary reads in its name ("NVIDIA GeForce RTX
    4090 (NVIDIA)" -> RTX 4090), else its name as printed, the chip's codename kept without the driver's word ("AMD
    Radeon Graphics (RADV PHOENIX) (radv)" -> "AMD Radeon Graphics (PHOENIX)": an APU's graphics have no other name,
    and "AMD Radeon AI PRO R9700 (RADV GFX1201)" is that card, not any RDNA4 one its codename stands for)."""
    m = _VULKAN_DEVICE_RE.match(line[:300])
    if m is None:
        return None
    name = _RADV_RE.sub("(", m.group("name").strip())
    return qualifiers(_NAME_PAREN_RE.sub("", name)).get("gpu") or name


def listed_device(text: str) -> str | None:
    """The one GPU a runtime's device listing in `text` names (the board the output under it ran on), with their
    count where it lists it twice or more ("Device 0: NVIDIA RTX 4090" and "Device 1: ..." are "2x RTX 4090"); None
    where it lists none, or two different ones."""
    lines = text.splitlines()[:40]
    listed = [gpu for line in lines if _DEVICE_LINE_RE.match(line) and (gpu := qualifiers(line[:200]).get("gpu"))]
    # (a machine two backends list, "ggml_vulkan: 0 = ..." over "Device 0: ...", is one device: the runtime's own
    # listing counts it; the Vulkan lines alone where there is none)
    found = listed or [gpu for line in lines if (gpu := vulkan_device(line))]
    if len(set(found)) != 1:
        return None
    return found[0] if len(found) == 1 else f"{len(found)}x {found[0]}"


CAPABILITY_GATE = WordGate(CAPABILITY_RE)
"""The lines a capability note may stand on ("compute"), found by one pass over a document (LineFacts.holding)."""


# "-DSM=xx is the compute capability of your GPU, e.g. 60 (P40) or 80 (A100)": boards named as examples of an
# architecture's number, not the board a result ran on
def capability_note(line: str) -> bool:
    """A line that names two boards or more by their compute capability: architectures listed, no run's device (a
    run's own "on an H100 (compute capability 9.0)" names one board, and keeps it)."""
    head = line[:400]
    # (no character beyond ASCII lowers to a letter of "capa", nor matches one ignoring case: a plain test first)
    return "capa" in head.lower() and CAPABILITY_RE.search(head) is not None and "gpu" in named_twice(head)
