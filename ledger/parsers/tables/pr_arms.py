"""Arms of the PR's own side: two or more value columns that each name the PR with a word of their own ("| Baseline |
PR no-LG | PR LG |", "| PR off | PR on |"): the PR run with a feature off and on. Each arm is a series of its own
(its words the claim's `variant`, never a part of its measure), so compare lines each arm up with itself, and a table
of their changes against a baseline ("Positive means better than baseline.") names each change by the direction the
text gives its sign: under that rule "+20% Mean TTFT" is a 20% improvement of TTFT, not a TTFT 20% longer."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ledger.model import Claim
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.grammar.revision_labels import SHA_RE
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import looks_metric
from ledger.vocab.sides import HEAD_SIDE_RE, side_of
from ledger.vocab.units import is_measure_unit

_UNIT_PART_RE = re.compile(r"\s*[(\[][^()\[\]]{0,24}[)\]]\s*")
_EDGES = " ,;:+/|*_`-"
# "Positive means better than baseline.", "positive = improvement", "Positive values are better": the sign's reading
_POSITIVE_BETTER_RE = re.compile(
    r"\bpositive(?:\s(?:values?|numbers?|changes?|deltas?|percentages?))?\s(?:means?|=|is|are|indicates?)\s"
    r"(?:an?\s)?(?:better|improvements?|faster|gains?)\b",
    re.IGNORECASE,
)
# a name that already says which way it is better ("Latency speedup", "TTFT improvement")
_DIRECTED_RE = re.compile(r"speed-?up|improvement|gain|uplift|reduction|saving", re.IGNORECASE)


@dataclass(frozen=True)
class PrArms:
    arms: dict[str, str]
    """header -> the arm's words ("PR no-LG" -> "no-LG")."""
    positive_better: bool
    """The text over the table says its positive changes are the better ones ("Positive means better than ...")."""


def pr_arms(headers: list[str], roles: list[str], lead: str, section: str) -> PrArms:
    """The value columns naming the PR's side with words that are neither a measure nor a unit nor a commit, where two
    such columns stand in the table, and the sign rule its lead-in or heading states."""
    return PrArms(_arms(headers, roles), any(_POSITIVE_BETTER_RE.search(t[:300]) for t in (lead, section) if t))


def _arms(headers: list[str], roles: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for head, role in zip(headers, roles, strict=False):
        if role != "value" or side_of(head) != "head":
            continue
        bare = " ".join(_UNIT_PART_RE.sub(" ", clean(head)).split())
        m = HEAD_SIDE_RE.search(bare)
        if m is None or m.group(0).lower() not in ("pr", "this pr", "the pr"):
            continue
        arm = f"{bare[: m.start()]} {bare[m.end() :]}".strip(_EDGES)
        words = arm.split()
        if not words or len(words) > 3 or looks_metric(arm) or is_measure_unit(normalise_unit(arm)):
            continue
        if SHA_RE.fullmatch(arm.strip("`()").lower()) or arm.startswith("#"):
            continue  # ("PR 4f2e9a1c07", "PR #8812": the PR's commit or number, no arm of it)
        out[head] = arm
    return out if len(set(out.values())) >= 2 else {}


def on_pr_arms(claims: Iterator[Claim], sides: PrArms) -> Iterator[Claim]:
    """Each value under an arm column carries its arm as its variant; a change under it (a percentage with no
    reference) is named by its row's measure alone, and where the text says positive is better, as that measure's
    improvement (so that compare and report read its sign the way the table's author does)."""
    arms, positive_better = sides.arms, sides.positive_better
    for c in claims:
        arm = arms.get(str(c.config.get("column") or ""))
        changed = c.reference is None and c.unit == "%" and c.kind == "perf"
        if arm is None and not (positive_better and changed):
            yield c
            continue
        update: dict[str, object] = {}
        if arm is not None and "variant" not in c.config:
            update["config"] = {**c.config, "variant": arm}
        metric = c.metric or ""
        if arm is not None and changed:
            column = str(c.config.get("column") or "")
            metric = " ".join(metric.replace(column, " ").split()).strip(_EDGES) or str(c.config.get("row") or "")
        if positive_better and changed and metric and not _DIRECTED_RE.search(metric):
            # (a measure better lower, "Mean TTFT", whose change the table signs positive when it fell)
            metric = f"{metric} improvement"
        if metric and metric != c.metric:
            update["metric"] = metric
        yield c.model_copy(update=update) if update else c
