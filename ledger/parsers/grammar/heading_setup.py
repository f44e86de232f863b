"""The settings a line made of nothing else states ("m=16", "### causal=True, headdim=128 ###") and the setup a
heading names (its setup words, its settings, its model, or its own name where it is a model's: "# Orca Lite 7B").

Apart from setup.py because both read one line alone, and setup.py places the scopes they hold over.
"""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.parsers.grammar.experiment_heads import experiment_setup
from ledger.parsers.grammar.family_boards import family_board
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.setup_scopes import inline_settings, label_setup, sibling_blocks
from ledger.parsers.grammar.varied import states_value
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import bold_heading
from ledger.vocab.backends import runtime_backend
from ledger.vocab.canonical import dtype_name
from ledger.vocab.device_headings import bare_card, cpu_heading, unlisted_device
from ledger.vocab.engines import engine_in_parens
from ledger.vocab.grid_cells import axis_key
from ledger.vocab.metrics import is_acceptance_name, names_known_measure
from ledger.vocab.model_bits import WIDTH_KEY, bits_after_model, bits_before_model
from ledger.vocab.models import heading_model
from ledger.vocab.release_ranges import release_range
from ledger.vocab.scheme_mixes import average_bits, scheme_mix
from ledger.vocab.serving_datasets import hub_dataset
from ledger.vocab.setup import config_key, model_names, qualifiers, setup_label_key
from ledger.vocab.setup_keys import canonical_key_name, is_known_key, written_key
from ledger.vocab.shaped_models import heading_shaped_model
from ledger.vocab.sides import side_of
from ledger.vocab.software_stack import engine_versions
from ledger.vocab.text import has_digit
from ledger.vocab.workload import bracketed_workload

# "m=16", "batch=1", "### causal=True, headdim=128, batch_size=16, seqlen=2048 ###": a line of settings only; a value
# quoted as code quotes it (`kv_cache_dtype="fp8"`) is that value, not a precision word standing alone
SETTING_RE = re.compile(r"(?P<key>[A-Za-z_][\w.-]{0,30})\s{0,4}=\s{0,4}[\"']?(?P<value>[\w.+/-]{1,40})[\"']?")
# ("## TOKENS=8 — `MEGA_TIMING=e2e` (barrier-cold)": settings parted by dashes or bars, in backticks, with a note)
_SETTINGS_LINE_RE = re.compile(
    r"^[\s#=*`-]*(?:`?[A-Za-z_][\w.-]{0,30}\s{0,4}=\s{0,4}[\"']?[\w.+/-]{1,40}[\"']?`?[\s,;—–|]*){1,12}"
    r"(?:\([^()=]{0,60}\))?:?[\s#=*`-]*$"
)
# "n_accept = 36", "n_drafted = 112": counts of what the run produced, not what it was set up with
# keys a run reports rather than takes: counts it produced, errors against a reference, its outcome ("pass= True")
# ("accuracy=0.866 threshold=0.93", "invalid=0.000 latency=132.9s": a CI check's results and its bar)
_PRODUCED_RE = re.compile(
    r"accept|drafted|emitted|predict|generated|decoded|encoded|hits?\b|miss|"
    r"(?:max|mean|avg)_(?:abs|rel)\b|diff|err(?:or)?\b|^pass(?:ed)?$|^ok$|"
    r"accuracy|^acc$|score|invalid|latency|throughput|threshold|ttft|tpot|^itl$|elapsed",
    re.IGNORECASE,
)


def heading_setup(title: str) -> dict[str, str]:
    """Every setup a title states (a fresh dict: callers add to it)."""
    return dict(_heading_setup(title))


