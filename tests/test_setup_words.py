"""Setup words as people space and spell them, read straight from the vocabulary and the command reader."""

from __future__ import annotations

import re

import pytest

from ledger.parsers import extract
from ledger.parsers.grammar.commands import command_setup, prose_flags, run_echo
from ledger.parsers.grammar.unit_labels import rate_unit
from ledger.parsers.tables.setting_keys import setting_keys
from ledger.vocab.canonical import canon_value, canonical_number
from ledger.vocab.context_words import context_length_after, describes_windowed_evaluation
from ledger.vocab.load_cells import metric_load
from ledger.vocab.name_hints import config_hints
from ledger.vocab.setup import named_twice, qualifiers


def test_spaced_method_version_is_one_method() -> None:
    for text in ("EAGLE 3 head", "Eagle-3 drafts", "eagle3"):
        assert qualifiers(text)["spec_algo"] == "eagle3"
    assert qualifiers("EAGLE 1 head")["spec_algo"] == "eagle"
    assert canon_value("spec_algo", "EAGLE-3") == "eagle3"


def test_paired_lengths_give_both_in_order() -> None:
    assert qualifiers("ISL/OSL=1K/2K, DEP=8") == {"isl": "1k", "osl": "2k", "dep": "8", "dp": "8", "ep": "8"}
    assert qualifiers("ISL/OSL: 4096/512") == {"isl": "4096", "osl": "512"}
    hints, _ = config_hints("ISL/OSL 1024/2048")
    assert hints == {"isl": "1024", "osl": "2048"}


def test_agg_after_a_rate_is_an_aggregate_not_a_serving_mode() -> None:
    # "Tok/s Agg": tokens a second summed over the requests; "agg" alone or before its mode word is the recipe
    assert "serving" not in qualifiers("Tok/s Agg")
    assert "serving" not in qualifiers("Throughput agg (tok/s)")
    assert qualifiers("agg, TP8, con64")["serving"] == "agg"
    assert qualifiers("disagg serving on 2 nodes")["serving"] == "disagg"
    assert qualifiers("Output TPS agg mode")["serving"] == "agg"


def test_batch_words_but_not_a_maximum() -> None:
    assert qualifiers("decode on H100 BS1")["batch_size"] == "1"
    assert qualifiers("batch size 16")["batch_size"] == "16"
    assert "batch_size" not in qualifiers("Max Runtime Batch Size: 256")


def test_vendor_between_count_and_gpu() -> None:
    assert qualifiers("8×NVIDIA H200, TP8")["gpu"] == "8×H200"
    hints, _ = config_hints("8 x NVIDIA H100 80GB")
    assert hints["gpu_count"] == "8"


def test_benchmark_script_flags() -> None:
    cmd = (
        "python3 benchmark/gsm8k/bench_sglang.py --num-questions 2000 --num-shots 8 --num_spec_tokens 3 "
        "--dataset-name sharegpt`"
    )
    assert command_setup(cmd) == {
        "samples": "2000",
        "n_shot": "8",
        "draft_len": "3",
        "dataset": "sharegpt",
        "task": "gsm8k",
    }


def test_a_placeholder_in_a_command_is_no_setting_and_a_home_path_names_the_model() -> None:
    # "--draft-max N", "--tp $TP": a slot the text fills per column or row, no value every result shares
    got = command_setup("./llama-server -m ~/models/Orca-13B-Q4_K_M.gguf -c 8192 --draft-max N -tp $TP")
    assert "draft_len" not in got and "tp" not in got
    assert got["quant"] == "q4_k_m" and "Orca-13B" in got["model"]
    assert command_setup("./llama-server -m ~/w/Orca-13B-Q4_K_M.gguf --draft-max 3")["draft_len"] == "3"
    assert "draft_len" not in prose_flags("the gain shows for `--draft-max > 1` only", {})
    assert "draft_len" not in prose_flags("run it with --draft-max N for each column", {})


def test_harness_run_line() -> None:
    assert run_echo("Running GSM8K evaluation: 1319 questions, 5-shot") == {
        "samples": "1319",
        "n_shot": "5",
        "task": "gsm8k",
    }
    assert run_echo("Running tests: done") is None


def test_rate_in_words() -> None:
    assert rate_unit("Output tokens per second") == "tok/s"
    assert rate_unit("Questions per second") == "req/s"
    assert rate_unit("Total latency") is None


@pytest.mark.parametrize(
    ("text", "method"),
    [
        ("We ran with MTP disabled and an FP8 KV cache.", "none"),
        ("EAGLE turned off for the eval", "none"),
        ("baseline without EAGLE3", "none"),
        ("w/o MTP", "none"),
        ("prefix cache on, MTP/spec decode disabled", "none"),
        ("MTP=off", "none"),
        ("Both MTP and speculative decoding were disabled.", "none"),  # a coordination said off together
        ("EAGLE and n-gram drafting are both off", "none"),
        ("neither MTP nor EAGLE-3", "none"),
        ("without MTP or EAGLE", "none"),
        ("MTP was turned off", "none"),
        ("fixed settings: chunk 4096, prefix cache off, EAGLE default off", "none"),  # off by its default
        ("EAGLE3 on, three draft tokens", "eagle3"),
        ("MTP/EAGLE comparison", "mtp"),
    ],
)
def test_a_method_switched_off_is_none(text: str, method: str) -> None:
    assert qualifiers(text)["spec_algo"] == method


def test_a_method_naming_code_changes_sets_no_drafting_method() -> None:
    """ "a control built from main plus three local EAGLE commits": the build carries code, the run drafts with none."""
    assert "spec_algo" not in qualifiers("a control built from main plus three local EAGLE commits, one L4")
    assert "spec_algo" not in qualifiers("rebased onto the MTP patches")


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("five pairs at C4; 96 random input tokens, exactly 384 output tokens", {"isl": "96", "osl": "384"}),
        ("each request had exactly 256 output tokens", {"osl": "256"}),
        ("prompts of 300 fixed input tokens", {"isl": "300"}),
        ("fixed at 1024 input tokens", {"isl": "1024"}),
        # a prefill sweep's single token of output, in a word or a digit
        ("prompts padded to 2,048 tokens, a single output token, 16 requests per slot", {"osl": "1"}),
        ("fixed 4,096-token prompts, one output token per request", {"isl": "4096", "osl": "1"}),
        ("each request asks for 1 output token only", {"osl": "1"}),
        ("ITL is the gap between one output token and the next", {}),
        # a count of what a run made, a rate: no length
        ("the run produced 18000 output tokens", {}),
        ("about 512 random output tokens/s", {}),
    ],
)
def test_a_length_every_request_was_held_to_or_drawn_at_is_read(text: str, want: dict[str, str]) -> None:
    got = qualifiers(text)
    assert {k: got[k] for k in ("isl", "osl") if k in got} == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Nemotron 3 Nano FP8", {"quant": "fp8"}),  # "no" ends a name here, it switches nothing off
        ("Casino TP4", {"tp": "4"}),
        ("no FP8 path", {}),
        ("(no EAGLE)", {"spec_algo": "none"}),
    ],
)
def test_a_word_ending_in_no_switches_nothing_off(text: str, want: dict[str, str]) -> None:
    assert {k: v for k, v in qualifiers(text).items() if k in ("quant", "tp", "spec_algo")} == want


@pytest.mark.parametrize(
    ("text", "precision"),
    [
        ("5.44 - 13B, q4_0", "q4_0"),
        ("llama 8B Q4_K_M", "q4_k_m"),
        ("IQ2_XXS", "iq2_xxs"),
        ("7B, f16", "f16"),
    ],
)
def test_gguf_types_are_precisions(text: str, precision: str) -> None:
    assert qualifiers(text)["quant"] == precision


@pytest.mark.parametrize(
    ("text", "precision"),
    [
        ("### Q6_K_R4 (PR)", "q6_k_r4"),  # a repacked type is a type of its own, not its base's
        ("### IQ3_KS, main branch", "iq3_ks"),
        ("Lark-13B IQ2_KT", "iq2_kt"),
        ("rows of Q8_0_R8 on the CPU", "q8_0_r8"),
        ("Wren 7B IQ4_K", "iq4_k"),
        ("IQ5_KS_R4", "iq5_ks_r4"),
        ("Q4_0_4_8 on ARM", "q4_0_4_8"),
        ("TQ1_0 ternary", "tq1_0"),
    ],
)
def test_gguf_type_family_with_repacks(text: str, precision: str) -> None:
    assert qualifiers(text)["quant"] == precision


def test_a_type_and_its_repack_are_two_quants() -> None:
    assert "quant" in named_twice("Sweep for IQ2_KT and IQ2_KT_R8 of Lark-9B on an EPYC 9555:")


@pytest.mark.parametrize(
    ("text", "cpu"),
    [
        ("timed on an Intel i9-9900", "intel i9-9900"),
        ("one Core i7-12700K box", "core i7-12700k"),
        ("a laptop's Core Ultra 7 155H", "core ultra 7 155h"),
        ("Xeon w9-3495X workstation", "xeon w9-3495x"),
        ("Ryzen 9 7950X", "ryzen 9 7950x"),
    ],
)
def test_intel_desktop_cpus_by_their_family(text: str, cpu: str) -> None:
    assert qualifiers(text)["cpu"] == cpu


def test_an_op_type_is_no_precision() -> None:
    assert "quant" not in qualifiers("RMS_NORM(type=f32,ne=[4096,512,1,1])")


def test_length_shorthand_of_serving_benchmarks() -> None:
    assert qualifiers("### Results (conc=16, 2k/512)") == {"isl": "2k", "osl": "512", "concurrency": "16"}
    assert qualifiers("8k/1k, TP4") == {"isl": "8k", "osl": "1k", "tp": "4"}
    for text in ("ratio 1/2", "on 2024/1k", "see docs/1k/index"):
        assert "isl" not in qualifiers(text)


def test_lengths_in_thousands_with_a_decimal() -> None:
    """ "ISL=2.5k", "8k/1.5k": a length counted in thousands with a fraction is read whole, never cut at its point
    ("2.5k" read as 2 is a wrong setup, worse than none); a decimal with no "k" is no length."""
    assert qualifiers("With ISL=2.5k and OSL=1.5k on H100") == {"isl": "2.5k", "osl": "1.5k", "gpu": "H100"}
    assert qualifiers("sweep 8k/1.5k, TP4") == {"isl": "8k", "osl": "1.5k", "tp": "4"}
    assert qualifiers("OSL 1.3k") == {"osl": "1.3k"}
    assert "isl" not in qualifiers("ISL=1.5 scale")
    assert canonical_number("1.5k") == "1536" and canonical_number("1.3k") == "1300"


def test_lengths_written_as_assignments() -> None:
    """ "input=512" in a row label ("Latency input=512 (ms)") is the prompt length the row was measured at."""
    assert qualifiers("Latency input=512 (ms)") == {"isl": "512"}
    assert qualifiers("TTFT prompt_len=1024, output_len=64") == {"isl": "1024", "osl": "64"}
    for text in ("input 512 requests", "output: 1234.5 tok/s", "throughput=512"):
        assert "isl" not in qualifiers(text) and "osl" not in qualifiers(text)


