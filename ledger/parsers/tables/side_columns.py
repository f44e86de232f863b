"""A value column that names the candidate side beside a baseline column ("| Conc | Baseline (tok/s) | With PR
(tok/s) |", "| | main | this PR |", "| ttft (PR) |", "| New TPOT (ms) |"): its values were measured on that side.
The claim keeps the measure, not the side's words: the header's other words when they name one ("TPOT"), else the
row's label (the measure a row names under side columns), else what its unit measures; where the text defines the
side with its commit, the claim is measured on that revision."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from ledger.memo import short_text_cache
from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.grammar.revision_labels import SHA_RE, is_sha
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.flag_arms import column_settings
from ledger.parsers.tables.headers import head_without_unit, looks_metric, side_with_sha, without_spelled_rate
from ledger.vocab.run_stats import bare_stat
from ledger.vocab.setting_heads import gemm_shape
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_names import setup_named
from ledger.vocab.sides import BASE_SIDE_RE, HEAD_SIDE_RE, reference_implementation, side_alone, side_of
from ledger.vocab.units import is_measure_unit, is_time_unit, measure_of_unit

_UNIT_RE = re.compile(r"\s*[(\[][^()\[\]]{0,24}[)\]]\s*$")
# the word that joins a side to what it qualifies ("w/ PR", "with this PR", "on this branch")
_CONNECTOR_RE = re.compile(r"(?:\bw/|\bwith|\bon)\s*$", re.IGNORECASE)


def on_side_columns(
    ctx: Context, claims: Iterator[Claim], headers: Sequence[str] = (), base_of: Mapping[int, int] | None = None
) -> Iterator[Claim]:
    """One row's claims, each of a candidate-side column paired with its baseline column on that side (see the
    module); the row's change cells ("Diff", "better -12.9%") on it too, when the row has one such side. A column
    the header pairs (`base_of`, by column) is on its side in every row, also where its partner's cell is "n/a"."""
    paired = frozenset(headers[i] for i in base_of or () if i < len(headers))
    # ("The ring variant against main:" over "| Tput main | Tput ring |": a value paired with its baseline is the
    # other side's, never measured on the baseline the lead-in names)
    out = [
        c.model_copy(update={"revision": None})
        if c.reference is not None
        and c.revision is not None
        and c.revision.label
        and side_alone(c.revision.label)
        and side_of(c.revision.label) == "base"
        else c
        for c in _sided(ctx, claims, paired)
    ]
    # "| Baseline (tok/s) | With PR (tok/s) | Delta |": the change of the one measure its row pairs ("throughput
    # Delta"), not a measure called "Delta"
    # ("| BF16 tok/s | INT4 tok/s | Change | BF16 TPOT | INT4 TPOT | Change |": each change that of the pair before it)
    out = list(_changes_named(out))
    sides = {c.revision for c in out if c.revision is not None and c.reference is not None}
    if len(sides) != 1:
        return iter(out)
    side = next(iter(sides))
    # (a side the header names by its word alone reaches only the cells headed as its change: "| fp8 | previous |
    # tiles optimized |" leaves the fp8 column's values on no side)
    named = bool(side.head or side.base)
    return (c.model_copy(update={"revision": side}) if _change_cell(c, named) else c for c in out)


def on_banner_sides(sides: tuple[str, str] | None, claims: Iterator[Claim]) -> Iterator[Claim]:
    """The values under a console banner's sides ("PERFORMANCE OVERVIEW ( main / ep+tp branch)"): the side paired
    with the other is the build it was measured on, named by its label ("ep+tp branch"; a bare "this PR" is the
    PR's own side, which the reference already says), and no column of a measure: the row names the measure."""
    if sides is None:
        yield from claims
        return
    for c in claims:
        column = str(c.config.get("column") or "")
        if column not in sides:
            yield c
            continue
        config = {k: v for k, v in c.config.items() if k != "column"}
        named = c.revision is None and c.reference is not None and not side_alone(column)
        yield c.model_copy(update={"config": config, **({"revision": Revision(label=column)} if named else {})})