@short_text_cache(4096)  # asked of the same headings, bold heads and lead-ins by the section, block and line readers
def _heading_setup(title: str) -> dict[str, str]:
    values = qualifiers(title)
    if "gpu" not in values and (card := bare_card(title)) is not None:
        values["gpu"] = card
    if "quant" not in values and (mix := scheme_mix(title)) is not None:
        values["quant"] = mix  # "Table 4 ... 3 bits of W2G128 and W4G128": the recipe every cell below ran
    if WIDTH_KEY not in values and (bits := average_bits(title)) is not None:
        values[WIDTH_KEY] = bits  # ("at an average of 5 bits of mxfp datatype": the width its layers average)
    if (engine := engine_in_parens(title)) is not None:
        values["engine"] = engine  # "### Qwen3-8B (SGLang)": the engine its table ran on
    for key, value in engine_versions(title).items():  # "<sub>vLLM v0.9.1 | B200</sub>" under a table
        values.setdefault(key, value)
    for key, value in (settings_line(title) or {}).items():  # "### causal=False, batch_size=32 ###" read as a title
        values.setdefault(key, value)
    for key, value in inline_settings(title).items():  # "Run with num_spec_tokens 4 and max_num_seqs 16:"
        values.setdefault(key, value)
    for key, value in label_setup(title).items():  # "## Traffic Request Rate: 4.0": a setting's label and value
        values.setdefault(key, value)
    models = model_names(title)
    named = heading_model(title)
    if named is not None:
        named = _without_precision(named)
    if models:
        # ("### Mistral Large 123B": the heading's whole name and size, where the family's name is all it knows)
        whole = named is not None and len(named) > len(models[0]) and named.lower().startswith(models[0].lower())
        values.setdefault("model", named if whole and named is not None else models[0])
        if "quant" not in values and (bits := bits_after_model(title, models[0])):
            values["quant"] = bits  # "### Qwen3-4B 8bit": the checkpoint's weights, at that width
    elif named is not None:
        values.setdefault("model", named)
    if (hub := hub_dataset(title)) is not None and (hub[1] or hub[0] not in models):
        values.setdefault("dataset", hub[0])  # "Evaluated on [org/set](https://huggingface.co/datasets/org/set)"
    return values


def _without_precision(name: str) -> str:
    """ "Orca 12B FP8" is Orca 12B's, its weights at FP8 (the quant the heading's words give): the name stops
    before the precision its size is followed by."""
    words = name.split(" ")
    while len(words) > 2 and qualifiers(words[-1]).get("quant"):
        words.pop()
    return " ".join(words)


def section_heading_values(doc: Document, title: str) -> dict[str, str]:
    """The setup a section's heading states, its board too where it names only the family of the page's one board of
    that family ("# Qwen3 30B - RTX Configurations" on a page listing one RTX board: grammar.family_boards)."""
    values = section_heading_setup(title)
    if "gpu" not in values and (board := family_board(doc, title)) is not None:
        values["gpu"] = board
    return values


def section_heading_setup(title: str) -> dict[str, str]:
    """The setup a section's heading states for the section: its words, and no GPU under "### CPU" (runs on the CPU
    alone, whatever GPU the page names above; the empty value unsays the outer one)."""
    values = heading_setup(title)
    if cpu_heading(title):
        values["gpu"] = ""
    elif "gpu" not in values and (device := unlisted_device(title)) is not None:
        values["gpu"] = device  # ("### use QX880": a board the vocabulary does not know, still not the page's other)
    for key, value in bracketed_workload(title).items():  # "### Phase C (`bench serve`, ShareGPT, 200 prompts)"
        values.setdefault(key, value)
    if "quant" not in values and (model := values.get("model")) and (bits := bits_before_model(title, model)):
        # "### 4-bit Mistral 7B": the checkpoint's weights, at that width (a heading's: a sentence's "the 2-bit
        # Llama-2-13b scores" is its one model's, no section's)
        values["quant"] = bits
    if "release" not in values and (releases := release_range(title)) is not None:
        values["release"] = releases  # ("## Results of V>0.12.3": the tool's builds the section's numbers ran)
    if "backend" not in values and (runtime := runtime_backend(title)) is not None:
        values["backend"] = runtime  # "### Test 1: PyTorch Backend (ISL=128, OSL=128)": the runtime its runs used
    if "model" not in values and (shaped := heading_shaped_model(title)) is not None:
        values["model"] = shaped  # "### Ling-2.6-flash" over its table: a family the vocabulary does not know
    for key, value in experiment_setup(title, values).items():  # "## Experiment - gsm8k | Foo-7B"
        values.setdefault(key, value)
    if not values and (ident := _IDENTIFIER_RE.fullmatch(title.strip())) is not None:
        values["variant"] = ident.group(1)  # "### topk_sigmoid" over its table: the kernel its rows time
    for key, value in _bracketed_settings(title).items():  # "### Sweep (fp32 / K=1024 / cs=1)"
        values.setdefault(key, value)
    for key, value in listed_settings(title)[1].items():  # "## H100, K=4096, N=128": the shape its grid ran at
        values.setdefault(key, value)
    for m in _CODE_SETTING_RE.finditer(title[:400]) if "=" in title else ():
        # "### Kernel benchmark (MI355X, `model_dim=7168`, `expert=384`, `topk=8`)": the kernel's shape, set apart
        for k, v in (settings_line(m.group(1)) or {}).items():
            values.setdefault(k, v)
    return values


