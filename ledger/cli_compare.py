"""`ledger compare`, `ledger trend` and `ledger references import`: registered into the main app by cli.py.

Targets are files (parsed on the spot, no database needed) or documents in the ledger ("owner/name#N",
"#N", a path or URL as ingested). Exit codes: 0 no regression; 1 a regression (only with
--fail-on-regression); 2 usage or input error; 3 nothing to compare.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ledger.cli_common import err as _err
from ledger.cli_common import errors as _errors
from ledger.errors import LedgerError, UsageError

if TYPE_CHECKING:
    from ledger.compare import Key, NoiseModel, Pair, RegisteredReference, Snapshot
    from ledger.model import Claim

EXIT_REGRESSION = 1
EXIT_USAGE = 2
EXIT_NOTHING = 3

DbPath = Annotated[str, typer.Option("--db", envvar="LEDGER_DB", help="The ledger database (env LEDGER_DB).")]
DEFAULT_DB = "ledger.db"


class CompareFormat(str, Enum):
    table = "table"
    json = "json"
    markdown = "markdown"


class Order(str, Enum):
    auto = "auto"
    document = "document"
    reverse = "reverse"


class By(str, Enum):
    auto = "auto"
    sections = "sections"
    versions = "versions"




@dataclass
class Loaded:
    """One target: its name and its versions' claims (one entry for a file)."""

    name: str
    versions: list[tuple[int | None, list[Claim]]]
    linked: list[Claim] = field(default_factory=list)
    """Claims of documents linked to this one (a PR's fetched comments: the CI bot's runs)."""
    heads: list[str] = field(default_factory=list)
    """The head sha GitHub reported when the PR was fetched."""
    stored: bool = False
    """A ledger document (files given on the command line are often versions of one description)."""


def _claims_from_dicts(rows: list[dict[str, Any]]) -> list[Claim]:
    from ledger.model import Claim

    out = []
    for r in rows:
        try:
            out.append(Claim.model_validate(r))
        except ValueError:
            continue
    return out


def read_claims_file(path: str) -> list[Claim]:
    """Claims in the contract's shape: JSON lines (`ledger extract --format jsonl`) or one JSON array."""
    import json

    from ledger.errors import InputError
    from ledger.model import Claim
    from ledger.sources import read_path

    text = read_path(path).text
    try:
        if text.lstrip().startswith("["):
            raw = json.loads(text)
        else:
            raw = [json.loads(line) for line in text.splitlines() if line.strip()]
    except ValueError as exc:
        raise InputError(path, f"not JSON claims: {exc}") from None
    if not isinstance(raw, list):
        raise InputError(path, "expected a JSON array or JSON lines of claims")
    out: list[Claim] = []
    for i, item in enumerate(raw, 1):
        try:
            out.append(Claim.model_validate(item))
        except ValueError as exc:
            first = str(exc).splitlines()[:3]
            raise InputError(path, f"claim {i} does not fit the claims contract: {' '.join(first)}") from None
    return out


def load_target(target: str, db_path: str, fmt: str | None = None) -> Loaded:
    """A file path (extracted now) or a ledger document (all its stored versions)."""
    p = Path(target)
    if p.is_file() and p.suffix.lower() in (".jsonl", ".ndjson", ".json"):
        return Loaded(p.name, [(None, read_claims_file(target))])
    if p.is_file() or target == "-":
        from ledger.extracting import extract_file

        result = extract_file(target, fmt=fmt)
        for w in result.warnings[:3]:
            _err(f"warning: {target}: {w}")
        return Loaded(p.name, [(None, list(result.claims))])
    if not Path(db_path).is_file():
        raise UsageError(f"{target!r} is not a file, and there is no ledger at {db_path} to look it up in "
                         "(ingest it first, or give --db)")
    from ledger.db.reads import ClaimFilter, claims, open_reader, resolve_document

    db = open_reader(db_path)
    doc = resolve_document(db, target)
    rows = claims(db, ClaimFilter(document=str(doc["id"]), all_versions=True))
    by_version: dict[int | None, list[dict[str, Any]]] = {}
    for r in rows:
        by_version.setdefault((r.get("source") or {}).get("version"), []).append(r)
    versions = [(v, _claims_from_dicts(rs)) for v, rs in sorted(by_version.items(), key=lambda kv: kv[0] or 0)]
    if not versions:
        versions = [(None, [])]
    linked: list[Claim] = []
    if "parent_id" in doc:
        for (child_id,) in db.execute("SELECT id FROM documents WHERE parent_id = ? ORDER BY id",
                                      [doc["id"]]).fetchall():
            linked += _claims_from_dicts(claims(db, ClaimFilter(document=str(child_id))))
    heads = [str(doc["head_sha"])] if doc.get("head_sha") else []
    return Loaded(str(doc.get("key") or target), versions, linked, heads, stored=True)


