"""The short headers benchmark tools and their users print over a column of settings: "Con." (concurrency),
"Threads", "B" (batch), and llama-batched-bench's "PP" / "TG" (prompt tokens processed, tokens generated), which
are the run's lengths only beside each other: "PP" alone, beside "TP", is the pipeline-parallel size."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.vocab.gguf_types import GGUF_QUANT
from ledger.vocab.matmul_kernels import KERNEL_KEY, kernel_name
from ledger.vocab.setup_labels import bench_test_setup

_ABBREVIATED = {
    "con": "concurrency",
    "con.": "concurrency",
    "conc": "concurrency",
    "conc.": "concurrency",
    "threads": "threads",
    "n_threads": "threads",
    "nthreads": "threads",
    # whisper.cpp's and llama.cpp's bench tables print "Th" over the CPU threads each row ran with
    "th": "threads",
    "b": "batch_size",
}
"""Headers of one word that name a setting, by its setup key."""
_BATCHED_BENCH = {"pp": "isl", "tg": "osl", "b": "batch_size"}
"""llama-batched-bench's setting columns (its -npp, -ntg and -npl), by setup key."""
_LENGTHS = {
    "input": "isl",
    "output": "osl",
    # the short forms a results table keys its rows by ("| il | out tok/s |" over "3.5k", "8k"): the length each row
    # sent, no part of what it measured
    "il": "isl",
    "ol": "osl",
    "ctx": "isl",
    "context": "isl",
    "ctx len": "isl",
    "context len": "isl",
    "context length": "isl",
    "context size": "isl",
    "prompt size": "isl",
    "prompt length": "isl",
    "prompt len": "isl",
    # the depth of the context a decode ran over (llama-bench's "-d 4096", MLX's sweeps): its input, never its output
    "depth": "isl",
    "context depth": "isl",
    "ctx depth": "isl",
    "kv depth": "isl",
}
"""Headers that name a length alone, over token counts."""
# "True context", "Actual context": the length a run really sent (an engine's count of the prompt's tokens, against
# the nominal size it asked for), the input length all the same
_LENGTH_QUALIFIER_RE = re.compile(r"^(?:true|actual|effective|real|measured) (?=\w)")
_SERVER_COUNT_HEADS = frozenset({"ctx", "context"})
"""Length headers that also count a disaggregated run's context servers ("| ctx | gen |" over 1, 2): over lengths of
a few dozen tokens or fewer they name no length."""
_FEWEST_TOKENS = 64
_INTEGER_RE = re.compile(r"^(?:\d{1,7}|\d{1,3}(?:[ ,\u00a0\u202f\u2009]\d{3}){1,2})$")
_BLANKS_RE = re.compile(r"[ \u00a0\u202f\u2009]")
# "TG (256) T/s", "PP (512)", "tg128": a bench's test named by its length, tokens generated or prompt tokens
_HEAD_LENGTH_RE = re.compile(
    r"^(?:(?P<isl>pp|pg)|tg)[ -]?(?:\((?P<n>\d{1,6})\)|(?P<m>\d{1,6}))(?![\w.])", re.IGNORECASE
)


def abbreviated_setting(head: str) -> str | None:
    """The setup key a one-word setting header names ("Con." -> concurrency, "B" -> batch_size), else None."""
    return _ABBREVIATED.get(head.strip(" *`_:").lower())


def whole_numbers(cells: Sequence[str]) -> bool:
    """The cells are all whole numbers, as a setting's are: "B" over "1", "4", "16" is a batch size, "B" over
    "12.5" (the second arm of "A | B") is measured."""
    return bool(cells) and all(_INTEGER_RE.match(c) for c in cells)


def batched_bench_keys(heads: Sequence[str]) -> dict[int, str]:
    """The setup key of each of llama-batched-bench's setting columns, by column, when the table prints its PP
    and TG side by side; {} for any other table."""
    low = [h.strip(" *`_:").lower() for h in heads]
    if "pp" not in low or "tg" not in low:
        return {}
    return {i: _BATCHED_BENCH[h] for i, h in enumerate(low) if h in _BATCHED_BENCH}


