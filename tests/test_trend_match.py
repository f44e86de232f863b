"""What `ledger trend METRIC` gathers: a measure however its documents spell it, one series per statistic and per
quantity (ledger.compare.trend). The documents are invented, each the way a thread of the field writes it."""

from __future__ import annotations

import re
from pathlib import Path

from ledger.api import Ledger
from ledger.targets import run_trend

# A PR quoting a serving run's statistics line by line, and an lm-eval table plus the eval's wall time.
_PR_LINES = """## Serving check on Qwen3-8B, H100, TP1, concurrency 4

mean TTFT: 120.5 ms
P99 TTFT: 310.0 ms

GSM8K 8-shot through the lm-eval harness:

| Tasks | Metric | Value |
|---|---|---|
| gsm8k | exact_match | 0.905 |

gsm8k time: 655 s
"""
# The next PR: a profiler's table of statistics by column, the score said in prose under its task.
_PR_TABLE = """## Qwen3-8B on H100, TP1, concurrency 4

| Metric | avg | p99 |
|---|---|---|
| Time to First Token (ms) | 118.0 | 305.2 |

GSM8K 8-shot through the lm-eval harness: exact_match 0.911.

gsm8k time: 640 s
"""


def _docs(tmp_path: Path) -> list[str]:
    out = []
    for name, text in (("pr1.md", _PR_LINES), ("pr2.md", _PR_TABLE)):
        (tmp_path / name).write_text(text, encoding="utf-8")
        out.append(str(tmp_path / name))
    return out


def _values(trend: object) -> list[tuple[str, list[float]]]:
    return [(re.split(r" [\[(]", s.label)[0], [float(c.value) for _, c in s.points]) for s in trend.series]  # type: ignore[attr-defined]


def test_a_measure_is_found_in_every_spelling_one_series_per_statistic(tmp_path: Path) -> None:
    docs, book = _docs(tmp_path), Ledger(tmp_path / "none.db")
    # "TTFT" names no statistic: the mean and the p99 are each a series, side by side, never one mixed series
    for asked in ("TTFT", "time to first token"):
        trend = run_trend(asked, docs, book=book)
        assert _values(trend) == [("mean ttft", [120.5, 118.0]), ("p99 ttft", [310.0, 305.2])], asked
        assert any("one series per statistic" in n for n in trend.notes)
    # a statistic asked is that statistic alone ("avg" in a column is the mean)
    assert _values(run_trend("mean TTFT", docs, book=book)) == [("mean ttft", [120.5, 118.0])]
    assert _values(run_trend("p99 ttft", docs, book=book)) == [("p99 ttft", [310.0, 305.2])]


def test_a_benchmark_is_its_score_under_its_task_never_a_time_measured_on_it(tmp_path: Path) -> None:
    docs, book = _docs(tmp_path), Ledger(tmp_path / "none.db")
    trend = run_trend("gsm8k", docs, book=book)
    # the score named by its measure under the task ("exact_match", task gsm8k) is the benchmark's score
    assert _values(trend) == [("gsm8k", [0.905, 0.911])]
    assert trend.single == 0
    assert any("time" in n and "--kind perf" in n for n in trend.notes)
    # asked for, the eval's wall times are a series of their own, in seconds
    timed = run_trend("gsm8k", docs, kinds=["perf"], book=book)
    assert [(s.label.split(" (")[0], [c.value for _, c in s.points]) for s in timed.series] == [
        ("gsm8k [time]", [655.0, 640.0])
    ]


# Two runs of one setup in one revision that no label tells apart (two scheduler builds, each its own block).
_PR_PAIR = """## Decode check, Qwen3-8B on H100, TP1, concurrency 8

Ran the serving client twice on the same box, once per scheduler build:

```
mean TTFT: 135.5 ms
```

```
mean TTFT: 225.0 ms
```
"""


def test_two_values_one_revision_tells_apart_by_no_label_are_one_pair_never_a_history(tmp_path: Path) -> None:
    doc = tmp_path / "pair.md"
    doc.write_text(_PR_PAIR, encoding="utf-8")
    trend = run_trend("TTFT", [str(doc)], book=Ledger(tmp_path / "none.db"))
    # one series of the two values, each point named by its line, never two one-point series ({#2})
    assert trend.single == 0 and len(trend.series) == 1
    pair = trend.series[0]
    assert [(at, c.value) for at, c in pair.points] == [("pair.md, line 6", 135.5), ("pair.md, line 10", 225.0)]
    assert "#2" not in pair.label
    # side by side, not one after the other: no verdict of the second against the first, and the note says why
    assert pair.latest is None
    assert any("no label tells apart" in n for n in trend.notes)


# A first paste under no side label, then a paste its author labels as the patched build (one setup, one measure).
_PR_ONE_SIDE_NAMED = """## Decode check, Qwen3-8B on H100, TP1, concurrency 8

Client run against the server, stock request body:

```
mean TTFT: 52.3 ms
```

with the patch applied:

```
mean TTFT: 49.8 ms
```
"""


def test_a_value_no_side_names_is_a_point_beside_the_named_side_never_dropped(tmp_path: Path) -> None:
    doc = tmp_path / "one_side.md"
    doc.write_text(_PR_ONE_SIDE_NAMED, encoding="utf-8")
    trend = run_trend("mean TTFT", [str(doc)], book=Ledger(tmp_path / "none.db"))
    # both pastes are drawn, the unnamed one by its line; neither is judged as the other's history
    drawn = trend.series + trend.single_series
    points = [(at, c.value) for s in drawn for at, c in s.points]
    assert sorted(points) == [("no side named, line 6", 52.3), ("with the patch", 49.8)], points
    assert all(s.latest is None for s in drawn)
    assert any("no side named" in n for n in trend.notes)


