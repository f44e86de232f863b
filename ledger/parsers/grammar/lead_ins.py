"""A lead-in's name for the block under it: "EAGLE-3 (num_steps=8):" -> the variant EAGLE-3 with num_steps 8; "main",
"this branch:", "PR + FlashInfer + fp8" name a side or an arm; "Ran the harness against the server:" names none."""

from __future__ import annotations

import re
from collections.abc import Callable

from ledger.memo import last_document
from ledger.parsers.grammar.heading_setup import RESULT_NOUNS, SETTING_RE
from ledger.parsers.grammar.linked_sides import without_pins
from ledger.parsers.grammar.setting_leads import setting_lead
from ledger.parsers.grammar.unit_labels import header_unit
from ledger.parsers.grammar.varied import states_result
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import ends_in_colon
from ledger.parsers.tables.headers import looks_metric
from ledger.vocab.llama_tools import backend_label
from ledger.vocab.matmul_kernels import kernel_aside
from ledger.vocab.metrics import benchmark_alone, leading_benchmark, named_benchmark
from ledger.vocab.not_variants import BLOCK_KIND_LABEL_RE
from ledger.vocab.run_stats import caption_stat
from ledger.vocab.setup import SIDE_PHRASE, blank_setup_words, config_key, model_names, qualifiers, setup_label_key
from ledger.vocab.switched_arms import ARM_SEPARATOR_RE, ARMS_VERSUS_RE, flag_arm
from ledger.vocab.test_ids import test_id_setup, test_ids_in
from ledger.vocab.units import is_measure_unit, rate_alone, rate_part_name

LEAD_IN_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?P<name>[A-Za-z][\w .+/-]{0,50}?)(?:[*_]{1,2})?\s*"
    r"(?:\((?P<inner>[^()]{1,120})\))?\s*(?:[*_]{1,2})?:(?:[*_]{1,2})?\s*$"
)
_FILE_NAME_RE = re.compile(r"\.(?:md|txt|py|json|ya?ml|log|csv|sh|cu|cpp|h)$", re.IGNORECASE)
# ("**Falcon-40B (ROCm)**" over a table: the run's name, its parentheses what it ran on)
BARE_LEAD_IN_RE = re.compile(
    r"^\s*(?:[*_`]{1,2})?(?P<name>[A-Za-z][\w .+/&-]{0,50}?)\s*(?:\((?P<inner>[^()]{1,120})\))?(?:[*_`]{1,2})?\s*$"
)
# the side of a comparison a lead-in names ("main", "this branch", "PR"): a variant whatever its case
SIDE_NAME_RE = re.compile(f"^{SIDE_PHRASE}$", re.IGNORECASE)
_SENTENCE_WORD_RE = re.compile(
    r"\b(?:the|a|an|this|that|with|from|after|before|against|ran|run|results?|log|"
    r"output|here|below|above|see|using|on|of|for|and|is|are|was)\b",
    re.IGNORECASE,
)
_ARM_LETTER_RE = re.compile(r"(?<=\w) [A-Z]$")
_SWITCH_WORD_RE = re.compile(r"^(?:with|without)\b(?= \S)", re.IGNORECASE)
_DOING_RE = re.compile(r"(?:use[ds]?|using|run|ran|running|tested|launch(?:ed)?|start(?:ed)?|tried|try|see)\b", re.I)
_CODE_NAME_RE = re.compile(r"`[A-Za-z_][\w.:/-]{1,60}`")
# what a lead-in says its block holds, beside its setup words ("B200 numbers:", "H20 results:"): no variant's name
_CONTENT_WORDS_RE = re.compile(RESULT_NOUNS + r"|output|logs?", re.IGNORECASE)
_CONNECTIVE_RE = re.compile(r"[\s+/&,:*_`()-]+|\b(?:and|with|on|at)\b", re.IGNORECASE)


# "Result with threshold = 64:", "Results without cutoff:": the block's arm, a setting on (at a value) or off, named
# after a word for what the block holds; a setting outside the vocabulary's words names its arm all the same
_RESULT_ARM_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?:" + RESULT_NOUNS + r")\s(?P<arm>(?:with|without|w/o)\s(?:the\s)?[A-Za-z][\w.-]{0,30}"
    r"(?:\s{0,2}=\s{0,2}[\w.]{1,12})?)\s*(?:[*_]{1,2})?:(?:[*_]{1,2})?\s*$",
    re.IGNORECASE,
)