def _changes_named(claims: list[Claim]) -> Iterator[Claim]:
    """A change cell named by nothing but "Change" is the change of the paired measure before it in its row (the
    one measure of a row with one pair, else the nearest pair to its left). Any change cell of a pair is the
    candidate's change, measured under the candidate's setup: "| Baseline (Marlin) | FP8 Compute | Delta |" gives
    the Delta quant fp8 as it gives the FP8 Compute cell, so that the pair and its change are one series."""
    pairs = [c for c in claims if c.reference is not None]
    measures = {c.metric for c in pairs if c.metric}
    measure = next(iter(measures)) if len(measures) == 1 else None
    pair = pairs[0] if len(pairs) == 1 else None
    for c in claims:
        if c.reference is not None and c.metric and len(measures) > 1:
            measure = c.metric
        if c.reference is not None:
            pair = c  # (the nearest pair to its left, or the row's one)
        # (a change cell the table's one new side, measured on a stated base, already put on its revision is still
        # the change of that pair; so is one on the pair's own revision, a listed commit, for its name)
        on_base = c.revision is None or not c.revision.head
        unsided = on_base and c.reference is None and side_of(str(c.config.get("column") or "")) is None
        on_pair = pair is not None and c.revision == pair.revision and c.reference is None
        if measure and (unsided or on_pair) and c.metric and _CHANGE_HEAD_RE.match(c.metric):
            c = c.model_copy(update={"metric": f"{measure} {c.metric}"})
        if pair is not None and unsided and (own := _candidate_setup(pair, c)):
            c = c.model_copy(update={"config": {**c.config, **own}})
        yield c


def _candidate_setup(pair: Claim, change: Claim) -> dict[str, object]:
    """The setup the candidate's column header gives it ("FP8 Compute": quant fp8; an arm's name, its variant or
    engine) that its change cell lacks or states otherwise (a model name's "NVFP4" the change cell fell back to),
    where the change's own header names a change ("Delta", "Speedup") and no setup of its own."""
    head = str(change.config.get("column") or "")
    if not _CHANGE_WORD_RE.search(head):
        return {}
    own = qualifiers(head)
    column = str(pair.config.get("column") or "")
    given = [*qualifiers(column), *column_settings(column), *_ARM_KEYS]  # (and the flags and the arm it names)
    return {
        k: pair.config[k] for k in given if k not in own and k in pair.config and change.config.get(k) != pair.config[k]
    }


_ARM_KEYS = ("variant", "engine")
"""The keys an arm's column name gives its values ("Kestrel DP (tok/s/GPU)" beside "Heron (tok/s/GPU)": variant
Kestrel DP; engine_columns), which the change cell after them is measured under too."""


_CHANGE_WORD_RE = re.compile(r"\b(?:delta|diff(?:erence)?|change|gain|improvement|speed-?up|ratio)\b|Δ", re.IGNORECASE)


def _change_cell(c: Claim, named: bool = True) -> bool:
    """A cell of the row that is no side's value of its own: its change ("Delta", "Diff"); where the side is not
    named by its commit, only a cell headed as a change."""
    column = str(c.config.get("column") or "")
    if c.revision is not None or c.reference is not None or side_of(column) is not None:
        return False
    return named or bool(_CHANGE_WORD_RE.search(column))


def _sided(ctx: Context, claims: Iterator[Claim], paired: frozenset[str]) -> Iterator[Claim]:
    for c in claims:
        header = str(c.config.get("column") or "")
        if c.revision is not None and header and (renamed := _named_column(c, header)) is not None:
            yield renamed
            continue
        # ("Baseline `21ae7199` vs this PR": the PR's side, no head of its own, measured on top of that commit)
        on_base = c.revision is not None and not c.revision.head and c.revision.base is not None
        if c.revision is not None and not on_base and c.reference is not None and side_alone(header):
            # ("Measured on `a89015c6df`" over "| base | **PR** |": the text's revision is the run's, the bare
            # side word still names no measure)
            yield c.model_copy(update={"metric": row_measure(c, clean(header))}) if side_of(header) == "head" else c
            continue
        if (c.revision is not None and not on_base) or (c.reference is None and header not in paired) or not header:
            yield c
            continue
        switch = _switch_side(header)
        if switch is not None and side_of(header) is None:
            yield _on_switch_side(ctx, c, switch)
            continue
        if side_of(header) != "head":
            yield c
            continue
        label, measure, variant = _side_and_measure(header)
        side = _side_words(label)
        config = c.config
        bare = variant.strip("` ")
        if (SHA_RE.fullmatch(bare.lower()) and is_sha(bare)) or side_alone(bare):
            variant = ""  # "this branch (`f0e1d2c3b4`)": its head, no variant; "candidate (this PR)": one side's words
        if variant and variant.lower() not in {str(v).lower() for v in c.config.values()}:
            label = f"{label} ({variant})"  # "PR" and "PR (compiled)" are two sides, "B200, After" one (gpu B200)
            config = {**c.config, "variant": variant}  # and two series
        # a side the text defines with its commit ("Candidate `9c63e7b`") is that revision; else the side's words
        # ("this PR" of "fused sampler (this PR)", "With PR", "After") are its label, the words beside them its
        # variant: compare keeps every word for the PR's side one revision (compare.revisions' side key), so that
        # tables naming it "With PR", "After" and "New" stay one PR, not three revisions
        named = ctx.named_at(c.source.line).get(label.lower())
        # ("PR de97e22f6": a side named with its commit in the header is that revision too)
        # ("| main (e467261e) | this branch (7699f2e) |": its own head on top of the base its base column named)
        own = side_with_sha(header)
        own = own.model_copy(update={"base": c.revision.base}) if own is not None and on_base and c.revision else own
        rev = named if named is not None and (named.head or named.base) else own or c.revision
        rev = rev or Revision(label=side)
        metric = _of_row(measure, c) or row_measure(c, label)
        yield c.model_copy(update={"revision": rev, "metric": metric, "config": config})


