"""Extraction on hostile input: never an exception, provenance that points at the text, linear time."""

from __future__ import annotations

import gc
import os
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.memo import clear_all
from ledger.model import CLAIMS_ADAPTER
from ledger.parsers import extract
from ledger.parsers.reader.document import split_lines

# Pieces of the real formats, so that random documents reach deep into the extractors.
FRAGMENTS = [
    "| Metric | baseline | opt | Δ |\n|---|---:|---:|---:|\n",
    "| mean TTFT (ms) | 84.3 | 78.1 | −7.37 % |\n",
    "check\tresult\n",
    "test_gsm8k\t96.25 (ref 96.36)\n",
    "Final head (13c21f460b, rebased on main af3e5eb257):\n",
    "• TTFT 128 tokens 158 -> 30 ms\n",
    "  • acceptance length 1.971 / 3.704 at draft 1 / 3\n",
    "```\n",
    "Mean TTFT (ms):   42.17\n",
    "=== 12 passed, 1 failed in 4.2s ===\n",
    "~370 *\t4,787 - 4,827 **\n",
    "[tensorrt-cicd]\n\n",
    "PR_Github #1 [ run ] completed with state SUCCESS. Commit: 257d5f0\n",
    "# Heading\n",
    "Performance\n\n",
    "| `A` | Yes | No [^1] | N/A |\n",
    "[^1]: footnote\n",
    "\r\n",
    "\r",
    "\x00",
    "\t\t\t",
    "||||||",
    "-> -> ->",
    "1,2,3,4,5",
    "1m0.832s",
    "±",
    "\u202e",
    "\ufeff",
    " " * 50,
]


def _check(text: str) -> None:
    result = extract(text, path="fuzz.md")
    assert not [w for w in result.warnings if " failed (" in w.message]  # an extractor bug the pipeline caught
    lines = split_lines(text)
    CLAIMS_ADAPTER.validate_python([c.model_dump() for c in result.claims])
    for c in result.claims:
        src = c.source
        assert 1 <= src.line <= src.line_end <= len(lines)
        span = "\n".join(lines[src.line - 1 : src.line_end])
        assert src.text in span, (src.text, span)
    again = extract(text, path="fuzz.md")
    assert [c.model_dump() for c in again.claims] == [c.model_dump() for c in result.claims]


def test_an_empty_or_blank_text_extracts_cleanly() -> None:
    # (no block at all: a reader that takes the first block for the title must ask whether there is one)
    for text in ("", "\n", " ", "\r\n\r\n", "\t\n"):
        _check(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=40)), max_size=30))
def test_any_mix_of_fragments_extracts_cleanly(parts: list[str]) -> None:
    text = "".join(parts)
    _check(text)
    _check(text.replace("\n", "\r\n"))


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=400))
def test_any_unicode_text_extracts_cleanly(text: str) -> None:
    _check(text)


# Each text is one kind of hostile input, timed whole and at a quarter of its size. A plain string must be one unit
# repeated a multiple of four times, so that its first quarter is the same kind of text as the whole; a text with a
# head, a tail or one structure that grows (a table's width, a list's length) is a maker, called at scale 1 and 4, so
# that the quarter keeps its head and tail. (A quarter cut from an unlike whole once held no digit, skipped every
# reader, and made a linear text look 60x slower: the CI flake at 763e7f9.)
HostileText = str | Callable[[int], str]

