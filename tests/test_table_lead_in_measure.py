"""The sentence over a table names its measure when the columns name only variants (issue 26, realprs9b cause 7:
"PP-512 for qwen2-7b" over "| Platform | Q4_0 | Q4_0_R8 | Speedup |" gave metrics "Zen5 Q4_0_R8" and stamped
q4_0 on the repacked variant): the bench test the sentence names is the metric and its length the setup, and a
quant type's full name heading a column is that column's quant."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract

FIXTURE = Path(__file__).parent / "fixtures" / "tables" / "lead_in_bench_test.md"


def test_the_lead_in_bench_test_is_the_metric_and_each_column_its_variant() -> None:
    claims = extract(FIXTURE.read_text(encoding="utf-8"), path=FIXTURE.name).claims
    got = [
        (c.source.line, c.metric, c.value, c.reference, *(c.config.get(k) for k in ("quant", "isl", "osl", "threads")))
        for c in claims
        if c.reference is not None
    ]
    assert got == [
        (7, "PP-512", 180.2, 120.5, "q4_0_r8", "512", None, "16"),
        (8, "PP-512", 75.0, 60.1, "q4_0_r8", "512", None, "32"),
        (14, "TG-128", 11.73, 11.06, "q4_0_r8", None, "128", "4"),
    ]


def test_a_measure_and_unit_closing_the_lead_in_sentence_is_the_side_tables_measure() -> None:
    """ "... the table below **kernel time(us)**" over "| op | ours | previous(torch) |" (round 12, cause 3): every
    cell a kernel time in us, "ours" the candidate and "previous" its baseline, so a shorter time is read as the
    improvement it is; a bold phrase naming no measure ("**for reference**") gives none."""
    path = FIXTURE.parent / "side_columns_measure_closes_lead.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    got = [(c.source.line, c.metric, c.value, c.unit, c.reference) for c in claims]
    assert got[:4] == [
        (7, "kernel time", 2.1, "us", 6.4),
        (8, "kernel time", 3.3, "us", 8.0),
        (14, "step latency", 8.9, "ms", 9.8),
        (15, "step latency", 12.2, "ms", 14.5),
    ]
    assert [(c.value, "reference" in (c.metric or "")) for c in claims[4:]] == [(1.0, False)]


def test_a_plain_measure_and_unit_closing_the_lead_in_sentence_is_the_side_tables_measure() -> None:
    """The same sentence copied from a rendered page, its bold lost ("... listed below, e2e latency(us)" over
    "op / ours / previous(cublas)"): the measure and unit it closes on still caption the side table, back to the
    sentence's own words or its last comma; a closing parenthesis that is no unit ("(H100)") or words that name no
    measure ("timed with the fix (ms)") caption nothing."""
    path = FIXTURE.parent / "side_columns_plain_closing_measure.txt"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    got = [(c.source.line, c.metric, c.value, c.unit, c.reference) for c in claims]
    assert got == [
        (6, "e2e latency", 4.2, "us", 9.9),
        (7, "e2e latency", 5.1, "us", 10.4),
        (12, "step time", 18.5, "ms", 21.0),
        (13, "step time", 26.4, "ms", 30.2),
        (18, "silu", 1.0, None, 1.2),
        (23, "gelu", 2.0, None, 2.3),
    ]


def test_a_bold_phase_rate_title_is_the_measure_of_the_table_under_it() -> None:
    """ "**Decode (tok/s):**" and "**Prefill (tok/s):**" over "| Cache | 512 | 4096 |" (s62 reader264 cause 3): the
    columns are lengths, so the title is the only place the measure is written; each table's cells are that phase's
    rate in tok/s (named as a "Decode (tok/s)" column names its cells), and the phase is no variant of the run."""
    path = FIXTURE.parent / "phase_rate_titles.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    got = [(c.source.line, c.metric, c.value, c.unit, c.reference, c.config.get("variant")) for c in claims]
    assert got == [
        (8, "Decode", 60.8, "tok/s", 61.2, None),
        (8, "Decode", 54.1, "tok/s", 55.0, None),
        (15, "Prefill", 1301.7, "tok/s", 1210.5, None),
        (15, "Prefill", 1105.9, "tok/s", 980.2, None),
    ]