# "Using E4M3 (`scale_fmt=None`) to quantise the keys:", "Using UE8M0 ...:": the arm is the value of a setting the
# lead uses, however the sentence goes on; two such arms are two values of one setting, neither the other's baseline
_USING_ARM_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?using\s(?P<value>[A-Za-z0-9][\w.+-]{0,30})(?:\s\([^()\n]{1,120}\))?"
    r"(?:\s[^:\n]{1,120})?:(?:[*_]{1,2})?\s*$",
    re.IGNORECASE,
)


def _using_arm(m: re.Match[str]) -> dict[str, str]:
    """The setup a "Using A ...:" lead names: the vocabulary's key for A when it knows the word, else A as the
    variant where A is written as a name (a capital or a digit after its first letter: "UE8M0", not "Python" or
    "the"). (Its parenthesis, "`self.scale_fmt=None`", spells the setting as the code does: no setup key.)"""
    value = m.group("value")
    values = qualifiers(value)
    if not values and any(ch.isdigit() or ch.isupper() for ch in value[1:]):
        values = {"variant": value}
    return values


def names_its_block(text: str) -> bool:
    """A line short enough to name the paste or table under it without a colon ("main", "fp8 run"), or a setting line
    of any length ("HiSparse + SGLANG_OPT_USE_COMPRESSOR_V2=false": grammar.setting_leads)."""
    return len(text) <= _SHORT_LEAD or setting_lead(text) is not None


_SHORT_LEAD = 40


def _residue(name: str, models: list[str]) -> str:
    """What is left of a lead-in's name once its setup words and model are taken out ("draft" of "draft + ngram +
    fp8"; nothing of "tp4 h20")."""
    rest = name
    for model in models:
        rest = rest.replace(model, " ")
    return _CONNECTIVE_RE.sub(" ", blank_setup_words(rest)).strip()


# a line that is one name, maybe with its colon: what the list under it was run with ("FooServe", "BarServe:"); "MLC +
# TVM:", an engine and the compiler it was built with, one stack's name
_NAME_LINE_RE = re.compile(r"^\s{0,3}[*_]{0,2}[A-Za-z][\w.+-]{1,30}(?: \+ [A-Za-z][\w.+-]{1,30}){0,2}[*_]{0,2}:?\s*$")


def name_line(text: str) -> str | None:
    """The line as a name alone over a list (see _NAME_LINE_RE), the commit links pinning its projects left out
    ("Exllama [commit](.../turboderp/exllama/commit/...):" -> "Exllama:"), or None."""
    named = without_pins(text)
    return named if _NAME_LINE_RE.match(named) else None


def _task_label(name: str) -> str | None:
    """The benchmark a label is the name of and nothing else ("GSM8K", "**MMLU-Pro**"), as the setup keys it."""
    bare = name.strip("*_` ")
    printed = leading_benchmark(bare)
    if printed is None or printed.lower() != bare.lower() or not benchmark_alone(bare):
        return None
    return named_benchmark(bare)