HOSTILE: dict[str, HostileText] = {
    # requirement floors and advice over a result, the words of each pattern repeated unfinished (vocab.requirements)
    "requirement and advice lines": lambda s: (
        "- needs at compute capabilit and or best for use a b c d only avoid using " * (200 * s)
        + "\nThe kernel is 12% faster.\n"
    ),
    "requirement lines": "Compute Capability 8.0 (sm80) and later; requires CUDA 12, use x y only at bs 1.\n" * 800,
    # quotes opened and never closed as a phrase, failed runs told clause after clause (vocab.other_runs)
    "quoted phrases": 'grep "for the Qwen3-8B " "a:b" \u201cnightly job\u201d "x ' * 500,
    "failed runs told": "CI failed for Qwen3-8B on #4821; reverted - nightly job red. " * 1_000,
    "digits": "1" * 40_000,
    # slash lists of values before settings listed unfinished, joints of every kind (vocab.list_settings
    # SETTING_LIST_RE; prose.parallel_lists slash_list_unit; grammar.numbers' value lists)
    "slash values over listed settings": (
        "TTFT 45/61/98/12 ms at batch sizes 1/8, 16 and 3/, 4 for concurrency 1, 4 and 16/ tok/s " * 400
    ),
    # values each told by side words, joints and sides unfinished (prose.inline_sides)
    "inline side words": "went from 0.4 on the stock old main to 0.5 with the fix 0.3 patched -> vs 2 stock to " * 400,
    # two arms named over a shared noun that never comes, their second's depth unfinished (vocab.setup_negation)
    "arm pairs": "acceptance 2.1 on the decode and MTP-3-3-3 pat and the plain or EAGLE3 run- and " * 400,
    # a table of counts of totals under a score's heading, long and wide (tables.fraction_cells)
    "fraction cells": lambda s: (
        "## Needle in a haystack\n\n| Context | main | PR |\n|---|---|---|\n" + "| 8K | 12/13 | 13/13 |\n" * (300 * s)
    ),
    # paragraph after paragraph of reruns of checks never run before (grammar.rerun_setups' look back is bounded)
    "reruns of unknown checks": lambda s: "".join(
        f"Reran it again: metric{k} 0.{k % 97} ms.\n\n" for k in range(600 * s)
    ),
    # rerun words asked for, promised and denied over and over before a score (vocab.rerun_words)
    "rerun words": "Could you rerun ran it again not re-run same command re-tested the failed CI; gsm8k 0.95. " * 500,
    # load labels over items whose values name themselves after their units, statistics first (prose.
    # concurrency_labels, prose.metrics NAME_AFTER_UNIT_RE), and counts of requests that are no tests
    "load items": lambda s: (
        "at each concurrency\n" + "- c4: 2,410.5 total tok/s, 1.9 s mean median p99 TTFT, "
        "40 successful requests, c8 (output tok/s) Tok/s Agg 3 s avg mean\n"
        * (125 * s)
        + "- C64, 437 pairs, c8, c9, " * (20 * s)
        + ": 2.5%\n"
    ),
    # a table printed in halves side by side, wide, and a header that repeats all but its last name (tables.
    # wrapped_halves)
    "table halves": lambda s: (
        "| "
        + "Run | Change | " * (20 * s)
        + "Other |\n|"
        + "---|" * (40 * s + 1)
        + "\n"
        + ("| " + "1 | +1.5% | " * (20 * s) + "x |\n") * 20
    ),
    # confidence levels before words that never reach "interval" (prose.guards _LEVEL_AFTER_RE)
    "interval levels": "the 95% inter 90% intervalx 95% interval: [-1.5%, +1.5%] 12% intervals " * 500,
    # shell traces that never open a command (reader.line_kinds SHELL_PROMPT)
    "shell traces": lambda s: "```\n" + "+ ++ +++ + python3 -x 1.5\n+ 3% --a\n" * (400 * s) + "```\n",
    # durations whose parts stand one blank apart, and parts that never finish one (grammar.numbers _DURATION)
    "spaced durations": "took 1h 2m 3s, 4m 5 s, 6h 7h 8m 9m 1 m 2s " * 500,
    # row labels of GEMM shapes that never close, under side columns (vocab.setting_heads _GEMM_SHAPE_RE), and sheet
    # rows whose pipes part blank edge cells (tables.dialects _sheet_cells); both sizes' labels longer than the memo
    # keeps (memo.LONG): at 1,800 and 5,400 characters the small one was remembered and the large one read by every
    # pass over the table, a step of about ten at the threshold that is no growth of either
    "gemm shapes": lambda s: (
        "  | New (us) | Old (us) |  \n-- | -- | -- | --\n" + ("MNK=(" + "1x 2 x" * (700 * s) + " | 1.5 | 2.5 |  \n") * 4
    ),
    # approximation marks a blank apart from their signed numbers, and marks that never reach one (grammar.numbers
    # _APPROX)
    "spaced approximations": "~ +6.4% ~ -5.4 % ≈ ~ ~~ 1 ~ 2 ∼ " * 1_000,
    # arrows and anchors that open like one and never close (grammar.pairs _ANCHOR_RE), stops and breaks of every
    # kind (support.lists _SENTENCE_EVENT_RE, prose.metrics _CLAUSE_BREAK_RE): patterns opening with one class
    "arrows and anchors": "a --> b -- > c => d =: e ---> 1.5 " * 1_000,
    "stops and breaks": "x. y; z — w: (a [b {c ) ] } . ! ? 2.5 ms. " * 1_000,
    "model label links": "model: https://hf.co/org/Base-8B org/Base-8B-INT4 "
    * 2_000,  # (grammar.column_models _CHECKPOINT_RE)
    "counted node boards": "used 4*H100 nodes and 4*Ascend 910 " * 2_000,  # vocab.board_counts' nodes count
    "phase lengths": "prefill 537, decode 1,300 input tokens/ 7 output tokens per " * 1_000,  # vocab.length_pairs
    "serving datasets": "random random-token token-ids sharegpt-sharegpt random token " * 2_000,  # vocab.setup dataset
    # host labels over values that open like a CPU's name and never end as one (vocab.canonical _CPU_NAME_RE)
    "cpu labels": "Host: amd epyc-9 xeon gold 12 zen threadripper pro 79 ryzen 7 m2-\n" * 1_000,
    # switches named over and over, never closed by their word (vocab.setup's ep / attention_dp / overlap words)
    "switch words": "EP expert parallelism with expert overlap schedul dp attention attn dp --enable-exp on " * 1_000,
    # offloads and backends named over and over, never closed (vocab.engine_paths' words)
    "engine paths": "-ot exps exps-ot --override-tensor 'blk.exps MoE experts left on the everything resident on "
    "nsa flash-attn attention triton attention backen without cpu offloa " * 400,
    # products of axes and shape parentheses that never close (tables.setting_keys _PRODUCT_RE, grammar.heading_setup
    # _BRACKET_RE), engine switches before a command (vocab.env_switches)
    "axes and brackets": "| heads x batch x M × N | (fp32 / K=1024 / cs=1 / x=(y SGLANG_A_B=1 VLLM_X_LOG=2 \n" * 1_000,
    # the words a digitless line may hold a setup in, each cut before its end (vocab.setup _ANY_SETUP_WORD_RE)
    "setup word prefixes": "eagl medus lookahea concurrenc speculativ decodin sharegp flexible-extrac jetso " * 1_000,
    "pipes": "|" * 40_000,
    # buffers named before sizes that never come, gauges that are never full, bars quoted after values, glued
    # parallel sizes and hyphened GPU counts (prose.guards _CAPACITY_BEFORE_RE / _FULL_AFTER_RE, grammar.pairs
    # _CMP_RE, vocab.parallel_words' glued sizes, vocab.setup's gpu_count word)
    "buffers bars and glued sizes": lambda s: (
        "- B200 8-GPU DP4EP4TP2 tok/s: `1.5 >= `2` "
        + "scratch buffer per layer - 4% full, allocated " * (300 * s)
        + "3.5 GB\n"
        + "- GSM8K: `0.9` >= `0.8`; " * (200 * s)
        + "\n"
        + "dp4ep4" * (500 * s)
        + " 8-gpu" * (300 * s)
        + "\n"
    ),
    # precisions inside code names over and over, one name never closed, then a baseline's long words before its
    # precision (vocab.setup_negation in_code_name, _PRECISION_PART_RE, _BASE_BEFORE_RE)
    "code name precisions": lambda s: (
        "On H100 `fp8_gemm` and `bf16_" + "fp8_int4_" * (600 * s) + "logits 1.2 ms vs the already-tuned bf16 baseline\n"
    ),
    # precisions before data words that never come, after data words, and "-out" over and over (vocab.setup_negation
    # _COMPONENT_AFTER_RE, _COMPONENT_BEFORE_RE)
    "component precisions": lambda s: (
        "GSM8K 95.1 on H100, "
        + "fp8 staging fp8-out rope FP8 bf16 buffers in fp8 query-quant " * (400 * s)
        + "fp8 "
        + "x" * (2_000 * s)
    ),
    # generic and specific precisions of one family on every line (vocab.canonical _SCHEME_BITS_RE, vocab.one_precision)
    "precision families": "# Before (grouped fp4 moe, awq_int4 gptq_int8 NVFP4 mxfp4 int4): 1.2 ms\n" * 1_000,
    # clauses joined over and over, each naming a measure, a long subject before its verb of change, and comparatives
    # after ranges whose words before end open (prose.own_measure _JOINED_RE, _SUBJECT_VERB_RE; prose.ratio_names
    # _COMPARATIVE_RE, _ARTICLE_RE, _OPEN_TAIL_RE)
    "joined clauses": "accuracy holds while the perf improves by about roughly 7% and speed gets 2-3x quicker, "
    * 1_000,
    "joined long subjects": lambda s: "Accuracy holds while " + "the perf-x and " * (600 * s) + "gets by 7% faster\n",
    "comparatives after ranges": "the kernels up to 1.4x faster, our decode is 3-4% slower than main; " * 1_000,
    # a baseline's noun phrase of many words, defined arms whose noun never comes, over and over (vocab.setup_negation
    # _BASE_BEFORE_RE, _BASE_AFTER_RE, _NP_TO_END_RE)
    "baseline noun phrases": lambda s: (
        "**old** = the fp16 "
        + "paged-attention tuned " * (400 * s)
        + "\n"
        + "vs the already-tuned stock bf16-dense fast path 1.2 ms, " * (300 * s)
        + "is an fp8 "
        + "x-y " * (500 * s)
        + "baseline\n"
    ),
    # a section's range of lengths, then wrapped sentences full of bare lengths, ranges and stops that never end one
    # (grammar.range_points _POINT_RE, _RANGE_RE, _SENTENCE_END_RE)
    "range points": lambda s: (
        "Throughput +5% across 2k-64k context.\n\n"
        + ("3.5k 1.2k-4k 9k–12k e.g 1.5 " * (200 * s) + "\n") * 3
        + "at 8k " * (300 * s)
        + "+1.5%\n"
    ),
    # arm labels defined over and over, never given their article, then a header of settings written as keys and
    # numbers that never end (grammar.arm_labels _DEFINED_RE, tables.head_settings _SETTING_RE)
    "arm labels and header settings": lambda s: (
        "**q8** = the fp8 arm, `q16` =the " * (200 * s)
        + "**q" * (300 * s)
        + "\n\n| ctx | q8 "
        + "c=1 bs = 8 x_y=" * (200 * s)
        + " TTFT ms (before → after) |\n|---|---|\n| 2k | 96 → 94 |\n"
    ),
    # a precision named over and over inside baseline noun phrases that never reach their noun, and a definition's
    # meaning that never ends (vocab.setup_negation baselines_precision _THE_BEFORE_RE, grammar.arm_labels)
    "baseline arms": lambda s: (
        "On 8xH200 (TP8), the bf16 "
        + "tuned-path " * (300 * s)
        + "the bf16 x " * (200 * s)
        + "baseline gains\n\n"
        + "**q16** = the bf16 "
        + "sparse " * (400 * s)
        + "\n"
    ),
    # values led by short forms of the models named above, clause after clause on one line, over lines each naming
    # another model; long words of separators and letters in a lead (prose.short_model_forms, vocab.model_short_forms
    # _FAMILY_AT_START_RE, _SEPARATORS_RE, _LOOSE_SEPARATOR_RE, _VERSION_RE, _SIZE_RE)
    "short model forms": lambda s: (
        "".join(f"Run {k} on DeepSeek-V3.{k}, Qwen3-{k}B-A3B and Llama 3.{k} {k}0B.\n" for k in range(10 * s))
        + "On GLM-5.2 and DeepSeek-R1.\n\n"
        + "- DS TTFT +0.3%, DSR1 TPOT 5 ms (GLM 2%; L3.3 70B 4 ms and Q3-235B 1.5% " * (100 * s)
        + "\n"
        + "DSR1 "
        + "D-S_R 1-" * (250 * s)
        + "R1 7%\n"
    ),
    # an archive's banner over the title that never ends as one (reader.scanner _ARCHIVE_BANNER_RE)
    "archive banners": lambda s: (
        "acme" * 20 + "/" + "x." * (5_000 * s) + " · pull request #1234567" + " · " * (250 * s)
    ),
    # sides followed by commits that never close, labels with a commit and a colon over and over (grammar.sides
    # _HEAD_AFTER_RE, grammar.revisions _LONE_NUMBER_RE)
    "sides with heads": "with this PR (abcdef1234 on main @ `deadbee x (c0ffee12): 1.2.3.4 7b8c/9a 0.9- " * 1_000,
    # side labels that never reach their colon, "PR :" before values (grammar.sides _LEAD_LABEL_RE,
    # _LEAD_SIDE_WORD_RE; prose.guards _SIDE_PR_BEFORE_RE)
    "lead side labels": lambda s: (
        "- with the this main branch run with this fix" + " without" * (1_000 * s) + " PR : 1ms\n"
    ),
    # side labels whose run note never closes or is followed by values over and over, run names without their number
    # (grammar.sides _LEAD_LABEL_RE with its parenthesis, lead_label_side; vocab.metrics RUN_NAME_RE)
    "side run notes": lambda s: "Main (3 trials" + " run rep seed_ trial#" * (600 * s) + "): 0.81, 0.83\n",
    "side run lists": lambda s: "- main (3 trials): gsm8k " + "0.81, " * (1_500 * s) + "0.82\n",
    # run items naming their commit over long lists of results, a measuring verb that names none
    # (grammar.revisions _RAN_ITEM_RE, _run_list_end)
    "run item lists": lambda s: (
        "- Ran the eval on `4f5e6d7` with the flag off.\n"
        + "- Result: MMLU `71.42`.\n" * (400 * s)
        + "- Measured measured re-tested numbers ran ran\n" * (200 * s)
    ),
    # arms padded to their colons whose parenthesis names a side, two base arms of one measure over and over
    # (grammar.sides _LEAD_LABEL_RE, vocab.sides paren_side, grammar.side_references _other_arms)
    "arm side bullets": lambda s: (
        (
            "- fused path (this fix)      : strict-match 96.3 (+/- 0.5)\n"
            "- legacy (old default)    : strict-match 96.2\n"
            "- fused path (without fix) : strict-match 92.5\n- fused path (this fix" + " " * 60 + ":\n"
        )
        * (40 * s)
    ),
    # alternatives turned down over and over, lengths with hyphens that never reach "out" (vocab.length_pairs
    # REJECTED_BEFORE_RE, IN_OUT_RE, SERVING_LENGTHS_RE)
    "rejected alternatives": "8192/1024 instead of  the default rather than 1K/ 4096-in/512- in place of 2k-in/" * 800,
    # family names over and over, each followed by blanks that never reach "layers" (vocab.models _LAYER_AFTER_RE)
    "layer kinds": "qwen3 \t mamba2  block llama3 \t laye " * 1_000,
    # a result named by family words before layer kinds, over and over (vocab.models _NAME_END_RE, names_other_model)
    # hub ids and family names before "Block" and a scheme's word cut short, over and over (vocab.models
    # _LAYER_AFTER_RE's look-ahead for "Block Scale FP8"), one model each with its precision (vocab.setup named_twice)
    "block scheme words": "org/qwen3-r1 Block sca llama3 block- fp w4 deepseek-r1 Blocks int org/Qwen-8B-Int4 W4A16 "
    * 1_000,
    "layer kinds in names": "- time per mamba2 layer, llama3_x-1.2 block qwen3 \t blocks: 1.5 ms " * 1_000,
    # shell variables used and assigned over and over, quotes spliced around them that never close a word
    # (grammar.shell_variables _VAR_USE_RE, _MORE_ENV_RE; grammar.command_labels _PREAMBLE_RE)
    "shell variables": 'export A=1 B=$C D=\'"$E"\' ${F ${G}$H$ \'"${I"\' vllm serve "$A" --tp $B\n' * 1_000,
    # work counts and arrows in headers that never end as one (vocab.not_measured WORK_COUNT_HEAD_RE), a numeric
    # sweep key under a one-letter header (tables.leading_settings)
    "work count heads": "| T | kernel kernel launch calls calls , : steps old → new | new (µs) |\n| 8 | 6 → 4 | 1.0 |\n"
    * 1_000,
    # setting labels whose values moved, never closed by a number; nested bare names (kv.setting_labels _CHANGE_RE,
    # _NAME_ITEM_RE)
    "moved settings": "- `batch = 1`: went up from 2.5 to : rose from 3 to x\n- `fused`\n  - `b = 2`: `1.5`\n" * 400,
    # settings named in several words that never reach their value, backends joined by "+" that run on
    # (grammar.line_setup _SETTING_LABEL_RE, kv.setting_labels _NAME_ITEM_RE, vocab.setup's per-rank words)
    "per-rank labels": "- `BS per DP per rank a b = 3`: x\n- `a + b + c + d + e +`\n  - tokens per expert per "
    "bs per dp rank = batch per gpu\n" * 800,
    # speculative tuples joined by dashes and commas that run on (vocab.spec_tuples _JOINED_TUPLE_WORD)
    "joined spec tuples": "MTP 3-1-4-5 eagle 3,1,4,5 mtp 1-2- EAGLE (3,1," * 1_000,
    # thousands groups run on and on, a list of powers of two among them (vocab.text _GROUPED_RE)
    "thousands groups": "ISL 68,656,512,1,024,8,192, 64,128,256,0 " * 1_000,
    # a build column's names (vocab.sides _BUILD_NAME_RE, _RELEASE_TAG_RE, _REMOTE_REF_RE) long and never closed
    "build column names": ("| 1 | nightly |\n| 1 | origin/" + "ab-" * 8 + " v1.2.3.4.5 " + "aa " * 30 + "|\n") * 1_000,
    # a model cell's trailing parenthesis of setup, nested and never closed (grammar.line_setup _SETUP_PAREN_TAIL_RE)
    "model cell parens": lambda s: (
        "| Model | Task | base | new |\n|---|---|---|---|\n"
        + "".join(f"| Heron-7B (TP{k} " + "(x " * 40 + ") | GSM8K | 1.0 | 2.0 |\n" for k in range(200 * s))
    ),
    # chains of several-word keys that never reach their number, and a data set before a length that never ends in a
    # prompt (grammar.line_setup _CHAINED_RE, vocab.setup's dataset word)
    "chained word keys": "batch size per = conc a b = max batch size = =1x swe-bench 64k longbench 8k prom " * 1_000,
    # chains whose links are flags' names with their roles in parentheses, never reaching a number (same pattern)
    "chained role keys": "max-concurrency (client) = max-num-seqs (server (a) = a-b c-d e = (x) = " * 1_000,
    # an eval's task summaries with parts that run on, their sizes never closed by a word (grammar.commands
    # _TASK_SUMMARY_RE, kv.task_summaries _SEP_RE), and outcome rates' words that never end a key (kv.labels
    # _OUTCOME_RATE)
    "task summaries": lambda s: (
        "```\ngsm8k: 1,319 examples | "
        + "52.8s | 5,416 tok/s, 1,2,3 ; " * (300 * s)
        + "\n"
        + "  a_stop_fail_error_rate_x_hit_rate_y: 0.9 mmlu: 1,319,0 questions\n" * (200 * s)
        + "```\n"
    ),
    # check lines whose keys are printed over and over without a value, glued or spaced (kv.truth_lines _TRUTH_RE,
    # _MEASURED_RE, _TOLERANCE_RE)
    "truth lines": lambda s: (
        "```\ngsm8k | acc,none: "
        + "ground_truth= ground truth: measured=x observed_value: rtol= tolerance:| " * (300 * s)
        + "measured=0.5 ground_truth=0.6\n```\n"
    ),
    # ranges in square brackets after values, closed and never closed, and values described after a dash that never
    # reach a clause's end (prose.intervals _INTERVAL_OPEN_RE / _INTERVAL_CLOSE_RE, prose.lists _SETUP_AFTER_RE)
    "bracketed intervals": "GSM8K 93.1 — engine B H200 FP8 mean [92.5–93.7] n=10 [ 1.5–2.5 [3–4] — — " * 500,
    # model names with a blank after each hyphen, and product numbers glued to an "S" (vocab.model_text _STRAY_BLANK_RE)
    "stray blanks in names": "Qwen2.5-7B- Instruct- 2507- A- 8060S- 4070S " * 1_000,
    # noise words that open like a verdict and never reach "noise" (vocab.not_measured NOISE_SAID_RE)
    "noise words": "within the measurement inside the run-to-run within run inside the noise- " * 1_000,
    # changes told again as counts whose words never reach a counted noun, and counts called fewer before an outcome
    # word (prose.restated_counts _RESTATED_RE, formats.pass_counts _ITEM_RE)
    "restated counts": "by 2.1 points, or 28 more correct right i.e. 1,000,0 fewer a b 3 fewer more failed " * 500,
    # lists a loop, a parametrize or an assignment opens and never closes, quotes left open, a shell loop's words
    # running on (reader.swept_lists)
    "swept lists": lambda s: (
        "```python\n"
        + 'for a, (b in [(1, \'x", [torch.float16, \n@pytest.mark.parametrize(\n  "d", [\nX: list[int] = (\n'
        * (250 * s)
        + "for m in "
        + "org/A-1 " * (100 * s)
        + "\n```\n"
    ),
    # a heading's commit after runs of backticks and "at" that never reach a base word (revision_labels _SHA_LEAD_RE)
    "commit after ticks": ("## vs " + "`(` at `@ " * 40 + "abcdef1234 x\n") * 400,
    # prose.pairing _CAME_FROM_RE, vocab.text REPORTER_WORDS_RE: a value then what it replaced, over and over
    "instead of values": "my 3080 laptop gives 24 t/s now instead of 15 t/s rather than " * 500,
    # prose.reduced_by _MOVED_BY_RE, _MEASURE_TAIL_RE: amounts a measure moved by, none closing a clause
    "moved by amounts": "speed has improved by about 6 t/s and latency dropped by ~ 3 ms " * 1_000,
    # prose.reduced_by _AGAINST_RUN_RE, vocab.sides names_base_run: shares below runs whose words never end
    "below runs": "7% lower than without the draft model the no-draft run 4% below non-spec " * 1_000,
    # prose.own_measure _NOUN_AFTER_RE, _POINTED_SET_RE, vocab.text NARRATION_RE: narrated clauses before values whose
    # words after never reach a clause's end, possessives that never close, QPS after "@" over and over
    "narrated values": "was also tried and rejected: +40% executed more instructions words @ 1.3 QPS that band's "
    * 1_000,
    "ratio ranges": "beats eager by 4-15x and 1.2-6.3x quicker, -0.5% req/s " * 500,
    # prose.reduced_by _AGAINST_RUN_RE: comparatives and their measure before "compared to" / "vs" that never name a run
    # prose.reduced_by _RATIO_LOSS_RE: ratios each called slower or worse, over and over
    "ratio verdicts": "2.1x slower 3x  worse than 1.2x slowe " * 1_000,
    "compared runs": "9% faster TG compared to 1.2x over the 3% better PP vs. 2% relative to versus " * 500,
    # vocab.length_pairs KEYED_RE: a harness's key for both lengths over and over, its second length never read
    "paired length keys": "input_output_len: 8192, input_output_lens:4096/ isl_osl=1k," * 1_000,
    # reader.quotes _QUOTED_FENCE_RE, _MARKS_RE: quoted fences of quote marks and blanks that never open a fence
    "quoted fences": lambda s: "> ```\n" + ">> > \t> ``vllm serve a/B \\\n" * (600 * s) + "> ```\n",
    # grammar.revision_labels _LABEL_LINK_RE, _EMPTY_PARENS_RE: side headings of links whose brackets never close
    "linked labels": lambda s: "#### main ([" + "[a](b ( [x](https://h/ " * (300 * s) + "abcdef1234\n",
    # prose.reduced_by _JUDGED_RE: judging verbs before shares, none right before its number
    "judged shares": lambda s: "Throughpt improved by about ~ got worse by roughly regressed 3 x " * (250 * s) + "5%\n",
    "arrows": "-> " * 12_000,
    "blanks": " \t" * 20_000,
    "commas": "1," * 8_000,
    "colons": "a: " * 12_000,
    "table": lambda s: "| a | b |\n|---|---|\n" + "| x | 1.5 |\n" * (1_000 * s),
    "ranges": "1 - " * 8_000,
    "timings": "t = 1 ms (2 ms per token, " * 2_000,  # a bracketed value after a pair, llama.cpp's timings
    "stat labels": "Mean    KLD:   0.1   " * 4_000,
    "thresholds": "threshold: 0.5, gsm8k 0.9; " * 1_500,
    "prose lengths": "generating 1 new tokens, 2 generated tokens per prompt of 3 tokens " * 2_000,
    "bare sides": "1.5 ms before, 1,2,3 before and " * 1_500,
    "method counts": "MTP=2 mtp: 3 no-mtp MTP 1 " * 1_500,
    "lead-in measures": "TTFT, 3 reps, conc 8: (ms; lower is better) (" * 2_000,
    "html tables": lambda s: (
        "<table>\n" + '<tr><td rowspan="99999" colspan="99999">1.5</td><th>a<br>b' * (375 * s) + "\n"
    ),
    "html cells": lambda s: (
        "<table><tr><th>a</th></tr>\n" + "<tr><td>1.5</td><td>x</td></tr>\n" * (1_000 * s) + "</table>\n"
    ),
    "notes": "a batch size of 1, a beam size of 4, generates 8 tokens; " * 3_000,
    # a row label's token count after a model's size (vocab.setup's isl word), a lead-in naming its code
    # (grammar.lead_ins _CODE_NAME_RE) and a heading's bracketed workload list (vocab.workload _BRACKETED_LIST_RE)
    "token count labels": "| Nova-7B 512 tok | 7b, 3 tokens 7b 8k-tok 1.5 |\n" * 2_000,
    "code lead-ins": "Row-wise scaling (`gemm_a.b`):\n\n| M | x (us) |\n|---|---|\n| 1 | 2.5 |\n\n" * 500,
    # kernel-grid cells after and before values (vocab.grid_cells, prose.lists _AT_CELL_RE, prose.grid_leads)
    "grid cells": "0.9x (98K/b1), 1.6x @ N=8192, b=8 N=8K/b=8: 1.5 -> 0.5 us; (256K, BS=64): stall 4% -> 2% " * 500,
    "grid cell colons": "(1K/b1 N=8K/b=8 (2K, BS=64 a/b/c/d/e: 1.5x " * 1_000,
    "workload brackets": "### Phase C (`bench`, ShareGPT, random 1k/1k, 200 prompts, ( 1,2,3 (a, 4 prompts)\n" * 800,
    "glued lengths": "1k1k 8k1k2k 12k-1k1k a.jsonl " * 3_000,
    "worded lengths": "input length 1 --max-output-length 2 prompt len: 3 total input length 4 " * 2_000,
    "arm leads": "base (baseline):\n\n```\nmean: 1.5\n```\n\nrun_b (same with\n--x-backend b):\n\n```\nmean: 1.6\n```\n"
    * 600,
    "side details": lambda s: (
        "x (baseline, no MTP, 2 runs (main; a-b-c-d-attn-backend y --p-q-r-s-backend " * (375 * s) + ":\n"
    ),
    "side items": "- main (before; 3 runs): 1.5 tok/s\n- this branch: 1.6 tok/s\n" * 1_500,
    # an eval's repeats under lead-ins and banner rules that never close (kv.repeat_runs _REPEAT_RE, _SCORES_RE,
    # _SKIPPED_RE)
    "repeated evals": "gpqa x\n====\n```\nRepeat: 8, mean: 0.5\nScores: ['0.4', '0.6', Repeat: 9, mean: Scores: [\n"
    * 748,
    # rows' names padded to their bracketed measures, a baseline row among them, and a name that never ends
    # (grammar.pairs _BRACKET_ONLY_RE, _PADDED_NAME_RE; kv.baseline_rows)
    "padded measures": "```\nMerged a b   (Decode):  1.5 ms\nBaseline      (Decode):  1.6 ms\nx y z w v  (T)  (: 2\n"
    * 748,
    "padded name run": lambda s: "a " * (4_000 * s) + "   (Decode): 1.5 ms\n",
    # an eval script's per-category lines beside the one naming its benchmark, and a line of counts and dashes that
    # never ends in a category (prose.lists _PAREN_COUNT_RE; prose.paste_tasks)
    "category lines": "```\nAverage accuracy 55.10 (300) - law (a, b\nMMLU weighted average accuracy: 60.20 (1530)\n"
    * 748,
    "category run": lambda s: "accuracy 0.5 (12) - " * (1000 * s) + "x\n",
    # a method turned off after a value, drafting turned off, a drafted count beside accepted ones (vocab.setup
    # vocab.setup_negation VALUE_ARM_BEFORE_RE, the spec_algo word, the draft_len word; prose.lists _SETUP_AFTER_RE)
    "value arms": "1,2.3 t/s instead of 4 t/s without the mtp, was 5 % with drafting off draft= 96 acc= 7 w/o " * 500,
    "field lines": lambda s: "  p_a   pred= 1 draft= 2 acc= 3 rate=n/a tok/s=4 x=0.5 tok/s=" * (187 * s) + "\n",
    "word fields": ("a=b " * 80 + "tok/s=1.5\n") * 100,
    # a flag's object given one dotted field at a time, and valueless switch flags that never close (grammar.commands
    # _FLAG_RE's field, vocab.switch_words flag_switches)
    "dotted flags": "--a-b.c_d.e --spec-config.method --enable-dp-attention --enable-dp --x.y " * 1_000,
    "setting arrows": "from conc 16 -> 64 here (20 ms -> 55 ms), TP2 → TP4 1 -> 2 -> 3 -> " * 600,
    # a setting's chain giving a chain of results, the flag named before it (grammar.setting_arrows _CHAIN_LINK_RE,
    # _GIVES_RE, _FLAG_RE): every number opens a chain that runs on, and every dash a flag's
    "setting chains": "`--max-num-seqs` 1 → 2 → 3 gives 4 → 5 → 6 tok/s: --a-b-c--d 7 yields " * 1_200,
    "long setting chains": "1 → " * 4_000,
    # results keyed by a setting, a point that failed among them (kv.setting_labels _KEYED_LINE_RE, its walks up to
    # the lead-in) and one line of settings and arrows that never reaches a value
    "setting keyed lines": "- concurrency 4: 512.3 tok/s TPOT\n* bs=8 → 41.2 ms\nTP4: OOM\n" * 500,
    "setting keyed arrows": "- c=4 bs=8 TP4 → " * 4_000,
    # a statistic's list ("spreads were 0.1 percentage points for X, 0.9 for Y": prose.statistic_lists _STAT_RE,
    # _NAME_WORDS_RE, _ROW_RE, _POINTS_RE) and counted runs passing checks (gates.prose _COUNTED_PASSED_RE)
    "statistic lists": "a b c d spreads were 0.1 percentage points for x y z, 0.9 for w and " * 1_200,
    "counted passes": "All 8 timed arms passed warm-up, length, a, b and c " * 1_200,
    # counted jobs, measures against their floors, and a load's units completing (gates.ci_prose _COUNTED_JOBS_RE,
    # _FLOOR_RE, _NEGATED_RE; gates.prose _SENTENCE_OPEN_RE, _LOAD_ONLY_RE)
    "counted jobs": "all three a `b` c jobs both x y builds 4 ci pipelines have " * 1_000,
    # a verdict and its tally, its subject read back over verbs (gates.ci_prose _TALLIED_RE, _TALLY_VERB_RE)
    "tallied runs": "a b was is has now finished went green (3/4 a b c d e red 1/1 " * 700,
    "floors missed": "GB200 4-GPU: p1 and p8 both miss the a b c fall below the x floor does not never " * 800,
    "floors unclosed": "p4 misses the a b c d e f g h " * 1_600,
    "floors unstopped": "p4 misses the floor and p8 clears the bar " * 1_000,
    "completed loads": "x. All prompts a b. Every request. The c completed successfully " * 800,
    # labels that are half a clause (prose.own_measure _OPEN_END_RE, _RELATIVE_RE, _DETERMINED_RE, _NO_HEAD_RE,
    # _RUN_WORD_RE) and values whose unit a comma closes inside a label (prose.labels _INNER_VALUE_RE)
    "fragment labels": "the 500-request run where a b goes 41.30 s, the figure is matching the +10.6% " * 400,
    "comma units": "1.5 s, 2 ms; 3 x, 4 %, " * 1_000,
    # a user's handle owning files, and the setup after a slash list of named values (vocab.models _SOURCE_AFTER_RE,
    # _HANDLE_RE; prose.lists _NAMED_SLASH_GAP_RE)
    "handles and named slashes": "llamafan99's GGUFs qwenab's quants MMLU 84.0 / ARC-C 96.3 / HE 92.1 at Q4 / " * 800,
    # bullet prose of a llama.cpp run: a sweep's points, a rate's test and its memory, an OOM, a pass without failures
    # (prose.guards _SWEEP_BEFORE_RE, prose.size_changes _RATE_PAREN_BEFORE_RE; prose.candidates _BENCH_TEST_AFTER_RE,
    # _MEMORY_AFTER_RE, _MEMORY_BEFORE_RE; prose.lists _OPEN_PAREN_RE; gates.prose _WITHOUT_FAILURE_RE, _OOM_AT_RE,
    # _LAST_SETTING_RE)
    "llama bullets": "sweep, 8 points: peak 66 tok/s at n_cpu_moe=24 (27.5GiB VRAM), OOM at 20, VRAM peak 3.8GB "
    "46.0 tok/s tg128 ~10k requests a b without a failure " * 300,
    "ooms": "OOM at a=b=c=1 OOM with x-y-z " * 1_600,
    # an item's label with a GGUF type's underscores in it (prose.lists _ITEM_LABEL_RE)
    "underscore labels": "Q3_K_M_a (58GB file)_: 46.0 tok/s " * 1_200,
    # measures' letters inside commit hashes, run on into long words (prose.metrics _inside_sha)
    "hashed words": "build: 3f1ae2e3 (6120) e2ee2e2e2e2e2e2e2e2ee2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e 1.5 tok/s " * 400,
    # prose naming tests in passing, labels that never close and results beside ids (reader.test_mentions
    # _RESULT_RE, _LABEL_RE)
    "passing test ids": "- **Unit test see test_fp8_a in CI, Test: test_b_c `test_d` 1 x test_e 9.\n" * 400,
    # tables each captioned under it by number, pointer or italics, captions that never close (grammar.table_captions
    # _NUMBERED_CAPTION_RE, _ABOVE_CAPTION_RE, _ITALIC_LINE_RE)
    "table caption shapes": lambda s: (
        (
            "| model | main | PR |\n|---|---|---|\n| A-8B | 9.4 | 8.8 |\n\nTable 1: TPOT (ms) on 8xH200\n\n"
            "| model | main | PR |\n|---|---|---|\n| A-8B | 9.4 | 8.8 |\n\n*Above: TTFT (ms) *on B200 * a_b_\n\n"
        )
        * (75 * s)
    ),
    # sentences naming a benchmark over pastes, pointers back and words of the same run that never close
    # (prose.sentence_tasks _NOT_A_LEAD_RE, _SAME_RUN_RE)
    "task sentences": "Next the gsm8k same same-same same 1. 2 % previous?\n\n```\nOutput throughput (tok/s): 1.5\n"
    "```\n\nThe same a-b c-d runs once more, re-ran again.\n\n```\nAccuracy: 0.91\n```\n\n" * 200,
    # bare captions over frames that never close their unit's bracket (tables.results _FRAME_CAPTION_RE)
    "frame captions": lambda s: (
        "```\n" + "MEAN STEP TIME (ms MEAN STEP TIME (" * (300 * s) + "\n     a  b\n0  1  2\n1  3  4\n```\n"
    ),
    # side words followed by clause words that never end on a colon (grammar.revision_labels SIDE_LABEL_RE)
    "side clauses": "Branch cleanup is is is was has complete main branch is " * 1_500,
    # an item's label naming its flag in code in brackets, never closed (prose.lists _ITEM_LABEL_RE)
    "flag labels": "- FP4 (`--moe-backend (`x` (`y`: 1.5 tok/s " * 1_200,
    # families opening bracketed lists that never close or never name a setting (vocab.listed_models _LISTED_RE)
    "listed families": "(Qwen FP8, (DeepSeek 2, (Llama NVFP4, long prompts, 4xH100 " * 1_000,
    "build rows": lambda s: (
        "| Image | Run | TTFT | Change |\n|---|---|---|---|\n"
        + "".join(f"| img:v0.{k}.1-dev:{k:07x}a | Round1 | 1.5 | -1% |\n" for k in range(375 * s))
    ),
    # a build table whose branch row stands after another engine's, each build's rows next to each other
    # (tables.build_rows _own_branch: one look at each build)
    "branch builds": lambda s: (
        "| Build | TG |\n|---|---|\n| mainline x-y@0d4e7a1f3 | 1.5 |\n| ours main@5f0c2b9e1 | 1.4 |\n"
        + "".join(f"| ours PR main-{k}/x@{k:07x}c | 1.5 |\n" for k in range(375 * s))
    ),
    # tables each with a fold of many continued llama-server lines under it (grammar.folded_commands: each fold read
    # once, to the next table)
    "folded commands": (
        "| a | b |\n|---|---|\n| x | 1.5 |\n\nnote 1\n\n<details>\n\n```\n"
        + "./llama-server -mtp --draft-max 3 -ctk f16 --mtp -m a-Q4_K_M.gguf \\\n" * 30
        + "x=1\n```\n\n"
    )
    * 80,
    "shape keys": "### TP=8 (E=64, N=512 E=1 E= (a, b, vLLM, c, SGLang (x, vLLM):\n" * 1_500,
    "sample counts": lambda s: "## MMLU accuracy (2000 samples, 1,319 examples 12 questions; " * (500 * s) + "\n",
    "setting ranges": lambda s: "concurrency 4–256, batch 1 to 64, TP 2-8, MTP 3-1-4 conc=1–" * (250 * s) + "\n",
    # ranges written ahead of their word, and their ends alone (vocab.input_labels _RANGE_LOW_END_RE; a range value's
    # canonical form, vocab.canonical _RANGE_VALUE_RE)
    "ranges before words": lambda s: (
        "1.5-2.5k–3.5k–160k context 1 to 2 to 64 concurrent requests 8-16 threads–" * (400 * s) + "\n"
    ),
    # a table keyed by its rows' lengths under a short header ("| il |", "| ctx |"; vocab.setting_heads length_keys)
    "length row labels": lambda s: "| il | ctx | tok/s |\n|---|---|---|\n" + "| 3.5k | 12 | 1.5 |\n" * (1_000 * s),
    # consoles printing their concurrency, and summary rows matched against the values they print
    "console runs": lambda s: (
        "```\nMaximum request concurrency: 1\nOutput token throughput (tok/s): 1.5\n```\n| a | 1.5 | 2.25 |\n"
        * (150 * s)
    ),
    # a JSON dump of records: braces counted per line, each record's keys and score read once
    "json records": lambda s: (
        "```\n[\n" + '  {\n    "model": "a/b-1",\n    "metrics": {"en": 0.5, "score:std": 0.1, "score": 0.5},\n'
        '    "score": 0.5, "t": "{}"\n  },\n' * (250 * s) + "]\n```\n"
    ),
    # turns that each leave a fence open: every turn parsed apart
    "open fences in turns": '**a** · comment · 2026-01-01\n```\n{\n"score": 1.5\n\n' * 1_000,
    # the title's target as the lead-in of many pastes of one output
    "title target pastes": lambda s: (
        "# bump q to 1.2\n\n" + '```\n[\n{\n"model": "a/b",\n"score": 1.5\n}\n]\n```\nq 1.2\n' * (250 * s)
    ),
    "build bullets": "- **GPU:** 3x AMD Radeon NVIDIA (32 GB\n- MTP: this PR branch main `17df5830e` (b9\n" * 1_500,
    "benchmark pastes": lambda s: (
        ("```\nChartQA\n" + '    "a_b": 0.5,\n' * (250 * s) + "```\n* V0 org/M-7B kv fp8 " + "x " * (375 * s) + "\n")
        * 3
    ),
    "eval records": lambda s: (
        "["
        + "{'eval_name': 'gpqa', 'model_name': 'x"
        + "_run1" * 30
        + "_20260402_101512', 'metric': 0.5}, " * (200 * s)
        + "{'task" * (750 * s)
        + "]\n"
    ),
    "env switches": lambda s: (
        "export " + "A_B" * (1_000 * s) + "=INT4 " + "VLLM_X_Y_Z_W=int8,fp8 " * (500 * s) + "TP_SIZE=8\n"
    ),
    "wrapped notes": lambda s: "x  a  b  notes\n" + ("r  1.0  2.0  n\n" + " " * 40 + "wrapped note\n") * (750 * s),
    "pr numbers and counts": lambda s: (
        "accuracy with our 2 fixes (this PR and 31877) PRs #12 and 13 pull requests " * (375 * s)
        + "PR"
        + " x" * (1_500 * s)
        + " 5\n"
    ),
    "reference yaml": lambda s: (
        "refs/x.yaml\n```diff\n@@ -1,2 +1,3 @@ "
        + "a/" * (750 * s)
        + ":\n"
        + ("-  - accuracy: 1.0\n+  - quant_algo: FP8\n+    kv_cache_quant_algo: " + "x " * 50 + "\n+    accuracy: 2\n")
        * (375 * s)
        + "a" * (1_250 * s)
        + ":\n  - accuracy: 3.0\n```\n"
    ),
    # headers of many release numbers, engines' names and brackets that never close, over a table whose width grows
    # (vocab.releases _RELEASE_NUMBER_RE, tables.release_columns _PAREN_RE)
    "release columns": lambda s: (
        "| n | "
        + "vLLM 0.11.0rc1 (this PR v1.2.3.4.5 [tok/s TRT-LLM 1.1.post | v0.10.2 (ms) | SGLang v0.5 (a) (b) | "
        * (150 * s)
        + "\n|---|\n| 1 | "
        + "1.0 | 2.0 | 3.0 | " * (150 * s)
        + "\n"
    ),
    # tagged headers over a table whose width grows, under a legend of tags defined over and over, parentheses
    # that never close (tables.legend_sides _BRACKET_TAG_RE, _WORD_TAG_RE, _UNIT_PAREN_RE, _DEFINES_RE, _clause)
    "legend tags": lambda s: (
        "A: main, B = this PR (x, N is the nightly (((, P: " * (8 * s)
        + "\n\n| n | "
        + ("TTFT (ms) [B] | TTFT (ms) [P] | base (us) | opt (us) | N | P | x " + "a " * 40 + "[Q] | ") * (40 * s)
        + "\n|---|\n| 1 | "
        + "1.0 | 2.0 | 3.0 | 4.0 | 5.0 | 6.0 | 7.0 | " * (40 * s)
        + "\n\nB = baseline (main @ 3c5e7a9), P = this PR (8d0f2b4, X: a, " * (8 * s)
        + "\n"
    ),
    # commands of long paths and flags never ending in a results file, jq paths that never close, side words in
    # every part of a name (grammar.result_files _FILE_RE, _PARTS_RE, _PROMPT_RE, _JQ_PATH_RE, _KEY_RE)
    "result files": (
        '```\n$ cat a_main/b-pr/c.d.e --result-out=x_main_pr.js > tee -a jq -r \'.a.b["c" '
        + "--output-json main_"
        + "x_" * 60
        + ".json\n1.5\n```\n"
    )
    * 400,
    "unit before side": lambda s: (
        "| n | "
        + "TTFT (ms) After | x (ms) (ms) this PR (s) | " * (150 * s)
        + "\n|---|"
        + "---|" * (300 * s)
        + "\n| 1 | "
        + "1.5 | 2.5 | " * (150 * s)
        + "\n"
    ),
    "cpu and load words": "[CPU] cpu-backend ran on the cpu eight requests at a time 16 concurrent requests in flight "
    * 1_500,
    "draft heads": lambda s: (
        "## Accept rate per prompt\n\n| prompt | "
        + "n=2 | k = 3 (x) | `n_max=4` | " * (50 * s)
        + "\n|---|"
        + "---|" * (150 * s)
        + "\n"
        + ("| x | " + "0.8 | 0.7 | 0.6 | " * (50 * s) + "\n") * 20
        + "\n- Baseline: master `b41c0d27e`\n- EAGLE3 k=3 ngram `n_max=4`: this PR branch `e07a9c3f1`\n" * (25 * s)
    ),
    "swept heads": lambda s: (
        "| hw | "
        + "c8 | conc 16 (tok/s) | bs 4 | " * (50 * s)
        + "\n|---|"
        + "---|" * (150 * s)
        + "\n"
        + ("| x | " + "1 | 2 | 3 | " * (50 * s) + "\n") * 20
    ),
    "settings chains": lambda s: (
        "## TOKENS=8 — `A_B=e2e` (cold) | EP = DP = TP = 4, x = y = z experts=8 p50 (us) min " * (300 * s) + "\n"
    ),
    "run lead-ins": lambda s: (
        "Re-ran, " + "run1 / " * (750 * s) + "run2 for reference:\n\n| a | b |\n|---|---|\n| 1 | 2/3/4 |\n"
    ),
    "diff pastes": lambda s: (
        "```diff\n" + "-  ttft_ms: 612, tokens_per_sec_per_gpu: 18 },\n+  ttft_ms: 574 } ) ]\n" * (500 * s) + "```\n"
    ),
    "method counts 2": "EAGLE=3 medusa: 2 eagle3 =4 ngram= EAGLE 3 " * 1_500,
    "engine bullets": "- 4B (vLLM)\n\n| a | b |\n|---|---|\n| x | 1.5 |\n\n### Wren (SGLang" * 500,
    "table commands": "| a | b |\n|---|---|\n| x | 1.5 |\n\nwhich can be reproduced by:\n\n``python x.py -tp 2``\n\n"
    * 400,
    "table captions": "| a | b |\n|---|---|\n| x | 1.5 |\n\nExecuted with 8 threads on an Intel(R) Xeon(R) CPU.\n\n"
    * 400,
    "ci results": "x CI finished with result: UNSTABLE. http://a.b/c?id=5f8a2c9e1d3b4a6f " * 1_500,
    "index lists": "block: [0,0,0], ne = [4096, 1, 1, 1], --threads-batch 24 " * 748,
    "arch ids": "SM90 sm_100a SM120 (H200) small sm_9 " * 3_000,
    "phase split": "1× ctx server + 2× gen servers, 2 prefill + 4 decode workers; prefill 1 " * 2_000,
    # (a long line of numbers among device and context words: a gate's window once lowered the whole line each time)
    "context lengths": "| 4K ctx | 16K context | ctx_len=4096 | max context 1 | 1× ctx server " * 1_500,
    "change sentences": "At batch 2 the path is 6% faster, 1.2x slower at 4K ctx. " * 748,
    "tuned for": "H200 table on H20 configs run on B200 tables " * 2_000,
    "quant widths": "| AWQ-INT4 | INT3-GPTQ | gptq 4-bit | awq_w8" * 2_000,  # a method with its bits
    "spaced cells": lambda s: "| a | " + "1.5% " * (1000 * s) + "|\n",
    "clocks": "1:15 min to run x, " * 2_000,
    "completed": lambda s: "a b c d e f g h i completed " * (750 * s) + "successfully",
    "spelled counts": "Nine tests passed " * 4_000,
    "decimal commas": "1,85 2,4 s " * 2_000,
    "fractions": lambda s: "| a | " + "12/40 (30%) | " * (375 * s) + "\n",
    "numbers": "1.5 " * 8_000,  # one line of bare values: every one a prose candidate with its clause search
    "number cells": lambda s: "| 1.5 " * (2_000 * s) + "|",  # one row of 8,000 cells that is no table
    # keys listed with their values, values said of two names, lengths before their names, named spreads
    "listed keys": lambda s: "rates: " + "`k_1` 1%, 1,234 ms, " * (375 * s),
    "both": "a and b exact match both 0.9, " * 1_500,
    "lengths first": "8k ISL 1k OSL 4 ISL 5 cp38 CP=2 1.5k ISL 2.5 OSL isl=1.5 " * 3_000,
    "named spreads": lambda s: "GSM8K " + "69.9% (SEM 0.4%), " * (375 * s),
    # an accuracy's count in brackets, changes named by the words after them, "M without X" lines, env variables
    "counts in brackets": lambda s: "MMLU accuracy " + "91.2 (250), " * (750 * s),
    "changes named after": "a 2% output token throughput improvement and " * 1_500,
    "with without": "TPOT without the cache: 19.5 ms, TPOT with the cache: 19.3 ms; " * 1_000,
    "arm lines": lambda s: "```\n" + "old x : acc 0.1  lat 2 ms\nnew x : acc 0.2  lat 1 ms\n" * (187 * s) + "```\n",
    "side labels": "main, attention backend triton:\n\n**With EAGLE3:**\n\nBEFORE: AB.C (backend=x):\n\n" * 1_000,
    "env variables": lambda s: "A_B=1 " * (750 * s) + "vllm serve m/x",
    "release statements": "the data is from the results measured with release " * 3_000,  # never a version after
    "spacer rows": lambda s: (
        "a\tb\tc\n" + "x, y\t\t\n\t\t\n\n" * (1_000 * s) + "1\t2\t3\n"
    ),  # label, tabs, blank: a table?
    # setup after a value, model file paths, HTML comments never closed, shell prompts
    "setup after": "41.2 ms for Llama-3.1-8B on two L40S and " * 1_500,
    "model paths": lambda s: "Qwen2.5-7B/" * (1_000 * s) + "model.gguf 1.5 ms",
    "open comments": "<!-- 1.5 ms " * 3_000,
    "signed changes": "gives +2.10% output throughput and " * 3_000,
    "pytest times": lambda s: "6 passed" + ", 1 warnings" * (1_500 * s) + " in 1.5s",
    "capabilities": lambda s: "the chip can sustain roughly " * (500 * s) + "200 GB/s",
    "both sides": lambda s: "1.5 ms/t for master and " * (750 * s) + "this PR",
    "clause models": "~5% faster for the 7B model and " * 1_500,
    "slash units": lambda s: "| " + "a b " * (2_000 * s) + "latency/ms |\n|---|\n| 1.5 |\n",
    "pytest targets": lambda s: "```\n" + "$ pytest a.py\n" * (1_000 * s) + "3 passed in 1.0s\n```\n",
    "node counts": "2 B200x8 nodes, 8*H100, " * 3_000,
    "prompts": lambda s: "root@h:~/" + "a/" * (2_000 * s) + "# python3 x.py --tp 2",
    # the words that name a sweep, and header rows of bare numbers, each looking upwards for them
    "sweep words": "by batch size and every concurrency 8 over ISLs, " * 3_000,
    "result dicts": lambda s: "{" + "'s': {'num': 30, 'acc': 0.4}, " * (375 * s) + "}",
    "open dicts": "{'s': {'num': 30, " * 3_000,
    "snake settings": "num_spec_tokens 4 and a_b_c_d_e " * 3_000,
    "works on": lambda s: "also works with a b on " * (1_000 * s) + "MI300",
    "tested versions": lambda s: "the tested version " * (750 * s) + "is v1.2.0",
    "bounds": "the gate is TPOT <= 30 ms and " * 3_000,
    "accuracy tests": lambda s: (
        "```\n" + "Reference accuracy: 88.0\nThreshold: 84.8\nEvaluated accuracy: 41.5\n" * (375 * s) + "```\n"
    ),
    "mark statements": lambda s: "```\n" + ("✅ " + "a and b " * (50 * s) + "match\n") * (75 * s) + "```\n",
    "cN labels": lambda s: "concurrency: " + "c1 +6.5% C64: -3.1% " * (750 * s),
    "hedges": lambda s: "whether Qwen3-8B, " * (750 * s) + "I cannot tell. DeepSeek-Lite on RTX-3090",
    "ditto rows": lambda s: (
        "| m | kv type | t/s |\n|---|---|---|\n| x | fp16 | 1.5 |\n" + "| - | int8 | 1.5 |\n" * (1_000 * s)
    ),
    "spanned rows": lambda s: (
        "| m | tp | isl | t/s |\n|---|---|---|---|\n| x | 2 | 1 | 1.5 |\n" + "| | | 2 | 1.5 |\n" * (1_000 * s)
    ),
    # packed slash lists of values, lists paired with lists, the settings listed at concurrency 1/16/64
    "slash lists": lambda s: "TPOT 1.5/" * (1000 * s) + "2.5 ms",
    "paired lists": "1.5/2.5 ms vs 1.4/2.4 ms, " * 1_500,
    "listed settings": "at concurrency 1/16, 4, 8 and " * 3_000,
    # level-1 model headings, a model's generation, the unit a page states in words for every value
    "model headings": "# Orca Lite 7B\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n# LLaMA v4 Scout - x (TP/PP)\n\n" * 1_500,
    "setting columns": lambda s: (
        "| Quantization | imatrix | PPL |\n|---|---|---|\n" + "| q4_K_S | WT 1m | 7.2 |\n" * (750 * s)
    ),
    "paste comments": lambda s: (
        "```\n" + "#acme/Tiny-8B\n# main code\nAccuracy: 0.64\n# old-kernel\n\n" * (375 * s) + "```\n"
    ),
    # server launches relaunched with other flags in one paste, each over its scores (grammar.relaunch_arms: every
    # arm read once, against the first)
    "paste relaunches": lambda s: (
        "```\n# baseline\n"
        + (
            "python3 -m sglang.launch_server --model-path a/B \\\n  --attention-backend fa3\nAccuracy: 0.64\n"
            "Output throughput: 10.5 token/s\npython3 -m sglang.launch_server --model-path a/B --enable-foo\n"
            "Accuracy: 0.61\n"
        )
        * (60 * s)
        + "```\n"
    ),
    "key value tables": lambda s: "| Revision | 9f8e7d6c |\n|---|---|\n" + "| Backend | Vulkan |\n" * (750 * s),
    "thread marks": lambda s: "| Model | Measure | F16 |\n|---|---|---|\n" + "| 3B | ms/tok @ 4th | 61 |\n" * (750 * s),
    "spaced model names": "the Throughput of Llama 3.1 8B and " * 3_000,
    "branch at sha": "* main@1a2b3c4d\n   - PPL = 3.41\n" * 1_500,
    "named parts": "| a | p0 / p1 / p2 accept |\n|---|---|\n| x | 1.5% / 2.5% / 1% |\n| y | 1.5 / 2 / 3 |\n\n" * 748,
    "rates at": "finished at 1.5 output tokens/s/gpu and " * 1_500,
    "folded titles": "<details><summary>a b c</summary>\n\n| a | b |\n|---|---|\n| x | 1.5 |\n\n" * 1_000,
    "unit statements": "All values are measured in tokens per second; " * 3_000,
    "options files": lambda s: (
        "kv_cache_config:\n  dtype: fp8\n  - 1\n" * (375 * s) + "a_config:" + " " * (625 * s) + "b\n"
    ),
    "sized names": lambda s: "Kestrel-3-Super-1-2-3-4-5-6 " * (500 * s) + "Kestrel" + "-3" * (1_000 * s) + "-8B\n",
    "bold names": lambda s: "**Heron_1_" + "a_" * (2_500 * s) + "**\n" + "**Kite-9B (" + "x" * (1_250 * s) + "\n",
    "glued settings": lambda s: "we pass `" + "a" * 30 + "," * (750 * s) + "max_tokens=512` and " * (250 * s) + "\n",
    "device banners": lambda s: (
        "```\n" + "ggml_vulkan: 0 = Radeon | uma: 1 | fp16: 1 |" * (500 * s) + "\n  Device 0: x\n```\n"
    ),
    "cut last rows": lambda s: "| a | b |\n|---|---|\n" + "| x | 1.50 |\n" * (750 * s) + "| y | 1",
    "header shas": "| a | base 1a2b3c4d | pr 5e6f7a8b |\n|---|---|---|\n| x | 1.5 | 1.6 |\n\n" * 1_000,
    "link cells": lambda s: (
        "| | |\n|---|---|\n| **Model** | **Speed** |\n" + "| [a](b) [c](d](e) | 1.5x |\n" * (750 * s)
    ),
    "results below": lambda s: "All the numbers below were " + "taken " * (750 * s) + "at 1a2b3c4d5e.\n",
    "waivers": lambda s: (
        "not a real " * (1_000 * s) + "regression\n\n| c | a main | a pr |\n|---|---|---|\n| 8 | 2.0 | 1.0 |\n"
    ),
    "code identifiers": lambda s: "`MiniMax" + "H3" * 30 + "Attention` and `Qwen" + "A1" * 30 + "Layer` " * (200 * s),
    "wrapped statements": lambda s: "All tables below describe the build at\n" * (750 * s) + "`1a2b3c4d5e`\n",
    "conversions": lambda s: "the FP4 weights were converted " + "a " * (750 * s) + "to FP8 and " * (500 * s) + "\n",
    "baseline precisions": lambda s: (
        "INT4 speedups relative to the ONNX FP16 " * (750 * s) + "baseline vs BF16 reference\n"
    ),
    "settings grids": lambda s: (
        "| Launch option | A | B |\n|---|---|---|\n" + "| `a_b_c_d_e_f_g_h` | `1` | `1` |\n" * (750 * s)
    ),
    "spec off": lambda s: "speculative decoding " * (750 * s) + "disabled, MTP\n",
    "bare cards": lambda s: (
        "### 4090 " + "results 3090 jetson agx orin nano " * (750 * s) + "\n\n| a | b |\n|---|---|\n| x | 1 GB (2%) |\n"
    ),
    "length heads": lambda s: (
        "Latency (Unit: " * (500 * s)
        + "ms):\n\n| Model | 256 tokens | 1k tok |\n|---|---|---|\n"
        + "| Wren-8B "
        + "FP16 " * (750 * s)
        + "| 0.1 | 0.2 |\n"
    ),
    "machine lists": lambda s: (
        "- RX 9070 XT (gfx1201"
        + "), 16 GB, RX 9070 (" * (500 * s)
        + "\n\n| model | t/s |\n|---|---|\n"
        + "| Heron-7B Q8_0 (7.16 GiB"
        + " GiB" * (750 * s)
        + ") | 61.2 |\n"
    ),
    "captions": lambda s: (
        "Time to first token of " + "a b " * (750 * s) + "(Unit: ms):\n\n### CPU " + "cpu " * (500 * s) + "\n"
    ),
    "listed verdicts": lambda s: (
        "## " + "a b PASS, c FAIL; " * (750 * s) + "\n\n## x: " + "y " * (1_250 * s) + "PASS\n"
    ),
    # lines with no digit, in ASCII and beyond it (each scanned whole by the remembered digit test)
    "no digits": "- a b é ★ c d\n" * 3_000,
    # the names a gate's grouped copy looks for, one after the other, every one at a word's start or inside one
    "gate names": "mmlu-pro xgsm8k accuracy_err max error per-tok [AR] a.len 1.5 " * 1_500,
    "hex letters": "deadbee cafe 0xfeedfac abcdef1 added faded " * 1_500,
    "long keys": lambda s: "a b c d e f g h i j k l m n o p q r s t u v w x y z " * (200 * s) + ": 1",
    # a build note naming boards by their compute capability, and a page's machine list over its sub-sections
    "capability notes": lambda s: (
        "* the compute capability of "
        + "60 (P40) or 80 (A100) " * (250 * s)
        + "\n\n"
        + "* Intra node: 8xA100-80GBs with\n" * (125 * s)
        + "\n#### B\n\n| a | b |\n|---|---|\n| x | 1.5 |\n" * (62 * s)
    ),
    # tensor parallel sizes in headers ("2-way TP", "single GPU") and a size with a tail ("= 8 with NVLink")
    "way heads": lambda s: (
        "| b | "
        + "Latency of 2-way single-gpu 16 ways " * (250 * s)
        + "TP (ms) |\n|---|---|\n| 1 | 2.5 |\n\n"
        + "* tensor_parallel_size = 8"
        + " with NVLink over" * (500 * s)
        + "\n"
    ),
    # an API's reference tables (a type and a description column), one after the other
    "api tables": (
        "| Name | Data Type " + "shape " * 20 + "| Description |\n|---|---|---|\n"
        "| x | float/half/bfloat16 | 8-way tensor parallelism |\n\n"
    )
    * 400,
    # sections that name a length in prose, each over a table printing its own lengths ("Input Seqlen")
    "lent lengths": "## Plan\n\nIt then generates 32 tokens.\n\n## Results\n\n| Input Seqlen | t (ms) |\n|---|---|\n"
    "| 64 | 2.5 |\n\n" * 300,
    "sweeps": "at batch sizes 1 to 4\n\n| | 1 | 2 |\n|---|---|---|\n| main | 1.5 | 2.5 |\n| PR | 1.6 | 2.9 |\n\n" * 400,
    "glued at digits": "8k1k 1k1k1k 08k1k/" * 4_000,  # GLUED_LENGTHS_RE opening at a digit (vocab.length_pairs)
    # family words' first letters after every mark, none a whole word (vocab.models _FAMILY_AT_RE)
    "family openings": "(qwe 1 mixtra [gem /ll -st deepsee 3 " * 3_000,
    # a GPU count's digits and a GeForce's number, none closed (vocab.setup, the GPU word's digit_opens)
    "gpu digits": "4090t 8 3050 t 16x 2010b 5 x " * 1_500,
    # digits inside numbers and names, each refused by the look-behind after it (vocab.setup_word DIGIT_OPENS)
    "inner digits": "12345678 fp8a9 tp8ep8 1.2345 16concurren 8-sho " * 2_000,
    # GPU and precision beginnings after every mark, inside words too (vocab.setup_word _starts_pattern)
    "word openings": "(gb2 xgb200 nv.a1 -h1 [b2 mxf 8 " * 3_000,
    # "Every figure is output tokens per second" begun over and over, no unit ever closing it (stated_measure)
    "unit figures": "Values are in output figures is measured in total numbers are tokens per " * 600,
    # a change's word after a share, over and over, never reaching a measure's name (prose CHANGE_METRIC_AFTER_RE)
    "change words": "up to 5% more end-to-end 3% lower average 2x faster mean " * 748,
    # counts before boards and one length for both sides, neither ever closed (vocab.setup, vocab.length_pairs)
    "counted boards": "4 H100 4 H100x 2k input/ 2k in / 8 B200 1 in/outs " * 1_000,
    # short names opening lists of settings, each a new one, over a text of separators never ending in one
    # (grammar.model_alias: each short name is looked for once, in one pass over the document)
    "model aliases": lambda s: "".join(f"K{j}, TP8, 1k/1k.\n" + "a-b_c/" * 40 + "\n" for j in range(40 * s)),
    # values listed with their changes, and arrow pairs that never close a label (prose.labels _PAIR_TAIL_RE)
    "listed changes": lambda s: "a 1 µs → 2 µs (−3%), b 4 ms -> " * (250 * s) + "\n",
    # lead-ins opening with a change made, none ever reaching its colon (grammar.sides _LEAD_SIDE_RE)
    "change leads": ("After simply adding " + "the guard x " * 20 + "\nBefore fixing a:b\n") * 400,
    # sentences naming a measured or a baseline commit, none ever reaching its sha (revision_labels)
    "measured sentences": lambda s: ". Measured export commit/tree x. Baseline #4 commit " * (375 * s) + "\n",
    # measuring verbs and main-line words that never reach their head word or sha, then a line naming two shas
    # (revision_labels _VERB_HEAD_RE, _AT_BRANCH_SHA_RE)
    "measured at heads": lambda s: (
        (
            "Validated final a b c d head x. Retested at the current main branch at y tested on master "
            + "retested on main 0a1b2c3 at master 4d5e6f7\n"
        )
        * (400 * s)
    ),
    # "k/n name" items of one clause whose verb never comes, then a wrapped line of them, and totals that never
    # reach their "0 errors" (formats.pass_lists _RATIO_ITEM_RE, _ALL_CLEAN_RE; pass_counts joins a block's lines)
    "ratio lists": lambda s: (
        ("- 1/2 a b c d e f g h i j k l m n o p, 3/4 q r s t, all 5 x y z report `E: 1 passed\n  3/3 u v, ") * (150 * s)
        + "\n"
    ),
    # counts of counts joined by "and" whose verb never comes, words that never reach their noun, and a PR head
    # stated without its sha (formats.pass_counts _RATIO_RE, pass_lists _RATIO_ITEM_RE, revision_labels _PR_HEAD_RE)
    "ratio words": lambda s: "48/48 a-b c.d e f tests and 6/6 g h captures PR head is `7c1d2e3` z " * (200 * s) + "\n",
    # tallies of counted nouns that never reach their next count, and named evals that never reach "passed"
    # (formats.pass_counts _GAP_RE, gates.prose _PASSED_RE)
    "job tallies": lambda s: (
        "- 17 successful jobs, and 3 failed runs and both long evals evaluations " * (300 * s) + "\n"
    ),
    # side labels whose revert clause never ends as one: no parenthesis closed, no "reverted" after "with"
    # (grammar.reverted_sides _REVERTED_SIDE_RE)
    "reverted sides": lambda s: (
        "`main` with a b c d (x (y after reverting e f g (h ( once i is j backed\n```\n1.5 ms\n```\n" * (300 * s)
    ),
    # setup items stating a head that never reach its sha, under an archive banner whose number never closes, and a
    # paste's side comments naming runs of hex (grammar.tied_revisions _HEAD_ITEM_RE, _BANNER_NUMBER_RE, at_its_commit)
    "head items": lambda s: (
        "acme/x · pull request #12345678 ·\n# t\n\n"
        + "- #1234 head commit: `**_ 7c1d2e3g\n- PR head = abcdef1 x\n" * (150 * s)
        + "```\n"
        + "# PR: source=abcdef1 0a1b2c3d4e 5f6a7b8c9d deadbeef1 fa1afe12 x\n1.5 ms\n" * (150 * s)
        + "```\n"
    ),
    # a thread whose turns name the head a description stated and the names it defined, with near misses of the words
    # that move a head, of a commit's link and of a head a sentence states (vocab.head_moves HEAD_MOVED_RE,
    # grammar.turn_heads _COMMIT_LINK_RE and the carry's walk over the turns, grammar.tied_revisions _NOW_HEAD_RE)
    "turn heads": lambda s: (
        "# t\n\n- PR head: `1a2b3c4d`\n"
        + "".join(f"- **r{i}**: `1a2b3c4d`\n" for i in range(50 * s))
        + (
            "u · comment · 2026-01-01\nforce- pushe new  commit current  head updated  the address your  x "
            "/commits/1a2b3c4g merged the latest  x older  build on `1a2b3c4d`\n\n"
            "| | main | PR | r1 |\n|---|---|---|---|\n| tok/s | 1.0 | 2.0 | 3.0 |\n\n"
        )
        * (50 * s)
        + "v · comment · 2026-01-02\nRe-ran on the current head   is now  `1a2b3c4g` " * (20 * s)
        + "\n"
    ),
    # near misses of each free-worded head phrase, a hex run on every line (grammar.head_phrases _MOVED_TO_RE,
    # _PUSHED_RE, _HEAD_NOUN_RE, _MEASURED_AT_RE, _REBASED_ONTO_RE, _COMMIT_LINK_RE, _MAINS_RE; NOT_A_HEAD_RE)
    "head phrases": lambda s: (
        "# t\n\n"
        + (
            "moving the PR branch head commit to commit `1a2b3c4g pushed commit `1a2b3c4g with the latest new PR "
            "head (1a2b3c4g rebased it directly onto the current `main/x` at (1a2b3c4g figures again at the new "
            "1a2b3c4g https://x.io/a/commits/1a2b3c4g main branch is at 1a2b3c4g stack trace at 1a2b3c4d 1.5 ms\n\n"
        )
        * (150 * s)
    ),
    # a head's noun after a determiner and many participles, pull request numbers and near-shas, a backport onto two
    # words that never reach a commit, and wrapped tested lead-ins (grammar.head_phrases _HEAD_WORDS, _HEAD_NOUN_RE
    # subject, _REBASED_ONTO_RE "onto", _PR_NUMBER_RE; grammar.revisions _TESTED_RE; grammar.wrapped_revisions)
    "head nouns": lambda s: (
        "# t\n\n"
        + (
            "the verified #2001 rerun candidate measured head (`1a2b3c4g the tip #12 onto release 0.9.2 (`1a2b3c4g "
            "of the tested head\n`1a2b3c4g` onto v1 v2 v3 `1a2b3c4g\nTested as a backport of head 1.5 ms\n"
            "an older snapshot of the PR (`1a2b3c4g on the branch's earlier PR's snapshot of the 1.5 tok/s\n\n"
            "## Result\n\n| c | tok/s |\n|---|---|\n| 1 | 2.0 |\n\n"
        )
        * (200 * s)
    ),
    # sentences that almost narrate another pull request's change (a reference, many words, no verb), and table rows
    # whose label cell almost links a pull request (vocab.other_runs _PR_REF, _OTHER_CHANGE_RE, _PR_LINK_RE)
    "other changes": lambda s: (
        "# t\n\n"
        + ("PR #12 the [a](https://x.io/pull/12 pull request 34 a b c d e f moved. #5 x y z w 1.0 ms -> 2.0 ms\n\n")
        * (300 * s)
        + "| [a](https://x.io/a/pull/1x) https://x.io/pull/ | 1.0 |\n|---|---|\n"
        + "| [b](https://x.io/pull/7/pull/8 | 2.0 |\n" * (300 * s)
    ),
    # news lines' months and long digit runs before a commit link, and labels whose verb almost follows a hyphen
    # (grammar.head_phrases _VALUE_RE; grammar.revision_labels _COMMIT_TAIL_RE)
    # comma lists of bare values whose unit follows the last, kernel names with namespaces, flag-argument dumps
    # (prose.parallel_lists.list_unit walks back and on over joints, vocab.setup_negation._QUALIFIER_RE,
    # kv.spaced._ENDS_IN_FLAG_RE, vocab.flags._DATASET_PATH_RE)
    # round 21's readers, each line one shape (line count grows, never a line's length): values said "respectively",
    # settings cells and lines, rebase leads, a dispatch rule's branch, listed checks that pass, success counts, "vs X"
    # base rows, tagged side headers, a ratio after an arrow pair, a limitations section
    "round 21 shapes": lambda s: (
        "# Restore decode speed\n\n## Limitations\n\n- **FP8 KV not supported**\n\n"
        + (
            "With int8/int4 kv cache on Orca2-13B and Finch-7B, RPS rose by 21% and 29% respectively; ~4x KV cache "
            "memory reduction, 5%-6% latency overhead.\n"
            "Requests: 5000, Memory fraction: 0.88, TP2, C1, 256 output tokens, GSM8K strict 0.91\n"
            "Pre-rebase numbers (`1a2b3c4d`): 12.1 -> 15.3 ms/step (1.26x); rebased onto main: 40.1 tok/s\n"
            "The new path keeps the fused kernel for BF16 KV cache and falls back to the generic one for FP8 KV "
            "cache.\n"
            "Lint, the type check, docs, the build and the mergeability check pass; validation GREEN (37/37 jobs).\n"
            "Mean acceptance length ~2.1-2.5 / 5 (1 bonus + 4 drafted); per position 0.70 / 0.48 / 0.30.\n"
            "| test settings | C | Completed | RPS | v.s. kv fp16 | Original: This PR `4e1d9a7` |\n"
            "|---|---|---|---|---|---|\n"
            "| tp1 / ratio 0.8 / bs 256 / prompts 10000 | 2 | 700/700 | 14.9 | 1.00 | 3.1 |\n"
            "| kv int8 | 16 | Invalid | 19.0 | 1.27 | 3.3 |\n\n"
        )
        * (30 * s)
    ),
    "unit after a list": lambda s: (
        "# t\n\n"
        + (
            "The gaps were " + "-0.41, +0.06, " * 12 + "and -0.40 points, then " + "1, " * 20 + "2 ms on H100; "
            "the `ops::a_b::fp8_mqa_logits` kernel, `x::" + "y" * 30 + "` and --dataset-path " + "a/" * 12 + "\n"
            "app  start:  --port\napp  start:  9011\n\n"
        )
        * (40 * s)
    ),
    "dated commit links": lambda s: (
        "# t\n\n"
        + (
            "- **[2024.08]** " + "20241" * 40 + ".1 We [merged](https://x.io/a/commit/1a2b3c4d5e) a-measured "
            "at-ran-run 2019.13 `1a2b3c4d`\n\n"
        )
        * (60 * s)
    ),
    # fixing verbs and fix nouns whose object almost reaches "regression": many words, a clause word, no end
    # (vocab.not_measured ADDRESSED_REGRESSION_RE; prose.declared_states _addressed)
    "addressed regressions": lambda s: (
        "# t\n\n"
        + (
            "A fix " + "for a b " * 20 + "work around the a b c d e f g h i 25% throughput regressio "
            "alternative fixes patch for the 9% is regression\n\n"
        )
        * (40 * s)
    ),
    # many matrices of placeholders, each under a heading that almost names a backend and over legend lines that
    # explain or almost explain a placeholder (support.notes PlaceholderKey, _QUOTED_HOLDER_RE, _BARE_HOLDER_RE;
    # support.scopes HEADING_BY_RE, HEADING_NAMED_RE)
    "placeholder legends": lambda s: (
        "# t\n\n"
        + (
            "## Models served by the by the a b c backend engine engine\n\n| m | A | B |\n|---|---|---|\n"
            '| x | Yes | - |\n| y | - | ? |\n\n"-" means not verified yet\n- - - - means\n`?` `-` = = unknown\n\n'
        )
        * (4 * s)
    ),
    # a support matrix beside columns that almost print results, headers that almost end in a bit width
    # (support.matrix _RESULT_LEAD_RE, _result_columns; vocab.input_labels CONFIG_LABEL_RE ", bits")
    "marks beside results": lambda s: (
        "# t\n\n| k | "
        + "a (b) c-d " * (8 * s)
        + ", bitz | up to | GPU |\n|---|---|---|---|\n"
        + "| x | up to about ~1.5xx | about  3 | ✅ |\n" * (200 * s)
    ),
    # commit links that almost open a sentence, almost follow a comparison's word or almost stand right before a
    # value, link texts that almost name a side, over lists of results (grammar.head_phrases _linked, _COMPARED_RE,
    # _COMPLETED_RE, _HEX_RE; grammar.value_sides _COMMIT_BEFORE_RE, _SHA_IN_TEXT_RE; grammar.linked_sides
    # _SIDE_LINK_RE)
    "commit link leads": lambda s: (
        "# t\n\n"
        + (
            "The exact [native `1a2b3c4d` x [ [main](https://x.io/a/commit/1a2b3c4g) over than [this branch]"
            "(https://x.io/a/commits/1a2b3c4d/commit/ `1a2b3c4d` tile build at [b](x/commit/1a2b3c4d) completed "
            "`1a2b3c4d` at 1.5 tok/s, and 2.5% of [ `1a2b3c4d` a b c at\n\n- 3.5 tok/s, 0.4 req/s\n\n"
        )
        * (100 * s)
    ),
    # comment lines inside one paste that almost name a side or a run, over results (grammar.bare_sides
    # comment_side_alone; grammar.revision_labels BARE_COMMENT_RE)
    "paste comment sides": lambda s: (
        "```\n"
        + "// baseline\n# reference run\n-- int8 dynamic w4a16 x y z\n// a b c d e f g h 1.5\ngsm8k: 0.81\n" * (250 * s)
        + "```\n"
    ),
    # board columns whose headers almost name a property (vocab.doc_tables _BOARD_PROPERTY_RE, _NUMBER_CELL_RE)
    "board headers": lambda s: (
        "| GPU | "
        + "reported physical memory size (gb " * 3
        + "|\n|---|---|\n"
        + "| H100 | 1.2.3.4.5.6 gb x |\n" * (100 * s)
    ),
    # values in code spans changed "to" the next over and over, and "from" marks that never reach a value
    # (prose.pairing _CHANGED_TO_RE, _FROM_RE; prose.guards' spans of a value in its unit)
    "changed to": lambda s: "`1.5 tok/s` has improved to `2.5 tok/s` from `` from ** " * (150 * s) + "\n",
    # replicate rows whose arm names run on in joined numbers, under a header of words that hold a change's words
    # (tables.results _LABEL_NUMBER_RE, tables.stem_columns DELTA_HEADER_RE)
    "replicate rows": lambda s: (
        "| arm | duration again exchange |\n|---|---|\n" + "| baseline_rep1_2-run3-trial4_5 | 1.5 |\n" * (100 * s)
    ),
    # lead-ins of colons and signs that never reach a score's decimals (tables.results _OWN_SCORE_RE)
    "own score leads": lambda s: "gsm8k: = -+1 := 12. " * (100 * s) + "\n\n| a | b |\n|---|---|\n| x | 1.5 |\n",
    # precisions followed by training words that never finish (vocab.setup's quant word, its "-trained" look-ahead)
    "trained precisions": "bf16-train fp16 pre-trainedx bf16_pre- \n" * 400,
    # numbers before argument names that never close ("max_" with no name, "input_le"), then one that does
    # (prose.guards _ARG_NAME_AFTER_RE; vocab.setup's number-first lengths)
    "argument names": lambda s: (
        ("1 max_ 2 input_le 3 prompt len 4 a_b_c_d_e_f_g_h_i 5 output_" * 20 + " 6 max_length\n") * (20 * s)
    ),
    # words before a pass that never reach its noun, long tokens of slashes and sentence ends (gates.prose _PASSED_RE)
    "pass subjects": lambda s: (
        (
            ("a-b/c.d+e " * 6 + "148/152. x synccheck+memcheck passed " + "tests, " * 4 + "; a B1 c passed onto ") * 5
            + "\n"
        )
        * (40 * s)
    ),
    # shares over and over before words that never reach a bar's name, and bars changed without a value
    # (prose.guards THRESHOLD_AFTER_RE, BAR_CHANGE_RE)
    "bar words": lambda s: "50% acceptance rate a b threshold from `0. " * (375 * s) + "\n",
    # footnote marks in table cells, opened and never closed (tables.cells _MARKUP_RE)
    "sup marks": lambda s: "| a | b |\n|---|---|\n" + "| no <sup>2 | 1.5 <sup>x</sup> |\n" * (500 * s),
    # many lines opening alike, then quotes that repeat them joined and never end where a line does
    # (reader.quotes _Said: a bounded number of earlier lines tried, each walked once)
    "collapsed quotes": lambda s: "a b 1 [x](y)\n" * (150 * s) + ("> " + "a b 1 y " * 60 + "z\n") * (50 * s),
    # load phrases that almost say the bound is gone, never reaching "cap" (vocab.setup_labels UNCAPPED_LOAD_RE)
    "uncapped words": "without any max concurrency no concurrency 1 " * 800,
    # superscript and dagger marks glued to headers and cells, runs longer than a mark (tables.cells _MARKUP_RE)
    "glued marks": lambda s: "| a¹²³⁴ | PR†‡§† |\n|---|---|\n" + "| x¹¹¹¹¹ | 1.5†††† |\n" * (500 * s),
    # labels over pastes one word apart, and labels that never close with a colon (grammar.twin_labels)
    "twin labels": (
        "Main Eagle:\n```\nspeed=1.5\n```\nBeta Eagle:\n```\nspeed=1.6\n```\n" + "- Old a(b c(d e(f " * 5 + "\n"
    )
    * 400,
    # labels over pastes of one shape, a version in brackets, a sentence setting one against the other; throughput
    # kinds that never reach their measure (grammar.twin_labels, prose.metrics _THROUGHPUT_KIND_RE)
    "versioned twins": (
        "- Python (v2):\n```\nOutput Token Throughput (tok/s) 209.7\n```\n- CPP (v1 (v1 (v1:\n```\nOutput Token "
        "Throughput (tok/s) 212.5\n```\nPython's Output Token Throughput is 2% lower than CPP's, than than vs vs "
        + "output token total token request " * 4
        + "throughput 3%\n"
    )
    * 400,
    # pastes of one measure under lead-ins that open like a reference's and never name a precision, or run long
    # (grammar.reference_pastes)
    "reference pastes": (
        "Reference run\n```\ntop1 is 71.0%\n```\nRef " + "reference baseline " * 8 + "fp16\n```\ntop1 is 70.5%\n```\n"
    )
    * 400,
    # profiler counters glued to words, "score" glued inside longer words, each a pair that never closes (vocab.metrics
    # LOWER_IS_BETTER_RE's stall/miss/spill words, _PROSE_QUALITY_RE and the prose words' bounded "score")
    "counter words": ("- long-scoreboardscoreboard stallstall missmiss 22% -> spills regsregs 12 -> " * 50 + "\n") * 20,
    # measures named after their unit, each followed by blanks and signs that never reach a number (prose.metrics
    # NAME_AFTER_UNIT_RE)
    "names after units": ("1902 ms TTFT    :    ~ 18 ms TPOT-x 5 tok/s throughput= " * 50 + "\n") * 20,
    # lead-ins that open like a version's and never reach its bracket (grammar.twin_labels _VERSION_LEAD_RE)
    "version lead-ins": ("With the " + "old a.b-c " * 6 + "(v1 (v2 we had:\n```\n| a (s) |\n|--|\n| 4.20 |\n```\n")
    * 400,
    # bare commit links, glued and in parentheses, then a line of one link each (revision_labels)
    "commit links": (
        "Tested at https://github.com/o/r/commit/0a1b2c3d4e(https://x/commit/5f6a7b8c9d " * 8
        + "\nhttps://github.com/o/r/commit/0a1b2c3d4e5f\n" * 8
    )
    * 100,
    # slash labels that never reach their colon, hash lists one short of their labels, head words that never reach a
    # sha, then a line that pairs them (formats.commits _SLASH_PAIR_RE, _STATED_HEAD_RE; revision_labels base)
    "commit tree pairs": (
        "Base commit/tree/ab/cd " * 12
        + "a/b/c/d: `0a1b2c3d` / `1f2e3d4c` / 0a1b2c3 / " * 8
        + "current PR head commit is x " * 8
        + "\nReference commit: 0a1b2c3d. Measured commit/tree: 0a1b2c3d4e / 1f2e3d4c5b. Current PR head: 7e6d5c4b3a\n"
    )
    * 100,
    # pytest ids whose parameters never close, class names that never reach "::", and a value after each of many ids
    # (vocab.test_ids _TEST_ID_RE, _WORLD_SIZE_RE; prose.lists test_id_setup_before)
    "pytest ids": (
        "`TestQux70B::test_mtp[nvfp4_ws8_80gb-trtllm` 1.5 ms " * 8
        + "TestAbcdefgh12B" * 8
        + "::test_" * 8
        + "test_x[fp8_ws1] 2.5 ms, " * 16
        + "\n"
    )
    * 100,
    # a paste whose fence the next one closes, the last left open on a number shorter than the ones before it
    # (reader.cut_end _NUMBER_RE)
    "cut paste ends": ("```\n" + "a 1.25 7 1st 1.28x 9.955s 1.1.1 " * 40 + "\nP99 (ms): 113475.30\nMean (ms): 11\n")
    * 48,
    # scores whose "accuracy on" never reaches a benchmark, then one that does (prose.metrics SCORE_ON_METRIC_RE)
    "scores named after": ("1.5% accuracy on the  2% score in  " * 30 + "88.7% accuracy on GSM8K\n") * 48,
    # disaggregated layouts that never reach their generation servers, then one that does (vocab.disagg_layout)
    "layouts": lambda s: "Config: " + "ctx1_tep8_ctx_pp4_dep2_ep4_gen " * (500 * s) + "ctx2_tep4_gen1_dep16\n",
    # reductions whose measure runs on past "by", shares after each (prose.reduced_by _REDUCED_BY_RE, looked for in
    # the 120 characters before each share only)
    "reduced by": lambda s: "It reduces " + "mean TPOT latency cut lowers by by 1% reduces x " * (400 * s) + "by 2%.\n",
    # roles whose sizes never end, and roles named with no size after them (vocab.disagg_layout _ROLE_RE)
    "role sizes": lambda s: "Qwen(" + "Prefill TP 2 PP2, Decode tp=1/ gen ctx: " * (250 * s) + "Decode TP 4):\n",
    # a side column's header of the PR's word, then blanks and hashes over and over (tables.side_columns
    # _PR_NUMBER_RE)
    "pr number headers": lambda s: (
        "| Metric | main | PR " + "  # #1 " * (500 * s) + "|\n|---|---|---|\n| t (ms) | 2.0 | 1.5 |\n"
    ),
    # a change column named by a defined candidate, then "vs" over and over (tables.side_columns _VS_RE)
    "candidate vs": lambda s: (
        "opt1 (7c2e94ab10d3f5e6a7b8c9d0e1f2a3b4c5d6e7f8)\n\n| Metric | Baseline | Opt1 | Opt1 "
        + "vs vs  over " * (500 * s)
        + "|\n|---|---|---|---|\n| t (ms) | 2.0 | 1.5 | -25% |\n"
    ),
    # lengths printed with their unit ("4,096 t 1"), a rate spaced out over a long header ("x / x / sec"), cells
    # carrying a measure's unit under a setting's word (tables.roles _measured_cells, vocab.setting_heads)
    # spreadsheet pastes with a blank corner and no outer pipes (tables.dialects), their rows named by weight and
    # activation widths, some cut short ("w8a", "wint4a1"; vocab.setup's quant word)
    "blank corners": ("  | a | b\n-- | -- | --\n" + "w8a16 | 1.5 | w8a wint4a1 w4a16w8a8_ |\n" * 20 + "\n") * 148,
    # lengths a name gives a block, a page or a chunk, each cut before its number ("--cache-block-seq-len", vocab.setup)
    "block lengths": lambda s: (
        "--cache-block-seq-len -page_seq_len x chunk seq len max-seq-len " * (500 * s) + "seq len 64\n"
    ),
    # "AR" columns in bytes and in shares, their sizes spelled in cells (tables.roles _in_bytes)
    "byte columns": (
        "| n | AR MiB | AR | AR (GiB) |\n|---|---|---|---|\n" + "| 16 | 0.16 | 0.7 | 1.5 GiB |\n" * 20 + "\n"
    )
    * 100,
    # a two-row header whose groups each state a setting over their sub-columns (tables.sub_headers, row_info's
    # cell_setup: each group's settings kept apart, once per group of a row)
    "grouped settings": (
        "| n | "
        + "G | | " * 148
        + "\n|---|"
        + "---|---|" * 148
        + "\n| | "
        + "TP | tok/s | " * 148
        + "\n"
        + ("| 1 | " + "2 | 1.5 | " * 300 + "\n") * 10
        + "\n"
    )
    * 8,
    # an HTML table's two header rows, its rows printed a cell a line (tables.html_table: each cell on its own line)
    "html cell lines": lambda s: (
        '<table><thead><tr><th rowspan="2">n</th><th colspan="2">G</th></tr>\n<tr><th>TP</th><th>x</th>'
        + "</tr></thead>\n"
        + "<tr>\n<td>1</td>\n<td>2</td>\n<td>1.5</td>\n</tr>\n" * (750 * s)
        + "</table>\n"
    ),
    # a unit spelled in a header's words: a rate of spaced slashes, a duration counted "to" or "in" (tables.headers)
    "spelled units": (
        "| n | " + "Tokens / sec / x / y days to in mins " * 300 + "TFLOPS / GPU |\n|---|---|\n| 1 | 2 |\n\n"
    )
    * 20,
    "unit columns": (
        "| Seq. len. (K) | Prompt | Tokens " + "/ x " * 200 + "/ sec |\n|---|---|---|\n"
        "| 4,096 t 1 | 3,120 t/s | 1,0" + ",000" * 10 + " t |\n\n"
    )
    * 200,
    # GeForce numbers over a memory never stated, then "tests ... done" never saying where (vocab.canonical GPU_NAMES,
    # grammar.command_labels _SECTION_RUNS_ON_RE), each line a sentence of its own
    # and GeForce pairs never closed ("4090 + 3090-" over and over, vocab.setup's gpu word)
    "section runs": (
        "4090/ 3080/2 g 2080/10 4090 +3090- 2080-ti+ " * 100
        + "\n\n"
        + "All the tests above were all done " * 20
        + "\n\n"
    )
    * 20,
    # checkpoints packed in row labels, cut before their group size, and engine parts that never end
    # (vocab.checkpoint_labels)
    # sizes listed before bits that never come, over a table (vocab.checkpoint_labels _LEAD_RE, grammar.setup)
    "checkpoint leads": (
        "done on **30B/65B/7B/ 4bit 30B/65B, 4bit 12 " * 300 + "\n\n| a | b |\n|---|---|\n| x | 1 MB |\n\n"
    )
    * 20,
    "checkpoint labels": (
        "| | VRAM |\n|---|---|\n"
        + "| 7B 4bit 128g, HF, 16-bit 1 | 5 MB |\n| 7B 4bit 1 7B 4bit , , , ,HF HF | 5 MB |\n" * 20
        + "\n"
    )
    * 100,
    # methods glued to "for" that never name their project, capability words never reaching "with"
    # (vocab.setup's quant word, grammar.document_default _WORKS_ON_RE)
    # ranges of changes whose words after never name the change, conditions in brackets never closed in time
    # (prose.change_ranges, pairing's from-to guard)
    "change ranges": lambda s: (
        "between 2% (short a) to 6% (b c) from 3% to 8% (x faster pp512 a 5% to 9% TTFT y " * (250 * s) + "\n"
    ),
    # figures each followed by a bracket, some never closed, on one long line and on many short ones
    # (reader.figure_parens: the brackets a line's figures keep for themselves)
    "figure brackets": lambda s: (
        "About 5% (empty a 12% (b c) to 13 (d) and 1.5x (e to 7% (f g h" * (150 * s)
        + "\n"
        + "* ~2% (x) to 6% (a 32k context) improvement for PP\n" * (150 * s)
    ),
    # a score's parts in its brackets, labels that run long, brackets never closed, parts with no value
    # (prose.part_scores: a part's label before its value, in a bracket opened right after a figure)
    "score part brackets": lambda s: (
        "MMLU 71.42 (`stem`: `63.10`, humanities social sciences other: 74.88, a b c d = (std: 0.4, x y: 1 ("
        * (100 * s)
        + "\n"
        + "- GSM8K 77.3 tok/s (main: 76.8; strict-match = 75.0, flexible-extract: 76.1)\n" * (150 * s)
    ),
    # shares joined by "and" whose change noun never comes, measured "at" depths that are never thousands of tokens
    # (prose.shared_nouns, prose.lists _SETUP_AFTER_RE's noun after the measure, vocab.setup's "at 32k tokens")
    "shared change nouns": lambda s: (
        "~8% PP and ~1% TG TG gain-less at 32 tokens, 4% pp pp, and 2% decode a b improvement at 65k token " * (150 * s)
        + "\n"
    ),
    # methods turned off by a verb that never ends in one (vocab.setup_negation OFF_BEFORE_RE)
    "off verbs": "without setting without enabling the w/o using any turning on MTP EAGLE FP8 " * 2_000,
    # lead-ins comparing against a base word that never comes (grammar.revisions _AGAINST_BASE_RE)
    "against leads": lambda s: (
        "Measured against the current compared to relative to versus vs. the upstream " * (500 * s) + ":\n"
    ),
    # box rows of a name and values with full stops and blanks, and rows cut to their name (tables.grid _is_data)
    "name value boxes": (
        "├──────┤\n" + "│ ITL. │ 61.42  ms. │\n├──────┤\n" * 40 + "│ O\n\n" + "| a | 1.5 . |\n|---|---|\n| b | 2. |\n\n"
    )
    * 100,
    # rebase sentences whose head never comes, over a long line of sentences (revision_labels _REBASE_HEAD_RE,
    # _ONTO_MAIN_RE) and results' nouns before a side that never ends in its colon (SIDE_LABEL_RE's RESULTS_LEAD)
    # candidate headings whose noun never comes (revision_labels _HEADING_WORDS_RE)
    "optimized headings": lambda s: "### Optimized " + "Tuned Improved " * (500 * s) + "\n",
    "rebase heads": "rebased onto current `main` (`1a2b3c4d5e`). The new " * 1_600,
    # metric names inside long underscore runs, widened to their identifier (prose.metrics _whole_identifier)
    "identifier metrics": "a_b_c_d_e_f_g_h_throughput_x_y_z_w_v_ttft_ms_ 1.5 ms " * 400,
    # values said to agree with a baseline whose parenthesis never closes or never comes (prose.pairing
    # _AGAINST_GAP_RE, vocab.sides AGREES_WITH)
    "agreeing baselines": "1.5 ms on H100, matching the weekly figure (1.4 ms, in line with the old ( " * 400,
    "results lead sides": lambda s: "Results on Numbers for Accuracy with before " * (400 * s) + ":\n",
    # side labels of vocab.sides' label words whose repeat's note or colon never closes (revision_labels
    # BARE_SIDE_LINE_RE, SIDE_LABEL_RE)
    "stock side labels": lambda s: "Stock build again (Reference build Mainline " * (400 * s) + "\n\n    x: 1\n",
    # results' noun phrases before a comma whose side never comes, bold or not (vocab.sides RESULTS_LEAD's comma form in
    # BARE_SIDE_LINE_RE and SIDE_LABEL_RE), a side's label over notes that never reach their block (_bare_scope)
    # scores under a filter name whose parenthesised spread never closes (prose.pairing _PLUS_MINUS_GAP_RE)
    "filter scores with spreads": "- main: strict-match 76.90 (+/- 1.16, flexible-extract 77.95 ( ± ( +/- " * 400,
    # side names before "at commit" / "(sha" that never reach a sha, and glue words that never end (grammar.commit_sides
    # _SIDE_AT_RE, _LEAD_WORDS_RE)
    "commit sides": "the base branch at commit `3c4d5e` and and the this PR (abc12 main commit [`9a8b7c " * 400,
    "comma results lead sides": lambda s: (
        "**Offline serving throughput, Offline results, this " * (300 * s)
        + "branch**\n\n"
        + "**Main branch**\n"
        + "* a note\n" * (50 * s)
        + "\n| a | b |\n|---|---|\n| x | 1.5 |\n"
    ),
    # variant cells whose percent never closes, change headers whose number never comes (tables.stated_bases
    # _PCT_PAREN_RE, _DELTA_VS_RE)
    "stated bases": lambda s: (
        "| w | base | + a | + b | Δ a vs 61.0 | Δ "
        + "delta vs " * 30
        + "|\n|---|---|---|---|---|---|\n"
        + "| x | 48.0 | 55.2 ( +1 ( -2 % (+15%) | 50.4 (+5%) | +1 | 2 |\n" * (125 * s)
    ),
    # words said again after an arrow that never match, arrow cells under a base → head header that never close
    # (prose.pairing _WORDS_ARROW_RE, tables.headers _ARROW_PAIR_CELL_RE)
    "repeated arrow words": "31 tok/s single-stream x -> 44 tok/s single -> 5 ms p50 → 6 ms p5 " * 600,
    "arrow pair cells": lambda s: (
        "| t | hits, base → head |\n|---|---|\n" + "| a | 11 → 14 → 1.2.3.4.5.6.7.8 % → |\n" * (500 * s)
    ),
    # arrow cells whose sides print a spread, again and again, and never close on one value (tables.cells
    # ARROW_CELL_RE)
    "spread arrow cells": lambda s: (
        "| n | p50 (s) |\n|---|---|\n| 1 | " + "0.24 ± 0.0031 s +/- 1 → " * (300 * s) + "0.11 ± 0.2 ± |\n"
    ),
    # Chinese side words whose colon never comes, negations far from their verb (vocab.sides, SIDE_LABEL_RE)
    "chinese sides": lambda s: "未默认默认开启 不使 优化 关 开" * (750 * s) + "：\n",
    # boards after a count and a maker's line that never come, and glued letters after settings' numbers
    # (vocab.board_counts GPU_VENDOR, vocab.setup_word's number end)
    "maker lines": "2x AMD Instinct 8x Tesla NVIDIA GeForce dp4a tp8x ep2b " * 2_000,
    # headers that look like a flag and go on past one (vocab.flags flag_head_key)
    "flag heads": ("| `--" + "a-b" * 20 + "` | `-" * 10 + "x |\n|---|---|\n| 1 | 2 |\n\n") * 400,
    # benchmark names near dataset words before changes named by a word that never comes (prose.candidates)
    "dataset changes": "dataset gsm8k-lite data set mmlu 15% gai 3x faste " * 1_000,
    # change columns naming a base in many words, rows never that name (tables.precision_rows delta_named_base)
    "delta heads": ("| a | " + "Δ vs BF16 diff (x) versus " * 40 + "| Δ vs fp16 |\n|---|---|---|\n| b | 1 | 2 |\n\n")
    * 200,
    # standard-error columns of cells that never hold a number (tables.row_info stderr_of, rows._stddev)
    "stderr columns": ("| m | acc | stderr | SEM |\n|---|---|---|---|\n" + "| a | 0.5 | ±± | ± x |\n" * 20 + "\n")
    * 100,
    # sentences quoting code that never closes or is no command (grammar.document_default _INLINE_CODE_RE)
    "quoted commands": lambda s: "see `llama-bench -p 2048 -n 0 ` and ` x `` `a " * (500 * s) + "\n",
    # items naming checks in words and code spans that never reach an outcome, and nested counts under no count
    # (gates.colon_items, formats.pass_lists sub_count)
    "check items": ("- a `b c` d " + "`e` f " * 12 + ": maybe\n  - g: 4/4\n    - h i: 5/6\n") * 800,
    # versions before bracketed shas of a bump, never closing (formats.commits _NOT_COMMIT_BEFORE_RE)
    "bump shas": lambda s: "from 1.4.0 (`1a2b3c4d` to v2.5 ( `5d6e7f80 from 3.1 ( " * (500 * s) + "\n",
    "project names": lambda s: "GPTQ-for- AWQ_for_ gptq-4bit-for for use for use on x " * (750 * s) + "\n",
    # llama.cpp's compare script with its one-dash flags over and over, the last never given a value
    # (grammar.commands _BENCH_FLAG_RE, reader.line_kinds's script paths)
    "bench commands": ("./a/compare-commits.sh m b -m a/b-1b/q4_0.gguf" + " -fa 1,2 -ngl -p 0 -n" * 100 + "\n") * 20,
    # a llama-bench label of sizes that never ends under a lead-in naming a model and a backend
    # (formats.llama_bench _LABEL_SIZE_RE, vocab.setup's backend and model words)
    "bench labels": (
        "On the Vulkan backend with the model Ab-1B-"
        + "c." * 40
        + "\n\n| Model | Test | t/s master | t/s x | Speedup |\n"
        "|---|---|---|---|---|\n| llama " + "1B " * 300 + "Q4_0 | tg32 | 1.00 | 2.00 | 2.00 |\n\n"
    )
    * 40,
    # headings that open with a branch's namespace and a backend, never a family after them (vocab.models
    # _HEAD_REF_RE, vocab.backends _TITLE_BACKEND_RE)
    # short names opening settings lists, and the names a harness states as the model, over and over
    # (grammar.model_alias _MODEL_KEY_BEFORE_RE, read back from each full name)
    "stated aliases": ("Q9, TP4, random 2048 input.\n\n{'model': 'acme-q9', 'pretrained' =  \"b-q9\", model x-q9}\n\n")
    * 400,
    # a send_one run and an eval's caps, quoted in prose (vocab.flags capped_eval)
    "eval caps": ("With `send_one --max-new-tokens 12 --max-tokens 3 run_eval --tasks --eval-name`: 1.5 ms\n\n") * 400,
    # tables of tasks, their rows' labels long and never a benchmark (tables.row_info _TASK_HEAD_RE)
    "task tables": ("| Tasks | x |\n|---|---|\n" + "| gsm8k, 8-shot of the arc arc arc | 1.5 |\n" * 20 + "\n") * 40,
    "family titles": ("# " + "ab/" * 50 + "vulkan : qux" + " x/minimax" * 100 + "\n\nTP 2: 1.5 ms\n\n") * 40,
    # sections whose lines are colons and counts that never reach an outcome word (grammar.section_results
    # _CHECKED_RE: "33 passed", "packaging: passed" make a section one of results)
    # example markers before code spans that never close, verbs' "like", asides opening with a marker and never
    # closing (reader.prose_examples: what an example blanks for the setup readers)
    "example markers": lambda s: (
        "e.g.: `a: {'ep': 4}` or `b , such as `c looks like `d (e.g. TP=4 (for instance x " * (500 * s) + "\n`"
    ),
    # suppositions over and over on one line, never ending their sentence, some "If we" (reader.prose_examples
    # _SUPPOSE_RE: what a made-up case blanks for the setup readers)
    "suppositions": "if the model generates 300 tokens: suppose 2; If we say 1, imagine " * 2_000,
    # words of suitability over and over on one line, never ending their sentence (vocab.prospects PROSPECT_RE: where
    # a change would serve, blanked for the setup readers)
    "prospects": "a strong fit for TP8 and would also suit a well suited 2x H100, could be useful for " * 2_000,
    # an excerpt's chunk marks, each under a fence its cut left open (reader.regions _TURN_MARK_RE: each parsed apart)
    "chunk marks": ("[turn 0 by alice, continued]\n#### TP2\nBaseline:\n```\nMean TPOT (ms): 14.0\nP99 TP\n\n") * 600,
    # an archive's turn lines made headings, each over a fenced run (reader.scanner _TURN_RE, reader.regions
    # _TURN_LINE_RE: each turn's fences parsed apart)
    "turn headings": ("### alice · comment · 2026-01-02\n\n2x W7900\n\n```\neval time = 1.5 ms / 2 tokens\n") * 600,
    # a console's banners between rules, over and over, and its sizes printed as None (reader.line_kinds
    # is_console_banner, grammar.commands echo)
    "console banners": ("=====\nREQUEST DETAILS ( main / x branch)\n=====\nTP Size: 8\nEP Size: None\n\n") * 800,
    # paragraphs over tables naming draft depths and pinned acceptance, their values never coming, over and over
    # (vocab.setup's depth word, prose.guards _SET_ACCEPTANCE_BEFORE_RE, grammar.spec_leads)
    "spec depths": (
        "MTP depth of spec-depth depth- pinned acceptance length of simulated accepted len: golden acceptance\n" * 6
        + "length for depth 2. Fixed acceptance rate 0.5; EAGLE3 with 3 draft tokens! mtp depth=\n\n"
        + "| a | b |\n|---|---|\n| x | 1.5 |\n\n"
    )
    * 200,
    # short names with a variant opening lead-ins under a title naming their family, each role's servers glued to its
    # name, and changes named by a measure before a gain word that never comes (grammar.model_alias _ALIAS_RE,
    # vocab.disagg_layout _ROLE_RE, prose.metrics GAIN_METRIC_AFTER_RE)
    "compact leads": lambda s: (
        "# [DeepSeek-V4] a\n\n"
        + (
            "V4-Pro 8k/1k MTP3 disagg (ctx1 TP=4 + gen4 TP=8 ctx2 gen3 tp=), c=4/server, gb300:\n\n"
            "| a | b |\n|---|---|\n| x | 1.5 |\n\nThe 4.4% e2e throughput mean decode 3% output TPOT wi\n\n"
        )
        * (125 * s)
    ),
    # pronouns after sentences of measure phrases, shares lower than an arm, regressions of measures that never reach
    # "by", and concurrency labels in long sentences of many values, wrapped (prose.candidates _MEASURE_PHRASE_RE,
    # prose.reduced_by, vocab.setup_negation THAN_BEFORE_RE, prose.concurrency_labels _sentence_label)
    "pronoun changes": (
        "concurrency C64 improves PP performance decode speed. It is 3% lower than without MTP, 2% less than w/o "
        + "regresses throughput/TPOT and a by C8 1% C16 +2% " * 20
        + "\nregress x by 1%-2%, while C128 crosses over to +0.5% It 4%\n\n"
    )
    * 20,
    # families named with their version in sentences of a section with no result (vocab.models _SPACED_VERSION_RE)
    "family versions": ("## a\n\n" + "for mimo 2.5 qwen v3.1% glm 4. step 2.5 llama 3.1x " * 40 + "\n\nTP4\n\n") * 20,
    # tables labelled with a feature off and on, bare labels with no colon (grammar.sides _FEATURE_SIDE_RE,
    # tables.side_tables _OFF_LABEL_RE / _ON_PREFIX_RE / _NEGATION_RE)
    "feature off and on": (
        "w/o mtp\n| a | b |\n|---|---|\n| x | 1.5 |\n\nw/ mtp3 no\n| a | b |\n|---|---|\n| x | 1.4 |\n\n"
        "no   spec-_.+\n| a | b |\n|---|---|\n| x | 1.3 |\n\n"
    )
    * 200,
    # bullet lead-ins of many name words and a bracket that never closes, over their tables (grammar.lead_ins
    # _BRACKETED_LEAD_RE)
    "bracketed leads": (
        "- E2E: Aa1.2 " + "Bb-1 " * 30 + "FP8 (1 GPU, " + "x" * 200 + "\n\n| a | b |\n|---|---|\n| x | 1.5 |\n\n"
    )
    * 400,
    "checked sections": ("## a\n\n- " + ":   pass 1 fail 2 passe :   " * 300 + "\n\n## b\n\nEP8 on 8x B200\n\n") * 20,
    # an eval's table with a status column, rows of a mode and its "non-" twin, share cells whose count and keyed
    # measure never close (tables.side_rows feature_off_twin, tables.rows _TALLY_RE / _KEYED_MEASURE_RE,
    # gates.tables _named_by_more, vocab.setup_negation OFF_BEFORE_RE)
    # tables of side-marked columns under long lines of marks, definitions and alternatives that name no side
    # (tables.side_marks _MARKED_RE, _DEFINED_RE, _ALTERNATIVES_RE, _CURRENT_RE; its text above a table is capped)
    "side marks": lambda s: (
        (
            "serial a (S) is the default, S = b | c or d (S) x/y vs z, " * 30
            + "\n\n| x | Tok/s (S) | Tok/s (P) | Δ% |\n|---|---|---|---|\n| 1 | 1.0 | 1.1 | +10.0% |\n\n"
        )
        * (30 * s)
    ),
    "status modes": lambda s: (
        "| Model | Mode | flexible_extract | Acceptance rate | Status |\n|---|---|---|---|---|\n"
        + "| A-1B | MTP | 0.5 | 1.5% (1/2, toks_fwd=2.5) | PASS |\n| A-1B | non-MTP | 0.5 | 9% (1/2, 3/4, a= | FAIL |\n"
        * (250 * s)
    ),
    # lead-ins naming a board by its number or as printed after "GPU:" (unclosed names, GGUF types after a model,
    # boards that never end), over tables of "a → b (+x%)" cells whose change never closes (vocab.canonical
    # _PRINTED_DEVICE_RE and the W-series, grammar.line_setup _BOARD_END_RE / _PRECISION_TAIL_RE, tables.rows _arrow)
    "board leads": lambda s: (
        "# CUDA: wider tiles\n\n"
        + (
            "Sweep on RDNA3/ W7800, GPU: Vendorix Ab Cd Ef VX-9000 W78 Q4_K_M (GPU: AMD Foo Q4_K GPU: A. gfx11:\n\n"
            "| model | ubatch | pp32 |\n|---|---|---|\n| Foo-7B Q4_K_M | 512 | 1.5 → 2.5 (+3% (1 → 2 |\n\n"
        )
        * (125 * s)
    ),
    # a speculative config that JSON cannot read, its keys quoted and escaped over and over, never closed, and
    # placeholders after flags (grammar.commands _JSON_PAIR_RE, the template slot a flag's "<..." value is)
    "spec config pairs": lambda s: (
        "```\nvllm serve org/M --speculative-config '{"
        + '\\"method\\": \\"a \\"model\\": \\"b\\" \\"num_speculative_tokens\\": 1, "x": <"s" | "p">, ' * (400 * s)
        + "\n--max-concurrency <1 | 2 --num-prompts <10 * n\n```\n"
    ),
    # DeepSeek shorthands with a member joined on and on, none of them ending where a name may (vocab.models
    # _SHORTHAND_RE's member form)
    "ds members": "DSv4-Flash-DS-R1-Pro.x ds-v3.2-lite/" * 2_000,
    # chosen points of a sweep in headers, qualifiers that never reach a setting or a rate (tables.setting_keys
    # _CHOSEN_RE, vocab.units _AT_POINT_RE)
    "best points": lambda s: (
        "| best best_ optimal-peak Conc | Output TPS at at the best @ peak | TTFT at Best |\n|---|---|---|\n"
        + "| 4 | 3.0 | 1.0 |\n" * (500 * s)
    ),
    # gains over runs named before their numbers, dotted names and "by" that never reach a number (prose.reduced_by
    # _BEATS_BY_RE, _AND_BY_RE, _AGAINST_RUN_RE's dotted names)
    "beats by": "beats torch.compile.x and over a.b by by and eager by ~ outperforms 3 faster than v0.6. still still "
    * 1_000,
    # a family's named member with a version after it, then a count of boards, over and over (vocab.models
    # _MEMBER_MODEL_RE's version form)
    "member versions": "Mistral Large 2 Mistral-Small 4 GPUs Mistral Small 3.1x " * 2_000,
    # a setup section over headings of sub-sections, each with a line that may print a result (grammar.setup_scopes
    # _setup_section_end asks each sub-section once)
    "setup sub-sections": lambda s: "## Hardware\n- H200\n" + "#### Part\nTP2 on B200\n" * (750 * s),
    # families and whole versions spaced on and on, a size needed after each (vocab.models _SPACED_VERSION_RE,
    # prose.guards _NEEDS_BEFORE_RE)
    "family versions and needs": "Llama 3 Qwen 2. needs ~1 GiB of disk 8 may cause errors " * 1_000,
    # comparisons naming their baseline by an example, on and on (vocab.setup_negation _BASE_BEFORE_RE)
    "baselines by example": "faster than plain methods such as FP8 next to schemes like AWQ 1 " * 1_000,
    # an arm's label of run nouns and joints on and on before its value (vocab.workload _ARM_FILLER_RE)
    "arm label fillers": lambda s: ("- FP8 " + "run on with mode " * 4 + ": 12 tok/s\n") * (300 * s),
    # a board's recipe path glued on and on, lengths in every part (vocab.length_pairs _PATH_LENGTHS_RE, read on the
    # first 400 characters of a line only)
    "recipe paths": "GB200 recipes/gb200-fp4/1k1k/8k1k-" * 1_000,
    # a heading of inline-code settings that never close or never hold an "=" (grammar.heading_setup
    # _CODE_SETTING_RE)
    "code settings heading": lambda s: (
        "### Kernel (" + "`a=1` `b_c=` `=2` `d.e=3 " * (250 * s) + ")\n\n| M | us |\n|--|--|\n| 1 | 2.5 |\n"
    ),
    # labelled command blocks whose setups all hold to the section's end, each over a block setting that ends first:
    # the setup index merges the scopes holding each line again only past the one that ended (grammar.setup_index)
    "stacked commands": lambda s: (
        "## Runs\n\n"
        + "**Server Command**\n```\nBATCH=4\nvllm serve org/M-7B --tp 2\n```\n" * (300 * s)
        + "\n| conc | tok/s |\n|---|---|\n| 1 | 1.5 |\n"
    ),
    # sentences of sides and commits that chain "vs" without end, a bare commit or one in backticks on either side
    # (grammar.sides _VS_RE / _LEFT_SIDE_RE / _RIGHT_SIDE_RE, one window each side of each "vs")
    "one-commit sides": ("Baseline `abc1234de` vs this PR vs main (0a1b2c3d4) against base 0a1b2c3d4 vs the ") * 400,
    # a kernel table whose change column is the time saved on every row (tables.delta_check gain_deltas), under
    # validation lines of runs and their errors and a measure's "max" (formats.pass_counts _RAN_RE, prose.guards
    # _STAT_BEFORE_RE)
    "gain deltas": lambda s: (
        "| t | baseline (us) | this PR (us) | delta |\n|---|---|---|---|\n"
        + "| 1 | 40.00 | 32.00 | +20.0% |\n" * (250 * s)
        + "\n- "
        + "73 cases ran, 0 AssertionError 12 tests ran with no Foo logits_diff (max 0.0020) max 0.5 ran, " * (50 * s)
        + "\n"
    ),
    # lists of values each after a label of its own that never close, shares "of" long clauses with no end, and
    # counts of code names a recipe "uses" (prose.own_labels _NEXT_LABEL_RE / _OWN_LABEL_RE, prose.candidates
    # _SHARE_OF_RE / _CLAUSE_OPEN_RE, prose.guards _USES_BEFORE_RE / _CODE_NAME_AFTER_RE, prose.named_changes)
    "own labels": ("strict-match 72.4% / flexible-extract 73.6%, exact_match: 1.5 / -0.9pp ") * 400,
    "share clauses": ("x: ~4% of FP8 elements flip a b c d e f g h i j, 12% of tokens of the of ") * 400,
    "tensor counts": ("which uses 90x `IQ3_KS` for all using 4x `a` used 2x `") * 400,
    # model file sizes whose bits-per-weight bracket never closes or never names BPW (prose.guards _BPW_AFTER_RE)
    "model sizes": ("Foo-IQ3_KS 49.072 GiB (3.816 BPW 12 GiB ( 3.8 bp 7.5 GiB (3.81 ") * 400,
    # an "Example:" label under a design heading over a long list, signed changes with modifier words whose measure
    # never comes and settings trailing them, peaks that reach no value, and a role-headed table of sides whose cells
    # are sizes (reader.prose_examples design_examples, prose.metrics SIGNED_METRIC_AFTER_RE, prose.lists
    # _SETUP_AFTER_RE, prose.elided_changes, vocab.disagg_layout role_cells_setup, tables.prose_measure)
    "design examples": lambda s: (
        "## Modifications\n\nExample:\n"
        + "+ For Decode: TP4/DP2; Prefill: TP4\n- Example:\n" * (100 * s)
        + "\n## Test\n\n"
        + "gives **+4.3%** end-to-end serving request token at TP4 and **+3.3%** at TP8, with peaks of peak " * (50 * s)
        + "\n\n| Prefill | Decode | ISL | PR | main | Δ |\n|---|---|---|---|---|---|\n"
        + "| TP8/DP2 | TP8/DP4 TP8/DP4 | 1024 | 1.5 | 1.4 | +7% |\n" * (100 * s)
    ),
    # names of no known family shaped as a model's (a variant part) that never reach a place naming a model, dashes
    # and versions joined on and on, and "on"/"the" before each (vocab.shaped_models _PLACES_RE)
    "shaped names": "on Ab-Pro-Cd-V9-Ef.1-Flash-Gh the Xy-Mini-Base-Instruct-Chat-Q2 Zz-Pro 1-sample-" * 400,
    # benchmark editions and subsets glued and spaced, never closed, and a score's bare name with a unit that never
    # closes (vocab.metric_table's gsm8k-platinum, aime2025, livecodebench-v6, gpqa-diamond, accuracy rows)
    "benchmark editions": "gsm8k-platinum aime 20252025 livecodebench v66 gpqa_diamond acc. (% acc accuracy (" * 400,
    # dashed names after a lead-in's "with"/"using"/"for", an org before some, never closed by a size in brackets
    # nor by a board (vocab.shaped_models _LED_RE, _LED_SHAPE_RE, _ON_BOARD_RE)
    "led names": "with ab/Cd-1.2-ef-Gh-3 (4.5 using Xy-Z9-mini on two on 8x for Q-1-2-3-4-5 (12.5" * 400,
    # hub ids of no known family in the places that make one a model: hub addresses whose link text never closes,
    # code spans never closed, "model"/"--model" before owner/name chains, dataset words and extensions near each
    # (vocab.hub_ids _LINK_RE, _LINK_TEXT_RE, _CODE_RE, _AFTER_WORD_RE, _FILE_END_RE, _NOT_MODEL_BEFORE_RE)
    "hub ids": "[a/B-2](https://huggingface.co/a/B-2.x `c/D-3 model  e/F-4/ --model=g/H.py dataset `i/J5` " * 400,
    # headings of part numbers, maker words and "use"/"on" repeated and never closed by the line's end
    # (vocab.device_headings _DEVICE_HEADING_RE, _NOT_PART_RE; canonical.GPU_NAMES' MetaX, Kunlun, MLU, MTT)
    "device headings": lambda s: "".join(
        f"### use Metax C5{i % 10}0 Kunlunxin P800 MLU590 MTT S4000 on QX{i}8 results (a ( b\n" for i in range(400 * s)
    ),
    # model pairs whose second part never closes or is glued to the next pair (vocab.canonical SIBLING_PAIR_RE)
    "model pairs": "Kimi-K2.5/K2.6/K2.7x Llama-3.1-8B/70B/ Qwen3-8B/8Bx-Pro/ " * 800,
    # side lead-ins in prose over pastes and tables: a branch named in a code span, "w/o" / "w/ ..., enable FLAG"
    # leads with and without their colon, and one long line of branch names and switches that never ends
    # (grammar.revision_labels SIDE_LABEL_RE, grammar.sides _SWITCH_SIDE_RE)
    "side leads": lambda s: (
        "`a-b` branch:\n\n| a | b |\n|---|---|\n| x | 1.5 |\n\nw/o this change:\n```\nScore: 0.5\n```\n\n"
        "w/ this PR, enable FOO_BAR\n```\nLatency: 1.5 s\n```\n\n"
        * (75 * s)
        + "`x` branch w/ this PR, enable `--y` " * (50 * s)
        + "\n"
    ),
    # pastes naming their data ("Loading X dataset", "[h] Evaluating gsm8k") over scores, and one long line of
    # names that never reaches its dataset word (kv.context _DATASET_LINE_RE / _EVALUATING_RE)
    "data lines": lambda s: (
        "```\nLoading A b c d e dataset x\n[h] Evaluating on the gsm8k mmlu a b\nAccuracy: 0.5\n```\n\n" * (200 * s)
        + "```\n"
        + "Loading the a b c Evaluating " * (100 * s)
        + "\nScore: 0.5\n```\n"
    ),
    # a line of sentences each stating a setup then an arrow pair named after it (with a misspelt throughput), ratios
    # written with their sign first, bare speed-ups against what they name, peak rates in parentheses, commands with
    # their verdicts, compound parallel sizes and k/n counts of comparisons (prose.sentence_setup,
    # prose.metrics _PAIR_MEASURE_AFTER_RE, prose.prefixed_ratios, prose.ratio_names _FASTER_THAN_RE / _SPEED_AFTER_RE,
    # prose.hardware_specs _PEAK_PART_RE / _ON_ARCH_RE, gates.prose _TOOL_RESULT_RE, vocab.setup's dcp / pcp words,
    # formats.pass_counts _RATIO_RE)
    "sentence setups": "Foo-7B FP16 on H100 gives a 5% gain. Perf goes from 1.0 -> 1.1 output thoughput " * 1_000,
    "prefixed ratios": "x1.5 generation speed, x2 faster and ×3 speed up x86 x64 builds " * 1_000,
    "faster than": "- 2.1x-4.5x faster than the old path the new path the a b c for rows 1-64 " * 1_600,
    "peak rates": "FP16 tensor cores (989 TFLOPS) HBM3 (3.35 TB/s) ((1,979 TFLOPS on Hopper GPUs ( " * 1_600,
    # bounds a run must meet, with no clause end for long stretches (vocab.requirements required_bound), and a diff
    # fence of comment lines never closed (reader.diff_comments)
    "required bounds": "a rerun with CV at most 2% is needed and must stay under 3 ms within 1% has to " * 1_000,
    "diff comments": lambda s: "```diff\n" + "+# budget ~150 min: the 1.5 TB load\n+x = 1\n" * (800 * s),
    "command verdicts": "`cmd -o X`, result is `OK` `a` the result `b` status: FAIL `c` " * 2_000,
    "compound parallel": "TP8/DCP8/PCP2 dcp=2 DCP=PCP=1 tp4 DCP sizes 2/3/8 " * 2_000,
    "comparison counts": "22/22 exact comparisons passed, 3/4 subtests pass and 1/2 " * 2_000,
    "checked benchmarks": "- [x] GPU benchmark on 2x H200 perf sweep 1\n" * 2_000,
    # list items defining row labels with their setup over rows named by them, one long item that never reaches
    # its separator, and architectures after "on" in every spelling, limits and lists among them
    # (grammar.row_legends _ITEM_RE, grammar.arch_default _ARCH_RE, vocab.setup's EPD word)
    "row legends": lambda s: (
        "- `solo`: client concurrency 1, EPD\n- **quad** = concurrency 8\n- warm - no setting\n" * (100 * s)
        + "| Mode | TTFT base (ms) | TTFT new (ms) |\n|---|---|---|\n"
        + "| solo | 1500 | 1400 |\n| quad | 4100 | 3900 |\n" * (100 * s)
        + "- "
        + "a" * (10 * s)
        + " encoder disaggregation" * (25 * s)
        + "\n"
    ),
    "architectures after on": "runs on Blackwell, on AMD CDNA3 parts only, on an Ampere or on Hopper+ on rdna 4 "
    * 1_600,
    # evaluations' shot and set sizes in parentheses, a draft knob, likenesses of methods, configured pools and
    # memory fractions in setup bullets (vocab.setup's samples / draft_len / spec_algo words, prose.guards
    # _SHOT_COUNT_BEFORE_RE / _POOL_AFTER_RE, vocab.input_labels' memory fraction)
    "eval sizes and pools": "- GSM8K (5-shot, full 1319) `mtp_k=3` the MTP-style EAGLE-like used a 4096 MB a b pool\n"
    "- Encoder/Language a/b c memory fraction: 0.60\n" * 1_000,
    # config dumps quoting model paths, inside and outside speculative configs, and a path that never closes its
    # quote (grammar.line_setup _MODEL_PATH_RE / _SPEC_METHOD_RE)
    "model paths in dumps": "SpeculativeConfig(method='mtp', model='/a/b/Foo-8B', n=2) model='/x/y/z/a1 "
    "speculative_config={method: 'eagle3' model='/m/Bar-1B' model=/a/b/ " * 1_000,
    "change columns": lambda s: (
        "| Metric | Baseline (Marlin) | FP8 Compute | Delta |\n|---|---|---|---|\n"
        + "| Output tok/s | 1,000 | 1,200 | +20% |\n" * (500 * s)
    ),
    # shares and ratios with the comparative and measure after them, a lowered measure's elided second share
    # (prose.reduced_by _COMPARATIVE_MEASURE_RE / _ELIDED_GAP_RE)
    "comparative measures": "2% lower TTFT at TP4 and 1% at TP8, 3x faster PP then 4% fewer a b " * 1_000,
    # rows of counts that went wrong, each judged lower-is-better (vocab.metrics BAD_OUTCOMES)
    "failure counts": lambda s: (
        "| Metric | Baseline | Candidate |\n|---|---|---|\n"
        + "| Timed-out requests, scored incorrect | 2 | 5 |\n" * (500 * s)
    ),
    # counts joined to their boards by a hyphen, and hyphens that never reach a board's digit (prose.guards
    # _BOARD_JOINED_RE after a ratio's "x")
    "hyphen boards": "on the 1x-H100 lane, 2x-RTX 4090 and 3x-faster 4x-MI 5x-RTX-Pro " * 800,
    # length shorthands with a third number, one too many, or a third that never ends (vocab.length_pairs
    # SHORT_LENGTHS_RE)
    "length triples": "1k/1k/256 8k/1k/64/ 2k/1k/99999x 4k/512/1.5 8k/1.5k/ 1.5k/2.5 " * 2_000,
    # a table printed in blocks, each under a title row and a copy of the header, its lengths by a hyphen pair and
    # cells of hyphens that never close one (tables.title_blocks, tables.setting_keys _HYPHEN_PAIR_RE,
    # _HYPHEN_LENGTHS_RE)
    "title blocks": lambda s: (
        "| H100/8B/TP1 | | |\n|---|---|---|\n| Input-output length | before Out tok/s (tok/s): | after Out tok/s |\n"
        + (
            "| 1000-2000 | 1.5 | 1.6 |\n| H100/8B/TP4 | | |\n"
            "| Input-output length | before Out tok/s (tok/s): | after Out tok/s |\n| 12-34-56-x | 1 | 2 |\n"
        )
        * (300 * s)
    ),
    # a header's unit followed by a label's colon, and colons and blanks that never reach the cell's end
    # (grammar.unit_labels UNIT_IN_HEADER_RE, tables.headers HEAD_UNIT_RE)
    "unit colons": lambda s: "| run | Decode (tok/s):" + " :" * (2_000 * s) + "x |\n|---|---|\n| r | 1.5 |\n",
    # paired length names before their numbers, with name tails and separators that never reach a second number
    # (vocab.length_pairs PAIRED_RE)
    "named length pairs": "input/output 128/ in/out lengths= 2k/x in / out_tokens : 9 input/outputlen 7/ " * 1_000,
    # sweep leads that never end their line, arm names glued on and on, and leads followed by spaces only
    # (kv.arms _ARM_LEAD_RE, _ARM_NAME_RE)
    "sweep arm leads": lambda s: (
        "perf per strategy:\nA_B: 1.5 tok/s\n" * (200 * s)
        + "by per for each across a-b c_d " * (100 * s)
        + ":"
        + " " * (400 * s)
        + "x\n"
    ),
    # serving modes by their split phases, loads in cells that never name the run, PR arms under a sign rule that
    # never closes, scope lines naming boards and precisions twice, and a heading's comparison words before a
    # baseline (vocab.setup's serving and PTPC words, vocab.setup_negation's _BASE_BEFORE_RE, vocab.load_cells,
    # tables.pr_arms, tables.roles _switched_arms, grammar.scope_lines scope_values,
    # grammar.revision_labels _COMPARED_RE)
    "split phases": "PD disaggregation p / d disaggregated 1P1D 12p3 prefill-decode disaggregat ptpc_fp8 " * 800,
    "arm tables": lambda s: (
        "#### Relative vs compared against Baseline\n\nPositive values are better positive means " * (50 * s)
        + "\n\n| Model and workload | Baseline | PR off | PR on | PR with PTPC |\n|---|---|---|---|---|\n"
        + "| Foo-7B, C1 latency, C2 C3 offline, (C4 | +1.5% | -2.0% | **+3.0%** | 1.5 |\n" * (250 * s)
    ),
    "value tables": lambda s: (
        "## Setup\n\n| Item | Value |\n|---|---|\n" + "| Topology | 1P2D PD-disaggregation, TP2 |\n" * (500 * s) + "\n"
    ),
    "scope lines": "- Adds X for SM90 and SM100 requires BF16 and FP16, supports FP8/BF16; does A improve over B "
    * 800,
    # a lead-in declaring the cells' pairs over slash cells under a rate's unit, then a line of its words that never
    # reaches its two sides (tables.declared_pairs _DECLARED_RE)
    "declared pairs": lambda s: (
        "- Each cell below holds `base/head`\n\n| Mode | Rate (req/s) | TTFT (ms) |\n|---|---|---|\n"
        + "| solo | 0.41/0.45 | 3100/2900 |\n" * (500 * s)
        + "\nPaired values cells numbers below are is holds `a / " * (200 * s)
        + "\n"
    ),
    # a header marking its reference column over cells with spreads, then a header cell of names and marks that
    # never closes (tables.reference_columns _MARKED_RE / _NAME_PAREN_RE)
    "reference columns": lambda s: (
        "| Task | Ab (:1) | Cd (reference, :2) |\n|---|---|---|\n"
        + "| x | 1.5% ±0.1 | 1.4% ±0.1 |\n" * (500 * s)
        + "\n| Task | "
        + "Ab cd ef (x, reference; y (ref " * (100 * s)
        + " | Cd |\n|---|---|---|\n| x | 1.5 | 1.4 |\n"
    ),
    # a test plan's title over its results, and a side's build line naming an engine (grammar.setup_scopes
    # _PLAN_TITLE_RE, vocab.engines _LABEL_WORD_RE)
    "plan titles and engine sides": lambda s: "".join(
        f"## Test Plan\n- lm_eval x, TP{k}\n## Test Result\nupstream `llama.cpp` (build: {k} (abc{k:06d})): {k}.5 t/s\n"
        for k in range(200 * s)
    ),
    # perplexity commands quoted in prose, each at a commit with its side word after it (grammar.commands
    # _PPL_FLAG_RE, grammar.revision_labels _SIDE_AFTER_SHA_RE)
    "perplexity runs at commits": lambda s: "".join(
        f"`./llama-perplexity -m m{k}.gguf -f ptb.test.txt -c {k}` at {k:07x}a (before)\nPPL = {k}.5\n"
        for k in range(200 * s)
    ),
    # paragraphs opening with a name and a bold verdict that never closes its clause, and times after units of work
    # (gates.colon_items _COLON_LINE_RE, prose.guards _TIMED_UNIT_BEFORE_RE)
    "bold verdict lines": lambda s: "".join(
        f"Replay witness {k} `a b` c: **PASS** x y\n\nstep: {k}.5 ms (main step: 8.6 ms) per iteration: 4 ms\n\n"
        for k in range(150 * s)
    ),
    # counts out of a population with the other side's count, failure-count labels that never reach their noun, and
    # test counts whose sentence names the base by what it shows (formats.population_counts, vocab.metrics
    # names_failure_count, vocab.sides BASE_RUN_RE)
    "population counts": "Failed requests: 1 of 2 (main: 1 of 2 dropped x " * 1_000,
    "failure count labels": lambda s: "".join(f"failed x{k} x x x x x x x: 1 of 3\n" for k in range(250 * s)),
    "base run counts": "with the fix reverted `pytest a.py` -> 1 failed, 2 passed (reproduces the " * 1_000,
    # side blocks by the hundred, each base value a candidate's counterpart, and fork lines named over and over
    # results on one line, each followed by runs named before their values, and names that never reach one; loads
    # and units of two slashes in the labels (grammar.named_runs, vocab.run_names _WORD_RE, vocab.load_cells
    # _METRIC_LOAD_RE, prose.candidates _UNIT_LABEL_RE)
    "named runs": lambda s: (
        "- H100 8-GPU p1 tok/s/user: "
        + "`1.5 < 2`; this PR's prior run gave `1.4`, and the base run `1.3`, the main build of the PR's run "
        "c16 tok/s/user: " * (200 * s) + "\n"
    ),
    # (grammar.side_references, vocab.sides _OTHER_LINE_RE)
    "side blocks and fork lines": lambda s: "".join(
        f"Main branch (upstream mainline {k}):\n```\nAccuracy: 0.{k}\nm{k} latency: {k} ms\n```\n"
        f"PR branch:\n```\nAccuracy: 0.{k}1\nm{k} latency: {k}.5 ms\n```\n\n"
        for k in range(75 * s)
    ),
    # speculative tuples that never close, code-name headings, context phrases and change verbs that never reach a
    # value (vocab.setup _SPEC_TUPLE_WORD and the context word, grammar.heading_setup _IDENTIFIER_RE, vocab.text
    # CHANGE_VERB_RE in prose.labels and prose.candidates)
    "spec tuples and change verbs": lambda s: "".join(
        f"### topk_{k}_sigmoid_a_b\n\nEAGLE (3 1 4 MTP (5 4 8 8 with a {k}-token for context of {k} context size "
        f"goes down goes up drops Warm-up now drops from {k} s to {k}.5 s\n\n"
        for k in range(150 * s)
    ),
    # ticked boxes under a checklist heading, with open brackets and links that never close (gates.named
    # _GUIDE_LINK_RE, _CHECKLIST_HEAD_RE)
    "checklist links": lambda s: (
        "## PR checklist\n\n" + "- [x] Add [tests [x](http://a.b/c (d [e](https://f\n" * (400 * s)
    ),
    # an eval harness's dataset key as a row label, and near misses of one (tables.cell_metric, vocab.metrics)
    "dataset keys": lambda s: (
        "| Dataset | a | b |\n|---|---|---|\n"
        + "| ceval,-,naive_average,ge | 1 | 2 |\n| x,ab12,a.b,gen | 1 | 2 |\n" * (500 * s)
    ),
    # tool log prefixes, forecasts and run descriptions before a commit that never end (prose.labels _LOG_PREFIX_RE,
    # _PER_AFTER_RE, vocab.text FORECAST_BEFORE_RE, RUN_DESCRIPTION_RE)
    "log prefixes and run descriptions": lambda s: "".join(
        f"```\nscorer: took took {k}.5 seconds per per ETA ETA remaining {k}.1 minutes\n```\n"
        f"{k} trials/arm, cold cold warm compile caches caches, on `a8{k:05d}c6df` (x\n"
        for k in range(150 * s)
    ),
    # bare time stamps, loggers' tags and sources that never close, each opening a line (grammar.pairs _LOG_PREFIX_RE),
    # and counters lines whose last value's words hold values (prose.candidates: a console value named by none)
    "stamped log lines": lambda s: (
        "```\n"
        + "".join(
            f"2026-01-0{k % 9 + 1} 10:11:12.{k:03d} [Info [x] (Proc (a) #calls(b,g,a) = {k} 2, "
            f"dur(b,g,a) = 0.{k}, 1.5 ms\n"
            for k in range(500 * s)
        )
        + "```\n"
    ),
    # broken-state labels and noise words that never reach a value or a clause's end (vocab.not_measured
    # BROKEN_STATE_RE, NOISE_SAID_RE; prose.declared_states reads each noise clause once)
    "broken states and noise words": lambda s: "".join(
        f"- fused (broken (buggy: before the fix without this run-to-run varies across moves from launch to "
        f"within the noise wobbles {k}.5 acceptance length\n"
        for k in range(500 * s)
    ),
    # precisions joined by arrows and "to" over kernel words that never close a conversion, casts and V tensors
    # (vocab.setup_negation in_a_conversion, _TO_PRECISION_RE, _FROM_PRECISION_RE, _COMPONENT_BEFORE_RE)
    "precision conversions": lambda s: "".join(
        f"- bf16 GEMM kernels a b -> fp8 GEMM V to the fp32 cast back to tf32 accumulation FP8-to-BF16-to- int8 "
        f"model weights -> -to- kernels to {k}.5 tok/s\n"
        for k in range(250 * s)
    ),
    # pairs whose sentences give a cause, a board and setup words that never reach their noun, and stops that are
    # no stops ("vs.", "e.g."): vocab.protocol_gaps, prose.protocol_gaps reads each value's sentence once
    "protocol gaps": lambda s: "".join(
        f"MMLU {k}.5 vs. 75.5 on the leaderboard because as since due to no other another a separate the other "
        f"without skips different chat thinking model card published not directly apples-to e.g. i.e. vs {k}.1 "
        f"vs 70.{k % 9} as no a b harness-like; not quite\n"
        for k in range(250 * s)
    ),
    # a sentence of many values whose labels reach back over each other (prose.labels _INNER_VALUE_RE, _RESTART_RE,
    # vocab.metrics MEASURE_NOUN_END_RE, vocab.text RUNS_NAMED_RE)
    "values in one sentence": "the runs took 1.5 s / 2 s → as the as the cache hit rate went 3% → 4%, trials " * 1_000,
    # a tooling PR's sample tables and turns that take numbers back (vocab.not_measured TOOL_TITLE_RE, SAMPLE_LEAD_RE,
    # RETRACTION_RE, ONE_VALUE_RETRACTION_RE; prose.not_measured walks turns once)
    "tool samples and retractions": lambda s: (
        "# bench: scripts tool script\n\n"
        + "".join(
            f"### u{k % 3} · comment · 2026-01-01\n\nan example sample output what it prints, disregard ignore my "
            f"the old numbers above were wrong scratch:\n\n| Test | t/s main | t/s b{k} |\n|---|---|---|\n"
            f"| pp512 | {k}.5 | {k}.2 |\n\nplease disregard my numbers above, ignore the numbers\n\n"
            f"messed up the the `pp512 t/s the the` typed the the number the {k}B value value is a wrong\n\n"
            for k in range(150 * s)
        )
    ),
    # (tables.difference_rows, vocab.sides CHANGE_NAME_RE; tables.dialects' cut header "+|---|" rows)
    "difference rows": lambda s: (
        "| Arm | A | B |\n|---|---|---|\n"
        + "| a − b - c vs d | 1.5 ± 0.2 pp | -0.3 |\n| Δ diff | 2 | 3 |\n" * (250 * s)
    ),
    "cut header rows": lambda s: "```diff\n+|---|---|---|\n" + "+| bs=4 | 61.0 | 12.5 |\n" * (1_000 * s) + "```\n",
    # statistics and phases before a measure, a change in the parenthesis after a value or a pair, values inside a
    # label's words and bounds (vocab.metrics MEASURE_PREFIX_BEFORE_RE, prose.candidates _VALUE_IN_NAME_RE,
    # prose.guards CONFIG_BEFORE_RE)
    "stat prefixes and paren changes": "- P99 median E2E latency: 1.5s vs 2s (-3.1%), Performance: 3,402 tok/s (TP2 "
    "tuned, +640% over base (x, 612s 7 ms tok/s stays always over 55% rate " * 500,
    # a title opened by its modules' names (vocab.models _MODULE_PREFIX_RE), a name list that never closes
    "module prefixes": lambda s: "# llama, " + "ggml / server, " * (2_000 * s) + ": x 1.5 tok/s\n",
    # counted cards by their bare numbers, glued (vocab.setup's gpu word, vocab.canonical _COUNTED_GEFORCE_RE)
    "counted cards": "on 2x3090x4090 2 × 5090ti3x 3090 " * 2_000,
    # a numbered setup section's table of name and value rows (grammar.setup_scopes _SETUP_TITLE_RE, _row_setup)
    "setup rows": lambda s: (
        "### 1.2. Environment\n\n| Component | Version |\n|---|---|\n" + "| TP | 8 |\n" * (1_000 * s)
    ),
    # lead-ins over pastes whose features join with "+" and never end (grammar.lead_ins _JOINED_FEATURES_RE)
    "joined features": lambda s: ("org/M, TP8 + EP + a b c d e + f\n```\nx 1.5 tok/s\n```\n\n") * (300 * s),
    # pairs of one unit with range words before them, and titles of long labels (prose.pairing _RANGE_WORD_RE,
    # _unit_pair; prose.candidates _says_what_changed)
    "unit pairs and range words": "spans ranging varies between 41.20 s to 38.75 s to 2 s to " * 1_000,
    # a table's cells of backslash escapes, footnote marks and backslashes before letters (tables.cells _ESCAPE_RE)
    "escaped cells": lambda s: "conc | tok/s\n-- | --\n" + "64\\*\\** \\\\a\\ | 1.5 /s\\|\n" * (500 * s),
    # an issue template's setup titles that never close, and flags under one (grammar.setup_scopes _SETUP_TITLE_RE,
    # setup_sections._row_setup's command flags)
    "reproduce titles": lambda s: (
        "### Results\n\nx 1.5 tok/s\n\n### Steps   to   reproduce  your current \n\n"
        + "--tensor-parallel-size --tp 8 -- " * (1_000 * s)
    ),
    # sample counts as one word with their noun and as "N=" that never reach a digit, or run into a GEMM's other
    # dimensions (vocab.setup's samples words)
    "sample count words": "gsm8k 200-samples- n = n=1, N=4096, K= 12-question-x N=80 runs " * 2_000,
    # kernel shapes that never close ("N=512/K=", "8xN=64 x"), values inside parentheses of words that never name
    # them, and speed-ups over runs named by clauses of qualifiers (vocab.setup samples, prose.labels _NO_NAME_RE,
    # prose.labels _RATIO_RANGE_AT_RE, prose.reduced_by _QUALIFIER_RE and _SPEEDUP_STAT_RE)
    "shape lists and speedups": "N=512/K= 8xN=64 x/ M=1/N=40 (up to (it isolated-mean-geo 1.5x over geomean "
    "(a 1.8–2.6– " * 748,
    # one fence of many tools' outputs: banners, lm-eval headers and arguments that never close, commands between
    # (grammar.fence_parts)
    "fence parts": lambda s: (
        "```\n"
        + "=== Serving Result ==\n|Tasks |Version|\nvllm (pretrained=x\nconc: 4\n$ python a.py --x 1\n1.5\n" * (300 * s)
        + "```\n"
    ),
    # forced rates per draft position that never close their bracket, and bold captions closing on a clause that is
    # almost a statistic, each over a pasted grid (vocab.setup set_al, prose.guards, grammar.caption_stats)
    "forced rates and captions": lambda s: (
        "with forced acceptance (0.8 0.5 0.8 0.5 0.8 0.5 0.8 0.5 0.8 0.5, 3-run mean of\n"
        "**Raw tok/s (tok/s) — 3-run average of, mean over 7 run:**\nConfig | BS=1\n-- | --\nA | 1\n\n" * (200 * s)
    ),
    # set acceptances that never reach their number, formula constants, and model revisions behind marks (vocab.setup
    # set_al, prose.formula_terms, formats.commits _MODEL_REV_BEFORE_RE)
    "set acceptance and formulas": "at simulated speculative acceptance of x (= 1000 / TPOT_ms `a/b`**, revision "
    * 1_000,
    # sentences tying results to a commit that never reach it, environment rows of an engine naming builds, and a
    # commit with "+ PR" words that never close (grammar.tied_revisions _TIED_RE, ENGINE_COMMIT_RE,
    # grammar.revision_labels _PLUS_PR_RE)
    # sentences after results that state or lead a run of their own, each line a number glued to a name and a long
    # run of digits (grammar.later_runs, grammar.varied _DECIMAL_RE and the walk back over a number's digits)
    "later runs": lambda s: (
        "throughput 1.5 tok/s\n\n"
        + "The same with TP=8, EP=8 gives 2.5 tok/s. Then MMLU reaches 79.1 on MI325X 1,2,3.4.5x:\n- 5.5%\n\n"
        * (250 * s)
        + "9" * 600
        + ".9x\n"
    ),
    # CI machinery blanked for the setup readers: bot commands, CI job names joined by dashes that never end on a CI
    # word, links' pinned paths that never close (vocab.ci_jobs _JOB_RE, _CHAT_COMMAND_RE, _PINNED_PATH_RE)
    "ci job names": "/bot run --stage-list A10-TensorRT-2 H100_PCIe-x-y-z-1-2-3-4-5-6-7-8-9-a-b-c-d-e-f-g- per-commit-"
    "8-gpu https://g.com/o/r/blob/0f1e2d3/l0_h100.yml#L21/blob/x/tree/ y-z-H20-\n > /ok-a-b-c-d-e to test\n" * 1_000,
    # a benchmark's name and its colon before a pair, over and over (kv.labels _LEAD_NAME_RE)
    "task leads": "GPQA: HumanEval: MBPP eval: pass@1: 0.811 GSM8K: \n" * 1_000,
    # task cells whose bracketed count never closes, spec cells of off words never ended, under a task header
    # (vocab.counted_tasks _COUNTED_CELL_RE, TASK_HEAD_RE; vocab.setup_negation _SPEC_OFF_CELL_RE)
    "counted task cells": lambda s: (
        "| Model | Task (samples) | MTP (next_n) | base | new |\n|---|---|---|---|---|\n"
        + "| A-1B | GSM8K "
        + "a " * 20
        + "(1,319 ( n=1,2,3 | off (1 (2 off none | 1.5 | 2.5 |\n" * (500 * s)
    ),
    # grammar.numbers NUMBER_RE: numbers bolded apart from their units, and bold that never reaches one
    "bold before units": "- **Decode**: **150.5** TPS **2** ** x **3**** ms ** 4 **\n" * 1_000,
    # vocab.setup's concurrency range "c8-c128": shorthand ends chained, joints that never reach a second "c"
    "concurrency shorthand ranges": "at c1-c2-c3 to c4 – c5 -c c6 to 7 c8- " * 1_000,
    # grammar.numbers _UNIT_RANGE_RE: signed shares joined by "to" over and over, each top another range's low end
    "signed share ranges": "+1.5% to +2.5% to -3% to +4% - +5%~-6% to 7 % to " * 500,
    # grammar.replaced_values _CONTRAST_RE, _CAME_FROM_RE: values, then contrast clauses whose verb never comes
    "contrast clauses": "150.5 TPS, while the previous build ( old main gives 140 TPS whereas old is , compared with "
    * 500,
    # prose.setting_changes _SETTING_CHANGE_RE, prose.guards _SWEEP_BEFORE_RE, prose.pairing _LIST_GAP_RE: keys in code
    # marks and limit words that never reach "from", sweeps' points, alternatives after settings
    "setting changes": "lowered `max_tile_count` `a.b` range is restricted capped from 64 to 16 swept all 24 points "
    "instead of 12 rather than TP 4 from " * 1_000,
    # grammar.lead_ins _CLOSING_BOLD_RE: lead-ins closing on bold runs that never open a caption, over side tables
    "closing bold captions": lambda s: (
        "the times are below ** ** **kernel * time (us)** ** " * (60 * s)
        + "**\n\n| op | ours | previous |\n|---|---|---|\n"
        + "| rope | 2.1 | 6.4 |\n" * (200 * s)
    ),
    # grammar.lead_ins _CLOSING_UNIT_RE, _NOT_CAPTION_WORD_RE: sentences closing on parentheses that are no unit, or
    # on words before a unit that never name a measure, over side tables
    "closing plain captions": lambda s: (
        "the times are below ( ( (us) (x (ms " * (60 * s)
        + "latency latency the (us)\n\n| op | ours | previous |\n|---|---|---|\n"
        + "| rope | 2.1 | 6.4 |\n" * (200 * s)
    ),
    # grammar.value_sides _SIDE_BEFORE_RE, _SIDE_BEFORE_DIGIT_RE, prose.sided_pairs _UNIT_AFTER_SIDE_RE: side words
    # and clause openers before values, none of a pair, and sides in parentheses with no unit after them
    "sides before values": "TTFT: main , ours vs PR and this PR : ~ previous 1 ms, ours 2 ms vs main 3 (before) -> "
    "4 (after) (after) (x) tok/ " * 500,
    # reader.program_code _SOURCE_LINE_RE, grammar.after_results programs_after: statements' starts that never become
    # one (a name, commas, an "=" and no call), fenced blocks after a result, each read for a program's setup
    "programs after results": lambda s: (
        "| op | ours | previous |\n|---|---|---|\n| rope | 2.1 | 6.4 |\n\n"
        + (
            "```\nx, y, z = a.b.c import from q import def f class @ dtype=torch.float16 = =\n```\n\nOutput:\n\n"
            "```python\nx = torch.randn(4, dtype=torch.float16)\n```\n\nOutput:\n\n```\ngate time: 1.0 us\n```\n\n"
        )
        * (100 * s)
    ),
    # parsers.base Context._revision_for: commits named as builds' heads, one after another under one side's scope
    "commits under one scope": lambda s: (
        "**baseline** commit: [1f3d5b7](x)\n\n"
        + "".join(f"**b{k}** commit [{k:07x}f]\n\n| b{k} | {k}.5 |\n|--|--|\n\n" for k in range(300 * s))
    ),
    "tied and engine builds": lambda s: "".join(
        f"This result result is tied tied to the numbers are pinned to commit x{k}\n\n"
        f"| vLLM | commit commit: `a8{k:05d}c6` sha git rev @ |\n\n"
        f"Ran on `b7{k:05d}e1` + + with the PR # PR #{k} (main) plus this patch\n\n"
        for k in range(150 * s)
    ),
    # kv.repeat_runs: "Repeat:" lines alone, no "Scores:" line under any, under no benchmark
    "lone repeat lines": lambda s: "```\n" + "Repeat: 6, mean: 0.742\nRepeat: 6, mean: 18.5\n" * (500 * s) + "```\n",
    # vocab.test_ids _SUB_BILLION_RE, _VERSION_DOT_RE, grammar.lead_ins test_lead_setup: test classes of digit runs
    # joined by underscores, each a paragraph over a paste of scores
    "test class leads": lambda s: "".join(
        f"Run of `t/test_a.py::TestQwen3_1_0_5_{k % 90}_0_6B::test_fp8_0_1`:\n\n```\nGSM8K accuracy: 0.{k}\n```\n\n"
        for k in range(250 * s)
    ),
    # gates.prose _REFERRED_PASS_RE, _TEST_ID_RE: test ids that never close their code marks or brackets, each
    # followed by a pronoun's verdict, over and over (every pronoun looks back one sentence: _SENTENCE_BEFORE)
    "pronoun gates": "`a::b x::y::z[fp8, w test_q It passed. this test now passes; The case has passes " * 1_000,
    # prose.own_measure _PER_WORK_RE, prose.labels _COUNT_TAIL_RE, prose.candidates _GERUND_RE: counted values whose
    # unit of work after "per" never closes, count words and activities over and over before times and rates
    "counted work": "With this PR: one 0.6 ms launch of work per decoder a single 1.5 ms per per It takes 2 ms "
    "Batching reaches 3 tok/s each " * 500,
    # prose.wrapped_lines: a paragraph hard-wrapped into long lines that each run on into the next, quoted and not,
    # every line holding values whose measures stand across the breaks
    "wrapped paragraph": lambda s: (
        (
            "> gains +5.2–7.9% request throughput and 3 ms TTFT on Qwen3-8B at TP=2 across the **\n"
            "> runs with a 1.2x speedup on the same node while mean ITL improves by about\n"
            "  4.5% output   " + " " * 60 + "\n"
        )
        * (125 * s)
    ),
    # prose.own_measure _PER_COUNT_RE, _ARTICLE_BEFORE_RE, _COUNTED_NOUN_RE, prose.ratio_names _MEASURE_AFTER_RE,
    # vocab.metrics _RATE_NAME_RE, MEASURE_PREFIX_BEFORE_RE: values counted by an article with the noun of what they
    # measure after them, times per counted work, signed changes named after them up to a parenthesis, load prefixes
    "measures after values": "a 14 ms pause inside an 180 ms decode step, a 3 GB page pool offline throughput 31.5 s "
    "per 500 requests +2.2% median TTFT (lower saturated single-request decode throughput +1.1% " * 500,
    # prose.lists _AND_GAP_RE, _SETUP_AFTER_RE: values joined by "and" whose shared model never comes, remarks in
    # parentheses that never close before the "on" of a model
    "models after values": "+6.1% decode throughput and +2.4% TTFT (positive = faster on and +3.8% a b c d and "
    "9.1% TTFT (x) on Qwen2.5-14B and " * 500,
    # prose.metrics _WORD_BEFORE_NAME_RE, prose.elided_changes, prose.lead_tasks clause_tasks: many values named by one
    # word each, many measures named after words, benchmarks before generic scores, signed shares after "flat at"
    "elided measures": "warm +1% saturated throughput, cold +2% GSM8K exact match 0.5 ~flat at +0.3% w-x TTFT " * 500,
    # prose.metrics _AFTER_VALUE_UNIT_RE, prose.sibling_units unborrowed_measures, prose.pairing _REF_RE: names after
    # values and their units, rates after times, units taken for names, references after emphasis
    "names after values and units": "TTFT 1 ms, 2 tok/s/gpu decode, 3 ms TPOT 4 req/s, **5 tok/s** (was 6, cold) "
    "(previously 7 ms) 8 output tok/s, " * 500,
    # prose.bar_scope _TOLERANCE_BEFORE_RE, _TOLERANCE_AFTER_RE: bars after "within the", before "tolerance", and
    # words that never reach either
    "tolerances": "1.5% below its 995.4 baseline, within the 5% gate, inside a ~2% tolerance within within the the "
    "margin 3% noise band " * 500,
    # vocab.sides template_question _ASKED_RE: headings that open like a template's question, over and over
    "template question headings": "## 1. What this PR does\n\n## Why this PR\n\n## How 2 ms\n\n#### which main\n\n"
    * 1_000,
    # grammar.value_sides _SIDE_LABEL_RE, _LABEL_OPENER_RE (segment_side), prose.sided_pairs _fold_segments: side
    # labels with their colon, then a measure's words, each line's labels of both sides over many values
    "side label segments": "Before: mean TTFT 1 s, p99 a b c d 2 ms. After: x y z: mean TTFT 3 s, PR: , main: "
    "before: after: 4 tok/s decode\n" * 500,
    # grammar.value_sides line_side, _CLAUSE_BREAK_RE and vocab.sides _TIMED_SIDE_RE: side labels before values, each
    # line's rest a run of digits, breaks and colons naming no other side, and "before the" that never reaches a change
    "own line sides": "After this PR: 0.7 ms , 1 1 1 -> vs : before the before this prior to : 2 ms\n"
    "Before this PR: 0.9 ms\n" * 1_000,
    # kv.setting_labels _KEYED_LINE_RE and vocab.setup's training batch words: labels of settings joined by commas
    # that never reach their colon, thousands that never close, and batch words that never reach a number
    "keyed setting lists": "- Micro BS 4, global BS 1024, mbs 8, gbs micro_batch_size=2 global_bs: 12,480,48 "
    "micro batch size: 1 for 2 for global batch of \n" * 1_000,
    # prose.bar_scope _CLAUSE_END_RE: bars in parentheses and bars in clauses of their own, over and over on one line,
    # then one long clause of bars with no parenthesis
    "bars and clauses": lambda s: (
        "- MMLU 71.4 (baseline 71.5, floor 70.5); kernel 12% faster. " * (150 * s)
        + "GSM8K 0.95, floor 0.9, " * (150 * s)
        + "\n"
    ),
    # vocab.protocol_windows _PROTOCOL_AFTER_RE, _PROTOCOL_BEFORE_RE: protocol windows over and over, and window
    # words that never reach their number; then a table whose cut last cell prints fewer decimals (tables.dialects
    # _fewer_parts)
    "protocol windows": lambda s: (
        "Setup: one L4, "
        + "10 s warmup and 120 s of measurement per point, timeout: 300 s, measurement window of " * (200 * s)
        + "\n\n| n | t (s) |\n|---|---|\n"
        + "| 1 | 0.1 ± 0.01 → 0.2 ± 0.02 (5%) |\n" * (200 * s)
        + "| 2 | 0.3 ± 0.01 → 0.4"
    ),
    # prose.labels _CONTRAST_RE: contrasts over and over before a bare measurement, and one that names nothing
    "contrasts before a measurement": lambda s: (
        "quality holds while speed, but latency whereas " * (400 * s) + "while 6 rises by about 6%\n"
    ),
    # grammar.lead_measures _CLAUSE_END_RE, _SENTENCE_WORD_RE: lead-ins of measure words whose clause never ends,
    # each over a share whose line names no measure
    "lead measures": lambda s: (
        "Decode throughput time latency gains"
        + " tput" * (2_000 * s)
        + " over main:\n- 1K/1K: +1.5%\n"
        + "Throughput of over, by :\n- 8K/1K: +2%\n" * (300 * s)
    ),
    # vocab.board_counts' one board ("a single L4", never "one H200 node"), and sentences saying where every run was
    # made, each in a section with no table of its own (grammar.command_labels section_runs_reach)
    "one board and page-wide devices": lambda s: (
        "| Orca-7B | Wikitext2 |\n|---|---|\n| GPTQ | 6.05 |\n\n"
        + "## Notes\n\nAll experiments were run on a single NVIDIA L4 a single one H200 node single \n\n" * (200 * s)
    ),
    # corpora named alone beside a perplexity and measures in a unit's brackets (vocab.perplexity_corpora), a wide
    # header whose every column asks it
    "perplexity corpora": lambda s: (
        "| Orca-7B | Wikitext2 | "
        + "PTB | c4(ppl) | C4 ( ppl ) (ppl | " * (40 * s)
        + "\n"
        + "|---|---|"
        + "---|---|---|" * (40 * s)
        + "\n"
        + "| GPTQ | 6.1 | "
        + "9.7 | 7.6 | 8.1 | " * (40 * s)
        + "\n"
    ),
    # quantisation methods as row labels, spelt half ("nf4-double", "rtnx"): vocab.setup's quant word
    "quant method rows": lambda s: (
        "| Orca-7B | Wikitext2 |\n|---|---|\n" + "| RTN nf4-double_quant nf4 dq nf4-double rtnx | 6.7 |\n" * (300 * s)
    ),
    # bits-per-weight columns (vocab.setup_labels) and corner cells with a setting glued to the model, never closed
    # (tables.setting_keys corner_setup), table after table
    "corner settings and widths": lambda s: (
        "| Orca-7B(seqlen=4096 (seq len 1024 ( | Bits Per Weight(BPW) | wbits | Wikitext2 |\n|---|---|---|---|\n"
        "| GPTQ | 4.15 | 4 | 6.1 |\n\n"
        + "| Orca-7B (seqlen=4096) | BPW | Wikitext2 |\n|---|---|---|\n| nf4 | 4.127 | 6.2 |\n\n"
        * (100 * s)
    ),
    # pairs whose new value a corpus's perplexity follows, half of them cut ("Wiki2 PP", "c4 perplexit"): prose.metrics
    "corpus after pairs": "from 9.05 to 6.31 Wiki2 PPL, from 8 to 7 c4 perplexit, 5 -> 4 wiki 103 PP " * 400,
    # vocab.metric_table's error statistics (glued, half spelled, "mean squared" that never reaches "error"), a header
    # of side and error columns with a precision arm, row labels that are rates' units, and a change column after
    # rows of sides (tables.delta_check _rows_agree), each row a reference row or a change of its own
    "error statistics and row changes": lambda s: (
        "maermse msemae mean squared mean abs root mean squared error-ish rmses " * (100 * s)
        + "\n\n| n | Old MAE | New MAE | FP32 us | Req/s |\n|---|---|---|---|---|\n"
        + "| 1 | 2.0e-6 | 9.0e-7 | 14.0 | 3.1 |\n" * (100 * s)
        + "\n```\n  run   itl_ms   gen tok/s   change\n"
        + "  base   80.00   12.50   -\n  new   64.00   15.60   +24.8%\n" * (100 * s)
        + "```\n"
    ),
    # a summary table over the console it sums up (grammar.default_reach printed_reach): thousands groups that never
    # reach a decimal point, units glued to values, a row label's parenthesis never closed, long rows of repeats
    "summary table over its console": lambda s: (
        "```\nMax request concurrency: 8\nOutput token throughput (tok/s): 1,234.5\n```\n\n"
        + "| Measure (( | A | B |\n|---|---|---|\n"
        + "| Mean TPOT (tok/s (( | 1,234.5 tok/s%% 1,111,111,111,111,1 | 1,234.5tok/s 2.5 ms |\n" * (150 * s)
        + "| Mean ITL | "
        + "1,234.5 tok/s " * (100 * s)
        + "|\n"
    ),
    # host names named for their boards, and a board counted on every line with a count of its own, bare between
    # (vocab.board_counts NOT_A_HOST, vocab.canonical counted_boards, grammar.document_default _counted_in_turn)
    "host names and counted boards": lambda s: "".join(
        f"- {k % 997 + 1}×NVIDIA H100 (h100-{k}-2-3-4) and NVIDIA_H100, h200-1-2-3-4-5-6 H200 x{k % 7}\n"
        for k in range(200 * s)
    ),
    # lead-ins of two measures and of setup words only over tables of unit columns (grammar.lead_measures
    # _TWO_MEASURES_RE, unit_column_measure)
    "unit column leads": lambda s: (
        "BS4 ISL2000/OSL500 "
        + "prefill and vs throughput & " * (50 * s)
        + ":\n\n"
        + "| build | tok/s | ms | req/s |\n|---|---|---|---|\n"
        + "| base | 1.0 | 2.0 | 3 |\n" * (300 * s)
        + "\nDecode throughput:\n\n| build | tok/s | ms |\n|---|---|---|\n| base | 1.0 | 2.0 |\n" * (50 * s)
    ),
    # vocab.ci_jobs _BOT_RUN_TIME_RE: job words and bots' task phrases that never reach their "in", then one that does
    "bot job durations": "CI job run finished successfully after about workflow done pipelines ran "
    "bot finished @a's task @b's task finished in ~ 3 Job completed in 1h 2m, ran in 5 s. " * 500,
    # vocab.input_labels parted_settings: words of too many slashed parts, parts too long to be one, and settings
    # joined by slashes, one after another on a line
    # vocab.setup_names _FAMILY_LEAD_RE: a page's family with its precision glued on, over blocks titled by a size
    "title blocks of bare sizes": lambda s: (
        "# Tiles for qwen3bf16 moe\n\n| H20/30B/TP1 | | |\n| --- | --- | --- |\n"
        + "| In-out | before tok/s | after tok/s |\n| 1000-2000 | 1.0 | 2.0 |\n| | | |\n| H20/30B/TP4 | | |\n"
        * (100 * s)
    ),
    # reader.line_kinds _DONE_BAR_RE: bars that never close or never reach their counts, under a capped command
    "finished bars under a command": lambda s: (
        "```\n+ python3 bench.py --num-questions 5000\n"
        + "100%|"
        + "█ " * (100 * s)
        + "\n100%|██| 12/ 100%|██|    1319/1319 [00:01<00:00]\n" * (100 * s)
        + "Accuracy: 0.9\n```\n"
    ),
    # vocab.models _TITLE_FAMILY_RE: families with a glued capital, a spaced version before a letter, glued letters
    # that run on into words, under headings over and over
    "glued family variants": "# AD NemotronH Qwen3MM Llama 4X GPTQ PhiX nemotronhh Qwen3M-x: 2.4% speedup\n\n" * 1_000,
    # tables.roles _WEIGHED_HEAD_RE, tables.headers _COMMA_UNIT_RE: headers that open like a checkpoint's size and
    # run on in words and commas before a unit, over result rows
    "checkpoint size headers": lambda s: (
        "| Model | "
        + "Model size weights size, a, " * (200 * s)
        + "Model size, Gb |\n|---|---|\n"
        + "| Qwen2-7B | 2.6 |\n" * 3
        + "\n| Model | Model size, Gb |\n|---|---|\n"
        + "| Qwen2-7B | 2.6 |\n" * (300 * s)
    ),
    # tables.setting_keys _SCHEME_HEAD_RE over codebook cells, vocab.setup_negation FROM_SIDE_RE: precisions that
    # almost leave by an arrow, glued and spaced, in a legend over arrow cells
    "scheme columns and arrow legends": lambda s: (
        "| Model | AQLM-aqlm scheme | "
        + "FP16→ bf16-fp16 -→ aqlm 1x16g8 - " * (200 * s)
        + "FP16→AQLM |\n|---|---|---|\n"
        + "| Qwen2-7B | 1x16g8 | 0.79→0.74 |\n" * 3
        + "\n| Model | AQLM scheme | MMLU (FP16→AQLM) |\n|---|---|---|\n"
        + "| Qwen2-7B | 1x16g8 | 0.79→0.74 |\n" * (300 * s)
    ),
    # methods coordinated and said to be off with a copula that never reaches "off", denials of two that never close
    # (vocab.setup_negation _OFF_AFTER_RE, OFF_BEFORE_RE)
    "coordinated methods off": "MTP and speculative decoding were both left neither EAGLE nor without MTP or " * 1_000,
    # request lengths drawn at random or held exactly, never reaching "tokens", and wrapped so that each line ends on
    # a number the next names (vocab.setup's isl/osl words, vocab.length_pairs LENGTHS_RE, reader.wrapped_lengths)
    "qualified lengths": "64 random input 512 fixed output exactly 96 input fixed at 8 prompt 3 random input tokens, "
    * 800,
    "wrapped lengths": lambda s: (
        "Runs of\n" + "- pairs at C4; exactly 64 random\n  input tokens, 512 fixed\n" * (500 * s)
    ),
    # code spans opened in a label and never closed, keys over and over (grammar.pairs)
    "open code span labels": "- Keep `max_num_seqs: 256; `a `b `c: 1 " * 1_000,
    # libraries named with versions, bumps that never reach a number, with version words (vocab.explaining_numbers)
    "library versions": "cuDNN 9.21 -> NCCL version 2.3 to torch v2.7 -> CUDA 12.8 → 12.9 driver 570.1 " * 800,
    # shares a cause explains, copulas with no share after, causes that never come (vocab.explaining_numbers)
    "attributed shares": "the slowdown is 100% host node a b c was ~80% due the gap were mostly 5% GB300 noise " * 800,
    # questions of definite phrases whose event never comes, and some that do (vocab.presupposed, document_default)
    "presupposed questions": "Is the B200 Qwen3 a b c d e f the H100 Llama throughput regression the x y? \n" * 1_000,
    # to-do lists of checked boxes (gates.named _TODO_LEAD_RE)
    "todo boxes": lambda s: "TODO:\n\n" + "- [x] Write tests for the op, ran them\n" * (600 * s),
    # tables.gain_columns _SHOWN_TAIL_RE: headings of spaced words closing on what they show, over change columns
    # and range cells
    "gains tables under long headings": lambda s: (
        "## Paired "
        + "decode throughput " * (20 * s)
        + "result\n\n| C | Median paired gain | Range |\n| - | - | - |\n"
        + "| C2 | +1.0% | +0.5% to +1.5% |\n" * (200 * s)
    ),
    # vocab.sides _CONTROL_LABEL_RE: arms named by stacked control adjectives, and worded cells under a control row
    "control arms": lambda s: (
        "| Arm | tok/s |\n| - | - |\n| Matched pre-change control | 10.0 tok/s |\n"
        + "| matched paired matched paired control flow control | about 9 tok/s until done |\n" * (200 * s)
    ),
    # prose.own_measure _BECAME_RE: clauses of many short words, verbs of becoming and comparatives, over and over
    "became comparatives": "- the a got is was got faster **warmup** became much far slower (4 s -> 3 s). " * 1_000,
    # prose.contrast_pairs _JOINT_RE, _CLAUSE_OPEN_RE, vocab.sides contrast_head: values of two sides joined by
    # "whereas" / "; meanwhile" over and over, and joints with no value after them and subjects that never open
    "contrasted sides": "the parent build served 2210.5 tok/s, whereas the prefetch commit served 1190.3 tok/s; "
    "meanwhile the old one 41 ms while " * 1_000,
    "joints without values": "parent commit build while ; whereas ;meanwhile, 3 ms , while x 4 ms " * 1_000,
    # prose.stated_baselines _STATED_BASE_RE, prose.reduced_by _AGAINST_RUN_RE ("under its"): a list of runs, each
    # item a change under a printed baseline, the run's value looked for in the items above
    "stated baselines": "- 2047.6 output tok/s, 0.88 req/s\n- 2.6% under its 2102.3 output-tok/s baseline, inside "
    "the 3% tolerance\n" * 1_000,
    # a measure's label line begun in emphasis, its name never closed, and many such lines (stated_measure _LABEL_RE)
    "metric label lines": lambda s: (
        "**Metric: p50 " + "a_b (ms) " * (400 * s) + "\n\n" + "*Metric: TTFT x*\n" * (400 * s)
    ),
    # model folders closed by a slash, then a dot, a path going on (vocab.models _MODEL_RE, _HUB_MODEL_RE)
    "folder slashes": "deepseek-ai/DeepSeek-R1-0528/ Qwen3-8B/. acme/Foo-7b-x/y Llama-3-8B./ a/llama-3/ " * 800,
    # a layout's product header over cells of glued sizes that never end (tables.setting_keys SETTING_SPLIT_RE)
    "glued layout sizes": lambda s: (
        "| Strategy | TP x EP | TTFT (ms) |\n|---|---|---|\n" + "| fast | " + "2x" * (2000 * s) + "2 | 1.5 |\n"
    ),
    "slash-joined settings": ("4GPU/EAGLE=3/500-sample " + "a/" * 12 + "b " + "x" * 50 + "/TP2 8GPU/MTP=1 / ") * 1_000,
    # vocab.board_counts in_image_tag: boards in image tags, tokens of slashes and colons that are no image, on
    # lines of settings and in one long token
    "boards in image tags": "- **Image**: rocm/dev:v1-mi30x H100 a/b/c/d/e/f:g:H200-mi35x/ `x/y:B200` 1.5x\n" * 1_000,
    "one long image token": lambda s: "Image: " + "org/img:" * (2_000 * s) + "v1-mi30x on H100 1.5x\n",
    # kernels in lead-ins and in a column, marks before names that never end (vocab.matmul_kernels _KERNEL_RE)
    "kernel lead-ins and columns": lambda s: (
        "- Version: "
        + "\U0001f535" * (500 * s)
        + "GEMV\n- Kernel: GEMM GEMM\n\n| Model | Version | tok/s |\n|---|---|---|\n"
        + "| A 7B | \U0001f7e2GEMV_fast kernel | 1.5 |\n" * (300 * s)
    ),
    # a quantiser's page whose opening names methods glued in one long token (vocab.quantiser_pages _METHOD_WORD_RE)
    "quantiser page opening": lambda s: (
        "# AutoAWQ\n\nAutoAWQ quantizes with "
        + "awq-gptq#quip#" * (500 * s)
        + " AWQ.\n\n| a | tok/s |\n|---|---|\n| x | 1 |\n"
    ),
    # prose.reduced_by _RATIO_JOINT_RE, _REDUCED_BY_RE (reduced_by_factors), _DIGIT_RE: ratios joined by "while" and
    # "and" whose baseline never closes the sentence, reduction verbs with no "by", names with digits inside
    "joined ratios": "by 2x while lowering memory needs by 3x and reduces disk use 4x relative to BF16 FP8 " * 500,
    # prose.size_changes _SIZE_AFTER_RE, _SUBJECT_BEFORE_RE, _SAVED_BEFORE_RE: size comparatives after subjects and
    # verbs that never end, savings with no size after them
    "size comparatives": "the packed weights are now 4x smaller KV cache is 2x larger than saves 1.5GB VRAM saving "
    * 500,
    # vocab.expected_times _INSTALL_TIME_RE, _PRONOUN_TIME_RE, _ACTIVITY_TIME_RE: set-up words and modals that never
    # reach a time, expectations with pronouns, sentences opened by an activity, over and over
    "expected durations": "Building from source may take Expect this to take 10 min. Packing a checkpoint needs "
    "5-8 minutes, it can take " * 500,
    # vocab.matmul_kernels _KERNEL_TAIL_RE, grammar.line_setup _SIZE_END_RE: model cells of sizes, kernels and
    # parentheses that never end the cell, row after row
    "model cells with kernels": lambda s: (
        "| Model | tok/s |\n|---|---|\n"
        + "| Wren 7B 7 B (GEMV GEMM kernel (fused 1.5m ( Marlin x | 1.0 |\n" * (250 * s)
    ),
    # tables.list_table, reader.directives: a list table's rows with wrapped cells and option-like lines, then reST
    # directives each opening a run of options, then colon fences never closed, row after row
    "list table rows": lambda s: (
        "```{list-table}\n:header-rows: 1\n* - Model\n  - Speed\n"
        + "* - Wren 7B\n  - 12 ms\n    :x: - * -\n" * (18 * s)
        + "```\n"
        + ".. list-table:: t\n   :header-rows: 1\n   :widths: 1 2\n   * - * - a\n" * (18 * s)
        + ":::{list-table}\n:header-rows: 1\n* - a\n" * (18 * s)
    ),
}