def length_keys(heads: Sequence[str], cells: Sequence[Sequence[str]]) -> dict[int, str]:
    """The columns that hold a run's lengths, by column: "Input" and "Output" over token counts ("4 000", "300",
    "64K") are isl and osl; over words ("prose", "code") they name no setting."""
    out: dict[int, str] = {}
    for i, head in enumerate(heads):
        low = _LENGTH_QUALIFIER_RE.sub("", " ".join(head.strip(" *`_:").lower().replace("_", " ").split()))
        key = _LENGTHS.get(low)
        if key and i < len(cells) and cells[i] and all(_length_cell(c) for c in cells[i]):
            if low in _SERVER_COUNT_HEADS and any(c.isdigit() and int(c) < _FEWEST_TOKENS for c in cells[i]):
                continue
            if low == "depth" and any(c.isdigit() and 0 < int(c) < _FEWEST_TOKENS for c in cells[i]):
                continue  # ("Depth" over 1, 3: how deep a draft ran; a context's depth is 0 or a count of tokens)
            out[i] = key
    return out


_KILO_RE = re.compile(r"\d{1,4}(?:\.\d)?[kK]$")


def _length_cell(cell: str) -> bool:
    """A token count as a length column prints it: "4 000", "64K", and "~12.5k" (an approximate count is a length
    all the same)."""
    bare = cell.removeprefix("~").removeprefix("≈").lstrip()
    return bool(_INTEGER_RE.match(bare) or _KILO_RE.match(bare))


_GEMM_DIMS = frozenset({"m", "n", "k"})


# a row named by a kernel's GEMM shape ("MNK=(1x4096x12288)", "M=16 (16x4096x4096)", "4096x4096x128"): its
# dimensions, "x"-joined, after the letters that name them
_GEMM_SHAPE_RE = re.compile(r"(?:[MNK]{1,3}\s?=\s?)?\(?\d{1,6}(?:\s?[x×]\s?\d{1,6}){1,3}\)?", re.IGNORECASE)


def gemm_shape(label: str) -> bool:
    """The label is a GEMM's shape and nothing more: a setting of the kernel's run, never what it measured."""
    return _GEMM_SHAPE_RE.fullmatch(label.strip(" *`_:")) is not None


def gemm_dim_key(head: str) -> str | None:
    """The shape dimension a kernel table's corner names over a sweep of its values ("| M | 4 | 8 | 16 |": the
    token count M, "dim_m"), else None."""
    low = head.strip(" *`_:").lower()
    return f"dim_{low}" if low in _GEMM_DIMS else None


def expert_columns(heads: Sequence[str], cells: Sequence[Sequence[str]]) -> dict[int, str]:
    """The "E" column of a kernel's table, the number of experts, where M, N or K beside it give the shapes' other
    dimensions as settings ("| E | K | tokens |" over "256 | 8 | 16"): {column: "experts"}; {} elsewhere, where a
    one-letter "E" may name anything."""
    low = [h.strip(" *`_:").lower() for h in heads]

    def counts(i: int) -> bool:
        return i < len(cells) and whole_numbers(cells[i])

    if not any(h in _GEMM_DIMS and counts(i) for i, h in enumerate(low)):
        return {}
    return {i: "experts" for i, h in enumerate(low) if h == "e" and counts(i)}


_SERVING_LENGTHS = frozenset({"isl", "osl", "input", "output", "in", "out"})
# "Output tok/s", "Mean TPOT (ms)", "p50 TTFT", "req/s": what a serving benchmark measures per request stream, never
# a kernel's (a conv kernel's "C" beside "latency (us)" counts channels, so bare "latency" is no such measure)
_SERVING_MEASURE_RE = re.compile(r"tok(?:en)?s?/s|req/s|(?<![a-z])(?:ttft|tpot|itl|e2el?)(?![a-z])", re.IGNORECASE)


def serving_columns(heads: Sequence[str], cells: Sequence[Sequence[str]]) -> dict[int, str]:
    """A serving sweep's "C" over whole numbers beside its lengths ("| ISL | OSL | C | Base | PR |") or beside what a
    serving benchmark measures ("| C | Output tok/s |"): the concurrency ({column: "concurrency"}); {} elsewhere,
    where a one-letter "C" may be a kernel's channels."""
    low = [h.strip(" *`_:").lower() for h in heads]
    if not any(h in _SERVING_LENGTHS or _SERVING_MEASURE_RE.search(h) for h in low):
        return {}
    return {i: "concurrency" for i, h in enumerate(low) if h == "c" and i < len(cells) and whole_numbers(cells[i])}


def gemm_dim_columns(heads: Sequence[str], cells: Sequence[Sequence[str]]) -> dict[int, str]:
    """A kernel table's "M", "N", "K" over whole numbers, two of them at least: the shape's dimensions ({column:
    "dim_n"}), never a sample count ("n" alone over runs averaged) nor a top-k ("K" beside "E")."""
    out: dict[int, str] = {}
    for i, head in enumerate(heads):
        low = head.strip(" *`_:").lower()
        if low in _GEMM_DIMS and i < len(cells) and whole_numbers(cells[i]):
            out[i] = f"dim_{low}"
    return out if len(out) >= 2 else {}