def lead_in_setup(text: str, colon: bool = True) -> dict[str, str]:
    """ "EAGLE-3 (num_steps=8):" -> {"variant": "EAGLE-3", "num_steps": "8"}; "main", "this branch:", "draft:",
    "PR + FlashInfer + fp8" name the side or variant too. `colon`: the line must end with one (inside a paste,
    where a bare line may be any output) unless it names a side or joins names with "+"."""
    if (arm := _RESULT_ARM_RE.match(text)) is not None:
        switch, rest = arm.group("arm").split(" ", 1)
        name = f"{switch.lower()} {rest}"
        return {"variant": name, **qualifiers(name)}  # ("with EAGLE": its method too, as "With EAGLE:" gives)
    if (using := _USING_ARM_RE.match(text)) is not None and (values := _using_arm(using)):
        return values
    if (setting := setting_lead(text)) is not None:
        return setting  # ("HiSparse + SGLANG_X=false" over its paste: the arm a switch set, with or without a colon)
    if flagged := flag_arm(text):  # "`--tokenizer-backend fastokens`:"
        return flagged
    m = LEAD_IN_RE.match(text) or BARE_LEAD_IN_RE.match(text)
    if not m or caption_stat(text.strip().strip("*_`").rstrip(":").strip("*_` ")) is not None:
        return {}  # ("P99 (ms)", "**Median:**": the statistic of the latencies under it, no arm: tables.frame_stats)
    if (labelled := backend_label(m.group("name"), m.group("inner") or "")) is not None:
        return labelled  # ("CUDA (5060 Ti)" over a test-backend-ops paste: the backend and the device it ran on)
    has_colon = ends_in_colon(text)
    name = m.group("name").strip()
    if _FILE_NAME_RE.search(name):
        return {}  # "benchmarks/REPORT.md" above a pasted diff names a file, not a variant
    words = [w for w in name.split() if w not in "+/&"]
    side = bool(SIDE_NAME_RE.match(name))
    joined = "+" in name and len(words) <= 6
    if not (side or joined):
        if colon and not has_colon:
            return {}
        # ("Engine A:", "Run A:": a capital letter that tells the arms apart, no article)
        if len(words) > 3 or _SENTENCE_WORD_RE.search(_ARM_LETTER_RE.sub("", name)):
            return {}  # "Ran the harness against the server:" introduces, it names no variant
        if (
            not any(ch.isdigit() or ch.isupper() for ch in name[1:])
            and not (has_colon and name.isalpha() and len(name) <= 12)
            # ("Static per-tensor (`bmm_fp8_quant`):": a name beside the code it times, a variant of lower-case words)
            and not (has_colon and _CODE_NAME_RE.fullmatch((m.group("inner") or "").strip()))
        ):
            return {}  # "Some notes:" is prose, "moe_config:" a key; "draft:" before a colon names a part
    # ("use SpecForge", "ran with the nightly image": what was done, no name of a variant)
    # ("**Without EAGLE3:**" names the variant the with/without reader calls "without EAGLE3")
    name = _SWITCH_WORD_RE.sub(lambda m: m.group(0).lower(), name)
    # ("**Decode (tok/s):**": the measure of the table under it, a phase's rate, no variant's name)
    measure = rate_part_name(name) and rate_alone((m.group("inner") or "").strip())
    values = {} if BLOCK_KIND_LABEL_RE.match(name) or _DOING_RE.match(name) or measure else {"variant": name}
    if (task := _task_label(name)) is not None:
        values = {"task": task}  # ("GSM8K:" over its latency and score lines: the eval they ran, no arm of the setup)
    values.update(qualifiers(name))
    models = model_names(name)
    if models:
        values["model"] = models[0]
    residue = _residue(name, models) if "variant" in values else ""
    if "variant" in values and (
        ((len(values) > 2 or _one_setting(values)) and not residue)
        or (len(values) > 1 and residue and _CONTENT_WORDS_RE.fullmatch(residue))
    ):
        # "tp4 h20:", "**Falcon-40B (ROCm)**": the settings it states, no variant beside them; "B200 numbers:" the
        # board and a word for what the block holds
        del values["variant"]
    inner = m.groupdict().get("inner") or ""
    for sm in SETTING_RE.finditer(inner):
        values[config_key(sm.group("key"))] = sm.group("value")
        key = setup_label_key(sm.group("key").replace("_", " "))
        if key is not None:  # "num_steps=8": the draft length too, over one the section states
            values[key] = sm.group("value")
    values.update(qualifiers(inner))
    values.update(kernel_aside(inner))  # ("H100 (for marlin):": the kernel that label's run took, no other's)
    return values


def _one_setting(values: dict[str, str]) -> bool:
    """The variant's name is the one value of a setting it states ("L40S" over a paste: the board, "Llama-3-8B:" the
    model): the setting says it all, no arm's name beside it."""
    name = values["variant"].lower()
    return any(v.lower() == name for k, v in values.items() if k != "variant")


# "org/Model, TP8 + EP + fused shared experts": the features a lead-in adds with "+" after the run's settings
_JOINED_FEATURES_RE = re.compile(
    r"\s\+\s(?P<tail>[A-Za-z][\w.-]{0,24}(?: [\w.-]{1,24}){0,3}(?: \+ [A-Za-z][\w.-]{0,24}(?: [\w.-]{1,24}){0,3}){0,4})"
    r"\s{0,3}:?\s*$"
)


def joined_features(text: str) -> str | None:
    """ "acme/Heron-70B, TP8 + EP + fused shared experts" -> "EP + fused shared experts": what a lead-in over a
    paste adds to the settings before it, which tells its run from its neighbours' (same model, same TP)."""
    if len(text) > 160 or " + " not in text:
        return None
    m = _JOINED_FEATURES_RE.search(text)
    return m.group("tail") if m is not None and m.start() > 0 else None


_TEST_LEAD_MAX = 400
"""A paragraph longer than this over a paste is prose about many things, not the lead-in of one test's output."""


def test_lead_setup(text: str) -> dict[str, str]:
    """The setup of the one test a paragraph right over a paste names ("The check `tests/x.py::TestWren3_1_9B::
    test_fp8_kv` passed locally:", with a colon or not): the paste is that test's output, measured on the model its
    class is named for (Wren3.1-9B) with the setup words of its name (fp8 KV cache); {} where it names none or two."""
    ids = {test for _, test in test_ids_in(text)} if len(text) <= _TEST_LEAD_MAX else set()
    ids = {test for test in ids if "::" in test} or ids  # ("tests/test_eval.py::TestX::test_y": its module no test)
    if len(ids) != 1:
        return {}
    test = ids.pop()
    return {**qualifiers(test), **test_id_setup(test)}


