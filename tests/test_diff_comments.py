"""A diff's code comments are the source's remarks (a budget, a bound, a checkpoint's size), never results; the
diff's other lines (a results file the change updates) are read as before."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract
from ledger.parsers.reader.diff_comments import diff_comment_lines
from ledger.parsers.reader.document import read_document

FIXTURE = Path(__file__).parent / "fixtures" / "console" / "diff_code_comments.md"


def test_a_diffs_comment_lines_give_no_claims_and_its_results_lines_do() -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    claims = extract(text, path=FIXTURE.name).claims
    assert not [c for c in claims if c.source.line in (10, 11, 14)]  # "~180 min", "0.8 TB", "141 GB"
    (tput,) = [c for c in claims if c.metric == "tput"]
    assert tput.value == 1212.5 and tput.reference == 1180.2
    assert diff_comment_lines(read_document(text)) == {10, 11, 14, 21}


def test_comments_outside_a_diff_are_not_its_lines() -> None:
    doc = read_document("Run:\n\n```bash\n# main: 1420 tok/s\npython bench.py\n```\n")
    assert diff_comment_lines(doc) == set()
    hunk = read_document("```\n@@ -3,4 +3,5 @@\n+// at most 64 requests in flight\n+## Results\n```\n")
    assert diff_comment_lines(hunk) == {3}