# "PR #8812": the side's word and the number it names the PR by
_PR_NUMBER_RE = re.compile(r"\s{0,2}#\d{1,7}\b")


def _side_words(label: str) -> str:
    """The words of a side column's label that name the side ("PR" of "PR streamed", "New" of "New kernel", "PR
    #8812"), its label whole where it is a side's name alone ("this branch") or a branch's ("overlap branch"): the
    revision's label, the other words being the column's variant or setup, so that "PR plain" and "PR streamed" are
    one side's two series."""
    m = HEAD_SIDE_RE.search(label)
    if side_alone(label) or m is None or m.group(0).lower() == "branch":
        return label
    n = _PR_NUMBER_RE.match(label, m.end())
    return label[m.start() : n.end() if n else m.end()]


# "Opt2 vs B", "second vs first": a change column named by the side it measures, then the side it is against
_VS_RE = re.compile(r"^(?P<side>\S[^()\[\]]{0,40}?)\s+(?:vs\.?|versus|over|against)\s+\S", re.IGNORECASE)


def _named_column(c: Claim, header: str) -> Claim | None:
    """A value under a column headed by nothing but the name of the revision it was measured on ("| Baseline |
    Opt1 | Opt2 |" under "opt1 (4e505e2...)", "| main | New |" under "**New**: this PR at `7c2e94a`"), or a
    change column that opens with that name ("Opt2 vs B"): the name is the side, which the revision already
    carries, never a word of the measure, so that each candidate's value is one series' next point (compare lines
    opt1 up with opt2, and report judges the newest) instead of a series of its own."""
    label = (c.revision.label or "") if c.revision is not None else ""
    if not label or not c.metric or (c.revision is not None and not c.revision.head):
        return None
    name = _drop_units(clean(header))
    if c.reference is not None and name.lower() == label.lower():
        side = header if header in c.metric else name
        return c.model_copy(update={"metric": row_measure(c, side)})
    vs = _VS_RE.match(name) if c.reference is None else None
    if vs is None or vs.group("side").lower() != label.lower():
        return None
    rest = _without(c.metric, vs.group("side"))
    return c.model_copy(update={"metric": rest}) if rest else None


# "With warm-up", "w/o chunked prefill": a side named by the feature it runs with or without; which of the two is
# measured the table's roles decided (its change column, where the PR removes the feature)
# ("TPOT with graphs": a measure, then the side; the measure must read as one)
_SWITCH_RE = re.compile(
    r"^(?:(?P<measure>[^()\[\]]{1,60}?)\s)?(?P<side>(?:with|without|w/o|w/)\s+\S[^()\[\]]{0,60})$", re.IGNORECASE
)


@short_text_cache(2048)  # (each header, again for every row under it)
def _switch_side(header: str) -> str | None:
    # ("With CP TFLOPS / GPU": a group's side, then the rate it measured, spelled with spaced slashes)
    m = _SWITCH_RE.match(_drop_units(without_spelled_rate(clean(header))))
    if m is None or (m.group("measure") and not looks_metric(m.group("measure"))):
        return None
    return m.group("side")


def _on_switch_side(ctx: Context, c: Claim, label: str) -> Claim:
    """A value under a "With X" / "Without X" column is the row's measure on that side: the header is the side's
    label (the revision its change cell shares), not a part of the measure's name."""
    named = ctx.named_at(c.source.line).get(label.lower())
    rev = named if named is not None else Revision(label=label)
    # ("With CP TFLOPS / GPU": the rate it spells names the measure, as under a header of that rate alone)
    rest = (c.metric or "").replace(label, "", 1).strip()
    metric = rest if rest and not without_spelled_rate(rest) else row_measure(c, label)
    return c.model_copy(update={"revision": rev, "metric": metric})


