"""Two arms of one comparison pasted in one code block as two server launches, each over its own scores:

    # baseline                                      <- the first launch's side
    python3 -m sglang.launch_server --model-path org/M --tp 4
    Accuracy: 0.771                                 <- keeps its own claim (revision "baseline")
    python3 -m sglang.launch_server --model-path org/M --tp 4 --attention-backend fa3 --enable-fused-rope
    Accuracy: 0.769                                 <- variant "--attention-backend fa3 --enable-fused-rope",
                                                       attention fa3, enable_fused_rope on, reference 0.771

A launch that follows an earlier launch's scores is another arm (command_runs.launch_steps): its name is the flags
it adds or changes against the first launch of the paste (a flag commented out, "# --enable-foo", is not set), and
each such flag is a setup key of its values (the tools' key where vocab.flags knows the flag, else the flag's own
name). The text says which arm is the change when the first arm's side is the base ("# baseline", "# main") or the
relaunched arm's the candidate, or when the page's title names a flag (or the value) only the relaunched arm sets:
then each of the relaunched arm's values takes the first arm's value of the same measure, run for run, as its
reference (the k-th "Accuracy" against the k-th, where both arms print as many). Where the text does not say, the
arms are two setups, each named by its own flags and keeping its values; none is the other's baseline. A launch run
again with the same flags is no second arm.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.model import Claim
from ledger.parsers.grammar.command_runs import launch_steps
from ledger.parsers.reader.document import Document
from ledger.vocab.flags import flag_key, flag_setting
from ledger.vocab.sides import side_of

Flags = dict[str, str]
"""A launch's flags without their dashes -> value ("on" for a switch that takes none)."""

# "--tp 4", "--attention-backend=fa3", "--enable-fused-rope": a flag and its value, if the next word is no flag
_LAUNCH_FLAG_RE = re.compile(
    r"(?:^|\s)--(?P<flag>[A-Za-z][\w-]{0,60})(?:(?:[ \t]{0,4}=[ \t]{0,4}|[ \t]{1,8})(?P<value>[^\s\\-]\S{0,200}))?"
)
_MAX_LINES = 60
"""How many lines one launch's backslashes continue it over, at most (commands.continued's reach)."""
_SWITCHED_ON = "on"
ARM_KEY = "variant"
"""The setup key an arm's name is stored under (as fence_sides and the report's arms read it)."""


def launch_flags(doc: Document, no: int, last: int) -> Flags:
    """The flags of the launch on line `no` and the lines its trailing backslashes continue it onto (up to `last`);
    a line commented out ("  # --fp8-backend x \\") sets none."""
    out: Flags = {}
    end = min(last, no + _MAX_LINES)
    while no <= end:
        text = doc.line(no).strip()
        if not text.startswith("#"):
            for m in _LAUNCH_FLAG_RE.finditer(text[:4000]):
                out[m.group("flag")] = (m.group("value") or _SWITCHED_ON).strip("\"'`\\")
        if not text.endswith("\\"):
            break
        no += 1
    return out


def _served(flags: Flags) -> set[str]:
    """The model a launch serves, by the flags the vocabulary reads as the model ("--model-path", "--model")."""
    return {v for f, v in flags.items() if flag_key(f, v) == "model"}


def _name(own: Flags, other: Flags) -> str:
    """The flags of `own` that `other` does not set to the same value, as they are written."""
    return " ".join(f"--{f}" if v == _SWITCHED_ON else f"--{f} {v}" for f, v in own.items() if other.get(f) != v)


def _keys(own: Flags, other: Flags) -> dict[str, str]:
    """The setup keys of the flags `own` sets otherwise than `other` (vocab.flags.flag_setting, as a table's label
    naming a flag sets its arm's)."""
    return dict(flag_setting(f, None if v == _SWITCHED_ON else v) for f, v in own.items() if other.get(f) != v)


def _title(doc: Document) -> str:
    """The page's title: its first heading, where that is of level 1 ('' where none is)."""
    first = next((b for b in doc.blocks if b.kind == "heading" and not b.in_code), None)
    return first.text.lower() if first is not None and first.level == 1 else ""


def _title_names(title: str, own: Flags, other: Flags) -> bool:
    """The title names a flag (or the lettered value of one) that `own` sets and `other` does not set so."""
    if not title:
        return False
    words = set(re.findall(r"[a-z0-9][\w.-]{0,60}", title))
    spaced = " " + " ".join(re.findall(r"[a-z0-9]+", title)) + " "
    theirs = {v.lower() for v in other.values()}
    for f, v in own.items():
        if other.get(f) == v:
            continue
        if f.lower() in words or f" {' '.join(f.lower().split('-'))} " in spaced:
            return True
        # (a number the title prints is no flag's value it names)
        if v != _SWITCHED_ON and any(ch.isalpha() for ch in v) and v.lower() in words - theirs:
            return True
    return False