# a heading that is one code name joined by underscores ("topk_sigmoid", "`noop_softmax`"): a kernel's or an
# algorithm's, the variant of what the section measures
_IDENTIFIER_RE = re.compile(r"`?([A-Za-z][A-Za-z0-9]{0,40}(?:_[A-Za-z0-9]{1,40}){1,8})`?")
# one setting in inline code ("`topk=8`", "`cu_num=256`"), as a heading lists a kernel's shape
_CODE_SETTING_RE = re.compile(r"`([A-Za-z_][\w.-]{0,40}=[^`\s]{1,40})`")


# a heading's parenthesis of settings parted by slashes, commas or semicolons: "(fp32 / K=1024 / cs=1)"
_BRACKET_RE = re.compile(r"\(([^()]{3,120})\)")
_BRACKET_PARTS_RE = re.compile(r"\s?[/,;]\s?")


def _bracketed_settings(title: str) -> dict[str, str]:
    """The settings a heading's parenthesis lists, where every part is a setting ("K=1024", a shape's dimension as
    the vocabulary names it, dim_k) or a setup word ("fp32"), one "name=value" at least: the section's grid ran
    under them all. {} for a parenthesis of anything else ("(see #1234)", "(b=8 is the worst)")."""
    out: dict[str, str] = {}
    for m in _BRACKET_RE.finditer(title[:400]) if "=" in title else ():
        parts = [p.strip(" `") for p in _BRACKET_PARTS_RE.split(m.group(1))]
        found: dict[str, str] = {}
        for part in parts:
            setting = SETTING_RE.fullmatch(part)
            if setting is not None:  # (a setting the vocabulary does not know, "E=8", is still one: no key)
                if (key := _bracket_key(setting.group("key"))) is not None:
                    found[key] = setting.group("value")
            elif (dtype := dtype_name(part)) is not None:
                found.setdefault("quant", dtype)  # ("fp32" alone in the list: the precision the grid ran in)
            elif not qualifiers(part):
                break
        else:
            if any("=" in p for p in parts):
                out.update(found)
    return out


# a heading's parts, parted by commas or semicolons: "## H100, K=4096, N=128", "### Speedup, heads=64"
_LISTED_PARTS_RE = re.compile(r"\s{0,3}[,;]\s{0,3}")


def listed_settings(title: str) -> tuple[str, dict[str, str]]:
    """A heading's name without the settings it lists after commas, and those settings: "### Speedup, heads=64" is
    the speedup, measured with 64 heads; "## H100, K=4096, N=128" the H100's section, at that shape. Each part is a
    setting ("K=4096", under the key a parenthesis's would be) or words with no "=" at all; a part that sets
    anything else ("n=3 runs") or a result ("acc=0.91") leaves the heading whole, with no settings."""
    text = title.strip().strip("#*_ ")
    # (a parenthesis's commas part its own list, which _bracketed_settings reads: "Accuracy (mmlu, N=120, greedy)")
    if "=" not in text or len(text) > 200 or "(" in text or len(parts := _LISTED_PARTS_RE.split(text)) < 2:
        return title, {}
    found: dict[str, str] = {}
    rest: list[str] = []
    for part in parts:
        setting = SETTING_RE.fullmatch(part.strip(" `*_"))
        if setting is None:
            if "=" in part or not part.strip() or len(part) > 60:
                return title, {}
            rest.append(part)
            continue
        name = setting.group("key")
        if _reported(name) or _ADDRESS_KEY_RE.fullmatch(name):
            return title, {}
        if (key := _bracket_key(name)) is not None:
            found[key] = setting.group("value")  # (as a parenthesis's: "E=8", "topk=8" the vocabulary lacks set none)
    return (", ".join(rest) if rest else title), found


