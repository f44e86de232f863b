"""Models as threads abbreviate them where no full name stands anywhere: "DS3.2", "DSv3", "DS-R1" (DeepSeek's
releases), "L3.1-70B" (Llama 3.1 70B), "Q3-235B" (Qwen3-235B), "K2" (Kimi K2). Each is a family abbreviation the
field writes, then the release as the family numbers it, read as the name in full (compared and trended with it).

How sure a shape is decides where it counts: a one-letter abbreviation with its version and a size ("L3.1-70B") is a
model wherever it stands (alone, "L3" is a cache level and "Q4" a quarter); a two-letter one with its version alone
("DS3.2") and a release its family names by a letter of its own ("K2") only in a title, the one place a thread tags its
model so ("... in DS3.2 indexer", "[K2] faster gate"); in prose they name a code path as often ("the DSv5 router").

Linear: each pattern opens with a literal capital and bounded counts; a text is read up to 2000 characters."""

from __future__ import annotations

import re

# the abbreviation -> (the family as its makers spell it, the joint before the version, the letter its numbered
# releases carry): DeepSeek's are "V3.2", "R1"; Llama's "Llama-3.1"; Qwen's "Qwen3"
_FAMILIES = {"DS": ("DeepSeek", "-", "V"), "L": ("Llama", "-", ""), "Q": ("Qwen", "", "")}
# a family whose releases are a letter of its own and a version ("K2", "K2.5"): the letter alone names the family
_LETTERED = {"K": "Kimi"}

_SIZED_RE = re.compile(
    r"(?<![\w/.@-])(?P<abbr>[LQ])(?P<version>\d(?:\.\d)?)[- ](?P<size>\d{1,4}(?:\.\d)?B)(?P<active>-A\d{1,3}B)?"
    r"(?![\w/-])(?!\.\w)"
)
_SIZED_START_RE = re.compile(r"[LQ]\d")
"""Where a sized abbreviation's letter and version open: every _SIZED_RE match holds one (a pattern opening with its
characters lets the engine skip to them, where _SIZED_RE's look-behind is tried at every character)."""
_RELEASE_RE = re.compile(
    r"(?<![\w/.@-])(?:(?P<abbr>D[Ss])[-_]?(?P<letter>[VvRr])?|(?P<own>K))(?P<version>\d(?:\.\d|(?<=[Vv]\d)[1-9])?)"
    r"(?P<member>-(?:Exp|Flash|Pro|Lite|Base|Thinking|Instruct))?(?P<size>-\d{1,4}B)?(?![\w/-])(?!\.\w)"
)


def sized_abbreviations(text: str) -> dict[tuple[int, int], str]:
    """The spans of the one-letter abbreviations with a version and a size in `text` -> the name each stands for
    ("Q3-235B" -> "Qwen3-235B", "L3.3 70B" -> "Llama-3.3-70B")."""
    out: dict[tuple[int, int], str] = {}
    if _SIZED_START_RE.search(text, 0, 2000) is None:
        return out  # (no letter and digit that open one: the pattern, opening with a look-behind, is tried nowhere)
    for m in _SIZED_RE.finditer(text[:2000]):
        family, joint, _ = _FAMILIES[m["abbr"]]
        out[m.span()] = f"{family}{joint}{m['version']}-{m['size']}{m['active'] or ''}"
    return out


def title_abbreviation(title: str) -> str | None:
    """The model a title names by an abbreviation alone (see the module): "Use fp8 kernel in DS3.2 indexer" ->
    "DeepSeek-V3.2", "DS-R1 MTP fix" -> "DeepSeek-R1", "[K2] gate" -> "Kimi-K2"; None where it names none or two."""
    named = title_abbreviations(title)
    return named.pop() if len(named) == 1 else None


def title_abbreviations(title: str) -> set[str]:
    """Every model a title names by an abbreviation ("[DSv32] [GLM5] ..." -> {"DeepSeek-V3.2"})."""
    named = {*sized_abbreviations(title).values()}
    for m in _RELEASE_RE.finditer(title[:300]):
        version = m["version"]
        if len(version) == 2:
            version = f"{version[0]}.{version[1]}"  # ("DSv32": sglang's tag for DeepSeek-V3.2, its point undotted)
        if m["own"]:
            name = f"{_LETTERED[m['own']]}-{m['own']}{version}"
        else:
            family, joint, letter = _FAMILIES[m["abbr"].upper()]
            name = f"{family}{joint}{(m['letter'] or letter).upper()}{version}"
        named.add(name + (m["member"] or "") + (m["size"] or ""))
    return named
