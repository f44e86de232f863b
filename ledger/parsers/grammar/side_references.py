"""Sides printed apart are baselines: a value under the candidate side takes its counterpart under the base side as its
reference, whatever shape the sides take (a paste per side, a console's "Main branch:" then "PR branch:", a folded
table per side, "Baseline (v0.9.1):" over "With this change:").

    Before:                                   <- the base side: a side word names it (vocab.sides)
    Mean acceptance length: 2.10              <- keeps its own claim, revision "Before"
    After:
    Mean acceptance length: 2.64              <- reference 2.10, revision "After"

A side is the revision its claims were read under: the base is one a base side word names ("main", "before",
"baseline", "w/o the patch"), a candidate one a candidate word names ("this PR", "after", "with this change"), or,
of exactly two sides, the one beside the base that names neither ("Beta Eagle:" beside "Main Eagle:"). A candidate's
value takes as its reference the one base value its author measured of the same kind, measure, unit, variant and
setup (the hard keys as compare reads them: never across models, boards, concurrencies or tasks, nor one author's
against another's); of two base values of that shape, the one printed since the candidate side's last value of it
(the base paste right above the candidate's: "on main:", "with the PR:", then the pair again), else none, as two of
the candidate's own leave it none (which run would it be?). A side pair that is really two setups ("Before (H100):"
over "After (A100):") differs in a hard key and gets none. Values a reader paired already keep their reference, and
results that measure nothing of the change (model.NOT_MEASURED_NOTES) are nobody's reference.

Arms named for one setting switched on and off (vocab.switched_arms: "Result with threshold = 64:" over "Result
without threshold:", "With EAGLE:" and "W/O EAGLE:") are sides of their own: the arm with the setting off is the
base, the same way, its key leaving aside the arm's name and the setup words that name states. Two arms that both
switch it on ("with cutoff = 96", "with cutoff = 48"), or two values of one setting ("Using E4M3:", "Using UE8M0:"),
have no baseline between them, unless the text calls one of them the default ("a flag that defaults to huggingface"
over "* huggingface:" and "* fastokens:"): the default's arm is the base of the other arms of its section.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Callable, Hashable, Sequence

from ledger.model import NOT_MEASURED_NOTES, Claim
from ledger.parsers.grammar.sides import lead_label_side
from ledger.parsers.grammar.variant_bases import variant_bases
from ledger.parsers.prose.not_measured import turns
from ledger.parsers.reader.document import Document
from ledger.vocab.claim_setup import read_setup
from ledger.vocab.env_switches import ENV_KEY
from ledger.vocab.outcomes import CI_LABEL
from ledger.vocab.setup import qualifiers
from ledger.vocab.sides import HEAD_SIDE_RE, side_of, sides_of
from ledger.vocab.switched_arms import arm_switch, named_defaults
from ledger.vocab.units import is_time_unit, unit_factor

_RESULTS = frozenset({"perf", "accuracy", "acceptance"})


def _side_name(c: Claim) -> tuple[str, str] | None:
    r = c.revision
    if r is None or not r.label or r.label.strip().lower() == CI_LABEL:
        return None
    return (" ".join(r.label.lower().split()), (r.head or "").lower())


def _measured(c: Claim) -> bool:
    return (
        c.kind in _RESULTS
        and isinstance(c.value, float)
        and c.high is None
        and not (c.note and c.note.startswith(NOT_MEASURED_NOTES))
    )


def _keyer(doc: Document, scaled: bool = False) -> Callable[[Claim], Hashable]:
    """What a value and its counterpart share: the author who measured both (one author's two runs, not one
    author's against another's on another machine), kind, measure, unit, variant and canonical setup; `scaled`:
    a duration's unit by its family alone ("120.5ms" before, "3.25s" after: one duration, printed in two units)."""
    starts = sorted(turns(doc).items())
    lines = [no for no, _ in starts]

    def key(c: Claim) -> Hashable:
        author = starts[max(bisect.bisect_right(lines, c.source.line) - 1, 0)][1]
        # (an engine's switch flipped between the sides, "SGLANG_ENABLE_SPEC_V2=0" then "=1", is what they compare)
        items = tuple((str(k), str(v)) for k, v in c.config.items() if k != ENV_KEY)
        setup = read_setup(c.kind, c.metric, items)
        unit = "time" if scaled and is_time_unit(c.unit) and unit_factor(c.unit) else (c.unit or "").lower()
        return (author, c.kind, setup.metric, unit, setup.config, setup.variant)

    return key


def _roles(names: Sequence[tuple[str, str]]) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """The base sides and the candidate sides among a document's revisions."""
    sides = dict(zip(names, sides_of([n[0] for n in names]), strict=True))
    return {n for n, s in sides.items() if s == "base"}, {n for n, s in sides.items() if s == "head"}


