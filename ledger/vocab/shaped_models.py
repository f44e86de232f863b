"""Model names the family table does not know, read by their shape where a sentence puts a model: "V4-Pro 8k/1k
MTP3 disagg:", "Acme-Flash 100-sample GSM8K", "on Acme-Pro (TP=8 ...)", "the Bar-V9-Pro checkpoint". A shape alone
names no model (a branch "Release-Base", a kernel "Flash-Decode", a board "H100-Pro" have it too): only the places
a setup names its model make one of it."""

from __future__ import annotations

import re

from ledger.vocab.canonical import GPU_NAMES
from ledger.vocab.engines import engine_named
from ledger.vocab.metric_table import BENCHMARKS

# a capitalised name of two to five dash-joined parts, one after the first a release's variant ("Pro", "Flash",
# "Mini", "Instruct", "V9"); case-sensitive: "flash-attn", "pre-merge" are no released model's spelling
_NAME = (
    r"(?P<name>[A-Z][A-Za-z0-9]{0,20}(?:\.\d{1,2})?(?:-[A-Za-z0-9]{1,16}(?:\.\d{1,2})?){0,3}"
    r"-(?:Pro|Flash|Mini|Nano|Lite|Max|Plus|Ultra|Air|Turbo|Base|Instruct|Chat|V\d{1,2}(?:\.\d{1,2})?)"
    r"(?:-[A-Za-z0-9]{1,16}(?:\.\d{1,2})?){0,2})(?![\w/-]|\.\w)"
)
_SHAPE_RE = re.compile(r"-(?:Pro|Flash|Mini|Nano|Lite|Max|Plus|Ultra|Air|Turbo|Base|Instruct|Chat|V\d)(?![a-z])")
_LED_SHAPE_RE = re.compile(
    r"(?:W(?<![\w-]W)ith|w(?<![\w-]w)ith|U(?<![\w-]U)sing|u(?<![\w-]u)sing|F(?<![\w-]F)or|f(?<![\w-]f)or|o(?<![\w-]o)n)"
    r" (?:the )?[\w.-]{0,40}/?[A-Z][A-Za-z0-9.]{0,20}-"
)
"""Where some shaped name may stand: a text without one of its variant parts, or a dashed name after a lead-in's
"with"/"using"/"for"/"on", holds none (the cheap test first). Two patterns, each opening with a character (a
lead-in's word looks behind its first letter): the engine skips to where one can open, where one pattern of both,
opening with a look-behind, was tried at every character."""
_BOARD_RE = re.compile(rf"(?<![a-z0-9])(?:{GPU_NAMES})(?![0-9])", re.IGNORECASE)
"""A board the vocabulary knows, inside a name: "H100-Pro", "Orin-Nano" name a machine, no model."""
_BENCHMARK_RE = re.compile("|".join(f"(?:{b.pattern})" for b in BENCHMARKS), re.IGNORECASE)
"""A benchmark the metric table knows, opening a name: "MMLU-Pro on Wren-9B" names the task, then the model."""
_RELEASE_RE = re.compile(r"[A-Za-z]{1,2}\d{1,3}(?:\.\d)?-[A-Za-z]+$")
"""A family's release and its variant alone ("V4-Pro", "K3-Flash"): the short name of a full one the document may
give (grammar.model_alias reads it so, by the title's "DeepSeek-V4"), not a name of its own."""
# the places: the head of a lead-in whose next words are its setup ("<Name> 8k/1k MTP3 disagg", "<Name> 100-sample
# GSM8K", "<Name> on MI355X", "<Name> (TP=8)", "<Name>, FP8 KV cache:"), "on <Name>" closed by a parenthesis or a
# clause's end, "the <Name> checkpoint / model / weights", and "<Name> N-sample" wherever it stands
_PLACES_RE = re.compile(
    r"^[\s>*_#+-]{0,8}(?:\*\*)?" + _NAME + r"(?:\*\*)?(?= on | \d| ?\(|, |:)"
    r"|(?<![\w-])on (?:the )?" + _NAME.replace("?P<name>", "?P<on>") + r"(?= ?\(|[,.;:](?!\w)|$)"
    r"|(?<![\w-])[Tt]he " + _NAME.replace("?P<name>", "?P<the>") + r" (?=checkpoint|model|weights)"
    r"|(?<![\w/.@-])" + _NAME.replace("?P<name>", "?P<sampled>") + r"(?= \d{1,6}-sample)"
)
# "Benchmarked with Ling-3.0-flash (127.5B total, 6.1B active) on two A10 servers", "using Orca-2-mini on H200",
# "for acme/Tern-4.1 (12B dense)": the name a results lead-in runs its setup with, any case in its variant part,
# followed by its size in brackets or by the board it ran on (_led_model tells which name that makes a model)
_LED_RE = re.compile(
    r"(?<![\w-])(?:[Ww]ith|[Uu]sing|[Ff]or|on) (?:the )?(?P<led>(?:[A-Za-z0-9][\w.-]{0,38}/)?"
    r"[A-Z][A-Za-z0-9]{0,20}(?:\.\d{1,2})?(?:-[A-Za-z0-9]{1,16}(?:\.\d{1,2})?){1,4})(?![\w/-]|\.\w)"
    r"(?=(?P<size> ?\(\d{1,4}(?:\.\d{1,2})?[BbMm](?![A-Za-z0-9]))| on )"
)
_VARIANT_RE = re.compile(
    r"-(?:pro|flash|mini|nano|lite|max|plus|ultra|air|turbo|base|instruct|chat|v\d{1,2}(?:\.\d{1,2})?)(?![A-Za-z0-9])"
    r"|-\d{1,4}(?:\.\d{1,2})?[bm](?![A-Za-z0-9])",
    re.IGNORECASE,
)
"""A release's variant part or a parameter count, in a dashed name: "Orca-2-mini", "Tern-7b" are models' names,
"Triton-3.1", "Flash-Decode" a tool's or a kernel's."""
_ON_BOARD_RE = re.compile(rf" on (?:[a-z]{{1,6}} )?(?:\d{{1,3}} ?[x×] ?)?(?:{GPU_NAMES})(?![0-9])", re.IGNORECASE)
"""A board the vocabulary knows after "on", a count or a count's word perhaps first ("on two A10 servers")."""


