"""The one-dash flags of llama.cpp's own tools ("-b 2048 -ub 512 -ngl 99 -fa 1 -c 8192") set up the table their run
prints, in the vocabulary's keys; they are setup, never claims."""

from __future__ import annotations

from ledger.parsers import extract
from ledger.parsers.grammar.commands import command_setup

_SWEEP = """\
Timings of the sweep on an RTX 4070, the tool run as
```
./bin/llama-sweep-bench -m /m/Wren-9B-Q4_K_M.gguf -t 4 -ngl 99 -b 2048 -ub 1024 -c 16384 -fa 1
```

### Main branch

|    PP |     TG |   N_KV |   T_PP s | S_PP t/s |   T_TG s | S_TG t/s |
|-------|--------|--------|----------|----------|----------|----------|
|  1024 |    128 |      0 |    0.300 |  3413.33 |    1.000 |   128.00 |
"""


def test_a_llama_tools_short_flags_are_read_in_the_vocabularys_keys() -> None:
    got = command_setup("llama-server -m m.gguf -c 8192 -ngl 99 -fa on -b 2048 -ub 512 -ctk q8_0 -t 8")
    assert {k: got.get(k) for k in ("max_model_len", "ngl", "fa", "n_batch", "ubatch", "kv_cache", "threads")} == {
        "max_model_len": "8192",
        "ngl": "99",
        "fa": "on",
        "n_batch": "2048",
        "ubatch": "512",
        "kv_cache": "q8_0",
        "threads": "8",
    }
    assert "n_batch" not in command_setup("llama-bench -m m.gguf -b 256,512")  # (a sweep: each row states its own)
    assert "max_model_len" not in command_setup("llama-perplexity -m m.gguf -f wiki.test.raw -c 512")  # its window


def test_the_commands_flags_reach_the_table_under_the_side_heading_below_it() -> None:
    claims = [c for c in extract(_SWEEP, path="x.md").claims if c.value is not None]
    assert claims and all(c.config.get("n_batch") == "2048" and c.config.get("ubatch") == "1024" for c in claims)
    assert all(c.config.get("ngl") == "99" and c.config.get("threads") == "4" for c in claims)
    assert {c.value for c in claims}.isdisjoint({2048.0, 1024.0, 99.0, 16384.0})  # (setup, never a claim)


def test_a_sentence_quoting_the_command_over_its_table_sets_it_up() -> None:
    text = _SWEEP.replace("the tool run as\n```\n./bin/", "the tool run as `").replace(
        " -fa 1\n```\n\n### Main branch\n", " -fa 1`\n"
    )
    claims = [c for c in extract(text, path="x.md").claims if c.value is not None]
    assert claims and all(c.config.get("n_batch") == "2048" and c.config.get("ubatch") == "1024" for c in claims)