def load_registered(db_path: str) -> list[RegisteredReference]:
    if not Path(db_path).is_file():
        return []
    try:
        from ledger.db.reads import open_reader

        reader = open_reader(db_path)
        if isinstance(reader, sqlite3.Connection):  # most ledgers register none: no need to load sqlite-utils
            try:
                if reader.execute("SELECT 1 FROM reference_values LIMIT 1").fetchone() is None:
                    return []
            finally:
                reader.close()
            from ledger.db.connection import open_ledger

            reader = open_ledger(db_path, create=False)
        from ledger.references import load_references

        return load_references(reader)
    except (LedgerError, sqlite3.Error, ImportError):
        return []


def build_noise(thresholds: list[str], samples: list[str], config: str | None, z: float | None) -> NoiseModel:
    from ledger.compare import NoiseModel

    noise = NoiseModel()
    if config:
        try:
            text = Path(config).read_text(encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"--config {config}: {exc.strerror or exc}") from exc
        noise = NoiseModel.from_toml(text)
    for spec in thresholds:
        name, sep, val = spec.partition("=")
        if not sep:
            raise UsageError(f"--threshold {spec!r}: expected NAME=VALUE (perf=3%, accuracy=1.0, gsm8k=1.2)")
        noise.set_threshold(name, val)
    for spec in samples:
        name, sep, val = spec.partition("=")
        if not sep:
            raise UsageError(f"--samples {spec!r}: expected BENCHMARK=N (gsm8k=1319)")
        noise.set_samples(name, val)
    if z is not None:
        if z <= 0:
            raise UsageError("--z must be positive")
        noise.z = z
    return noise


def _snapshots(loaded: list[Loaded], by: By, order: Order) -> tuple[list[Snapshot], list[Claim]]:
    """The snapshots to compare (oldest first) and every claim involved (for the stated-vs-tested list)."""
    from ledger.compare import RevisionRef, Snapshot, split_revisions

    if len(loaded) == 1:
        doc = loaded[0]
        use_versions = by is By.versions or (by is By.auto and len(doc.versions) > 1)
        if use_versions:
            snaps = [Snapshot(RevisionRef(name=f"{doc.name} v{v}" if v else doc.name, document=doc.name, version=v),
                              cl) for v, cl in doc.versions]
            return snaps, [*doc.versions[-1][1], *doc.linked]
        claims = doc.versions[-1][1]
        return split_revisions(claims, doc.name, order=order.value), [*claims, *doc.linked]
    snaps = []
    every: list[Claim] = []
    for doc in loaded:
        v, cl = doc.versions[-1]
        snaps.append(Snapshot(RevisionRef(name=doc.name, document=doc.name, version=v), cl))
        every.extend([*cl, *doc.linked])
    return snaps, every