def row_measure(c: Claim, label: str) -> str | None:
    """The measure of a value under a side column: the claim's name without the side's words, else its row's
    label, else what its unit measures; a row named by its setup alone ("| Qwen3-8B | 100 | 150 |" under "main
    (tok/s) | PR (tok/s)") is measured in what the unit names, not in a measure called "Qwen3-8B"."""
    name = _without(c.metric or "", label) or str(c.config.get("row") or "")
    if name and (setup_named(name) or gemm_shape(name)) and (unit_measure := measure_of_unit(c.unit)):
        return unit_measure
    # ("| concurrency | master | PR |" with no measure or unit anywhere: a value, never a measure called "PR")
    return name or measure_of_unit(c.unit) or ("value" if _without(c.metric or "", label) is None else c.metric)


# ("Δ%", "Change (%)": a change in percent, named by its unit)
_CHANGE_HEAD_RE = re.compile(r"^(?:delta|diff|difference|change|Δ|gain|improvement)(?:\s?%|\s?\(%\))?$", re.IGNORECASE)
_PART_RE = re.compile(r"[,()\[\]]")
_EDGE_CHARS = " ,;:+/|*_`-"


def _side_and_measure(header: str) -> tuple[str, str | None, str]:
    """The side a header names and the measure its other words name ("New TPOT (ms)" -> ("New", "TPOT"),
    "ttft (PR)" -> ("PR", "ttft"), "Mean TTFT (ms), After" -> ("After", "Mean TTFT")); the side is the part of the
    header it stands in ("tuned branch", "PR #8812") unless the rest of that part is a measure or a unit. Third, the
    header's words that are neither ("compiled" in "PR (compiled)"): a variant of the side."""
    header = clean(header)  # "New Req/s<br>(X=1)": a line break parts words
    part = next((p.strip() for p in _PART_RE.split(header) if HEAD_SIDE_RE.search(p)), header.strip())
    m = HEAD_SIDE_RE.search(part)
    if m is None:
        return part, None, ""
    rest = _words_without(part, m)
    label = m.group(0) if rest and (_is_unit(rest) or looks_metric(rest)) else part
    at = header.find(label)
    other = header if at < 0 else f"{_CONNECTOR_RE.sub('', header[:at])} {header[at + len(label) :]}"
    other = _drop_units(" ".join(other.split()).strip(_EDGE_CHARS))
    if other and not _is_unit(other) and looks_metric(other):
        return label, other, ""
    # "New Req/s": a rate's unit names the measure ("Req/s" beside "Tokens/s"); a time's is a latency ("New us")
    unit_measure = rest if rest and "/" in rest and _is_unit(rest) else None
    return label, unit_measure, "" if _is_unit(other) else other


def _without(metric: str, label: str) -> str | None:
    """The claim's metric without the side's words ("Output tok/s PR" -> "Output tok/s"); None when nothing but a
    unit or the side is left ("With PR", "New tok/s")."""
    at = metric.find(label)
    if at < 0:
        return metric if metric and not HEAD_SIDE_RE.search(metric) else None
    rest = " ".join(f"{_CONNECTOR_RE.sub('', metric[:at])} {metric[at + len(label) :]}".split()).strip(_EDGE_CHARS)
    # (a bracket that holds no unit stays: "MNK=(1x4096x4096)" is a row's shape, not "MNK=" in some unit)
    unit = _UNIT_RE.search(rest)
    if unit is not None and _is_unit(unit.group(0).strip(" ()[]")):
        rest = rest[: unit.start()].strip(_EDGE_CHARS)
    return rest if rest and not _is_unit(rest) and not HEAD_SIDE_RE.fullmatch(rest) else None


def _words_without(text: str, m: re.Match[str]) -> str:
    rest = f"{_CONNECTOR_RE.sub('', text[: m.start()])} {text[m.end() :]}"
    return " ".join(rest.split()).strip(_EDGE_CHARS)


@short_text_cache(2048)  # (each header, again for every pairing it is tried in)
def _drop_units(text: str) -> str:
    """The text without the units it prints in brackets ("Mean TTFT (ms)" -> "Mean TTFT"; "(compiled)" stays
    "compiled")."""
    words = [w.strip() for w in _PART_RE.split(text)]
    return " ".join(w for w in words if w and not _is_unit(w)).strip(_EDGE_CHARS)