def _bracket_key(name: str) -> str | None:
    """The setup key of a bracketed "name=value": a GEMM's dimension by its capital ("K" -> dim_k; a lower-case "k=2"
    beside "MTP" is a draft's count), else a key the vocabulary knows ("cs", a cluster's size; "E" alone it does
    not); None for a key the run reports rather than takes."""
    if _reported(name):
        return None
    if len(name) == 1:
        return axis_key(name) if name.isupper() else None
    key = config_key(name)
    return canonical_key_name(key) if is_known_key(key) else None


LEAD_PREP_RE = re.compile(r"^(?:for|with|at|on|using|under)\s+", re.IGNORECASE)
"""The preposition opening a short lead-in that names the variant of what follows ("with `kv_cache_dtype="fp8"`:")."""


def lead_settings(lead: str) -> dict[str, str] | None:
    """The settings of a lead-in made of settings alone, its preposition and colon aside ("with `<kvdt>="fp8"`:",
    read as `kv_cache_dtype="fp8"` where a command's flag takes the placeholder: reader.placeholders)."""
    return settings_line(LEAD_PREP_RE.sub("", lead.strip().rstrip(":")))


def opening_lead_settings(text: str) -> dict[str, str]:
    """The settings of a lead-in that opens a line whose results follow it on that line ('with `<kvdt>="auto"`:
    `Throughput: 6.85 requests/s`'): those results' own, as the lead-in over a block is that block's (so that the
    title's "FP8 KV cache" gives way to the auto run's own cache dtype). The lead-in ends at the line's first colon."""
    colon = text.find(":", 0, 200) if "=" in text else -1
    if colon < 0 or not text[colon + 1 : colon + 2].isspace() or not has_digit(text[colon + 1 : colon + 400]):
        return {}
    return lead_settings(text[:colon]) or {}


def settings_line(text: str) -> dict[str, str] | None:
    """ "m=16", "### causal=True, headdim=128, batch_size=16 ###": the settings of a line made of nothing else."""
    if "=" not in text or len(text) > 400 or not _SETTINGS_LINE_RE.match(text):
        return None
    out = {
        _setting_key(m.group("key")): m.group("value")
        for m in SETTING_RE.finditer(text)
        if not _reported(m.group("key")) and not _ADDRESS_KEY_RE.fullmatch(m.group("key"))
    }
    return out or None


def _setting_key(name: str) -> str:
    """The config key of a setting's name: as written, unless the setup labels read that name as another key than
    the comparison's aliases do ("batch=128" over a kernel's table is its batch, as "Batch: 128" is; the alias table
    takes a bare "batch" column of a serving sweep for its load); a shape's printed spelling ("headdim") under the
    key the shape reader writes (vocab.setup_keys.WRITTEN_AS)."""
    key = config_key(name)
    label = setup_label_key(name)
    return label if label is not None and label != canonical_key_name(key) else written_key(key)


# "PORT=23333", "HOST=127.0.0.1" over a launch: where the server listens, not what it serves (its --port flag is
# no setup either)
_ADDRESS_KEY_RE = re.compile(r"(?:server_|api_|base_)?(?:port|host(?:name)?|addr(?:ess)?|url|endpoint)", re.IGNORECASE)


def _reported(key: str) -> bool:
    """The key names what a run reports rather than takes: a count it produced (_PRODUCED_RE), or a measure the
    vocabulary knows ("acc_length=3.01", "ppl=5.8"), which the value readers claim: set up under it, every claim of
    the block would carry one side's result, and two sides would differ by it ("acc_length 2.99 vs 3.01")."""
    return _PRODUCED_RE.search(key) is not None or is_acceptance_name(key) or names_known_measure(key)


def item_heading(blocks: list[Block], k: int) -> SetupScope | None:
    """ "- 0.5B (vLLM)" right over a table: a bullet heading that table as a heading would, with the engine it names
    (a release page's one table per model and engine); None for any other item."""
    b, nxt = blocks[k], blocks[k + 1] if k + 1 < len(blocks) else None
    if nxt is None or nxt.kind != "table" or nxt.start - b.end > 2 or engine_in_parens(b.text) is None:
        return None
    return SetupScope(b.start, nxt.end, heading_setup(b.text))


