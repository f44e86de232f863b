"""The revision a gate's own sentence names by its place among the pushes: "On the second head the MMLU check
passed", "that head failed the natural GSM8K gate" after "The pre-accuracy `+22.25%` result". The phrase readers in
gates.prose find the check and its outcome; this gives the gate the stage its clause names (grammar.build_links),
where nothing named the gate's revision and no commit anchors the line's revision (a stated head or base wins)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.build_links import stage_side


def staged_gates(ctx: Context, line: int, text: str, gates: Iterable[Claim]) -> Iterator[Claim]:
    """`gates`, each without a revision of its own given the stage its clause names in `text`."""
    around = ctx.named_at(line).get(line) or ctx.revision_at(line)
    for claim in gates:
        if claim.kind != "gate" or (around and (around.head or around.base)) or claim.revision not in (None, around):
            yield claim
            continue
        at = text.find(claim.source.text)
        rev = stage_side(text, at + len(claim.source.text)) if at >= 0 else None
        yield claim.model_copy(update={"revision": rev}) if rev is not None else claim