def plain_count(cell: str) -> str:
    """A count as digits alone: "5 000" is 5000 (a setting's value, compared as printed)."""
    return _BLANKS_RE.sub("", cell) if _INTEGER_RE.match(cell) and not cell.isdigit() and "," not in cell else cell


_WHOLE_FLOAT_RE = re.compile(r"^(\d{1,9})\.0{1,8}$")


def whole_count(cell: str) -> str:
    """A count printed as a float, as a pandas frame prints a column it holds floats in ("32.0"): its digits."""
    return m.group(1) if (m := _WHOLE_FLOAT_RE.match(cell)) else cell


# "4,096 t", "2,048 tokens", "1,500 t 1" (a footnote's mark run on after the unit): a length printed with its unit
_TOKENS_CELL_RE = re.compile(r"^(\d{1,3}(?:,\d{3}){1,2}|\d{1,7}) ?(?:t|tok|tokens)(?: \d)?$", re.IGNORECASE)
_KILO_HEAD_RE = re.compile(r"\(\s?k\s?\)$", re.IGNORECASE)


def length_value(key: str, head: str, cell: str) -> str:
    """A length setting's cell as the number of tokens: "4,096 t" -> "4096", "8" under "SeqLen (K)" -> "8K"; any
    other key's cell, or a cell no length reads, as it is (a kernel's, "🔵 GEMM", its name without the mark)."""
    if key not in ("isl", "osl"):
        return (kernel_name(cell) or cell) if key == KERNEL_KEY else cell
    if m := _TOKENS_CELL_RE.match(cell):
        return m.group(1).replace(",", "")
    return f"{cell}K" if cell.isdigit() and _KILO_HEAD_RE.search(head.strip()) else cell


def header_lengths(head: str) -> dict[str, str]:
    """The length a bench's header names for its column: "TG (256) T/s" generates 256 tokens (osl), "PP (512)" and
    "PG (22)" read a prompt of that many (isl); {} for any other header."""
    m = _HEAD_LENGTH_RE.match(head.strip(" *`_"))
    if m is None or (m.group("isl") and "/s" not in head.lower()):
        return {}  # "PP (8)" without a rate may be the pipeline's size
    return {"isl" if m.group("isl") else "osl": m.group("n") or m.group("m")}


# "128 Decode", "1K Prefill", "4096 prefill tok/s": a column measured at a length its header prints before the
# measure, as a sweep's columns do; the length is the run's context, its input (a prompt's for prefill, and for decode
# the depth of the context it decoded over, as MLX's and llama.cpp's benches sweep it: "tg128 @ d4096"); only a
# generation's own length is the tokens it generated ("1K generation", llama-bench's "tg128")
_LED_LENGTH_RE = re.compile(
    r"^(?P<n>\d{1,6}[kK]?)[ -](?=(?:(?P<isl>prefill|prompt|pp|decode)|generation|tg)(?![\w-]))", re.IGNORECASE
)
# "Decode @ 2K", "prefill tok/s at 8k ctx": the measure, then the context it ran at
_AT_LENGTH_RE = re.compile(
    r"^(?P<m>(?:decode|prefill|generation|tg|pp)(?: (?:tok/s|t/s|tps|speed|throughput|rate))?) ?(?:@|at) ?"
    r"(?P<n>\d{1,6}[kK]?)(?: ?(?:ctx|context|tokens))?$",
    re.IGNORECASE,
)


def length_led(name: str) -> tuple[str, dict[str, str]] | None:
    """A header's measure and the length it is measured at ("1K Decode" -> ("Decode", {"isl": "1K"}), "Decode @ 2K"
    -> ("Decode", {"isl": "2K"}), "1K generation" -> ("generation", {"osl": "1K"})), else None."""
    bare = name.strip(" *`_")
    if (at := _AT_LENGTH_RE.match(bare)) is not None:
        return at.group("m"), {"isl": at.group("n")}
    m = _LED_LENGTH_RE.match(bare)
    if m is None:
        return None
    return bare[m.end() :], {"isl" if m.group("isl") else "osl": m.group("n")}


# "DFlash @512 tok/s", "Spec @4k": a row's measure at a count after "@" (not "@ d4096", a bench's depth, nor "@ 85%")
_AT_COUNT_RE = re.compile(r"(?<![\w@])@ ?(\d{1,6}(?:\.\d)?[kK]?)(?![\w.%])")