# "- E2E: Wan2.2 T2V A14B FP8 (720x1280, 81f, 50 steps, 1 GPU) - static FP8": a bullet's label, then the model with
# its precision and the run's settings in brackets, over the table it heads
_BRACKETED_LEAD_RE = re.compile(
    r"^\s*[*_]{0,2}[A-Za-z][\w.+/-]{0,24}(?: [\w.+/-]{1,20}){0,2}[*_]{0,2}:\s{1,3}[*_`]{0,2}"
    r"(?P<name>[A-Z][\w.+-]{0,40}(?: [\w.+-]{1,24}){0,5}?)[*_`]{0,2}\s{0,3}\([^()]{1,160}\)"
)


def bracketed_lead_model(text: str) -> str | None:
    """The model a bracketed bullet lead-in names before its precision ("Wan2.2 T2V A14B" of "- E2E: Wan2.2 T2V A14B
    FP8 (720x1280, ...)"): a name with a digit (a version or a size), its setup words left out; None for another
    line ("- Note: this PR (see above)" names none)."""
    m = _BRACKETED_LEAD_RE.match(text[:300])
    if m is None:
        return None
    words = m.group("name").split()
    while words and not blank_setup_words(words[-1]).strip():
        words.pop()  # "FP8", "BF16 TP2": the run's settings after the name
    name = " ".join(words)
    if not name or not any(ch.isdigit() for ch in name) or _SENTENCE_WORD_RE.search(name) or qualifiers(name):
        return None
    return model_names(name)[0] if model_names(name) else name


def run_heads(doc: Document) -> set[int]:
    """The lines inside a paste that each head one of its runs with its model and settings ("Qwen3-8B(Prefill TP 2
    PP2, Decode TP 1):" over one run's command and output, another over the next): each run's own setup, where two
    or more head a paste's runs; no one of them is the document's."""
    out: set[int] = set()
    for b in doc.blocks:
        if b.kind != "code" or b.end - b.start < 3:
            continue
        heads = []
        for no in range(b.start + 1, b.end):
            s = doc.line(no).strip()
            # (a model with its settings: "EAGLE-3:" over its run names a variant, whose method the prose names too)
            if (
                s.endswith(":")
                and ": " not in s
                and len(s) <= 200
                and len(lead := lead_in_setup(s)) > 1
                and "model" in lead
            ):
                heads.append(no)
        if len(heads) >= 2:
            out.update(heads)
    return out


def sub_items_end(blocks: list[Block], k: int) -> int | None:
    """The last line of the nested items that item k heads with a colon ("Disaggregated serving (ctx TP1 -> gen
    TP1), gsm8k:" over its results' items): what the head states is theirs; None when block k heads none, or heads
    no result ("3 new recipes for org/Model-32B:" over the recipes, whose table comes after them)."""
    b = blocks[k]
    if b.kind != "item" or b.in_code or not ends_in_colon(b.text):
        return None
    end = None
    results = False
    for nxt in blocks[k + 1 :]:
        if nxt.kind != "item" or nxt.level <= b.level or nxt.start > (end or b.end) + 1:
            break
        end = nxt.end
        results = results or states_result(nxt.text[:300])
    return end if results else None


@last_document  # (the setup reader and the document default both ask it)
def sub_item_heads(doc: Document) -> frozenset[int]:
    """The lines of the items that head nested items with a colon (sub_items_end): their setup is those items',
    neither the section's nor the document's."""
    return frozenset(
        no for k, b in enumerate(doc.blocks) if sub_items_end(doc.blocks, k) for no in range(b.start, b.end + 1)
    )


# what makes a comment line a sentence rather than the name of the run under it
_COMMENT_SENTENCE_RE = re.compile(
    r"\b(?:ran|run|results?|log|output|here|below|above|see|is|are|was|from|against)\b", re.IGNORECASE
)


def comment_model(line: str) -> str | None:
    """ "#acme/Tiny-8B", "# org/Model-7B-Instruct": a comment that is a model's name and nothing else, but a short
    parenthesis of its setup ("#### Qwen/Qwen3-8B (bf16)", a README's heading over its scores)."""
    name = _COMMENT_PAREN_RE.sub("", line.lstrip("#").strip())
    models = model_names(name) if len(name) <= 80 else []
    return models[0] if len(models) == 1 and models[0] == name else None


