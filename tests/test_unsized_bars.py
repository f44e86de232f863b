"""A progress bar of no known total, as tqdm prints a download ("test.jsonl: 732kB [00:00, 33.3MB/s]"): its count is
the work done so far, no result (reader.line_kinds.unsized_bar, read by the kv and prose readers)."""

from __future__ import annotations

from ledger.parsers.reader.line_kinds import is_command_line, unsized_bar


def test_a_download_bar_is_no_result_line() -> None:
    for bar in ("/tmp/test.jsonl: 732kB [00:00, 33.3MB/s]", "shards: 812 [00:09<00:00, 88.2it/s]   "):
        assert unsized_bar(bar) and is_command_line(bar), bar
    for line in ("Throughput: 732 tok/s [bs 8]", "Latency: 21.7 s", "TTFT: 81 ms [p50, 3 runs/s]"):
        assert not unsized_bar(line), line
