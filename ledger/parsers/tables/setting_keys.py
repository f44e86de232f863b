"""The setup keys a column header names: "ISL/OSL" and "Sequence Length (ISL/OSL)" the two lengths, "Model" the
model, "TP Size" the tensor-parallel size; read by the header tree and by each row's label columns."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.parsers.tables.headers import head_without_unit
from ledger.vocab.canonical import NUMERIC_KEYS
from ledger.vocab.drafting_words import spec_on_cell
from ledger.vocab.flags import flag_head_key
from ledger.vocab.grid_cells import axis_key
from ledger.vocab.model_bits import WIDTH_KEY, stated_bits
from ledger.vocab.sampling_words import SAMPLING_KEYS
from ledger.vocab.scheme_mixes import average_bits, scheme_mix
from ledger.vocab.setting_cells import settings_cell
from ledger.vocab.setting_heads import abbreviated_setting
from ledger.vocab.setup import config_key, qualifiers, setup_label_key
from ledger.vocab.setup_keys import canonical_key_name
from ledger.vocab.setup_labels import LABELLED_ONLY_KEYS, NAMED_SETTING_KEYS
from ledger.vocab.setup_names import setup_named

SETUP_KEYS = frozenset(
    {
        "model",
        "gpu",
        "tp",
        "ep",
        "pp",
        "dp",
        "cp",
        "dcp",
        "pcp",
        "isl",
        "osl",
        "concurrency",
        "batch_size",
        "quant",
        "kv_cache",
        "spec_algo",
        "draft_len",
        "gpu_count",
        "nodes",
        "threads",
        "experts",
        "max_num_tokens",
        "attention_dp",
        "engine",
        "samples",
        "num_prompts",
    }
)
"""The setup keys a leading row or a label column may set (canonical names, see vocab.setup)."""


# "Best Conc", "Optimal batch size": a Pareto summary's chosen point of a swept setting
_CHOSEN_RE = re.compile(r"(?:best|optimal|chosen|peak)[\s_-]{1,3}(?=\w)", re.IGNORECASE)


# "AQLM scheme" over "1x16", "Quantization scheme" over "W4A16": the quantization each row's checkpoint packs, the
# method its header names with the codebooks or bits its cell gives ("Parallel scheme" names none)
_SCHEME_HEAD_RE = re.compile(r"^(?P<method>[A-Za-z][\w#+.-]{0,15})[ _-]schemes?$", re.IGNORECASE)
_QUANT_WORD_RE = re.compile(r"^quant(?:ization|isation)?$", re.IGNORECASE)


def scheme_method(head: str) -> str | None:
    """The method a quantization scheme's header names ("AQLM scheme" -> "AQLM", "Quant scheme" -> ""), or None."""
    m = _SCHEME_HEAD_RE.match(head.strip())
    if m is None:
        return None
    method = m.group("method")
    return "" if _QUANT_WORD_RE.match(method) else method if qualifiers(method).get("quant") else None


def scheme_cell(head: str, cell: str) -> str:
    """A scheme column's cell with the method its header names: "1x16" under "AQLM scheme" is "AQLM 1x16"."""
    method = scheme_method(head)
    return f"{method} {cell}" if method and method.lower() not in cell.lower() else cell


def setup_key(name: str) -> str | None:
    """The canonical setup key a header or row label names ("TP Size" -> "tp", "Max concurrency" ->
    "concurrency", "Model" -> "model"), or None when it names no setup key."""
    if scheme_method(name) is not None:
        return "quant"
    if (flag := flag_head_key(name)) is not None:
        return flag
    if (chosen := _CHOSEN_RE.match(name)) is not None:
        return setup_key(name[chosen.end() :])  # "Best Conc": the setting the sweep found best is still that setting
    raw = config_key(name)
    if short := abbreviated_setting(name):
        return short  # "Con.", "Threads", "B": what a benchmark prints over a setting's column
    if raw == "kv":  # "kv | 8k": the KV length as often as the cache's dtype
        return None
    if raw in ("batch", "bs"):  # the aliases map "batch" to concurrency for compare; a column says batch size
        return "batch_size"
    key = canonical_key_name(raw)
    if key == "samples" and len(raw) == 1:
        return None  # a bare "N" over a kernel's sizes is its matrix dimension, no eval's count
    if key in SETUP_KEYS or key in NAMED_SETTING_KEYS:
        return key  # ("MBS", "Global BS": a training run's batches, by the vocabulary's own names)
    if key in SAMPLING_KEYS and raw != "topk":
        return key  # ("| top-k |" over 1, 20, 1024: a sampling sweep's row key; a joined "topk" is a tree's width)
    # "kv type", "imatrix": a setting the setup labels' table names by another word (its lengths and machines are
    # read above, each as its own columns say)
    label = setup_label_key(name)
    return label if label in NAMED_SETTING_KEYS or label in LABELLED_ONLY_KEYS else None