_COMMENT_PAREN_RE = re.compile(r"\s{1,3}\([\w .,=/-]{1,30}\)$")


def comment_label(name: str, below: str) -> bool:
    """ "# Before", "# int8 weight only" over a line of results: a short name, not a sentence or a command, nor the
    role of the command under it ("# client": a step of the run, whatever the command's settings print)."""
    if SIDE_NAME_RE.match(name):
        return True
    if BLOCK_KIND_LABEL_RE.match(name):
        return False
    words = name.split()
    # "## With heuristic", "# Using the old scheduler": an arm's name may open with a preposition and an article
    return (
        0 < len(words) <= 5
        and bool(BARE_LEAD_IN_RE.match(name))
        and not _COMMENT_SENTENCE_RE.search(name)
        and any(ch.isdigit() for ch in below)
        and (":" in below or "=" in below)
    )


# "... the times are in the table below **kernel time (us)**": the bold phrase a lead-in sentence closes on
_CLOSING_BOLD_RE = re.compile(r"\*\*(?P<caption>[^*\n]{1,60})\*\*\s?:?$")


def lead_caption(lead: str) -> str:
    """The lead-in read as a caption of the table under it: a sentence that closes on a bold phrase is captioned by
    that phrase, as a "Kernel time (us):" line would caption it, and so is one that closes on a known measure and its
    unit in plain text (the same sentence copied from a rendered page, its bold lost); any other lead-in is itself."""
    tail = lead.rstrip()
    m = _CLOSING_BOLD_RE.search(tail, max(0, len(tail) - 66)) if tail.endswith(("**", "**:")) else None
    if m is not None and m.start() > 0:
        return f"{m.group('caption').strip()}:"
    return _closing_measure(tail) or lead


# "... the times are listed below, e2e latency(us)": the unit in parentheses a sentence closes on
_CLOSING_UNIT_RE = re.compile(r"\((?P<unit>[^()\n]{1,16})\)\s?:?$")
# the words of the sentence around a caption, never part of the measure's name ("are below table", "in the")
_NOT_CAPTION_WORD_RE = re.compile(
    r"(?:a|an|the|this|that|these|those|our|its|is|are|was|were|be|been|in|on|at|of|for|by|from|to|with|and|or|as|"
    r"below|above|following|under|table|tables|here|there|see|shown|listed|given|reported|measured|results?|"
    r"numbers|figures|values|we|it|they)",
    re.IGNORECASE,
)


def _closing_measure(tail: str) -> str | None:
    """ "... are listed below, e2e latency(us)" -> "e2e latency (us):": the words before a closing unit, back to the
    sentence's own words or its last clause, where the last of them looks like a measure; None where the unit is no
    measure's ("... on the new image (H100)"), the words name none ("... with the fix (ms)") or are the whole line
    (a caption with no sentence needs its colon: "TTFT (ms):")."""
    m = _CLOSING_UNIT_RE.search(tail, max(0, len(tail) - 20)) if tail.endswith((")", "):")) else None
    unit = header_unit(f"x ({m.group('unit')})") if m is not None else None
    if m is None or not is_measure_unit(unit):
        return None
    before = tail[: m.start()].split()[-5:]
    words: list[str] = []
    for word in reversed(before):
        if word[-1] in ",;:.!?" or not _PLAIN_WORD_RE.fullmatch(word) or _NOT_CAPTION_WORD_RE.fullmatch(word):
            break  # ("... in the table below, step time (ms)": the caption is the clause after the comma)
        words.insert(0, word)
    if not words or len(words) == len(before) or not looks_metric(words[-1]):
        return None
    return f"{' '.join(words)} ({unit}):"


_PLAIN_WORD_RE = re.compile(r"[A-Za-z0-9][\w/+-]{0,30}")


def first_arms_values(text: str, read: Callable[[str], dict[str, str]]) -> dict[str, str]:
    """What `read` reads of a lead-in, less the keys only its "A vs B" clause's later arms name (B, and C of "A vs B
    vs C"): "default vs `--page-size 256`" over its paste, the page size is the second arm's (its rows' labels carry
    it, "page_size=256"), not the block's; the lines labelled "default" ran without it."""
    values = read(text)
    if not values or (m := ARMS_VERSUS_RE.search(text[:2000])) is None:
        return values
    # (every arm of "default vs `--page-size 64` vs `--kv-cache-dtype fp8`": the first is what precedes the first
    # "vs", however many follow; the greedy first group of ARMS_VERSUS_RE runs to the last)
    first, *later = ARM_SEPARATOR_RE.split(m[0])
    others = {k for arm in later for k in read(arm)}
    return {k: v for k, v in values.items() if k not in others - read(first).keys()}
