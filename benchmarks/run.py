"""Benchmarks, measured side by side in one run and printed as ratios.

    python benchmarks/run.py                     # headline at 2,000 docs, memory/query at 100k (~15 min)
    python benchmarks/run.py --docs 200 --big 1000 --rounds 1   # a quick look

Figures:
  1. headline: `ledger ingest DIR --db NEW.db` as a whole process vs a Python process that only
     parses the same files with markdown-it-py (commonmark + table); interleaved rounds, median ratio
     (goal <= 0.75);
  2. extract-only (in process, parsers.extract) vs the same markdown-it parse (in process);
  3. peak memory (max RSS) of `ledger ingest` at two corpus sizes (goal: flat, < 300 MB);
  4. query latency on the big ledger: `claims --metric gsm8k`, `claims --search` (in process, and
     as a command minus the start-up time), `compare` of a PR with 10 versions (goal < 100 ms each);
  5. start-up: `ledger --version` vs `python -c "import typer"` (goal <= 1.5x).
The corpus is built from ../shared (seeds, corpus PRs, rendered copies, docs) with numbers perturbed
so that no two documents share a content hash.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
_DIGIT_RE = re.compile(r"\d+\.\d+|\d{2,}")


def sources(shared: Path = SHARED) -> list[Path]:
    pats = ["seeds/*.txt", "corpus/prs/*.md", "corpus/rendered/prs/*.txt", "corpus/docs/*.md"]
    out: list[Path] = []
    for p in pats:
        out += sorted(shared.glob(p))
    return out


def build_corpus(n: int, dest: Path, shared: Path = SHARED, seed: int = 7) -> list[Path]:
    """n documents, copies of the shared ones with perturbed numbers (distinct hashes)."""
    src = sources(shared)
    if not src:
        raise SystemExit(f"no source documents under {shared}")
    texts = [(p.suffix, p.read_text(encoding="utf-8")) for p in src]
    rng = random.Random(seed)
    dest.mkdir(parents=True, exist_ok=True)
    files = []
    for i in range(n):
        suffix, text = texts[i % len(texts)]

        def bump(m: re.Match[str]) -> str:
            s = m.group(0)
            if rng.random() < 0.3:
                last = s[-1]
                s = s[:-1] + str((int(last) + 1 + rng.randrange(8)) % 10)
            return s

        body = _DIGIT_RE.sub(bump, text) + f"\n\n<!-- copy {i} -->\n"
        f = dest / f"doc{i:06d}{suffix}"
        f.write_text(body, encoding="utf-8")
        files.append(f)
    return files


PARSE_ONLY = """
import sys
from pathlib import Path
from markdown_it import MarkdownIt
md = MarkdownIt("commonmark").enable("table")
for f in sorted(Path(sys.argv[1]).iterdir()):
    md.parse(f.read_text(encoding="utf-8"))