def test_lengths_printed_before_their_names() -> None:
    """ "128k ISL, 8k OSL": the number first; never the number a name before owns ("TP 8 ISL 1024")."""
    assert qualifiers("DSR1 FP4, 128k ISL, 8k OSL, TP=16") == {"isl": "128k", "osl": "8k", "tp": "16", "quant": "fp4"}
    assert qualifiers("32k ISL / 2k OSL") == {"isl": "32k", "osl": "2k"}
    assert qualifiers("warm cache, 8k ISL") == {"isl": "8k"}
    assert qualifiers("TP 8 ISL 1024 OSL 128") == {"tp": "8", "isl": "1024", "osl": "128"}
    assert qualifiers("ISL 4096 OSL 512") == {"isl": "4096", "osl": "512"}


def test_a_speculative_tuple_without_brackets() -> None:
    """SGLang's steps, top-k and draft tokens joined by dashes or commas ("MTP 3-1-4") are the tuple's; a list of draft
    lengths ("MTP 1/2/3") is none, and "EAGLE-3" is the method's version."""
    want = {"spec_steps": "3", "spec_topk": "1", "draft_len": "4"}
    for text in ("TP4 + MTP 3-1-4", "EAGLE 3,1,4", "EAGLE (3,1,4)"):
        assert want.items() <= qualifiers(text).items(), text
    assert "spec_topk" not in qualifiers("MTP 1/2/3") and qualifiers("EAGLE-3") == {"spec_algo": "eagle3"}


def test_lengths_with_thousands_separators_are_read_whole() -> None:
    """ "ISL 68,656" is one length, not 68; a run of powers of two ("concurrency 64,128,256") is a sweep's list."""
    assert qualifiers("ISL 68,656, OSL 1024") == {"isl": "68656", "osl": "1024"}
    assert qualifiers("ISL/OSL 1,024/8,192") == {"isl": "1024", "osl": "8192"}
    assert qualifiers("concurrency 1,024") == {"concurrency": "1024"}
    assert qualifiers("concurrency 64,128,256").get("concurrency") != "64128256"


def test_context_parallel_and_not_a_wheel_tag() -> None:
    assert qualifiers("TP=16, HelixCP=4, EP=64") == {"tp": "16", "cp": "4", "ep": "64"}
    assert qualifiers("CP=2")["cp"] == "2" and qualifiers("cp 8")["cp"] == "8"
    for text in ("torch-2.4.0-cp38-cp38-linux_x86_64.whl", "cp310", "scp4"):
        assert "cp" not in qualifiers(text), text
    assert canon_value("cp", "CP=4") == "4"


def test_compound_parallel_sizes_keep_each_part() -> None:
    # "TP8/DCP8": vLLM's decode context parallel beside the tensor parallel, each a size of its own
    assert qualifiers("W4A8 MTP, TP8/DCP8, DSA CP") == {"spec_algo": "mtp", "tp": "8", "dcp": "8", "quant": "w4a8"}
    assert qualifiers("TP4/DCP4/PCP2") == {"tp": "4", "dcp": "4", "pcp": "2"}
    assert qualifiers("tp=8, dcp=2") == {"tp": "8", "dcp": "2"}
    # the sizes a sweep lists are no run's setting
    assert "dcp" not in qualifiers("DCP sizes 2/3/8/16")
    assert canon_value("dcp", "DCP8") == "8"


def test_deepseek_shorthands_name_the_release() -> None:
    from ledger.vocab.models import model_names

    assert model_names("Tried DSR1 FP4 first") == ["DeepSeek-R1"]
    assert model_names("on DS-V3.2 NVFP4 and DSV3, TP8") == ["DeepSeek-V3.2", "DeepSeek-V3"]
    # a shorthand names a run's model only with its setup beside it, not in a list of families
    for text in ("see ds-r1.md FP8", "nds1 fp8", "dsr12 fp8", "fds-v3 fp8", "other models (DSR1, GPT-OSS, Kimi)"):
        assert model_names(text) == [], text
    # a release's named member is a model on its own, wherever it stands ("DSv5-Flash 200-sample GSM8K:")
    assert model_names("DSv5-Flash 200-sample GSM8K, FP8 KV cache:") == ["DeepSeek-V5-Flash"]
    assert model_names("With the fix, on DSv5-Pro.") == ["DeepSeek-V5-Pro"]
    for text in ("see ds-v3-pro.md", "ds-r1-base_model", "the DSv5 router"):
        assert model_names(text) == [], text


def test_row_label_lengths_reach_the_row_claims() -> None:
    from pathlib import Path

    from ledger.parsers import extract

    path = Path(__file__).parent / "fixtures" / "setup" / "row_label_lengths.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    by_line = {(c.source.line, c.unit): c.config.get("isl") for c in claims}
    assert by_line[(8, "ms")] == "256" and by_line[(8, "%")] == "256"
    assert by_line[(9, "ms")] == "4096" and by_line[(9, "%")] == "4096"
    assert by_line[(7, "tok/s")] is None


def _word_lines() -> list[str]:
    """Lines that hold setup words in every spelling the tests know, the fixtures' lines, and hostile variants:
    words glued to letters and digits before them, upper case, the four characters that case-fold oddly."""
    from _fixture_lines import fixture_lines

    lines = [line[:400] for line in fixture_lines()]
    made = [
        "xtp8 tp8 TP=8 atp 8 tp_8 TP 8",
        "sep8 step 2, ep=4, EP8; dep8 DEP=16 deep 3",
        "MC=16 mc=16 c = 8 cc=9 conc 64 Concurrency: 128 reconcurrency 7 con_32",
        "bs1 abs 3 BS=4 batch size 8 Batch-Size 2 xbatch 9",
        "Input Len=512 prompt_len=1024 output=128 gen_len=64 sinput=3 ISL 4096 osl: 256",
        "model Foo-7B MODEL: Bar-70B-fp8 submodel x-7b",
        "kv cache fp8 KV_cache_dtype: nvfp4 fp8 kv",
        "HelixCP=4 helix-cp 2 CP=8 cp 4 cp38 scp4 xhelixcp2 CP:16",
        "MTP3 mtp_nextn=2 no-mtp NO MTP draft_len 4 num draft 3 eagle-3 non-spec no speculation",
        "strict-match flexible-extract",
        "\u212a\u017f tp8 \u0130 ep4 \u0131 bs2",
        "8xH100 2x8 H200 8\u00d7NVIDIA H200, nvidia h100; Ascend 910B a10g A100 xh100 1h100 MI300X mi325x 8 x mi300",
        "RTX 4090 rtx pro 6000 blackwell RX 7900 XTX dgx-spark Apple M2 Max m3 ultra atlas a2 gaudi3 L40S l4 GB200",
        "on 910B2 and 310P, 9x B200, 4 \u00d7 2 h20, NVIDIA GB200 NVL72, v100 b100 b300 gh200 a800 a6000 a40 a30 h800",
    ]
    return lines + made + [s.upper() for s in made] + [s.lower() for s in made]


def test_a_word_searched_only_where_its_beginnings_are_finds_what_a_full_search_finds() -> None:
    """A setup word that declares how its matches begin (`starts`) is tried only where the line holds one of them
    (lower-cased): the same match, at the same place, with the same groups, as the pattern searched everywhere."""
    from ledger.vocab import setup

    starting = [w for w in setup.SETUP_WORDS if w.starts or w.digit_opens is not None]
    assert len(starting) >= 12 and all(s == s.lower() for w in starting for s in w.starts)
    for line in _word_lines():
        for w in starting:
            for pos in (0, 3):
                full = w.pattern.search(line, pos)
                fast = setup.search_word(w, line, pos)
                assert (full and (full.span(), full.groups())) == (fast and (fast.span(), fast.groups())), (w, line)


def test_every_match_of_a_word_found_from_its_beginnings_is_the_patterns_own() -> None:
    """named_twice reads every match of a setup word in a line: found one after the other by search_word from the
    end of the last (tried only where the word's beginnings stand), they are the matches finditer gives, with the
    same spans and groups, for every word of the table, over the fixtures' lines and hostile spellings."""
    from ledger.vocab import setup

    made = ["TP8 then TP4 then tp 2", "fp8 kv and FP8 KV", "8xH100, 4x H200 and two L40S", "EAGLE3 eagle mtp MTP"]
    for line in [*_word_lines(), *made, *(m.upper() for m in made)]:
        for w in setup.SETUP_WORDS:
            full = [(m.span(), m.groups()) for m in w.pattern.finditer(line)]
            assert [(m.span(), m.groups()) for m in setup.finditer_word(w, line)] == full, (w.written, line)


def test_every_setup_word_but_the_cpus_says_where_its_matches_open() -> None:
    """search_word tries a word's pattern only where its beginnings or its digits stand, and every word declares
    them (the CPU's, named by a few rare words, is searched whole): a word without them was tried at every character
    of each line its triggers named ("fp8 kv", "8-shot", "16 concurrent", "EAGLE3")."""
    from ledger.vocab import setup

    whole = [w.written for w in setup.SETUP_WORDS if not w.starts and w.digit_opens is None]
    assert whole == ["cpu"]
    made = ["8-shot 5 shots 1 concurrent 16 concurrent", "three draft tokens, 3 speculative tokens", "c64/n640"]
    made += ["Fixed 2048 input, exact 128 outputs", "1024-token inputs 2,000-token outputs", "8k ISL 1k OSL 4 GPUs"]
    made += ["bf16 ssm state, FP16 state", "disagg serving agg mode", "NVFP4 w4a8 int4wo Q4_K_M iq2_xxs f16 awq"]
    for line in [*made, *(m.upper() for m in made), *(f"x{m}" for m in made)]:
        for w in setup.SETUP_WORDS:
            for pos in (0, 2):
                full = w.pattern.search(line, pos)
                fast = setup.search_word(w, line, pos)
                assert (full and (full.span(), full.groups())) == (fast and (fast.span(), fast.groups())), line