def shaped_models(text: str) -> dict[tuple[int, int], str]:
    """The spans of the names of `text` whose shape and place name a model (see the module's words), each with
    its name as printed; none a board's name ("H100-Pro")."""
    if "-" not in text or (_SHAPE_RE.search(text) is None and _LED_SHAPE_RE.search(text) is None):
        return {}
    out: dict[tuple[int, int], str] = {}
    for m in _PLACES_RE.finditer(text):
        group = next(g for g in ("name", "on", "the", "sampled") if m.group(g) is not None)
        name = m.group(group)
        if _BOARD_RE.search(name) is None and _BENCHMARK_RE.match(name) is None and not _RELEASE_RE.match(name):
            out[m.span(group)] = name
    for m in _LED_RE.finditer(text):
        if m.span("led") not in out and _led_model(text, m):
            out[m.span("led")] = m.group("led")
    return out


def _led_model(text: str, m: re.Match[str]) -> bool:
    """Whether the name `m` reads after a lead-in's "with"/"using"/"for"/"on" is a model's: with its size in
    brackets, any name with a digit (a version or a size: "Ling-3.0-flash (127.5B total)"); before "on <board>",
    one with a variant part or a parameter count ("Orca-2-mini on H200", never "Triton-3.1 on L40S"); never a
    board's name nor a benchmark's."""
    name = m.group("led").rpartition("/")[2]
    if _BOARD_RE.search(name) is not None or _BENCHMARK_RE.match(name) is not None:
        return False
    if m.group("size") is not None:
        return any(c.isdigit() for c in name)
    return _VARIANT_RE.search(name) is not None and _ON_BOARD_RE.match(text, m.end()) is not None


# a heading that is a dashed name alone, a version or a size among its parts: "Ling-2.6-flash", "Orca-2-7B"
_HEADING_NAME_RE = re.compile(r"[A-Z][A-Za-z0-9]{1,20}(?:-[A-Za-z0-9]{1,16}(?:\.\d{1,2})?){1,3}")


def heading_shaped_model(title: str) -> str | None:
    """The model a section's heading names by its shape alone, where the family table knows none ("### Ling-2.6-flash"
    over its scores): a capitalised name, a digit in it (a version or a size) and a release's variant part or a
    parameter count after the first part ("-flash", "-mini", "-7B"); never a numbered step ("Setup-2", "Phase-3"),
    a board's name ("H100-Pro") nor a benchmark's."""
    name = title.strip(" #*_`:")
    if len(name) > 60 or _HEADING_NAME_RE.fullmatch(name) is None or not any(c.isdigit() for c in name):
        return None
    if _BOARD_RE.search(name) is not None or _BENCHMARK_RE.match(name) is not None or _RELEASE_RE.match(name):
        return None
    first = name.split("-", 1)[0]
    if _PLATFORM_RE.fullmatch(first) or engine_named(first) is not None:
        return None  # ("### CUDA-12.4-base", "### vLLM-0.9-dev": a platform's or an engine's build, no model)
    return name if _HEADING_VARIANT_RE.search(name) is not None else None


# a release's variant part or a parameter count; a version "V3" only in capitals ("Kernel-v2-final" is a draft's)
_HEADING_VARIANT_RE = re.compile(
    r"-(?i:pro|flash|mini|nano|lite|max|plus|ultra|air|turbo|base|instruct|chat)(?![A-Za-z0-9])"
    r"|-V\d{1,2}(?:\.\d{1,2})?(?![A-Za-z0-9])|-(?i:a?\d{1,4}(?:\.\d{1,2})?[bm])(?![A-Za-z0-9])"
)
_PLATFORM_RE = re.compile(
    r"cuda|rocm|python|ubuntu|pytorch|torch|triton|tensorrt|docker|nccl|cudnn|cutlass|jetpack|driver", re.IGNORECASE
)
"""The platforms and libraries a build's tag opens with ("CUDA-12.4-base"): the tag of the image, never a model."""