def names_setting(head: str) -> bool:
    """A header over a numeric column names a setting: "Generated tokens" over "128" (the output length), "in/out"
    over "2048/64" (the two lengths); not the unit of "Change (pp)", percentage points, nor a one-word
    abbreviation ("B"), which names a setting only over whole numbers (tables.roles reads it there)."""
    return (setup_key(head) is not None and abbreviated_setting(head) is None) or (
        "/" in head and setting_keys(head) == ("isl", "osl")
    )


# "ISL/OSL", "in, out", "prefill and decode", and a grid's product of two axes, "heads x batch" over "16 x 32" (or
# glued, "TP x EP" over "2x2", a parallel layout's sizes)
SETTING_SPLIT_RE = re.compile(r"\s?[/,]\s?|\s?\u00d7\s?|\s(?:x\s|and\s)?|(?<=\d)x(?=\d)")
_PRODUCT_RE = re.compile(r"\u00d7|\sx\s")
_PAREN_RE = re.compile(r"\(([^()]{1,40})\)")
_LENGTH_TAIL_RE = re.compile(r"\s+(?:sequence\s+)?(?:lengths?|lens?|tokens)\s*$", re.IGNORECASE)
_LENGTH_PAIR = {"input": "isl", "output": "osl", "in": "isl", "out": "osl", "input len": "isl", "output len": "osl"}
_HYPHEN_PAIR_RE = re.compile(r"(in|input|isl)-(out|output|osl)", re.IGNORECASE)
# "1000-2000" under "Input-output length": the two lengths by a hyphen, read so under a length pair's head alone (a
# hyphen between numbers is a range or a date as often)
_HYPHEN_LENGTHS_RE = re.compile(r"(\d{1,6}[kK]?)\s?-\s?(\d{1,6}[kK]?)")


def setting_parts(keys: tuple[str, ...], cell: str) -> list[str]:
    """The values of `keys` a cell under their header holds, one a key where it holds as many ("1024/128" under
    "ISL/OSL"; "1000-2000" under "Input-output length")."""
    if len(keys) < 2:
        return [cell]
    parts = SETTING_SPLIT_RE.split(cell)
    if len(parts) == 1 and keys == ("isl", "osl") and (pair := _HYPHEN_LENGTHS_RE.fullmatch(cell)):
        return list(pair.groups())
    return parts


def product_column(head: str, cells: list[str]) -> bool:
    """A header naming two or more settings over cells that give each a whole number ("TP x EP" over "2x2", "8x8"):
    a parallel layout's sizes, the row's setup however many rows share it."""
    keys = setting_keys(head) if cells else ()
    return len(keys) > 1 and all(
        len(parts := setting_parts(keys, c)) == len(keys) and all(p.isdigit() for p in parts) for c in cells
    )


@short_text_cache(1024)  # asked for every row of a table, of the same few headers
def setting_keys(head: str) -> tuple[str, ...]:
    """The setup keys a column header names: ["isl", "osl"] for "ISL/OSL", ["model"] for "Model", [] for a
    header that names none."""
    paren = _PAREN_RE.search(head)
    if paren and paren.start() > 0:  # "Sequence Length (ISL/OSL)": the keys are in the parentheses (the words
        inner = setting_keys(paren.group(1))  # before them alone name one length: the pair says which two)
        if inner:
            return inner
    key = setup_key(head)
    if key is not None:
        return (key,)
    bare = _LENGTH_TAIL_RE.sub("", head_without_unit(head))  # "Input/Output Length": the two lengths
    parts = [p for p in SETTING_SPLIT_RE.split(bare) if p]
    if len(parts) > 2 and all(p.isalpha() for p in parts[:-2]) and all(_LENGTH_PAIR.get(p.lower()) for p in parts[-2:]):
        parts = parts[-2:]  # "Runtime Input/Output Lengths": words before the pair say which lengths they are
    if len(parts) == 1 and (hyphened := _HYPHEN_PAIR_RE.fullmatch(bare)):
        parts = list(hyphened.groups())  # "Input-output length", "ISL-OSL": the pair by a hyphen as by a slash
    # "Input/Output" over "128/2048": the two lengths; alone, "input" or "output" names no setting
    keys = [_LENGTH_PAIR.get(p.lower()) if len(parts) == 2 else None for p in parts]
    keys = keys if all(keys) else [setup_key(p) for p in parts]
    if not all(keys) and _PRODUCT_RE.search(bare):  # "heads x batch", "M × N": one key per axis
        keys = [setup_key(p) or axis_key(p) for p in parts]
    return tuple(k for k in keys if k) if len(parts) > 1 and all(keys) else ()