def test_a_word_with_many_beginnings_finds_them_in_one_pass_as_the_full_search_does() -> None:
    """The GPU's 40 beginnings (and the precisions' 12, the spec methods' since "drafting off" joined them, the GPU
    count's since "single GPU") are found
    by one pass of their prefix tree (`many_starts`),
    where beginnings overlap ("gb200" holds "gb" and "b2"; "nvidia a100" holds "nvidia" and "a1"; "nvfp4" holds
    "fp") and beside the counts that open with a digit: the same match as the pattern searched everywhere, from
    every position."""
    from ledger.vocab import setup

    many = [w for w in setup.SETUP_WORDS if w.many_starts is not None]
    assert [w.written for w in many] == ["attention", "attention", "spec_algo", "gpu", "gpu_count", "quant"]
    # each match of the pass is a beginning's first character (the rest looked ahead for): a pattern opening with a
    # look-ahead would be tried at every character, one opening with a character the engine skips to the next
    assert all(w.many_starts is not None and not w.many_starts.pattern.startswith("(?") for w in many)
    made = ["on GB200 NVL72", "8x NVIDIA A100-SXM4-80GB", "two L40S cards and a T4", "4 * MI300X, then gfx942"]
    made += ["TP8 on 8xH200 vs 16 × B200", "an RTX PRO 6000 or Atlas 800T", "ran on b200s", "v100 and p100; k80"]
    made += ["EAGLE3 with drafting off", "44 t/s without mtp, 29 with", "speculation off; ngram k=4", "MTP disabled"]
    made += ["NVFP4 w4a8 W8A8-FP8 int4wo bfloat16 Q4_K_M iq2_xxs f16 awq gptq mxfp4 float8dq", "xfp8 q7_0 wint4afp8"]
    made += ["the NSA backend, xnsa backend", "flash_attn flash-attn backend", "trtllm_mla, triton attention backend"]
    made += ["8xH100, spec=none, fa3 attention.", "same server (triton attention + cuda graphs)"]
    made += ["bf16, torch_native attn", "(flashinfer attention, fp8)"]
    made += ["on a single GPU, two-GPU runs and eight GPUs", "single-gpu and one gpu"]
    for line in [*_word_lines(), *made, *(m.upper() for m in made)]:
        for w in many:
            for pos in range(0, min(len(line), 24), 3):
                full = w.pattern.search(line, pos)
                fast = setup.search_word(w, line, pos)
                assert (full and (full.span(), full.groups())) == (fast and (fast.span(), fast.groups())), line


def test_the_length_patterns_are_searched_only_on_lines_holding_what_they_need() -> None:
    """qualifiers searches the slashed lengths only where a digit stands on each side of a "/", and the worded ones
    only where "output" and "input" or "prompt" stand: every match holds them."""
    from ledger.vocab import length_pairs as pairs
    from ledger.vocab import setup

    lines = [*_word_lines(), "ISL/OSL 8k/1k, 2048/256 TTFT, random 8192/1024, 1K/2K c64", "512 input / 128 output"]
    lines += ["input len 1024, output len 128", "8192 input and 1024 output tokens", "4096 PROMPT + 256 OUTPUT"]
    for line in lines:
        if pairs.SHORT_LENGTHS_RE.search(line) or pairs.SERVING_LENGTHS_RE.search(line):
            assert pairs.SLASHED_DIGITS_RE.search(line), line
        if pairs.LENGTHS_RE.search(line) or pairs.NAMED_LENGTHS_RE.search(line):
            low = line.lower()
            assert "output" in low and ("input" in low or "prompt" in low), line
    assert setup.qualifiers("8192 input and 1024 output tokens") == {"isl": "8192", "osl": "1024"}
    assert setup.qualifiers("2k/512 c64")["isl"] == "2k"


def test_a_load_written_as_concurrent_requests() -> None:
    from ledger.parsers.grammar.setup_scopes import line_setup

    assert line_setup("| 10 concurrent, 64K in / 3K out |") == {"isl": "64k", "osl": "3k", "concurrency": "10"}
    assert line_setup("with 32 concurrent requests") == {"concurrency": "32"}
    assert "concurrency" not in line_setup("concurrent requests: 8")  # a label with its value after: a measure's


def test_a_hub_id_is_searched_only_in_texts_holding_a_parameter_count() -> None:
    """model_names looks for hub ids ("adept/persimmon-8b-chat") only where _SIZE_IN_RE finds a parameter count:
    every hub id holds one, so no text with none names a hub id."""
    from ledger.vocab import models

    ids = ["adept/persimmon-8b-chat", "org/Tiny-1.5B", "x/Y-8x7B-v0.1", "a/b2M", "ORG/NAME-70B-FP8", "o/n-7b."]
    lines = [*_word_lines(), *ids, *(f"see {i} here" for i in ids), "path/to/file-3b/x", "tok/s 8 b"]
    found = 0
    for line in lines:
        if models._HUB_MODEL_RE.search(line):
            found += 1
            assert models._SIZE_IN_RE.search(line), line
    assert found >= len(ids)
    assert models.model_names("weights at adept/persimmon-8b-chat today") == ["adept/persimmon-8b-chat"]


def test_the_inline_setting_patterns_are_tried_only_on_lines_holding_what_every_match_holds() -> None:
    """_inline_settings tries its two patterns only where their joints stand (a snake name's last part, a blank and a
    digit; a key's last character, a ":" or "=" and a value's first character): every match holds them."""
    from _fixture_lines import fixture_lines

    from ledger.parsers.grammar import line_setup

    made = ["with num_spec_tokens 4 and max_num_seqs  16", "tp_size \u0664", "'Batch size' : 'fp8'", "bs=\u0661\u0662"]
    made += ["https://x.io/a_b 3", "Batch size: 1, latency: 0.009 s", 'key  :    "value"', "a_b_c_d_e_f 9", "=: 1"]
    snakes = inlines = 0
    for line in [*fixture_lines(), *made]:
        head = line[:2000]
        if line_setup._SNAKE_SETTING_RE.search(head):
            snakes += 1
            assert line_setup._SNAKE_TAIL_RE.search(head), line
        if line_setup._INLINE_RE.search(head):
            inlines += 1
            assert line_setup._INLINE_JOINT_RE.search(head), line
    assert snakes >= 3 and inlines >= 50
    assert line_setup.inline_settings("Run with num_spec_tokens 4 and max_num_seqs 16:") == {
        "draft_len": "4",
        "max_batch_size": "16",
    }


def test_a_title_naming_gpt_oss_names_its_family_and_gpt_alone_none() -> None:
    from ledger.vocab.models import title_family

    assert title_family("[TRTLLM-1] Fix the drafter for GPT-OSS Eagle3-one-model") == "GPT-OSS"
    assert title_family("Fix GPT tokenizer padding") is None


@pytest.mark.parametrize(
    "text",
    ["throughput at concurrency 1/16/64", "batch 1, 8 and 32 on H100", "at concurrency 1 / 16 / 64", "TP 1/2/4"],
)
def test_the_first_of_a_list_of_values_is_no_one_setting(text: str) -> None:
    q = qualifiers(text)
    assert "concurrency" not in q and "batch_size" not in q and "tp" not in q
    assert qualifiers("concurrency 64, 1024/1024 tokens")["concurrency"] == "64"  # a setting, then another thing
    assert qualifiers("TP2, 4xH100") == {"tp": "2", "gpu": "4xH100"}


@pytest.mark.parametrize(
    ("text", "key", "want"),
    [
        ("measured across 3.5k–160k context", "isl", "3.5k-160k"),
        ("prompts of 1k to 32k context", "isl", "1k-32k"),
        ("under 8-64 concurrent requests", "concurrency", "8-64"),
        ("on 1-8 threads", "threads", "1-8"),
        ("concurrency 4–256", "concurrency", "4-256"),
        ("a Qwen3-32k context run", "isl", "32k"),  # (a name's digits, no range)
        ("at 16k context", "isl", "16k"),
    ],
)
def test_a_range_written_ahead_of_its_word_is_the_range_never_its_high_end(text: str, key: str, want: str) -> None:
    """ "3.5k–160k context": the runs span the range, so no one of them is at 160k; the range is a value of its own,
    as "concurrency 4–256" is, and canonically so (compare keeps it apart from its ends)."""
    assert qualifiers(text)[key] == want
    if "-" in want:
        assert canon_value(key, want) not in (canon_value(key, end) for end in want.split("-"))


def test_a_models_name_is_matched_only_where_a_family_word_opens_a_word(monkeypatch: pytest.MonkeyPatch) -> None:
    """model_names tries its name patterns only where a family word stands at the start of a word (or right after a
    hub owner's "/"): "adopted", "footsteps" and "kayak" hold "opt", "step" and "aya" but open no name. The names found
    are those of the patterns searched over the whole text (every fixture line, hostile spellings)."""
    from _fixture_lines import fixture_lines

    from ledger.vocab import models

    assert models._family_starts("adopted footsteps, kayak; xqwen3-8b") == []
    assert models._family_starts("qwen3-8b on meta-llama/llama-3.1-8b (phi-4)") == [0, 12, 23, 37]
    made = ["run Llama 3.3 70B and Qwen3 30B-A3B Instruct", "org/Phi-3-mini-4k x/y/qwen2-7b", "Mistral Small"]
    made += ["meta-llama/Llama-3.1-8B-Instruct,Qwen2.5-7B", "(gemma-2-9b)", "opt-66b step-3 yi-34b", "KIMI K2, GLM-4.5"]
    lines = [*fixture_lines(), *made, *(m.upper() for m in made), *(f"x{m}" for m in made), "DeepSeek-Lite"]
    fast = [models._model_names.__self__.fn(line[:2000]) for line in lines]

    def whole(s: str, low: str, patterns: tuple[re.Pattern[str], ...]) -> set[tuple[int, int]]:
        return {m.span() for r in patterns for m in r.finditer(s)}

    monkeypatch.setattr(models, "_family_spans", whole)
    for line, got in zip(lines, fast, strict=True):
        assert got == models._model_names.__self__.fn(line[:2000]), line


def test_the_words_a_line_may_hold_are_those_its_triggers_name_looked_up_once_per_set() -> None:
    """qualifiers searches, in the table's order, the setup words whose triggers a line holds (and those with none):
    the list is made once for each set of triggers found, and is the same for every line holding that set."""
    from _fixture_lines import fixture_lines

    from ledger.vocab import setup

    for line in [*fixture_lines(), "TP8 EP8 on 8xH100, fp8 kv", "concurrency 16, ISL 1024"]:
        low = line.lower()
        held = set(setup._TRIGGER_RE.findall(low))
        want = [w for w in setup.SETUP_WORDS if not w.triggers or held & set(w.triggers)]
        assert list(setup._words_in(line)) == want, line
    first, again = setup._words_in("tp8 on h100"), setup._words_in("TP4 ON 2xH100")
    assert first is again and isinstance(first, tuple)


def test_a_line_without_a_digit_is_asked_for_any_setup_word_in_one_pass_as_by_a_test_per_word() -> None:
    """Every setup question first asks whether a line may hold a setup word at all (a digit, or one of the words that
    carry none): the one pass of the words' prefix tree over the lowered line answers as a substring test per word
    does, and as the case-blind pattern does."""
    from _fixture_lines import fixture_lines

    from ledger.vocab import setup

    words = setup._ANY_SETUP_RE.pattern.split("|")[1:]
    assert len(words) >= 40
    lines = [*fixture_lines(), "served by the Eagle drafter", "no spec decoding", "medusa heads", "plain words"]
    for line in lines:
        low = line.lower()
        assert (setup._ANY_SETUP_WORD_RE.search(low) is not None) == any(w in low for w in words), line
        assert setup._any_setup(line) == (setup._ANY_SETUP_RE.search(line) is not None), line


