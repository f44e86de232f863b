"""Lines of benchmark output with no "label: value" colon: assertion echoes, "key value" lines, durations.

    E   assert np.float64(0.0113) >= (0.72 - 0.08)      -> accuracy 0.0113, reference 0.72 (metric from above)
    [BENCHMARK] token_throughput(token/sec) 1036.8      -> a snake_case or unit-bearing result key
    real    0m41.207s                                   -> "real time", 41.207 s
    Average tokens/sec including batches 9116.81        -> words naming a result, then its number

ledger/parsers/kv/lines.py reads a line here first and goes on to its pairs only when none of these match.
"""

from __future__ import annotations

import re

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import normalise_unit, parse_duration, to_float
from ledger.parsers.grammar.pairs import pairs_in
from ledger.parsers.kv.labels import SNAKE_RE, is_config, measured, open_world_label, snake_unit
from ledger.parsers.reader.line_kinds import eval_run_line, is_device_banner, unsized_bar
from ledger.vocab.metrics import is_gauge_name, kind_for_metric
from ledger.vocab.sides import side_alone, side_of

_COMMAND_RE = re.compile(
    # ("# total time: 26.30s, tok/s: 18.37": results pasted as a comment are read, other comments skipped)
    r"^\s*(?:\$\s|>>>|#(?![^:=\n]{1,40}:\s*[-+~]?\d)|--|python\d?(?:\.\d+)?\s|pytest\s|torchrun\s|mpirun\s|export\s|CUDA_|vllm\s|"
    r"sglang\s|trtllm-\w+\s|lm_eval\s|bash\s|sh\s|make\s|git\s|pip\d?\s|docker\s|srun\s|cd\s|buck\s)"
)
_UNIT_PAREN_RE = re.compile(r"\([^()]*\)$")


# pytest's assertion echo: "assert np.float64(0.0113) >= (0.72 - 0.08)"
_ASSERT_RE = re.compile(
    r"^\s*(?:E\s+)?assert\s+(?:[\w.]{1,40}\()?(?P<v>[-+]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d{1,3})?)\)?"
    r"\s*(?:>=|<=|>|<|==|≥|≤)\s*(?:\(\s*)?(?P<r>[-+]?\d[\d,]*(?:\.\d+)?)[\s\d.+\-*/=()]{0,60}$"
)


def assert_claim(ctx: Context, no: int, text: str) -> Claim | None:
    """ "assert np.float64(0.0113) >= (0.72 - 0.08)" under a line naming the metric ("GSM8K metric too low")."""
    m = _ASSERT_RE.match(text)
    if not m:
        return None
    above = ""
    for back in (1, 2):
        prev = ctx.doc.line(no - back)
        if prev.strip():
            labels = [p.label for p in pairs_in(prev) if p.value is not None]
            above = labels[-1] if labels else prev.strip()[-80:]
            break
    kind = kind_for_metric(above)
    if kind == "perf" and not measured(above):
        return None
    ctx.take(no, m.start("v"), m.end())
    return ctx.claim(
        kind,
        no,
        text[m.start("v") : m.end()].strip(),
        metric=f"{above} (assert)".strip(),
        value=to_float(m.group("v")),
        reference=to_float(m.group("r")),
    )


# gptManagerBenchmark and similar: "[BENCHMARK] token_throughput(token/sec) 1036.8", "key(unit)  value"
_SPACED_RE = re.compile(
    r"^\s*(?:\[[A-Z]{2,20}\]\s+)?(?P<label>[A-Za-z][\w.-]{1,60}(?:\((?P<unit>[^()\s]{1,16})\))?)\s+"
    r"(?P<v>[-+]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d{1,3})?)\s*$"
)


# time(1) and the like: "real    0m41.207s" (a clock duration under a word, parted by a tab or blanks)
_SPACED_DURATION_RE = re.compile(
    r"^\s*(?P<label>[A-Za-z][\w.-]{1,30})(?:\t|\s{2,})"
    r"(?P<v>\d{1,4}h\d{1,2}m\d{1,2}(?:\.\d+)?s|\d{1,4}m\d{1,2}(?:\.\d+)?s)\s*$"
)


