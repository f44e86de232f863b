"""Rows that are runs of builds: a label column naming the image, version or commit each row ran, the rows of one
build next to each other, the first build the one the others are measured against.

    | Image                       | Round  | TTFT  | Change  |
    | npu-serve:v0.8.2            | Round1 | 48.20 | -       |   <- the base build: the references below
    | npu-serve:v0.9.0-dev:7c1d2e9| Round1 | 41.30 | +14.32% |   <- measured on 7c1d2e9, against Round1 above

Each row's values are measured on the revision its build cell names (its head the sha the cell ends in, where it
holds one), under the rest of its label ("Round1"), not under a metric or setting named after the image. A later
build's row takes the base build's row of the same rest label as its baseline row; the base build's rows keep their
claims (each is a run of that build, measured on it).

Where the builds are another engine's, the project's own branch and the change ("mainline spec@4c1e9a7b2", "ours
main@b7d03e5f1", "ours PR@e92a6c0d4"), the base build is the one named for the project's branch (main, master,
trunk), wherever it stands: the change is measured against the code it changes, and the other engine's row is a
comparison the reader may make, no baseline of either (its rows, like any build's, keep their claims).

Apart from results.py because it reads every row's label cells at once, before any row is read."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import pairwise

from ledger.model import Claim, Revision
from ledger.parsers.grammar.revision_labels import is_sha
from ledger.parsers.reader.document import Row, Table
from ledger.parsers.tables.cells import cell_value, clean, is_numeric_cell
from ledger.vocab.sides import side_of

# "v0.11.0rc1", "0.9.1", "v0.11.0-dev", "2.4.0.post1": a release's version; "ceadc2788" after a colon: a commit
_VERSION_RE = re.compile(
    r"(?:(?<![\w.])v\d{1,3}\.\d{1,3}(?:\.\d{1,4})?|(?<=[:@])\d{1,3}\.\d{1,3}(?:\.\d{1,4})?|(?<![\w.])\d{1,3}\.\d{1,3}\.\d{1,4})"
    r"(?:rc\d{1,3}|\.post\d{1,3}|-?dev\w{0,12})?(?![\d.])"
)
"""A release's version ("v0.11.0rc1", "image:0.9.1", "2.4.0.post1"); never a model's "Llama 3.1" nor "GLM-4.7"."""
_BARE_VERSION_RE = re.compile(r"v?\d{1,3}(?:\.\d{1,4}){1,3}(?:rc\d{1,3}|\.post\d{1,3})?")
_SHA_TAIL_RE = re.compile(r"[:@/_-]([0-9a-fA-F]{7,40})$")


@dataclass
class Builds:
    """The table's build column, its base build and the base build's rows by the rest of their label."""

    col: int
    base: str
    label_cols: list[int] = field(default_factory=list)
    rest_of: dict[int, str] = field(default_factory=dict)
    """Each numeric row's label without its build cell, by id(row)."""
    base_rows: dict[str, Row] = field(default_factory=dict)
    compared: frozenset[str] = frozenset()
    """Builds that are comparisons, measured against no build (another engine's beside the project's branch)."""
    by_branch: bool = False
    """The base build is the one named for the project's branch, not the first (see the module)."""
    match_of: dict[int, str] = field(default_factory=dict)
    """What ties a row to its base row where more than its rest label does (a run's index: tables.side_runs)."""
    tag_of: dict[int, str] = field(default_factory=dict)
    """Each row's image tag beside its build cell ("nightly-20260110" beside "v1.4.2"), by id(row): the build's name
    as well, no run of it (each image is one build)."""
    name: str = ""
    """The build column's header ("flashinfer"): what a bare version cell ("0.6.4") is the version of."""

    def build_of(self, row: Row) -> str:
        return _cell(row, self.col)

    def baseline_of(self, row: Row) -> Row | None:
        """The base build's row this row is measured against: the one of the same rest label."""
        if self.build_of(row) in (self.base, *self.compared):
            return None
        return self.base_rows.get(self.match_of.get(id(row)) or self.rest_of.get(id(row), ""))


def build_rows(table: Table, roles: list[str]) -> Builds | None:
    """The build column of a table whose rows are runs of two or more builds (see the module), else None."""
    label_cols = [i for i, r in enumerate(roles) if r == "label"]
    run_cols = [i for i, r in enumerate(roles) if r in ("label", "config")]
    # ("**0.888** ❌": a value its verdict mark follows is a result all the same)
    rows = [r for r in table.rows if any(is_numeric_cell(c) or cell_value(c) is not None for c in r.cells[1:])]
    for ci in label_cols:
        cells = [_cell(r, ci) for r in rows]
        if len(rows) < 2 or not all(_names_build(c) for c in cells):
            continue
        order = list(dict.fromkeys(cells))
        # the run a row is: its other label and setting cells ("eager", "dep8 / on")
        runs = [" / ".join(_cell(r, i) for i in run_cols if i != ci and _cell(r, i)) for r in rows]
        # two builds or more, each on rows next to each other ("v1, v1, v2, v2"), or taking turns within the runs
        # the other cells name ("1.2.0 eager, 1.3.0 eager, 1.2.0 graph, ..."), never "v1, v2, v1" alone
        grouped = sum(1 for a, b in pairwise(cells) if a != b) == len(order) - 1
        if len(order) < 2 or not (grouped or _turns_within_runs(cells, runs, order)):
            continue
        base = _own_branch(order)
        # (the builds named for neither side nor the project's branch keep the first build as theirs)
        compared = frozenset(b for b in order if b != base and side_of(b) != "head") if base else frozenset()
        builds = Builds(ci, base or order[0], label_cols, compared=compared, by_branch=base is not None)
        builds.name = clean(table.header[ci]) if ci < len(table.header) else ""
        for r, run in zip(rows, runs, strict=True):
            # ("vLLM Ascend v0.9.1 Round1" beside the image: the build named again, then the run)
            rest = " / ".join(_without_build(_cell(r, i)) for i in label_cols if i != ci and not _tag(_cell(r, i)))
            builds.rest_of[id(r)] = rest
            builds.tag_of[id(r)] = " ".join(_cell(r, i) for i in label_cols if i != ci and _tag(_cell(r, i)))
            if not grouped:  # (builds taking turns: the base row is the one of the same run, settings and all)
                builds.match_of[id(r)] = rest = run
            if _cell(r, ci) == builds.base:
                builds.base_rows.setdefault(rest, r)
        return builds
    return None