def test_a_word_whose_pattern_matches_a_line_is_among_the_words_its_triggers_name() -> None:
    """A setup word's triggers are what every match of it holds: wherever its pattern matches a line, the one pass
    over the line's triggers names it (GH200 holds "gh2", an MI board "mi" and its digit), and a line holding a
    trigger only inside other words ("github", "min", "80 GB") names not the GPU. (The CPU's Apple chips, "M2 Max",
    are the GPU word's: the CPU's triggers name them not.)"""
    from ledger.vocab import setup

    made = ["GH200 gh200-480gb MI210 mi250x MI300X mi325x MI355X GB200 gb300 NVL72", "4x GB200, 8 x MI300"]
    for line in [*_word_lines(), *made, *(m.upper() for m in made)]:
        words = setup._words_in(line)
        for w in setup.SETUP_WORDS:
            if w.pattern.search(line) and not (w.written == "cpu" and w.pattern.search(line).group(1)[-1:].isalpha()):
                assert w in words, (w.written, line)
    gpu = next(w for w in setup.SETUP_WORDS if w.written == "gpu")
    for line in ["see https://github.com/o/r/pull/12", "at least 5 min per run", "peak memory 80 GB at batch 8"]:
        assert gpu not in setup._words_in(line), line


def test_a_clause_giving_some_rows_a_value_is_found_in_the_lowered_line() -> None:
    """unrestricted finds the clauses that give a value to some rows only ("the FP8 Rows use ISL 8000") through the
    pattern's case-sensitive copy in the lowered line: the same spans as the case-blind pattern in the line, and so
    the same text left, on every fixture line and made clauses."""
    from _fixture_lines import fixture_lines

    from ledger.parsers.grammar import line_setup
    from ledger.vocab.text import lower_for_words

    assert not line_setup._ROWS_VERB_LOW_RE.flags & re.IGNORECASE
    made = ["the FP8 Rows use ISL 8000; all runs use an H200", "Matrix ROWS RUN at TP4", "ſome cases were \u212a"]
    for line in [*fixture_lines(), *made, *(m.upper() for m in made)]:
        low = lower_for_words(line)
        if low is not None:
            fast = [m.span() for m in line_setup._ROWS_VERB_LOW_RE.finditer(low)]
            assert fast == [m.span() for m in line_setup._ROWS_VERB_RE.finditer(line)], line
    assert line_setup.unrestricted("The FP8 ROWS USE ISL 8000. Every run used an H200.") == " . Every run used an H200."


def test_an_inline_settings_key_run_is_taken_whole_and_its_joint_skipped_to() -> None:
    """_INLINE_RE's look-ahead takes the key's run whole (a look-ahead the engine does not go back into) before its
    ":" or "=", and _INLINE_JOINT_RE opens at the joint, looking behind for the key's last character: the same
    matches, keys and values as the patterns written with a greedy run and opening at the key, on every fixture line
    and made ones."""
    import re

    from _fixture_lines import fixture_lines

    from ledger.parsers.grammar import line_setup

    run = re.compile(
        r"(?<![\w.])(?=[A-Za-z_ '\"]{1,35}[:=])['\"]?(?P<key>[A-Za-z][A-Za-z_ ]{0,30}?)['\"]? {0,2}[:=] {0,40}['\"]?"
        r"(?P<value>\d[\d.]{0,12}(?![\w.])|[A-Za-z][\w./-]{0,60})"
    )
    joint = re.compile(r"[A-Za-z_ '\"][:=] {0,40}['\"]?(?:\d|[A-Za-z])")
    made = ["Batch size: 1, latency: 0.009 s", "'Batch size' : 'fp8'", "a" * 40 + ": 1", "a" * 34 + "= x", " :1"]
    made += ["bench (batch_size=128, qkv_len=512), flops: 448.1", "x.y: 1 _z: 2 'q'=\"w\" ==3 a=: b"]
    for line in [*fixture_lines(), *made]:
        head = line[:2000]
        got = [(m.span(), m.group("key"), m.group("value")) for m in line_setup._INLINE_RE.finditer(head)]
        assert got == [(m.span(), m.group("key"), m.group("value")) for m in run.finditer(head)], line
        assert (line_setup._INLINE_JOINT_RE.search(head) is None) == (joint.search(head) is None), line


def test_the_measures_lowered_copy_opens_each_alternative_with_its_letter() -> None:
    """The measures' names for lowered text, every alternative opening with its first letter (the trailing _al
    fields' look-behind asserted after it), find the same names one after the other as the names' alternation."""
    import re

    from _fixture_lines import fixture_lines

    from ledger.parsers.prose import metrics
    from ledger.vocab.text import lower_for_words

    written = re.compile(metrics.METRIC_LOWER_PATTERN)
    made = ["ref_al: 2.7, mean_al 3, xmean_al 4, measured_al, avg_al", "gsm8k mmlu itl ppl f1 ttft tok/s pass@1"]
    for line in [*fixture_lines(), *made]:
        low = lower_for_words(line)
        if low is not None:
            got = [m.span() for m in metrics._METRIC_LOWER_RE.finditer(low)]
            assert got == [m.span() for m in written.finditer(low)], line


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "ISL=4096, ctx1_tep8_gen2_dep32",
            {"ctx_servers": "1", "ctx_tp": "8", "ctx_ep": "8", "gen_servers": "2", "gen_dep": "32", "isl": "4096"},
        ),
        ("recipe_8k1k_ctx1_gen1_dep8_mtp0.yaml", {"ctx_servers": "1", "gen_servers": "1", "gen_dep": "8"}),
        ("ctx1_dep4_gen1_dep32", {"ctx_servers": "1", "ctx_dep": "4", "gen_servers": "1", "gen_dep": "32"}),
        ("ctx3_ctx_pp4_gen1_dep8", {"ctx_servers": "3", "ctx_pp": "4", "gen_servers": "1", "gen_dep": "8"}),
        # each role's sizes written out after its name: a disaggregated run's prefill and decode sides
        ("Foo-7B(Prefill TP 2 PP2, Decode TP 1):", {"ctx_tp": "2", "ctx_pp": "2", "gen_tp": "1"}),
        ("prefill: DP 2 TP 1 PP2; decode: TP=4", {"ctx_dp": "2", "ctx_tp": "1", "ctx_pp": "2", "gen_tp": "4"}),
        ("ctx servers TEP4, gen DEP16", {"ctx_tp": "4", "ctx_ep": "4", "gen_dep": "16"}),
    ],
)
def test_a_disaggregated_layout_gives_each_role_its_sizes_never_the_runs(text: str, want: dict[str, str]) -> None:
    """TensorRT-LLM's recipe names ("ctx2_tep4_gen1_dep16"): so many context servers with their parallelism, then
    so many generation servers with theirs; the context servers' TEP is no tp/ep of the whole run, and two DEPs of
    two roles are not one key named twice."""
    got = qualifiers(text)
    assert {k: v for k, v in got.items() if k in want} == want
    assert not {"tp", "ep", "dep", "dp", "pp"} & got.keys()
    assert not {"tp", "ep", "dep"} & config_hints(f"handoff {text}")[0].keys()
    assert config_hints("handoff ctx2_tep4_gen1_dep16")[0]["ctx_tp"] == "4"
    assert qualifiers("TEP4 on both sides")["tp"] == "4"  # (a lone TEP is still the run's)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Serving cases on 4 H200 GPUs with FP8 weights.", {"gpu": "4xH200"}),
        ("ran on 8 B200s", {"gpu": "8xB200"}),
        ("two nodes of 2 L40S cards", {"gpu": "2xL40S"}),
        ("every score measured on a single NVIDIA L4.", {"gpu": "1xL4"}),  # (one board, as "1x L4" counts it)
        ("checked on one H200 GPU", {"gpu": "1xH200"}),
        ("on a single H200 machine", {"gpu": "H200"}),  # (a machine's boards: however many it holds)
        ("one B200 node", {"gpu": "B200"}),
        ("a single 8xH100 box", {"gpu": "8xH100"}),
        ("Streaming, 2K input/output.", {"isl": "2k", "osl": "2k"}),
        ("1024 in/out tokens", {"isl": "1024", "osl": "1024"}),
    ],
)
def test_a_count_before_boards_and_one_length_for_both_sides(text: str, want: dict[str, str]) -> None:
    """The boards counted before their name when a plural says so ("4 H200 GPUs", "8 B200s"), and one length
    written for input and output at once ("2K input/output")."""
    got = qualifiers(text)
    assert {k: v for k, v in got.items() if k in want} == want


@pytest.mark.parametrize(
    "text", ["TP 4 H100 run", "batch 16 H100 numbers", "checked in/out 5 times", "12 in/out-of-tree"]
)
def test_a_number_beside_a_board_or_in_out_is_not_always_a_count_or_length(text: str) -> None:
    got = qualifiers(text)
    assert not got.get("gpu", "").startswith(("4x", "16x")) and "isl" not in got and "osl" not in got


def test_a_recipe_path_naming_a_board_states_its_lengths() -> None:
    from ledger.vocab.setup import qualifiers

    # a config's path or file name that names the board glues the run's lengths into one of its parts
    assert qualifiers("[recipe](https://example.com/recipes/gb300-fp4/8k1k/max-tpt.yaml)")["isl"] == "8k"
    assert qualifiers("config: acme-fp4-gb200-1k1k.yaml").items() >= {"isl": "1k", "osl": "1k", "gpu": "GB200"}.items()
    # a path that names no board may be a dataset's or a checkpoint's
    assert "isl" not in qualifiers("data/sharegpt-8k1k/x.json on H100")


def test_a_model_of_no_known_family_is_read_by_its_shape_where_a_setup_names_its_model() -> None:
    from ledger.vocab.setup import model_names

    # the head of a lead-in of settings, "on <name> (...)", "the <name> checkpoint", "<name> N-sample <benchmark>"
    assert model_names("  Zeta-Pro 16k/2k MTP2 disagg (ctx2 TP=4 + gen2 TP=8), h100:") == ["Zeta-Pro"]
    assert model_names("With the fix, on Tarn-Max (TP=4 EP=4, MTP=2):") == ["Tarn-Max"]
    assert model_names("The Lyra-V3-Mini checkpoint decodes faster") == ["Lyra-V3-Mini"]
    assert model_names("scored Tarn-Flash 200-sample MMLU") == ["Tarn-Flash"]
    assert model_names("Quill-Chat on MI300X: latency drops") == ["Quill-Chat"]
    # the same shape elsewhere, or a board, a benchmark, a branch, a kernel or a gate: no model
    for text in (
        "on the Release-Base branch with the Flash-Decode kernel",
        "The Pre-Merge gate passed",
        "on H100-Pro (TP=8)",
        "MMLU-Pro on 4x MI300X, TP4:",
        "we tried Zeta-Pro once",
    ):
        assert model_names(text) == [], text


def test_a_model_pair_sharing_its_family_is_one_setup_of_both_models() -> None:
    from ledger.vocab.canonical import canonical_model, sibling_models
    from ledger.vocab.setup import model_names

    assert model_names("[tune] MiniMax-M3.1/M3.2 int4: retune") == ["MiniMax-M3.1/M3.2"]
    assert sibling_models("Kimi-K2.5/K2.6") == ["Kimi-K2.5", "Kimi-K2.6"]
    assert sibling_models("Llama-3.1-8B/70B") == ["Llama-3.1-8B", "Llama-3.1-70B"]
    assert canonical_model("Kimi-K2.5/K2.6") == "kimi-k2.5/kimi-k2.6"
    # an owner's "/" is no pair: the hub id names one model, a branch none
    assert sibling_models("Qwen/Qwen3-8B") is None
    assert canonical_model("Qwen/Qwen3-8B") == "qwen3-8b"
    assert model_names("DeepSeek-V3/R1 fp8") == [] and model_names("feat/llama4") == []