def _is_change(arm: Sequence[Claim], first: Sequence[Claim], named: bool) -> bool:
    """The text says the relaunched arm is the change: the first arm's side is the base, the arm's own the
    candidate, or the title names its flags (`named`)."""
    sides = {side_of(c.revision.label if c.revision else None) for c in first}
    own = {side_of(c.revision.label if c.revision else None) for c in arm}
    return named or sides == {"base"} or (own == {"head"} and "head" not in sides)


def _measure(c: Claim) -> tuple[str, str, str]:
    return (c.kind, (c.metric or "").lower(), (c.unit or "").lower())


def _references(arm: Sequence[Claim], first: Sequence[Claim]) -> dict[int, float]:
    """Each value of `arm` with the first arm's value of the same measure printed in the same place among that
    measure's runs, where both arms print that measure as many times."""
    base: dict[tuple[str, str, str], list[Claim]] = {}
    own: dict[tuple[str, str, str], list[Claim]] = {}
    for c in first:
        base.setdefault(_measure(c), []).append(c)
    for c in arm:
        own.setdefault(_measure(c), []).append(c)
    out: dict[int, float] = {}
    for key, runs in own.items():
        refs = base.get(key, [])
        if len(refs) != len(runs):
            continue
        for c, ref in zip(runs, refs, strict=True):
            if c.reference is None and isinstance(ref.value, float):
                out[id(c)] = ref.value
    return out


def _arm_bounds(doc: Document, start: int, end: int) -> list[tuple[int, int]]:
    """The (first, last) lines of each arm of the paste from `start` to `end`: from a launch that opens the paste's
    runs or follows an earlier launch's scores to the line before the next such launch."""
    launches, after_scores = launch_steps(doc, start, end)
    if not after_scores:
        return []
    opens = [launches[0]] + [launches[k] for k in after_scores]
    return [(a, b - 1) for a, b in zip(opens, [*opens[1:], end + 1], strict=True)]


def relaunch_arms(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each relaunched arm's values named by their flags and set up by them, against the first arm's
    values where the text says which arm is the change (see the module)."""
    by_line: dict[int, list[Claim]] = {}
    for c in claims:
        if c.kind in ("perf", "accuracy", "acceptance") and isinstance(c.value, float):
            by_line.setdefault(c.source.line, []).append(c)
    if not by_line:
        return claims
    updates: dict[int, dict[str, object]] = {}
    title = _title(doc)
    for block in doc.blocks:
        if block.kind != "code" or not any(no in by_line for no in range(block.start, block.end + 1)):
            continue
        arms = _arm_bounds(doc, block.start, block.end)
        if len(arms) < 2:
            continue
        flags = [launch_flags(doc, a, z) for a, z in arms]
        values = [[c for no in range(a, z + 1) for c in by_line.get(no, ())] for a, z in arms]
        updates.update(_arms(flags, values, title))
    if not updates:
        return claims
    return [c.model_copy(update=updates[id(c)]) if id(c) in updates else c for c in claims]


def _arms(flags: Sequence[Flags], values: Sequence[Sequence[Claim]], title: str) -> dict[int, dict[str, object]]:
    """The updates of one paste's arms (`flags` and `values` per arm, the first arm first)."""
    out: dict[int, dict[str, object]] = {}
    first, changes = flags[0], []
    for k in range(1, len(flags)):
        if not _name(flags[k], first) and not _name(first, flags[k]):
            continue  # (the same launch again: its runs are the first's)
        if _served(flags[k]) != _served(first):
            continue  # (another model served: that model's own check, never an arm of the first's)
        named = _title_names(title, flags[k], first) and not _title_names(title, first, flags[k])
        changes.append((k, _is_change(values[k], values[0], named)))
    if not changes:
        return out
    for k, change in changes:
        name = _name(flags[k], first) or "without " + _name(first, flags[k])
        refs = _references(values[k], values[0]) if change else {}
        keys = _keys(flags[k], first)
        for c in values[k]:
            config = {**c.config, **{key: v for key, v in keys.items() if key not in c.config}}
            update: dict[str, object] = {"config": {**config, ARM_KEY: c.config.get(ARM_KEY, name)}}
            if id(c) in refs:
                update["reference"] = refs[id(c)]
            out[id(c)] = update
    if not all(change for _, change in changes):
        # (two setups: the first arm is named by its own flags too, and set up by them)
        own = " ".join(sorted({_name(first, flags[k]) for k, _ in changes} - {""}))
        keys = {key: v for k, _ in changes for key, v in _keys(first, flags[k]).items()}
        for c in values[0]:
            config = {**c.config, **{key: v for key, v in keys.items() if key not in c.config}}
            out[id(c)] = {"config": {**config, ARM_KEY: c.config.get(ARM_KEY, own)} if own else config}
    return out
