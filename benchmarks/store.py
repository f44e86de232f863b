"""Benchmarks of the store commands (issue 24): time and peak memory of whole `ledger` processes.

    python benchmarks/store.py                           # 100,000 versions, 8 ledgers of 10,000 documents
    python benchmarks/store.py --scale 0.01              # the same, a hundredth of the size (a quick look)

Figures:
  1. `ledger reextract`: every stored version written by an older parser version read again (goal: peak memory
     < 300 MB, the largest process: the writer or a parser worker);
  2. `ledger merge` of 8 ledgers of 10,000 documents each (written by this parser version), half of each ledger's
     documents shared with the next (a version in both is stored once);
  3. `ledger export --format parquet` of the 100,000-document ledger (after figure 1, when it runs).
`--figures 2,3` measures only those.
The ledgers are built without parsing each document: the source documents (../shared, else tests/fixtures and
examples/) are parsed once, and each stored version is one of them with a line of its own appended (a distinct
text and sha256, the same claims), written through the ledger's own writer; for figure 1 marked as an older
parser's, and about half of them stored with one claim fewer than this parser reads (re-extraction rewrites
those, and only marks the others).
Building costs about a minute per 30,000 versions; the full run takes the better part of an hour on 2 cores.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def source_texts(shared: Path = SHARED) -> list[tuple[str, str]]:
    """(file name, text) of the documents the ledgers are built from."""
    pats = ["seeds/*.txt", "corpus/prs/*.md", "corpus/docs/*.md"] if (shared / "corpus").is_dir() else []
    files = [p for pat in pats for p in sorted(shared.glob(pat))]
    if not files:
        files = sorted((ROOT / "tests" / "fixtures").glob("*/*.md")) + sorted((ROOT / "examples").glob("*.md"))
    return [(p.name, p.read_text(encoding="utf-8")) for p in files]


def build_ledger(db: Path, keys: range, prefix: str, texts: list[tuple[str, str]], older: bool) -> None:
    """A ledger of one version per key, each a source text plus a line of its own, written as this parser version
    reads it or, `older`, marked as another's."""
    from ledger.db import DocumentIdentity, open_database, write_versions
    from ledger.ingest.prepare import parser_version, prepare_version
    from ledger.ingest.sources import decode

    version = "bench-old/0" if older else parser_version()
    parsed = []
    for name, text in texts:
        prep = prepare_version(
            decode(text.encode(), name), DocumentIdentity(key=name), version, name=name, source_path=name
        )
        parsed.append(prep.pack())
        if older and prep.rows is not None and prep.rows.tails:  # an older reading: one claim fewer
            rows = prep.rows
            parsed.append(
                type(prep)(
                    **{**prep.__dict__, "rows": type(rows)(rows.tails[:-1], rows.revisions[:-1], rows.setups[:-1])}
                )
            )
    ledger = open_database(db)
    batch = []
    for i in keys:
        base = parsed[i % len(parsed)]
        text = base.text + f"\n\n<!-- copy {i} -->\n"
        prep = type(base)(
            **{
                **base.__dict__,
                "identity": DocumentIdentity(key=f"{prefix}/doc{i:06d}"),
                "text": text,
                "sha256": hashlib.sha256(text.encode()).hexdigest(),
            }
        )
        batch.append(prep)
        if len(batch) == 256:
            write_versions(ledger, batch)
            batch = []
    if batch:
        write_versions(ledger, batch)
    ledger.close()


def ledger_cmd() -> list[str]:
    exe = Path(sys.executable).parent / "ledger"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "ledger"]


def measured(cmd: list[str]) -> tuple[float, int]:
    """Wall time (s) and peak RSS (MB) of the largest process of one command, in a fresh interpreter
    (RUSAGE_CHILDREN is a maximum over every child it ever waited for)."""
    probe = (
        "import resource,subprocess,sys,time; t=time.perf_counter(); "
        "p=subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True); "
        "print(time.perf_counter()-t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, p.returncode); "
        "sys.stderr.write(p.stderr[-400:])"
    )
    out = subprocess.run([sys.executable, "-c", probe, *cmd], capture_output=True, text=True)
    took, rss, code = out.stdout.split()
    if code != "0":
        raise RuntimeError(f"{' '.join(cmd[1:3])} exited {code}: {out.stderr}")
    return float(took), int(rss) // 1024


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every size by this (0.01: a quick look)")
    ap.add_argument("--versions", type=int, default=100_000, help="stored versions to re-extract and export")
    ap.add_argument("--ledgers", type=int, default=8, help="ledgers to merge")
    ap.add_argument("--docs-per-ledger", type=int, default=10_000)
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--keep", type=Path, default=None, help="keep the built ledgers here")
    ap.add_argument("--figures", default="1,2,3", help="which figures to measure (1: reextract, 2: merge, 3: export)")
    args = ap.parse_args(argv)
    n_versions = max(8, int(args.versions * args.scale))
    per_ledger = max(4, int(args.docs_per_ledger * args.scale))
    work = args.keep or Path(tempfile.mkdtemp(prefix="ledger-store-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        # A ledger of N versions needs at most N distinct sources: preparing more is extraction nobody stores
        # (at the test's tiny scale, 1,182 fixture texts read three times for 12 versions)
        texts = source_texts(args.shared)[: max(n_versions, per_ledger * args.ledgers)]
        print(
            f"machine: {os.cpu_count()} cores, python {sys.version.split()[0]}, load average "
            f"{os.getloadavg()[0]:.1f}; {len(texts)} source documents"
        )
        figures = {int(f) for f in args.figures.split(",") if f.strip()}
        big = work / "big.db"
        if figures & {1, 3}:
            started = time.perf_counter()
            build_ledger(big, range(n_versions), "bench", texts, older=True)
            print(f"   (built a ledger of {n_versions:,} versions in {time.perf_counter() - started:.0f} s)")
        if 1 in figures:
            took, rss = measured([*ledger_cmd(), "reextract", "--db", str(big)])
            print(
                f"1. reextract {n_versions:,} stored versions: {took:.1f} s ({n_versions / took:,.0f} versions/s), "
                f"peak memory {rss} MB (goal < 300 MB)"
            )
        if 2 in figures:
            sources = []
            for k in range(args.ledgers):
                db = work / f"runner{k}.db"
                half = per_ledger // 2
                build_ledger(db, range(k * half, k * half + per_ledger), "shared", texts, older=False)
                sources.append(str(db))
            took, rss = measured([*ledger_cmd(), "merge", *sources, "--into", str(work / "merged.db")])
            print(
                f"2. merge {args.ledgers} ledgers of {per_ledger:,} documents (half shared with the next): "
                f"{took:.1f} s, peak memory {rss} MB"
            )
        if 3 in figures:
            took, rss = measured(
                [*ledger_cmd(), "export", "--format", "parquet", str(work / "export"), "--db", str(big)]
            )
            print(f"3. export {n_versions:,} documents as Parquet: {took:.1f} s, peak memory {rss} MB")
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
