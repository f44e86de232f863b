"""A results page in several versions (tests/fixtures/compare_cases/retyped_page_v1..v3): between releases a page
re-types a setup header ("num_requests", "num_requets", "requests_n"), renames a rate column ("RPS" then "req/s"),
drops a column, a row and a table, and writes a heading without its model for one version. Compare by versions
reads one series per setup however the header is spelt, and says what changed, what was removed and what is new."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ledger.compare import RevisionRef, Snapshot, compare, compare_series
from ledger.compare.align import Row
from ledger.compare.render import summary
from ledger.parsers import extract
from ledger.parsers.grammar.unit_labels import header_unit
from ledger.vocab.setup_keys import canonical_key_name

CASES = Path(__file__).parent / "fixtures" / "compare_cases"


def _rows() -> list[Row]:
    snaps = []
    for n in (1, 2, 3):
        path = CASES / f"retyped_page_v{n}.md"
        claims = extract(path.read_text(), path=path.name).claims
        snaps.append(Snapshot(RevisionRef(name=f"v{n}", document="page", version=n), claims))
    return compare_series(snaps, versions=True)


def _find(rows: list[Row], metric: str, unit: str, **setup: str) -> Row:
    got = [
        r for r in rows if r.key.metric == metric and r.key.unit == unit and setup.items() <= dict(r.key.config).items()
    ]
    assert len(got) == 1, [(r.key, r.overall.verdict if r.overall else None) for r in got]
    return got[0]


def test_a_setup_header_respelt_names_its_known_key() -> None:
    for spelt in ("num_requests", "num_requets", "requests_n", "n_prompts", "number of prompts", "num_promts"):
        assert canonical_key_name(spelt) == "num_prompts", spelt
    # a short key is one letter from another, and a substituted letter is another setting
    assert canonical_key_name("patch_size") == "patch_size"
    assert canonical_key_name("ep_size") == "ep"


def test_a_request_rate_by_its_initials_is_a_rate_per_second_or_per_minute() -> None:
    assert header_unit("RPS") == "req/s"
    assert header_unit("PRS") == "req/s"
    assert header_unit("RPM") == "req/min"
    assert header_unit("Runs") is None


def test_a_series_whose_headers_are_respelt_between_versions_is_one_series() -> None:
    rows = _rows()
    rps = _find(rows, "request throughput", "req/s", model="qwen2-7b", batch_size="32")
    assert [c.value if c else None for c in rps.cells] == [6.40, 7.02, 7.02]
    assert rps.overall is not None and rps.overall.verdict == "improvement"
    assert dict(rps.key.config)["num_prompts"] == "800"
    per_minute = _find(rows, "request throughput", "req/min", model="qwen2-7b", batch_size="32")
    assert [c.value if c else None for c in per_minute.cells] == [384.0, None, None]


def test_a_pages_dropped_rows_are_removed_its_added_rows_new_and_a_heading_without_its_model_is_the_same_table() -> (
    None
):
    """v2 drops yi-34b (a serving row and its offline table) and the RPM column, and heads qwen2-7b's offline table
    "### BF16" alone; v3 names the model again and adds a batch-64 row. The offline numbers stood still over all
    three versions, the dropped series are removed in v2, the added row is new in v3: nothing missing, nothing not
    comparable."""
    rows = _rows()
    verdicts = Counter(r.overall.verdict for r in rows if r.overall is not None)
    assert verdicts == Counter({"within noise": 4, "improvement": 2, "removed": 7, "new": 2})
    offline = _find(rows, "tok s", "tok/s", model="qwen2-7b", batch_size="16", isl="128")
    assert [c.value if c else None for c in offline.cells] == [1010.2, 1010.2, 1010.2]
    gone = _find(rows, "tok s", "tok/s", model="yi34b", batch_size="1")
    assert gone.overall is not None and gone.overall.reason == "removed in v2 (stated v1)"
    added = _find(rows, "request throughput", "req/s", batch_size="64")
    assert added.overall is not None and (added.overall.verdict, added.overall.reason) == ("new", "new in v3")


def test_a_pages_versions_are_counted_as_a_release_reader_asks() -> None:
    assert summary(["improvement", "removed", "removed", "new", "within noise"], versions=True) == (
        "1 changed (1 improvement), 2 removed, 1 new, 1 no significant change"
    )


def test_a_page_whose_versions_each_state_their_release_is_compared_version_by_version() -> None:
    """release_page_v1..v3: each version says which release it measured (v1.0, v1.1, v1.1 again); v2 heads the
    qwen2-7b table "### FP16" alone, drops the qwen2-72b table and respells a setup header; v3 only names the model
    again. Every version is a revision (v3 restates v1.1's numbers under another heading, so it is no mere repeat),
    and the page is read as its versions are: the 7b table stood still, the 72b table is removed, the added row new."""
    from ledger.compare.page_versions import is_page_versions
    from ledger.compare.revisions import revisions_across_versions

    versions = []
    for n in (1, 2, 3):
        path = CASES / f"release_page_v{n}.md"
        versions.append((n, extract(path.read_text(), path=path.name).claims))
    snaps = revisions_across_versions(versions, "acme/quickserve:docs/speed.md")
    assert [s.ref.name for s in snaps] == ["v1.0", "v1.1 (v2)", "v1.1 (v3)"]
    assert is_page_versions([s.ref for s in snaps])
    rows = compare_series(snaps, versions=True)
    verdicts = Counter(r.overall.verdict for r in rows if r.overall is not None)
    assert verdicts == Counter({"within noise": 2, "improvement": 1, "removed": 2, "new": 1})
    still = _find(rows, "tok s", "tok/s", model="qwen2-7b", batch_size="8")
    assert [c.value if c else None for c in still.cells] == [290.2, 290.2, 290.2]


def test_a_results_column_renamed_between_versions_reports_only_the_value_that_moved() -> None:
    """v2 heads the throughput column "Output Throughput (tok/s)" where v1 wrote "Output tok/s", and one of its
    values moved: the column is one series per row, so the comparison tells exactly that one value's change."""
    v1 = "# Heron serving\n\nOn one H100 with Llama-3.1-8B.\n\n| Concurrency | Output tok/s | TTFT (ms) |\n"
    v1 += "|---|---|---|\n| 1 | 150.2 | 21.0 |\n| 8 | 980.5 | 35.4 |\n| 32 | 2710.0 | 88.1 |\n"
    v2 = v1.replace("| Output tok/s |", "| Output Throughput (tok/s) |").replace("| 2710.0 |", "| 2890.0 |")
    snaps = [
        Snapshot(RevisionRef(name=f"v{n}", document="page", version=n), extract(t, path="p.md").claims)
        for n, t in ((1, v1), (2, v2))
    ]
    rows = compare_series(snaps, versions=True)
    verdicts = Counter(r.overall.verdict if r.overall else None for r in rows)
    assert len(rows) == 6
    assert verdicts["improvement"] == 1 and verdicts["within noise"] == 5, verdicts
    moved = next(r for r in rows if r.overall and r.overall.verdict == "improvement")
    assert dict(moved.key.config)["concurrency"] == "32"


def _speed_page(rows: list[str]) -> str:
    head = "# Serving speed\n\nThroughput of the offline benchmark, one node.\n\n"
    return head + "| Model | GPU | Parallel | Output throughput |\n|---|---|---|---|\n" + "\n".join(rows) + "\n"


def test_each_step_of_a_series_is_judged_against_the_version_before_it_when_a_later_version_drops_it() -> None:
    """Three versions of an invented page: Llama-X rose 1520 -> 1610 tok/s (v1 -> v2), then v3 dropped its row; Qwen-Y
    stood still. The rise is judged v1 -> v2 and the drop said in v3: the row is neither only "removed" nor silent on
    the move before it, and the counts say the series changed."""
    from ledger.compare.render import render_rows

    steady = ["| Qwen-Y | H100 | TP2 | 2210 tok/s |", "| Qwen-Y | H100 | TP2 | 2230 tok/s |"]
    texts = [
        _speed_page(["| Llama-X | H100 | TP1 | 1520 tok/s |", steady[0]]),
        _speed_page(["| Llama-X | H100 | TP1 | 1610 tok/s |", steady[1]]),
        _speed_page([steady[1]]),
    ]
    snaps = [
        Snapshot(RevisionRef(name=f"v{n}", document="page", version=n), extract(t, path="speed.md").claims)
        for n, t in enumerate(texts, 1)
    ]
    rows = compare_series(snaps, versions=True)
    llama = _find(rows, "output throughput", "tok/s", model="llama-x")
    assert llama.overall is not None and llama.overall.reason == "removed in v3 (stated v1 to v2)"
    assert [(p.old_rev, p.new_rev, p.verdict) for p in llama.turns()] == [("v1", "v2", "improvement")]
    out = "\n".join(render_rows([s.ref for s in snaps], rows, "table", width=160))
    counts = "1 changed (1 improvement; 1 since removed or new), 1 removed, 0 new, 1 no significant change"
    assert out.splitlines()[0].endswith(counts), out
    assert "R1->R2 +5.9% improvement" in out, out


def test_a_plugin_pages_versions_each_on_its_own_build_are_its_revisions_in_the_order_written() -> None:
    """Three versions of an invented plugin page, each naming the engine it builds on and its own build: a release
    candidate, then a main-branch build, then the next release candidate. Each version is the revision of its own
    build (never the engine's), in the order the page was written, whatever order the release numbers would sort."""
    from ledger.compare.page_versions import is_page_versions
    from ledger.compare.revisions import revisions_across_versions

    builds = [("v1.3rc2", "77e0f1a", "0.71"), ("main", "8c1d2e3", "0.72"), ("v1.4rc1", "9f0a1b2", "0.74")]
    versions = []
    for n, (build, sha, score) in enumerate(builds, 1):
        text = (
            f"# Acme-NPU accuracy\n\n**Upstream**: fastserve 2.4.0 (9ab12cd), **Acme-NPU**: {build} ({sha})\n\n"
            f"| Task | Metric | Value | Stderr |\n|---|---|---:|---:|\n| gsm8k | exact_match | {score} | 0.01 |\n"
        )
        versions.append((n, extract(text, path="acc.md", page=True, repo="acme/acme-npu").claims))
    snaps = revisions_across_versions(versions, "acme/acme-npu:docs/acc.md")
    assert [(s.ref.label, s.ref.head) for s in snaps] == [
        ("v1.3rc2", "77e0f1a"),
        ("main", "8c1d2e3"),
        ("v1.4rc1", "9f0a1b2"),
    ]
    assert is_page_versions([s.ref for s in snaps])


Score = tuple[str, float, float]


def _eval_page(args: str, rows: list[Score], restated: Score | None = None) -> str:
    """An invented lm-eval results page: its command, a table of scores and, `restated`, a folded details table that
    opens with the headline row again (a group's score, then its subjects')."""
    head = "| Tasks | Filter | n-shot | Metric | Value | Stderr |\n|---|---|---:|---|---:|---:|\n"

    def row(task: str, value: float, se: float) -> str:
        return f"| {task} | none | 0 | acc | {value:.4f} | ± {se:.4f} |\n"

    text = f"# Orca-9B accuracy\n\n```bash\nlm_eval --model vllm --model_args pretrained=acme/Orca-9B,{args}\n```\n\n"
    if restated is None:
        return text + head + "".join(row(*r) for r in rows)
    text += head + row(*restated) + "\n<details>\n<summary>subjects</summary>\n\n" + head + row(*restated)
    return text + "".join(row(*r) for r in rows) + "</details>\n"


def _versions(*texts: str) -> list[Snapshot]:
    return [
        Snapshot(RevisionRef(name=f"v{n}", document="page", version=n), extract(t, path="p.md").claims)
        for n, t in enumerate(texts, 1)
    ]


def test_a_subjects_series_is_never_another_tasks_series_restated_under_another_setup() -> None:
    """v1 scores two subjects of a benchmark at TP 2, v2 the benchmark as a whole at TP 1: a subject's score and the
    benchmark's are two measures, so the subjects are removed and the whole is new, never "not comparable" as though
    one series had been re-run under another setup (its reason then names the subject as a key "stated only in v1")."""
    subjects = [("mmlu_anatomy", 0.7185, 0.0388), ("mmlu_astronomy", 0.8026, 0.0324)]
    v1 = _eval_page("tensor_parallel_size=2 --tasks mmlu_anatomy,mmlu_astronomy --batch_size 8", subjects)
    v2 = _eval_page("tensor_parallel_size=1 --tasks mmlu", [("mmlu", 0.7012, 0.0037)])
    rows = compare_series(_versions(v1, v2), versions=True)
    got = sorted((dict(r.key.config).get("task", ""), r.overall.verdict) for r in rows if r.overall is not None)
    assert got == [("", "new"), ("anatomy", "removed"), ("astronomy", "removed")]
    # two snapshots compared as revisions: the same, each subject missing and the whole new
    pairs = compare(*_versions(v1, v2))
    assert sorted(p.verdict for p in pairs) == ["missing", "missing", "new"], [(p.verdict, p.reason) for p in pairs]


def test_a_headline_a_details_table_restates_is_one_value_and_two_different_values_stay_ambiguous() -> None:
    """v1 prints the benchmark's score, then a folded details table opening with that very row again; v2 prints the
    score once, under the same setup. The restatement is one value, judged against v2's (never "2 values of this
    series that the text does not tell apart"), and a compare of v1 alone finds nothing ambiguous. Where the second
    table states another value of the same setup, the two stay ambiguous."""
    args = "tensor_parallel_size=2 --tasks mmlu --batch_size 8"
    subjects = [("mmlu_anatomy", 0.7185, 0.0388), ("mmlu_astronomy", 0.8026, 0.0324)]
    v1 = _eval_page(args, subjects, restated=("mmlu", 0.7012, 0.0037))
    v2 = _eval_page(args, [("mmlu", 0.7019, 0.0037)])
    rows = compare_series(_versions(v1, v2), versions=True)
    whole = [r for r in rows if "task" not in dict(r.key.config)]
    assert [(r.overall.verdict, r.twins) for r in whole if r.overall] == [("within noise", 1)]
    assert [c.value if c else None for c in whole[0].cells] == [0.7012, 0.7019]
    assert "ambiguous" not in {p.verdict for p in compare(*_versions(v1, v1))}
    other = v1.replace("| mmlu | none | 0 | acc | 0.7012 |", "| mmlu | none | 0 | acc | 0.7044 |", 1)
    pairs = compare(*_versions(other, v2))
    assert sorted(p.verdict for p in pairs if "task" not in dict(p.key.config)) == ["ambiguous", "within noise"]


def test_every_step_a_series_is_stated_on_both_sides_of_is_judged_though_it_ends_or_starts_between_versions() -> None:
    """Four versions of an invented eval page: v1 and v2 score the benchmark and two subjects at TP 2 (one subject
    moved inside its stderr), v3 and v4 only the benchmark at TP 1. Each step a series is stated on both sides of is
    judged as any pair is (here: no significant change), said beside its "removed in v3" / "new in v3" once, and
    counted; the TP 2 and TP 1 benchmarks stay two rows, never one."""
    from ledger.compare.render import render_rows

    subjects = [("mmlu", 0.6021, 0.0040), ("mmlu_anatomy", 0.7185, 0.0388), ("mmlu_astronomy", 0.8026, 0.0324)]
    moved = [("mmlu", 0.6050, 0.0040), ("mmlu_anatomy", 0.7407, 0.0378), ("mmlu_astronomy", 0.8026, 0.0324)]
    tp2, tp1 = "tensor_parallel_size=2 --tasks mmlu --batch_size 8", "tensor_parallel_size=1 --tasks mmlu"
    snaps = _versions(
        _eval_page(tp2, subjects),
        _eval_page(tp2, moved),
        _eval_page(tp1, [("mmlu", 0.6033, 0.0040)]),
        _eval_page(tp1, [("mmlu", 0.6030, 0.0040)]),
    )
    rows = compare_series(snaps, versions=True)
    got = sorted(
        (
            dict(r.key.config).get("task", ""),
            dict(r.key.config)["tp"],
            [c.value if c else None for c in r.cells],
            [(p.old_rev, p.new_rev, p.verdict) for p in r.steps],
        )
        for r in rows
    )
    assert got == [
        ("", "1", [None, None, 0.6033, 0.603], [("v3", "v4", "within noise")]),
        ("", "2", [0.6021, 0.605, None, None], [("v1", "v2", "within noise")]),
        ("anatomy", "2", [0.7185, 0.7407, None, None], [("v1", "v2", "within noise")]),
        ("astronomy", "2", [0.8026, 0.8026, None, None], [("v1", "v2", "within noise")]),
    ]
    out = "\n".join(render_rows([s.ref for s in snaps], rows, "table", show_all=True, width=400))
    counts = "0 changed, 2 removed, 1 new, 4 no significant change (4 since removed or new)"
    assert out.splitlines()[0].endswith(counts + ", 1 not comparable"), out
    anatomy = next(x for x in out.splitlines() if "task=anatomy" in x)
    assert "removed in R3 (stated R1 to R2)" in anatomy and "R1->R2 ~ within noise" in anatomy, anatomy
    headline = next(x for x in out.splitlines() if x.startswith("new"))
    assert "new in R3" in headline and "R3->R4 ~ within noise" in headline, headline
    joined = next(x for x in out.splitlines() if x.startswith("not comparable"))
    assert "R1->R2 ~ within noise" in joined, joined
    said = render_rows([s.ref for s in snaps], rows, "table", width=400)
    assert "4 removed, new or not comparable, judged between two versions that state them: 4 no significant change" in (
        " ".join(said)
    ), said


def test_the_headline_counts_the_falls_of_series_a_newer_version_dropped() -> None:
    """A release page's third version re-does its tables: the series that fell from v1 to v2 end "removed", and no
    first-against-last verdict counts them; their latest step fell, so the headline counts them, said to be last
    stated before the newest version."""
    from types import SimpleNamespace

    from ledger.compare.run import Comparison
    from ledger.report.findings import Section, failures_section
    from ledger.report.text import headline

    table = "| ISL/OSL | H100<br/>TP{tp} (FP8) |\n|---|---|\n| 128/128 | {value} |\n"
    pages = [
        "# Mistral 7B\n\n" + table.format(tp=1, value="8,000") + "\n" + table.format(tp=2, value="14,000"),
        "# Mistral 7B\n\n" + table.format(tp=1, value="6,400") + "\n" + table.format(tp=2, value="11,000"),
        "# Qwen3 32B\n\n| ISL/OSL | B200<br/>TP4 (FP4) |\n|---|---|\n| 1024/1024 | 3,100 |\n",
    ]
    snaps = [
        Snapshot(RevisionRef(name=f"v{n}", document="page", version=n), extract(text, path="speed.md").claims)
        for n, text in enumerate(pages, 1)
    ]
    rows = compare_series(snaps, versions=True)
    assert sorted(r.overall.verdict for r in rows if r.overall) == ["new", "removed", "removed"]
    comp = Comparison(revisions=[s.ref for s in snaps], rows=rows, references=[], tested=[], measured=[])
    sec = failures_section(comp, {s.ref.name: s.ref.name for s in snaps}, [])
    report = SimpleNamespace(comparison=comp, section=lambda name: sec if name == "failures" else Section(name, name))
    assert headline(report) == "2 regressions now (2 of them last stated before R3)"


def test_a_release_pages_regressions_say_whose_series_fell_and_the_step_the_cited_line_holds() -> None:
    """Three versions of an invented speed page with two models' tables of one measure: each regression the report
    lists names the setup that tells its series from the other (the model) and cites the step it fell in, each value
    with its version and line; a series that fell and came back only part of the way in its latest step is still
    down from its first value, said with the fall it rose from."""
    from ledger.compare.run import Comparison
    from ledger.report.findings import failures_section

    table = "## {model}\n\n| ISL/OSL | H100<br/>TP1 (FP8) |\n|---|---|\n| 128/128 | {value} |\n"

    def page(wren: str, heron: str) -> str:
        models = table.format(model="Wren 8B", value=wren) + "\n" + table.format(model="Heron 12B", value=heron)
        return "# Serving speed\n\n" + models

    snaps = _versions(page("8,000", "5,000"), page("6,000", "5,010"), page("6,400", "4,000"))
    rows = compare_series(snaps, versions=True)
    comp = Comparison(revisions=[s.ref for s in snaps], rows=rows, references=[], tested=[], measured=[])
    names = {s.ref.name: s.ref.name for s in snaps}
    got = [(f.verdict, f.text, f.revision) for f in failures_section(comp, names, []).findings]
    assert got == [
        (
            "regression",
            "H100 TP1 [model=wren8b]: 8000 (v1, line 7) -> 6400 (higher is better); fell to 6000 (v2, line 7), "
            "partly back",
            "v3",
        ),
        ("regression", "H100 TP1 [model=heron12b]: 5010 (v2, line 13) -> 4000 (higher is better)", "v3"),
    ], got


def _decode_page(kestrel: tuple[str, ...], osprey: tuple[str, ...] = (), note: str = "") -> str:
    table = "| ISL/OSL | H100<br/>TP1 (FP8) | H100<br/>TP2 (FP8) | H100<br/>TP4 (FP8) |\n|---|---|---|---|\n"
    text = "# Decode speed\n\n" + note + "## Kestrel 7B\n\n" + table + "| 256/256 | {} | {} | {} |\n".format(*kestrel)
    return text + ("\n## Osprey 13B\n\n" + table + "| 256/256 | {} | {} | {} |\n".format(*osprey) if osprey else "")


def test_a_release_page_judges_each_series_by_its_latest_step_and_lists_earlier_falls_since_recovered() -> None:
    """Three versions of an invented speed page: Kestrel TP1 falls in v2 and comes back in v3, TP4 falls and comes
    half way back, TP2 holds in v2 and falls in v3; Osprey's table falls in v2 and is dropped in v3. A reader of the
    page asks where each series stands now, its latest step: three regressions now (one in a table v3 dropped, one
    only partly back, still below v1), and one earlier fall since recovered, each value said with the version and
    line that hold it."""
    from types import SimpleNamespace

    from ledger.compare.run import Comparison
    from ledger.report.findings import Section, failures_section
    from ledger.report.text import headline

    snaps = _versions(
        _decode_page(("9,000", "15,000", "26,000"), ("5,000", "6,000", "10,000")),
        _decode_page(("7,000", "15,100", "20,000"), ("4,000", "6,050", "10,000"), note="A newer driver.\n\n"),
        _decode_page(("8,950", "12,000", "23,000"), note="Osprey's table is gone.\n\nSo is its driver.\n\n"),
    )
    rows = compare_series(snaps, versions=True)
    comp = Comparison(revisions=[s.ref for s in snaps], rows=rows, references=[], tested=[], measured=[])
    sec = failures_section(comp, {s.ref.name: s.ref.name for s in snaps}, [])
    got = {f.text.split("]: ")[0]: (f.verdict, f.text.split("]: ")[1], f.revision, f.line) for f in sec.findings}
    up = "(higher is better)"
    assert got == {
        "H100 TP1 [model=kestrel7b, tp=1": (
            "recovered",
            f"9000 (v1, line 7) -> 7000 {up}; back to 8950 (v3, line 11)",
            "v2",
            9,
        ),
        "H100 TP4 [model=kestrel7b, tp=4": (
            "regression",
            f"26000 (v1, line 7) -> 23000 {up}; fell to 20000 (v2, line 9), partly back",
            "v3",
            11,
        ),
        "H100 TP1 [model=osprey13b, tp=1": (
            "regression",
            f"5000 (v1, line 13) -> 4000 {up}; removed in v3 (stated v1 to v2)",
            "v2",
            15,
        ),
        "H100 TP2 [model=kestrel7b, tp=2": ("regression", f"15100 (v2, line 9) -> 12000 {up}", "v3", 11),
    }, got
    assert [f.verdict for f in sec.findings] == ["regression", "regression", "regression", "recovered"]
    report = SimpleNamespace(comparison=comp, section=lambda name: sec if name == "failures" else Section(name, name))
    assert headline(report) == (
        "3 regressions now (1 of them last stated before R3); 1 earlier step regression since recovered (1 R1->R2)"
    )


def test_a_pages_versions_that_restate_its_numbers_are_one_revision_cited_at_the_newest() -> None:
    """Three versions of an invented tuning page whose table moved down the page but kept every number: one
    revision, the newest version's text (its line numbers), named for the version it has stood unchanged since."""
    from ledger.compare.revisions import revisions_across_versions

    table = "| Concurrency | Base TPOT(ms) | Drafted TPOT(ms) |\n|---|---|---|\n| 8 | 52.0 | 41.5 |\n"
    texts = [f"# Drafting guide\n\n{'Step text.' + chr(10) * 2 * n}## Results\n\n{table}" for n in range(3)]
    versions = [(n, extract(t, path="g.md", page=True).claims) for n, t in enumerate(texts, 1)]
    (snap,) = revisions_across_versions(versions, "acme/acme:docs/g.md")
    assert snap.ref.name == "acme/acme:docs/g.md v3 (unchanged since v1)" and snap.ref.version == 3
    assert {c.source.line for c in snap.claims} == {texts[2].splitlines().index("| 8 | 52.0 | 41.5 |") + 1}


def test_release_candidates_are_ordered_by_release_then_stage() -> None:
    """A description edited from one release candidate's numbers to the next's: "v0.3.1rc1" is newer than
    "v0.3.0rc1" (the suffix once cut the number to "0.3" for both, and the newer went first), and a candidate is
    older than its own release."""
    from ledger.compare.revisions import _label_number, revisions_across_versions

    order = ["v0.9.0rc1", "v0.10.0rc1", "v0.10.0rc2", "v0.10.0", "v0.10.0.post1", "v0.10.1rc1", "release 0.10.1"]
    numbers = [_label_number(label) for label in order]
    assert None not in numbers and numbers == sorted(numbers)  # type: ignore[type-var]
    versions = []
    for n, (build, sha, score) in enumerate([("v0.3.0rc1", "1a2b3c4", "0.7712"), ("v0.3.1rc1", "5d6e7f8", "0.7301")]):
        text = (
            f"# Kite-7B accuracy\n\n**Upstream**: fastserve 2.4.0 (9ab12cd), **Kite-NPU**: {build} ({sha})\n\n"
            f"| Task | Metric | Value | Stderr |\n|---|---|---:|---:|\n| gsm8k | exact_match | {score} | ± 0.0116 |\n"
        )
        versions.append((n + 1, extract(text, path="pr.md").claims))
    snaps = revisions_across_versions(versions, "acme/plugin#9001")
    assert [s.ref.label for s in snaps] == ["v0.3.0rc1", "v0.3.1rc1"]
    (row,) = [r for r in compare_series(snaps) if r.overall is not None]
    assert row.overall.verdict == "regression"


def test_a_page_version_that_moves_only_its_software_stack_is_a_revision_judged_as_one_series() -> None:
    """v2 of an NPU accuracy page restates v1's score on a newer CANN: the stack is stated setup on every score (cann,
    torch, torch_npu), so v2 is a revision of its own, not \"nothing new\"; a stack version is where the result came
    from, not a split of its series (vocab.setup_keys: ignored), so the step is judged, within noise."""
    from ledger.compare.revisions import revisions_across_versions

    versions = []
    for n, cann in ((1, "8.5.RC1"), (2, "8.6.RC1")):
        text = (
            f"# Heron-8B accuracy\n\n**Software Environment**: CANN: {cann}, PyTorch: 2.8.0, torch-npu: 2.8.0.post1\n\n"
            "| Task | Metric | Value | Stderr |\n|---|---|---:|---:|\n| gsm8k | exact_match | 0.7655 | ± 0.0117 |\n"
        )
        versions.append((n, extract(text, path="acc.md", page=True).claims))
    (score,) = [c for c in versions[1][1] if c.kind == "accuracy"]
    assert dict(score.config)["cann"] == "8.6.RC1" and dict(score.config)["torch_npu"] == "2.8.0.post1"
    snaps = revisions_across_versions(versions, "acme/heron:docs/acc.md")
    assert len(snaps) == 2
    (row,) = [r for r in compare_series(snaps, versions=True) if r.overall is not None]
    assert row.overall.verdict == "within noise"


def test_a_release_one_tables_note_names_is_that_tables_and_never_names_its_version() -> None:
    """release_pages/table_release_note_v1..v3: v2 notes under one of its two tables that its figures need v3.1 to
    reproduce; v3 says under its tables which release measured all its data (v3.3). The note is that table's alone:
    v2 is named for its version, never "v3.1 (v2)", and v3 for the release its page states."""
    from ledger.compare.page_versions import is_page_versions
    from ledger.compare.revisions import revisions_across_versions

    pages = Path(__file__).parent / "fixtures" / "release_pages"
    versions = []
    for n in (1, 2, 3):
        path = pages / f"table_release_note_v{n}.md"
        versions.append((n, extract(path.read_text(), path=path.name, page=True).claims))
    noted = [c.revision.label if c.revision else None for c in versions[1][1] if c.kind == "perf"]
    assert noted == [None, "v3.1"]
    assert {c.revision.label if c.revision else None for c in versions[2][1] if c.kind == "perf"} == {"v3.3"}
    document = "acme/serve:docs/perf.md"
    snaps = revisions_across_versions(versions, document)
    assert [s.ref.name for s in snaps] == [f"{document} v1", f"{document} v2", "v3.3"]
    assert is_page_versions([s.ref for s in snaps])
    # (the same versions stored as a pull request's: its second version is still no release's)
    assert revisions_across_versions(versions[:2], "acme/serve#5")[1].ref.name == "acme/serve#5 v2"
    rows = compare_series(snaps, versions=True)
    assert sorted(r.overall.verdict for r in rows if r.overall is not None) == ["improvement", "improvement"]


def test_a_step_across_a_moved_software_stack_is_judged_and_says_what_moved() -> None:
    """release_pages/stack_moves_v1..v3: one score on an NPU page, PyTorch and torch-npu moving between v1 and v2, CANN
    between v2 and v3. The stack is no split of the series (every step judged, within noise), but each step says
    which components moved across it, as benchstat notes what differs beside a delta; the table's steps say it too."""
    from ledger.compare.render import render_rows
    from ledger.compare.revisions import revisions_across_versions

    pages = Path(__file__).parent / "fixtures" / "release_pages"
    versions = []
    for n in (1, 2, 3):
        path = pages / f"stack_moves_v{n}.md"
        versions.append((n, extract(path.read_text(), path=path.name, page=True).claims))
    snaps = revisions_across_versions(versions, "acme/heron:docs/acc.md")
    (row,) = [r for r in compare_series(snaps, versions=True) if r.overall is not None]
    assert [(p.verdict, p.reason.split("; ")[-1]) for p in row.steps] == [
        ("within noise", "stack moved: torch 2.6.0 -> 2.8.0, torch_npu 2.6.0.post1 -> 2.8.0.post1"),
        ("within noise", "stack moved: cann 8.5.RC1 -> 8.6.RC1"),
    ]
    assert row.overall is not None and row.overall.verdict == "within noise"
    assert row.overall.reason.split("; ")[-1] == (
        "stack moved: cann 8.5.RC1 -> 8.6.RC1, torch 2.6.0 -> 2.8.0, torch_npu 2.6.0.post1 -> 2.8.0.post1"
    )
    out = "\n".join(render_rows([s.ref for s in snaps], [row], "table", show_all=True, width=400))
    assert "stack moved: cann 8.5.RC1 -> 8.6.RC1, torch 2.6.0 -> 2.8.0" in out, out