"""


def ledger_cmd() -> list[str]:
    exe = Path(sys.executable).parent / "ledger"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "ledger"]


def run_timed(cmd: list[str]) -> tuple[float, int, str]:
    """Wall time, child peak RSS (kB) and stderr tail of one process."""
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    took = time.perf_counter() - start
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(cmd[:3])} exited {proc.returncode}: {proc.stderr[-400:]}")
    return took, rss, proc.stderr[-200:]


def peak_rss_of(cmd: list[str]) -> int:
    """Peak RSS in MB of one child process, measured in a fresh interpreter (RUSAGE_CHILDREN is a max)."""
    probe = (
        "import resource,subprocess,sys; subprocess.run(sys.argv[1:], capture_output=True); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", probe, *cmd], capture_output=True, text=True)
    return int(out.stdout.strip() or 0) // 1024


def headline(folder: Path, rounds: int) -> dict[str, float]:
    ratios, ingest_t, parse_t = [], [], []
    for r in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "new.db"
            t_parse, _, _ = run_timed([sys.executable, "-c", PARSE_ONLY, str(folder)])
            t_ingest, _, _ = run_timed([*ledger_cmd(), "ingest", str(folder), "--db", str(db)])
        ratios.append(t_ingest / t_parse)
        ingest_t.append(t_ingest)
        parse_t.append(t_parse)
        del r
    return {
        "ingest_s": statistics.median(ingest_t),
        "parse_s": statistics.median(parse_t),
        "ratio": statistics.median(ratios),
    }


def extract_vs_parse(files: list[Path], rounds: int) -> dict[str, float]:
    sys.path.insert(0, str(ROOT))
    from markdown_it import MarkdownIt

    from ledger.parsers import extract

    texts = [(f.name, f.read_text(encoding="utf-8")) for f in files]
    md = MarkdownIt("commonmark").enable("table")
    t_ex, t_md = [], []
    for _ in range(rounds):
        s = time.perf_counter()
        for _name, t in texts:
            md.parse(t)
        t_md.append(time.perf_counter() - s)
        s = time.perf_counter()
        for name, t in texts:
            extract(t, path=name)
        t_ex.append(time.perf_counter() - s)
    return {
        "extract_s": statistics.median(t_ex),
        "parse_s": statistics.median(t_md),
        "ratio": statistics.median(t_ex) / statistics.median(t_md),
    }


DISTINCT = """
import sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from markdown_it import MarkdownIt
from ledger.parsers import extract
texts = [(p, Path(p).read_text(encoding="utf-8")) for p in sys.argv[2:]]
md = MarkdownIt("commonmark").enable("table")
extract("# warm", path="w.md")  # imports and one-time set-up out of the timing, not the documents
md.parse("# warm")
s = time.process_time()
for _, t in texts:
    md.parse(t)
p = time.process_time() - s
s = time.process_time()
for name, t in texts:
    extract(t, path=Path(name).name)
