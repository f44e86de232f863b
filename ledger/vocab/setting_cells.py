"""A table cell that lists a run's settings: "`mtp_nextn=2`, `overlap_scheduler=True`", "`adp-mtp2`"."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_labels import setup_label_key

_GEMM_DIMS = frozenset({"m", "n", "k"})

# (a comma inside a bracketed list is none of the cell's: "bs=[1,1],per=[0,1,2,3]" holds two settings, test-backend-ops'
# op parameters)
_PART_SPLIT_RE = re.compile(r"\s?[,;](?![^\[\]]{0,60}\])\s?")
_ASSIGN_RE = re.compile(
    r"^(?P<key>[A-Za-z][\w.-]{0,40}) ?= ?(?P<value>[\w./+-]{1,40}|\[[\w.+-]{1,12}(?:, ?[\w.+-]{1,12}){0,7}\])$"
)
_TOKEN_RE = re.compile(r"^[A-Za-z][\w.+-]{1,40}$")
# a GEMM's shape among the settings ("m=4096,n=512,k=14336", an op's parameters): one letter, a whole number
_GEMM_DIM_RE = re.compile(r"(?:^|[,;] ?)(?P<dim>[mnkMNK]) ?= ?\d{1,7}(?![\w.])")


@short_text_cache(1024)  # asked of every cell of a table's words columns
def settings_cell(cell: str) -> dict[str, str] | None:
    """The settings a cell made only of settings states, by setup key where a part is a setup word
    ("`mtp_nextn=2`" -> spec_algo mtp, draft_len 2; "`overlap_scheduler=True`" kept under its own name); None for
    a cell of anything else ("No parameterized selector", "12.5", "fixed bs=8")."""
    text = cell.replace("`", "").strip()
    if not text or len(text) > 300:
        return None
    out: dict[str, str] = {}
    shape = len({d.group("dim").lower() for d in _GEMM_DIM_RE.finditer(text)}) >= 2
    for part in _PART_SPLIT_RE.split(text):
        m = _ASSIGN_RE.match(part)
        if m is None and not _TOKEN_RE.match(part):
            return None  # (most cells, numbers and sentences, end here, before the setup words are looked up)
        if shape and m is not None and m.group("key").lower() in _GEMM_DIMS:
            # ("m=4096,n=512,k=14336": beside M and K, "n" is the GEMM's N, no count of samples)
            out.setdefault(f"dim_{m.group('key').lower()}", m.group("value"))
            continue
        words = qualifiers(part)
        if m is None and not words:
            return None
        if m is not None and not words:
            out.setdefault(m.group("key"), m.group("value"))
        for k, v in words.items():
            out.setdefault(k, v)
    return out or None


_LIST_SPLIT_RE = re.compile(r"\s?[/,;]\s?")
# "prompts 10000", "Requests: 5000", "mem fraction=0.85": a setting's name, then its number
_NAMED_NUMBER_RE = re.compile(r"^(?P<key>[A-Za-z][\w .-]{0,40}?)[ :=]{1,3}(?P<value>\d{1,7}(?:\.\d{1,4})?)$")


@short_text_cache(1024)  # asked of every settings cell and every setup line
def listed_settings(text: str, all_settings: bool = False) -> dict[str, str]:
    """The settings a list of "key value" or "key: value" pairs names by a setup label, one pair between each "/",
    "," or ";" ("tp1 / mem fraction 0.85 / bs 256 / prompts 10000" -> batch_size 256, mem_fraction 0.85, num_prompts
    10000; "tp1" is a setup word, qualifiers' to read). A pair whose name no label knows is left out (a number after
    an unknown word may be anything) unless `all_settings`, where a header says the list holds settings only
    ("test settings" over "tp1 / ratio 0.8"): there it is kept under its own name ("ratio": "0.8")."""
    out: dict[str, str] = {}
    if len(text) > 400:
        return out
    for part in _LIST_SPLIT_RE.split(text.replace("`", "").strip(" *_.")):
        m = _NAMED_NUMBER_RE.match(part.strip(" *_"))
        if m is None:
            continue
        key = setup_label_key(m.group("key"))
        if key is None and all_settings and _ONE_WORD_RE.match(m.group("key")):
            key = m.group("key").lower()
        if key is not None:
            out.setdefault(key, m.group("value"))
    return out


_ONE_WORD_RE = re.compile(r"^[A-Za-z][a-z_]{1,30}$")  # ("ratio", "cache_max_len": one name, no phrase)
