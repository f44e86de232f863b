"""The software stack a page's results ran on, as its environment line names it ("Software Environment: CANN:
8.2.RC1, PyTorch: 2.7.1, torch-npu: 2.7.1.dev20250724", "tested on A100-80G CUDA 11.8, driver 550"): each
component's version, a setup key of its own. Where a
claim comes from rather than a split of its series (vocab.setup_keys classifies them ignored): a release page's
history moves its stack at nearly every release, and compare judges that history, showing the stack beside it."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.vocab.engines import engine_named
from ledger.vocab.passing_names import compared_at

STACK_KEYS: dict[str, str] = {
    "cann": "cann",
    "pytorch": "torch",
    "torch-npu": "torch_npu",
    "torch_npu": "torch_npu",
    "cuda": "cuda",
    "driver": "driver",
    "engine": "engine_version",
}
"""A component's name as an environment line writes it (lower case) -> its setup key (an engine's release is
engine_version, beside its name under engine: engine_versions)."""

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
    """The components' versions a line states, by setup key ({"cann": "8.2.RC1", "torch": "2.7.1"}), the serving
    engine's among them ("vLLM v0.9.1" -> {"engine": "vLLM", "engine_version": "0.9.1"})."""
    out = engine_versions(text)
    low = text[:2000].lower()
    if "cann" not in low and "torch" not in low and "cuda" not in low and "driver" not in low:
        return out
    for m in _STACK_RE.finditer(text[:2000]):
        out.setdefault(STACK_KEYS[m.group("name").lower()], m.group("version"))
    for m in _SPACED_RE.finditer(text[:2000]):
        out.setdefault("cuda" if m.group("cuda") else "driver", m.group("cv") or m.group("dv"))
    return out


# "vLLM v0.9.1", "TensorRT-LLM v0.5.0", "SGLang 0.4.6.post1": a name, a blank, then a release of two or three dotted
# parts (a "v" before it or not; a build of a commit, "0.11.1.dev12+gd9105ea80", is a revision: grammar.revisions);
# the name is an engine only where vocab.engines knows it, and a release moved ("vLLM 0.9.1 -> 0.10.0", "from 0.9.1
# to ...") or set against another ("vLLM 0.9.1 vs 0.10.0", "0.9.1 and 0.10.0") is a change or a comparison the text
# reports, no stack its results ran on
_ENGINE_VERSION_RE = re.compile(
    r"(?<![\w./-])(?P<name>[A-Za-z][A-Za-z0-9_-]{1,23})[ \t]{1,2}v?(?P<version>\d{1,2}\.\d{1,3}(?:\.\d{1,4})?"
    r"(?:\.?(?:rc|post)\d{1,8})?)(?![\w+-]|\.\w)"
    r"(?![ \t]{0,2}(?:->|→|=>|to[ \t]|vs\b|versus|and[ \t]v?\d|/|,[ \t]?v?\d{1,2}\.\d))",
    re.IGNORECASE,
)
# what every release the pattern reads holds: a digit, a dot, a digit (most lines hold none, and the pattern above
# tries its name at every word's start before it finds so)
_DOTTED_RE = re.compile(r"\d\.\d")


def engine_versions(text: str) -> dict[str, str]:
    """The one serving engine a line names with its release ("vLLM v0.9.1", "TensorRT-LLM v0.5.0, TensorRT v9.1":
    TensorRT is no engine), its name and release; {} for none, or for two engines named so (a comparison's); one
    named after a comparison's word ("Unlike vLLM 0.9.1, ...", "compared with SGLang 0.4.6") or a build check's
    ("applies cleanly to vLLM v0.28.0") is no stack of it."""
    found: dict[str, str] = {}
    if _DOTTED_RE.search(text, 0, 2000) is None:
        return found
    for m in _ENGINE_VERSION_RE.finditer(text[:2000]):
        engine = engine_named(m.group("name"))
        if engine is not None and not engine.library and not compared_at(text, m.start()) and not _checked_at(text, m):
            found.setdefault(engine.name, m.group("version"))  # (not "Unlike vLLM 0.9.1, ...": what it is set against)
    if len(found) != 1:
        return {}
    name, version = next(iter(found.items()))
    return {"engine": name, "engine_version": version}


def one_release(values: set[str]) -> str | None:
    """The one release a page's spellings name ("v0.5" in its top note, "0.5.0" in a caption: a release written
    without its trailing zero parts is that release), in full; None where two releases differ ("0.5" and "0.5.1"
    stay two: a line's release is no release of its patches)."""
    parts = {v: v.strip().lstrip("vV").split(".") for v in values}
    if any(not p[0] for p in parts.values()):
        return None
    widest = max(len(p) for p in parts.values())
    padded = {tuple(p + ["0"] * (widest - len(p))) for p in parts.values()}
    return max(values, key=lambda v: len(parts[v])) if len(padded) == 1 else None


# "applies cleanly to vLLM v0.28.0", "was only checked to build against vLLM v0.30.0", "rebases onto SGLang 0.5.2":
# the release the code was applied or built on to check it, no stack the results ran on
_CHECKED_BEFORE_RE = re.compile(
    r"\b(?:appl(?:y|ies|ied)\s(?:cleanly\s)?(?:to|on|onto)|(?:build|builds|built|compiles?|compiled)\s"
    r"(?:cleanly\s)?(?:on|against|with)|rebas(?:e|es|ed)\s(?:cleanly\s)?(?:on|onto))\s(?:the\s)?(?:current\s)?$",
    re.IGNORECASE,
)
_CHECKED_WINDOW = 40
"""Characters before an engine's name read for the check's words."""


def _checked_at(text: str, m: re.Match[str]) -> bool:
    """The engine's release at `m` is the one a build or apply check names ("applies cleanly to vLLM v0.28.0")."""
    return _CHECKED_BEFORE_RE.search(text[max(0, m.start() - _CHECKED_WINDOW) : m.start()]) is not None


STACK_SETUP_KEYS: tuple[str, ...] = tuple(dict.fromkeys(STACK_KEYS.values()))
"""The setup keys of the stack, in the order a note names them."""
STACK_MOVED = "stack moved: "
"""What a judged pair's reason says before the components whose versions moved between its two values."""


def stack_moves(old: Mapping[str, str], new: Mapping[str, str]) -> str:
    """ "stack moved: cann 8.2.RC1 -> 8.3.RC1" for the components both sides state at different versions ("" for
    none): a pair judged across a moved stack is judged (the stack is no split of a series), and says so."""
    moved = [f"{k} {old[k]} -> {new[k]}" for k in STACK_SETUP_KEYS if k in old and k in new and old[k] != new[k]]
    return STACK_MOVED + ", ".join(moved) if moved else ""
