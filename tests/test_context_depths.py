"""A decode measured at a context depth (MLX's "1K Decode" columns, a "Context depth" column, llama-bench's
"tg128 @ d4096"): the depth is the context the decode ran over, its input length (isl), never the tokens it generated
(osl, which only a generation's own length is: "tg128", "TG (256)")."""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers import extract


def _claims(text: str) -> list[Claim]:
    return [c for c in extract(text, path="depths.md").claims if c.kind != "commit"]


_LED_BY_DEPTH = """Apple M4 Pro, Mistral-7B 4bit, two KV cache layouts:

| KV cache | 256 Decode | 2K Decode | 8K Prefill | Decode @ 16K | 1K generation |
|---|---|---|---|---|---|
| fp16 (baseline) | 61.2 | 59.8 | 910.0 | 47.5 | 60.1 |
| q8 | 60.9 | 59.1 | 930.5 | 46.8 | 59.7 |
"""


def test_a_length_before_decode_is_the_context_it_decoded_at() -> None:
    claims = _claims(_LED_BY_DEPTH)
    assert [(c.metric, c.value, c.config.get("isl"), c.config.get("osl")) for c in claims] == [
        ("Decode", 60.9, "256", None),
        ("Decode", 59.1, "2K", None),
        ("Prefill", 930.5, "8K", None),
        ("Decode", 46.8, "16K", None),
        ("generation", 59.7, None, "1K"),  # (a generation's own length is the tokens it generated)
    ]


_DEPTH_COLUMN = """Apple M4 Pro, Mistral-7B 4bit:

| Context depth | Decode tok/s |
|---|---|
| 0 | 61.2 |
| 4096 | 57.3 |
| 16384 | 49.9 |

| Depth | Accept rate |
|---|---|
| 1 | 0.81 |
| 3 | 0.64 |
"""


def test_a_depth_column_over_token_counts_is_the_context_and_a_drafts_depth_is_not() -> None:
    claims = _claims(_DEPTH_COLUMN)
    assert [(c.value, c.config.get("isl")) for c in claims] == [
        (61.2, "0"),
        (57.3, "4096"),
        (49.9, "16384"),
        (0.81, None),
        (0.64, None),
    ]
    assert all("context_depth" not in c.config for c in claims)


_BENCH_AT_DEPTH = """llama-bench on one 7900 XTX:

| model | size | params | backend | ngl | test | t/s |
| --- | ---: | ---: | --- | --: | ---: | ---: |
| llama 8B Q4_0 | 4.33 GiB | 8.03 B | ROCm | 99 | tg128 | 93.40 ± 0.21 |
| llama 8B Q4_0 | 4.33 GiB | 8.03 B | ROCm | 99 | tg128 @ d4096 | 88.12 ± 0.30 |
"""


def test_a_bench_tests_depth_is_the_context_its_generation_ran_at() -> None:
    claims = _claims(_BENCH_AT_DEPTH)
    assert [(c.value, c.config.get("osl"), c.config.get("isl")) for c in claims] == [
        (93.4, "128", None),
        (88.12, "128", "4096"),
    ]


_SWEPT_DEPTHS = """Apple M4 Pro, Mistral-7B:

**Decode (tok/s):**

| Config | 256 | 2K | 8K |
|---|---|---|---|
| Baseline | 61.2 | 59.8 | 55.0 |
| q8 | 60.9 | 59.1 | 54.2 |

**Output throughput (tok/s):**

| Config | 1 | 8 | 64 |
|---|---|---|---|
| Baseline | 61.2 | 359.8 | 1255.0 |
| q8 | 60.9 | 359.1 | 1254.2 |
"""


def test_a_sweep_of_token_counts_is_the_contexts_and_bare_small_numbers_stay_unnamed() -> None:
    """ "| 256 | 2K | 8K |" counts tokens ("2K" says so for its siblings): the context each column ran over; "| 1 |
    8 | 64 |" under a throughput may be a batch or a concurrency, which nothing here says."""
    claims = _claims(_SWEPT_DEPTHS)
    assert [(c.value, c.config.get("isl")) for c in claims] == [
        (60.9, "256"),
        (59.1, "2K"),
        (54.2, "8K"),
        (60.9, None),
        (359.1, None),
        (1254.2, None),
    ]


_NAMED_CONTEXTS = """Measured on one RTX 4090, Llama-3-8B:

| | main | PR |
|---|---:|---:|
| prefill 2K / 8K tokens | 9 100 / 8 200 t/s | 9 900 / 8 800 t/s |
| warm 32k prefill | 7 400 | 7 900 |
| context ~12.5k, decode | 88.1 | 90.4 |
| decode, 4k prefill chunk | 61.0 | 63.5 |

Against the first round its gains were +2.0% overall, +6.0% at 8k, +9.5% at 16k, and -12% 16k TTFT.
"""


def test_a_context_a_measures_name_states_is_its_input_length_and_a_chunk_size_is_not() -> None:
    claims = _claims(_NAMED_CONTEXTS)
    assert [(c.value, c.config.get("isl")) for c in claims] == [
        (9900.0, "2k"),
        (8800.0, "8k"),
        (7900.0, "32k"),
        (90.4, "12.5k"),
        (63.5, None),  # (the size of a prefill's chunk is no context)
        (2.0, None),
        (6.0, "8k"),
        (9.5, "16k"),
        (-12.0, "16k"),
    ]