def item_heads(blocks: list[Block]) -> list[Block]:
    """The bullets that head a table as a heading would (`item_heading`): a section of its own ends at each."""
    return [b for k, b in enumerate(blocks) if b.kind == "item" and item_heading(blocks, k) is not None]


def whole_bold(text: str) -> bool:
    """ "**NVIDIA-Nemotron-3-Super-120B-A12B (ROCm)**" over a table: a name set apart as a heading, however long."""
    s = text.strip()
    return len(s) <= 100 and s.startswith(("**", "__")) and s.endswith(s[:2]) and s.count(s[:2]) == 2


# a lead-in saying where the runs below were made ("measured on one H100:"), not what with ("against the bf16 logits")
# (a lead over a block may also just name what it holds: "H100 result:", "B200 numbers:" over the paste)
RESULT_NOUNS = r"results?|numbers|timings?|perf"
"""What a lead over a block calls the block's content ("H100 result:", "B200 numbers:"): no run's or variant's name."""
_RUN_WORD_RE = re.compile(
    r"\b(?:on|using|under|measured|ran|runs?|tested|served|serving|benchmarked|via|" + RESULT_NOUNS + r")\b", re.I
)


def setup_sentence(text: str, lead: bool = False) -> dict[str, str]:
    """A short line that states where results were measured: two or more setup words ("H100, TP4."), or a line
    that is a model's name alone ("Llama3.1-8B" over its runs). The `lead` of a block or list may be a
    longer sentence and state one word ("All of the numbers below were measured on one H100:")."""
    if len(text) > (400 if lead else 100) or "|" in text:
        return {}
    values = heading_setup(text)
    if len(values) >= 2 or (lead and values and _RUN_WORD_RE.search(text)):
        return values
    bare = text.strip().strip("*_`").rstrip(":").strip("*_` ")
    return values if "model" in values and values["model"] == bare else {}


def opening_setup(text: str, lead: bool = False) -> dict[str, str]:
    """setup_sentence of `text`, or where the line is too long for one, of the sentence it opens with when that
    sentence reports no result: "Scores use 0 shots, temperature 0.6, top_p 0.95, top_k 20, min_p 0.05, seed 7.
    GSM8K accuracy is 0.912." lists the settings of the score its next sentence gives (a list of sampling settings
    runs long: the line is no short one, yet its first sentence is)."""
    if values := setup_sentence(text, lead):
        return values
    m = _SENTENCE_END_RE.search(text, 0, 400)
    if m is None or m.start() == len(text.rstrip()) - 1 or states_value(opening := text[: m.start() + 1]):
        return {}
    return setup_sentence(opening, lead)


# a sentence ends at ". " before a capital (not "13.5", "e.g. the", "vs. main")
_SENTENCE_END_RE = re.compile(r"(?<=[A-Za-z0-9%)`*])[.!?](?=[ \t]{1,3}[*_`]{0,2}[A-Z])")


def section_ends(doc: Document, heads: list[Block], bold: list[Block], revision_lines: frozenset[int]) -> list[Block]:
    """The blocks that end a section's or a lead-in's setup, in line order: headings and turns (`heads`), bold heads
    other than a side's label (section_heads_of), list heads and sibling lead-ins."""
    found = [*heads, *section_heads_of(bold, revision_lines), *item_heads(doc.blocks), *sibling_blocks(doc)]
    return sorted(found, key=lambda b: b.start)


def section_heads_of(bold: list[Block], revision_lines: frozenset[int]) -> list[Block]:
    """The bold paragraphs that end the setup of the lead-in above them: not a side's label over its block
    ("**This PR**", "**With overlap**" opening a revision), which the lead-in ("with `concurrency=32`") sets up as
    much as the side's block before it; a setting the label names ("overlap" on) is its own block's, read narrower."""
    return [b for b in bold if not _side_label(b, revision_lines)]


def _side_label(b: Block, revision_lines: frozenset[int]) -> bool:
    return b.start in revision_lines or side_of((bold_heading(b.text) or "").strip(" :")) is not None
