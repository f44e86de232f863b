"""Figure 2b in instructions: extraction of the distinct shared documents against markdown-it-py's parse of the
same texts, counted by valgrind (cachegrind, no cache simulation) instead of timed.

    python benchmarks/instructions.py                 # extract 3502M vs parse 760M instructions -> ratio 4.61
    python benchmarks/instructions.py --without prose,tables   # and what leaving out each extractor saves

A count does not move with the machine's load (the timed figure 2 moved from 6.1 to 7.9 between two runs on
this shared machine), so a change of a few percent is seen in one run. Each side (imports and set-up only;
the parse; the extraction) runs in a process of its own, and the imports are subtracted. `--without` names
extractors (registry NAMEs) or the readers `setups` and `revisions`, left out one at a time: what each costs
with the others in place (what it computes first and others reuse counts as its own).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
_REFS_RE = re.compile(r"I\s+refs:\s+([\d,]+)")


def side(mode: str, shared: Path, without: str) -> int:
    """One side, in this process: 'base' (imports and one warm call each), 'md' or 'ex'."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from markdown_it import MarkdownIt
    from run import sources  # type: ignore[import-not-found]

    from ledger.parsers import extract, pipeline, registry

    if without == "setups":
        from ledger.parsers.grammar.setup_index import SetupIndex

        pipeline.find_setups = lambda doc, lines=frozenset(): SetupIndex.build([], len(doc.lines))
    elif without == "revisions":
        pipeline.named_revisions = lambda doc: {}
        pipeline.find_revisions = lambda doc, named: []
    elif without:
        registry.EXTRACTORS = tuple(e for e in registry.EXTRACTORS if e.NAME not in {without})
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in sources(shared)]
    md = MarkdownIt("commonmark").enable("table")
    extract("# warm", path="w.md")  # imports and one-time set-up, as figure 2b leaves them out
    md.parse("# warm")
    for name, text in texts:
        if mode == "md":
            md.parse(text)
        elif mode == "ex":
            extract(text, path=name)
    return len(texts)


def count(runner: list[str], mode: str, shared: Path, without: str = "") -> int:
    """Instructions of one side's process; exits with one line where the runner printed no count."""
    cmd = [*runner, sys.executable, __file__, "--side", mode, "--shared", str(shared), "--without", without]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    m = _REFS_RE.search(proc.stderr)
    if proc.returncode != 0 or m is None:
        tail = proc.stderr.strip().splitlines()[-1:] or [f"exit {proc.returncode}"]
        sys.stderr.write(f"instructions.py: no instruction count from {runner[0]!r}: {tail[0][:200]}\n")
        raise SystemExit(2)
    return int(m.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--without", default="", help="comma-separated extractors (or setups, revisions) to leave out")
    ap.add_argument("--side", choices=("base", "md", "ex"), help=argparse.SUPPRESS)
    ap.add_argument(
        "--runner",
        default="valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null",
        help="the command that counts a process's instructions and prints 'I refs: N' (default: cachegrind)",
    )
    args = ap.parse_args(argv)
    if args.side:
        print(args.side, side(args.side, args.shared, args.without))
        return 0
    runner = args.runner.split()
    if not runner:
        raise SystemExit("instructions.py: --runner is empty")
    os.environ.setdefault("PYTHONHASHSEED", "0")  # the same set orders, hence the same work, in every run
    base = count(runner, "base", args.shared)
    md = count(runner, "md", args.shared) - base
    ex = count(runner, "ex", args.shared) - base
    print(f"2b in instructions: extract {ex / 1e6:.0f}M vs parse {md / 1e6:.0f}M -> ratio {ex / md:.2f}")
    for name in filter(None, args.without.split(",")):
        saved = ex - (count(runner, "ex", args.shared, name) - base)
        print(f"   without {name}: {saved / 1e6:.0f}M less ({saved / md:.2f} of the parse)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
