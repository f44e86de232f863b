"""A server's launch serves the client runs of its section's sub-sections, up to the next launch
(grammar.launch_reach)."""

from __future__ import annotations

from ledger.parsers import extract

_LAUNCH = "`vllm serve acme/Heron-30B-A3B -tp 2 --attention-backend FLASH_ATTN --max-num-seqs 64`"
_BENCH = "`vllm bench serve --model acme/Heron-30B-A3B --dataset-name random --random-input-len 512 --num-prompts 64`"


def _config(text: str, value: float) -> dict[str, str]:
    return next(c.config for c in extract(text, path="x.md").claims if c.value == value)


def test_the_launchs_flags_reach_a_client_in_a_sub_section() -> None:
    text = f"# X\n\n## Test\n\n{_LAUNCH}\n\n### Perf\n\n{_BENCH}\n\n```\nMean TTFT (ms):     88.10\n```\n"
    cfg = _config(text, 88.1)
    assert (cfg["attention"], cfg["max_num_seqs"], cfg["tp"]) == ("FLASH_ATTN", "64", "2")


def test_a_later_launch_ends_the_first_ones_reach() -> None:
    relaunch = "`vllm serve acme/Heron-30B-A3B -tp 2 --max-num-seqs 32`"
    text = (
        f"# X\n\n## Test\n\n{_LAUNCH}\n\n### Perf\n\n{_BENCH}\n\n```\nMean TTFT (ms):     88.10\n```\n\n"
        f"### Smaller batch\n\n{relaunch}\n\n{_BENCH}\n\n```\nMean TTFT (ms):     97.40\n```\n"
    )
    cfg = _config(text, 97.4)
    assert cfg["max_num_seqs"] == "32" and "attention" not in cfg  # (the second server's flags alone)
    assert _config(text, 88.1)["max_num_seqs"] == "64"


def test_a_launch_holds_no_further_than_its_section() -> None:
    text = (
        f"# X\n\n## Test\n\n### First server\n\n{_LAUNCH}\n\n"
        f"### Perf\n\n{_BENCH}\n\n```\nMean TTFT (ms):     88.10\n```\n"
    )
    assert "attention" not in _config(text, 88.1)  # (its section is "### First server" alone)