# An eval script's summary on two sides: its score, then the share of answers it could not parse.
_PR_EVAL_SIDES = """# Mend the stop-token check of the chat template

## gsm8k, 200 questions, 5 shots, Wren-7B on one H100

before:
```
Accuracy: 0.812
Invalid: 0.015
Latency: 61.2 s
```

after:
```
Accuracy: 0.830
Invalid: 0.000
Latency: 58.9 s
```
"""


def test_an_unparsable_answer_share_is_no_score_of_its_benchmark(tmp_path: Path) -> None:
    doc = tmp_path / "eval_sides.md"
    doc.write_text(_PR_EVAL_SIDES, encoding="utf-8")
    trend = run_trend("gsm8k", [str(doc)], book=Ledger(tmp_path / "none.db"))
    # the score alone is gsm8k's series; 'Invalid' is another quantity measured on it, counted in a note
    assert _values(trend) == [("gsm8k", [0.812, 0.83])]
    assert any("failed, not its score" in n and "'invalid'" in n for n in trend.notes), trend.notes
    # asked by its name, the share is its own series, lower being better
    invalid = run_trend("Invalid", [str(doc)], book=Ledger(tmp_path / "none.db"))
    assert [[c.value for _, c in s.points] for s in invalid.series] == [[0.015, 0.0]]


# Two engine bumps, one bench setup: the second names its data set as an item of a comma list and states the bench's
# default request rate, which the first leaves unsaid; each reports its own delta against its own previous release.
_BUMP_A = """## Bump the engine to 1.4.1

Phi-3-mini, sonnet dataset, 200 prompts, `--temperature 0`:

| Metric | engine 1.4.0 | engine 1.4.1 | Delta |
|---|---:|---:|---:|
| Output tok/s | 1150.0 | 1200.0 | +4.3% |
"""
_BUMP_B = """## Bump the engine to 1.6.0

`vllm bench serve`, Phi-3-mini, sonnet, 200 prompts, `--request-rate inf --temperature 0`:

| Metric | engine 1.5.2 | engine 1.6.0 | Delta |
|---|---:|---:|---:|
| Output tok/s | 1098.0 | 1100.0 | +0.2% |
"""


def test_one_setup_across_prs_is_one_series_and_each_prs_own_delta_is_never_a_history(tmp_path: Path) -> None:
    """ "Phi-3-mini, sonnet, 200 prompts" names the data set as "sonnet dataset" does, and `--request-rate inf` (the
    bench's default) is the setup of the run that states no rate: one series of two points. The two deltas are each
    PR's change against its own baseline: drawn together, never judged as a fall from +4.3% to +0.2%."""
    docs = []
    for name, text in (("bump_a.md", _BUMP_A), ("bump_b.md", _BUMP_B)):
        (tmp_path / name).write_text(text, encoding="utf-8")
        docs.append(str(tmp_path / name))
    trend = run_trend("Output tok/s", docs, book=Ledger(tmp_path / "none.db"))
    assert _values(trend) == [("output throughput", [1200.0, 1100.0]), ("output throughput", [4.3, 0.2])]
    level, delta = trend.series
    assert "dataset=sonnet" in level.label and "request_rate" not in level.label
    assert level.latest is not None and delta.latest is None
    assert any("its own baseline" in n for n in trend.notes)


# Two PRs' serving runs of one setup, the later one alone with the end-of-sequence token ignored: every request then
# decodes its full length, another workload, so the drop between them is no history of the code.
_PR_EOS_OFF = """## Serving check on Qwen3-8B, H100, TP1, concurrency 4

`vllm bench serve --model Qwen3-8B --max-concurrency 4 --ignore-eos`

mean TTFT: 190.5 ms
"""


def test_a_workload_flag_one_document_alone_states_makes_the_step_not_comparable(tmp_path: Path) -> None:
    docs, book = _docs(tmp_path), Ledger(tmp_path / "none.db")
    (tmp_path / "pr3.md").write_text(_PR_EOS_OFF, encoding="utf-8")
    trend = run_trend("mean TTFT", [docs[0], str(tmp_path / "pr3.md")], book=book)
    assert _values(trend) == [("mean ttft", [120.5, 190.5])]
    assert trend.series[0].latest is None  # drawn, never judged a regression
    assert any("--ignore-eos" in n and "pr3.md" in n and "not comparable" in n for n in trend.notes)
    # stated on both sides, the flag is the workload both ran: the step is judged as before
    both = _PR_EOS_OFF.replace("190.5", "121.0")
    (tmp_path / "pr1.md").write_text(
        _PR_LINES.replace("\n\nmean TTFT", "\n\n`--ignore-eos`\n\nmean TTFT", 1), encoding="utf-8"
    )
    (tmp_path / "pr4.md").write_text(both, encoding="utf-8")
    judged = run_trend("mean TTFT", [str(tmp_path / "pr1.md"), str(tmp_path / "pr4.md")], book=book)
    assert judged.series[0].latest is not None and not any("--ignore-eos" in n for n in judged.notes)