def run_compare(targets: list[str], *, from_: str | None, to: str | None, fmt: CompareFormat, db: str,
                noise: NoiseModel, by: By, order: Order, input_format: str | None,
                kinds: list[str] | None, model: str | None = None) -> tuple[str, bool, bool]:
    """(rendered output, has a regression, compared anything)."""
    from ledger.compare import (
        REGRESSION,
        check_references,
        compare,
        compare_series,
        select_window,
        stated_vs_tested,
        with_default_config,
    )
    from ledger.compare_render import render_pairs, render_series

    loaded = [load_target(t, db, input_format) for t in targets]
    if model:
        for doc in loaded:
            doc.versions = [(v, with_default_config(cl, {"model": model})) for v, cl in doc.versions]
    snaps, every = _snapshots(loaded, by, order)
    snaps = select_window(snaps, from_, to) if (from_ or to) and snaps else snaps
    registered = load_registered(db)
    _note_implausible(snaps)
    refs = [r for s in snaps for r in check_references(s, noise, registered)]
    if kinds:
        refs = [r for r in refs if r.key.kind in kinds]
    tested, measured = stated_vs_tested(every, [h for doc in loaded for h in doc.heads])
    ref_regression = any(r.verdict == REGRESSION for r in refs)
    if len(snaps) < 2:
        return "", ref_regression, False
    if len(snaps) == 2 or (from_ and to):
        old, new = snaps[0], snaps[-1]
        pairs = compare(old, new, noise, match_revision_labels=len(loaded) > 1 or by is By.versions
                        or (by is By.auto and len(loaded[0].versions) > 1))
        if kinds:
            pairs = [p for p in pairs if p.key.kind in kinds]
        if len(loaded) > 1 and all(d.stored for d in loaded):
            _caution_unstated_model(pairs)
        out = render_pairs(old.ref, new.ref, pairs, refs, tested, measured, fmt.value)
        return out, ref_regression or any(p.verdict == REGRESSION for p in pairs), bool(pairs)
    rows = compare_series(snaps, noise)
    shown = [r for r in rows if not kinds or r.key.kind in kinds]
    if len(loaded) > 1 and all(d.stored for d in loaded):
        _caution_unstated_model([r.overall for r in shown if r.overall is not None])
    out = render_series([s.ref for s in snaps], shown, refs, tested, measured, fmt.value)
    regression = ref_regression or any(r.overall is not None and r.overall.verdict == REGRESSION for r in shown)
    return out, regression, bool(shown)


def _note_implausible(snaps: list[Snapshot]) -> None:
    from ledger.compare import claim_key, implausible

    why = [f"{s.ref.name} line {c.source.line}: {w}" for s in snaps for c in s.claims
           if c.kind in ("accuracy", "acceptance") and (w := implausible(c, claim_key(c)[0]))]
    if why:
        more = f" (and {len(why) - 3} more)" if len(why) > 3 else ""
        _err(f"note: left out {len(why)} value(s) their metric cannot take: {'; '.join(why[:3])}{more}")


def _caution_unstated_model(pairs: list[Pair]) -> None:
    """Across documents a metric may come from different models: warn once when no judged pair names one."""
    judged = [p for p in pairs if p.verdict in ("regression", "improvement", "within noise") and p.key.kind != "gate"]
    if judged and not any("model" in dict(p.key.config) for p in judged):
        _err("note: no compared claim names its model; across documents check they measured the same one "
             "(or give --model)")


def register(app: typer.Typer) -> None:
    """Add compare, trend and the references group to the main app."""
    app.command("compare")(compare_cmd)
    app.command("trend")(trend_cmd)
    refs = typer.Typer(help="Registered accuracy references (TensorRT-LLM reference YAML files).",
                       no_args_is_help=True)
    refs.command("import")(references_import_cmd)
    refs.command("list")(references_list_cmd)
    app.add_typer(refs, name="references")


