"""The sections of a YAML options file pasted into a PR ("extra_llm_api_options"): a key means what its section
makes of it, so the setup readers read each nested key as its section's vocabulary (vocab.flags.NESTED_KEYS)
spells it, or not at all. Read once per document, fenced or not (a rendered copy keeps the indentation)."""

from __future__ import annotations

import re

from ledger.vocab.flags import NESTED_KEYS, SECTION_SWITCHES
from ledger.vocab.setup_keys import SWITCH_KEYS, canonical_key_name

# "kv_cache_config:" alone on its line (a trailing comment allowed): a section whose keys follow, indented
_SECTION_RE = re.compile(r"^(?P<indent> {0,12})(?P<name>[a-z][a-z0-9_]{0,40}_config):[ \t]*(?:#.{0,200})?$")
_KEY_RE = re.compile(r"^(?P<indent> {1,24})(?P<key>[a-z][a-z0-9_]{0,60}):(?P<rest>[ \t].{0,400})?$")


def nested_settings(lines: list[str]) -> dict[int, str]:
    """Line number (from 1) -> the text the setup readers read in that line's place: "kv_cache_dtype: fp8" for
    "  dtype: fp8" under "kv_cache_config:", "cuda_graph: on" for a section whose presence turns its switch on
    ("cuda_graph_config:"), "" for a key of a section that states nothing about the run."""
    out: dict[int, str] = {}
    i = 0
    while i < len(lines):
        line = lines[i]
        m = _SECTION_RE.match(line) if "_config:" in line else None
        i += 1
        if m is None:
            continue
        outer, spelled = len(m.group("indent")), NESTED_KEYS.get(m.group("name"), {})
        if (switch := SECTION_SWITCHES.get(m.group("name"))) is not None:
            out[i] = f"{switch}: on"  # ("cuda_graph_config:" over its options: the graphs are captured)
        inner = -1
        while i < len(lines):
            key = _KEY_RE.match(lines[i])
            if key is None:
                if not lines[i].strip():
                    i += 1
                    continue
                if len(lines[i]) - len(lines[i].lstrip(" ")) <= outer:
                    break  # the section ends where a line comes back to its indent
                out[i + 1] = ""  # a list item or a value continued: the section's, nothing of the run's
                i += 1
                continue
            indent = len(key.group("indent"))
            if indent <= outer:
                break
            inner = indent if inner < 0 else inner
            if spelled is None and indent == inner:
                pass  # read as it is
            elif canonical_key_name(key.group("key")) in SWITCH_KEYS:
                pass  # ("enable_attention_dp: true" indented under "cuda_graph_config:": an option of its own name)
            elif spelled and indent == inner and key.group("key") in spelled:
                out[i + 1] = f"{spelled[key.group('key')]}:{key.group('rest') or ''}"
            else:
                out[i + 1] = ""
            i += 1
    return out
