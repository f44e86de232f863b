"""The data sets a serving benchmark draws its prompts from, by name: read by the setup words (vocab.setup) and the
workload lists (vocab.workload)."""

from __future__ import annotations

SERVING_DATASETS = r"sharegpt|random|sonnet|burstgpt|instructcoder|longbench|swe-?bench"
"""vllm bench's --dataset-name values and SWE-bench's long prompts: a pattern of alternatives, each opening with one
of DATASET_STARTS."""
DATASET_STARTS = ("sharegpt", "random", "sonnet", "burstgpt", "instructcoder", "longbench", "swe")