print(time.process_time() - s, p)
"""


def extract_vs_parse_distinct(rounds: int, shared: Path = SHARED, limit: int = 0) -> dict[str, float]:
    """Figure 2 on the distinct source documents only, each round in a fresh process: no text is seen
    twice, so what the extractors remember between calls cannot flatter the figure. (`limit`: the first so many.)"""
    src = [str(p) for p in sources(shared)][: limit or None]
    t_ex, t_md = [], []
    for _ in range(rounds):
        out = subprocess.run(
            [sys.executable, "-c", DISTINCT, str(ROOT), *src], capture_output=True, text=True, check=True
        ).stdout.split()
        t_ex.append(float(out[0]))
        t_md.append(float(out[1]))
    return {
        "docs": len(src),
        "extract_s": statistics.median(t_ex),
        "parse_s": statistics.median(t_md),
        "ratio": statistics.median(t_ex) / statistics.median(t_md),
    }


def add_revisions(db: Path, work: Path, n: int = 10, shared: Path = SHARED) -> str:
    """Ingest n successive versions of the seed PR page as one PR; returns its reference."""
    seed = shared / "seeds" / "004_efc56196d8c007cd.txt"
    folder = work / "revisions"
    files = build_corpus(n, folder, shared) if not seed.exists() else []
    if seed.exists():
        folder.mkdir(parents=True, exist_ok=True)
        rng = random.Random(11)
        text = seed.read_text(encoding="utf-8")
        for i in range(n):
            body = _DIGIT_RE.sub(
                lambda m: m.group(0)[:-1] + str(rng.randrange(10)) if rng.random() < 0.05 else m.group(0), text
            )
            f = folder / f"v{i:02d}.txt"
            f.write_text(body + f"\n(version {i})\n", encoding="utf-8")
            files.append(f)
    for f in files:  # one at a time: each is a new version of the same document
        run_timed([*ledger_cmd(), "ingest", str(f), "--repo", "bench/seed", "--pr", "1", "--db", str(db)])
    return "bench/seed#1"


def query_latency(db: Path, pr_ref: str, rounds: int = 5) -> dict[str, float]:
    """Median latency of each query: in process (library call) and as a command minus start-up; for
    claims, both the first page (what a terminal shows: the table's 50 rows) and every matching row."""
    sys.path.insert(0, str(ROOT))
    from ledger import query
    from ledger.db.opened import OpenLedger
    from ledger.db.reads import ClaimFilter

    out: dict[str, float] = {}
    for name, f in (("gsm8k", ClaimFilter(metric="gsm8k")), ("search TTFT", ClaimFilter(search="TTFT"))):
        with OpenLedger(db) as book:
            n = len(query.claims(book, f))
        for label, flt in (
            (f"{name}, 50 rows", ClaimFilter(**{**f.__dict__, "limit": 50})),
            (f"{name}, all {n:,} rows", f),
        ):
            times = []
            for _ in range(rounds):
                s = time.perf_counter()
                with OpenLedger(db) as book:  # a library call opens the ledger, as a command does
                    query.claims(book, flt)
                times.append(time.perf_counter() - s)
            out[f"in process: {label}"] = statistics.median(times)
    base = statistics.median(run_timed([*ledger_cmd(), "--version"])[0] for _ in range(rounds))
    commands = [
        ["claims", "--metric", "gsm8k"],
        ["claims", "--metric", "gsm8k", "--format", "jsonl"],
        ["claims", "--search", "TTFT"],
        ["claims", "--search", "TTFT", "--format", "jsonl"],
        ["compare", pr_ref],
        ["compare", pr_ref, "--format", "json"],
    ]
    for args in commands:
        times = [run_timed([*ledger_cmd(), *args, "--db", str(db)])[0] for _ in range(rounds)]
        out[f"command - start-up: {' '.join(args)}"] = max(0.0, statistics.median(times) - base)
    return out


def side_by_side(a: list[str], b: list[str], rounds: int) -> dict[str, float]:
    """Two whole processes timed in turns (A B A B ...), after one warm-up each: the medians of each and of the
    pair-by-pair ratio A/B, so a machine whose speed drifts (others' jobs) moves both sides of a pair alike."""
    run_timed(a)
    run_timed(b)
    t_a, t_b, ratios = [], [], []
    for _ in range(rounds):
        ta, tb = run_timed(a)[0], run_timed(b)[0]
        t_a.append(ta)
        t_b.append(tb)
        ratios.append(ta / tb)
    return {"a_s": statistics.median(t_a), "b_s": statistics.median(t_b), "ratio": statistics.median(ratios)}


def startup(rounds: int = 15) -> dict[str, float]:
    """`ledger --version` against `python -c "import typer"` (issue 12: within 1.2x)."""
    return side_by_side([*ledger_cmd(), "--version"], [sys.executable, "-c", "import typer"], rounds)


CLAIMS_SQL = (
    "SELECT c.*, d.key AS document_key, v.sha256 AS document_sha256, v.version AS document_version "
    "FROM claims c JOIN documents d ON d.id = c.document_id JOIN document_versions v ON v.id = c.version_id "
    "WHERE c.version_id = d.latest_version_id AND c.metric = 'gsm8k' COLLATE NOCASE "
    "ORDER BY c.document_id, v.version, c.ordinal LIMIT 50"
)
"""The SELECT `ledger claims --metric gsm8k --limit 50` runs (ledger/db/reads.py), as a user would type it."""


def claims_vs_sqlite_utils(db: Path, rounds: int = 15) -> dict[str, float]:
    """`ledger claims --metric gsm8k --limit 50 --format json` against `sqlite-utils query` of the same SELECT on
    the same file, whole processes (issue 12: as fast)."""
    exe = Path(sys.executable).parent / "sqlite-utils"
    tool = [str(exe)] if exe.exists() else [sys.executable, "-m", "sqlite_utils"]
    return side_by_side(
        [*ledger_cmd(), "claims", "--metric", "gsm8k", "--limit", "50", "--format", "json", "--db", str(db)],
        [*tool, "query", str(db), CLAIMS_SQL],
        rounds,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--docs", type=int, default=2000, help="documents for the headline figure")
    ap.add_argument("--big", type=int, default=100_000, help="documents for the memory and query figures")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--keep", type=Path, default=None, help="keep the built corpora and ledgers here")
    ap.add_argument(
        "--smoke",
        action="store_true",
        help="every figure at its smallest (one pair of runs per ratio, 12 distinct documents, 3 revisions): the "
        "script's own test, whose figures mean nothing",
    )
    args = ap.parse_args(argv)
    pairs = 1 if args.smoke else max(5, 5 * args.rounds)
    work = args.keep or Path(tempfile.mkdtemp(prefix="ledger-bench-"))
    try:
        small = work / f"corpus-{args.docs}"
        files = build_corpus(args.docs, small, args.shared)
        workers = os.environ.get("LEDGER_WORKERS") or "default (one per CPU, at most 4)"
        print(
            f"machine: {os.cpu_count()} cores, python {sys.version.split()[0]}, load average "
            f"{os.getloadavg()[0]:.1f}; corpus {len(files)} docs; parser workers {workers}"
        )
        h = headline(small, args.rounds)
        print(
            f"1. ingest {args.docs} docs: {h['ingest_s']:.2f} s vs markdown-it parse alone "
            f"{h['parse_s']:.2f} s -> ratio {h['ratio']:.2f} (goal <= 0.75)"
        )
        small_db = work / f"{small.name}.db"
        run_timed([*ledger_cmd(), "ingest", str(small), "--db", str(small_db)])
        c = claims_vs_sqlite_utils(small_db, rounds=pairs)
        print(
            f"6. claims --metric gsm8k --limit 50 --format json on the {args.docs}-doc ledger: "
            f"{c['a_s'] * 1000:.0f} ms vs sqlite-utils query of the same SELECT {c['b_s'] * 1000:.0f} ms "
            f"-> ratio {c['ratio']:.2f} (goal <= 1.0; side by side, median of pairs)"
        )
        e = extract_vs_parse(files, args.rounds)
        print(f"2. extract only: {e['extract_s']:.2f} s vs parse {e['parse_s']:.2f} s -> ratio {e['ratio']:.2f}")
        d = extract_vs_parse_distinct(args.rounds, args.shared, limit=12 if args.smoke else 0)
        print(
            f"2b. extract only, the {d['docs']} distinct source documents, fresh process (CPU): "
            f"{d['extract_s']:.3f} s vs parse {d['parse_s']:.3f} s -> ratio {d['ratio']:.2f}"
        )
        half = work / f"corpus-{max(1, args.big // 10)}"
        big = work / f"corpus-{args.big}"
        build_corpus(max(1, args.big // 10), half, args.shared)
        build_corpus(args.big, big, args.shared)
        rss = {}
        for folder in (half, big):
            db = work / f"{folder.name}.db"
            if db.exists():
                db.unlink()
            rss[folder.name] = peak_rss_of([*ledger_cmd(), "ingest", str(folder), "--db", str(db)])
        sizes = " / ".join(f"{k.split('-')[1]} docs {v} MB" for k, v in rss.items())
        print(
            f"3. peak memory of ingest (the largest process: the writer or a parser worker): {sizes} "
            "(goal: flat, < 300 MB)"
        )
        big_db = work / f"{big.name}.db"
        q = query_latency(big_db, add_revisions(big_db, work, n=3 if args.smoke else 10), rounds=1 if args.smoke else 5)
        print(f"4. query latency on the {args.big}-doc ledger (goal < 100 ms):")
        for k, v in q.items():
            print(f"   {k}: {v * 1000:.0f} ms")
        s = startup(rounds=pairs)
        print(
            f"5. start-up: ledger --version {s['a_s'] * 1000:.0f} ms vs import typer "
            f"{s['b_s'] * 1000:.0f} ms -> ratio {s['ratio']:.2f} (goal <= 1.2; side by side, median of pairs)"
        )
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
