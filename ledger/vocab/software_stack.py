"""The software stack a page's results ran on, as its environment line names it ("Software Environment: CANN:
8.2.RC1, PyTorch: 2.7.1, torch-npu: 2.7.1.dev20250724", "tested on A100-80G CUDA 11.8, driver 550"): each
component's version, a setup key of its own. Where a
claim comes from rather than a split of its series (vocab.setup_keys classifies them ignored): a release page's
history moves its stack at nearly every release, and compare judges that history, showing the stack beside it."""

from __future__ import annotations

import re
from collections.abc import Mapping

STACK_KEYS: dict[str, str] = {
    "cann": "cann",
    "pytorch": "torch",
    "torch-npu": "torch_npu",
    "torch_npu": "torch_npu",
    "cuda": "cuda",
    "driver": "driver",
}
"""A component's name as an environment line writes it (lower case) -> its setup key."""

# "CANN: 8.2.RC1", "**PyTorch**: 2.7.1", "torch-npu: 2.7.1.dev20250724", "PyTorch=2.6.0+cpu": a known component, its
# colon or "=" (markup around either), then a version that opens with a digit (each part bounded: linear)
_STACK_RE = re.compile(
    r"(?<![\w-])(?P<name>cann|pytorch|torch[-_]npu|cuda|driver)[*_`]{0,2}[ \t]{0,2}[:=][ \t]{0,2}[*_`]{0,2}[ \t]{0,2}"
    r"(?P<version>\d{1,3}(?:\.[0-9A-Za-z]{1,24}){1,5}(?:\+[0-9A-Za-z.]{1,24})?)",
    re.IGNORECASE,
)
# "CUDA 11.8", "CUDA 12.4.1", "driver 550", "driver 550.54.15": the toolkit and the driver are named before their
# version with a blank only; the toolkit's version is dotted ("CUDA 12 graphs" states none) and the driver's opens with
# three digits (its branch), so neither a count nor a size ("driver 2 threads") reads as one; a version moved ("CUDA
# 12.8 -> 12.9") is a change the text reports, no stack its results ran on
_SPACED_RE = re.compile(
    r"(?<![\w-])(?:(?P<cuda>cuda)[ \t]{1,2}(?P<cv>\d{1,2}\.\d{1,2}(?:\.\d{1,3})?)|"
    r"(?P<driver>(?:nvidia[ \t])?driver)(?:[ \t]version)?[ \t]{1,2}(?P<dv>\d{3}(?:\.\d{1,3}){0,2}))"
    r"(?!\w|\.\d)(?![ \t]{0,2}(?:->|→|=>|to[ \t]))",
    re.IGNORECASE,
)


def stack_versions(text: str) -> dict[str, str]:
    """The components' versions a line states, by setup key ({"cann": "8.2.RC1", "torch": "2.7.1"})."""
    low = text[:2000].lower()
    if "cann" not in low and "torch" not in low and "cuda" not in low and "driver" not in low:
        return {}
    out: dict[str, str] = {}
    for m in _STACK_RE.finditer(text[:2000]):
        out.setdefault(STACK_KEYS[m.group("name").lower()], m.group("version"))
    for m in _SPACED_RE.finditer(text[:2000]):
        out.setdefault("cuda" if m.group("cuda") else "driver", m.group("cv") or m.group("dv"))
    return out


STACK_SETUP_KEYS: tuple[str, ...] = tuple(dict.fromkeys(STACK_KEYS.values()))
"""The setup keys of the stack, in the order a note names them."""
STACK_MOVED = "stack moved: "
"""What a judged pair's reason says before the components whose versions moved between its two values."""


def stack_moves(old: Mapping[str, str], new: Mapping[str, str]) -> str:
    """ "stack moved: cann 8.2.RC1 -> 8.3.RC1" for the components both sides state at different versions ("" for
    none): a pair judged across a moved stack is judged (the stack is no split of a series), and says so."""
    moved = [f"{k} {old[k]} -> {new[k]}" for k in STACK_SETUP_KEYS if k in old and k in new and old[k] != new[k]]
    return STACK_MOVED + ", ".join(moved) if moved else ""
