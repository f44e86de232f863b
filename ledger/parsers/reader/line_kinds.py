"""What a single line is when no markup says so: a shell command, a progress bar, a log line, or (in a
rendered-page copy) a heading.

A rendered copy loses code fences and "#" marks; these tests read the kind back from the line itself.
They are apart from the scanner because other extractors ask the same question (setup.py reads commands).
"""

from __future__ import annotations

import re

from ledger.memo import short_text_cache


def is_rendered_heading(lines: list[str], i: int) -> bool:
    """A short bare line between blank lines: "Performance", "Test Coverage"."""
    s = lines[i].strip()
    if not s or len(s) > 60 or "\t" in s or s[0] in "•-*+|[(`>" or not (s[0].isupper() or s[0].isdigit()):
        return False
    if s.endswith((".", ":", ";", ",")) or len(s.split()) > 8:
        return False
    if _VALUE_AFTER_RE.search(s):
        return False  # "Accuracy: 0.950" is a result line, not a heading
    # (a copy may lose the blank line between a paragraph's last sentence and the heading after it: "...from
    # exLLaMA." over "Orin Results")
    prev_blank = i == 0 or not lines[i - 1].strip() or lines[i - 1].rstrip().endswith((".", "!", "?"))
    next_blank = i + 1 >= len(lines) or not lines[i + 1].strip()
    if not (prev_blank and next_blank):
        return False
    # a line that is only numbers and units is a value, not a heading
    return sum(ch.isalpha() for ch in s) >= max(3, len(s) // 3)


# a shell's prompt before the command: "$ ", zsh's "➜  repo git:(branch) ✗ ", "root@node:~/repo# ", "(venv) $ ", and
# the trace a shell prints of the command it runs ("+ python3 ...", set -x; "++ " in a subshell)
SHELL_PROMPT = (
    r"(?:\([\w.-]{1,40}\)\s+)?"
    r"(?:\$\s*|\+{1,3}\s|➜\s+\S{1,60}(?:\s+git:\([^()\s]{1,80}\))?(?:\s+✗)?\s+|[\w.-]{1,40}@[\w.-]{1,60}:[^\s$#]{0,120}[$#]\s*)?"
)
_COMMAND_RE = re.compile(
    # ("time VLLM_USE_V1=1 python3 x.py", "nohup python ...": a wrapper that times or detaches the command it runs)
    r"^" + SHELL_PROMPT + r"(?:(?:time|nohup)\s+)?(?:[A-Z_][A-Z0-9_]{1,40}=\S{0,200}\s+){0,4}(?:(?:time|nohup)\s+)?"
    r"(?:python\d?(?:\.\d{1,2})?|pytest|torchrun|mpirun|srun|lm_eval|vllm|sglang|trtllm-\w{1,20}|make|cmake|"
    r"bash|git|pip\d?|docker|buck|ninja|nvidia-smi|curl|export|cd|uv|accelerate|"
    # NVIDIA's load generators, whose "profile" runs a serving benchmark: "aiperf profile --model X --concurrency 4"
    r"aiperf|genai-perf|"
    # MLX's console entry points: "mlx_lm.generate --model ...", "mlx_lm.evaluate --task ..."
    r"mlx_(?:lm|vlm)\.[a-z_]{1,20}|"
    # llama.cpp's tools, from wherever they were built: "./llama-batched-bench", "build/bin/llama-bench"
    r"(?:[\w.-]{0,40}/){0,4}llama-[a-z][\w-]{1,30}|"
    # a shell script run from a path ("./run_bench.sh --tp 2", "../scripts/sweep.sh"), and llama.cpp's
    # "scripts/compare-commits.sh master my-branch -m ...", which its PRs run from the repository's root
    r"\.{1,2}/(?:[\w.-]{1,40}/){0,4}[\w.-]{1,40}\.sh|(?:[\w.-]{1,40}/){0,4}compare-commits\.sh)\s+\S"
)
_PROGRESS_RE = re.compile(r"\d{1,3}%\|[█▏▎▍▌▋▊▉ #]{0,200}\||█{3}")
# a finished progress bar opening its line, no description before it: "100%|█████| 1319/1319 [02:58<00:00, ...]"
_DONE_BAR_RE = re.compile(r"\s{0,8}100%\|[█▏▎▍▌▋▊▉ #]{0,200}\|\s{0,4}(\d{1,7})/(\d{1,7})(?![\d.])")


def done_count(line: str) -> int | None:
    """How many items a finished progress bar opening the line counted ("100%|███| 1319/1319 [02:58<00:00, ...]"):
    the work its run did; None for any other line, or a bar after its description ("Loading checkpoint shards:
    100%|███| 4/4"), which counts some other work."""
    m = _DONE_BAR_RE.match(line) if line.lstrip()[:4] == "100%" else None
    return int(m.group(1)) if m is not None and m.group(1) == m.group(2) else None


_PYTEST_PERCENT_RE = re.compile(r"\s{0,2}\d{1,3}%\]")
_PYTEST_WORDS = frozenset({"PASSED", "FAILED", "SKIPPED", "XFAIL", "XPASS", "ERROR"})


def is_pytest_progress(line: str) -> bool:
    """pytest's progress line: "tests/test_a.py ..F.s.  [ 45%]" or "tests/test_a.py::test_b PASSED  [ 50%]", how far
    the run got (its share is no result; the summary line under it is)."""
    s = line.rstrip()
    if not s.endswith("%]"):
        return False
    head, _, share = s.rpartition("[")
    marks = head.split()[-1:] if head[-1:].isspace() else []
    return (
        bool(marks)
        and _PYTEST_PERCENT_RE.fullmatch(share) is not None
        and (marks[0] in _PYTEST_WORDS or not marks[0].strip(".FEsxX"))
    )


_LOG_LINE_RE = re.compile(r"^\[?\d{2,4}[-/]\d{2}[-/]\d{2,4}[ T:-]\d{1,2}:\d{2}")
# a progress bar of no known total, as tqdm prints a download: "test.jsonl: 732kB [00:00, 33.3MB/s]" (its count,
# then the time it took and the rate in brackets, ending the line)
_UNSIZED_BAR_RE = re.compile(
    r"\d\s?[A-Za-z]{0,6} \[\d{1,3}:\d{2}(?::\d{2})?(?:<[\d:?]{1,9})?, ?[\d.?]{1,9} ?[A-Za-z]{0,6}/s\]$"
)
_COMMAND_MARK_RE = re.compile(r"(?:^|\s)--?[A-Za-z]|/|\\$|&&|=")
_VALUE_AFTER_RE = re.compile(r"[:=]\s*[-+~]?\d")
# lm-eval's echo of the run over its table, "hf (pretrained=org/M,dtype=bfloat16), gen_kwargs: (None), limit: 400.0":
# the harness's own line of its invocation, whatever its client ("vllm", "hf", "local-completions"), no result
_EVAL_RUN_RE = re.compile(r"[\w-]{1,40}[ \t]\([^()\n]{1,2000}\),[ \t]{0,4}gen_kwargs:")


def eval_run_line(line: str) -> bool:
    """lm-eval's echo of the run over its table (_EVAL_RUN_RE): its settings, never a result."""
    return "gen_kwargs" in line and _EVAL_RUN_RE.match(line.strip()) is not None


def unsized_bar(line: str) -> bool:
    """A progress bar of no known total ("/tmp/test.jsonl: 732kB [00:00, 33.3MB/s]"): its count is the work done so
    far, no result."""
    s = line.rstrip()
    return s.endswith("/s]") and _UNSIZED_BAR_RE.search(s[-60:]) is not None


@short_text_cache(8192)  # the scanner, the setup readers and the section readers each ask it of every line
def is_command_line(line: str) -> bool:
    """A shell command ("python3 -m sglang.bench_serving --num-prompts 512 ..."), a progress bar
    ("100%|█████| 1319/1319 [05:56<00:00, 3.70it/s]") or a timestamped log line
    ("[06/05/2026-03:40:28] [TRT-LLM] [I] ..."): code, even without a fence."""
    s = line.strip()
    tick = len(s) - len(s.lstrip("`")) if s.startswith("`") else 0
    if 0 < tick <= 3 and s.endswith("`" * tick) and s.count("`") == 2 * tick:
        s = s[tick:-tick].strip()  # "`lm_eval --model ... --limit 100`" alone on its line (RST's "``...``" too)
    # a progress bar holds "%|" or "███" (the two branches of _PROGRESS_RE)
    if (("%|" in s or "███" in s) and _PROGRESS_RE.search(s)) or _LOG_LINE_RE.match(s):
        return True
    if unsized_bar(s) or eval_run_line(s):
        return True
    if not _COMMAND_RE.match(s):
        return False
    # "make" and "cd" start sentences too: a command has flags, paths or a continuation
    return bool(_COMMAND_MARK_RE.search(s))


def is_shell_command(line: str) -> bool:
    """A command a shell runs ("$ python3 -m sglang.bench_serving ..."), not a progress bar or a log line."""
    s = line.strip()
    return bool(_COMMAND_RE.match(s) and _COMMAND_MARK_RE.search(s))


# "**bs=1**", "**Sweep point, 2048/256 concurrency 16** (the busy cell).", "**Heron-12B-Q4_K_M**": a paragraph
# opened by a bold phrase (an underscore inside it is a name's: "__" closes only the phrase "__" opens)
_BOLD_HEAD_RE = re.compile(r"^\s{0,3}(\*\*|__)(?=[^\s*_])[^*\n]{1,80}?[^\s*_]\1(?:\s*$|\s*[:.(,]|\s+\S)")


# "**Hardware Environment**: Atlas A2", "**Parallel mode:** TP2 + EP": a bold field's name, its colon, then its value
_BOLD_FIELD_RE = re.compile(r"^\s{0,3}(\*\*|__)[^*_\n:]{1,40}(?::\1|\1\s?:)\s{0,3}[^\s*_]")


def bold_field(text: str) -> bool:
    """Whether the line is one field of a bold "name: value" list, as a page's header states its setup."""
    return _BOLD_FIELD_RE.match(text) is not None


def opens_block(line: str) -> bool:
    """Whether the line opens a paste or a table: the line above it leads into them, what it states is theirs."""
    return line.lstrip().startswith(("```", "~~~", "|"))


def ends_in_colon(text: str) -> bool:
    """The line closes on a colon, also inside its closing emphasis ("**Scores with TP=4 (this PR):**"), as a lead-in
    over what follows does."""
    return text.rstrip().rstrip("*_").rstrip().endswith(":")


def bold_heading(text: str) -> str | None:
    """The bold phrase a line opens with, as people write a heading inside a comment ("bs=1"), else None."""
    m = _BOLD_HEAD_RE.match(text)
    return m.group(0).strip().split(m.group(1))[1] if m else None


# what a backend prints of the device and the model before a run: "ggml_vulkan: 0 = Radeon 8060S | uma: 1 |
# fp16: 1 | shared memory: 65536", "Device 0: NVIDIA L4, compute capability 8.9, VRAM: 23034 MiB", "print_info:
# n_ctx_train = 131072"
_BANNER_RE = re.compile(
    r"^(?:ggml_(?:vulkan|cuda_init|metal\w{0,20}|sycl\w{0,20}|opencl\w{0,20}|backend\w{0,20})|system_info|"
    r"load_tensors|print_info|llama_model_loader|llama_context|\s{0,4}Device \d{1,2})\s?:"
)


def is_device_banner(line: str) -> bool:
    """The machine's and the model file's properties a tool prints before its run: never a measurement
    (llama_perf's timings after the run are)."""
    return bool(_BANNER_RE.match(line))


# a console's banner: its title in capitals ("REQUEST DETAILS", "PERFORMANCE OVERVIEW ( main / ep+tp branch)")
# between rules of "=" that lost their fence, which markdown reads as a heading
_RULE_LINE_RE = re.compile(r"^[ \t]{0,8}={3,}[ \t]{0,8}$")
_BANNER_TITLE_RE = re.compile(r"^[ \t]{0,8}[A-Z][A-Z0-9 +/&,.-]{2,50}(?:\([^()]{0,60}\))?[ \t]{0,8}$")


def is_console_banner(lines: list[str], first: int, text: str) -> bool:
    """A heading from line `first` (1-based) reading `text` that is a tool's section banner, a title in capitals
    with rules of "=" around it: the console goes on under it, no section of the document starts there."""
    parts = text.split("\n")
    if len(parts) > 2 or not _BANNER_TITLE_RE.match(parts[-1]):
        return False
    around = lines[max(0, first - 2) : min(len(lines), first + len(parts))]
    return sum(1 for text in around if _RULE_LINE_RE.match(text)) >= 2