def compare_cmd(
    targets: Annotated[list[str], typer.Argument(
        help="One document (its revision sections, or its stored versions) or several (compared in order): "
             "files, or ledger documents like owner/name#N.")],
    from_: Annotated[str | None, typer.Option("--from", help="Oldest revision: label, sha prefix, version "
                                                              "number or position.")] = None,
    to: Annotated[str | None, typer.Option("--to", help="Newest revision (same forms as --from).")] = None,
    format: Annotated[CompareFormat, typer.Option("--format", "-f", help="table, json or markdown.")]
    = CompareFormat.table,
    fail_on_regression: Annotated[bool, typer.Option("--fail-on-regression",
                                                     help="Exit 1 when any verdict is a regression.")] = False,
    threshold: Annotated[list[str] | None, typer.Option(
        "--threshold", "-t", help="Override a threshold: perf=3%, accuracy=1.0, acceptance=0.1, gsm8k=1.2, "
                                  "ttft=5%, z=2.58. Repeatable.")] = None,
    samples: Annotated[list[str] | None, typer.Option(
        "--samples", help="Sample count of a benchmark for the binomial noise: gsm8k=1319. Repeatable.")] = None,
    config: Annotated[str | None, typer.Option("--config", help="TOML file: [noise], [samples], [thresholds].")]
    = None,
    z: Annotated[float | None, typer.Option("--z", help="Standard errors that count as noise (default 1.96).")]
    = None,
    by: Annotated[By, typer.Option("--by", help="For one document: revision sections or stored versions "
                                                 "(auto: versions when there are several).")] = By.auto,
    order: Annotated[Order, typer.Option("--order", help="Revision sections' order in the text (auto reads the "
                                                         "labels: 'Final head' first means newest first).")]
    = Order.auto,
    kind: Annotated[list[str] | None, typer.Option("--kind", "-k", help="Only these kinds (repeatable).")] = None,
    input_format: Annotated[str | None, typer.Option("--input-format", help="markdown or rendered.")] = None,
    model: Annotated[str | None, typer.Option("--model", help="The model of claims that do not name one (for "
                                                             "registered reference checks).")] = None,
    db: DbPath = DEFAULT_DB,
) -> None:
    """Line up comparable claims across revisions and judge each: regression, improvement, within noise,
    new, missing, not comparable, insufficient data, with the threshold used.

    Exit 0: no regression; 1: a regression (with --fail-on-regression); 2: usage or input error;
    3: nothing to compare.
    """
    with _errors(EXIT_USAGE):
        noise = build_noise(threshold or [], samples or [], config, z)
        out, regression, compared = run_compare(targets, from_=from_, to=to, fmt=format, db=db, noise=noise, by=by,
                                                order=order, input_format=input_format, kinds=kind, model=model)
    if not compared:
        _err("nothing to compare: fewer than two revisions with comparable claims")
        raise typer.Exit(EXIT_NOTHING)
    typer.echo(out, nl=False)
    if regression and fail_on_regression:
        raise typer.Exit(EXIT_REGRESSION)


def run_trend(metric: str, targets: list[str], *, db: str, where: list[str], kinds: list[str] | None,
              order: Order, input_format: str | None,
              noise: NoiseModel | None = None) -> list[tuple[str, list[tuple[str, Claim]], Pair | None]]:
    from ledger.compare import (
        canonical_key_name,
        claim_key,
        config_hints,
        latest_against_history,
        normalise_metric,
        split_revisions,
    )

    filters: dict[str, str] = {}
    for w in where:
        k, sep, v = w.partition("=")
        if not sep:
            raise UsageError(f"--where {w!r}: expected KEY=VALUE (mtp=1, kv_cache=fp8, gpu=b200)")
        ck = canonical_key_name(k)
        hints, _ = config_hints(f"{k}{v}" if ck == "draft_len" else "")
        filters[ck] = hints.get(ck, v.strip().lower())
    if targets:
        loaded = [load_target(t, db, input_format) for t in targets]
    else:
        if not Path(db).is_file():
            raise UsageError(f"no targets given and no ledger at {db}")
        from ledger.db.reads import documents, open_reader

        ledger_db = open_reader(db)
        loaded = [load_target(str(d["id"]), db) for d in documents(ledger_db)]
    wanted = {normalise_metric(metric, k).name for k in ("accuracy", "perf")}
    series: dict[str, list[tuple[str, Claim]]] = {}
    keys: dict[str, Key] = {}
    for doc in loaded:
        for snap in split_revisions(doc.versions[-1][1], doc.name, order=order.value):
            for c in snap.claims:
                if kinds and c.kind not in kinds:
                    continue
                key, variant = claim_key(c)
                if key.metric not in wanted or key.kind not in ("accuracy", "acceptance", "perf"):
                    continue
                cfg = dict(key.config)
                if any(cfg.get(k) != v for k, v in filters.items()):
                    continue
                label = key.label() + (f" {{{variant}}}" if variant else "")
                at = snap.ref.name if len(loaded) == 1 or snap.ref.name == doc.name else f"{doc.name}: {snap.ref.name}"
                series.setdefault(label, []).append((at, c))
                keys[label] = key
    return [(label, pts, latest_against_history(keys[label], [c for _, c in pts], noise))
            for label, pts in series.items()]


