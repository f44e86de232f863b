"""Memory per document is bounded (issue 14 item 12): at most MAX_CLAIMS claims and the first MAX_LINES lines
(MAX_CHARS characters) of a document are read, each cut with a warning naming its line, so that ingesting any
input under the size limit peaks under 300 MB. Before: 400,000 claims of a 4.4 MB file took 1.9 GB, and a
16.5 MB file ended in a MemoryError.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from ledger.parsers import extract, pipeline

PEAK_MB = 300
# Run the CLI and report its own peak RSS (one process: --workers 1), so no other child of pytest counts.
# The peak of this process's own memory: VmHWM belongs to the process image exec made, while ru_maxrss may carry
# the peak of the process it was forked from (a pytest that has grown by the time this test runs)
_MEASURED = (
    "import resource, runpy, sys\n"
    "sys.argv = ['ledger', *sys.argv[1:]]\n"
    "def peak():\n"
    "    try:\n"
    "        with open('/proc/self/status') as f:\n"
    "            return next(int(x.split()[1]) for x in f if x.startswith('VmHWM:'))\n"
    "    except (OSError, StopIteration):\n"
    "        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    "try:\n"
    "    runpy.run_module('ledger', run_name='__main__')\n"
    "finally:\n"
    "    print(f'peak-kb {peak()}', file=sys.stderr)\n"
)


def test_claims_per_document_are_capped_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "MAX_CLAIMS", 300)
    text = "".join(f"gsm8k {60 + i % 30}.{i % 10} (ref 71.8)\n\n" for i in range(1000))
    result = extract(text, path="many.md")
    assert len(result.claims) == 300
    cut = [w for w in result.warnings if "more than 300 claims" in w.message]
    assert len(cut) == 1 and cut[0].line is not None
    assert [c.source.line for c in result.claims] == sorted(c.source.line for c in result.claims)


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_lines_past_the_limit_are_not_read_and_a_warning_says_where(eol: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "MAX_LINES", 1000)
    text = eol.join(f"- gsm8k run {i}: {60 + i % 30}.5" for i in range(3000)) + eol
    result = extract(text, path="long.md")
    assert result.claims and max(c.source.line_end for c in result.claims) <= 1000
    assert any(w.line == 1001 and w.message.startswith("the document is longer than is read") for w in result.warnings)
    whole = extract(eol.join(text.split(eol)[:1000]), path="long.md")
    assert [c.model_dump() for c in whole.claims] == [c.model_dump() for c in result.claims]


def test_characters_past_the_limit_are_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "MAX_CHARS", 10_000)
    row = "| m | " + " | ".join(f"{i}.5" for i in range(20)) + " |\n"
    text = "| model | " + " | ".join(f"c{i}" for i in range(20)) + " |\n|" + "---|" * 21 + "\n" + row * 2000
    result = extract(text, path="wide.md")
    last = max(c.source.line for c in result.claims)
    assert 10_000 // len(row) - 2 <= last <= 10_000 // len(row) + 2
    assert any("the document is longer than is read" in w.message for w in result.warnings)


def _list(n: int) -> str:
    return "".join(f"- gsm8k: {i}.5\n" for i in range(n))


def _dense_table(rows: int) -> str:
    return "|" + "c|" * 150 + "\n|" + "-|" * 150 + "\n" + ("|" + "1|" * 150 + "\n") * rows


def _kv_lines(n: int) -> str:
    return "gsm8k 71.4 (ref 71.8)\n" * n


@pytest.mark.parametrize(
    "make,n",
    [(_list, 1_100_000), (_dense_table, 53_000), (_kv_lines, 750_000)],
    ids=["list-items", "dense-table", "claim-lines"],
)
def test_ingest_peaks_under_300_mb_for_any_input_under_the_size_limit(
    make: Callable[[int], str], n: int, tmp_path: Path
) -> None:
    doc = tmp_path / "hostile.md"
    doc.write_text(make(n))
    assert 15_000_000 < doc.stat().st_size < 20 * 1024 * 1024  # under the default size limit
    r = subprocess.run(
        [sys.executable, "-c", _MEASURED, "ingest", str(doc), "--db", str(tmp_path / "l.db"), "--workers", "1"],
        capture_output=True,
        text=True,
        timeout=600,
        stdin=subprocess.DEVNULL,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Traceback" not in r.stderr and "MemoryError" not in r.stderr
    peak_mb = int(r.stderr.rsplit("peak-kb ", 1)[1].split()[0]) / 1024
    assert peak_mb < PEAK_MB, f"{peak_mb:.0f} MB"
    assert "the document is longer than is read" in r.stderr or "claims in one document" in r.stderr