def spaced_claim(ctx: Context, no: int, text: str, console: bool = False) -> Claim | None:
    """A "key value" line with no colon, in a code block: only snake_case or unit-bearing result keys, or a
    clock duration ("real    0m41.207s")."""
    dm = _SPACED_DURATION_RE.match(text)
    if dm and not is_config(dm.group("label"), "s"):
        seconds = parse_duration(dm.group("v"))
        if seconds is not None:
            ctx.take(no, dm.start("label"), dm.end("v"))
            return ctx.claim(
                "perf",
                no,
                text[dm.start("label") : dm.end("v")],
                metric=f"{dm.group('label')} time",
                value=seconds,
                unit="s",
                printed=dm.group("v"),
            )
    m = _SPACED_RE.match(text)
    if not m:
        return _worded_claim(ctx, no, text)
    label = m.group("label")
    core = _UNIT_PAREN_RE.sub("", label)
    v = m.group("v")
    if is_config(core, None) or is_gauge_name(core):
        return None
    # a snake_case or unit-bearing result key; or any name over a measured fraction ("forward 5.81e-06") in output
    if not (
        ((SNAKE_RE.match(core) or m.group("unit")) and measured(core))
        or (console and ("." in v or "e" in v.lower()) and open_world_label(core) and not SNAKE_RE.match(core))
    ) or (side_alone(core) and _side_table_row(ctx, no)):
        return None
    unit = m.group("unit") or snake_unit(core)
    value = to_float(v)
    ctx.take(no, m.start("label"), m.end("v"))
    return ctx.claim(
        kind_for_metric(core, unit),
        no,
        text[m.start("label") : m.end("v")],
        metric=label,
        value=value,
        unit=normalise_unit(unit) if unit else None,
    )


def _side_table_row(ctx: Context, no: int) -> bool:
    """ "main     4.82" under "build    latency (ms)": a row of a console table whose rows are the two sides, which
    the table reader pairs under the measure its header names; read alone, the side word would be the metric."""
    block = ctx.block_at(no)
    if block is None or block.table is None or not block.start <= no <= block.end:
        return False
    sided: dict[int, bool] = ctx.memo.setdefault("kv_spaced.side_tables", {})
    if block.start not in sided:  # once per table, not once per row: a long table stays linear
        labels = [r.cells[0].strip(" *_`") if r.cells else "" for r in block.table.rows]
        sided[block.start] = all(side_alone(x) for x in labels) and {side_of(x) for x in labels} == {"base", "head"}
    return sided[block.start]


# "Average tokens/sec including batches 9116.81": words naming a result, then its number, alone on a line of output
_WORDED_RE = re.compile(
    r"^\s*(?P<label>[A-Za-z][\w./%()-]{0,30}(?: [\w./%()-]{1,30}){1,7})\s+(?P<v>[-+]?\d[\d,]*(?:\.\d+)?)\s*$"
)
_UNIT_WORD_IN_LABEL_RE = re.compile(
    r"(?<![\w/])(tok(?:en)?s?/s(?:ec)?|req(?:uest)?s?/s|ms|us|s|GB/s|TFLOPS|GFLOPS)"
    r"(?![\w/])",
    re.IGNORECASE,
)


def _worded_claim(ctx: Context, no: int, text: str) -> Claim | None:
    m = _WORDED_RE.match(text)
    if not m or skip_line(text) or " -" in m.group("label"):
        return None  # a command and its flags ("... --num-shots 20") are settings
    label = m.group("label")
    um = _UNIT_WORD_IN_LABEL_RE.search(label)
    unit = normalise_unit(um.group(1)) if um else None
    if is_config(label, unit) or not (measured(label) or unit):
        return None
    ctx.take(no, m.start("label"), m.end("v"))
    return ctx.claim(
        kind_for_metric(label, unit),
        no,
        text[m.start("label") : m.end("v")].strip(),
        metric=label,
        value=to_float(m.group("v")),
        unit=unit,
    )


_PAIR_VALUE_RE = re.compile(r":\s+[-+~]?\d")


def among_pairs(ctx: Context, no: int) -> bool:
    """A line between lines of "label: value" output (console output pasted without a fence)."""
    return any(_PAIR_VALUE_RE.search(ctx.doc.line(k)) for k in (no - 1, no + 1))


def skip_line(text: str) -> bool:
    s = text.strip()
    if not s or bool(_COMMAND_RE.match(s)) or s.count(" --") >= 2 or "█" in s:
        return True
    # ("test.jsonl: 732kB [00:00, 33.3MB/s]": a download's bar; "hf (pretrained=...), gen_kwargs: ..., limit: 400.0")
    return is_device_banner(text) or unsized_bar(s) or eval_run_line(s)


# a printed argument list, one word a line ("srv  load:   --port" then "srv  load:   8080"): a line that ends in a flag
_ENDS_IN_FLAG_RE = re.compile(r"\s--?[A-Za-z][\w-]{0,60}\s*$")


def after_flag(ctx: Context, no: int) -> bool:
    """The line follows one that ends in a command-line flag: its value is that flag's argument, a setting (a
    server's start-up log prints its command line one argument a line)."""
    return no > 1 and _ENDS_IN_FLAG_RE.search(ctx.doc.line(no - 1)[-64:]) is not None