def at_lengths(labels: Sequence[str]) -> dict[str, str]:
    """The length each of a table's row labels names after "@" ("Spec @256 tok/s", "Spec @4k tok/s"), by label,
    where two rows or more do and one counts in thousands: tokens, the context each row ran at ("@64" alone may count
    requests in flight as well); {} otherwise."""
    found = {label: m.group(1) for label in labels if (m := _AT_COUNT_RE.search(label))}
    return found if len(found) > 1 and any(n[-1] in "kK" for n in found.values()) else {}


# "Latency of single GPU" beside "Latency of 2-way TP": a column measured on one board, so with no tensor parallelism
# (a header only: prose's "into a single GPU" or "supports the single GPU" names no run)
_ONE_BOARD_HEAD_RE = re.compile(r"(?<![\w-])(?:single|one)[ -]gpu(?![\w-])", re.IGNORECASE)


def header_parallel(head: str) -> dict[str, str]:
    """The tensor parallel size a column's header implies: {"tp": "1"} for a single GPU's column, else {}."""
    return {"tp": "1"} if _ONE_BOARD_HEAD_RE.search(head) else {}


# "Q4_0_R8", "IQ4_XS", "q5_K_M": a ggml quant type by its full name (the repacked "_R8" is a type of its own)
_GGML_QUANT_RE = re.compile(rf"^{GGUF_QUANT}$", re.IGNORECASE)
# "PP-512", "TG-128", "pp512": a llama.cpp bench test, named by what it runs and its length
_BENCH_TEST_RE = re.compile(r"(?<![\w-])(?:pp|tg)[- ]?\d{1,6}(?![\w.-])", re.IGNORECASE)


def ggml_quant(head: str) -> str | None:
    """The quant type a header names whole ("Q4_0_R8" -> "q4_0_r8"), else None."""
    name = head.strip(" *`_")
    return name.lower() if _GGML_QUANT_RE.match(name) else None


def named_bench_test(sentence: str) -> tuple[str, dict[str, str]] | None:
    """The one bench test a sentence names ("PP-512 for qwen2-7b on three CPUs:") and the lengths it runs
    ({"isl": "512"}); None for none or several."""
    found = {m.group(0) for m in _BENCH_TEST_RE.finditer(sentence[:300])}
    if len({f.lower().replace("-", "").replace(" ", "") for f in found}) != 1:
        return None
    test = min(found)
    return test, bench_test_setup(test.replace("-", "").replace(" ", ""))


# "kernel" over exllama / exllamav2, "attention backend" over flashinfer / triton, "method" over rtn / awq: the arm a
# row ran, which tells a quantiser's or a kernel's two series apart wherever the column stands among the settings
_ARM_HEAD_RE = re.compile(
    r"^(?:(?:attention|attn|matmul|gemm|moe|quant(?:ization)?)[ _-])?(?:kernel|backend|method|impl(?:ementation)?)s?$",
    re.IGNORECASE,
)


def names_arm(head: str) -> bool:
    """A column's header names the arm each row ran ("kernel", "Backend", "quant method")."""
    return bool(_ARM_HEAD_RE.match(head.strip(" *`_")))


# "Prompt", "Prompt length", "Prompt (500 tokens)": a corner cell naming the prompt each value column ran, with its
# length in tokens where the corner prints one for every column
_PROMPT_CORNER_RE = re.compile(
    r"^(?:prompts?|(?:prompt|input) (?:length|len|size))(?: ?\((?P<n>\d{1,7}) ?(?:tokens?|toks?)\))?$", re.IGNORECASE
)
# "1K (969)", "hi (2)": a column's prompt by its name, then its length in tokens; "1K": its length alone
_NAMED_PROMPT_RE = re.compile(r"^[^()]{1,30}? ?\((?P<n>\d{1,7})(?: ?(?:tokens?|toks?))?\)$", re.IGNORECASE)
_PROMPT_LENGTH_RE = re.compile(r"^\d{1,6}(?:\.\d)?[kK]?$")


def prompt_corner(cell: str) -> str | None:
    """The length a corner naming the prompt prints ("Prompt (500 tokens)" -> "500"), "" for one that prints none
    ("Prompt"), None for a corner of anything else."""
    m = _PROMPT_CORNER_RE.match(cell.strip(" *_`:"))
    return None if m is None else m.group("n") or ""


def prompt_of_column(head: str) -> str | None:
    """The prompt length a column's header under a prompt corner names: the tokens in its parentheses ("1K (969)" ->
    "969", "hi (2)" -> "2"), else a length alone ("2K"); None for any other header."""
    head = head.strip(" *_`")
    if (m := _NAMED_PROMPT_RE.match(head)) is not None:
        return m.group("n")
    return head if _PROMPT_LENGTH_RE.match(head) else None