def _is_unit(text: str) -> bool:
    return is_measure_unit(normalise_unit(text))


def arm_columns(headers: list[str], base_of: dict[int, int]) -> dict[str, tuple[str, str]]:
    """The value columns that name their arm by a word of their own beside a baseline of the same measure ("Tput
    ring" paired with "Tput main", "TTFT ring (ms)"): header -> (the measure, the arm's word), which a value under
    it keeps apart (its metric the measure, its variant the arm: "Tput tree" beside it is another arm)."""
    out: dict[str, tuple[str, str]] = {}
    for v, b in base_of.items():
        if max(v, b) >= len(headers) or side_of(headers[v]) is not None or side_of(headers[b]) != "base":
            continue
        base = BASE_SIDE_RE.sub(" ", _drop_units(clean(headers[b])))
        stem = " ".join(base.split()).strip(_EDGE_CHARS)
        words = _drop_units(clean(headers[v])).split()
        n = len(stem.split())
        if not stem or not looks_metric(stem) or len(words) <= n:
            continue
        if " ".join(words[:n]).lower() == stem.lower():
            measure, arm = " ".join(words[:n]), " ".join(words[n:])
        elif " ".join(words[-n:]).lower() == stem.lower():
            measure, arm = " ".join(words[-n:]), " ".join(words[:-n])
        else:
            continue
        if len(arm.split()) <= 3 and not _is_unit(arm) and not looks_metric(arm) and not _a_sha(arm):
            out[headers[v]] = (measure, arm)  # (a commit, "tok/s 4f2e9a1c07", is the column's revision, not an arm)
    return out


def _of_row(measure: str | None, c: Claim) -> str | None:
    """The measure a side column's header names, or, where that is a statistic alone ("mean" of "B mean"), the
    measure its row names ("Output throughput"): the statistic of the runs, not the quantity measured."""
    row = str(c.config.get("row") or "")
    return row if measure and bare_stat(measure) and row and looks_metric(row) else measure


def _a_sha(word: str) -> bool:
    bare = word.strip("`() ")
    return bool(SHA_RE.fullmatch(bare.lower())) and is_sha(bare)


def on_arm_columns(claims: Iterator[Claim], arms: dict[str, tuple[str, str]]) -> Iterator[Claim]:
    """Each value under a column its header pairs with another arm's, the measure the two share and the arm its
    variant: in every row, also where the partner's cell is "—" (the arm's lone run at a load the other did not
    reach is that arm's measure all the same, no measure named "ATOM DP")."""
    if not arms:
        yield from claims
        return
    for c in claims:
        got = arms.get(str(c.config.get("column") or "")) if c.value is not None else None
        if got is None:
            yield c
            continue
        measure, arm = got
        yield c.model_copy(update={"metric": _of_row(measure, c), "config": {**c.config, "variant": arm}})


def implementation_columns(headers: list[str], base_of: dict[int, int]) -> frozenset[str]:
    """The headers of value columns that name the project's own implementation beside a reference one ("vLLM
    (TFLOPs)" paired with "PyTorch (TFLOPs)"): their name is the side, not the measure."""
    names = [head_without_unit(h) for h in headers]
    return frozenset(
        headers[v]
        for v, b in base_of.items()
        if max(v, b) < len(headers) and reference_implementation(names[b], names[v]) == 0
    )


def on_implementation_columns(claims: Iterator[Claim], heads: frozenset[str]) -> Iterator[Claim]:
    """A value under the project's own implementation column is measured in what its unit names ("TFLOPs"; a
    time is a latency): the implementation's name stays in the claim's column, not in its metric."""
    if not heads:
        yield from claims
        return
    for c in claims:
        if c.reference is None or c.config.get("column") not in heads or not c.unit:
            yield c
            continue
        measure = measure_of_unit(c.unit) if is_time_unit(c.unit) else c.unit
        yield c.model_copy(update={"metric": measure or c.metric})


def side_measure(c: Claim, header: str) -> str | None:
    """The measure a value under a side's column names ("TPOT" of "New TPOT (ms)", else its row's or its unit's), as
    a paired value under it is named: a value that stands alone on a side is one series with the pairs."""
    label, measure, _ = _side_and_measure(header)
    return measure or row_measure(c, label)


def side_label(header: str) -> str:
    """A side column's name without its units ("Before (tok/s)" -> "Before")."""
    return _drop_units(clean(header)) or clean(header)