def side_references(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each candidate side's value with its one base-side counterpart as its reference."""
    by_side: dict[tuple[str, str], list[Claim]] = {}
    for c in claims:
        if (name := _side_name(c)) is not None and _measured(c):
            by_side.setdefault(name, []).append(c)
    # (a candidate whose every value its own line pairs already, "this branch: 43.0 tok/s" under "main: 41.2 tok/s",
    # is no side printed apart: it leaves the roles of the others to them)
    by_side = {n: cs for n, cs in by_side.items() if side_of(n[0]) != "head" or any(c.reference is None for c in cs)}
    paired: dict[int, float] = {}
    if len(by_side) >= 2:
        base, cand = _roles(list(by_side))
        if base and cand:
            paired = _pairs(doc, by_side, base, cand, _keyer(doc, scaled=True))
    paired |= _switched_arms(doc, claims)
    paired |= _sentence_after(doc, claims, {id(c) for c in claims if c.reference is not None} | set(paired))
    paired |= variant_bases(doc, claims, set(paired))  # ("### IQ1_M" over "### IQ1_M_R4 (PR)", "on par with IQ1_M")
    if not paired:
        return claims
    return [c.model_copy(update={"reference": paired[id(c)]}) if id(c) in paired else c for c in claims]


def _pairs(
    doc: Document,
    by_side: dict[tuple[str, str], list[Claim]],
    base: set[tuple[str, str]],
    cand: set[tuple[str, str]],
    _key: Callable[[Claim], Hashable],
) -> dict[int, float]:
    """Each candidate value's reference (by the claim's id): its one base counterpart of the same key."""
    refs: dict[Hashable, list[Claim]] = {}
    for name in base:
        for c in by_side[name]:
            if isinstance(c.value, float):
                refs.setdefault(_key(c), []).append(c)
    paired: dict[int, float] = {}
    cand_lines: dict[Hashable, list[int]] = {}
    for name in cand:
        for c in by_side[name]:
            bisect.insort(cand_lines.setdefault(_key(c), []), c.source.line)
    for name in cand:
        keys = [_key(c) for c in by_side[name]]
        counts = Counter(keys)
        for c, k in zip(by_side[name], keys, strict=True):
            found = _own_run(c, _other_arms(doc, c, refs.get(k, [])), cand_lines[k])
            if c.reference is None and len(found) == 1 and counts[k] == 1 and isinstance(found[0].value, float):
                paired[id(c)] = _in_unit_of(c, found[0])
    return paired


def _in_unit_of(c: Claim, base: Claim) -> float:
    """The base value in the candidate's unit, where the two print one duration in two ("120.5 ms" for "3.25 s")."""
    value, have, want = float(base.value or 0.0), unit_factor(base.unit), unit_factor(c.unit)
    if (base.unit or "").lower() == (c.unit or "").lower() or not have or not want:
        return value
    return round(value * have / want, 12)


def _switched_arms(doc: Document, claims: list[Claim]) -> dict[int, float]:
    """Arms named for one setting on and off ("Result with threshold = 64:" over "Result without threshold:", "With
    EAGLE:" and "W/O EAGLE:"), no revision's sides: the arm with the setting off is the baseline of each arm with it
    on, over the same measure and the rest of the setup (the arm's name and the setup words it states aside)."""
    arms: dict[str, dict[tuple[str, str], list[Claim]]] = {}
    for c in claims:
        variant = c.config.get("variant")
        if _side_name(c) is None and _measured(c) and (switch := arm_switch(variant)) is not None:
            arms.setdefault(switch[0], {}).setdefault((str(variant), "on" if switch[1] else "off"), []).append(c)
    arms.update(_default_arms(doc, claims))
    key = _keyer(doc)
    paired: dict[int, float] = {}
    for by_side in arms.values():
        base = {n for n in by_side if n[1] == "off"}
        cand = set(by_side) - base
        if not base or not cand:
            continue
        named = {"variant"}.union(*(qualifiers(n[0]) for n in by_side))

        def _key(c: Claim, named: set[str] = named) -> Hashable:
            return key(c.model_copy(update={"config": {k: v for k, v in c.config.items() if k not in named}}))

        paired |= _pairs(doc, by_side, base, cand, _key)
    return paired


def _default_arms(doc: Document, claims: list[Claim]) -> dict[str, dict[tuple[str, str], list[Claim]]]:
    """The arms of each section where one arm's name is a value the text calls the default ("defaults to
    huggingface"): that arm "off" (the setting left as it was), every other named arm of the section "on"."""
    named = [c for c in claims if _side_name(c) is None and _measured(c) and c.config.get("variant")]
    defaults = named_defaults(doc.lines) if named else frozenset()
    by_section: dict[str, dict[tuple[str, str], list[Claim]]] = {}
    for c in named:
        variant = str(c.config["variant"])
        if arm_switch(variant) is None:
            state = "off" if variant.lower() in defaults else "on"
            arm = by_section.setdefault("default " + " / ".join(c.source.section), {})
            arm.setdefault((variant, state), []).append(c)
    return {k: arms for k, arms in by_section.items() if any(state == "off" for _, state in arms)}


def _other_arms(doc: Document, c: Claim, found: list[Claim]) -> list[Claim]:
    """Of several base values, the one measured on another arm than the candidate's: "patched path (this change)"
    against "reference path (current default)", while "patched path (before the repair)" is the candidate's own
    path before the change, a result of its own rather than the baseline it is stated against."""
    if len(found) < 2 or (own := _arm(doc.lines[c.source.line - 1])) is None:
        return found
    return [b for b in found if (arm := _arm(doc.lines[b.source.line - 1])) is not None and arm != own]


def _arm(line: str) -> str | None:
    """The arm a line's label names before the side in its parenthesis ("patched path" of "- patched path (this
    change) : 88.10"), lowered; None when its label is no arm beside a side."""
    side = lead_label_side(line)
    if side is None or side[1] or not side[0].label or (cut := line.find("(" + side[0].label)) < 0:
        return None
    return " ".join(line[:cut].strip(" \t>*_#•-").lower().split())


def _own_run(c: Claim, found: list[Claim], cands: list[int]) -> list[Claim]:
    """Of several base values, the one of the base run printed since the candidate side's last value of this shape
    ("on main:" over a paste, "with the PR:" over the next, then the pair again for another setup): each
    candidate paste pairs with the base paste right above it. Two base values in that stretch leave it none."""
    if len(found) < 2:
        return found
    line = c.source.line
    k = bisect.bisect_left(cands, line)
    since = cands[k - 1] if k > 0 else 0
    return [b for b in found if since < b.source.line < line] or found


# the words a sentence opens with that speak of the change after a sentence of the base side: "With the merge cache in
# place, ...", "Now ...", "After it, ..." (the candidate's own words, vocab.sides.HEAD_SIDE_RE, too: "With this PR")
_AFTER_OPENING_RE = re.compile(r"[\s*_>-]{0,6}(?:with|now|afterwards|after|since)\b", re.IGNORECASE)
_SENTENCE_REACH = 4
"""How many lines below a base side's sentence the sentence of the change is looked for (the next paragraph)."""


def _sentence_after(doc: Document, claims: list[Claim], taken: set[int]) -> dict[int, float]:
    """Values of a sentence that names no side, right after a sentence of the base side ("Before this change the cold
    start took 41.0 s TTFT." / "With the merge cache in place, it takes 33.5 s TTFT."), which opens on the change:
    each takes the base sentence's value of its key (kind, measure, unit, setup) as its reference, when the base
    sentence holds one value of that key and the nearest line below holding that key holds one too."""
    key = _keyer(doc)
    bases = [c for c in claims if _measured(c) and c.revision is not None and side_of(c.revision.label) == "base"]
    free: dict[int, list[tuple[Hashable, Claim]]] = {}  # line -> (key, claim) of the values no side names
    # (only the lines a base sentence reaches are asked: a value's key costs its setup's reading, ~read_setup)
    reach = {below for b in bases for below in range(b.source.line + 1, b.source.line + _SENTENCE_REACH + 1)}
    for c in claims if bases else ():
        if c.source.line in reach and _measured(c) and c.revision is None and id(c) not in taken:
            free.setdefault(c.source.line, []).append((key(c), c))
    keyed = [(key(b), b) for b in bases] if free else []
    count = Counter((b.source.line, k) for k, b in keyed)  # (a base sentence of two values of one key: which one?)
    paired: dict[int, float] = {}
    for k, b in keyed:
        line, near = b.source.line, []
        for below in range(line + 1, line + _SENTENCE_REACH + 1):  # (the nearest line holding that key)
            near = [c for ck, c in free.get(below, ()) if ck == k]
            if near:
                break
        one = count[(line, k)] == 1 and len(near) == 1 and isinstance(b.value, float)
        if one and isinstance(b.value, float) and _opens_on_change(doc, line, near[0]):
            paired[id(near[0])] = b.value
    return paired


def _opens_on_change(doc: Document, base_line: int, c: Claim) -> bool:
    """The claim's line stands in the base sentence's section, and its words before its first number open on the
    change ("With ...", "Now ...") or name the candidate side ("the new cache", "this PR")."""
    between = doc.lines[base_line : c.source.line - 1]
    if any(t.lstrip().startswith("#") for t in between):
        return False
    text = doc.lines[c.source.line - 1][:300]
    lead = text[: next((i for i, ch in enumerate(text) if ch.isdigit()), len(text))]
    return bool(_AFTER_OPENING_RE.match(lead) or HEAD_SIDE_RE.search(lead))