def _turns_within_runs(cells: list[str], rests: list[str], order: list[str]) -> bool:
    """Whether every run the other label cells name holds each build at most once, in the order the builds first
    came, the base build first: the rows are pairs (or sets) of builds of one run, the run's base row above."""
    seen: dict[str, list[str]] = {}
    for cell, rest in zip(cells, rests, strict=True):
        if not rest:
            return False
        seen.setdefault(rest, []).append(cell)
    runs = list(seen.values())
    rank = {b: i for i, b in enumerate(order)}
    return (
        any(len(r) > 1 for r in runs)
        and all(r[0] == order[0] and len(set(r)) == len(r) for r in runs)
        and all(rank[a] < rank[b] for r in runs for a, b in pairwise(r))
    )


# the project's own line of development ("ours main@b7d03e5f1", "master@..."), never another's ("mainline", "upstream")
_OWN_BRANCH_RE = re.compile(r"(?<![\w.-])(?:main|master|trunk)(?![\w./-])", re.IGNORECASE)


def _own_branch(order: list[str]) -> str | None:
    """The build named for the project's branch, when it is not the first build and the change's build comes after
    another base build ("mainline ..."): the change's baseline (see the module); None for any other builds."""
    own = [b for b in order if _OWN_BRANCH_RE.search(_without_build(b))]
    heads = [b for b in order if side_of(b) == "head"]
    if len(own) != 1 or own[0] == order[0] or not heads or own[0] in heads:
        return None
    return own[0]


def on_build(
    claims: Iterator[Claim], row: Row, builds: Builds, around: Mapping[str, str] | None = None
) -> Iterator[Claim]:
    """The row's claims measured on its build's revision, named by the rest of its label; a key the build's cell
    held ("Model" over "ours main@b7d03e5f1") takes the setup `around` the row gives it (the fold's model)."""
    cell = builds.build_of(row)
    fill = {k: v for k, v in (around or {}).items() if v}
    sha = m.group(1).lower() if (m := _SHA_TAIL_RE.search(cell)) and is_sha(m.group(1)) else None
    # (a bare "0.6.4" names no build alone: it is the version of what the column's header names, "flashinfer 0.6.4")
    bare = builds.name and _BARE_VERSION_RE.fullmatch(cell)
    tag = builds.tag_of.get(id(row), "")  # ("nightly-20260110" beside "v1.4.2": the image the build is)
    rev = Revision(label=f"{tag} {cell}" if tag else f"{builds.name} {cell}" if bare else cell, head=sha)
    rest = builds.rest_of.get(id(row), "")
    label = " / ".join(_cell(row, i) for i in builds.label_cols if _cell(row, i))
    for c in claims:
        metric = c.metric
        if metric and label and label in metric:
            metric = " ".join(metric.replace(label, rest).replace("()", "").split())
        # (a label column headed "Model" that names the build again is no model: "vLLM Ascend v0.9.1 Round1")
        config = {k: v for k, v in c.config.items() if v != cell and not (k != "row" and _VERSION_RE.search(v))}
        for k in (k for k, v in c.config.items() if v == cell and k != "row" and k in fill):
            config[k] = fill[k]  # ("Model" over the builds: the model the text names for every row)
        if c.config.get("row"):  # the row is named by the rest of its label, or by nothing but its build
            if rest:
                config["row"] = rest
            else:
                config.pop("row", None)
        yield c.model_copy(update={"revision": rev, "config": config, "metric": metric})


def _without_build(text: str) -> str:
    return " ".join(_SHA_TAIL_RE.sub("", _VERSION_RE.sub("", text)).split())


# "nightly-20260110", "...mi35x-20260623": one token ending in a date stamp or a commit after a separator
_TAG_RE = re.compile(r"^\S{1,60}?[:@_-](?:\d{8}|\d{6}|[0-9a-f]{7,40})$")


def _tag(cell: str) -> bool:
    """An image tag: one token whose tail after its last separator is a date stamp or a commit (see _TAG_RE)."""
    return bool(_TAG_RE.match(cell))


def _names_build(cell: str) -> bool:
    return bool(_VERSION_RE.search(cell)) or bool((m := _SHA_TAIL_RE.search(cell)) and is_sha(m.group(1)))


def _cell(row: Row, ci: int) -> str:
    return clean(row.cells[ci]) if ci < len(row.cells) else ""