def _quarter_and_whole(text: HostileText) -> tuple[str, str]:
    if callable(text):
        return text(1), text(4)
    quarter = text[: len(text) // 4]
    assert quarter * 4 == text, "not one unit repeated a multiple of four times: write it as a maker (lambda s: ...)"
    return quarter, text


def _one_and_three(text: HostileText) -> tuple[str, str]:
    """The text at one unit (its quarter) and at three: the hostile set is timed there, not at four, because the
    larger run is most of each test's cost and the set is the suite's largest part (issue 21)."""
    if callable(text):
        return text(1), text(3)
    quarter, _ = _quarter_and_whole(text)
    return quarter, quarter * 3


def test_every_hostile_texts_quarter_is_the_same_kind_of_text() -> None:
    """The linearity check compares like with like: a whole that holds digits or line ends has them in its quarter."""
    for name, text in HOSTILE.items():
        quarter, whole = _quarter_and_whole(text)
        assert len(whole) >= 3 * len(quarter), name
        assert len(_one_and_three(text)[1]) >= 2 * len(quarter), name
        for mark in "0123456789\n|":
            assert (mark in quarter) == (mark in whole), (name, mark)


# Three times the input: linear is 3x, quadratic 9x. With t(n) = a*n + b*n*n, a bar of 5x at (1, 3) fails exactly the
# paths a bar of 8x at (1, 4) did (b >= a/2: 16b + 4a >= 8(a + b)  <=>  9b + 3a >= 5(a + b)), for a fifth less time.
HOSTILE_BAR = 5.0


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_lines_grow_linearly(name: str) -> None:
    """Three times the input must take about three times as long, far from quadratic's nine (a ratio, not a clock;
    5x leaves room for a noisy machine and still fails anything quadratic). One test per text, so that the suite's
    workers share them."""
    small, big = _one_and_three(HOSTILE[name])
    t_small, t_big = _linear_times(small, big, "big.md", bar=HOSTILE_BAR)
    assert t_big < HOSTILE_BAR * t_small + 0.1, f"{name}: {t_small:.3f}s for a quarter, {t_big:.3f}s for three"


# ---- size: a whole document, long tables, unclosed fences, deep nesting (ratios of two sizes, not clocks) ----

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SLOW = os.environ.get("LEDGER_SLOW_TESTS") == "1"


def _fixture_text(budget: int = 0) -> str:
    """The fixture documents (our own writing in the real formats), one after the other: all of them, or an even
    spread of every k-th one under about `budget` characters, so that a timing does not grow with each fixture added
    while every family of fixtures stays in it."""
    docs = [p.read_text() for p in sorted(FIXTURES.rglob("*")) if p.suffix in (".md", ".txt")]
    if budget:
        step = max(1, -(-sum(map(len, docs)) // budget))
        docs = docs[::step]
    return "\n\n".join(docs)


def _grows_linearly(make: Callable[[int], str], n: int, path: str = "big.md") -> tuple[float, float]:
    """Time for size n and 4n; the larger must take under 8x: linear is 4x, quadratic 16x, so a noisy machine does
    not fail it and a quadratic path cannot pass it."""
    t_small, t_big = _linear_times(make(n), make(4 * n), path)
    assert t_big < 8 * t_small + 0.1, f"{t_small:.3f}s for n={n}, {t_big:.3f}s for 4n"
    return t_small, t_big


def _linear_times(small: str, big: str, path: str, bar: float = 8.0) -> tuple[float, float]:
    """One run of each; a ratio over the bar is looked at once more (best of three and two) before it counts: a stall
    lands in one run, a quadratic path is slow in every run, and most texts pass on the first look (the hostile set
    is a fifth of the suite's time; a stall in the small run only loosens the bar, so one run of it is enough)."""
    t_small = _time_at(small, path)
    t_big = _time_at(big, path)
    if t_big >= bar * t_small + 0.1:
        t_small = min(t_small, _time_at(small, path), _time_at(small, path))
        t_big = min(t_big, _time_at(big, path))
    return t_small, t_big


def _time_at(text: str, path: str) -> float:
    # the collector's full passes cost by the whole heap, whenever they fall: timed without them, the ratio
    # measures the extraction's own growth (a CI run once saw 11x for 4x on a linear path, a pass in the 4n run)
    # (and from cold caches: a small text's second run finds every answer remembered, a large one's cannot)
    # (the heap that survives a collection is frozen out of the next ones: each then looks only at what one extraction
    # left, not at every module and pattern again, a sixth of the hostile set's time)
    clear_all()
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        start = time.process_time()
        extract(text, path=path)
        return time.process_time() - start
    finally:
        gc.enable()


def test_whole_document_time_grows_linearly() -> None:
    base = _fixture_text(budget=120_000)
    assert len(base) > 100_000
    # (every fixture once was 530 KB and grew with each one added; a spread of a fifth of them, once and four times,
    # tells linear from quadratic as well and costs a fifth of that)
    _grows_linearly(lambda k: base * k, 1)


def _table(rows: int) -> str:
    return "| model | gsm8k | tok/s |\n| --- | --- | --- |\n" + "".join(
        f"| model-{i} | {70 + i % 10}.{i % 7} | {1000 + i} |\n" for i in range(rows)
    )


def test_long_table_grows_linearly_and_every_row_is_read() -> None:
    _grows_linearly(_table, 1_000)
    result = extract(_table(1_000), path="t.md")
    assert len(result.claims) == 2 * 1_000 and not result.warnings


def _side_rows(pairs: int) -> str:
    """A sweep printed as main / PR rows, one pair per request rate (tables/side_rows.py)."""
    return "| side | qps | req/s |\n| --- | --- | --- |\n" + "".join(
        f"| main | {i} | 1.{i % 90 + 10} |\n| PR | {i} | 2.{i % 90 + 10} |\n" for i in range(pairs)
    )


def _console_side_rows(pairs: int) -> str:
    """Console output of two columns whose rows are the two sides (kv/spaced.py leaves them to the table)."""
    rows = "".join(f"main     4.{i % 90 + 10}\nPR       3.{i % 90 + 10}\n" for i in range(pairs))
    return f"```\nbuild    latency (ms)\n-----    ------------\n{rows}```\n"


@pytest.mark.parametrize(("make", "claims"), [(_side_rows, 500), (_console_side_rows, 1000)], ids=["pipe", "console"])
def test_side_rows_grow_linearly_and_every_row_is_read(make: Callable[[int], str], claims: int) -> None:
    """Each PR row finds the main row of its own setting among as many as the sweep has (one claim a pair), and
    whether a console line is a row of such a table is asked once per table (runs repeated with no setting are
    no pairs: one claim a row, named by the header's measure, not by the side)."""
    _grows_linearly(make, 500)
    result = extract(make(500), path="t.md")
    assert len(result.claims) == claims and not any(c.metric in ("main", "PR") for c in result.claims)
    assert claims == 1000 or all(c.reference is not None for c in result.claims)


def _side_tables(pairs: int, rows: int = 2) -> str:
    """A sweep printed as a table per side, each under a sentence naming its side, `pairs` times
    (tables/side_tables.py)."""
    head = "| PP | N_KV | S_PP t/s |\n| --- | --- | --- |\n"
    body = "".join(f"| 512 | {r} | 2{r % 90 + 10}.5 |\n" for r in range(rows))
    base = "".join(f"| 512 | {r} | 7{r % 90 + 10}.5 |\n" for r in range(rows))
    one = (
        f"A sweep with this PR on the test box\n\n{head}{body}\nThe same sweep on mainline llama.cpp\n\n{head}{base}\n"
    )
    return "".join(f"## Run {k}\n\n{one}" for k in range(pairs))


def test_side_tables_grow_linearly_and_every_row_is_paired() -> None:
    """Many pairs of per-side tables, and one pair of long tables: each candidate row finds the base row of its
    settings by a look-up, never a scan of every claim or table."""
    _grows_linearly(_side_tables, 100)
    _grows_linearly(lambda n: _side_tables(1, n), 500)
    claims = extract(_side_tables(3, 4), path="t.md").claims
    pr = [c for c in claims if c.revision is not None and c.revision.label == "this PR"]
    assert len(pr) == 12 and all(c.reference is not None and c.reference - c.value == 500 for c in pr)


def _side_column(rows: int) -> str:
    """A table whose last column names a build per row (tables/side_rows.side_column), one base row among them."""
    body = "".join(f"| H20 | 8 | 40.{r % 10} | build+patch-{r} |\n" for r in range(rows))
    return "| GPU | TP | latency/ms | build |\n| --- | --- | --- | --- |\n| H20 | 8 | 41.5 | build |\n" + body


def test_side_column_grows_linearly_and_every_row_is_paired() -> None:
    """The base row of a side column is found in one look at each row, never a scan of the column per row."""
    _grows_linearly(_side_column, 1_000)
    claims = extract(_side_column(5), path="t.md").claims
    assert len(claims) == 5 and all(c.reference == 41.5 and c.revision is not None for c in claims)


def test_unclosed_fence_runs_to_the_end() -> None:
    def fenced(n: int) -> str:
        return "## Results\n\n```\n" + "gsm8k 71.5 (ref 71.8)\nTTFT 42 ms\n" * n

    _grows_linearly(fenced, 2_500)  # (10,000 lines in the fence at 4n: a rescan per line would show 16x)
    tail = fenced(3) + "\n| check | result |\n| --- | --- |\n| gsm8k | 71.5 |\n"
    result = extract(tail, path="f.md")  # CommonMark: an unclosed fence holds the rest of the document
    assert not result.warnings
    assert all(c.source.line > 3 for c in result.claims)


def test_deep_nesting_of_lists_and_quotes_grows_linearly() -> None:
    def lists(n: int) -> str:
        return "".join("  " * (i % 64) + f"- step {i}: gsm8k 7{i % 10}.5\n" for i in range(n))

    def quotes(n: int) -> str:
        return "".join(">" * (i % 64) + f" gsm8k 71.{i % 10}\n" for i in range(n))

    def both(n: int) -> str:
        return "".join(">" * (i % 32) + " " + "  " * (i % 16) + f"- 1. * TTFT {i} ms\n" for i in range(n))

    for make in (lists, quotes, both):
        _grows_linearly(make, 600)
    one_line = ">" * 20_000 + " - " * 5_000 + "gsm8k 71.5\n"
    assert _time_at(one_line, "deep.md") < 5


@pytest.mark.skipif(not SLOW, reason="10 MB documents take minutes: set LEDGER_SLOW_TESTS=1")
def test_ten_megabyte_document_and_100k_line_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from ledger.parsers import pipeline

    monkeypatch.setattr(pipeline, "MAX_LINES", 10**9)  # the whole document is read, as before the caps
    monkeypatch.setattr(pipeline, "MAX_CHARS", 10**9)
    monkeypatch.setattr(pipeline, "MAX_CLAIMS", 10**9)
    base = _fixture_text()
    k = 10_000_000 // len(base.encode())
    t5 = _time_at(base * (k // 2), "big.md")
    t10 = _time_at(base * k, "big.md")
    assert t10 < 3 * t5, f"5 MB {t5:.1f}s, 10 MB {t10:.1f}s"
    t50k = _time_at(_table(50_000), "t.md")
    t100k = _time_at(_table(100_000), "t.md")
    assert t100k < 3 * t50k, f"50k rows {t50k:.1f}s, 100k rows {t100k:.1f}s"
    for unit in ("1,", "1 - ", "-> ", "|", " \t"):  # long hostile lines: a per-number O(n) cost shows only here
        half = _time_at(unit * (250_000 // len(unit)), "line.md")
        whole = _time_at(unit * (500_000 // len(unit)), "line.md")
        assert whole < 3 * half + 0.1, f"{unit!r}: 250 KB {half:.1f}s, 500 KB {whole:.1f}s"


def test_blank_runs_inside_lines_grow_linearly() -> None:
    """A long run of blanks or tabs where a pattern has optional parts around blanks (each was quadratic or
    worse: a number then blanks in a cell, blanks after a table's header, blanks before '(ref' or 'against',
    blanks around the '(' after a comparison)."""
    shapes = [
        lambda n: "| model | Δ |\n| --- | --- |\n| a | +5.1" + " " * n + "L" * 17 + " |\n",
        lambda n: "| mean ITL (ms) | 3150.9" + "\t" * n + "| 3191.7 | +1.29 % |\n",
        lambda n: "| a | b |\n" + " " * n + "x\n",
        lambda n: "- TPOT 12.1 ms -> 10.9 ms" + " " * n + "(-9.9%)\n",
        lambda n: "gsm8k 71.5" + " " * n + "( ref" + " " * n + "x 70.9\n",
        lambda n: "gsm8k 71.5 ," + " " * n + "against x 70.9\n",
        lambda n: "accuracy: 0.0114 >=" + " " * n + "(" + " " * n + "x\n",
        lambda n: "assert np.float64(0.0113) >=" + " " * n + "(" + " " * n + "x\n",
    ]
    for make in shapes:
        _grows_linearly(make, 4_000)


def test_revision_lookup_does_not_walk_every_scope() -> None:
    """A long document with many revisions: looking up a line's revision must not cost O(revisions) per claim
    (it walked back over every earlier scope for a line after them all: quadratic on a 10 MB document)."""
    from ledger.model import Revision
    from ledger.parsers.base import Context
    from ledger.parsers.grammar.revisions import RevisionScope
    from ledger.parsers.reader.document import read_document

    def lookups(n: int) -> float:
        doc = read_document("x\n" * (4 * n), "many.md")
        ctx = Context(doc=doc, path="many.md")
        ctx.set_scopes(
            [RevisionScope(4 * i + 1, 4 * i + 2, Revision(label=f"v{i}", head=None, base=None)) for i in range(n)]
        )
        start = time.process_time()
        for i in range(n):
            assert ctx.revision_at(4 * i + 3) is None  # between scopes: no revision
            assert ctx.revision_at(4 * i + 2).label == f"v{i}"  # type: ignore[union-attr]
        return time.process_time() - start

    small, big = min(lookups(1_500) for _ in range(2)), min(lookups(3_000) for _ in range(2))
    assert big < 3 * small + 0.05, f"{small:.3f}s for 1,500 revisions, {big:.3f}s for 3,000"


CONSOLE_SHAPES = {
    # the console readers of issue 11: each pattern against the run its optional parts could split many ways
    "grid columns": lambda n: (
        "```\nname   a   b\n" + "".join(f"row{i}   {i}.5   {i}.25\n" for i in range(n // 20)) + "```\n"
    ),
    "grid blank row": lambda n: "```\nname   a   b\n----  ---  ---\nx" + " " * n + "1\n```\n",
    "box rows": lambda n: "```\n┃ a ┃ b ┃\n" + "│ x │ 1.5 │\n" * (n // 20) + "```\n",
    "spread": lambda n: "```\nTime (mean ± σ):  3.8 s ±" + " " * n + "x\n```\n",
    "ellipsis": lambda n: "```\nRange (min … max):  3.7 s …" + " " * n + "x\n```\n",
    "value list": lambda n: "```\nScores: [" + "'0.5', " * (n // 8) + "x\n```\n",
    "named list": lambda n: "```\nlatency(s)(" + "a, " * (n // 4) + "b): 1.0, 2.0\n```\n",
    "settings line": lambda n: "```\n" + "k=1 " * (n // 4) + "x\n```\n",
    "verdict line": lambda n: "```\n" + "a" * n + " PASSED x\n```\n",
    "id verdict": lambda n: "```\ntest_" + "a" * n + ": FAILED" + " " * n + "x\n```\n",
    "revision comment": lambda n: "```\n# commit abcdef12," + " " * n + "x\n```\n",
    "loose pipes": lambda n: "a | b\n" + "1 | 2\n" * (n // 6) + "x" * n + "\n",
    "packed cell": lambda n: "| x | y (a / b) |\n| --- | --- |\n| r | " + "1/" * (n // 2) + "x |\n",
    "label brackets": lambda n: "x" + "(" * n + ": 1.5\n",
    "tool tag": lambda n: "[METRIC] " + "a" * n + "=0.5 " + "b" * n + "\n",
    "stderr key": lambda n: "{'a_stderr" + "_" * n + "': 0.1}\n",
    "heading result": lambda n: "## speed:" + " " * n + "1 x\n",
    "options key": lambda n: "kv_cache_config:\n  " + "a" * n + ":" + " " * n + "x\n",
    "setup flags": lambda n: "```\npython serve.py" + " --tp 2" * (n // 8) + "\n```\n",
}


@pytest.mark.parametrize("shape", sorted(CONSOLE_SHAPES))
def test_console_patterns_grow_linearly(shape: str) -> None:
    _grows_linearly(CONSOLE_SHAPES[shape], 4_000)


def test_a_numbers_guard_costs_the_same_in_a_short_line_and_a_long_one() -> None:
    """Issue 23, item 5: a line of 500,000 bare values took 37 CPU s against 14.5 for 250,000 and 6.2 for
    125,000, because each number's guard looked through the whole line for an '=' (a line of n values cost
    n times the line). What decides about one number reads a window around it: the same number in a line a
    thousand times longer costs about the same (a ratio of two sizes, not a clock)."""
    from ledger.parsers.grammar.numbers import find_numbers
    from ledger.parsers.prose.guards import is_config_number

    def per_call(text: str) -> float:
        n = find_numbers(text, 2_000, 2_010)[0]
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            for _ in range(300):
                is_config_number(text, n)
            best = min(best, time.process_time() - start)
        return best

    short, long = "1.5 " * 1_000, "1.5 " * 1_000_000  # 4 KB and 4 MB: the longest line a document is read to
    t_short, t_long = per_call(short), per_call(long)
    assert t_long < 1.6 * t_short + 0.002, f"{t_short:.4f}s in a 4 KB line, {t_long:.4f}s in a 4 MB line"


def test_the_release_and_prose_patterns_grow_linearly_on_hostile_text() -> None:
    """The patterns that read a release statement and tell prose from a tool's output, searched over a whole hostile
    text (their callers cut it shorter): four times the text takes about four times as long."""
    from ledger.parsers.support.examples import _PROSE_RE
    from ledger.vocab.releases import MEASURED_ON_RELEASE_RE, NEW_FOR_RELEASE_RE, REPRODUCE_ON_RELEASE_RE

    cases = [
        (MEASURED_ON_RELEASE_RE, "the data is from the results measured with release "),
        (MEASURED_ON_RELEASE_RE, "data generated v"),
        (REPRODUCE_ON_RELEASE_RE, "to reproduce use v"),
        (NEW_FOR_RELEASE_RE, "new for v1.0 "),
        (_PROSE_RE, "a b c d e f "),
    ]
    for pattern, unit in cases:

        def cpu(n: int, pattern: re.Pattern[str] = pattern, unit: str = unit) -> float:
            text = unit * n
            start = time.process_time()
            pattern.search(text)
            return time.process_time() - start

        t_small = min(cpu(5_000) for _ in range(3))
        t_big = min(cpu(20_000) for _ in range(2))
        assert t_big < 8 * t_small + 0.05, (unit, t_small, t_big)


def test_a_long_html_table_printed_a_cell_a_line_is_read_whole() -> None:
    """A closed `<table>` of 2,000 rows, each cell on its own line (10,000 lines), is one table: every value read,
    no "not closed" warning. Its end is found by a look-up, not a look-ahead of so many lines (which once cut it
    and read its cells as text, losing every number); a table that another opens inside before it closes was cut."""
    rows = "".join(f"<tr>\n<td>r{k}</td>\n<td>{k}.5</td>\n</tr>\n" for k in range(2_000))
    text = "<table><tr><th>run</th><th>TTFT (ms)</th></tr>\n" + rows + "</table>\n"
    result = extract(text, path="long.md")
    assert len(result.claims) == 2_000 and not result.warnings, result.warnings[:2]
    cut = "<table><tr><th>run</th><th>TTFT (ms)</th></tr>\n<tr><td>a</td><td>1.5</td></tr>\n\n" + text
    warned = extract(cut, path="cut.md").warnings
    assert [w.line for w in warned] == [1] and "not closed" in warned[0].message
