"""Arms a table names by a command-line flag or by a switch alone: the flag is that arm's setting, on its own values
(the arm beside it, naming none, ran without), and never the measure's name."""

from __future__ import annotations

from ledger.parsers import extract
from ledger.vocab.flags import flag_setting, flag_settings
from ledger.vocab.setup import qualifiers
from ledger.vocab.switch_words import named_switch


def _claims(text: str) -> dict[float | None, tuple[str, dict[str, str]]]:
    return {c.value: (c.metric or "", dict(c.config)) for c in extract(text, path="x.md").claims}


def test_a_column_named_by_a_flag_sets_it_for_its_values_alone() -> None:
    text = """\
| Concurrency | default (tok/s) | + `--enable-torch-compile` (tok/s) | Gain |
|---|---|---|---|
| 8 | 100.0 | 110.0 | +10.0% |
"""
    got = _claims(text)
    assert got[110.0][0] == "throughput" and got[110.0][1]["enable_torch_compile"] == "on"
    assert got[10.0][0] == "throughput Gain" and got[10.0][1]["enable_torch_compile"] == "on"  # (the arm's change)


def test_a_row_named_by_a_flag_sets_it_and_keeps_its_columns_measure() -> None:
    text = """\
| Launch | Output tok/s |
|---|---|
| TP8 | 3460.2 |
| TP8 + `--cuda-graph-max-bs 256` | 3512.9 |
| TP8 + `--enable-dp-attention` | 4098.6 |
"""
    got = _claims(text)
    assert got[3512.9][0] == "Output tok/s" and got[3512.9][1]["cuda_graph_max_bs"] == "256"
    assert got[4098.6][1]["attention_dp"] == "on"
    assert "cuda_graph_max_bs" not in got[3460.2][1] and "attention_dp" not in got[3460.2][1]


def test_a_switch_written_with_a_slash_or_named_alone_is_on_or_off() -> None:
    text = """\
Output throughput (tok/s):

| ISL | TP8 | TP8 w/ DP attention |
|---|---|---|
| 1024 | 4990.2 | 6080.9 |
"""
    got = _claims(text)
    assert got[6080.9][1]["attention_dp"] == "on" and "attention_dp" not in got[4990.2][1]
    assert qualifiers("TP8 w/o overlap") == {"tp": "8", "overlap": "off"}
    assert named_switch("DP attention") == {"attention_dp": "on"} and named_switch("Published") == {}


def test_flags_read_as_a_launch_reads_them() -> None:
    # (the key a relaunched arm keeps, grammar.relaunch_arms, and a table's label: one reading of a flag)
    assert flag_setting("enable-dp-attention", None) == ("attention_dp", "on")
    assert flag_setting("tp", "8") == ("tp", "8")
    assert flag_setting("enable-torch-compile", None) == ("enable_torch_compile", "on")
    # (a word after a flag the tools' table does not know to take a value is the label's, not the flag's)
    assert flag_settings("--enable-foo on H200") == {"enable_foo": "on"}
    assert flag_settings("--attention-backend fa3") == {"attention": "fa3"}
    assert flag_settings("no flag here") == {}
