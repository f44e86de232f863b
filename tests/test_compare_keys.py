"""Setup keys: every key a parser can write is a key compare classifies (hard, soft or ignored), and compare
keeps every hard key of a claim's config in its comparability key."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from _extracted import SHARED_EXTRACTION, extract_remembered

from ledger.compare import claim_key
from ledger.ingest.extracting import extract_file
from ledger.model import Claim, Source
from ledger.vocab import name_hints, setup
from ledger.vocab.canonical import canonical_items
from ledger.vocab.claim_setup import setup_items
from ledger.vocab.metrics import BENCHMARK_SAMPLES
from ledger.vocab.setup_keys import (
    KEY_CLASSES,
    SIDE_SETTING,
    STATED_DEFAULTS,
    canonical_key_name,
    is_known_key,
    key_class,
)

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def _qualifier_keys() -> set[str]:
    """The keys the one setup-word table writes into claims, and the canonical keys it reads them as."""
    from ledger.vocab.block_words import CONSUMED_KEYS

    return ({w.written for w in setup.SETUP_WORDS} | {w.key for w in setup.SETUP_WORDS}) - CONSUMED_KEYS


def _literal_config_keys() -> dict[str, str]:
    """Config keys written literally in ledger/parsers/: `config={"k": ...}`, `config["k"] = ...`, `cfg = {...}`."""
    found: dict[str, str] = {}
    names = {"config", "cfg", "label_cfg"}
    for path in sorted((ROOT / "ledger" / "parsers").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            dicts: list[ast.Dict] = []
            if isinstance(node, ast.keyword) and node.arg == "config":
                dicts += [d for d in ast.walk(node.value) if isinstance(d, ast.Dict)]
            elif isinstance(node, ast.Assign):
                for t in node.targets:
                    if isinstance(t, ast.Name) and t.id in names:
                        dicts += [d for d in ast.walk(node.value) if isinstance(d, ast.Dict)]
                    if (
                        isinstance(t, ast.Subscript)
                        and isinstance(t.value, ast.Name)
                        and t.value.id in names
                        and isinstance(t.slice, ast.Constant)
                        and isinstance(t.slice.value, str)
                    ):
                        found[t.slice.value] = f"{path.name}:{node.lineno}"
            for d in dicts:
                for k in d.keys:
                    if isinstance(k, ast.Constant) and isinstance(k.value, str):
                        found[k.value] = f"{path.name}:{node.lineno}"
    return found


def test_the_parsers_write_config_keys_literally() -> None:
    keys = _literal_config_keys()
    assert {"row", "gate", "variant", "commit"} <= set(keys), keys  # the scan finds what it looks for


def test_every_key_a_parser_writes_is_classified() -> None:
    written = {k: "qualifier table" for k in _qualifier_keys()} | _literal_config_keys()
    assert "ep" in written and "state" in written  # the keys issue 12 found compare dropping
    unknown = {k: where for k, where in written.items() if not is_known_key(k)}
    assert not unknown, f"config keys no setup-key table names: {unknown}"
    assert all(key_class(k) in KEY_CLASSES for k in written)


def _corpus_files() -> list[Path]:
    files = sorted((ROOT / "examples").glob("*.txt")) + sorted((ROOT / "tests" / "fixtures").rglob("*.md"))
    if SHARED.is_dir():
        files += sorted((SHARED / "seeds").glob("*.txt")) + sorted((SHARED / "corpus" / "prs").glob("*.md"))
        files += sorted((SHARED / "corpus2" / "prs").glob("*.md"))
    return files


def _no_own_samples(kind: str, metric: str, config: dict[str, str], value: str) -> bool:
    split = BENCHMARK_SAMPLES.get(metric) or BENCHMARK_SAMPLES.get(config.get("task", ""))
    return kind not in ("accuracy", "acceptance") or (bool(split) and value.isdigit() and int(value) >= split)


@SHARED_EXTRACTION
def test_compare_keeps_every_hard_key_the_extractors_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """On every text we have: a hard key of a claim's config is in its comparability key (or, for a number's
    setup, the draft length 0 that means no speculation); nothing is dropped without a class."""
    # (each file read and stamped as extract_file does, its extraction the one the other readers of every text share)
    monkeypatch.setattr("ledger.ingest.extracting.extract", extract_remembered)
    dropped: list[str] = []
    seen: set[str] = set()
    for path in _corpus_files():
        for c in extract_file(str(path)).claims:
            if c.kind not in ("accuracy", "acceptance", "perf", "tests", "gate"):
                continue
            key, _ = claim_key(c)
            have = dict(key.config)
            # the keys a side's label set ("BEFORE: GemmBackend.TRITON") are what its sides compare, not a setup
            sided = {canonical_key_name(n) for n in c.config.get(SIDE_SETTING, "").split(",") if n}
            for k, v in c.config.items():
                seen.add(k)
                ck = canonical_key_name(k)
                if key_class(k) != "hard" or ck == "task" or not v.strip() or ck in sided:
                    continue
                if ck not in have and not (ck == "draft_len" and v.strip().lower() in ("0", "no")):
                    if ck == "samples" and _no_own_samples(c.kind, key.metric, dict(key.config), v):
                        continue  # an eval's count on a speed, or its benchmark's whole split (claim_setup)
                    if ck == "gpu_count" and v.strip() == "1" and "gpu" in have:
                        continue  # (one board counted: the board alone, keys.compared_setup)
                    if (ck, v.strip().lower()) in STATED_DEFAULTS:
                        continue  # (a tool's default stated: the unstated run's setup, keys.compared_setup)
                    if not canonical_items(ck, v):
                        continue  # (a value that says nothing, kv_cache "auto": vocab.canonical.canonical_items)
                    dropped.append(f"{path.name}:{c.source.line} {k}={v!r}")
    assert {"row", "column", "kv_cache"} <= seen
    assert not dropped[:10], dropped[:10]


@pytest.mark.parametrize(
    ("key", "cls"),
    [
        ("ep", "hard"),
        ("EP", "hard"),
        ("state", "hard"),
        ("mtp", "hard"),
        ("kv_cache_dtype", "hard"),
        ("row", "soft"),
        ("gate", "soft"),
        ("group", "soft"),
        ("commit", "ignored"),
        ("source", "ignored"),
        ("hot_buffer_size", "hard"),  # a benchmark table's own input column: not in the table, hard by default
    ],
)
def test_key_classes(key: str, cls: str) -> None:
    assert key_class(key) == cls


# Issue 26, mechanism 4: one canonical value per setup key, whatever the spelling; the printed text stays in config.
def _setup(**config: str) -> dict[str, str]:
    from ledger.model import Claim, Source

    c = Claim(
        kind="perf",
        metric="output throughput",
        value=1.0,
        unit="tok/s",
        config=config,
        source=Source(line=1, line_end=1, text="1"),
    )
    return dict(claim_key(c)[0].config)


@pytest.mark.parametrize(
    ("key", "spellings", "want"),
    [
        ("gpu", ["H100 SXM 80GB", "H100-80GB-HBM3", "NVIDIA H100", "h100"], {"gpu": "h100"}),
        ("gpu", ["8xH100", "8 x H100 SXM", "H100 x 8", "8×H100-80GB-HBM3"], {"gpu": "h100", "gpu_count": "8"}),
        ("gpu", ["2x8 H200", "2x8xH200"], {"gpu": "h200", "gpu_count": "16"}),
        ("gpu", ["2x8"], {"gpu_count": "16"}),
        ("gpu", ["SM90", "sm_90a", "sm90"], {"gpu": "sm90"}),
        # a Radeon Pro by its number alone, as a sweep's lead-in names it ("RDNA3/ W7900"), or in full
        ("gpu", ["W7900", "AMD Radeon Pro W7900", "Radeon PRO W7900", "RADEON W7900"], {"gpu": "w7900"}),
        (
            "model",
            [
                "meta-llama/Llama-3.1-8B-Instruct",
                "Llama-3.1-8B-Instruct",
                "Llama 3.1 8B Instruct",
                "Meta-Llama-3.1-8B-Instruct",
                "/models/llama-3.1-8b-instruct/",
                "meta-llama--Llama-3.1-8B-Instruct",  # the hub cache's folder names
                "models--meta-llama--Llama-3.1-8B-Instruct",
                "Llama-3.1-8B-Instruct_run2",  # a run's name, stamped: the model it ran
                "llama-3.1-8b-instruct_20260402_101512",
            ],
            {"model": "llama3.1-8b-instruct"},
        ),
        ("precision", ["FP8", "fp8_e4m3", "float8", "torch.float8_e4m3fn", "FP8 (e4m3)"], {"quant": "fp8"}),
        ("kv_cache_dtype", ["fp8_e4m3", "FP8"], {"kv_cache": "fp8"}),
        ("quant", ["AWQ-INT4", "INT4-AWQ", "awq_w4", "AWQ 4-bit", "awq int4"], {"quant": "awq_int4"}),
        ("quant", ["GPTQ-Int3", "int3_gptq", "GPTQ 3bit"], {"quant": "gptq_int3"}),
        ("tp", ["TP8", "tp=8", "--tp-size 8", "8", "TP 8"], {"tp": "8"}),
        ("isl", ["8k", "8192", "8,192"], {"isl": "8192"}),
        ("isl_osl", ["8k/1k", "8192 / 1024", "8192, 1024"], {"isl": "8192", "osl": "1024"}),
        # a range of lengths ("--input-length-range 256:512") is the whole range, no run at its low end
        ("isl", ["256:512", "256-512", "256 - 512", "256–512"], {"isl": "256-512"}),
    ],
)
def test_every_spelling_of_a_setup_has_one_canonical_value(
    key: str, spellings: list[str], want: dict[str, str]
) -> None:
    for s in spellings:
        assert _setup(**{key: s}) == want, s


def test_each_draft_position_is_a_series_of_its_own_and_a_rate() -> None:
    """ "accept@pos 0" ... "accept@pos 4" in one run: five rates, never one series averaged over positions."""
    from ledger.model import Claim, Source

    def key(metric: str) -> tuple[str, dict[str, str]]:
        c = Claim(kind="acceptance", metric=metric, value=0.5, source=Source(path="p.md", line=1, line_end=1, text=""))
        k = claim_key(c)[0]
        return k.metric, dict(k.config)

    assert key("accept@pos 0") == ("acceptance rate", {"position": "0"})
    assert key("acceptance at pos 3") == ("acceptance rate", {"position": "3"})
    assert key("Acceptance rate at token 2") == ("acceptance rate", {"position": "2"})
    assert key("mean acceptance length") == ("acceptance length", {})
    assert key("Position 1") == ("acceptance rate", {"position": "1"})  # (a spec table's "Position 1" column)


def test_rows_under_a_scenario_column_are_series_of_their_own() -> None:
    """ "| Scenario | Mean TTFT (ms) |" over "no adapter" and "one adapter": the rows read under `workload` are two
    series, never one averaged over both (report judged 5800 and 6700 as one series' two runs)."""
    from ledger.model import Claim, Source

    def key(workload: str) -> object:
        c = Claim(
            kind="perf",
            metric="Mean TTFT",
            value=5800.0,
            unit="ms",
            config={"workload": workload, "column": "Mean TTFT (ms)"},
            source=Source(path="p.md", line=1, line_end=1, text=""),
        )
        return claim_key(c)  # (the key and the variant: what tells two series of one setup apart)

    assert key("no adapter") != key("one adapter")
    assert key("no adapter") == key("no adapter")


def test_a_bare_acceptance_in_percent_is_a_rate_never_a_length() -> None:
    """ "Acceptance: 49.38%" beside "Mean acceptance length: 1.99": a share of the drafts accepted, compared with the
    acceptance rate's threshold, never in the series of lengths (whose ±0.05 would call every change of it real)."""
    from ledger.model import Claim, Source

    def key(unit: str | None) -> str:
        src = Source(path="p.md", line=1, line_end=1, text="")
        return claim_key(Claim(kind="acceptance", metric="Acceptance", value=2.0, unit=unit, source=src))[0].metric

    assert key("%") == "acceptance rate"
    assert key(None) == "acceptance length"


def test_a_count_stated_on_its_own_wins_over_the_one_a_gpu_value_implies() -> None:
    assert _setup(gpu="8xH100", num_gpus="4") == {"gpu": "h100", "gpu_count": "4"}
    assert _setup(num_gpus="4", gpu="8xH100") == {"gpu": "h100", "gpu_count": "4"}


def test_spaced_model_names_are_read_as_one_name() -> None:
    assert setup.model_names("## Llama 3.1 8B Instruct FP8") == ["Llama 3.1 8B Instruct"]
    assert setup.model_names("Qwen2.5 32B Instruct and Mixtral 8x7B") == ["Qwen2.5 32B Instruct", "Mixtral 8x7B"]
    assert setup.model_names("we ran llama 3 on it, about 8B tokens") == []
    # a release's variant after its version is part of its name: "Flash" is another model than V4
    assert setup.model_names("- DeepSeek V4 Flash MTP GSM8K: 0.95") == ["DeepSeek V4 Flash"]
    assert setup.model_names("GLM 4.5 Air on 8x H100") == ["GLM 4.5 Air"]
    assert setup.model_names("a git branch: feat/llama4, release/qwen3-moe") == []


@pytest.mark.parametrize(
    ("kind", "task", "want"),
    [
        ("perf", "gsm8k", "gsm8k"),
        ("acceptance", "GSM8K", "gsm8k"),
        ("acceptance", "passkey", "long-context"),
        ("accuracy", "gsm8k", None),  # the metric names it already
    ],
)
def test_the_task_a_value_comes_from_is_a_setup_key(kind: str, task: str, want: str | None) -> None:
    from ledger.model import Claim, Source

    c = Claim(
        kind=kind,
        metric="gsm8k" if kind == "accuracy" else "acceptance length",
        value=2.0,  # type: ignore[arg-type]
        config={"task": task},
        source=Source(line=1, line_end=1, text="2.0"),
    )
    assert dict(claim_key(c)[0].config).get("task") == want


def test_a_console_runs_latency_keeps_its_dataset_apart_from_a_serving_latency() -> None:
    """A paste opening "Loading gsm8k dataset ..." gives its run's latency and throughput the task as it gives its
    accuracy: the gsm8k run's throughput never keys with the serving benchmark's beside it."""
    claims = extract_file(str(ROOT / "tests/fixtures/kv_lines/dataset_reaches_run_lines.md")).claims
    tasks = {c.metric: c.config.get("task") for c in claims if c.kind == "perf"}
    assert tasks["Latency"] == tasks["Output throughput"] == "gsm8k"
    assert tasks["Output token throughput (tok/s)"] is None
    keys = {c.metric: claim_key(c)[0] for c in claims if c.kind == "perf"}
    assert keys["Output throughput"] != keys["Output token throughput (tok/s)"]
    assert dict(keys["Output throughput"].config).get("task") == "gsm8k"


def test_canonical_values_and_spaced_model_names_are_read_in_linear_time() -> None:
    import time

    from ledger.vocab.canonical import canonical_items

    hostile = [
        "8x" * 20000,
        "2x8 " * 20000,
        "llama 3 " * 10000 + "8",
        "qwen 1.5 " * 10000,
        "tp=" * 30000 + "8",
        "1,000" * 20000,
        "h100 x " * 20000,
        "-" * 50000 + "8",
        "Llama " + "3.1 " * 20000 + "8B",
        "fp8_" * 30000,
        "8 x " * 20000 + "h100",
    ]
    start = time.process_time()
    for s in hostile:
        for key in ("gpu", "model", "tp", "isl", "quant", "isl_osl"):
            canonical_items(key, s)
        setup.model_names(s)
        setup.qualifiers(s)
        name_hints.config_hints(s)
    assert time.process_time() - start < 3.0


@pytest.mark.parametrize(
    ("kind", "metric", "samples", "kept"),
    [
        ("accuracy", "gsm8k", "500", True),  # a subset: a setting of its own
        ("accuracy", "gsm8k", "1319", False),  # the whole split: every gsm8k run's
        ("accuracy", "MMMU", "1319", False),  # more than MMMU holds: the gsm8k count of the same run
        ("perf", "output throughput", "500", False),  # an eval's count says nothing of a speed beside it
    ],
)
def test_a_sample_count_is_a_setting_of_its_own_benchmark_only(
    kind: str, metric: str, samples: str, kept: bool
) -> None:
    assert ("samples" in dict(setup_items(kind, metric, {"samples": samples}))) is kept


def test_two_disaggregated_layouts_are_two_setups() -> None:
    """ "ctx1_tep8_gen2_dep32" and "ctx2_dep4_gen1_dep16" (setup/disagg_layout_names.md): every role key is hard,
    so the two layouts' handoff times are two series, never one run's before and after."""
    claims = extract_file(str(ROOT / "tests" / "fixtures" / "setup" / "disagg_layout_names.md")).claims
    keys = {claim_key(c)[0] for c in claims if c.metric == "handoff"}
    assert len(keys) == 2
    assert all(key_class(k) == "hard" for k in ("ctx_servers", "ctx_tp", "gen_dep", "gen_servers"))


def test_a_setting_columns_short_name_is_its_canonical_key() -> None:
    """GenAI-Perf's "Concur", a training page's "CP" and "Packed Sequence Length": one key each, whatever the
    page calls it (release43 cause 7)."""
    assert [canonical_key_name(k) for k in ("concur", "cp", "packed_sequence_length")] == ["concurrency", "cp", "isl"]


def test_a_model_pairs_claim_is_found_by_either_model() -> None:
    from ledger.compare.keys import matches_setup

    claim = {
        "kind": "perf",
        "metric": "latency",
        "value": 18.0,
        "unit": "us",
        "config": {"model": "MiniMax-M3.1/M3.2", "gpu": "MI300X"},
        "source": {"path": "x.md", "line": 1, "line_end": 1, "text": "18.0"},
    }
    assert matches_setup(claim, [("model", "MiniMax-M3.1")])
    assert matches_setup(claim, [("model", "minimax-m3.2")])
    assert not matches_setup(claim, [("model", "MiniMax-M3.3")])


def test_a_change_column_is_in_its_candidates_setup() -> None:
    """ "| Metric | Baseline (AWQ kernel) | INT8 GEMM | Change |" (tables/change_column_takes_candidate_setup.md): the
    Change cell is the INT8 side's change, so its key holds the candidate's quant, not the model name's AWQ, and the
    pair and its change are one setup."""
    claims = extract_file(str(ROOT / "tests" / "fixtures" / "tables" / "change_column_takes_candidate_setup.md")).claims
    pair = next(c for c in claims if c.reference is not None and c.metric == "Output tok/s")
    change = next(c for c in claims if c.metric == "Output tok/s Change")
    setup_of = {k: v for k, v in claim_key(change)[0].config if k != "row"}
    assert setup_of.get("quant") == "int8"
    assert setup_of == {k: v for k, v in claim_key(pair)[0].config if k != "row"}


def test_decode_context_parallel_is_a_hard_key_of_its_own() -> None:
    """ "TP8/DCP8" (setup/compound_parallel_sizes.md): the decode context parallel size is a setup apart from tp."""
    assert key_class("dcp") == "hard" and key_class("pcp") == "hard"
    claims = extract_file(str(ROOT / "tests" / "fixtures" / "setup" / "compound_parallel_sizes.md")).claims
    keys = [dict(claim_key(c)[0].config) for c in claims]
    assert {"tp": "4", "dcp": "4", "pcp": "2"}.items() <= keys[0].items()
    assert {"tp": "8", "dcp": "2"}.items() <= keys[1].items()


def test_one_measure_at_two_shapes_is_one_measure_with_two_setups() -> None:
    """ "| 4096/512 TPOT |" and "| 1k/1k TPOT |" under one table: the shape is each row's setup (isl, osl), so TPOT is
    one measure keyed at two setups, with no variant words left of the shapes; a name that is only a shape ("1K/1K"
    of a stored claim) names no measure of its own."""
    from ledger.model import Claim, Source

    claims = extract_file(str(ROOT / "tests/fixtures/tables/shape_row_labels.md")).claims
    tpot = [claim_key(c) for c in claims if c.metric == "TPOT"]
    assert len(tpot) == 2 and {k.metric for k, _ in tpot} == {"tpot"} and {v for _, v in tpot} == {""}
    assert {dict(k.config)["isl"] for k, _ in tpot} == {"4096", "1024"}

    def key(metric: str, isl: str) -> tuple[str, str]:
        src = Source(path="p.md", line=1, line_end=1, text="")
        c = Claim(kind="perf", metric=metric, value=1.0, unit="%", config={"isl": isl, "osl": "1k"}, source=src)
        k, variant = claim_key(c)
        return k.metric, variant

    assert key("1K/1K", "1k") == key("8K/1K", "8k") == ("perf", "")
    assert key("8192/1024 TPOT", "8192") == key("1024/1024 TPOT", "1024") == ("tpot", "")


@pytest.mark.parametrize(
    ("metric", "name"),
    [
        ("TPOT Gain", ("tpot gain", "")),  # a gain of a time: better the higher, never TPOT's own series in %
        ("TTFT improvement", ("ttft improvement", "")),
        ("TPS Gain", ("tps gain", "")),
        ("TTFT reduction", ("ttft", "reduction")),  # a fall's size: TTFT's signed change, paired with a "TTFT change"
    ],
)
def test_a_gain_of_a_measure_is_a_series_of_its_own(metric: str, name: tuple[str, str]) -> None:
    source = Source(path="p.md", line=1, line_end=1, text="")
    claim = Claim(kind="perf", metric=metric, value=33.3, unit="%", source=source)
    key, variant = claim_key(claim)
    assert (key.metric, variant) == name


def test_a_qps_is_the_request_rate_in_prose_tables_and_stored_claims() -> None:
    """ "At QPS=4", "with the request rate at 4 req/s" and a "| QPS |" column's 4 are one rate (one key,
    request_rate), so compare pairs them; a claim stored under the old key `qps` reads the same."""
    path = ROOT / "tests" / "fixtures" / "setup" / "qps_is_request_rate.md"
    claims = {c.source.line: c for c in extract_file(str(path)).claims}
    rates = {line: (claims[line].config or {}).get("request_rate") for line in (3, 5, 9, 10)}
    assert rates == {3: "4", 5: "4", 9: "1", 10: "4"}
    assert not any("qps" in (c.config or {}) for c in claims.values())
    assert claim_key(claims[3])[0] == claim_key(claims[10])[0]
    assert _setup(qps="4") == _setup(request_rate="4.00") == {"request_rate": "4"}


def test_a_range_setting_equals_only_the_same_range() -> None:
    """ "--input-length-range 256:512" is compared as the range: never as the 256 its first number says."""
    assert canonical_items("isl", "256:512") == [("isl", "256-512")]
    assert canonical_items("isl", "256:512") != canonical_items("isl", "256")
    assert canonical_items("isl", "256:512") != canonical_items("isl", "256:1024")
