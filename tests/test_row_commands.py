"""The commands a results page prints after its table, one block under a heading repeating each row's label: the
setup of that row alone, read in the table's own section (grammar.row_commands)."""

from __future__ import annotations

from ledger.parsers.pipeline import extract
from ledger.vocab.model_spellings import checkpoint_folder, hub_id_in_folder

_PAGE = """## Run - serving | Qwen2-7B

| Setting | Output tok/s |
|---|---|
| attn=triton | 4410.7 |
| attn=flashinfer | 4520.3 |

### Commands

#### attn=triton

```
python -m sglang.launch_server --attention-backend triton --tp 2 --model-path /m/Qwen/Qwen2-7B
python -m sglang.bench_serving --request-rate 16 --num-prompts 200
```

#### attn=flashinfer

```
python -m sglang.launch_server --attention-backend flashinfer --tp 1 --model-path /m/Qwen/Qwen2-7B
python -m sglang.bench_serving --request-rate 32 --num-prompts 200
```

## Run - serving | Qwen2-72B

| Setting | Output tok/s |
|---|---|
| attn=triton | 1510.2 |
| attn=flashinfer | 1622.9 |
"""


def test_each_row_takes_its_own_blocks_launch_and_client() -> None:
    by_value = {c.value: c.config for c in extract(_PAGE).claims}
    assert by_value[4410.7]["tp"] == "2" and by_value[4410.7]["request_rate"] == "16"
    assert by_value[4520.3]["tp"] == "1" and by_value[4520.3]["request_rate"] == "32"
    assert by_value[4410.7]["num_prompts"] == "200"


def test_the_next_sections_rows_take_none_of_them() -> None:
    # (its labels are the same, but no command follows its table: the one above is another section's)
    by_value = {c.value: c.config for c in extract(_PAGE).claims}
    assert "tp" not in by_value[1510.2] and "request_rate" not in by_value[1622.9]


def test_a_downloaded_checkpoints_revision_folder_is_no_part_of_its_name() -> None:
    sha = "0123456789abcdef0123456789abcdef01234567"
    assert hub_id_in_folder(f"/m/deepseek-ai/DeepSeek-V3/{sha}") == "deepseek-ai/DeepSeek-V3"
    assert checkpoint_folder(f"/c/models--Org--Foo-V3-NextN/snapshots/{sha}") == "Org/Foo-V3-NextN"
    assert checkpoint_folder("/m/Org/Foo-7B") == "/m/Org/Foo-7B"
