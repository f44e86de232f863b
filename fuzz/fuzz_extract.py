"""Coverage-guided fuzzing of `parsers.extract` (atheris / libFuzzer), with a time budget.

    python fuzz/fuzz_extract.py --budget 1800                 # 30 minutes, findings under /tmp/ledger-fuzz
    python fuzz/fuzz_extract.py --budget 60 --engine hypothesis
    python fuzz/fuzz_extract.py --replay /tmp/ledger-fuzz/crashes/crash-1a2b...   # run one input again
    python fuzz/fuzz_extract.py --minimize /tmp/ledger-fuzz/crashes/crash-1a2b... # shrink it for a test

Install the engine with `pip install -e '.[fuzz]'`. The seed corpus is every .md/.txt under
tests/fixtures and ../shared (corpus, rendered copies, seeds), copied into `<workdir>/corpus` where the
fuzzer keeps the inputs that reached new code.

A finding is any of:
- an exception escaping `extract` (a traceback is never acceptable);
- an extractor failure the pipeline caught and turned into a "... failed (Error: ...)" warning (the
  pipeline survives it, but a block's claims were lost to a bug);
- a claim whose provenance is wrong (line span outside the document, `source.text` not in its lines)
  or that does not validate against the claims contract;
- a second extraction of the same text giving other claims (checked on one input in sixteen);
- an input that takes more than SLOW_CPU_SECONDS of CPU (a pattern that is not linear), or longer than
  `--timeout` seconds of wall time (libFuzzer kills the worker: a hang).

Python-level findings are written to `<workdir>/crashes/crash-<sha1>` and fuzzing goes on; a hang
stops the worker (libFuzzer writes `timeout-<sha1>`) and the driver restarts it with the remaining
budget, keeping the corpus. The executions count is summed over workers and printed at the end,
and `<workdir>/summary.json` holds it with the list of findings.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DEFAULT_WORKDIR = Path("/tmp/ledger-fuzz")
MAX_LEN = 8 * 1024
SLOW_CPU_SECONDS = 2.0
"""An input of at most MAX_LEN bytes normally extracts in well under 0.2 s: more is a finding (kept as slow)."""
FMTS: tuple[str | None, ...] = (None, "markdown", "rendered")
PATHS = ("fuzz.md", "fuzz.txt", None)

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# --- the property checked on every input ---------------------------------------------------------------------


def decode(data: bytes) -> str:
    """Bytes to text the way ledger.ingest.sources does for a file: UTF-8, invalid bytes replaced."""
    return data.decode("utf-8", errors="replace")


def shape(data: bytes) -> tuple[str | None, str | None]:
    """The path and format to extract with, chosen from the input so that a finding replays exactly."""
    n = len(data)
    return PATHS[n % 3], FMTS[(n // 3) % 3]


class Finding(AssertionError):
    """An input broke one of the properties above."""


def check(data: bytes) -> None:
    """Extract `data` and raise Finding (or the escaping exception) when a property breaks."""
    from ledger.model import CLAIMS_ADAPTER
    from ledger.parsers import extract
    from ledger.parsers.reader.document import split_lines

    text = decode(data)
    path, fmt = shape(data)
    start = time.process_time()
    result = extract(text, path=path, fmt=fmt)
    spent = time.process_time() - start
    if spent > SLOW_CPU_SECONDS:
        raise Finding(f"slow: {spent:.1f} CPU seconds for {len(data):,} bytes (a pattern that is not linear?)")
    failed = [w for w in result.warnings if " failed (" in w.message]
    if failed:
        raise Finding(f"extractor failure caught by the pipeline: {failed[0]}")
    lines = split_lines(text)
    for c in result.claims:
        src = c.source
        if not 1 <= src.line <= src.line_end <= len(lines):
            raise Finding(f"claim lines {src.line}-{src.line_end} outside a {len(lines)}-line document")
        span = "\n".join(lines[src.line - 1 : src.line_end])
        if src.text not in span:
            raise Finding(f"source.text {src.text!r} is not in lines {src.line}-{src.line_end}: {span!r}")
    dumped = [c.model_dump() for c in result.claims]
    CLAIMS_ADAPTER.validate_python(dumped)
    if int.from_bytes(hashlib.sha1(data).digest()[:1], "big") % 16 == 0:
        again = [c.model_dump() for c in extract(text, path=path, fmt=fmt).claims]
        if again != dumped:
            raise Finding("a second extraction of the same text gave other claims")


# --- seed corpus -----------------------------------------------------------------------------------------------


def seed_files() -> list[Path]:
    roots = [ROOT / "tests" / "fixtures", ROOT / "examples", SHARED / "corpus", SHARED / "seeds"]
    found: list[Path] = []
    for root in roots:
        if root.is_dir():
            found.extend(p for p in sorted(root.rglob("*")) if p.is_file() and p.suffix in (".md", ".txt"))
    return found


def hostile_seeds() -> list[bytes]:
    """The shapes an attacker used (issue 14), written out: long lines of numbers (a per-number backward scan
    made them quadratic), deep JSON and brackets pasted into a PR body, pipes, arrows, deep quotes and lists,
    CR-only line ends, controls that act on a terminal (ESC, C1 CSI, bidi overrides), a huge claim count."""
    deep_json = '{"a": ' * 600 + "1" + "}" * 600
    shapes = [
        "gsm8k " + "1.5 " * 2000,
        "| gsm8k | " + "1.5 | " * 1200 + "\n| --- |\n",
        "Results: " + "71.5, " * 1500,
        "```json\n" + deep_json + "\n```\n",
        '{"data": {"repository": {"pullRequest": ' * 300 + "null" + "}}}" * 300,
        "[" * 3000 + "gsm8k 71.5" + "]" * 3000,
        "-> " * 2500,
        "> " * 700 + "gsm8k 71.5 (ref 71.8)\n",
        "".join("  " * (i % 64) + f"- step {i}: gsm8k 7{i % 10}.5\n" for i in range(300)),
        "\r".join(f"| m{i} | {70 + i % 9}.5 |" for i in range(400)),
        "gsm8k 71.5 (ref 71.8)\n" * 400,
        "| model | gsm8k |\n| --- | --- |\n"
        + "".join(f"| \x1b]8;;http://x\x07m{i}\u202e | \u009b{i}.5 |\n" for i in range(200)),
        "TTFT " + "\t" * 3000 + "12.1 ms -> 10.9 ms\n",
    ]
    return [s.encode("utf-8", "surrogatepass")[:MAX_LEN] for s in shapes]


def build_corpus(corpus: Path) -> int:
    """Copy the seeds into `corpus` (named by content, cut at MAX_LEN): the files of seed_files() and the
    hostile_seeds(); returns how many seeds there are."""
    corpus.mkdir(parents=True, exist_ok=True)
    seeds = [p.read_bytes()[:MAX_LEN] for p in seed_files()] + hostile_seeds()
    for data in seeds:
        target = corpus / f"seed-{hashlib.sha1(data).hexdigest()}"
        if not target.exists():
            target.write_bytes(data)
    return len(seeds)


# --- bookkeeping shared by both engines ------------------------------------------------------------------------


class Recorder:
    """Counts executions (flushed to a file so a killed worker's count survives) and saves findings."""

    def __init__(self, workdir: Path) -> None:
        self.crashes = workdir / "crashes"
        self.crashes.mkdir(parents=True, exist_ok=True)
        self.count_file = workdir / f"execs-{os.getpid()}.txt"
        self.execs = 0
        self.last_flush = time.monotonic()

    def run(self, data: bytes) -> None:
        self.execs += 1
        try:
            check(data)
        except (Exception, RecursionError) as exc:  # a finding: keep the input, keep fuzzing
            digest = hashlib.sha1(data).hexdigest()
            target = self.crashes / f"crash-{digest}"
            if not target.exists():
                target.write_bytes(data)
                (self.crashes / f"crash-{digest}.txt").write_text(
                    "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
                )
                print(f"FINDING crash-{digest}: {type(exc).__name__}: {str(exc)[:300]}", file=sys.stderr, flush=True)
        now = time.monotonic()
        if now - self.last_flush > 5:
            self.flush()
            self.last_flush = now

    def flush(self) -> None:
        self.count_file.write_text(str(self.execs))


# --- engines ---------------------------------------------------------------------------------------------------


def atheris_worker(workdir: Path, seconds: int, timeout: int) -> None:
    """One libFuzzer process: instrument the parsers, fuzz for `seconds`."""
    import atheris

    with atheris.instrument_imports(include=["parsers", "ledger.model"]):
        import ledger.parsers
        import ledger.parsers.registry  # noqa: F401

    recorder = Recorder(workdir)
    argv = [
        sys.argv[0],
        str(workdir / "corpus"),
        f"-max_total_time={seconds}",
        f"-timeout={timeout}",
        f"-max_len={MAX_LEN}",
        f"-artifact_prefix={workdir / 'crashes'}/",
        "-print_final_stats=1",
        "-rss_limit_mb=3072",
    ]
    dictionary = workdir / "tokens.dict"
    if dictionary.exists():
        argv.append(f"-dict={dictionary}")
    try:
        atheris.Setup(argv, recorder.run)
        atheris.Fuzz()
    finally:
        recorder.flush()


TOKENS = [
    "|",
    "| --- |",
    "|---:|",
    "```",
    "~~~",
    "\n",
    "\r\n",
    "\t",
    "->",
    "→",
    "±",
    "%",
    "ms",
    "tok/s",
    "x",
    "passed",
    "failed",
    "skipped",
    "ref",
    "baseline",
    "Final head",
    "rebased on main",
    "gsm8k",
    "MMLU",
    "acceptance",
    "TTFT",
    "TPOT",
    "Yes",
    "No",
    "N/A",
    "[^1]",
    "# ",
    "## ",
    "- ",
    "* ",
    "> ",
    "1.",
    "<!--",
    "-->",
    "e+",
    "1e308",
    "0x",
    "~",
    "…",
    "−",
    "·",
    "::",
    "Commit:",
    "SUCCESS",
    "FAILURE",
    "|acc|",
    "exact_match",
    "strict-match",
    "<details>",
    "</details>",
    "<summary>",
    "= ",
    "-- ",
    "[Latency]",
    "P50",
    "vs",
    "from",
    "to",
    "by",
    "(",
    ")",
    "[",
    "]",
    "Revision",
    "v2",
    "head ",
]


def write_dictionary(path: Path) -> None:
    """libFuzzer's dictionary format: one quoted token a line, bytes outside printable ASCII as \\xNN."""

    def quote(token: str) -> str:
        out = []
        for b in token.encode():
            ch = chr(b)
            out.append(f"\\x{b:02x}" if b < 0x20 or b > 0x7E or ch in '"\\' else ch)
        return '"' + "".join(out) + '"'

    path.write_text("".join(f"{quote(t)}\n" for t in TOKENS))


def hypothesis_run(workdir: Path, seconds: int) -> int:
    """Fallback engine: hypothesis, mixing seed lines and format fragments with random text, until the budget."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    recorder = Recorder(workdir)
    hostile = {line for data in hostile_seeds() for line in data.decode(errors="replace").splitlines()[:50]}
    seed_lines = sorted(
        {line for p in seed_files() for line in p.read_text(errors="replace").splitlines()[:400]} | hostile
    )
    pieces = st.one_of(st.sampled_from(seed_lines or ["x"]), st.sampled_from(TOKENS), st.text(max_size=60))
    docs = st.lists(pieces, max_size=80).map(lambda parts: "\n".join(parts).encode("utf-8", "surrogatepass"))
    deadline = time.monotonic() + seconds

    @settings(
        max_examples=2000, deadline=None, database=None, derandomize=False, suppress_health_check=list(HealthCheck)
    )
    @given(docs)
    def one(data: bytes) -> None:
        if time.monotonic() < deadline:
            recorder.run(data)

    while time.monotonic() < deadline:
        one()
    recorder.flush()
    return recorder.execs


def drive(args: argparse.Namespace) -> int:
    workdir: Path = args.workdir
    workdir.mkdir(parents=True, exist_ok=True)
    n_seeds = build_corpus(workdir / "corpus")
    write_dictionary(workdir / "tokens.dict")
    for old in workdir.glob("execs-*.txt"):
        old.unlink()
    print(f"fuzz: {n_seeds} seed files; engine {args.engine}; budget {args.budget}s; workdir {workdir}", flush=True)
    start = time.monotonic()
    workers = 0
    if args.engine == "hypothesis":
        hypothesis_run(workdir, args.budget)
        workers = 1
    else:
        while True:
            left = int(args.budget - (time.monotonic() - start))
            if left < 5:
                break
            workers += 1
            cmd = [
                sys.executable,
                str(Path(__file__).resolve()),
                "--worker",
                "--workdir",
                str(workdir),
                "--budget",
                str(left),
                "--timeout",
                str(args.timeout),
            ]
            code = subprocess.call(cmd)
            print(f"fuzz: worker {workers} exited with {code}", flush=True)
            if code not in (0, 70, 71, 77, -9):  # libFuzzer's crash/timeout/oom codes; anything else is ours
                print("fuzz: the worker failed to run; stopping", file=sys.stderr, flush=True)
                break
    execs = sum(int(p.read_text() or 0) for p in workdir.glob("execs-*.txt"))
    findings = sorted(p.name for p in (workdir / "crashes").glob("*") if not p.name.endswith(".txt"))
    summary = {
        "engine": args.engine,
        "seconds": round(time.monotonic() - start),
        "executions": execs,
        "workers": workers,
        "seeds": n_seeds,
        "corpus": len(list((workdir / "corpus").iterdir())),
        "findings": findings,
    }
    (workdir / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(f"fuzz: done: {json.dumps(summary)}", flush=True)
    return 1 if findings else 0


# --- replaying and minimising a finding ------------------------------------------------------------------------


def _fails(data: bytes, timeout: float) -> bool:
    start = time.monotonic()
    try:
        check(data)
    except (Exception, RecursionError):
        return True
    return time.monotonic() - start > timeout


def minimize(data: bytes, fails: Callable[[bytes], bool]) -> bytes:
    """Delta debugging: drop chunks of lines, then of bytes, while the input still fails."""
    for unit in ("lines", "bytes"):
        parts: list[bytes] = data.splitlines(keepends=True) if unit == "lines" else [bytes([b]) for b in data]
        chunk = max(1, len(parts) // 2)
        while chunk >= 1:
            i = 0
            while i < len(parts):
                trial = parts[:i] + parts[i + chunk :]
                if trial and fails(b"".join(trial)):
                    parts = trial
                else:
                    i += chunk
            chunk //= 2
        data = b"".join(parts)
    return data


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--budget", type=int, default=60, help="seconds to fuzz for (default 60)")
    ap.add_argument(
        "--engine",
        choices=("atheris", "hypothesis"),
        default=None,
        help="atheris when it is installed, else hypothesis",
    )
    ap.add_argument("--workdir", type=Path, default=DEFAULT_WORKDIR, help="corpus, findings and summary")
    ap.add_argument("--timeout", type=int, default=20, help="seconds one input may take before it is a hang")
    ap.add_argument("--replay", type=Path, help="run one saved input and print what goes wrong")
    ap.add_argument("--minimize", type=Path, help="shrink one saved input that still fails; prints it as a literal")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.engine is None:
        try:
            import atheris  # noqa: F401

            args.engine = "atheris"
        except ImportError:
            args.engine = "hypothesis"
    if args.worker:
        atheris_worker(args.workdir, args.budget, args.timeout)
        return 0
    if args.replay or args.minimize:
        target: Path = args.replay or args.minimize
        data = target.read_bytes()
        if args.replay:
            start = time.monotonic()
            check(data)
            print(f"ok: no finding ({time.monotonic() - start:.2f}s)")
            return 0
        small = minimize(data, lambda d: _fails(d, args.timeout))
        print(repr(small))
        return 0
    return drive(args)


if __name__ == "__main__":
    sys.exit(main())