def test_ci_machinery_names_no_device_but_a_device_name_is_one() -> None:
    """A CI job's name, a bot command and a link's pinned path are blanked for the setup readers (vocab.ci_jobs);
    a device's own long name, a model's and a path to a file on disk are not CI machinery."""
    from ledger.vocab.ci_jobs import ci_spans, is_ci_job

    for job in ("A10-TensorRT-2", "DGX_H100-4_GPUs-AutoDeploy-1", "GB200-4_GPUs-PyTorch-Post-Merge-1"):
        assert is_ci_job(job), job
    assert is_ci_job("per-commit-8-gpu-h200")
    for name in ("NVIDIA-H100-80GB-HBM3", "A100-SXM4-80GB", "Qwen3-235B-A22B-Instruct-2507-FP8", "RTX-4090-24GB"):
        assert not is_ci_job(name), name
    line = '/bot run --stage-list "H20-PyTorch-3"'
    assert ci_spans(line) == [(0, len(line))]
    assert ci_spans("/data/models/Foo-8B --tp 8") == []
    link = "see https://github.com/o/r/blob/0f1e2d3c4b/tests/l0_h100.yml#L40 for it"
    assert [link[a:b] for a, b in ci_spans(link)] == ["/blob/0f1e2d3c4b/tests/l0_h100.yml#L40"]


def test_offload_and_attention_backend_words() -> None:
    assert qualifiers("with all MoE tensors left on the CPU")["offload"] == "experts"
    assert qualifiers("llama-server -m m.gguf -ot exps=CPU -ngl 99")["offload"] == "experts"
    assert qualifiers("everything resident on the GPU")["offload"] == "none"
    assert "offload" not in qualifiers("experts kept on CPU (`--n-cpu-moe 30`)")  # the layer count says more
    assert qualifiers("decode with the NSA backend")["attention"] == "nsa"
    assert "attention" not in qualifiers("the triton backend of the fused MoE")  # no attention's word


def test_an_attention_backend_named_as_an_item_of_a_settings_list() -> None:
    # a settings line lists the attention kernel by its name alone, between the other settings' commas
    assert qualifiers("2x H200, Llama-3.1-70B FP8 + EAGLE3, FA3, c8")["attention"] == "fa3"
    # (FlashInfer holds MoE, GEMM and sampling kernels too: listed alone it names no attention backend, said so it does)
    assert "attention" not in qualifiers("L40S, FlashInfer, TP=2")
    assert qualifiers("L40S, FlashInfer attn, TP=2")["attention"] == "flashinfer"
    # (kept as printed, compared as one backend: "flash-attn 3" is FA3)
    assert canon_value("attention", qualifiers("on B200 + flash-attn 3, bs 4")["attention"]) == "fa3"
    assert canon_value("attention", qualifiers("FlashAttention-2, TP=1, ISL 1024")["attention"]) == "fa2"
    # named in a sentence, the library is no setting of the run ("enable FlashInfer BF16 prefill", "than FlashInfer")
    assert "attention" not in qualifiers("enable FlashInfer BF16 prefill on TP=2")
    assert "attention" not in qualifiers("2.1x faster than FlashInfer on H100, TP=2")


def test_a_kernel_library_labelling_an_arm_is_its_variant_not_the_attention_backend() -> None:
    arm = "```\nvllm serve acme/moe-small -tp 2\n---------- Benchmark Result ----------\n"
    text = (
        f"## Results\n\n**FlashInfer:**\n{arm}Output token throughput (tok/s):   3120.40\n```\n\n"
        f"**Marlin:**\n{arm}Output token throughput (tok/s):   2890.10\n```\n"
    )
    got = [(c.value, c.config.get("variant"), c.config.get("attention")) for c in extract(text, "t.md").claims]
    assert got == [(3120.4, "FlashInfer", None), (2890.1, "Marlin", None)]


def test_a_block_or_page_size_is_a_setting_and_a_block_drafters_block_its_draft() -> None:
    assert qualifiers("H100, block size 16, c4")["block_size"] == "16"
    assert qualifiers("vllm serve m --block-size 32 --tp 2")["block_size"] == "32"
    assert qualifiers("SGLang page size 64 on H20")["block_size"] == "64"
    assert "block_size" not in qualifiers("max block size 256 on H20")  # the engine's limit, not the run's
    # a block-diffusion drafter drafts a block a step: its block is the draft length, no cache's block
    q = qualifiers("H100 NVL, Qwen3.5 FP8 + DFlash2, FA3, block 5, concurrency 22")
    assert (q["draft_len"], q["spec_algo"], q["attention"]) == ("5", "dflash2", "fa3")
    assert "block_size" not in q
    assert "draft_len" not in qualifiers("H100, block 5, c8")  # a bare block of no drafter says nothing


def test_product_header_gives_one_key_per_axis() -> None:
    assert setting_keys("heads x batch") == ("heads", "batch_size")
    assert setting_keys("M × N") == ("dim_m", "dim_n")
    assert setting_keys("speedup x") == ()


def test_engine_switches_before_a_command_are_its_env() -> None:
    cmd = "SGLANG_ENABLE_SPEC_V2=1 SGLANG_PORT=3000 python -m sglang.launch_server --model-path org/M-8B"
    assert command_setup(cmd)["env"] == "SGLANG_ENABLE_SPEC_V2=1"  # (where it listens is no switch)
    assert "env" not in command_setup("CUDA_VISIBLE_DEVICES=0,1 vllm serve org/M-8B")


def test_a_family_opening_a_bracketed_list_of_settings_is_the_runs_model() -> None:
    from ledger.vocab.listed_models import listed_family

    assert listed_family("it costs ~9% (Qwen FP8, 4xH100, TP=4, long prompts)") == "Qwen"
    assert listed_family("slower (Llama 4, 8xH200)") == "Llama 4"
    assert listed_family("(Qwen FP8, 4xH100, TP=4,") == "Qwen"  # the list wraps onto the next line
    assert listed_family("(Qwen tokenizer, 4xH100)") is None  # a part of the family's, no run
    assert listed_family("(step FP8, 4xH100, TP=4)") is None  # an everyday word
    assert listed_family("(Gemma, fast path, cached)") is None  # no setting listed beside it


def test_checkpoints_of_one_model_in_two_precisions_share_the_model() -> None:
    from ledger.vocab.model_spellings import shared_checkpoint_model

    assert shared_checkpoint_model(["GLM-4.6", "acme/GLM-4.6-BF16", "acme/GLM-4.6-FP8"]) == "GLM-4.6"
    assert shared_checkpoint_model(["acme/wren-12b-fp8", "acme/wren-12b-nvfp4"]) == "acme/wren-12b"
    assert shared_checkpoint_model(["acme/wren-12b-fp8", "acme/wren-70b-nvfp4"]) is None  # two models
    assert shared_checkpoint_model(["acme/wren-12b-fp8", "acme/wren-12b"]) is None  # one precision named


@pytest.mark.parametrize(
    ("metric", "board_read", "read"),
    [
        ("B200 8-GPU p1 TPS/user", True, ("1", "TPS/user")),
        ("H100 1-GPU c16 tok/s/user", True, ("16", "tok/s/user")),
        ("GB200 4-GPU p8 per-user throughput", True, ("8", "per-user throughput")),
        ("B200 8-GPU p1 TPS/user", False, ("1", "B200 8-GPU TPS/user")),  # (the board stays where no key holds it)
        ("decode p4 tok/s/user", True, ("4", "decode tok/s/user")),
        ("p50 TPS/user", True, None),  # a percentile of the measure, no load
        ("p99 tok/s/user", True, None),
        ("c8 TTFT", True, None),  # (a load only before a per-user measure)
        ("p1 tok/s", True, None),
    ],
)
def test_a_load_label_before_a_per_user_measure_is_its_concurrency(
    metric: str, board_read: bool, read: tuple[str, str] | None
) -> None:
    assert metric_load(metric, board_read) == read


@pytest.mark.parametrize(
    "text",
    [
        "Router projection: TF32 GEMM kernels -> BF16 GEMM kernels",
        "an FP8-to-BF16 V path for gfx950",
        "Native BF16 V follow-up",
        "the softmax sum moves from bf16 to fp32 accumulation",
        "with one cast back to bf16 at the end",
    ],
)
def test_a_conversion_inside_the_code_states_no_quant(text: str) -> None:
    """A precision that is one end of a kernel's conversion ("TF32 GEMM kernels -> BF16 GEMM kernels", "FP8-to-BF16"),
    a tensor's ("BF16 V"), an accumulation's or a cast's is the code's dtype, not the run's quant."""
    assert "quant" not in qualifiers(text), qualifiers(text)


@pytest.mark.parametrize(
    ("text", "quant"),
    [
        ("the FP8 GEMM kernels of the FP8 checkpoint", "fp8"),
        ("INT8 GEMM at 1.2 PFLOPS", "int8"),
        ("BF16 -> FP8 checkpoint", "bf16"),
        ("FP4 weights -> FP8 on load", "fp4"),
    ],
)
def test_a_kernels_or_the_models_own_conversion_keeps_the_quant(text: str, quant: str) -> None:
    """A lone GEMM's precision computes in the weights' (impl183), and a conversion of the model's weights or
    checkpoint is the run's: both are read as they were before conversions were told apart."""
    assert qualifiers(text).get("quant") == quant


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # settings joined by slashes: each part read as it would be alone
        (
            "on 4GPU/EAGLE=3/500-sample MMLU",
            {"gpu_count": "4", "spec_algo": "eagle", "draft_len": "3", "samples": "500"},
        ),
        ("(8GPU/MTP=1):", {"gpu_count": "8", "spec_algo": "mtp", "draft_len": "1"}),
        # alternatives of one key, a pair of lengths, a list of loads, a link's path: no parting
        ("H100/H200 runs", {"gpu": "H100"}),
        ("conc=8/16/32", {}),
        ("see https://example.org/8gpu/tp2/", {"tp": "2"}),
    ],
)
def test_settings_joined_by_slashes_are_read_one_by_one(text: str, want: dict[str, str]) -> None:
    assert qualifiers(text) == want


@pytest.mark.parametrize(
    ("page", "size", "want"),
    [
        ("Qwen3-30B-A3B", "30B", "Qwen3-30B-A3B"),  # the page's model, of that size
        ("Qwen3", "30B", "Qwen3-30B"),  # the page's family, completed
        ("qwen3bf16", "30B", "Qwen3-30B"),  # (its precision glued on is no part of the name)
        ("Llama-3.1-70B", "8B", None),  # another size: another model, unnamed
        ("Mixtral-8x7B", "47B", None),
        ("", "14B", None),  # a size alone is no model
    ],
)
def test_a_size_alone_completes_the_pages_model_or_names_none(page: str, size: str, want: str | None) -> None:
    from ledger.vocab.setup_names import sized_model

    assert sized_model(page, size) == want


