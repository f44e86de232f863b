"""A text naming one side of its results and leaving a block of the same measures unnamed
(ledger.compare.unnamed_sides). The documents are invented."""

from __future__ import annotations

from pathlib import Path

from ledger.api import Ledger
from ledger.targets import run_compare

# A stock run under no label, then the patched run named; the second paste adds an output floor to the requests.
_ONE_SIDE_NAMED = """## Decode check, Qwen3-8B on H100, TP1, concurrency 8

```
mean TTFT: 52.3 ms
mean TPOT: 11.9 ms
```

with the patch applied:

```
aiperf profile --model Qwen3-8B --concurrency 8 --extra-inputs min_tokens:128
mean TTFT: 49.8 ms
mean TPOT: 10.7 ms
```
"""


def test_an_unnamed_block_of_the_named_sides_measures_is_said_plainly_and_never_judged(tmp_path: Path) -> None:
    doc = tmp_path / "one_side.md"
    doc.write_text(_ONE_SIDE_NAMED, encoding="utf-8")
    result = run_compare([str(doc)], book=Ledger(tmp_path / "none.db"))
    assert not result.compared
    said = [n for n in result.notes if "no side label" in n]
    assert len(said) == 1, result.notes
    assert "'with the patch'" in said[0] and "min_tokens (unset vs 128)" in said[0] and "lines 4-5" in said[0]
