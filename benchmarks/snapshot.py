"""Snapshot of everything the extractors produce, to prove a speed-up changed no output.

    python benchmarks/snapshot.py OUT.json            # take a snapshot
    python benchmarks/snapshot.py NEW.json --compare OLD.json   # take one and compare (exit 1 if not identical)
    python benchmarks/snapshot.py NEW.json --compare OLD.json --claims   # and list the claims gained and lost

Runs `parsers.extract` over every file in ../shared (seeds, corpus/prs, corpus/rendered/prs,
corpus/docs), every fixture document under tests/fixtures and the bundled examples, and writes each claim's full
`model_dump(mode="json")`, the warnings and the document's blocks (kind, lines, section, text, level,
info, checked, table header/rows) to one JSON file, keyed by the file's path relative to its root
and the format (sniffed, forced markdown, forced rendered).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT))


def inputs() -> list[tuple[str, Path]]:
    out: list[tuple[str, Path]] = []
    for sub in ("seeds", "corpus/prs", "corpus/rendered/prs", "corpus/docs", "corpus2/prs", "corpus2/rendered/prs"):
        d = SHARED / sub
        if d.is_dir():
            out += [(f"shared/{p.relative_to(SHARED)}", p) for p in sorted(d.rglob("*")) if p.is_file()]
    fx = ROOT / "tests" / "fixtures"
    # the fixture documents, not their goldens (JSON beside them, rewritten by pytest --update-goldens)
    out += [(f"fixtures/{p.relative_to(fx)}", p) for p in sorted(fx.rglob("*")) if p.is_file() and p.suffix != ".json"]
    out += [(f"examples/{p.name}", p) for p in sorted((ROOT / "examples").glob("*")) if p.is_file()]
    return out


def _block(b: Any) -> dict[str, Any]:
    d: dict[str, Any] = {
        "kind": b.kind,
        "start": b.start,
        "end": b.end,
        "section": list(b.section),
        "text": b.text,
        "level": b.level,
        "info": b.info,
        "checked": b.checked,
    }
    if b.table is not None:
        t = b.table
        d["table"] = {
            "header": t.header,
            "header_line": t.header_line,
            "style": t.style,
            "truncated": t.truncated,
            "rows": [[r.line, r.cells, r.text] for r in t.rows],
        }
    return d


def _warning(w: Any) -> str:
    """A warning in the text form snapshots have always held ("line 7: table row cut short"), so a snapshot
    taken before warnings were structured (ParseWarning) still compares."""
    return f"line {w.line}: {w.message}" if w.line is not None else w.message


def take() -> dict[str, Any]:
    from ledger.parsers import extract

    snap: dict[str, Any] = {}
    for key, p in inputs():
        text = p.read_bytes().decode("utf-8-sig", errors="replace")
        # as sniffed, then forced each way (both readers see every text)
        for fmt in (None, "markdown", "rendered"):
            res = extract(text, path=p.name, fmt=fmt)
            snap[f"{key} [{fmt or 'sniffed'}]"] = {
                "claims": [c.model_dump(mode="json") for c in res.claims],
                "warnings": [_warning(w) for w in res.warnings],
                "blocks": [_block(b) for b in res.document.blocks] if res.document else None,
            }
    return snap


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--compare", type=Path, default=None)
    ap.add_argument("--claims", action="store_true", help="list the claims each changed file gained (+) and lost (-)")
    args = ap.parse_args()
    if args.compare is not None and not args.compare.is_file():
        raise SystemExit(f"snapshot.py: {args.compare}: no such snapshot (take one first: snapshot.py OUT.json)")
    snap = take()
    data = json.dumps(snap, indent=1, sort_keys=True, ensure_ascii=False)
    args.out.write_text(data, encoding="utf-8")
    n = sum(len(v["claims"]) for v in snap.values())
    print(f"{len(snap)} files, {n} claims -> {args.out}")
    if args.compare is None:
        return 0
    old_text = args.compare.read_text(encoding="utf-8")
    old = json.loads(old_text)
    if old_text == data:
        print("identical")
        return 0
    for key in sorted(set(old) | set(snap)):
        if old.get(key) != snap.get(key):
            a, b = old.get(key) or {}, snap.get(key) or {}
            for part in ("claims", "warnings", "blocks"):
                if a.get(part) != b.get(part):
                    print(f"DIFF {key}: {part}")
            if args.claims and a.get("claims") != b.get("claims"):
                _print_claim_diff(a.get("claims") or [], b.get("claims") or [])
    return 1


def _brief(c: dict[str, Any]) -> str:
    cfg = ",".join(f"{k}={v}" for k, v in sorted(c.get("config", {}).items()) if k not in ("row", "column"))
    return (
        f"{c['source']['line']:>4} {c['kind']:<10} {str(c.get('metric'))[:50]!s:<50} {c.get('value')!s:>10} "
        f"{c.get('unit') or ''} ref={c.get('reference')} {cfg[:60]}"
    )


def _print_claim_diff(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
    """The claims that differ, as brief lines: '-' only in the old snapshot, '+' only in the new."""
    a, b = [_brief(c) for c in old], [_brief(c) for c in new]
    sa, sb = set(a), set(b)
    for line in a:
        if line not in sb:
            print(f"   - {line}")
    for line in b:
        if line not in sa:
            print(f"   + {line}")


if __name__ == "__main__":
    raise SystemExit(main())