_MODEL_WORD_RE = re.compile(r"\s+models?$", re.IGNORECASE)


def corner_setup(headers: list[str], roles: list[str]) -> dict[str, str]:
    """The setup a table's corner cell names, over a column of row names ("|33B model| master | this PR |",
    "| H100 | before | after |"): every row's, as a title over the table would be; {} for a corner that names
    what the rows are ("Metric", "Model")."""
    if not headers or not roles or roles[0] != "label":
        return {}
    corner = _MODEL_WORD_RE.sub("", headers[0].strip())
    # "LLaMA-7B(seqlen=2048)", "Falcon-40B (seq len 1024)": the model, and the setting its runs had glued after it
    # (an eval's context length: two of them are two setups, never one series)
    if (glued := _GLUED_SETTING_RE.match(corner)) and (named := setup_named(glued["name"])):
        said = settings_cell(glued["setting"]) or qualifiers(glued["setting"])
        if said:
            return {**named, **{canonical_key_name(k): v for k, v in said.items()}}
    if (stated := _CORNER_SETTING_RE.fullmatch(corner)) and len(
        keys := setting_keys(stated["key"].replace(".", ""))
    ) == 1:
        # "| Avg. bits = 5 | Llama3.1-8B-I |": the setting every row ran at, the rows' labels their recipes
        value = stated_bits(stated["value"]) if keys[0] == WIDTH_KEY else stated["value"].strip(" *_`")
        return {keys[0]: value} if value else {}
    out = setup_named(corner)
    # ("| lm-eval, options q2ks,q4ks avgbits 3.5 | math_500 |": the mixed recipe every row but the full precision ran)
    if "quant" not in out and (mix := scheme_mix(corner)) is not None:
        out["quant"] = mix
    if WIDTH_KEY not in out and (bits := average_bits(corner)) is not None:
        out[WIDTH_KEY] = bits
    return out


# a corner that states one setting: "Avg. bits = 5", "batch size: 32"
_CORNER_SETTING_RE = re.compile(r"(?P<key>[A-Za-z][\w. ]{0,30}?)\s{0,2}[=:]\s{0,2}(?P<value>[\w.-]{1,24})")
_GLUED_SETTING_RE = re.compile(r"^(?P<name>[^()]{1,80}?)\s?\((?P<setting>[^()]{1,80})\)$")


_SIZE_HEAD_RE = re.compile(r"^(?:model\s)?(?:size|params|parameters|#\s?params)$", re.IGNORECASE)
_SIZE_CELL_RE = re.compile(r"^\d{1,4}(?:\.\d{1,2})?\s?[BMbm]$")
_NAME_ONLY_RE = re.compile(r"^[A-Za-z][A-Za-z .-]{0,40}$")


def sized_model(headers: list[str], cells: list[str]) -> tuple[str, tuple[int, int]] | None:
    """The model a row names across two columns, its family under "Model" and its size under "Size" ("| Qwen | 7B |"):
    ("Qwen 7B", (its name's column, its size's)); None where the name holds its size itself or no size column stands
    beside it."""
    name = size = None
    for i, (head, cell) in enumerate(zip(headers, cells, strict=False)):
        value = cell.strip(" *_`")
        if name is None and setup_label_key(head.strip(" *_`")) == "model" and _NAME_ONLY_RE.match(value):
            name = (value, i)
        elif size is None and _SIZE_HEAD_RE.match(head.strip(" *_`")) and _SIZE_CELL_RE.match(value):
            size = (value.replace(" ", "").upper(), i)
    return (f"{name[0]} {size[0]}", (name[1], size[1])) if name and size else None


_FRACTION_RE = re.compile(r"^\d{1,6}\.\d{0,3}[1-9]\d{0,3}$")  # ("16.0": a frame prints whole numbers so)


def fractions_under_a_count(head: str, cells: list[str]) -> bool:
    """ "SEED" over "70.2", "69.8" (a benchmark's scores): a setting counted in whole numbers (a seed, a batch, a
    length) never holds fractions, so the column is measured."""
    return bool(cells) and config_key(head) in _WHOLE_KEYS and all(_FRACTION_RE.match(c) for c in cells)


_WHOLE_KEYS = NUMERIC_KEYS | {"seed"}


def read_setting(setup: dict[str, str], head: str, cell: str) -> bool:
    """Whether a row's setup holds the setting its label column names from its cell: each of the header's keys, or
    the method an "on" under "mtp" switches on (a switch, no draft length: RowInfo.row_setup)."""
    keys = setting_keys(head)
    on = spec_on_cell(keys[0], head, cell) if len(keys) == 1 else None
    return all(k in setup for k in keys) or (on is not None and on.items() <= setup.items())
