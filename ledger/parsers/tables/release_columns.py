"""Value columns named by releases of one project: "| Measure | vLLM 0.10.2 | vLLM 0.11.0 (this PR) |", "| v0.10.2 |
v0.11.0 |", "| TTFT SGLang 0.4.9 | TTFT SGLang 0.5.0 |". Each names the build its values were measured on, so each
value's revision is its column's release ("v0.11.0"), as a release page's sentence "measured with v0.9.0" gives its
tables theirs. Of exactly two such columns of one measure the older is the baseline (where a header marks one as the
PR's, that one is the candidate, whatever its number): the newer's value is the claim, the older's its reference, as a
"| main | this PR |" table reads; three or more are each a revision of their own, which compare lines up.

Two projects ("vLLM 0.11.0 | SGLang 0.5.0") are two engines, not two revisions; one release alone (a release page's
"v0.11.0" column) pairs with nothing; a model's version ("Llama 3.1 | Llama 3.3") is a setup: none is read here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ledger.model import Claim, Revision
from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean
from ledger.vocab.releases import named_release
from ledger.vocab.sides import side_of
from ledger.vocab.units import measure_of_unit

# a header's parenthesis or bracket: a unit ("(tok/s)"), a side ("(this PR)") or a setting
_PAREN_RE = re.compile(r"\s?[(\[]([^()\[\]]{1,40})[)\]]")
_VALUE_ROLES = ("value", "baseline", "mixed")


@dataclass(frozen=True)
class Release:
    """A column named by a release: its label ("v0.11.0"), its order, and whether its header marks it as the PR's."""

    label: str
    order: tuple[int, ...]
    ours: bool


def _groups(headers: list[str], roles: list[str]) -> list[dict[int, Release]]:
    """The value columns each named by a release of one project, beside another release of it with the same other
    words (the measure, the unit), a group per measure and project."""
    groups: dict[tuple[str, str], dict[int, Release]] = {}
    for i, head in enumerate(headers):
        if i < len(roles) and roles[i] in _VALUE_ROLES and (named := _named(head)) is not None:
            stem, project, release = named
            groups.setdefault((stem.lower(), project), {})[i] = release
    return [g for g in groups.values() if len(g) >= 2 and len({r.label for r in g.values()}) == len(g)]


def release_baseline(table: Table, roles: list[str]) -> None:
    """Of two columns of one measure named by two releases, the older (or the one a header does not mark as the
    PR's) is the baseline, where no header names one."""
    if "baseline" in roles:
        return
    for group in _groups([clean(h) for h in table.header], roles):
        if len(group) != 2:
            continue
        (i, a), (j, b) = group.items()
        if a.ours != b.ours:
            roles[j if a.ours else i] = "baseline"
        elif a.order != b.order:
            roles[i if a.order < b.order else j] = "baseline"


def release_labels(headers: list[str], roles: list[str]) -> dict[str, str | None]:
    """header -> the release its values were measured on, for the table's release columns; None for a column named
    by a release that pairs with no other (its values on no revision, their measure still not the release's name)."""
    lone: dict[str, str | None] = {h: None for i, h in enumerate(headers) if roles[i] == "value" and _named(h)}
    return lone | {headers[i]: r.label for group in _groups(headers, roles) for i, r in group.items()}


def on_release_columns(claims: Iterator[Claim], labels: dict[str, str | None]) -> Iterator[Claim]:
    """Each value under a release column measured on that release (a revision the text states with its commit
    stays), its measure never the release's name: the row's, else what its unit measures."""
    if not labels:
        return claims
    return (_on_release(c, labels[col]) if (col := str(c.config.get("column") or "")) in labels else c for c in claims)


def _on_release(c: Claim, label: str | None) -> Claim:
    update: dict[str, object] = {}
    if label is not None and (c.revision is None or not c.revision.head):
        update["revision"] = Revision(label=label)
    if c.metric and (named := _named(c.metric)) is not None:
        # ("TTFT v0.11.0 (ms)": the measure beside the release; "| Model | TRT-LLM 1.0.0 (tok/s) |": a row of a
        # model, the release's name the metric it fell back to, measured in what its unit measures)
        update["metric"] = named[0] or measure_of_unit(c.unit) or c.metric
    return c.model_copy(update=update) if update else c


def _named(header: str) -> tuple[str, str, Release] | None:
    """(its other words, its project, its release) of a header that names one release, else None."""
    ours = False
    kept: list[str] = []
    last = 0
    text = clean(header)
    for m in _PAREN_RE.finditer(text):
        kept.append(text[last : m.start()])
        last = m.end()
        if side_of(m.group(1)) is None:
            kept.append(m.group(0))  # a unit or a setting: the measure's words, which both columns share
        else:
            ours = ours or side_of(m.group(1)) == "head"
    words = " ".join([*kept, text[last:]]).split()
    found: list[tuple[int, int, tuple[str, str, tuple[int, ...]]]] = []
    for j in range(len(words)):
        for k in (2, 1, 0):
            if j - k >= 0 and (got := named_release(" ".join(words[j - k : j + 1]))) is not None and (k == 0 or got[0]):
                found.append((j - k, j, got))
                break
    if len(found) != 1:
        return None  # ("vLLM 0.11.0 vs 0.10.2": two releases in one header, a change column's name)
    start, end, (project, label, order) = found[0]
    return " ".join(words[:start] + words[end + 1 :]), project, Release(label, order, ours)