@pytest.mark.parametrize(
    ("text", "quant"),
    [
        ("MMLU (5-shot) FP16→AQLM", "aqlm"),
        ("HellaSwag (BF16 -> SpQR)", "spqr"),
        ("ARC-c (BF16→VQ)", None),
        ("Wiki2 PPL, AQLM 1x16g8", "aqlm 1x16g8"),
    ],
)
def test_a_legends_left_side_is_the_references_precision_never_the_runs(text: str, quant: str | None) -> None:
    """ "FP16→AQLM" over "0.65→0.56": the value is the packed model's, the FP16 one its reference; where the right
    side names no precision the ledger knows ("VQ"), the value states none (never the baseline's fp16)."""
    assert qualifiers(text).get("quant") == quant
    assert config_hints(text)[0].get("quant") in (quant and quant.replace(" ", "_"), None)  # (compare's canonical)


def test_gsm8k_strict_and_flexible_name_lm_evals_two_filters() -> None:
    from ledger.parsers import extract

    text = "- After the rebase: MMLU 0.7120; GSM8K strict 0.9410; GSM8K flexible 0.9388\n"
    got = [(c.value, c.config.get("filter")) for c in extract(text, path="filters.md").claims]
    assert got == [(0.712, None), (0.941, "strict-match"), (0.9388, "flexible-extract")]
    assert "filter" not in qualifiers("GSM8K strict/flexible 0.9402")  # (both filters' value: neither's alone)
    assert "filter" not in qualifiers("a strict ordering keeps every request flexible")


def test_a_load_and_an_output_length_as_items_of_a_settings_list_are_the_runs() -> None:
    assert qualifiers("Sweep on 2x B200, TP2, C1, 512 output tokens:") == {
        "gpu": "2x B200",
        "tp": "2",
        "concurrency": "1",
        "osl": "512",
    }
    assert "concurrency" not in qualifiers("compared configs C1, C2, C3 on 2x B200")  # (names of configurations)
    assert "concurrency" not in qualifiers("runs A, C1, and B")
    assert "osl" not in qualifiers("Total: 1000 requests, 256000 output tokens, 2.1 s")  # (a count produced)


def test_a_context_length_is_a_setting_and_an_evaluations_window() -> None:
    """ "for 4096 context lengths", "over 2048-token contexts", "8k context" name the window results were read over
    (the isl), never a value; a line describing an evaluation by it gives its scores that window, a serving line's
    lengths or a server's context do not (parsers.base keeps those off an accuracy result)."""
    assert qualifiers("over 2048-token contexts") == {"isl": "2048"}
    assert qualifiers("measured at 8k context length") == {"isl": "8k"}
    assert qualifiers("1x ctx server and 2 gen servers").get("isl") is None
    text = "perplexity on C4 for 4096 context lengths"
    assert context_length_after(text, text.index("4096") + 4) and not context_length_after("4096 ctx servers", 4)
    assert describes_windowed_evaluation("We evaluate perplexity on C4 for 4096 context lengths.")
    assert describes_windowed_evaluation("Evaluation data: the PG-19 test split, for 8192 context lengths.")
    assert not describes_windowed_evaluation("Random dataset, 4096 input tokens, 128 output; we evaluate GSM8K too.")
    assert not describes_windowed_evaluation("Served with 4096 context, we measured throughput.")


def test_an_output_cap_is_the_output_length_but_an_engine_budget_is_none() -> None:
    # the cap every request is sent with is its run's OSL, however the text spells it
    for text, osl in (
        ("Mean of five runs, max tokens 1500, on one H100", "1500"),
        ("sampling with max_tokens=512", "512"),
        ("max new tokens: 2k", "2k"),
        ("each request stops after generating up to 256 tokens", "256"),
    ):
        assert qualifiers(text).get("osl") == osl, text
    # an engine's budget of tokens per step or batch is no request's length
    for text in ("max tokens per batch 8192", "max_num_tokens=8192", "max_tokens_per_step=4096", "up to 256 tokens"):
        assert "osl" not in qualifiers(text), text
    # nor a command's flag, which the command reader reads by its tool (an eval's cap is no length of its runs)
    assert "osl" not in qualifiers("python3 -m sglang.eval --task gsm8k --max-tokens 32768 \\")


def test_a_load_listed_after_a_setting_read_before_it_is_the_concurrency() -> None:
    # the draft length's word is read first and blanked; the load listed after it is still a setting's neighbour
    assert qualifiers("(TP2 on 2x B200, FP8 KV, MTP=0, C1, 3 warmups per point):")["concurrency"] == "1"
    assert "concurrency" not in qualifiers("the three configurations C1, C2, C3 differ")


def test_a_list_items_bare_token_count_is_its_input_length() -> None:
    from ledger.vocab.context_words import lead_length

    assert lead_length("* 64K: TTFT -2.10%, throughput +2.05%.") == "64k"
    assert lead_length("- **256k**: TTFT -9.8%") == "256k"
    assert lead_length("* 1M (1,000,000 input tokens): TTFT -21.4%") == "1000000"
    assert lead_length("* 2M: TTFT -40%") == str(2 * 1024 * 1024)
    for text in ("* 8: 12.1 ms", "* 5m: warm-up", "64K: not an item", "* 64K context: 1.9 s"):
        assert lead_length(text) is None, text


def test_the_method_a_speedup_is_measured_against_is_no_method_of_the_line() -> None:
    assert "spec_algo" not in qualifiers("K=3: 151.2, speedup: 1.68x, gain over EAGLE 1: 1.08x")
    assert "spec_algo" not in qualifiers("speedup wrt EAGLE 1: 1.09x")
    assert "spec_algo" not in qualifiers("1.2x relative to Medusa")
    assert qualifiers("EAGLE 3 with K=3: 151.2")["spec_algo"] == "eagle3"  # (the line's own)


_ARM_ITEMS = """# Fuse the gated delta kernels

## Accuracy

On 2x H100, `python3 benchmark/gsm8k/bench_sglang.py --num-questions 200`.

- without MTP:

Candidate:
Accuracy: 0.951
Output throughput: 1804.2 token/s

- with MTP:

Candidate:
Accuracy: 0.950
Output throughput: 2210.4 token/s

## Notes

Decode throughput: 1999.0 token/s
"""


def test_a_lead_item_naming_a_speculative_switch_sets_up_the_paragraphs_to_its_next_sibling() -> None:
    """ "- without MTP:" / "- with MTP:" over paragraphs of results: each arm's values carry its switch, the next
    heading's do not; with-MTP and without-MTP throughput are two setups, never one series."""
    for text in (_ARM_ITEMS.split("## Notes")[0], _ARM_ITEMS):  # (the arms closing the page, or a section after)
        got = {c.value: c.config.get("spec_algo") for c in extract(text, path="x.md").claims}
        assert got == {
            0.951: "none",
            1804.2: "none",
            0.95: "mtp",
            2210.4: "mtp",
            **({1999.0: None} if "Notes" in text else {}),
        }


_LAUNCH_ARMS = """# Faster decode

## How the servers ran

- plain (tp=2)
`python -m sglang.launch_server --model-path acme/Widget-30B --tp 2`
- speculative (tp=2)
`python -m sglang.launch_server --model-path acme/Widget-30B --tp 2 --speculative-algorithm EAGLE
--speculative-num-steps 3 --speculative-eagle-topk 1 --speculative-num-draft-tokens 4`

## Results

On H200, gsm8k 200 questions.

- without EAGLE:

Output throughput: 900.5 token/s

- with EAGLE:

Output throughput: 1402.7 token/s
"""


_FENCED_LAUNCH = """## Reproduce

```bash
python3 -m sglang.launch_server --model-path acme/Gizmo-8B \\
  --speculative-algorithm EAGLE3 --speculative-num-steps 5 --speculative-eagle-topk 4
```

## Numbers (B200)

- without EAGLE3:

Output throughput: 700.0 token/s

- with EAGLE3:

Output throughput: 1260.0 token/s
"""


def test_a_launch_commands_draft_settings_reach_the_arm_it_served_and_never_the_other() -> None:
    """A setup section's launch command (its inline code running onto a second line) with draft flags: the "with
    EAGLE" arm's results carry its steps, top-k and draft tokens; the "without EAGLE" arm's carry none of them."""
    got = {c.value: c.config for c in extract(_LAUNCH_ARMS, path="x.md").claims}
    spec = ("draft_len", "spec_topk", "draft_tokens")
    assert {k: got[1402.7].get(k) for k in spec} == {"draft_len": "3", "spec_topk": "1", "draft_tokens": "4"}
    assert got[1402.7]["spec_algo"] == "eagle" and got[900.5]["spec_algo"] == "none"
    assert not set(spec) & set(got[900.5]) and got[900.5]["tp"] == "2"
    # a fenced command its backslashes continue: its steps and top-k, the with-EAGLE3 arm's alone
    got = {c.value: c.config for c in extract(_FENCED_LAUNCH, path="x.md").claims}
    assert (got[1260.0]["draft_len"], got[1260.0]["spec_topk"]) == ("5", "4")
    assert got[700.0]["spec_algo"] == "none" and not set(spec) & set(got[700.0])


def test_dflash_is_a_drafting_method_with_its_version() -> None:
    """ "Widget-9B BF16 + DFlash3, concurrency 16": the run drafted with DFlash (its version kept, as EAGLE3's)."""
    assert qualifiers("L40S, Widget-9B BF16 + DFlash3, concurrency 16")["spec_algo"] == "dflash3"
    assert qualifiers("served with a DFlash draft at batch 4").get("spec_algo") == "dflash"
    assert "spec_algo" not in qualifiers("dflashed the cache at batch 4")


def test_tensor_parallel_spelled_out_before_its_size() -> None:
    assert qualifiers("served with tensor parallel 2 on two cards")["tp"] == "2"
    assert qualifiers("tensor-parallel size 8")["tp"] == "8"
    assert qualifiers("using tensor parallelism of 4")["tp"] == "4"
    assert "tp" not in qualifiers("tensor parallel support for 3 more kernels")


def test_a_local_folder_ending_in_an_org_and_a_model_names_the_hub_id() -> None:
    got = command_setup("python -m sglang.launch_server --model /mnt/weights/Qwen/Qwen3-14B-Instruct --tp 2")
    assert got["model"] == "Qwen/Qwen3-14B-Instruct"
    assert command_setup("vllm serve /data/hub/meta-llama/Llama-3.1-8B")["model"] == "meta-llama/Llama-3.1-8B"
    # (a folder of models is no organisation: the model is the folder's last part, a name the vocabulary reads)
    assert command_setup("vllm serve /home/u/models/DeepSeek-R1-0528")["model"] == "DeepSeek-R1-0528"


