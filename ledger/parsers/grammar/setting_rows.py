"""The setup one row of a run's settings states where its label alone does not say it: a value quoting flags and a
label a settings row alone gives its key.

    | **Draft**   | `--draft-max 3 --draft-p-min 0.5` |    the flags' settings (draft_len 3), never "draft_model"
    | **Batch**   | `-b 2048 -ub 512` |                    llama.cpp's short flags, where the run served a GGUF file
    | **Context** | 16,384 tokens |                        the context the server allots (max_model_len 16384)

Apart from setup_sections and the settings tables, which each read a table's rows: both read a row so.
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.commands import prose_flags
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.llama_flags import LLAMA_TOOL_RE, llama_tool_flags
from ledger.vocab.setup_labels import is_flag_text, setting_row_key, settings_table_values

# a count of tokens, its thousands separated or not ("16,384 tokens", "8192")
_COUNT_RE = re.compile(r"^(\d{1,3}(?:[,\u202f ]\d{3}){1,3}|\d{1,9})(?:\s{0,2}tokens?)?$", re.IGNORECASE)
# a GGUF file or one of llama.cpp's tools: the run's short flags are theirs ("-b" the logical batch, "-ub" the physical)
_GGUF_RE = re.compile(r"\.gguf\b", re.IGNORECASE)


def serves_gguf(text: str) -> bool:
    """The text names a GGUF file or a llama.cpp tool: the settings around it are llama.cpp's."""
    return _GGUF_RE.search(text[:20000]) is not None or LLAMA_TOOL_RE.search(text[:20000]) is not None


def setting_row(name: str, value: str, llama: bool) -> dict[str, str] | None:
    """The setup a settings row states by its value's flags ("| Draft | `--draft-max 3` |": draft_len 3, and the
    setup words of its label, "| MTP | --draft-max 4 |": spec_algo mtp) or by a label no other line's names a key by
    ("| Context | 16,384 tokens |"), None for any other row (its label's key over its value, as every reader
    reads it); `llama`: the run served a GGUF file (serves_gguf), whose short flags are llama.cpp's."""
    name, value = name.strip(" *_`:"), value.strip(" *_")
    if is_flag_text(value):
        flags = value.strip("`")
        got = {**(llama_tool_flags(f"llama-server {flags}") if llama else {}), **prose_flags(value, {})}
        return {**line_setup(name), **got}
    key = setting_row_key(name)
    if key is None or (m := _COUNT_RE.match(value.strip("`"))) is None:
        return None
    return {key: re.sub(r"\D", "", m.group(1))}


def table_settings(rows: list[list[str]]) -> dict[str, str]:
    """The setup a settings table states (vocab.setup_labels.settings_table_values), with what its flag rows and
    its rows of a settings-row label state (setting_row) where every side of a grid gives one value; its short flags
    are llama.cpp's where the table names a GGUF file."""
    out: dict[str, str] = {}
    llama = serves_gguf(" ".join(c for cells in rows for c in cells[:2]))
    for cells in rows:
        if len(cells) >= 2 and all(c.strip() == cells[1].strip() for c in cells[2:]):
            for key, value in (setting_row(cells[0], cells[1], llama) or {}).items():
                out.setdefault(key, value)
    return {**settings_table_values(rows), **out}  # ("| Context | 4,096 tokens |": its count, not the cell's text)
