"""A heading that closes on its unit in words ("### decode speed in tokens per second") states its table's unit as
"(tok/s)" does, and its measure is the words before the unit."""

from __future__ import annotations

from ledger.parsers import extract
from ledger.parsers.tables.headers import worded_unit

_TABLE = """\
### {heading}

| model | quant | before | after |
| --- | --- | --- | --- |
| Qwen2 0.5B | Q4_K | 50 | 60 |
"""


def test_a_headings_unit_in_words_is_its_tables_unit() -> None:
    (c,) = [c for c in extract(_TABLE.format(heading="decode speed in tokens per second"), path="t.md").claims]
    assert c.value == 60.0 and c.reference == 50.0 and c.unit == "tokens per second"


def test_the_measure_is_the_words_before_the_unit() -> None:
    assert worded_unit("token generation speed in tokens per second") == ("token generation speed", "tokens per second")
    assert worded_unit("TTFT, in milliseconds") == ("TTFT", "milliseconds")
    assert worded_unit("Results in the second round") is None