def test_a_bare_local_model_folder_names_the_model_by_its_last_part() -> None:
    assert command_setup("trtllm-serve serve /workspace/models/Wren3-32B --tp_size 2")["model"] == "Wren3-32B"
    got = command_setup("aiperf profile --model ~/models/Llama-3.1-8B-Instruct/ --concurrency 4")
    assert got["model"] == "Llama-3.1-8B-Instruct"
    # (a checkpoint's step, a run's folder, a file: no model's name, the path stays as typed)
    for path in ("/ckpt/Wren3-32B/step-1200", "/data/runs/final", "/data/ckpt/epoch_3"):
        assert command_setup(f"vllm serve {path}")["model"] == path


def test_a_shared_prefix_run_states_its_prefix_and_question_lengths_and_no_input_length() -> None:
    """A generated-shared-prefix run sends each request a group's common system prompt followed by its own question:
    neither length is the request's input, so each is its own key and no ISL is read unless one is stated. A system
    prompt's length in prose is no input length either."""
    cmd = (
        "python3 -m sglang.bench_serving --backend sglang --dataset-name generated-shared-prefix --num-prompts 64 "
        "--gsp-num-groups 4 --gsp-prompts-per-group 16 --gsp-system-prompt-len 4096 --gsp-question-len 128 "
        "--gsp-output-len 64"
    )
    got = command_setup(cmd)
    assert (got["shared_prefix_len"], got["question_len"], got["osl"]) == ("4096", "128", "64")
    doc = f"# Prefix reuse\n\nOn Qwen/Qwen3-8B:\n{cmd}\n\n```\nRequest throughput (req/s): 3.91\n```\n"
    (claim,) = extract(doc, path="gsp.md").claims
    assert "isl" not in claim.config and claim.config.get("shared_prefix_len") == "4096", claim.config
    assert "isl" not in qualifiers("every request opens with the same system prompt length 2048")
    assert qualifiers("prompt length 2048") == {"isl": "2048"}


def test_a_forced_acceptance_in_a_tables_lead_is_its_rows_setting_and_never_a_measured_acceptance() -> None:
    # rates per draft position a run was set to ("forced acceptance (0.8 0.5)"), or the mode alone by its flag: the
    # setting under which throughput was timed, not what a drafter achieved
    assert qualifiers("MTP2 and forced acceptance (0.8 0.5)")["set_al"] == "0.8 0.5"
    assert qualifiers("MTP3 and synthetic accept mode(0.9 0.8 0.6)")["set_al"] == "0.9 0.8 0.6"
    assert qualifiers("--speculative-accept-mode synthetic")["set_al"] == "synthetic"
    assert qualifiers("forced acceptance length 3.0")["set_al"] == "3.0"
    assert "set_al" not in qualifiers("acceptance rate 0.8 0.5 per position")
    text = (
        "For ModelX (TP2) with MTP2 and forced acceptance (0.8 0.5):\n"
        "| Concurrency | Base tok/s | New tok/s |\n| ---: | ---: | ---: |\n| 8 | 400.1 | 650.2 |\n"
    )
    got = [(c.kind, c.value, c.config.get("set_al")) for c in extract(text, path="t.md").claims]
    assert got == [("perf", 650.2, "0.8 0.5")]


def test_a_later_lead_naming_another_model_keeps_none_of_the_earlier_leads_settings() -> None:
    # two one-line leads over their tables, each naming its model: the first's forced acceptance and EP are its own
    text = (
        "For Qwen3-8B (TP2) MTP, with MTP2, EP2 and forced acceptance (0.8 0.5)\n"
        "| Concurrency | Base tok/s | New tok/s |\n| ---: | ---: | ---: |\n| 8 | 400.1 | 650.2 |\n\n"
        "For Llama-3.1-8B (TP1) MTP, with MTP2\n"
        "| Concurrency | Base tok/s | New tok/s |\n| ---: | ---: | ---: |\n| 8 | 300.1 | 450.2 |\n"
    )
    got = [(c.value, c.config.get("set_al"), c.config.get("ep"), c.config.get("tp")) for c in extract(text).claims]
    assert got == [(650.2, "0.8 0.5", "2", "2"), (450.2, None, None, "1")]


def test_every_current_drafting_method_is_a_spec_algo() -> None:
    """A title with no digit ("Add DSpark evals") names its method as "MTP3" does; "n-gram" is vLLM's ngram;
    "suffix" is the method only as "suffix decoding" (a bare suffix is any string's end)."""
    assert qualifiers("Wire in DSpark scoring")["spec_algo"] == "dspark"
    assert qualifiers("Port DFlash drafting")["spec_algo"] == "dflash"
    assert qualifiers("tune n-gram drafting on long prompts")["spec_algo"] == "ngram"
    assert qualifiers("suffix decoding on 1x H100")["spec_algo"] == "suffix"
    assert qualifiers("two Hydra heads")["spec_algo"] == "hydra"
    assert "spec_algo" not in qualifiers("strip the suffix of every prompt")


def test_a_hybrid_of_two_drafting_methods_is_neither_alone() -> None:
    """ "a medusa-ngram drafter" joins two methods: the runs used the hybrid, not its first half ("EAGLE-3" is still
    EAGLE's third version, a digit no method)."""
    assert qualifiers("Add a medusa-ngram drafter")["spec_algo"] == "medusa-ngram"
    assert qualifiers("MTP+suffix drafting on 2x H100")["spec_algo"] == "mtp+suffix"
    assert qualifiers("EAGLE-3 heads")["spec_algo"] == "eagle3"


def test_a_measured_average_draft_is_no_draft_length() -> None:
    """ "avg draft 2.00 over 90 steps" in a drafter's stats line is what the run drafted on average, a result: no
    draft length set for every run of the page (a length set is a whole number, never an average)."""
    assert "draft_len" not in qualifiers("- m-small: 52.5% of drafted, avg draft 2.00 over 90 steps.")
    assert "draft_len" not in qualifiers("mean draft length 2.7 per step")
    assert "draft_len" not in qualifiers("Avg draft 2 per step")
    assert qualifiers("served with draft 3 on one card")["draft_len"] == "3"


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("LLaMA v3.3 70B", "Llama 3.3 70B", True),  # a writer's "v" before the version: one model
        ("Llama-v4 Scout", "Llama 4 Scout", True),
        ("llama_v3.1_8b", "Llama-3.1-8B", True),
        ("Qwen v3 32B", "Qwen3-32B", True),
        ("Gemma v2 9B", "gemma-2-9b", True),
        ("Mistral-7B-Instruct-v0.3", "Mistral-7B-Instruct-0.3", False),  # a "v" after the size is the release's own
        ("DeepSeek-V3", "DeepSeek-3", False),  # the family's own names carry it
        ("LLaVA-v1.5-7b", "llava-1.5-7b", False),
        ("Llama v4 Maverick", "Llama 3 Maverick", False),
    ],
)
def test_a_version_v_the_family_never_writes_is_no_part_of_the_model(a: str, b: str, same: bool) -> None:
    from ledger.vocab.canonical import canonical_model

    assert (canonical_model(a) == canonical_model(b)) is same, (canonical_model(a), canonical_model(b))


def test_a_kernel_named_for_its_architecture_names_no_board() -> None:
    # a profile's kernel is compiled for an architecture; the runs were timed on whatever board the text says
    assert "gpu" not in qualifiers("| Decode | `sm90_wgmma_bf16_tile64x128_tn` | Hopper TC |")
    assert qualifiers("fused path measured on SM90")["gpu"] == "SM90"


def test_a_slashed_pair_after_a_dataset_or_before_its_load_is_the_lengths() -> None:
    assert qualifiers("sharegpt 3000/400, tp4") == {"isl": "3000", "osl": "400", "tp": "4"}
    assert qualifiers("3000/400 @ conc 16") == {"isl": "3000", "osl": "400", "concurrency": "16"}
    assert "isl" not in qualifiers("answered 1278/1319 right")  # (a count of correct answers, no lengths)


def test_a_length_pair_beside_its_load_written_c_equals() -> None:
    """ "2048/256 c=32" in a row's case cell: two lengths and the load they ran at, as "2048/256 c32" is."""
    from ledger.vocab.setup import qualifiers

    assert qualifiers("2048/256 c=32") == {"isl": "2048", "osl": "256", "concurrency": "32"}
    assert qualifiers("4096/512 @ c = 8") == {"isl": "4096", "osl": "512", "concurrency": "8"}
    assert "isl" not in qualifiers("3/4 c=2")  # (no length is one digit)


def test_a_setup_word_is_compared_and_hashed_as_itself() -> None:
    """Each word of the tables is made once and is itself alone: looked up among the fused and tuple words by
    identity (no hash of its pattern and triggers for every word a line holds), and no two words are one."""
    import dataclasses

    from ledger.vocab import setup
    from ledger.vocab.parallel_words import FUSED

    words = setup.SETUP_WORDS
    assert len({id(w) for w in words}) == len(set(words)) == len(words)
    assert all(hash(w) == object.__hash__(w) for w in words)
    twin = dataclasses.replace(words[0])
    assert twin != words[0] and twin not in words and all(w in words for w in FUSED)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Checkpoints tuned via KD-polish:", {"tuning": "kd-polish"}),
        ("weights fine-tuned with LoRA after packing", {"tuning": "lora"}),
        ("tuned with the new tile config", {}),  # a determiner: no named step
        ("kernels tuned by hand for sm90", {}),  # a manner, no step
    ],
)
def test_a_training_step_the_checkpoint_went_through_is_its_tuning(text: str, want: dict[str, str]) -> None:
    assert {k: v for k, v in qualifiers(text).items() if k == "tuning"} == want


def test_a_lead_in_naming_a_tuning_step_sets_up_the_table_below_only() -> None:
    from pathlib import Path

    text = (Path(__file__).parent / "fixtures" / "setup" / "tuned_table_lead_in.md").read_text()
    claims = extract(text, path="README.md").claims
    got = {c.source.line: c.config.get("tuning") for c in claims}
    assert got == {7: None, 8: None, 14: "kd-polish", 15: "kd-polish"}


def test_a_bare_build_tag_names_no_second_board() -> None:
    # "cu126-h100" after the runtime's build is the tag an image was built under, quoted without its image name: the
    # board the line names beside it is the run's, not one of two
    line = "**Numbers (H200, TP2, `nightly-cu126-h100`):**"
    assert named_twice(line) == frozenset() and qualifiers(line) == {"gpu": "H200", "tp": "2"}
    text = line + "\n- HumanEval: **0.612** before → **0.655** after\n"
    assert {c.config.get("gpu") for c in extract(text, path="x.md").claims} == {"H200"}
    assert named_twice("on H200 and MI300X") == frozenset({"gpu"})  # (two boards named are two)