def trend_cmd(
    metric: Annotated[str, typer.Argument(help="The metric: gsm8k, MMMU, 'acceptance length', TTFT ...")],
    targets: Annotated[list[str] | None, typer.Argument(help="Files or ledger documents (default: every "
                                                              "document in the ledger).")] = None,
    where: Annotated[list[str] | None, typer.Option("--where", "-w", help="Configuration filter KEY=VALUE "
                                                                          "(mtp=1, kv_cache=fp8).")] = None,
    kind: Annotated[list[str] | None, typer.Option("--kind", "-k", help="Only these kinds.")] = None,
    format: Annotated[CompareFormat, typer.Option("--format", "-f")] = CompareFormat.table,
    order: Annotated[Order, typer.Option("--order")] = Order.auto,
    input_format: Annotated[str | None, typer.Option("--input-format")] = None,
    threshold: Annotated[list[str] | None, typer.Option("--threshold", "-t", help="As for compare.")] = None,
    z: Annotated[float | None, typer.Option("--z", help="As for compare.")] = None,
    fail_on_regression: Annotated[bool, typer.Option("--fail-on-regression",
                                                     help="Exit 1 when a latest value regressed.")] = False,
    db: DbPath = DEFAULT_DB,
) -> None:
    """A metric's values across revisions (oldest first) or documents, one chart per comparable series,
    and the latest value judged against the earlier ones (their spread sets the threshold once there
    are four or more)."""
    from ledger.compare_render import render_trend

    with _errors(EXIT_USAGE):
        noise = build_noise(threshold or [], [], None, z)
        series = run_trend(metric, targets or [], db=db, where=where or [], kinds=kind, order=order,
                           input_format=input_format, noise=noise)
    if not series:
        _err(f"no values of {metric!r} found")
        raise typer.Exit(EXIT_NOTHING)
    typer.echo(render_trend(metric, series, format.value), nl=False)
    if fail_on_regression and any(p is not None and p.verdict == "regression" for _, _, p in series):
        raise typer.Exit(EXIT_REGRESSION)


def references_import_cmd(
    files: Annotated[list[str], typer.Argument(help="Reference YAML files (TensorRT-LLM references/<task>.yaml).")],
    benchmark: Annotated[str | None, typer.Option("--benchmark", help="The benchmark (default: from the file "
                                                                       "name).")] = None,
    db: DbPath = DEFAULT_DB,
) -> None:
    """Store accuracy references; compare then checks claims whose model and configuration match."""
    from ledger.db.connection import open_ledger
    from ledger.references import read_reference_file, store_references

    failed = 0
    try:
        ledger_db = open_ledger(db)
    except LedgerError as exc:
        _err(str(exc))
        raise typer.Exit(EXIT_USAGE) from None
    for f in files:
        try:
            parsed = read_reference_file(f, benchmark)
            n = store_references(ledger_db, parsed.references, Path(f).name)
        except LedgerError as exc:
            _err(str(exc))
            failed += 1
            continue
        except sqlite3.Error as exc:
            _err(f"database error: {exc}")
            failed += 1
            continue
        for w in parsed.warnings[:5]:
            _err(f"warning: {f}: {w}")
        models = len({r.model for r in parsed.references})
        typer.echo(f"{f}: {n} {parsed.benchmark} references for {models} models")
    if failed:
        raise typer.Exit(EXIT_USAGE)


def references_list_cmd(
    model: Annotated[str | None, typer.Option("--model", help="Substring of the model name.")] = None,
    db: DbPath = DEFAULT_DB,
) -> None:
    """List registered references."""
    regs = load_registered(db)
    if model:
        regs = [r for r in regs if model.lower() in r.model.lower()]
    if not regs:
        _err("no registered references (ledger references import FILE)")
        raise typer.Exit(EXIT_NOTHING)
    for r in regs:
        cfg = ", ".join(f"{k}={v}" for k, v in r.config)
        typer.echo(f"{r.benchmark}\t{r.model}\t{r.accuracy:g}\t{cfg}\t{r.source or ''}")