def _hints_over_the_whole_table(text: str) -> tuple[dict[str, str], str]:
    """config_hints as it read a name before: every word of the table tried in turn."""
    from ledger.vocab import name_hints as nh
    from ledger.vocab import setup as s

    hints, rest = nh.without_layouts(text[: nh.MAX_NAME])
    packed, rest = nh.checkpoint_label(rest)
    packed.pop("engine", None)
    hints.update(packed)
    pm = nh.length_pair(rest, nh.lower_for_words(rest))
    if pm:
        isl = pm.group("isl")
        hints["isl"], hints["osl"] = nh.canon_value("isl", isl), nh.canon_value("osl", pm.groupdict().get("osl") or isl)
        rest = rest[: pm.start()] + " " + rest[pm.end() :]
    for w in s.SETUP_WORDS:
        if w.key in hints or w.written in nh.CONSUMED_KEYS:
            continue
        m = w.pattern.search(rest)
        if m and m.group(1) and not s._limit(w, rest, m.start(), m.end()):
            for key, value in zip(nh.SPEC_TUPLE_KEYS, m.groups(), strict=True) if w in nh.SPEC_TUPLE_WORDS else ():
                hints.setdefault(key, value)
            for key in nh._FUSED.get(w) or (() if w in nh.SPEC_TUPLE_WORDS else (w.key,)):
                for hk, hv in nh.canonical_items(key, m.group(1)):
                    hints.setdefault(hk, hv)
            rest = rest[: m.start()] + " " + rest[m.end() :]
    if nh._NO_SPEC_RE.search(rest):
        rest = nh._NO_SPEC_RE.sub(" ", rest)
    if hints.get("draft_len") == "0":
        hints.pop("draft_len")
    return hints, rest


def test_a_names_config_hints_are_read_from_the_words_its_triggers_name_as_from_the_whole_table() -> None:
    """config_hints tries only the words a name's triggers name (and the CPU's, whose Apple chips its triggers leave to
    the GPU word), again after each word it reads blanks a match: the same hints, in the same order, and the same rest
    as every word of the table tried in turn, on every fixture line, its cells and its comma-separated parts, in
    capitals too."""
    from _fixture_lines import fixture_lines

    from ledger.vocab.name_hints import config_hints

    texts: set[str] = {"M2 Max tok/s", "Apple M3 Ultra", "İNT4 TP8", "TP8EP8 MTP3 fp8 kv", "EAGLE (3 1 4) accept"}
    for line in fixture_lines():
        texts.update([line, *(c.strip() for c in line.split("|")), *(p.strip() for p in line.split(","))])
    for text in sorted(texts):
        for t in (text, text.upper()):
            want, got = _hints_over_the_whole_table(t), config_hints(t)
            assert list(got[0].items()) == list(want[0].items()) and got[1] == want[1], t


def test_a_sized_abbreviation_is_looked_for_only_where_its_letter_and_version_open() -> None:
    """sized_abbreviations searches its look-behind pattern only in a text where "L" or "Q" stands before a digit (every
    match opens so): the same spans and names as the pattern over every fixture line, and made ones."""
    from _fixture_lines import fixture_lines

    from ledger.vocab import abbreviated_models as am

    made = ["Q3-235B vs L3.1-70B", "ran L3.3 70B-A3B", "(Q2.5 7B)", "xL3-8B", "nothing here", "Q 3-8B"]
    for text in [*fixture_lines(), *made]:
        want = {m.span(): m["abbr"] for m in am._SIZED_RE.finditer(text[:2000])}
        got = am.sized_abbreviations(text)
        assert got.keys() == want.keys(), text


def test_a_stated_workload_reads_its_prompts_its_spec_none_its_attention_and_a_row_labels_questions() -> None:
    """ "concurrency=1, 10 prompts" (a list item's prompt count), "spec=none" (no method, assigned), "fa3 attention"
    (a backend with its word, as a list's item or first in a parenthesis), "gsm8k (400 Q)" (a row label's questions);
    the same words told as a count, in a sentence or outside a parenthesis are none of them."""
    from ledger.vocab.setup import qualifiers

    assert qualifiers("concurrency=4, 40 prompts") == {"concurrency": "4", "num_prompts": "40"}
    assert qualifiers("TP8, 1,000 requests.") == {"tp": "8", "num_prompts": "1000"}
    assert qualifiers("Workload: 4×H200, spec=none, fa3 attention.") == {
        "gpu": "4×H200",
        "spec_algo": "none",
        "attention": "fa3",
    }
    assert qualifiers("same server (flashinfer attention + `--cuda-graph-bs 1 4`)") == {"attention": "flashinfer"}
    assert qualifiers("gsm8k (400 Q)") == {"samples": "400"}
    assert qualifiers("**gsm8k** (200 Q, parallel 32)") == {"samples": "200"}
    for said in ("we sent 1000 requests", "Successful requests: 999", "faster than Triton attention.", "Q 200"):
        assert qualifiers(said) == {}, said
    assert "attention" not in qualifiers("We add FA3 attention, and more")
    assert "spec_algo" not in qualifiers("specific: none")


def test_a_setting_dropped_or_removed_is_none_of_the_runs_and_pipeline_ranks_count_its_stages() -> None:
    """ "drops the FP8 KV cache option", "removing FP8KV parameters": the setting taken out of the run is not its
    setup (a kv_cache of fp8 was read from them); "on the 4 PP ranks" is a pipeline of 4 stages."""
    assert "kv_cache" not in qualifiers("This drops the FP8 KV cache option from the test; weights stay nvfp4.")
    assert qualifiers("after removing FP8KV parameters") == {}
    assert qualifiers("drop rate 2% with FP8 KV") == {"kv_cache": "fp8"}  # (the verb before the setting only)
    assert qualifiers("Rank waits on the 4 PP ranks (H200)") == {"gpu": "H200", "pp": "4"}


@pytest.mark.parametrize("text", ["fp8_e4m3 KV cache", "FP8-E4M3 KV cache", "an fp8 e5m2 kv cache"])
def test_a_float_formats_name_between_the_precision_and_its_cache_keeps_it_the_caches(text: str) -> None:
    # (it had read "fp8_e4m3 KV cache" as the weights' precision, quant=fp8)
    from ledger.parsers.grammar.setup_scopes import line_setup

    assert line_setup(text) == {"kv_cache": "fp8"}


def test_an_architecture_a_run_was_on_is_its_gpu_where_no_board_is_named() -> None:
    assert qualifiers("I reran the sweep on our Blackwell node:").get("gpu") == "Blackwell"
    assert qualifiers("timed on a HOPPER box").get("gpu") == "Hopper"
    assert qualifiers("timed on Hopper (one H100)").get("gpu") == "1xH100"  # (the board says more)
    for limit in ("needs Hopper or newer", "runs on Hopper and Blackwell", "on Hopper+ only", "on Hopper parts only"):
        assert "gpu" not in qualifiers(limit), limit


def test_a_kernel_s_shape_in_a_lead_in_is_setup_and_its_numbers_no_result() -> None:
    got = qualifiers("BF16 KV cache, 16 query heads, 2 KV heads, head dim 64, causal")
    assert {k: got.get(k) for k in ("heads", "kv_heads", "head_dim", "causal")} == {
        "heads": "16",
        "kv_heads": "2",
        "head_dim": "64",
        "causal": "causal",
    }
    assert qualifiers("B=1/Hq=8/Hkv=1/D=512") == {"batch_size": "1", "heads": "8", "kv_heads": "1", "head_dim": "512"}
    assert "causal" not in qualifiers("the causal mask was wrong in 3 places")
    text = "# Decode\n\nOn H100 with 32 heads of dim 128, causal:\n\n| batch | old (us) | new (us) |\n|---|---|---|\n"
    claims = extract(text + "| 8 | 41.0 | 35.5 |\n", path="k.md").claims
    assert [(c.value, c.config.get("heads"), c.config.get("head_dim")) for c in claims] == [(35.5, "32", "128")]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("CUDA-graph, the kernel alone replayed 200 times", {"cuda_graph": "on"}),
        ("timed as a CUDA graph replay of 8 launches", {"cuda_graph": "on"}),
        ("**Step 2 — grouped, new vs old** (3 shapes)", {"routing": "grouped"}),
        ("ungrouped top-k over 256 experts", {"routing": "ungrouped", "experts": "256"}),
        ("BF16 non-causal attention, paged decode, 16 heads", {"causal": "non-causal", "phase": "decode"}),
        ("prefill mode, 4 KV heads", {"phase": "prefill"}),
        ("`test-backend-ops perf -b CPU -o MUL_MAT` on Zen4 / AVX512", {"op": "mul_mat", "backend": "cpu"}),
    ],
)
def test_a_kernel_s_run_mode_and_an_op_bench_s_flags_are_setup(text: str, want: dict[str, str]) -> None:
    got = qualifiers(text)
    assert {k: got.get(k) for k in want} == want


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("with CUDA graphs, the second table is 3% faster", "cuda_graph"),
        ("the rows are grouped by batch, 3 runs each", "routing"),
        ("the grouped GEMM path, 8 experts", "routing"),
        ("decode throughput rose to 120 tok/s", "phase"),
        ("the causal mask was wrong in 3 places", "causal"),
        ("curl -o OUT 2 files", "op"),
        ("`test-backend-ops perf -o out.json`", "op"),
        ("curl -o out.json 2 files", "op"),
        ("llama-bench -b 2048 -ub 512", "backend"),
        ("cmake -DGGML_AVX2=OFF, 16 threads", "isa"),
    ],
)
def test_words_a_run_mode_or_an_op_bench_shares_with_other_text_set_nothing(text: str, key: str) -> None:
    assert key not in qualifiers(text)


def test_an_isa_after_a_cpu_is_setup_and_the_cpu_stays_the_device() -> None:
    text = "# Faster ROPE\n\n`test-backend-ops perf -o ROPE -b CPU`, AMD EPYC 9654 / AVX512:\n\n| ne | master | PR |\n"
    claims = extract(text + "|---|---|---|\n| `[128,32]` | 3.0 us | 2.0 us |\n", path="k.md").claims
    assert [(c.value, c.config.get("op"), c.config.get("isa"), c.config.get("gpu")) for c in claims] == [
        (2.0, "rope", "avx512", "amd epyc 9654")
    ]


def test_a_sentence_listing_model_families_names_no_model_its_results_ran() -> None:
    text = "# Faster SILU\n\nSILU runs in Llama, Gemma and Qwen alike.\n\nOn an RTX 4090:\n\n| n | main | PR |\n"
    claims = extract(text + "|---|---|---|\n| 4096 | 3.0 us | 2.0 us |\n", path="k.md").claims
    assert [(c.value, c.config.get("model")) for c in claims] == [(2.0, None)]
    one = extract(text.replace("Llama, Gemma and Qwen alike", "Gemma") + "|---|---|---|\n| 4096 | 3.0 us | 2.0 us |\n")
    assert [(c.value, c.config.get("model")) for c in one.claims] == [(2.0, "Gemma")]


def test_an_op_named_at_its_shape_is_found_where_its_name_opens_as_the_full_search_finds_it() -> None:
    from ledger.vocab import setup

    word = next(w for w in setup.SETUP_WORDS if w.written == "op" and w.digit_opens is not None)
    for line in ("MUL_MAT(type_a=q4_0,m=4096)", "  x_RMS_NORM(type=f32) 8.31 us", "log(x=1) SOFT_MAX(ne=[4,1])"):
        for pos in (0, 2):
            full = word.pattern.search(line, pos)
            fast = setup.search_word(word, line, pos)
            assert (full and (full.span(), full.groups())) == (fast and (fast.span(), fast.groups())), line
    assert qualifiers("SOFT_MAX(ne=[4096,32]) 7.5 us")["op"] == "soft_max"
